import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildOtherNames, GEONAMES_LARGER_BY, OTHER_NAMES_FILE, OTHER_NAMES_MIN_POPULATION } from '../../geo/build-other-names.js';
import { findCities } from '../../geo/gazetteer.js';
import { findByOtherName } from '../../geo/other-names.js';
import { placeKey } from '../../geo/place-key.js';
import { findOrdinaryTowns, findTowns } from '../../geo/towns.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';
import { rowKeys } from '../../server/contacts/matcher.js';

test('geo/data/other-names.tsv is what geo/build-other-names.ts makes of its sources', () => {
  assert.ok(
    fs.readFileSync(OTHER_NAMES_FILE, 'utf8') === buildOtherNames(),
    'run `node --import tsx geo/build-other-names.ts` and commit the file',
  );
});

test('other names: of large cities only, never a name that another place already has', () => {
  const rows = fs
    .readFileSync(OTHER_NAMES_FILE, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t') as [string, string, string, string, string]);
  assert.ok(rows.length > 5_000);
  for (const [key, name, region, cc, written] of rows) {
    assert.is(placeKey(written), key);
    const same = (c: { countryCode?: string; region?: string }) => c.countryCode === cc && c.region === region;
    const city = findCities(name).find(same) ?? findTowns(name).find(same) ?? findOrdinaryTowns(name).find(same);
    // Sized by Natural Earth's count or GeoNames', whichever is larger (at most GEONAMES_LARGER_BY apart).
    assert.ok(city && city.population * GEONAMES_LARGER_BY >= OTHER_NAMES_MIN_POPULATION, `${name}, ${cc}`);
    assert.is(findCities(key).length, 0, `${key} is a gazetteer city`);
    assert.is(findTowns(key).length, 0, `${key} is a town`);
  }
  // Codes and names in other scripts are not kept; what was read before reads the same.
  assert.is(findByOtherName('lon'), null);
  assert.is(findByOtherName('muc'), null);
  assert.is(resolvePlace('Pekin')?.region, 'Illinois');
  assert.is(resolvePlace('Munich')?.city, 'Munich');
});

test('a city by its name in another language: alone, qualified, in a contact row, after a place word in a query', () => {
  for (const [written, city, cc] of [
    ['Londres', 'London', 'GB'],
    ['Londra', 'London', 'GB'],
    ['Mailand', 'Milan', 'IT'],
    ['Helsingfors', 'Helsinki', 'FI'],
    ['Tokio', 'Tokyo', 'JP'],
    ['Le Caire', 'Cairo', 'EG'],
    ['Breslau', 'Wroclaw', 'PL'],
    ['Nueva York', 'New York', 'US'],
  ] as const) {
    const match = resolvePlace(written);
    assert.equal([match?.city, match?.countryCode, match?.lessCertain], [city, cc, 'town'], written);
  }
  assert.is(resolvePlace('Mailand, Italy')?.city, 'Milan');
  assert.is(rowKeys({ name: 'Ana Ruiz', location: 'Londres' }).place?.city, 'london');
  assert.is(rowKeys({ name: 'Ana Ruiz', location: 'Helsingfors, Finland' }).place?.city, 'helsinki');
  // The parser wants a place word before such a name, as before a town's.
  assert.equal(parsePeopleQuery('product managers in Mailand').filters.locations?.include, ['Mailand']);
  assert.is(parsePeopleQuery('sales engineers at Amano').filters.locations, undefined);
  assert.is(parsePeopleQuery('Tokio engineers').filters.locations, undefined);
});

test("a town's other spellings, and a city Natural Earth counts small, by GeoNames' names", () => {
  for (const [written, city, cc] of [
    ['Gimhae', 'Kimhae', 'KR'],
    ['Hargeisa', 'Hargeysa', 'SO'],
    ['Reggio Emilia', "Reggio nell'Emilia", 'IT'],
    ['Mekelle', 'Mekele', 'ET'],
  ] as const) {
    const match = resolvePlace(written);
    assert.equal([match?.city, match?.countryCode, match?.lessCertain], [city, cc, 'town'], written);
  }
  // After a place word, as any town; never alone before a title.
  assert.equal(parsePeopleQuery('hr managers in gimhae').filters.locations?.include, ['gimhae']);
  assert.is(parsePeopleQuery('Hargeisa engineers').filters.locations, undefined);
  // A town of GeoNames that is a gazetteer city's own record claims none of the city's names.
  assert.is(resolvePlace('Bassora')?.city, 'Basra');
});

test.run();
