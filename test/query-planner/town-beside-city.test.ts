/**
 * "Town, City" in a query (query-planner/parse/place-qualifiers.ts `townBeside`): the town beside
 * or within the city, before a list of two places; a list when the town is a city of its own size
 * or the list goes on.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';

const places = (q: string) =>
  (parsePeopleQuery(q).filters.locations?.include ?? []).map((p) => {
    const m = resolvePlace(p as string);
    return m ? `${m.city ?? m.region}|${m.countryCode}` : null;
  });

test('a town written with the city it lies beside or within is the town', () => {
  // Whitefield of Greater Manchester, which the gazetteer files under Manchester; not Bengaluru's district.
  assert.equal(places('plumbers in Whitefield, Manchester'), ['Manchester|GB']);
  assert.equal(places('plumbers in Whitefield, Manchester, UK'), ['Manchester|GB']);
  assert.equal(places('engineers in Cambridge, Boston'), ['Cambridge|US']);
  assert.equal(places('engineers in Santa Monica, Los Angeles, CA'), ['Santa Monica|US']);
  assert.equal(places('engineers in Whitefield, Bangalore'), ['Bengaluru|IN']);
});

test('two cities of a size, or a list that goes on, stay a list', () => {
  assert.equal(places('engineers in Oakland, San Francisco'), ['Oakland|US', 'San Francisco|US']);
  assert.equal(places('engineers in Salford, Manchester or Leeds'), ['Manchester|GB', 'Leeds|GB']);
  assert.equal(places('nurses in Paris, London'), ['Paris|FR', 'London|GB']);
});

test.run();
