/** The job-search text parser: pure, employers left as mentions for the caller to resolve. */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseJobQuery, publishedWithin } from '../../query-planner/parse/job-query.js';

test('publication windows: numbered and single phrases, the rest of the text kept', () => {
  assert.equal(publishedWithin('data jobs posted in the last 7 days').days, 7);
  assert.equal(publishedWithin('past 2 weeks engineers').days, 14);
  assert.equal(publishedWithin('within the last 3 months').days, 90);
  assert.equal(publishedWithin('designers posted today').days, 1);
  assert.equal(publishedWithin('this week').days, 7);
  assert.equal(publishedWithin('the last month').days, 30);
  assert.equal(publishedWithin('remote engineers'), { days: null, rest: 'remote engineers' });
  assert.not.match(publishedWithin('engineers posted in the last 7 days').rest, /7|days/);
});

test('a job query becomes hiring filters, places and keywords; employers stay mentions', () => {
  const parsed = parseJobQuery('remote software engineer jobs in Berlin at Globex posted in the last 2 weeks');
  assert.equal(parsed.filters.hiring?.titles, { include: ['Software Engineer'] });
  assert.equal(parsed.filters.hiring?.workplace_types, ['remote']);
  assert.is(parsed.filters.hiring?.published_within_days, 14);
  assert.equal(parsed.filters.locations?.include, ['Berlin']);
  assert.is(parsed.filters.companies, undefined, 'employers are resolved by the caller, not the parser');
  assert.equal(
    parsed.companies.map((c) => c.text),
    ['Globex'],
  );
  assert.not.ok(parsed.keywords.includes('remote'));
});

test('the parser does no I/O: it imports nothing from server/ or fixtures/', () => {
  const source = fs.readFileSync(path.join(import.meta.dirname, '../../query-planner/parse/job-query.ts'), 'utf8');
  assert.not.match(source, /from '\.\.\/\.\.\/(server|fixtures|search-engine)\//);
});

test.run();
