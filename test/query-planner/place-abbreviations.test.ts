/**
 * Towns written as addresses abbreviate them (geo/gazetteer.ts `placeKey`, parse/place-index.ts):
 * a compass letter opening a name ("N. Las Vegas") and a postal abbreviation of its last word
 * ("Sterling Hts", "Colorado Spgs", "Palm Bch").
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { placeKey } from '../../geo/place-key.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';

const placeOf = (q: string) => {
  const p = parsePeopleQuery(q).filters.locations?.include?.[0];
  return p ? resolvePlace(p)?.name : undefined;
};

test('a compass letter and a postal abbreviation read as their words', () => {
  assert.is(placeKey('N. Charleston'), 'north charleston');
  assert.is(placeKey('Madison Hts'), 'madison heights');
  assert.is(placeKey('Palm Bch'), 'palm beach');
  assert.equal(placeOf('teachers in N. Charleston'), resolvePlace('North Charleston')?.name);
  assert.equal(placeOf('nurses in Madison Hts, 3 yrs'), 'Madison Heights, Michigan, United States');
  assert.equal(placeOf('roofers in colorado spgs'), 'Colorado Springs, Colorado, United States');
  assert.equal(placeOf('caregivers in w. sussex'), 'West Sussex, United Kingdom');
});

test('alone, or not opening a name, the letters stay what they are', () => {
  assert.is(placeKey('N'), 'n');
  assert.is(placeKey('hts'), 'hts');
  assert.is(placeKey('Las Vegas N'), 'las vegas n');
  // Without its dot a letter is as often a name's own word ("E Mng Chhi").
  assert.is(placeKey('E Mng Chhi'), 'e mng chhi');
  assert.equal(parsePeopleQuery('e commerce managers in Lyon').filters.job_titles?.include, ['E Commerce Manager']);
});

test.run();
