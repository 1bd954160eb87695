import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildCounties, COUNTIES_FILE } from '../../geo/build-counties.js';
import { findMetro } from '../../geo/gazetteer.js';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { placeClause, resolvePlace } from '../../query-planner/places.js';

test('geo/data/us-counties.tsv is what geo/build-counties.ts makes of its sources', () => {
  assert.ok(
    fs.readFileSync(COUNTIES_FILE, 'utf8') === buildCounties(),
    'run `node --import tsx geo/build-counties.ts` and commit the file',
  );
});

test('a county is an area of its towns, by its name, its state, or the most populous namesake', () => {
  const md = resolvePlace('Montgomery County, MD');
  assert.is(md?.kind, 'metro');
  assert.is(md?.metro, 'Montgomery County, Maryland');
  assert.is(resolvePlace('Montgomery County, Pennsylvania')?.metro, 'Montgomery County, Pennsylvania');
  assert.is(resolvePlace('montgomery county oh')?.metro, 'Montgomery County, Ohio');
  // Bare: the most populous county of the name, as a bare city name is the most populous city.
  assert.is(resolvePlace('Montgomery County')?.metro, 'Montgomery County, Maryland');
  assert.is(resolvePlace('Cook County')?.metro, 'Cook County, Illinois');
  assert.is(resolvePlace('Orleans Parish')?.metro, 'Orleans Parish, Louisiana');
  // A hand-written area keeps its name: Orange County alone is California's.
  assert.is(resolvePlace('Orange County')?.metro, 'Orange County');
  assert.is(resolvePlace('Orange County, FL')?.metro, 'Orange County, Florida');
  // The filter matches the county's towns in its state, and no town takes the county as its metro.
  const clause = JSON.stringify(placeClause(md as NonNullable<typeof md>));
  assert.ok(clause.includes('"Rockville"') && clause.includes('"Maryland"'), clause);
  assert.is(findMetro('Cook County')?.area, true);
  assert.is(resolvePlace('Chicago')?.metro, 'Greater Chicago');
});

test('queries name counties: with their state after a comma or not, and a county name is no job title', () => {
  const place = (q: string) => parsePeopleQuery(q).filters.locations?.include ?? [];
  const titles = (q: string) => parsePeopleQuery(q).filters.job_titles?.include ?? [];
  assert.equal(titles('sales reps in Cook County'), ['Sales Rep']);
  assert.equal(
    place('sales reps in Cook County').map((p) => resolvePlace(p)?.metro),
    ['Cook County, Illinois'],
  );
  assert.equal(
    place('nurses in Orange County, FL').map((p) => resolvePlace(p)?.metro),
    ['Orange County, Florida'],
  );
  assert.equal(
    place('teachers in Montgomery County, PA').map((p) => resolvePlace(p)?.metro),
    ['Montgomery County, Pennsylvania'],
  );
  // An area followed by the state that holds it is the area alone; by another, two places.
  assert.equal(
    place('nurses in Orange County, California').map((p) => resolvePlace(p)?.metro),
    ['Orange County'],
  );
  assert.is(place('designers in Silicon Valley, Texas').length, 2);
  const company = parseCompanyQuery('hospitals in Fairfax County, Virginia', { year: 2026 });
  assert.ok(JSON.stringify(company.filters).includes('Fairfax County'), JSON.stringify(company.filters));
});

test('a county name no county clearly leads is every county of that name until its state is said', () => {
  const york = resolvePlace('York County');
  assert.is(york?.metro, 'York County');
  const towns = JSON.stringify(placeClause(york as NonNullable<typeof york>));
  assert.ok(towns.includes('"Pennsylvania"') && towns.includes('"Maine"'), towns);
  assert.is(resolvePlace('York County, PA')?.metro, 'York County, Pennsylvania');
  assert.equal(
    (parsePeopleQuery('nurses in Jefferson County, KY').filters.locations?.include ?? []).map((p) => resolvePlace(p)?.metro),
    ['Jefferson County, Kentucky'],
  );
});

test.run();
