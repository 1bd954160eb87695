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

test('three capitals that are an acronym of the trade, in no list, name no country', () => {
  // Each is an ISO 3166-1 alpha-3 code no list of exclusions names: only WRITTEN_ALPHA3 reads three capitals.
  assert.is(places('sales leaders in GTM'), undefined);
  assert.is(places('founding engineers, GTM'), undefined);
  assert.is(places('GTM engineers | GTM | Series B'), undefined);
  assert.is(places('QA auditors experienced in GLP'), undefined);
  assert.is(places('licensed architects, AIA'), undefined);
  assert.is(places('credit risk analysts in RWA'), undefined);
  assert.is(places('network engineers in SDN'), undefined);
  assert.is(places('lab technicians, MLT'), undefined);
  assert.is(places('workout specialists in NPL'), undefined);
  assert.is(places('embedded engineers in ASM'), undefined);
  assert.is(places('drilling engineers, SLB'), undefined);
  assert.is(places('illustrators, BFA'), undefined);
  assert.is(places('grads UGA'), undefined);
  assert.is(places('security analysts, GRC'), undefined);
  assert.is(places('regulatory writers, IND/NDA'), undefined);
  // A code written for a country, after a place word, only where its phrase ends.
  assert.is(places('rail inspectors in FRA regulations'), undefined);
});

test("a code people write for countries names it; any code does as a place field's value", () => {
  assert.equal(countryOf('controllers, DEU'), ['DE']);
  assert.equal(countryOf('nurses in GBR, nights'), ['GB']);
  assert.equal(countryOf('film producers | NGA | streamers'), ['NG']);
  assert.equal(countryOf('analysts; country: RWA'), ['RW']);
  assert.equal(countryOf('role=analyst; location=GTM'), ['GT']);
  // Not a field of its own: "engineers location=GTM".
  assert.is(places('engineers location=GTM'), undefined);
});

test.run();
