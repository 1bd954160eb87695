/**
 * Divisions named as a city of their country, read with their kind word ("Nakuru County", "County
 * Cork"); "X City"; GeoNames' names that add a river or a second name; towns named beside a
 * shorter city; business districts read as their city (geo/districts.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addsToOwnName } from '../../geo/build-other-names.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';

const place = (text: string) => {
  const p = resolvePlace(text);
  return p ? `${p.kind}|${p.region ?? ''}|${p.city ?? ''}|${p.countryCode ?? ''}` : null;
};
const locations = (q: string) => (parsePeopleQuery(q).filters.locations?.include ?? []) as string[];

test('a division named as a city of its country is read with its kind word, after or before the name', () => {
  assert.is(place('Nakuru County'), 'state|Nakuru||KE');
  assert.is(place('County Cork'), 'state|Cork||IE');
  assert.is(place('Co. Cork'), 'state|Cork||IE');
  assert.is(place('County Durham'), 'state|Durham||GB');
  assert.is(place('Rangpur Division'), 'state|Rangpur Division||BD');
  assert.is(place('Estado de México'), 'state|México||MX');
  assert.is(place('State of Mexico'), 'state|México||MX');
  assert.is(place('Edomex'), 'state|México||MX');
  assert.is(place('State of Washington'), 'state|Washington||US');
});

test('the bare name stays the city, the country or the other division', () => {
  assert.is(place('Nakuru'), 'city|Rift Valley|Nakuru|KE');
  assert.is(place('Cork'), 'city|Cork|Cork|IE');
  assert.is(place('Mexico')?.startsWith('country|'), true);
  assert.is(place('Red Sea'), 'state|Red Sea||SD');
  // North Carolina's county, not England's: "County" before the name only in Britain and Ireland.
  assert.is(place('Durham County')?.startsWith('metro|'), true);
});

test('the kind word tells apart divisions two countries share a name with', () => {
  assert.is(place('Red Sea Governorate'), 'state|Al Bahr al Ahmar||EG');
  assert.is(place('Punjab Province'), 'state|Punjab||PK');
  assert.is(place('Punjab State'), 'state|Punjab||IN');
  // A name of positions stays unread: many countries have an Eastern Province.
  assert.is(place('Eastern Province'), null);
  assert.is(place('region Bourgogne-Franche-Comté'), null);
});

test('"X City" is the city X where that is no place of its own', () => {
  assert.is(place('Zanzibar City'), 'city|Zanzibar West|Zanzibar|TZ');
  assert.is(place('Davao City'), place('Davao'));
  assert.is(place('Virginia City'), null);
});

test('a GeoNames name adding a river or a second official name is kept; a wrapper is not', () => {
  assert.is(addsToOwnName('Rostov-on-Don', 'rostov'), true);
  assert.is(addsToOwnName('Halle an der Saale', 'halle'), true);
  assert.is(addsToOwnName('Vitoria-Gasteiz', 'vitoria'), true);
  assert.is(addsToOwnName('Biel/Bienne', 'biel'), true);
  assert.is(addsToOwnName('Comune di Milano', 'milano'), false);
  assert.is(addsToOwnName('Mexico D.F.', 'mexico'), false);
  assert.is(addsToOwnName('Kuwait-Urbo', 'kuwait'), false);
  assert.is(addsToOwnName('Bamaco - Bamako', 'bamako'), false);
  assert.is(place('Rostov-on-Don'), 'city|Rostov|Rostov|RU');
  assert.is(place('Vitoria-Gasteiz')?.startsWith('city|'), true);
});

test('a town beside a shorter city is read by its whole name', () => {
  assert.is(place('Auburn Hills'), 'city|Michigan|Pontiac|US');
  assert.equal(locations('exchange administrators near auburn hills'), ['auburn hills']);
  // A district of common words with no city inside stays unread without its state.
  assert.is(place('South Gate')?.includes('Los Angeles') ?? false, false);
});

test('a business district is its city after a place word, written as given', () => {
  assert.is(place('Sandton'), 'city|Gauteng|Johannesburg|ZA');
  assert.is(place('Canary Wharf')?.split('|')[2], 'London');
  assert.is(place('Whitefield')?.split('|')[2], 'Bengaluru');
  assert.is(resolvePlace('Pudong')?.lessCertain, 'town');
  assert.equal(locations('fintech analysts in Sandton'), ['Sandton']);
  assert.equal(locations('engineers in canary wharf'), ['canary wharf']);
  assert.equal(locations('sandton engineers'), []);
  // A city of the gazetteer keeps its own name ("Makati" is a city).
  assert.is(place('Makati')?.split('|')[2], 'Makati');
});

test('a place that is a common word, after a comma, in small letters, starts no list', () => {
  assert.equal(locations('lead game artists in rostov-on-don, mobile f2p'), ['rostov-on-don']);
  assert.equal(locations('engineers in Reading, Mobile or Bath'), ['Reading', 'Mobile', 'Bath']);
});

test('"LAC" is Latin America and the Caribbean; Chad\'s Lac keeps "Lac Province"', () => {
  assert.is(resolvePlace('LAC')?.name, 'LATAM');
  assert.is(resolvePlace('Latin America and the Caribbean')?.name, 'LATAM');
  assert.equal([resolvePlace('Lac Province')?.kind, resolvePlace('Lac Province')?.countryCode], ['state', 'TD']);
});

test('regions of work and policy: the Mezzogiorno, the M4 corridor, the Karoo, the Bakken; Java the language after coders', () => {
  assert.is(resolvePlace('the Mezzogiorno')?.kind, 'region');
  for (const name of ['the M4 corridor', 'the Karoo', 'the Bakken']) assert.is(resolvePlace(name)?.kind, 'metro', name);
  assert.equal(locations('mud loggers in the bakken, 2-week hitches'), ['bakken']);
  assert.equal(locations('backend engineers who work in Java'), []);
  assert.equal(locations('software teams in Java'), []);
  assert.equal(locations('accountants in Java'), ['Java']);
});

test('a name too long for a place, or names read inside names without end, is no place', () => {
  for (const text of ['Davao' + ' City'.repeat(1600), 'County '.repeat(1600) + 'Cork', 'Davao' + ' City'.repeat(38)])
    assert.is(resolvePlace(text), null, text.slice(0, 20));
  // Two levels are read as before.
  assert.is(resolvePlace('Davao City')?.name, 'Davao, Philippines');
});

test('a town or district written with the city beside it: the town, or the city', () => {
  assert.is(place('Santa Monica, Los Angeles'), 'city|California|Santa Monica|US');
  assert.is(place('Cambridge, Boston'), 'city|Massachusetts|Cambridge|US');
  assert.is(place('Salford, Manchester'), 'city|Manchester|Manchester|GB');
  assert.is(place('Sandton, Johannesburg'), 'city|Gauteng|Johannesburg|ZA');
  // No town of the name beside the city: nothing is made up.
  assert.is(place('Springfield, Boston'), null);
  // A state or country after the comma reads as before.
  assert.is(place('Paris, Texas'), 'city|Texas|Paris|US');
});

test.run();
