import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { laidOut } from '../../../server/contacts/cell-layout.js';
import type { ContactRow } from '../../../server/contacts/evidence.js';
import { rowKeys } from '../../../server/contacts/matcher.js';
import { alone } from '../../helpers/contact-scores.js';

/** The employers a row reads from a title cell, with no employer column. */
const orgs = (title: string) => rowKeys(laidOut({ name: 'Ana Ruiz', job_titles: [title] } as ContactRow)).orgs;

test('an employer after a title in the title cell is read after "|", "–", "//", "(@…)" and a comma before a firm by its form', () => {
  assert.equal(orgs('Accounting Manager | Windler-Dach Inc'), ['windlerdach']);
  assert.equal(orgs('Lead Statistician – Instructor Biosciences'), ['instructor biosciences']);
  assert.equal(orgs('Analyst (@Swaniawski Partners)'), ['swaniawski partners']);
  assert.equal(orgs('Director of Product Management, Feest Inc'), ['feest']);
  assert.equal(orgs('Research Associate II, Barton, Lowe and Mitchell'), ['barton lowe and mitchell']);
  assert.ok(orgs('Senior Implementation Manager // Trantow, Rowe and Cartwright').length > 0);
});

test('a second role, a tagline or a title after a comma is no employer', () => {
  for (const title of [
    'Data Scientist | Keynote Speaker',
    "Head of Sales | We're Hiring!",
    'CTO | Author | Advisor',
    'Engineer · Volunteer Firefighter',
    'Product Manager | #OpenToWork',
    'Designer | Views My Own',
    'Manager, Customer Success',
    'VP Sales | Forbes 30 Under 30',
    'Engineer | Coffee Lover',
    'Attorney at Law',
    // A grade and a title's abbreviation ("TPM") is no firm.
    'M2 | TPM',
    // What was founded, not whose: a firm's form of common words only.
    'Founder, Tutoring Company - based in Middlesbrough',
    'Founder, Tutoring Company',
  ])
    assert.equal(orgs(title), [], title);
});

test('an employer read after a bar counts only as the current one; a namesake elsewhere stays unmatched', () => {
  const keys = (title: string) => rowKeys(laidOut({ name: 'Urs Jenni', job_titles: [title] } as ContactRow));
  assert.is(keys('Staff Android Engineer | Instructor Biosciences').orgsCurrentOnly, true);
  assert.is(keys('Staff Android Engineer @ Instructor Biosciences').orgsCurrentOnly, undefined);
  assert.is(keys('Product Lead @ Lemke, Marks and Rowe').orgs.length, 1);
  const namesake = {
    first_name: 'Urs',
    last_name: 'Jenni',
    current_title: 'CISO',
    current_company_name: 'Weimann Climate',
    location: { city: 'Zürich', country_code: 'CH' },
  };
  const row = { name: 'Urs Jenni', job_titles: ['Staff Android Engineer | Instructor Biosciences'], location: 'Utrecht, Netherlands' };
  const r = alone(laidOut(row as ContactRow), namesake);
  assert.is(r.status, 'unresolved');
  assert.ok(r.evidence.includes('organization:conflict'));
  const same = { ...namesake, current_title: 'Accounting Manager', current_company_name: 'Windler-Dach Inc' };
  assert.is(
    alone(laidOut({ name: 'Urs Jenni', job_titles: ['Accounting Manager | Windler-Dach Inc'] } as ContactRow), same).status,
    'resolved',
  );
});

test.run();
