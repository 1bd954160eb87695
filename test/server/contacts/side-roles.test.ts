import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { employerCell } from '../../../server/contacts/employer-cell.js';
import { orgNamesIn, sideOrgNamesIn } from '../../../server/contacts/organisations.js';
import { alone } from '../../helpers/contact-scores.js';

const charley = {
  first_name: 'Charley',
  last_name: "D'Amore",
  current_title: 'Account Executive',
  current_company_name: 'Ceramic Chain',
  location: { city: 'Oakland', country_code: 'US' },
};

test('the employer a several-employers cell names first is the current one, the others side roles', () => {
  assert.equal(employerCell('Nitzsche - Koelpin (also advising Ceramic Chain)'), {
    employer: ['Nitzsche - Koelpin'],
    side: ['Ceramic Chain', 'Nitzsche - Koelpin (also advising Ceramic Chain)'],
  });
  assert.equal(employerCell('Pfannerstill Dynamics; Board member at Yundt Group').employer, ['Pfannerstill Dynamics']);
  assert.equal(employerCell('Ryan - Hane / Turner LLC (advisor)').employer, ['Ryan - Hane']);
  assert.equal(employerCell('Acme Robotics [2015 - now]'), { employer: ['Acme Robotics', 'Acme Robotics [2015 - now]'], side: [] });
});

test('a side role is no current employer: never resolved or likely on the name and the side firm', () => {
  for (const cell of [
    'Nitzsche - Koelpin (also advising Ceramic Chain)',
    'Ryan - Hane / Ceramic Chain (advisor)',
    'Pfannerstill Dynamics; Board member at Ceramic Chain',
    'Kulas Labs | Angel investor in Ceramic Chain',
  ]) {
    const row = { name: "Charley D'Amore", organization_names: [cell], job_titles: ['Senior IP Counsel'], location: 'San Francisco, CA' };
    const read = alone(row, charley, 2);
    assert.not.ok(read.evidence.includes('organization:match'), `${cell}: ${read.evidence.join()}`);
    assert.ok(read.evidence.includes('organization:partial'), `${cell}: ${read.evidence.join()}`);
    assert.ok(read.status === 'needs_review' || read.status === 'unresolved', `${cell}: ${read.status}`);
  }
  // With the title and the city agreeing besides, the side firm is a past employer's worth at most.
  const agreeing = {
    name: "Charley D'Amore",
    organization_names: ['Ryan - Hane / Ceramic Chain (advisor)'],
    job_titles: ['Account Executive'],
    location: 'Oakland, CA',
  };
  assert.is(alone(agreeing, charley).status, 'likely_match');
});

test('the first employer of a several-employers cell keeps its full weight', () => {
  const row = {
    name: "Charley D'Amore",
    organization_names: ['Ceramic Chain (also advising Nitzsche - Koelpin)'],
    job_titles: ['Account Executive'],
  };
  const read = alone(row, charley);
  assert.ok(read.evidence.includes('organization:match'), read.evidence.join());
  assert.is(read.status, 'resolved');
});

test('an acquisition note names the employer and its owner; the owner is a side reading', () => {
  const cases: [string, string, string][] = [
    ['Bernhard Agency, acquired by Cafe Market', 'Bernhard Agency', 'Cafe Market'],
    ['Help Properties (now part of Barton, Lowe and Mitchell)', 'Help Properties', 'Barton, Lowe and Mitchell'],
    ['Swaniawski Works (acquired by Luettgen Health in 2024)', 'Swaniawski Works', 'Luettgen Health'],
    ['Hyatt Group (merged into Deckow, Abbott and Flatley-Trantow)', 'Hyatt Group', 'Deckow, Abbott and Flatley-Trantow'],
    [
      'DuBuque, Dicki and Swaniawski, acquired by Tillman, Howe and Powlowski',
      'DuBuque, Dicki and Swaniawski',
      'Tillman, Howe and Powlowski',
    ],
    ['Acme, a Globex company', 'Acme', 'Globex'],
    ['Acme, part of Globex', 'Acme', 'Globex'],
  ];
  for (const [cell, employer, owner] of cases) {
    assert.equal(orgNamesIn(cell), [employer, owner], cell);
    assert.equal([...sideOrgNamesIn(cell)], [owner], cell);
  }
  // Another name of the same firm is no owner: "formerly", "now" (renamed).
  for (const cell of ['Acme (formerly Widgets Inc)', 'Acme (now Globex)', 'Acme, formerly Widgets'])
    assert.equal([...sideOrgNamesIn(cell)], [], cell);
});

test('a namesake at the owner an acquisition note names is never proposed on the name and the owner', () => {
  const leta = {
    first_name: 'Leta',
    last_name: 'Dooley',
    current_title: 'Head of AI/ML',
    current_company_name: 'Cafe Market',
    location: { city: 'Cleveland', country_code: 'US' },
  };
  for (const cell of [
    'Bernhard Agency, acquired by Cafe Market',
    'Bernhard Agency (now part of Cafe Market)',
    'Bernhard Agency (merged into Cafe Market)',
    'Bernhard Agency (acquired by Cafe Market in 2024)',
  ]) {
    const row = {
      name: 'Leta Dooley',
      organization_names: [cell],
      job_titles: ['Principal Consultant'],
      location: 'Middlesbrough, United Kingdom',
    };
    const read = alone(row, leta, 1);
    assert.not.ok(read.evidence.includes('organization:match'), `${cell}: ${read.evidence.join()}`);
    assert.ok(read.status === 'needs_review' || read.status === 'unresolved', `${cell}: ${read.status}`);
  }
  // The acquired firm itself is the employer, in full.
  const atAcquired = { ...leta, current_company_name: 'Bernhard Agency', current_title: 'Principal Consultant' };
  const row = {
    name: 'Leta Dooley',
    organization_names: ['Bernhard Agency, acquired by Cafe Market'],
    job_titles: ['Principal Consultant'],
  };
  assert.ok(alone(row, atAcquired).evidence.includes('organization:match'));
  assert.is(alone(row, atAcquired).status, 'resolved');
});

test.run();
