import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_READINGS, scriptReadings, scriptSkeleton, searchSpellings } from '../../../server/contacts/script-readings.js';

test('a Cyrillic name word is read in the common romanisations besides any-ascii', () => {
  // Scientific and Serbian Latin: Й and Ј j, Я ja, Ж ž, Ч č.
  assert.ok(scriptReadings('Даяна').includes('dajana'));
  assert.ok(scriptReadings('Плейо').includes('plejo'));
  assert.ok(scriptReadings('Жарко').includes('zarko'));
  // Bulgarian official: Щ sht, Ъ a, Х h.
  assert.ok(scriptReadings('Щерев').includes('shterev'));
  assert.ok(scriptReadings('Ъгълов').includes('agalov'));
  assert.ok(scriptReadings('Христов').includes('hristov'));
  // Ukrainian official: Г h, И y; Ю and Я iu and ia inside a word, yu and ya at its start.
  assert.ok(scriptReadings('Мельник').includes('melnyk'));
  assert.ok(scriptReadings('Григорій').includes('hryhorii'));
  assert.ok(scriptReadings('Юлія').includes('yuliia'));
  // Russian passports (ICAO): Й i, Я ia.
  assert.ok(scriptReadings('Андрей').includes('andrei'));
  assert.ok(scriptReadings('Мария').includes('mariia'));
  // any-ascii's own reading is not repeated, and a Latin word has none.
  assert.not.ok(scriptReadings('Иванов').includes('ivanov'));
  assert.equal(scriptReadings('Ivanov'), []);
  assert.ok(scriptReadings('Мария').length <= MAX_READINGS);
});

test('a Greek name word is read in ELOT 743 and as Greeks spell it by sound', () => {
  assert.ok(scriptReadings('Ιοαννου').includes('ioannou'), 'any-ascii reads ου "oy"');
  assert.ok(scriptReadings('Ευάγγελος').includes('evangelos'));
  assert.ok(scriptReadings('Μπάμπης').includes('babis'));
  assert.ok(scriptReadings('Χρήστος').includes('hristos'));
});

test('searches look for Latin c where Cyrillic writes К, a bounded list', () => {
  assert.ok(searchSpellings('kolton', []).includes('colton'));
  assert.ok(searchSpellings('prosakko', []).includes('prosacco'));
  assert.ok(searchSpellings('kalayik', scriptReadings('Калайик')).includes('kalajic'));
  assert.ok(searchSpellings('kvitko', scriptReadings('Квиткович')).length <= 8);
  assert.is(scriptSkeleton('purdy'), scriptSkeleton('purdi'));
  assert.is(scriptSkeleton('colton'), scriptSkeleton('kolton'));
  assert.is.not(scriptSkeleton('kuzmin'), scriptSkeleton('kuznetsov'));
});

test.run();
