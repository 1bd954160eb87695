/**
 * Offices named by what they keep or order ("Clerk of Works", "Master of Ceremonies"), degrees
 * named in full, and real words a misspelt head is never read into ("jointer").
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

const parse = (q: string) => parsePeopleQuery(q);
const title = (q: string) => parse(q).filters.job_titles?.include;

test('an office keeps its "of" complement', () => {
  assert.equal(title('Clerk of Works in Leeds'), ['Clerk of Works']);
  assert.equal(title('clerks of works'), ['Clerk of Works']);
  assert.equal(title('clerk of court in ohio'), ['Clerk of Court']);
  assert.equal(title('master of ceremonies'), ['Master of Ceremonies']);
  assert.equal(title('keeper of antiquities'), ['Keeper of Antiquities']);
  assert.equal(title('secretary of state'), ['Secretary of State']);
  assert.equal(title('curators of contemporary art in NYC'), ['Curator of Contemporary Art']);
  assert.equal(title('director of public works in ohio'), ['Director of Public Works']);
});

test('"works" stays a verb elsewhere, and "the" still ends a complement', () => {
  assert.equal(title('manager who works at google'), ['Manager']);
  assert.equal(title('clerk of the court'), ['Clerk']);
  // Heads that take no complement stay apart from what follows "of".
  assert.equal(title('developers of mobile apps'), ['Developer']);
  assert.equal(title('founders of fintech startups'), ['Founder']);
});

test('a degree named in full is a degree, not an office', () => {
  const engineers = parse('engineers with a master of science');
  assert.equal(engineers.filters.job_titles?.include, ['Engineer']);
  assert.equal(engineers.filters.degrees, ['Master']);
  assert.equal(parse('masters of business administration').filters.degrees, ['MBA']);
  assert.is(parse('masters of business administration').filters.job_titles, undefined);
  assert.equal(parse('bachelor of arts graduates').filters.degrees, ['Bachelor']);
});

test('a real word is never read as a slip for a head', () => {
  assert.equal(title('cable jointers in wrexham'), ['Cable Jointer']);
  assert.equal(title('jointer in Oslo'), ['Jointer']);
  // Misspellings that are no word still are.
  assert.equal(title('cordinators in ohio'), ['Coordinator']);
  assert.equal(title('superintendants'), ['Superintendent']);
  assert.equal(title('dermatologsts in Leeds'), ['Dermatologist']);
  // Six letters only as a letter dropped from a seven-letter head; a six-letter word stays.
  assert.equal(title('product managr'), ['Product Manager']);
  assert.equal(title('data analst in Leeds'), ['Data Analyst']);
  assert.equal(title('marketing manger'), ['Marketing Manger']);
});

test.run();
