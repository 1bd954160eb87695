/**
 * Words around titles: a tech and a mechanic in the plural, how people work, years in decades, and
 * employers in queries without capitals.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

const parse = (q: string) => parsePeopleQuery(q);
const title = (q: string) => parse(q).filters.job_titles?.include;

test('"techs" and "mechanics" ending a title are people; "mechanics" before a head is the field', () => {
  assert.equal(title('santa rosa, ca winery lab techs'), ['Winery Lab Technician']);
  assert.equal(title('surgical techs in texas'), ['Surgical Technician']);
  assert.equal(title('Aircraft sheet metal mechanics in Ogden, UT'), ['Aircraft Sheet Metal Mechanic']);
  assert.equal(title('diesel mechanics'), ['Diesel Mechanic']);
  assert.equal(title('fluid mechanics engineers'), ['Fluid Mechanics Engineer']);
  // "tech" in the singular is still the word for technology.
  assert.equal(title('tech leads'), ['Tech Lead']);
});

test('how people work is no part of a title', () => {
  const recognized = (q: string) =>
    parse(q)
      .recognized.filter((r) => r.kind === 'workplace')
      .map((r) => r.text);
  assert.equal(title('remote-friendly magento developers in greater sofia'), ['Magento Developer']);
  assert.equal(recognized('remote-friendly magento developers in greater sofia'), ['remote-friendly']);
  assert.equal(title('work from home customer service reps'), ['Customer Service Rep']);
  assert.ok(parse('office-based accountants').keywords.includes('onsite'));
});

test('a decade of years: with its experience, or with the words of a minimum', () => {
  const years = (q: string) => parse(q).filters.years_experience;
  assert.equal(years('radio presenters with a decade or more on air'), { min: 10 });
  assert.equal(years('nurses with over two decades in oncology'), { min: 20 });
  assert.is(years('founders of companies started over a decade ago'), undefined);
  assert.is(years('engineers for a decade'), undefined);
});

test('without capitals, a name of no English word ends before an English word that is no kind of company', () => {
  const employer = (q: string) => parse(q).companies?.map((c) => c.text);
  assert.equal(employer('ex-kpmg transfer pricing managers'), ['kpmg']);
  assert.equal(title('ex-kpmg transfer pricing managers'), ['Transfer Pricing Manager']);
  assert.equal(title('ex-michelin tyre engineers'), ['Tyre Engineer']);
  // Names that go on: another word of no English, or a kind of company.
  assert.equal(employer('ex-goldman sachs analysts'), ['goldman sachs']);
  assert.equal(employer('ex-jp morgan chase analysts'), ['jp morgan chase']);
  assert.equal(employer('ex-deutsche bank traders'), ['deutsche bank']);
  // A name of an English word keeps its words ("red hat").
  assert.equal(employer('ex-red hat engineers'), ['red hat']);
});

test('right after "at", one word naming a country, state or region is an employer; a city stays a place', () => {
  const employer = (q: string) => parse(q).companies?.map((c) => c.text);
  const places = (q: string) => parse(q).filters.locations?.include ?? [];
  assert.equal(employer('engineers at Patagonia'), ['Patagonia']);
  assert.equal(places('engineers at Patagonia'), []);
  assert.equal(places('designers at patagonia in california'), ['california']);
  assert.equal(places('based at Texas'), ['Texas']);
  assert.equal(places('teachers at London'), ['London']);
});

test.run();
