import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ProfileDoc } from '../../../server/contacts/evidence.js';
import { unexplainedNameWords } from '../../../server/contacts/extra-name-words.js';
import { rowKeys, scoreCandidate } from '../../../server/contacts/matcher.js';
import { alone } from '../../helpers/contact-scores.js';

const person = (first: string, last: string, company: string, title: string, city: string, country: string): ProfileDoc => ({
  first_name: first,
  last_name: last,
  display_name: `${first} ${last}`,
  current_company_name: company,
  current_title: title,
  location: { city, country_code: country },
});

/** The row's name words the person's name leaves unexplained. */
const extra = (row: Parameters<typeof rowKeys>[0], p: ProfileDoc): string[] => {
  const k = rowKeys(row);
  return unexplainedNameWords(k, p, scoreCandidate(k, p, null).evidence);
};

const minChen = person('Min', 'Chen', 'Roberts Labs', 'Director', 'Hong Kong', 'HK');
const corral = person('Teresa', 'Corral', 'Luettgen Health', 'Senior Mobile Engineer', 'Chulucanas', 'PE');
const reyes = person('Andrea', 'Reyes', "O'Connell - Cummings", 'Senior Treasury Analyst', 'Las Palmas', 'ES');

test('a name word the person lacks: another given name, a first surname, a hyphenated syllable', () => {
  assert.equal(extra({ name: 'Min Ran Chen' }, minChen), ['ran']);
  assert.equal(extra({ name: 'Min-ran Chen' }, minChen), ['ran']);
  assert.equal(extra({ name: 'Teresa Guerrero Corral' }, corral), ['guerrero']);
  // The second surname added after the person's own is a word they lack too.
  assert.equal(extra({ name: 'Andrea Reyes Muñoz' }, reyes), ['munoz']);
  assert.equal(extra({ first_name: 'Andrea', last_name: 'Reyes-Muñoz' }, reyes), ['munoz']);
});

test('what the person’s name accounts for is no extra word', () => {
  const heuvel = person('Inaya', 'van den Heuvel', 'Acme', 'Engineer', 'Utrecht', 'NL');
  assert.equal(extra({ name: 'Inaya v.d. Heuvel' }, heuvel), []);
  assert.equal(extra({ name: 'Inaya van den Heuvel' }, heuvel), []);
  assert.equal(extra({ name: 'Seung Woo Seo' }, person('Seungwoo', 'Seo', 'Acme', 'Engineer', 'Seoul', 'KR')), []);
  assert.equal(extra({ name: 'Ana Pérez Gómez' }, person('Ana', 'Pérez-Gómez', 'Acme', 'Engineer', 'Madrid', 'ES')), []);
  assert.equal(extra({ name: 'Abigail Cepeda y Vargas' }, person('Abigail', 'Cepeda Vargas', 'Acme', 'Engineer', 'Lima', 'PE')), []);
  assert.equal(extra({ name: 'Iris Butt (née Rosenbaum)' }, person('Iris', 'Rosenbaum', 'Acme', 'Engineer', 'Berlin', 'DE')), []);
  assert.equal(extra({ name: 'Shanny Terry Terry' }, person('Shanny', 'Terry', 'Acme', 'Engineer', 'Austin', 'US')), []);
  // An initial of a middle name the person has; a nickname the name evidence weighed.
  assert.equal(extra({ name: 'John R. Smith' }, person('John Robert', 'Smith', 'Acme', 'Engineer', 'Austin', 'US')), []);
  assert.equal(extra({ name: 'Bill Smith' }, person('William', 'Smith', 'Acme', 'Engineer', 'Austin', 'US')), []);
  // An initial the person has no middle name for is one.
  assert.equal(extra({ name: 'John R. Smith' }, person('John', 'Smith', 'Acme', 'Engineer', 'Austin', 'US')), ['r']);
});

