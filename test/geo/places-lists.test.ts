import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countyAreas } from '../../geo/counties.js';
import { allCities, findCities } from '../../geo/gazetteer.js';
import { HISTORICAL_REGIONS } from '../../geo/historical-regions.js';
import { METROS } from '../../geo/metros.js';
import { placeKey } from '../../geo/place-key.js';
import { REGIONS } from '../../geo/regions.js';
import { EUROPEAN_LANDS } from '../../geo/regions-europe.js';
import { WORLD_LANDS } from '../../geo/regions-world.js';
import { findTowns } from '../../geo/towns.js';
import { US_COUNTY_PARTS } from '../../geo/us-areas.js';
import { US_STATES } from '../../geo/us-states.js';

/** Cities and towns called `name` in that country (and, in the US, that state: metroOf's key). */
function placesCalled(name: string, region: string, cc: string) {
  return [...findCities(name), ...findTowns(name)].filter((c) => c.countryCode === cc && (cc !== 'US' || c.region === region));
}

test('every metro member is a city or town of the gazetteer', () => {
  for (const m of METROS) {
    for (const member of m.members) {
      const [name, region, cc] = member.split('|') as [string, string, string];
      assert.ok(placesCalled(name, region, cc).length > 0, `${m.name}: ${member} names no city or town`);
    }
  }
});

test('every region with divisions names at least one division the gazetteer files cities under', () => {
  const used = new Set(allCities().map((c) => `${c.countryCode}|${c.region}`));
  for (const r of REGIONS) {
    if (!r.subdivisions?.length) continue;
    assert.ok(
      r.subdivisions.some((d) => used.has(d)),
      `${r.name}: none of ${r.subdivisions.join(', ')} is a division of the gazetteer`,
    );
  }
});

test('every division a historical region names is one the gazetteer files cities or towns under, spelt as it does', () => {
  const used = new Set(allCities().map((c) => `${c.countryCode}|${c.region}`));
  for (const line of fs.readFileSync(new URL('../../geo/data/towns.tsv', import.meta.url), 'utf8').split('\n')) {
    const [, region, cc] = line.split('\t');
    if (region && cc) used.add(`${cc}|${region}`);
  }
  const missing = [...HISTORICAL_REGIONS, ...EUROPEAN_LANDS, ...WORLD_LANDS].flatMap((r) =>
    (r.subdivisions ?? []).filter((d) => !used.has(d)).map((d) => `${r.name}: ${d}`),
  );
  assert.equal(missing, []);
  // Anatolia is Turkey without its provinces in Europe.
  const anatolia = HISTORICAL_REGIONS.find((r) => r.name === 'Anatolia')?.subdivisions ?? [];
  const turkish = [...used].filter((d) => d.startsWith('TR|') && allCities().some((c) => `${c.countryCode}|${c.region}` === d));
  assert.equal(turkish.filter((d) => !anatolia.includes(d)).sort(), ['TR|Edirne', 'TR|Istanbul', 'TR|Kirklareli', 'TR|Tekirdag']);
});

test('every county a part of a state is made of is a county of the county list, and its towns are listed', () => {
  const names = new Set(countyAreas().map((m) => m.name));
  for (const part of US_COUNTY_PARTS) {
    for (const c of part.counties) {
      const [county, code] = c.split('|') as [string, string];
      assert.ok(names.has(`${county}, ${US_STATES[code]}`), `${part.name}: ${c} is no county of geo/data/us-counties.tsv`);
    }
    for (const t of part.towns ?? []) {
      const [town, code] = t.split('|') as [string, string];
      assert.ok(placesCalled(town, US_STATES[code] as string, 'US').length > 0, `${part.name}: ${t} names no city or town`);
    }
  }
});

test('the Canary Islands are a division: Natural Earth files their cities under none', () => {
  for (const name of ['Las Palmas', 'Santa Cruz de Tenerife']) {
    assert.equal(
      findCities(name)
        .filter((c) => c.countryCode === 'ES')
        .map((c) => c.region),
      ['Canarias'],
    );
  }
  assert.equal(findTowns('Telde')[0]?.region, 'Canarias');
  // Mainland Spain keeps what its sources say.
  assert.equal(findCities('Seville').find((c) => c.countryCode === 'ES')?.region, 'Andalucía');
  assert.ok(placeKey('Canarias'));
});

test.run();
