/**
 * Titles joined by "and", "&" or "or" (parse/title-pairs.ts): two fields of one head, two roles
 * of one person, and the pairs that name one field.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

const title = (q: string) => parsePeopleQuery(q).filters.job_titles?.include;

test("two fields before one head: the title as written, then each field's title", () => {
  assert.equal(title('sales and marketing directors in Berlin'), ['Sales and Marketing Director', 'Sales Director', 'Marketing Director']);
  assert.equal(title('senior sales and marketing managers'), [
    'Senior Sales and Marketing Manager',
    'Senior Sales Manager',
    'Senior Marketing Manager',
  ]);
  assert.equal(title('frontend & backend engineers'), ['Frontend & Backend Engineer', 'Frontend Engineer', 'Backend Engineer']);
});

test('two fields after a head\'s "of" or a VP', () => {
  assert.equal(title('head of sales and partnerships'), ['Head of Sales and Partnerships', 'Head of Sales', 'Head of Partnerships']);
  assert.equal(title('vp sales and marketing'), ['VP Sales and Marketing', 'VP Sales', 'VP Marketing']);
  assert.equal(title('VP Sales & Marketing in Austin'), ['VP Sales & Marketing', 'VP Sales', 'VP Marketing']);
  // A head after the second field makes it a title of its own.
  assert.equal(title('vp sales and marketing managers'), ['VP Sales', 'Marketing Manager']);
});

test('"or" asks for either title, never for a title "X or Y"', () => {
  assert.equal(title('sales or marketing directors'), ['Sales Director', 'Marketing Director']);
  assert.equal(title('frontend or backend engineers in Lyon'), ['Frontend Engineer', 'Backend Engineer']);
});

test('a pair that names one field stays one title', () => {
  assert.equal(title('research and development engineer'), ['Research and Development Engineer']);
  assert.equal(title('health and safety officers'), ['Health and Safety Officer']);
  assert.equal(title('mergers and acquisitions analyst'), ['Mergers and Acquisitions Analyst']);
  assert.equal(title('strategy & operations leads'), ['Strategy & Operations Lead']);
  assert.equal(title('compensation & benefits managers based in denmark'), ['Compensation & Benefits Manager']);
  assert.equal(title('director of learning & development'), ['Director of Learning & Development']);
  assert.equal(title('trust and safety operations managers'), ['Trust and Safety Operations Manager']);
  assert.equal(title('tool and die makers in Saltillo'), ['Tool and Die Maker']);
  // Words that are no function's ("monitoring", "evaluation") are never split.
  assert.equal(title('monitoring and evaluation officers in uganda'), ['Monitoring and Evaluation Officer']);
});

test('two roles of one person: the pair first, then each', () => {
  assert.equal(title('co-founder and coo in bouaké'), ['Co-Founder and COO', 'Co-Founder', 'COO']);
  assert.equal(title('founder & ceo'), ['Founder & CEO', 'Founder', 'CEO']);
  assert.equal(title('ceo and cofounder'), ['CEO and Cofounder', 'CEO', 'Cofounder']);
});

test('plural titles and titles without an office stay a list of people', () => {
  assert.equal(title('engineers and designers in Berlin'), ['Engineer', 'Designer']);
  assert.equal(title('co-founders and ctos'), ['Co-Founder', 'CTO']);
  assert.equal(title('product manager and designer'), ['Product Manager', 'Designer']);
});

test('a colleague after "and" is no second role', () => {
  const parsed = parsePeopleQuery('account executives who report to the founder and ceo');
  assert.equal(parsed.filters.job_titles?.include, ['Account Executive']);
});

test.run();
