/**
 * "Town, City" in a query (query-planner/parse/place-qualifiers.ts `townBeside`): one place when the
 * town is filed under the city, when the city picks one of the town's namesakes, or when the town
 * is small and near the city; else, or when the list goes on, a list of both.
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

test('a town known as a city of its own stays listed with the bigger city', () => {
  const cases: [string, string[]][] = [
    ['Tacoma, Seattle', ['Tacoma|US', 'Seattle|US']],
    ['Boulder, Denver', ['Boulder|US', 'Denver|US']],
    ['Palo Alto, San Francisco', ['Palo Alto|US', 'San Francisco|US']],
    ['Berkeley, San Francisco', ['Berkeley|US', 'San Francisco|US']],
    ['Plano, Dallas', ['Plano|US', 'Dallas|US']],
    ['Irvine, Los Angeles', ['Irvine|US', 'Los Angeles|US']],
    ['Durham, Raleigh', ['Durham|US', 'Raleigh|US']],
    ['Bellevue, Seattle', ['Bellevue|US', 'Seattle|US']],
    ['Everett, Seattle', ['Everett|US', 'Seattle|US']],
    ['Mississauga, Toronto', ['Mississauga|CA', 'Toronto|CA']],
    ['Laval, Montreal', ['Laval|CA', 'Montréal|CA']],
    ['Stockport, Manchester', ['Stockport|GB', 'Manchester|GB']],
  ];
  for (const [text, expected] of cases) assert.equal(places(`engineers in ${text}`), expected, text);
  // India's satellite cities: both places, whatever the gazetteer calls them.
  for (const text of ['Gurgaon, Delhi', 'Noida, Delhi', 'Thane, Mumbai'])
    assert.is(parsePeopleQuery(`engineers in ${text}`).filters.locations?.include?.length, 2, text);
});

test('a small town near the city, or one of several namesakes, is one place', () => {
  assert.equal(places('engineers in Santa Monica, Los Angeles'), ['Santa Monica|US']);
  assert.equal(places('engineers in Pasadena, Los Angeles'), ['Pasadena|US']);
});

test.run();
