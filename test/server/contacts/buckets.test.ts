import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ProfileDoc } from '../../../server/contacts/evidence.js';
import { bucketOf } from '../../../server/contacts/matcher.js';
import { alone, ranked } from '../../helpers/contact-scores.js';

const kang: ProfileDoc = {
  first_name: 'Seoyeon',
  last_name: 'Kang',
  current_title: 'Senior Account Executive',
  current_company_name: 'Instructor Biosciences',
};
// One letter apart, at another employer now, who once worked at the listed one; known to the perspective.
const jang: ProfileDoc = {
  first_name: 'Seoyeon',
  last_name: 'Jang',
  current_title: 'Account Manager',
  current_company_name: 'Emard LLC',
  experiences: [{ company_name: 'Instructor Biosciences', is_current: false }],
};
const row = { name: 'Seoyeon Kang', organization_names: ['Instructor Biosciences'], job_titles: ['Senior Account Executive'] };

test('an exact name at the listed employer is not rivalled by a name spelt otherwise elsewhere', () => {
  const candidates = ranked(row, [
    [kang, 2],
    [jang, 1],
  ]);
  assert.ok(candidates[1]!.confidence > candidates[0]!.confidence - 0.1, 'the misspelt name scores close');
  assert.equal(bucketOf(candidates), { status: 'resolved', reason: null });
});

test('still a rival: the same exact name, the misspelt name at the listed employer, or the row misspelt', () => {
  // Two people with the row's exact name.
  const twin: ProfileDoc = { ...jang, last_name: 'Kang' };
  assert.is(
    bucketOf(
      ranked(row, [
        [kang, 2],
        [twin, 1],
      ]),
    ).status,
    'needs_review',
  );
  // The other spelling at the listed employer now: the row may have misspelt either.
  const colleague: ProfileDoc = { ...jang, current_company_name: 'Instructor Biosciences', experiences: [] };
  assert.is.not(
    bucketOf(
      ranked(row, [
        [kang, 2],
        [colleague, 1],
      ]),
    ).status,
    'resolved',
  );
  // A misspelt row ("Seoyeon Kamg") names neither exactly: the margin is over both.
  const misspelt = ranked({ ...row, name: 'Seoyeon Kamg', job_titles: [] }, [
    [kang, null],
    [{ ...kang, last_name: 'Kams', current_company_name: 'Emard LLC' }, 1],
  ]);
  assert.is.not(bucketOf(misspelt).status, 'resolved');
});

test('the name alone, with the employer, the title and the country all another person’s, is never a proposal', () => {
  const ruiz: ProfileDoc = {
    first_name: 'Ana',
    last_name: 'Ruiz',
    current_title: 'Head of Sales',
    current_company_name: 'Kulas Labs',
    location: { city: 'Lima', country_code: 'PE' },
  };
  const row = { name: 'Ana Ruiz', organization_names: ['Bernhard Agency'], job_titles: ['Staff Nurse'] };
  for (const location of ['Madrid, Spain', 'Toronto, Canada'])
    for (const degree of [null, 2, 1] as const) {
      const read = alone({ ...row, location }, ruiz, degree);
      assert.ok(read.evidence.includes('organization:conflict') && read.evidence.includes('location:conflict'), read.evidence.join());
      assert.is(read.status, 'unresolved', `${location}, degree ${degree}`);
    }
  // With an extra name word besides, the same.
  assert.is(alone({ ...row, name: 'Ana María Ruiz', location: 'Madrid, Spain' }, ruiz, 1).status, 'unresolved');
});

test.run();
