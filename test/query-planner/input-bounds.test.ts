/**
 * The planner's bounds on hostile text (issue 11): repeated words reach text queries once,
 * values are cut without splitting a character, the parsers emit nothing longer than a filter
 * value, and supplied company and job filters are limited as people filters are.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distinctWords } from '../../query-planner/build/dsl.js';
import { keywordQuery, residualTextQuery } from '../../query-planner/build/filter-clauses.js';
import { cutValue } from '../../query-planner/build/normalize.js';
import { normalizeCompanyFilters } from '../../query-planner/company-filters.js';
import { normalizeJobFilters } from '../../query-planner/job-filters.js';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';
import { MAX_EMPLOYERS, parsePeopleQuery } from '../../query-planner/parse/index.js';
import { MAX_KEYWORDS, textKeywords } from '../../query-planner/parse/keywords.js';

test('distinctWords: each word once, compared by its letters and digits', () => {
  assert.is(distinctWords('a a a a'), 'a');
  assert.is(distinctWords('Engineer engineer, ENGINEER'), 'Engineer');
  assert.is(distinctWords('a-a-a b a-b'), 'a b');
  assert.is(distinctWords('node.js node js'), 'node.js');
  assert.is(distinctWords('Trust & Safety & trust'), 'Trust Safety');
  assert.is(distinctWords('C++ c# go'), 'C++ go');
  assert.is(distinctWords('- , ;'), '');
});

test('keyword and residual text queries carry each word once', () => {
  assert.equal(keywordQuery('rust rust Rust'), {
    multi_match: {
      query: 'rust',
      type: 'cross_fields',
      operator: 'and',
      fields: ['headline^2', 'current_title^3', 'bio', 'skills^2', 'current_company_name'],
    },
  });
  const residual = residualTextQuery(['kafka', 'Kafka', 'flink', 'kafka']) as { multi_match: { query: string } };
  assert.is(residual.multi_match.query, 'kafka flink');
});

test('cutValue: at most max UTF-16 code units, never half a character', () => {
  assert.is(cutValue('abcdef', 4), 'abcd');
  assert.is(cutValue('abc', 4), 'abc');
  assert.is(cutValue('😀😀😀', 4), '😀😀');
  assert.is(cutValue('a😀😀', 4), 'a😀');
  assert.is(cutValue('😀'.repeat(150), 200).length, 200);
  assert.is(cutValue(`a${'😀'.repeat(150)}`, 200).length, 199);
});

test('textKeywords: stop words, numbers and repeats do not multiply the words kept', () => {
  assert.equal(textKeywords('a '.repeat(5_000)), []);
  assert.equal(textKeywords('engineer '.repeat(1_000)), ['engineer']);
  assert.equal(textKeywords('Find the 5 best Kafka engineers in the team, kafka experts'), ['kafka', 'engineers', 'experts']);
  const many = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
  assert.is(textKeywords(many).length, MAX_KEYWORDS);
  assert.equal(textKeywords(`${'x'.repeat(201)} ${'y'.repeat(200)}`), ['y'.repeat(200)]);
});

test('the people parser emits no title, employer or keyword longer than a filter value', () => {
  const titles = parsePeopleQuery('engineer '.repeat(1_111));
  assert.is(titles.filters.job_titles, undefined);
  assert.ok(titles.receipts.some((r) => r.action === 'ignored' && r.message.startsWith('A title of ')));

  const long = 'x'.repeat(300);
  const employer = parsePeopleQuery(`engineers at ${long}`);
  assert.equal(employer.companies, []);
  assert.equal(employer.keywords, []);
  assert.ok(employer.receipts.some((r) => r.message.startsWith('A company name of 300 characters')));

  const names = Array.from({ length: 30 }, (_, i) => `Firm${i}`);
  const listed = parsePeopleQuery(`Engineers at ${names.join(', ')} or Firm0, Firm1`);
  assert.equal(
    listed.companies.map((c) => c.text),
    names.slice(0, MAX_EMPLOYERS),
  );
  assert.ok(listed.receipts.some((r) => r.message === `More than ${MAX_EMPLOYERS} employers; "Firm25" and later ones were not used.`));
});

test('the company parser keeps no reference name or keyword longer than a filter value', () => {
  const long = 'x'.repeat(300);
  const parsed = parseCompanyQuery(`companies like ${long} doing ${'y'.repeat(250)}-zz`);
  assert.equal(parsed.names, []);
  assert.equal(parsed.keywords, ['zz']);
});

test('normalizeCompanyFilters: values cut, duplicates removed, lists capped, each with a receipt', () => {
  const names = Array.from({ length: 120 }, (_, i) => `Name ${i}`);
  const { filters, receipts } = normalizeCompanyFilters({
    names: [' Acme ', 'acme', ...names],
    categories: { include: ['x'.repeat(250), 'Fintech', 'fintech'] },
    status: ['active', 'active'],
    keywords: ['', 'rust'],
    employee_count: { min: 10 },
  });
  assert.equal(filters, {
    names: ['Acme', ...names.slice(0, 99)],
    categories: { include: ['x'.repeat(200), 'Fintech'] },
    status: ['active'],
    keywords: ['rust'],
    employee_count: { min: 10 },
  });
  assert.equal(receipts, [
    { path: '/names', action: 'normalized', message: 'Removed 1 duplicate value (compared case-insensitively).' },
    { path: '/names', action: 'truncated', message: 'Used the first 100 of 121 values.' },
    { path: '/categories/include', action: 'truncated', message: 'Cut 1 value to 200 characters.' },
    { path: '/categories/include', action: 'normalized', message: 'Removed 1 duplicate value (compared case-insensitively).' },
    { path: '/status', action: 'normalized', message: 'Removed 1 duplicate value.' },
    { path: '/keywords', action: 'ignored', message: 'Dropped 1 empty or non-text value.' },
  ]);
});

test('normalizeJobFilters: hiring and company lists limited as people filters are', () => {
  const { filters, receipts } = normalizeJobFilters({
    hiring: { titles: { include: ['SWE', 'swe', 'y'.repeat(300)] }, workplace_types: ['remote', 'remote'], published_within_days: 7 },
    companies: [{ where: { identity: { names: ['Acme', 'ACME'], ids: ['c1', 'c1'] } } }],
    locations: { exclude: ['  '] },
  });
  assert.equal(filters, {
    hiring: { titles: { include: ['SWE', 'y'.repeat(200)] }, workplace_types: ['remote'], published_within_days: 7 },
    companies: [{ where: { identity: { names: ['Acme'], ids: ['c1'] } } }],
    locations: { exclude: [] },
  });
  assert.equal(
    receipts.map((r) => `${r.action} ${r.path}`),
    [
      'truncated /hiring/titles/include',
      'normalized /hiring/titles/include',
      'normalized /hiring/workplace_types',
      'normalized /companies/0/where/identity/names',
      'normalized /companies/0/where/identity/ids',
      'ignored /locations/exclude',
    ],
  );
});

test.run();
