/**
 * Spelling correction costs a bounded amount per word (docs/performance.md, "Long words"): the
 * swap test is made per candidate of the word's length, not by listing every swap of the word
 * first, and a word longer than any place or head noun is never a candidate. Pinned against the
 * old implementation on words people write; no timing.
 */
import { distance } from 'fastest-levenshtein';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { parseJobQuery } from '../../query-planner/parse/job-query.js';
import { HEAD_NOUNS } from '../../query-planner/parse/lexicon/titles.js';
import { closestWord, MAX_CORRECTED_WORD } from '../../query-planner/parse/misspelt-places.js';

/** The implementation that built every adjacent swap of the word before looking at a candidate. */
function oldClosestWord(key: string, candidates: readonly string[], allowed: number): string | null {
  const swaps = new Set<string>();
  for (let k = 0; k + 1 < key.length; k++) swaps.add(key.slice(0, k) + key[k + 1] + key[k] + key.slice(k + 2));
  const limit = Math.max(allowed, 1);
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let ties = 0;
  for (const c of candidates) {
    if (c[0] !== key[0] || Math.abs(c.length - key.length) > limit) continue;
    const d = swaps.has(c) ? 1 : allowed ? distance(c, key) : Number.POSITIVE_INFINITY;
    if (d > limit) continue;
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      ties = 0;
    } else if (d === bestDistance && c !== best) ties++;
  }
  return best && bestDistance > 0 && ties === 0 ? best : null;
}

const HEADS = [...HEAD_NOUNS];
const PLACES = ['mississippi', 'tucson', 'massachusetts', 'philadelphia', 'cincinnati', 'albuquerque', 'pittsburgh', 'tallahassee'];

test('the same correction as before for every word tried', () => {
  const words = [
    'cordinator',
    'superintendant',
    'enginer',
    'enigneer',
    'manager',
    'mangaer',
    'dermatologst',
    'recruiter',
    'reccruiter',
    'missisippi',
    'tuscon',
    'massachusets',
    'phildelphia',
    'cincinatti',
    'albequerque',
    'pittsburg',
    'tallahasee',
    'aabbcc',
    'coordinatorr',
    'analsyt',
    'devloper',
    'developre',
    'x',
    'ab',
    'accountant',
    'acountant',
  ];
  for (const w of words)
    for (const allowed of [0, 1, 2]) {
      assert.is(closestWord(w, HEADS, allowed), oldClosestWord(w, HEADS, allowed), `${w} heads ${allowed}`);
      assert.is(closestWord(w, PLACES, allowed), oldClosestWord(w, PLACES, allowed), `${w} places ${allowed}`);
    }
  // Every candidate with one neighbouring pair swapped, and a doubled letter's swap (the word itself).
  for (const c of PLACES)
    for (let k = 0; k + 1 < c.length; k++) {
      const w = c.slice(0, k) + c[k + 1] + c[k] + c.slice(k + 2);
      assert.is(closestWord(w, PLACES, 0), oldClosestWord(w, PLACES, 0), w);
    }
});

test(`a word over ${MAX_CORRECTED_WORD} letters is no candidate, even for a candidate as long`, () => {
  const long = 'a'.repeat(MAX_CORRECTED_WORD + 1);
  assert.is(closestWord(long, [`${long.slice(1)}b`], 2), null);
  assert.ok(
    HEADS.every((h) => h.length <= MAX_CORRECTED_WORD - 2),
    'no head noun is near the bound',
  );
  // A 10,000-letter word reaches the title and place readers and is corrected by neither.
  const word = 'q'.repeat(10_000);
  assert.equal(parsePeopleQuery(`${word} in ${word}`).filters.job_titles, undefined);
  assert.equal(parseJobQuery(`engineer in ${word}`).filters?.locations, undefined);
});

test.run();
