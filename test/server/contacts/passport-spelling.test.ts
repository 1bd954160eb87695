import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { familyNameVariants } from '../../../server/contacts/family-names.js';
import { passportFolded, passportReading } from '../../../server/contacts/passport-spelling.js';
import { alone } from '../../helpers/contact-scores.js';

const person = (first: string, last: string) => ({
  first_name: first,
  last_name: last,
  current_title: 'Data Engineer',
  current_company_name: 'Ceramic Chain',
  location: { city: 'Oslo', country_code: 'NO' },
});
const row = { organization_names: ['Ceramic Chain'], job_titles: ['Data Engineer'] };

test('a name as a passport spells it is the name', () => {
  assert.is(passportReading('Røed'), 'roeed');
  assert.is(passportReading('Hämäläinen'), 'haemaelaeinen');
  assert.is(passportReading('Smith'), null);
  assert.is(passportFolded('paalsson'), 'palsson');
  assert.ok(familyNameVariants('stroem').includes('strom'));
  for (const [name, first, last] of [
    ['Haakon Roeed', 'Haakon', 'Røed'],
    ['KRISTOFFER JOERGENSEN', 'Kristoffer', 'Jørgensen'],
    ['Kristiina Haemaelaeinen', 'Kristiina', 'Hämäläinen'],
    ['Joergen Strand', 'Jørgen', 'Strand'],
  ] as const) {
    const r = alone({ ...row, name }, person(first, last));
    assert.is(r.status, 'resolved', name);
  }
  // Only where the profile has the letter: "Graaf" is no "Graf", "Boer" no "Bor".
  assert.ok(alone({ ...row, name: 'Jan Graaf' }, person('Jan', 'Graf')).evidence.every((e) => e !== 'last_name:match'));
  assert.ok(alone({ ...row, name: 'Jan Boer' }, person('Jan', 'Bor')).evidence.every((e) => e !== 'last_name:match'));
});

test.run();
