import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rowKeys } from '../../../server/contacts/matcher.js';
import { MAX_READINGS, scriptReadings, scriptSkeleton, searchSpellings } from '../../../server/contacts/script-readings.js';
import { alone } from '../../helpers/contact-scores.js';

const at = (first: string, last: string) => ({
  first_name: first,
  last_name: last,
  current_company_name: 'Blanda - Braun',
  location: { city: 'Belgrade', country_code: 'RS' },
});
const row = (name: string) => ({ name, organization_names: ['Blanda - Braun'], location: 'Belgrade, Serbia' });

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

test('a name written in Cyrillic finds its person whatever romanisation the profile uses', () => {
  // A standard reading is the name itself: resolved when the rest of the row agrees.
  assert.is(alone(row('Даяна Плейо'), at('Dajana', 'Plejo')).status, 'resolved');
  assert.is(alone(row('Иван Щерев'), at('Ivan', 'Shterev')).status, 'resolved');
  assert.is(alone(row('Олександр Мельник'), at('Oleksandr', 'Melnyk')).status, 'resolved');
  assert.is(alone(row('Ευάγγελος Ιοαννου'), at('Evangelos', 'Ioannou')).status, 'resolved');
  // Letters Cyrillic does not tell apart (К for c, И for y): a guess, for a person to confirm.
  const colton = alone(row('Колтон Просакко'), at('Colton', 'Prosacco'));
  assert.equal([colton.evidence.slice(0, 2), colton.status], [['first_name:partial', 'last_name:partial'], 'likely_match']);
  const cvijan = alone(row('Квиян Радованак'), at('Cvijan', 'Radovanac'));
  assert.equal([cvijan.evidence.slice(0, 2), cvijan.status], [['first_name:partial', 'last_name:partial'], 'likely_match']);
  // Another name stays another name.
  assert.ok(alone(row('Михаил Кузнецов'), at('Mikhail', 'Kuzmin')).evidence.includes('last_name:conflict'));
  assert.ok(alone(row('Даяна Плейо'), at('Dajana', 'Pleško')).evidence.includes('last_name:conflict'));
});

test('a row written in Latin gets no other readings', () => {
  assert.is(rowKeys({ name: 'Dajana Plejo' }).scriptReadings.size, 0);
  assert.equal(rowKeys({ name: 'Даяна Плейо' }).scriptReadings.get('dayana'), ['dajana', 'daiana']);
});

test.run();
