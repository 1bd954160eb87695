import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildDivisionGroups, DIVISION_GROUPS_FILE } from '../../geo/build-division-groups.js';
import { regionMembers, regionsOf } from '../../geo/regions.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';

test('geo/data/division-groups.tsv is what geo/build-division-groups.ts makes of its sources', () => {
  assert.ok(
    fs.readFileSync(DIVISION_GROUPS_FILE, 'utf8') === buildDivisionGroups(),
    'run `node --import tsx geo/build-division-groups.ts` and commit the file',
  );
});

test('ISO 3166-2 groups of the divisions cities are filed under resolve as regions holding them', () => {
  const region = (text: string) => {
    const m = resolvePlace(text);
    return m?.kind === 'region' ? m.name : null;
  };
  // With the word for their kind, after or before the name; a distinctive name alone.
  assert.is(region('Uva Province'), 'Uva Province');
  assert.is(region('the province of Uva'), 'Uva Province');
  assert.is(region('Sabaragamuwa'), 'Sabaragamuwa Province');
  assert.is(region('Central Luzon'), 'Central Luzon Region');
  assert.is(region('Calabarzon'), 'Calabarzon Region');
  assert.is(region('Western Visayas'), 'Western Visayas Region');
  assert.is(region('Davao Region'), 'Davao Region');
  // The hand list's region of the name takes the group's other names.
  assert.is(region('Munster region'), 'Munster Province');
  assert.equal(regionMembers('Central Luzon Region').subdivisions, ['PH|Nueva Ecija', 'PH|Pampanga', 'PH|Tarlac', 'PH|Zambales']);
  assert.ok(regionsOf('LK', null, 'Badulla').includes('Uva Province'));
  // With its country where two countries' groups share the name ("Central Region": Uganda's, Malawi's).
  assert.is(region('Central Region Uganda'), 'Central Region, Uganda');
  assert.is(region('Northern Region Malawi'), 'Northern Region, Malawi');
  for (const text of ['Central Region', 'Western Province', 'Eastern Province', 'Uva']) assert.is(resolvePlace(text), null, text);
  // A name that is a city stays the city; one a listed region has stays that region's.
  assert.is(resolvePlace('Davao')?.kind, 'city');
  assert.is(resolvePlace('Munster')?.kind, 'city');
  assert.is(region('Sahel'), 'Sahel');
});

test('Ulster, mostly Northern Ireland, is no group of the Irish counties alone', () => {
  // ISO's IE-U holds only Donegal and Monaghan (and Cavan); read so, "Ulster" would leave out Belfast and Derry.
  for (const text of ['Ulster', 'Ulster Province', 'the province of Ulster', 'Ulster Ireland']) assert.is(resolvePlace(text), null, text);
  assert.not.ok(buildDivisionGroups().includes('\tUlster\t'));
  const places = (q: string) => parsePeopleQuery(q).filters.locations?.include ?? [];
  assert.equal(places('engineers in Ulster'), []);
  assert.equal(places('engineers in Belfast, Ulster'), ['Belfast']);
});

test('the parser reads the groups as places', () => {
  const places = (q: string) => parsePeopleQuery(q).filters.locations?.include ?? [];
  assert.equal(places('nurses in Central Luzon'), ['Central Luzon']);
  assert.equal(places('tea estate managers in Uva Province'), ['Uva Province']);
});

test.run();
