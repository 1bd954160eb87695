/**
 * A country named by its ISO 3166-1 code in capitals (parse/country-codes.ts): after a place word
 * or set apart as a field; never an acronym of the trade, an English word, or text in capitals.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

const places = (q: string) => parsePeopleQuery(q).filters.locations?.include;
const countryOf = (q: string) => parsePeopleQuery(q).places.map((p) => p.countryCode);

test('a code after a place word, or set apart as a field, names its country', () => {
  assert.equal(places('data labelers in KE — 50 seats'), ['Kenya']);
  assert.equal(places('backend engineers in ES'), ['Spain']);
  assert.equal(places('DevOps engineers based in AU'), ['Australia']);
  assert.equal(places('candidates: product managers | CZ | seniority: any'), ['Czech Republic']);
  assert.equal(places('lithography engineers NL, asml supplier experience'), ['Netherlands']);
  assert.equal(countryOf('talent managers in ZA (influencer side, not HR)'), ['ZA']);
  assert.equal(parseCompanyQuery('fintechs in KE', { year: 2026 }).filters.locations?.include, ['Kenya']);
});

test('no country: acronyms of the trade, English words, small letters, all capitals, no place word', () => {
  assert.is(places('engineers in IT'), undefined);
  assert.is(places('engineers in QA'), undefined);
  assert.equal(places('managers in CX, London'), ['London']);
  assert.is(places('nurses in MH'), undefined);
  assert.is(places('people in PR'), undefined);
  assert.is(places('analysts in BI, tableau'), undefined);
  assert.is(places('talent managers, not HR'), undefined);
  assert.is(places('sales reps in SE'), undefined);
  assert.is(places('data labelers in ke'), undefined);
  assert.is(places('DATA LABELERS IN KE'), undefined);
  assert.is(places('engineers from AU'), undefined);
  assert.is(places('KE data labelers with swahili'), undefined);
  // A US state's code is read as the state, as before.
  assert.equal(countryOf('nurses in DE'), ['US']);
});

test('a three-letter code names its country where a two-letter one would', () => {
  assert.equal(countryOf('growth leads PRT, remote ok'), ['PT']);
  assert.equal(countryOf('fraud analysts in CHL'), ['CL']);
  assert.equal(countryOf('payroll specialists | KAZ | russian'), ['KZ']);
  assert.equal(countryOf('underwriters based in IDN'), ['ID']);
});

test('no country: three capitals that are an acronym, a word, small letters or all capitals', () => {
  assert.is(places('storage engineers SSD, nvme'), undefined);
  assert.is(places('platform engineers in IOT'), undefined);
  assert.is(places('ML engineers NER, spaCy'), undefined);
  assert.is(places('accountants in VAT'), undefined);
  assert.is(places('who CAN help'), undefined);
  assert.is(places('engineers in prt'), undefined);
  assert.is(places('FRAUD ANALYSTS IN CHL'), undefined);
});

test.run();