test('strangers round a namesake: the name with an extra word, the employer, another title and country', () => {
  const strangers: [Parameters<typeof rowKeys>[0], ProfileDoc][] = [
    [{ name: 'Min Ran Chen', organization_names: ['Roberts Labs'], job_titles: ['Founder'], location: 'Münster, Germany' }, minChen],
    [
      { name: 'Jun-fan Sun', organization_names: ['Roberts Labs'], job_titles: ['Senior Advisor'], location: 'Patiala, India' },
      person('Jun', 'Sun', 'Roberts Labs', 'Sales Manager', 'Singapore', 'SG'),
    ],
    // "Senior Backend Engineer" shares half its words with "Senior Mobile Engineer": the title agrees, the country does not.
    [
      {
        name: 'Teresa Guerrero Corral',
        organization_names: ['Luettgen Health'],
        job_titles: ['Senior Backend Engineer'],
        location: 'Singapore',
      },
      corral,
    ],
    [
      {
        first_name: 'Michael',
        last_name: 'Gómez Dooley',
        organization_names: ["O'Hara Cyber"],
        job_titles: ['Account Executive'],
        location: 'San Jose, CA',
      },
      person('Michael', 'Dooley', "O'Hara Cyber", 'Founding Engineer', 'La Paz', 'BO'),
    ],
  ];
  for (const [row, decoy] of strangers)
    for (const degree of [null, 2, 1] as const) {
      const read = alone(row, decoy, degree);
      assert.ok(read.evidence.includes('name:conflict'), `${JSON.stringify(row)}: ${read.evidence.join()}`);
      // Never proposed: at most a row for review, when the network knows the namesake.
      assert.ok(
        read.status === 'unresolved' || read.status === 'needs_review',
        `${JSON.stringify(row)} (degree ${degree}): ${read.status}`,
      );
      if (degree !== 1) assert.is(read.status, 'unresolved', `${JSON.stringify(row)} (degree ${degree})`);
    }
});

test('a middle name or a second surname the profile leaves out, with the employer: still found', () => {
  // The employer and the title agree: the extra word weighs nothing.
  const twin = { organization_names: ["O'Connell - Cummings"], job_titles: ['Senior Treasury Analyst'] };
  for (const name of ['Andrea Reyes Muñoz', 'Andrea Reyes-Muñoz', 'Andrea Reyes y Muñoz'])
    assert.is(alone({ ...twin, name }, reyes).status, 'resolved', name);
  assert.is(alone({ ...twin, first_name: 'Andrea', last_name: 'Reyes Muñoz' }, reyes).status, 'resolved');
  const mary = person('Mary', 'Smith', 'Acme', 'Staff Engineer', 'Austin', 'US');
  assert.is(alone({ name: 'Mary Ellen Smith', organization_names: ['Acme'], job_titles: ['Staff Engineer'] }, mary).status, 'resolved');
  // The employer alone: proposed, for a person to confirm (a name that is only partly theirs is a guess).
  const employerOnly = alone({ name: 'Mary Ellen Smith', organization_names: ['Acme'] }, mary);
  assert.ok(employerOnly.evidence.includes('name:conflict'), employerOnly.evidence.join());
  assert.is(employerOnly.status, 'likely_match');
  assert.is(alone({ name: 'Mary Ellen Smith', organization_names: ['Acme'], job_titles: ['Head of Sales'] }, mary).status, 'likely_match');
  // A key of theirs says who the person is.
  const keyed = alone(
    { name: 'Min Ran Chen', emails: ['min@roberts.example'], location: 'Münster, Germany' },
    {
      ...minChen,
      emails: [{ address: 'min@roberts.example', quality: 'verified' }],
    },
  );
  assert.not.ok(keyed.evidence.includes('name:conflict'), keyed.evidence.join());
  assert.is(keyed.status, 'resolved');
});

test('a given name of two syllables written apart is the same given name ("Ji Soo" is Jisoo)', () => {
  const jisoo = person('Jisoo', 'Kim', 'Barton, Lowe and Mitchell', 'Teaching Assistant', 'Annapolis', 'US');
  const cells = { organization_names: ['Barton, Lowe and Mitchell'], job_titles: ['Teaching Assistant'] };
  for (const row of [{ name: 'Ji Soo Kim' }, { first_name: 'Ji Soo', last_name: 'Kim' }, { name: 'Seung Woo Kim' }]) {
    const read = alone({ ...row, ...cells }, row.name === 'Seung Woo Kim' ? { ...jisoo, first_name: 'Seungwoo' } : jisoo);
    assert.ok(read.evidence.includes('first_name:match'), read.evidence.join());
    assert.is(read.status, 'resolved', JSON.stringify(row));
  }
  // Not across the family name: "Ji Kim" is no Jikim.
  assert.ok(alone({ name: 'Ji Kim', ...cells }, { ...jisoo, first_name: 'Jikim' }).evidence.includes('first_name:conflict'));
});

test.run();
