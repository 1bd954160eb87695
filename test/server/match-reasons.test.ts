import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchReasons } from '../../server/commands/search/people/match-reasons.js';

const reasons = (location: Record<string, unknown>, place: string) =>
  matchReasons({ location }, { filters: { locations: { include: [place] } }, keywords: [], degree: null, mutual: null });

test('a region filter gives its reason on the records it matched by member: a directional part, a plural of states', () => {
  // The record stores no region name; the filter matched it by its division (query-planner/places.ts, regionClause).
  assert.equal(reasons({ raw: 'Milan, Italy', country_code: 'IT', region: 'Lombardia' }, 'Northern Italy'), [
    'Based in Milan, Italy (within Northern Italy)',
  ]);
  assert.equal(reasons({ raw: 'Palermo, Italy', country_code: 'IT', region: 'Sicilia' }, 'Northern Italy'), []);
  assert.equal(reasons({ raw: 'Charlotte, NC', country_code: 'US', region: 'North Carolina' }, 'the Carolinas'), [
    'Based in Charlotte, NC (within Carolinas)',
  ]);
  // A stored region name still counts.
  assert.equal(reasons({ raw: 'Oslo', country_code: 'NO', regions: ['Nordics'] }, 'Nordics'), ['Based in Oslo (within Nordics)']);
});

test.run();
