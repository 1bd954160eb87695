/** Level words without a head, nouns for groups of people, and titles held in the past. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

const filters = (q: string) => parsePeopleQuery(q).filters;

test('a level word alone is a seniority, not a title', () => {
  assert.equal(filters('senior'), { seniority: ['senior_ic'] });
  assert.equal(filters('junior folks in finance'), { seniority: ['entry'], functions: ['finance'] });
  assert.equal(filters('senior folks in sales'), { seniority: ['senior_ic'], functions: ['sales'] });
  // With a head, the level stays part of the title.
  assert.equal(filters('senior engineers').job_titles, { include: ['Senior Engineer'] });
  assert.equal(filters('junior designers').job_titles, { include: ['Junior Designer'] });
});

test('"<function> people/folks/professionals" is a function, not a title ending in the group noun', () => {
  for (const [q, fn] of [
    ['marketing people in Toronto', 'marketing'],
    ['sales people in Berlin', 'sales'],
    ['engineering folks at big banks', 'engineering'],
    ['design professionals in Paris', 'design'],
    ['product folks', 'product'],
  ] as const) {
    const f = filters(q);
    assert.is(f.job_titles, undefined, `${q}: ${JSON.stringify(f)}`);
    assert.equal(f.functions, [fn], q);
  }
  const data = filters('senior data people');
  assert.equal(data.seniority, ['senior_ic']);
  assert.is(data.job_titles, undefined);
  // "People" that is part of a real title keeps it.
  assert.equal(filters('people operations managers').job_titles, { include: ['People Operations Manager'] });
  assert.equal(filters('Trust & Safety').job_titles, { include: ['Trust & Safety'] });
});

test('a title held in the past matches past titles too; beside a current title it only ranks', () => {
  for (const q of ['former founders', 'ex-founders in Berlin', 'people who used to be CTOs', 'previously a CTO', 'formerly an architect']) {
    const f = filters(q);
    assert.is(f.job_titles?.current_only, false, `${q}: ${JSON.stringify(f)}`);
    assert.is(f.companies, undefined, q);
  }
  const both = parsePeopleQuery('former CTOs now working as product managers');
  assert.equal(both.filters.job_titles, { include: ['Product Manager'] });
  assert.is(both.filters.companies, undefined, 'CTOs is no employer');
  assert.ok(both.keywords.includes('cto'), JSON.stringify(both.keywords));
  assert.ok(both.recognized.some((r) => r.kind === 'past_title' && r.value === 'CTO'));
  // An employer after "ex-" stays an employer.
  const google = parsePeopleQuery('ex-Google engineers');
  assert.equal(google.filters.job_titles, { include: ['Engineer'] });
  assert.equal(
    google.companies.map((c) => [c.text, c.relation]),
    [['Google', 'past_employment']],
  );
});

test.run();
