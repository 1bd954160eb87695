/**
 * The filter clause of a resolved place (query-planner/places.ts `resolvePlace`) on a location
 * object field: a city with its metro, a state, a country, a metro by its member cities, a named
 * region by its countries, states and divisions, and an unknown place as a phrase.
 */
import { directionalPart } from '../geo/directions.js';
import { findMetro } from '../geo/gazetteer.js';
import { regionByName, regionMembers } from '../geo/regions.js';
import { US_STATES } from '../geo/us-states.js';
import type { Query } from '../search-engine/port.js';
import type { PlaceMatch } from './places.js';

/**
 * The filter clause of a place on a location object field (`location` on profiles,
 * `headquarters` on companies, `locations` on jobs). Matching is loose, as the public service
 * does it: a city also finds its metro area.
 */
export function placeClause(place: PlaceMatch, field = 'location'): Query {
  const f = (name: string) => `${field}.${name}`;
  switch (place.kind) {
    case 'region':
      return regionClause(place.namedRegion as string, f);
    case 'metro':
      return metroClause(place.metro as string, f);
    case 'country':
      return { term: { [f('country_code')]: place.countryCode } };
    case 'state':
      return { bool: { filter: [{ term: { [f('country_code')]: place.countryCode } }, { term: { [f('region')]: place.region } }] } };
    case 'city': {
      const exact: Query[] = [{ term: { [f('city')]: place.city } }, { term: { [f('country_code')]: place.countryCode } }];
      if (place.countryCode === 'US' && place.region) exact.push({ term: { [f('region')]: place.region } });
      const cityClause: Query = { bool: { filter: exact } };
      if (!place.metro) return cityClause;
      return { bool: { should: [cityClause, { term: { [f('metro')]: place.metro } }], minimum_should_match: 1 } };
    }
  }
}

/**
 * What a region of a place match covers: a named region's members, or the divisions of a part of
 * a country named by a direction ("Northern Italy", geo/directions.ts).
 */
export function regionMembersOf(name: string): { countries: string[]; usStates: string[]; subdivisions: string[] } {
  return regionByName(name)
    ? regionMembers(name)
    : { countries: [], usStates: [], subdivisions: directionalPart(name)?.subdivisions ?? [] };
}

/**
 * A named region: the region as the record stores it, or a place in one of its countries or US
 * states. The stored names come from whoever resolved the record's location; the countries and
 * states make the filter hold on records resolved before a region was defined, or elsewhere.
 */
function regionClause(name: string, f: (name: string) => string): Query {
  const { countries, usStates, subdivisions } = regionMembersOf(name);
  const should: Query[] = [{ term: { [f('regions')]: name } }];
  if (countries.length) should.push({ terms: { [f('country_code')]: countries } });
  if (usStates.length)
    should.push({
      bool: {
        filter: [{ term: { [f('country_code')]: 'US' } }, { terms: { [f('region')]: usStates.map((code) => US_STATES[code] as string) } }],
      },
    });
  const byCountry = new Map<string, string[]>();
  for (const d of subdivisions) {
    const [cc, region] = d.split('|') as [string, string];
    byCountry.set(cc, [...(byCountry.get(cc) ?? []), region]);
  }
  for (const [cc, regions] of byCountry)
    should.push({ bool: { filter: [{ term: { [f('country_code')]: cc } }, { terms: { [f('region')]: regions } }] } });
  return should.length === 1 ? (should[0] as Query) : { bool: { should, minimum_should_match: 1 } };
}

/** A metro: as the record stores it, or one of its member cities (the same reasoning as regions). */
function metroClause(name: string, f: (name: string) => string): Query {
  const should: Query[] = [{ term: { [f('metro')]: name } }];
  for (const member of findMetro(name)?.members ?? []) {
    const [city, region, countryCode] = member.split('|') as [string, string, string];
    const filter: Query[] = [{ term: { [f('city')]: city } }, { term: { [f('country_code')]: countryCode } }];
    if (countryCode === 'US') filter.push({ term: { [f('region')]: region } });
    should.push({ bool: { filter } });
  }
  return should.length === 1 ? (should[0] as Query) : { bool: { should, minimum_should_match: 1 } };
}

/** A place the gazetteer does not know: matched as a phrase in the raw location text. */
export function unresolvedPlaceClause(text: string, field = 'location'): Query {
  return { match_phrase: { [`${field}.raw`]: text } };
}
