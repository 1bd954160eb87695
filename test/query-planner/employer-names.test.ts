/**
 * Employers named after a cue as people write firms' names (query-planner/parse/companies.ts): a
 * title's word inside a name, a dash between its words, a firm's "and Sons", and "former
 * employees of". The names are written for these tests.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

const read = (q: string) => {
  const r = parsePeopleQuery(q);
  return { titles: r.filters.job_titles?.include ?? [], companies: r.companies.map((c) => `${c.text} (${c.relation})`) };
};

test("a title's word inside a capitalised name is the name's", () => {
  assert.equal(read('Engineers at Instructor Labs'), { titles: ['Engineer'], companies: ['Instructor Labs (current_employment)'] });
  assert.equal(read('employees of Instructor Biosciences'), { titles: [], companies: ['Instructor Biosciences (current_employment)'] });
  assert.equal(read('engineers at Harbor Counsel'), { titles: ['Engineer'], companies: ['Harbor Counsel (current_employment)'] });
  // A title after an employer in small letters stays a title; "Former CTOs" is no employer.
  assert.equal(read('Former CTOs').companies, []);
  assert.equal(read('Software Engineers at Google in London').companies, ['Google (current_employment)']);
});

test('a dash between capitalised words, and a firm’s "and Sons", join one name', () => {
  assert.equal(read('engineers at Parker - Holt').companies, ['Parker - Holt (current_employment)']);
  assert.equal(read('engineers at Whitley and Sons').companies, ['Whitley and Sons (current_employment)']);
  // Two employers stay two; a big city after a dash is the office.
  assert.equal(read('Engineers at Google and Meta').companies, ['Google (current_employment)', 'Meta (current_employment)']);
  assert.equal(read('Engineers at Google - London').companies, ['Google (current_employment)']);
});

test('"former employees of" is past employment', () => {
  assert.equal(read('former employees of Parker Holt').companies, ['Parker Holt (past_employment)']);
  assert.equal(read('employees of Parker Holt').companies, ['Parker Holt (current_employment)']);
});

test.run();
