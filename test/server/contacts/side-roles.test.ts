import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { employerCell } from '../../../server/contacts/employer-cell.js';
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

test.run();
