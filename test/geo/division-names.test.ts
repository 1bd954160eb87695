import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildDivisionNames, DIVISION_NAMES_FILE } from '../../geo/build-division-names.js';
import { joinLeftOver, nearMisspelling, sameWords, spellingVariant } from '../../geo/division-name-match.js';
import { findDivision } from '../../geo/divisions.js';
import { resolvePlace } from '../../query-planner/places.js';

test('geo/data/division-names.tsv is what geo/build-division-names.ts makes of its sources', () => {
  assert.ok(
    fs.readFileSync(DIVISION_NAMES_FILE, 'utf8') === buildDivisionNames(),
    'run `node --import tsx geo/build-division-names.ts` and commit the file',
  );
});

test('divisions under their English, local and variant names resolve to the name records store', () => {
  const name = (text: string) => resolvePlace(text)?.name ?? null;
  // English for a local name, local for an English one, ISO's inverted form, a variant spelling.
  assert.is(name('Styria'), 'Steiermark, Austria');
  assert.is(name('East Java'), 'Jawa Timur, Indonesia');
  assert.is(name('Puglia'), 'Apulia, Italy');
  assert.is(name('Asturias'), 'Principado de Asturias, Spain');
  assert.is(name('Sindh'), 'Sind, Pakistan');
  assert.is(name('Balochistan'), 'Baluchistan, Pakistan');
  // Names of several words, one of which names more than a position.
  assert.is(name('Eastern Cape'), 'Eastern Cape, South Africa');
  assert.is(name('Northwest Territories'), 'Northwest Territories, Canada');
  assert.is(name('West Midlands'), 'West Midlands, United Kingdom');
  // Positions alone, common words and a name two countries use stay unread.
  assert.is(findDivision('North West'), null);
  assert.is(findDivision('Central'), null);
  assert.is(findDivision('Rivers'), null);
  assert.is(findDivision('Punjab'), null);
  // After "State" or "Province", any one country's division, a city's name included; a name
  // that resolves to a division alone keeps that reading.
  assert.is(name('Rivers State'), 'Rivers, Nigeria');
  assert.is(name('Lagos State'), 'Lagos, Nigeria');
  assert.is(name('Lagos'), 'Lagos, Nigeria');
  assert.is(resolvePlace('Lagos')?.kind, 'city');
  assert.is(name('quebec province'), 'Quebec, Canada');
  assert.is(name('Washington State'), 'Washington, United States');
  // Not where divisions are called otherwise, nor a name of common words or of another code's era.
  assert.is(resolvePlace('Kent State'), null);
  assert.is(resolvePlace('Bay State'), null);
  assert.is(findDivision('Holy Cross'), null);
  assert.is(findDivision('Southern District'), null);
  assert.not.equal(findDivision('Casablanca-Settat')?.name, 'Meknès - Tafilalet');
});

test('divisions no gazetteer city is filed under resolve by their ISO 3166-2 and CLDR names', () => {
  const name = (text: string) => resolvePlace(text)?.name ?? null;
  // Natural Earth files Xining under Gansu, Hamilton under Auckland, Napier under Gisborne, Mokpo
  // under Gwangju, Kathmandu under Bhaktapur (a district), and no city under Flevoland.
  assert.is(name('Qinghai'), 'Qinghai, China');
  assert.is(name('Flevoland'), 'Flevoland, Netherlands');
  assert.is(name("Hawke's Bay"), "Hawke's Bay, New Zealand");
  assert.is(name('Waikato'), 'Waikato, New Zealand');
  assert.is(name('Bagmati'), 'Bāgmatī, Nepal');
  // Nepal's seven provinces of 2015, with the word the country calls them by.
  for (const [text, stored] of [
    ['Koshi', 'Koshī'],
    ['Madhesh', 'Madhesh'],
    ['Bagmati Province', 'Bāgmatī'],
    ['Gandaki Province', 'Gaṇḍakī'],
    ['Lumbini', 'Lumbini'],
    ['Karnali', 'Karnali'],
    ['Sudurpashchim', 'Sudūrpashchim'],
  ] as const)
    assert.is(name(text), `${stored}, Nepal`, text);
  assert.is(name('South Jeolla'), 'South Jeolla, South Korea');
  assert.is(name('Jeollanam-do'), 'South Jeolla, South Korea');
  assert.is(name('Středočeský kraj'), 'Středočeský, Czech Republic');
  assert.is(name('Primorsky Krai'), 'Primorsky Krai, Russia');
  assert.is(name('Herefordshire'), 'Herefordshire, United Kingdom');
  // Not a city's own code, a nation, an island group of several divisions, a given name, nor a
  // name another country's division has.
  assert.is(resolvePlace('Ajman')?.kind, 'city');
  assert.is(findDivision('Scotland'), null);
  assert.is(findDivision('Java'), null);
  assert.is(findDivision('Isabel'), null);
  assert.is(name('Svalbard'), 'Svalbard, Svalbard and Jan Mayen');
});

