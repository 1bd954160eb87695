import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTowns, TOWN_MIN_POPULATION, TOWNS_FILE } from '../../geo/build-towns.js';
import { findCities } from '../../geo/gazetteer.js';
import { findTowns } from '../../geo/towns.js';

test('geo/data/towns.tsv is what geo/build-towns.ts makes of its sources', () => {
  assert.ok(fs.readFileSync(TOWNS_FILE, 'utf8') === buildTowns(), 'run `node --import tsx geo/build-towns.ts` and commit the file');
});

test('towns: none the gazetteer lists, none smaller than the bound, regions named only where the codes agree', () => {
  const rows = fs
    .readFileSync(TOWNS_FILE, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));
  assert.ok(rows.length > 10_000);
  for (const [name, , cc, population] of rows) {
    assert.ok(Number(population) >= TOWN_MIN_POPULATION, name);
    assert.not.ok(
      findCities(name as string).some((c) => c.countryCode === cc),
      `${name}, ${cc} is in the gazetteer`,
    );
  }
  // US towns are filed under their state; elsewhere the gazetteer's cities of the same code name it.
  assert.equal(
    findTowns('Bentonville').map((t) => [t.region, t.countryCode]),
    [['Arkansas', 'US']],
  );
  assert.is(findTowns('Markham')[0]?.region, 'Ontario');
  // Princeton, New Jersey before Princeton, Florida: most populous first.
  assert.equal(
    findTowns('Princeton')
      .slice(0, 2)
      .map((t) => t.region),
    ['New Jersey', 'Florida'],
  );
});

test.run();
