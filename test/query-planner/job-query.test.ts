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

test('publication windows: hours, counts in words, fortnights, "ago", yesterday; a bare count is no window', () => {
  const days = (text: string) => publishedWithin(text).days;
  assert.is(days('jobs posted in the last 24 hours'), 1);
  assert.is(days('jobs posted within 48 hours'), 2);
  assert.is(days('within 30 hrs'), 2);
  assert.is(days('jobs from the last two weeks'), 14);
  assert.is(days('openings from the past three months'), 90);
  assert.is(days('roles added in the last couple of days'), 2);
  assert.is(days('listed in the last few weeks'), 21);
  assert.is(days('marketing jobs from the past fortnight'), 14);
  assert.is(days('engineers posted 3 days ago'), 3);
  assert.is(days('posted a week ago'), 7);
  assert.is(days('jobs posted yesterday'), 2);
  assert.is(days('this year'), 365);
  assert.is(days('the previous week'), 7);
  assert.is(days('nurse jobs 3 days a week'), null);
  assert.is(days('remote jobs within an hour of Boston'), null);
  assert.is(days('jobs at startups founded 2 years ago'), null);
  assert.is(days('a two year contract'), null);
  assert.not.match(publishedWithin('analyst jobs from the last two weeks').rest, /two|weeks|last/);
});

test('skills are required words of a job query; languages rank; filler words and people-only facts are dropped', () => {
  const rust = parseJobQuery('Rust jobs');
  assert.equal(rust.filters.keywords, ['Rust']);
  const berlin = parseJobQuery('Python jobs in Berlin');
  assert.equal(berlin.filters.keywords, ['Python']);
  assert.equal(berlin.filters.locations?.include, ['Berlin']);
  const senior = parseJobQuery('remote Kubernetes jobs posted this week');
  assert.equal(senior.filters.keywords, ['Kubernetes']);
  assert.is(senior.filters.hiring?.published_within_days, 7);
  const french = parseJobQuery('French speaking account manager jobs');
  assert.ok(french.keywords.includes('French'), JSON.stringify(french));
  assert.is(french.filters.keywords, undefined);
  assert.equal(parseJobQuery('open source jobs').keywords, ['open', 'source']);
  const years = parseJobQuery('data engineer jobs requiring 5+ years of experience');
  assert.equal(years.filters.hiring?.titles, { include: ['Data Engineer'] });
  assert.equal(years.keywords, []);
});

test('the parser does no I/O: it imports nothing from server/ or fixtures/', () => {
  const source = fs.readFileSync(path.join(import.meta.dirname, '../../query-planner/parse/job-query.ts'), 'utf8');
  assert.not.match(source, /from '\.\.\/\.\.\/(server|fixtures|search-engine)\//);
});

test('employment types: internships, part-time, contract, freelance, temporary; a contract manager is a title', () => {
  const hiring = (q: string) => parseJobQuery(q).filters.hiring;
  assert.equal(hiring('internships in New York'), { employment_types: ['internship'] });
  assert.equal(parseJobQuery('internships in New York').keywords, []);
  assert.equal(hiring('intern roles in London'), { employment_types: ['internship'] });
  assert.equal(hiring('summer internships'), { employment_types: ['internship'] });
  assert.equal(hiring('software engineering internship'), {
    titles: { include: ['Software Engineering Intern'] },
    employment_types: ['internship'],
  });
  assert.equal(hiring('part-time nurse jobs'), { titles: { include: ['Nurse'] }, employment_types: ['part_time'] });
  assert.equal(hiring('contract data engineer jobs'), { titles: { include: ['Data Engineer'] }, employment_types: ['contract'] });
  assert.equal(hiring('freelance designer jobs')?.employment_types, ['contract']);
  assert.equal(hiring('temporary jobs in Berlin'), { employment_types: ['temporary'] });
  assert.equal(hiring('full time product manager roles')?.employment_types, ['full_time']);
  // "Contract" naming the work, and "smart contract" code, are titles.
  assert.equal(hiring('contract manager jobs'), { titles: { include: ['Contract Manager'] } });
  assert.equal(hiring('contracts lawyer jobs'), { titles: { include: ['Contracts Lawyer'] } });
  assert.equal(hiring('smart contract engineer jobs'), { titles: { include: ['Smart Contract Engineer'] } });
});

test.run();
