/**
 * Business districts against the words inside their names (query-planner/parse/place-position.ts
 * `insidePlacedName`, `namesSite`): a place word, "at" or a site frame places the district before
 * an industry reads one of its words.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';

const parsed = (q: string) => {
  const f = parsePeopleQuery(q).filters;
  return {
    places: (f.locations?.include ?? []).map((p) => resolvePlace(p as string)?.city),
    industries: f.industries?.include ?? [],
  };
};

test('a place word and a district beat an industry word inside the name', () => {
  assert.equal(parsed('engineers in La Défense'), { places: ['Paris'], industries: [] });
  assert.equal(parsed('analysts in la defense'), { places: ['Paris'], industries: [] });
  // "at" a district is where people are: no district is an employer.
  assert.equal(parsed('analysts at La Defense, Paris'), { places: ['Paris'], industries: [] });
  assert.equal(parsed('bankers at Canary Wharf').places, ['London']);
});

test("a site of one's own places a district without a place word", () => {
  assert.equal(parsed('head of facilities for our la défense HQ'), { places: ['Paris'], industries: [] });
  assert.equal(parsed('office managers for our Kista campus').places, ['Stockholm']);
  assert.equal(parsed('bankers at our Sandton office').places, ['Johannesburg']);
});

test('a site frame does not place a one-word town that names the employer', () => {
  // Nokia, Toyota, Hitachi and Tata are towns too; the site is the company's, wherever it is.
  for (const q of [
    'engineers at the Nokia campus',
    'workers at the Toyota plant',
    'engineers at the Hitachi plant',
    'engineers at the Tata office',
    'our Nokia office',
  ])
    assert.equal(parsed(q).places, [], q);
});

test('the industry word stays an industry outside a placed name', () => {
  assert.equal(parsed('engineers in the defense industry').places, []);
  assert.ok(parsed('defense analysts in Paris').places.includes('Paris'));
  // "at" before one word is an employer, as before.
  assert.equal(parsed('engineers at Patagonia').places, []);
});

test.run();
