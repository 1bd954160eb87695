/**
 * Words that are names of Object.prototype members ("constructor", "__proto__", "toString", ...)
 * are words like any other: every lookup keyed by text (parser vocabulary, gazetteer, title
 * spellings) must answer them as unknown words, never with a member of Object.prototype.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findCities, findCountryCode, findMetro, findUsState } from '../../geo/gazetteer.js';
import { buildCompanyQuery } from '../../query-planner/build/company-query.js';
import { buildJobsQuery } from '../../query-planner/build/jobs-query.js';
import { normalizeFilters } from '../../query-planner/build/normalize.js';
import { buildPeopleQuery } from '../../query-planner/build/people-query.js';
import { normalizeCompanyFilters } from '../../query-planner/company-filters.js';
import { normalizeJobFilters } from '../../query-planner/job-filters.js';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';
import { titleVariants } from '../../query-planner/title-variants.js';

const NAMES = Object.getOwnPropertyNames(Object.prototype);

/** Sentences that put a word where each recogniser looks: title, place, employer, school, sector, number. */
const sentences = (w: string): string[] => [
  w,
  `${w}s`,
  `senior ${w} engineer`,
  `${w} engineers in ${w}`,
  `engineers at ${w}, ${w} or ${w}`,
  `ex-${w} ${w} managers`,
  `head of ${w}, vp ${w}`,
  `${w} University alumni with a ${w} degree`,
  `fluent in ${w}, 5+ ${w}`,
  `${w} companies like ${w} in ${w} with 50 ${w}`,
  `${w} startups founded in ${w} with $10${w} raised`,
  `${w.toUpperCase()} ${w.toLowerCase()}`,
];

/** A member of Object.prototype that leaked into a value shows up as function source. */
const assertNoLeak = (value: unknown, what: string) => {
  const json = JSON.stringify(value);
  assert.not.match(json, /native code|function /, `${what}: ${json}`);
};

test('the people and company parsers read Object.prototype names as unknown words', () => {
  for (const w of NAMES) {
    for (const s of sentences(w)) {
      assertNoLeak(parsePeopleQuery(s), `people "${s}"`);
      assertNoLeak(parseCompanyQuery(s), `company "${s}"`);
    }
    assert.equal(
      parsePeopleQuery(`senior ${w} engineer`).filters.job_titles?.include?.[0]?.toLowerCase(),
      `senior ${w.toLowerCase()} engineer`,
    );
    assert.equal(parsePeopleQuery(`engineers at ${w}`).companies, [{ text: w, relation: 'current_employment' }]);
  }
});

test('the gazetteer and place resolution know no place called after an Object.prototype member', () => {
  for (const w of NAMES) {
    for (const text of [w, `Greater ${w}`, `${w} area`, `${w}, ${w}`, `Springfield, ${w}`]) assert.is(resolvePlace(text), null, text);
    assert.equal(findCities(w), []);
    assert.is(findCountryCode(w), null);
    assert.is(findUsState(w), null);
    assert.is(findMetro(w), null);
  }
});

test('filters naming Object.prototype members build ordinary queries', () => {
  for (const w of NAMES) {
    assert.equal(titleVariants(`${w} ${w}`), [`${w} ${w}`]);
    const values = { include: [w], exclude: [`${w} ${w}`] };
    const people = normalizeFilters({
      job_titles: values,
      locations: values,
      skills: values,
      industries: values,
      schools: [w],
      degrees: [w],
      languages: [{ name: w, proficiency: w }],
      companies: [{ where: { identity: { names: [w], domains: [w] } } }],
      keywords: `${w}, ${w}`,
    });
    const built = buildPeopleQuery({ filters: people.filters, text: [w], graph: null, networkMode: 'boost', from: 0, size: 10 });
    assertNoLeak(built, `people filters of "${w}"`);
    const companies = normalizeCompanyFilters({ names: [w], categories: values, industries: values, locations: values, keywords: [w] });
    assertNoLeak(buildCompanyQuery({ filters: companies.filters, text: [w], from: 0, size: 10 }), `company filters of "${w}"`);
    const jobs = normalizeJobFilters({
      hiring: { titles: values, locations: values },
      locations: values,
      industries: values,
      keywords: [w],
    });
    assertNoLeak(buildJobsQuery({ filters: jobs.filters, text: [w], now: new Date(0), from: 0, size: 10 }), `job filters of "${w}"`);
  }
});

test.run();
