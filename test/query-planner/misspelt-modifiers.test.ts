/**
 * Typos outside a title's head noun (query-planner/parse/misspelt-modifiers.ts, misspelt-places.ts):
 * "sofware engineers" is the Software Engineer, "nurses in bostn" are in Boston; a real word, a
 * tool and a name are never corrected, and a long word costs nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { misspeltModifier } from '../../query-planner/parse/misspelt-modifiers.js';
import { misspeltPlace } from '../../query-planner/parse/misspelt-places.js';

const titles = (q: string) => parsePeopleQuery(q).filters.job_titles?.include;

test('a modifier one slip from a title word is that word, when the head is a known head noun', () => {
  assert.equal(titles('sofware engineers'), ['Software Engineer']);
  assert.equal(titles('sofware enginers in london'), ['Software Engineer']);
  assert.equal(titles('markteing managers in Berlin'), ['Marketing Manager']);
  assert.equal(titles('prodcut managers'), ['Product Manager']);
  assert.equal(titles('reseach scientists'), ['Research Scientist']);
});

test('a real word, a tool, a name or a short word is never corrected', () => {
  for (const w of ['anderson', 'kubernetes', 'pyhton', 'sales', 'devops', 'software', 'medicial']) assert.is(misspeltModifier(w), null, w);
  assert.is(misspeltModifier('x'.repeat(41)), null);
  assert.equal(titles('anderson engineers'), ['Anderson Engineer']);
});

test('a place after a place word with a letter left out: "bostn", "berln", "sydny"', () => {
  assert.is(misspeltPlace('bostn'), 'Boston');
  assert.is(misspeltPlace('sydny'), 'Sydney');
  assert.equal(parsePeopleQuery('nurses in bostn').filters.locations?.include, ['Boston']);
  assert.equal(parsePeopleQuery('designers in berln').filters.locations?.include, ['Berlin']);
  // Common words and words of four letters stay.
  assert.is(misspeltPlace('sales'), null);
  assert.is(misspeltPlace('miam'), null);
  // A language is a name: "sell in german" is no Germany.
  assert.is(misspeltPlace('german'), null);
  assert.equal(parsePeopleQuery('cold callers in pristina who can sell in german').filters.locations?.include, ['pristina']);
});

test.run();
