/**
 * A first-level division named with the word its country calls it by (geo/divisions.ts
 * DIVISION_WORDS): "Tasman District", "Waikato Region", "Dhaka Division".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolvePlace } from '../../query-planner/places.js';

const division = (text: string) => {
  const p = resolvePlace(text);
  return p?.kind === 'state' ? `${p.region}|${p.countryCode}` : null;
};

test('a division with the word its country calls it by', () => {
  assert.is(division('Tasman District'), 'Tasman|NZ');
  assert.is(division('Marlborough District'), 'Marlborough|NZ');
  assert.is(division('Waikato Region'), 'Waikato|NZ');
  assert.is(division('Dhaka Division'), 'Dhaka|BD');
  assert.is(division('Lisbon District'), 'Lisboa|PT');
  assert.is(division('Lombardy Region'), 'Lombardia|IT');
});

test('not with a word the country does not use, nor a city with one', () => {
  // Australia's divisions are states: "Sydney Region" stays the city, never a division.
  assert.is(resolvePlace('Sydney Region')?.kind, 'city');
  assert.is(division('Tasman County'), null);
  assert.is(division('Central District'), null);
});

test("Myanmar's states and regions, Kazakhstan's regions", () => {
  assert.is(division('Kachin State'), 'Kachin|MM');
  assert.is(division('Rakhine State'), 'Rakhine|MM');
  assert.is(division('Magway Region'), 'Magway|MM');
  assert.is(division('Almaty Region'), 'Almaty|KZ');
});

test('an Arabic division without its article', () => {
  assert.is(division('Qassim'), 'Al Quassim|SA');
  assert.is(division('Al-Qassim'), 'Al Quassim|SA');
});

test('"EE. UU." is the United States', () => {
  assert.is(resolvePlace('EE.UU.')?.countryCode, 'US');
  assert.is(resolvePlace('EE. UU.')?.countryCode, 'US');
});

test("a division with its country's own word for it, before or after the name", () => {
  assert.is(division('județul Constanța'), 'Constanta|RO');
  assert.is(division('judetul Cluj'), 'Cluj|RO');
  assert.is(division('Vestland fylke'), 'Vestland|NO');
  assert.is(division('Baranya megye'), 'Baranya|HU');
  assert.is(division('Antalya ili'), 'Antalya|TR');
  assert.is(division('provinsi Aceh'), 'Aceh|ID');
  assert.is(division('tỉnh Quảng Ninh'), 'Quảng Ninh|VN');
  assert.is(division('changwat Chiang Mai'), 'Chiang Mai|TH');
  assert.is(division('provincie Gelderland'), 'Gelderland|NL');
  assert.is(division('distrito de Faro'), 'Faro|PT');
  // Only the countries that use the word: no Romanian "județul" elsewhere, and "region" before a
  // name stays a form's label ("region EMEA").
  assert.is(division('judetul Bavaria'), null);
  assert.is(resolvePlace('region EMEA'), null);
});

test.run();
