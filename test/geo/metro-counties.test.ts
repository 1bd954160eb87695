/**
 * A US metro is made of the counties of its official definition (geo/metros.ts `counties`): every
 * town of them is a member, so Lowell and Salem, MA are in Greater Boston and Santa Rosa in the Bay
 * Area, but not a town whose bare name is a guess among namesakes of another state.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countyAreas } from '../../geo/counties.js';
import { metroOf } from '../../geo/gazetteer.js';
import { METROS } from '../../geo/metros.js';
import { US_STATES } from '../../geo/us-states.js';
import { resolvePlace } from '../../query-planner/places.js';

const metro = (name: string, region: string) => metroOf({ name, region, countryCode: 'US' })?.name;

test("a metro's county towns are its members", () => {
  assert.is(metro('Lowell', 'Massachusetts'), 'Greater Boston');
  assert.is(metro('Salem', 'Massachusetts'), 'Greater Boston');
  assert.is(metro('Portsmouth', 'New Hampshire'), 'Greater Boston');
  assert.is(metro('Santa Rosa', 'California'), 'San Francisco Bay Area');
  assert.is(metro('Napa', 'California'), 'San Francisco Bay Area');
  assert.is(resolvePlace('Lowell')?.metro, 'Greater Boston');
  // Another state's namesake is not: Salem, Oregon is no Bostonian.
  assert.is(metro('Salem', 'Oregon'), undefined);
});

test('a town whose bare name is a guess among namesakes of another state is no member by its county', () => {
  // Pasadena, Texas and Pasadena, California are of a size: "Pasadena" must not widen to Houston.
  assert.is.not(metro('Pasadena', 'Texas'), 'Greater Houston');
});

test('every county a metro names is a county of the data, or one too small to list a town', () => {
  const names = new Set(countyAreas().map((a) => a.name));
  const townless = new Set(['Clear Creek County|CO', 'Gilpin County|CO']);
  for (const m of METROS)
    for (const c of m.counties ?? []) {
      const [county, code] = c.split('|') as [string, string];
      assert.ok(townless.has(c) || names.has(`${county}, ${US_STATES[code]}`), `${m.name}: ${c}`);
    }
});

test.run();
