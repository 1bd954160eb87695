import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';

const named = (text: string) => resolvePlace(text)?.name ?? null;

test('a range is named as "the Xs", "Xs" and "(the) X Mountains" wherever one is known', () => {
  for (const text of ['the Rockies', 'Rocky Mountains', 'the Rocky Mountains']) assert.is(named(text), 'Mountain West', text);
  for (const text of ['the Appalachians', 'Appalachian Mountains']) assert.is(named(text), 'Appalachia', text);
  for (const text of ['the Poconos', 'Poconos', 'Pocono Mountains']) assert.is(named(text), 'Pocono Mountains', text);
  assert.is(named('the Smokies'), 'Great Smoky Mountains');
  assert.is(named('the Cascades'), 'Cascade Range');
  assert.is(named('Andes mountains'), named('the Andes'));
  // An ordinary word's plural is no range; "Atlas" alone is no place.
  assert.is(resolvePlace('the Whites'), null);
  assert.is(resolvePlace('atlas'), null);
});

test('"X Valley" is division or metro X; never a country or a US state', () => {
  assert.is(named('the Bekaa Valley'), 'Beqaa, Lebanon');
  assert.is(named('Aosta Valley'), "Valle d'Aosta, Italy");
  assert.is(named('Cauca Valley'), 'Valle del Cauca, Colombia');
  assert.is(named('the Hunter Valley'), named('Hunter Valley'));
  assert.is(resolvePlace('Jordan Valley'), null);
  assert.is(resolvePlace('Ohio Valley'), null);
});

test('Arabic qāf as "k": Bekaa is the Beqaa; a city known by the spelling keeps it', () => {
  assert.is(named('Bekaa'), 'Beqaa, Lebanon');
  assert.is(resolvePlace('Dimashk')?.kind, 'city');
});

test('the parser reads the forms as places', () => {
  const places = (q: string) => parsePeopleQuery(q).filters.locations?.include ?? [];
  assert.equal(places('mining engineers in the Rocky Mountains'), ['Rocky Mountains']);
  assert.equal(places('realtors in the Poconos'), ['Poconos']);
});

test.run();
