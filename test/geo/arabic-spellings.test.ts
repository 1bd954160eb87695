import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diphthongVariant } from '../../geo/arabic-spellings.js';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';
import { resolvePlace } from '../../query-planner/places.js';

test('an Arabic "ay" is also written "ai", before a consonant or at a word\'s end', () => {
  assert.is(diphthongVariant('al ayn'), 'al ain');
  assert.is(diphthongVariant('ras al khaymah'), 'ras al khaimah');
  assert.is(diphthongVariant('sharjah'), null);
  // Not before a vowel ("Bayan" stays).
  assert.is(diphthongVariant('bayan'), null);
});

test('cities of Arabic-speaking countries resolve under their "ai" spelling, as the city', () => {
  const al = resolvePlace('Al Ain');
  assert.is(al?.name, 'Al Ayn, United Arab Emirates');
  assert.is(al?.lessCertain, undefined);
  assert.is(resolvePlace('Ras Al Khaimah')?.name, 'Ras al Khaymah, United Arab Emirates');
  // A division too: the emirate of Fujairah is records' Fujayrah.
  assert.is(resolvePlace('Fujairah')?.countryCode, 'AE');
  // Read by the company parser as a place at a query's end.
  assert.equal(parseCompanyQuery('chiller service cos, Al Ain').filters?.locations?.include, ['Al Ain']);
});

test('a Maghreb division romanised in French is read with English "sh" for its "ch"', () => {
  assert.is(resolvePlace('Marrakesh-Safi')?.name, 'Marrakech-Safi, Morocco');
});

test('a Central Asian division written with "gh" is read with "g" (and "i" for "y")', () => {
  assert.is(resolvePlace('Mangystau')?.name, 'Mangghystau, Kazakhstan');
  assert.is(resolvePlace('Mangistau')?.name, 'Mangghystau, Kazakhstan');
});

test.run();
