/** Numbers written in words in company queries (query-planner/parse/company/spoken-numbers.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spokenNumbersToDigits } from '../../query-planner/parse/company/spoken-numbers.js';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';

const filters = (q: string) => parseCompanyQuery(q).filters;

test('counts, ranges, money and years in words are read as their digits', () => {
  assert.equal(filters('roller coaster manufacturers with over five hundred staff').employee_count, { min: 500 });
  assert.equal(filters('parachute manufacturers with fewer than fifty employees').employee_count, { max: 50 });
  assert.equal(filters('Banknote Printers With Two To Three Thousand Employees').employee_count, { min: 2000, max: 3000 });
  assert.equal(filters('helicopter charter startups that raised under two million dollars').total_funding_usd, { max: 2_000_000 });
  assert.equal(filters('taxidermy studios founded in nineteen eighty-five').founded_year, { min: 1985, max: 1985 });
  assert.equal(filters('sandal makers founded in the eighties').founded_year, { min: 1980, max: 1989 });
  assert.is(spokenNumbersToDigits('one hundred and twenty employees'), '120 employees');
  assert.is(spokenNumbersToDigits('a thousand employees'), '1000 employees');
});

test('one small word, a magnitude alone and names stay as written', () => {
  for (const text of [
    'capital one data teams',
    'series a startups',
    'one medical clinics',
    'seven eleven franchisees',
    'raised $2 million',
    'raised half a billion dollars or more',
    'between $50 Million And $150 Million',
  ])
    assert.is(spokenNumbersToDigits(text), text, text);
  assert.equal(filters('fintechs that raised over $5 million').total_funding_usd, { min: 5_000_000 });
  assert.equal(filters('Senior Living Operators That Raised Between $50 Million And $150 Million').total_funding_usd, {
    min: 50_000_000,
    max: 150_000_000,
  });
});

test.run();