test("ISO's and CLDR's names link to the gazetteer's division written otherwise, not to a division of their own", () => {
  const name = (text: string) => resolvePlace(text)?.name ?? null;
  // A word for the kind of division ("Division", "županija", "oblysy", "Municipality").
  assert.is(name('Chittagong Division'), 'Chittagong, Bangladesh');
  assert.is(name('Osijek-Baranja'), 'Osjecko-Baranjska, Croatia');
  assert.is(name('Split-Dalmatia'), 'Splitsko-Dalmatinska, Croatia');
  // "North" for "Northern", "and" left out, a word after ISO's, a name joined to another by "and".
  assert.is(name('North Darfur'), 'Northern Darfur, Sudan');
  assert.is(name('Eastern Equatoria'), 'East Equatoria, South Sudan');
  assert.is(name('Ningxia'), 'Ningxia Hui, China');
  assert.is(name('Magallanes'), 'Magallanes y Antártica Chilena, Chile');
  assert.is(name('Zealand'), 'Sjaælland, Denmark');
  // Not a city's own division under words that make it so, nor a US state's.
  assert.is(findDivision('Ciudad de Mexico'), null);
  assert.is(findDivision('Washington DC'), null);
  assert.ok(sameWords('west bahr al ghazal', 'western bahr el ghazal'));
  assert.ok(sameWords('brunei and muara', 'brunei muara'));
  assert.not.ok(sameWords('laane', 'laane harju'), 'a municipality named after the county is not it');
  assert.not.ok(sameWords('nouakchott', 'nouakchott nord'));
});

test('a spelling variant differs by a vowel, an "h" or a final "n" in one word of four letters or more', () => {
  assert.ok(spellingVariant('sind', 'sindh'));
  assert.ok(spellingVariant('baluchistan', 'balochistan'));
  assert.ok(spellingVariant('lower silesian', 'lower silesia'));
  assert.not.ok(spellingVariant('derby', 'derry'));
  assert.not.ok(spellingVariant('ha giang', 'hau giang'));
  assert.not.ok(spellingVariant('mila', 'msila'));
  assert.not.ok(spellingVariant('harju', 'harku'));
});

test('a subdivision ISO misspells joins the one division left over a misspelling apart', () => {
  assert.ok(nearMisspelling('midjylland', 'midtjylland'));
  assert.ok(nearMisspelling('kuyavia pomerania', 'kuyavian pomeranian'));
  // Two letters only where each word keeps its first letter; short names never.
  assert.not.ok(nearMisspelling('west berkshire', 'west yorkshire'));
  assert.not.ok(nearMisspelling('derry', 'derby'));
  const left = (region: string) => ({ region, key: region.toLowerCase() });
  const joined = joinLeftOver(
    [
      { code: 'XX-1', country: 'XX', keys: ['midjylland', 'central denmark'] },
      { code: 'XX-2', country: 'XX', keys: ['nordlandet'] },
      { code: 'XX-3', country: 'XX', keys: ['nordlandes'] },
    ],
    new Map([['XX', [left('Midtjylland'), left('Nordlande')]]]),
  );
  // One to one: two subdivisions near one division join neither.
  assert.equal([...joined], [['XX-1', 'Midtjylland']]);
  // In the data: ISO's "Region Midjylland" (DK-82) is Midtjylland, where the cities are filed.
  assert.is(resolvePlace('Central Denmark Region')?.name, 'Midtjylland, Denmark');
  assert.is(resolvePlace('Warmia-Masuria')?.name, 'Warmian-Masurian, Poland');
  assert.is(resolvePlace('Guna Yala')?.name, 'Kuna Yala, Panama');
  // A subdivision named as a city of its country is left to the city.
  assert.is(resolvePlace('Luang Prabang')?.kind, 'city');
});

test.run();
