/** Level words without a head, and nouns for groups of people, are no job titles. */
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

test.run();
