/**
 * Place resolution for people search: a place as written ("SF", "Bay Area", "MA", "DACH",
 * "Greater Boston", "UAE", "Berlin") becomes a typed match on the resolved location fields
 * every index stores (mappings/analysis.ts LOCATION_MAPPING).
 */

import { markedCountryName, translatedCountryNames } from '../geo/country-names.js';
import { directionalPart } from '../geo/directions.js';
import { kmBetween } from '../geo/distance.js';
import { findDistrictCity } from '../geo/districts.js';
import { divisionNamedIn, divisionOfCountry, divisionWordOf, findDivision } from '../geo/divisions.js';
import { allCities, type City, countryName, findCities, findCountryCode, findMetro, findUsState, metroOf } from '../geo/gazetteer.js';
import { landformForms } from '../geo/landform-names.js';
import { findByOtherName } from '../geo/other-names.js';
import { placeKey } from '../geo/place-key.js';
import { REGIONS, regionByName } from '../geo/regions.js';
import { findOrdinaryTowns, findTowns } from '../geo/towns.js';
import { OTHER_SUBDIVISIONS, US_STATES } from '../geo/us-states.js';

export type PlaceKind = 'city' | 'metro' | 'state' | 'country' | 'region';

/** A resolved place: what kind it is, its canonical name, and the stored values it matches. */
export interface PlaceMatch {
  kind: PlaceKind;
  /** Canonical display name ("San Francisco, California, United States", "DACH"). */
  name: string;
  /** The text as given. */
  input: string;
  city?: string;
  /** First-level division (state, province). */
  region?: string;
  countryCode?: string;
  /** Metro of the place (a city's metro, for loose matching). */
  metro?: string;
  /** Named region ("EMEA", "West Coast"). */
  namedRegion?: string;
  /**
   * A place known only from a larger, less certain list: a first-level division known from the
   * gazetteer's cities ("Tasmania", "Goa") or a town ("Markham", geo/towns.ts). The parser wants
   * a place word before it.
   */
  lessCertain?: 'division' | 'town';
}

/** Towns of this size or more are read as cities are, with no place word before them. */
const CITY_SIZED_TOWN = 500_000;

/**
 * Cities called `name` (the gazetteer's, most populous first), led by a town of that name whose
 * name is made of ordinary words when it is ten times the largest of them: "Derby" is the English
 * city of 270,000, not the Australian town of 3,000 that Natural Earth lists. The name is a place
 * already (the gazetteer has it); only which place changes.
 */
function namedCities(name: string): City[] {
  const cities = findCities(name);
  const largest = cities[0]?.population;
  if (largest === undefined) return cities;
  return [...findOrdinaryTowns(name).filter((t) => t.population >= 10 * largest), ...cities];
}

/**
 * Cities called `name`, then towns of that name (geo/towns.ts), most populous first within each,
 * then the city another language calls so ("Mailand, Italy": geo/other-names.ts).
 */
export function citiesAndTowns(name: string): City[] {
  const other = findByOtherName(placeKey(name));
  return [...namedCities(name), ...findTowns(name), ...(other ? [other] : [])];
}

/** A city or town as a match ("Portland, Maine, United States", "Markham, Canada"). */
export function cityMatch(city: City, input: string): PlaceMatch {
  const m = metroOf(city);
  return {
    kind: 'city',
    name: city.countryCode === 'US' ? `${city.name}, ${city.region}, United States` : `${city.name}, ${city.country}`,
    input,
    city: city.name,
    region: city.region || undefined,
    countryCode: city.countryCode,
    ...(m ? { metro: m.name } : {}),
  };
}

/** Lookup tables keyed by place key, first definition wins (as a scan of the lists would). */
let tables: { regions: Map<string, string>; subdivisions: Map<string, { countryCode: string; name: string }> } | null = null;

function lookupTables() {
  if (tables) return tables;
  const regions = new Map<string, string>();
  for (const r of REGIONS) {
    for (const key of [r.name, ...r.aliases].map(placeKey)) if (!regions.has(key)) regions.set(key, r.name);
  }
  // A region of US states is also named with the country ("Northeast US", "US Midwest", "the
  // Midwest of the US"), after every list's own names, which win.
  for (const r of REGIONS) {
    if (!r.usStates || r.countries || r.subdivisions || r.includes) continue;
    for (const base of [r.name, ...r.aliases].map(placeKey)) {
      const bare = base.replace(/^the /, '');
      if (/\b(us|u s|usa|united states|american?)\b/.test(bare)) continue;
      for (const key of [`${bare} us`, `us ${bare}`, `${bare} united states`, `${bare} of the us`])
        if (!regions.has(key)) regions.set(key, r.name);
    }
  }
  const subdivisions = new Map<string, { countryCode: string; name: string }>();
  for (const [countryCode, list] of Object.entries(OTHER_SUBDIVISIONS)) {
    for (const s of list) {
      for (const key of [s.name, ...(s.aliases ?? [])].map(placeKey))
        if (!subdivisions.has(key)) subdivisions.set(key, { countryCode, name: s.name });
    }
  }
  tables = { regions, subdivisions };
  return tables;
}

/** Every key a region is known by (names, aliases, and US regions named with the country). */
export function regionKeys(): string[] {
  return [...lookupTables().regions.keys()];
}

function regionByAlias(key: string): string | null {
  return lookupTables().regions.get(key) ?? null;
}

function otherSubdivision(key: string): { countryCode: string; name: string } | null {
  return lookupTables().subdivisions.get(key) ?? null;
}

/** The longest text read as a place name. */
export const MAX_PLACE_CHARS = 200;

/**
 * Resolves a place name. Order: named regions, metros, countries, US states (names and postal
 * codes), other first-level divisions (full names), then cities (most populous first, aliases
 * such as SF, NYC, LA and DC included). "Greater X" and "X area" fall back to X's metro, or X.
 * Returns null when nothing matches.
 */
export function resolvePlace(input: string): PlaceMatch | null {
  // A name read inside a name ("Davao City" is Davao, "County Cork" Cork) is read again, at most
  // a few levels deep: "Davao City City City …" is no place, and must not cost seconds.
  if (resolveDepth >= MAX_RESOLVE_DEPTH) return null;
  resolveDepth++;
  try {
    return resolveOnce(input);
  } finally {
    resolveDepth--;
  }
}

/** How deep names are read inside names ({@link resolvePlace}). */
const MAX_RESOLVE_DEPTH = 4;
let resolveDepth = 0;

function resolveOnce(input: string): PlaceMatch | null {
  const text = input.trim();
  // No place's name is this long ("Llanfairpwllgwyngyll…" has 58 letters, "Krung Thep Maha Nakhon…"
  // 168): what is longer is no place, and reading it would cost time for nothing.
  if (text.length > MAX_PLACE_CHARS) return null;
  const key = placeKey(text);
  if (!key) return null;
  // "Portland, ME", "Portland, Maine, United States", "Cambridge, UK": a city within a place.
  const comma = text.indexOf(',');
  if (comma > 0) {
    const qualified = qualifiedCity(text.slice(0, comma), text.slice(comma + 1), text);
    if (qualified) return qualified;
  }
  const region = regionByAlias(key);
  if (region) return { kind: 'region', name: region, input: text, namedRegion: region };
  const metro = findMetro(text);
  if (metro) {
    // The country all its member cities are in ("Pilbara" is in Australia).
    const codes = new Set(metro.members.map((m) => m.split('|')[2]));
    const countryCode = codes.size === 1 ? [...codes][0] : undefined;
    return { kind: 'metro', name: metro.name, input: text, metro: metro.name, ...(countryCode ? { countryCode } : {}) };
  }
  // "The Rockies", "Rocky Mountains", "the Appalachians", "the Hunter Valley": another form of a
  // range's or valley's name that a region or metro is known by (geo/landform-names.ts).
  const form = landformForms(key).find((f) => regionByAlias(f) || findMetro(f));
  if (form) return { ...(resolvePlace(form) as PlaceMatch), input: text };
  // "The Bekaa Valley", "Aosta Valley": a valley that a first-level division outside the US or a
  // metro is named after is that division or metro (not a country's: the Jordan Valley is no Jordan).
  const valley = /^(?:the )?(.+) valley$/.exec(key);
  // Colombia's "Cauca Valley" is Valle del Cauca, beside Cauca: the division named "Valle del X" first.
  const valleyOf = valley
    ? (['valle del', 'valle de', 'valle d'].map((w) => resolvePlace(`${w} ${valley[1]}`)).find((m) => m?.kind === 'state') ??
      resolvePlace(valley[1] as string))
    : null;
  if (valleyOf && ((valleyOf.kind === 'state' && valleyOf.countryCode !== 'US') || valleyOf.kind === 'metro')) {
    const { lessCertain: _certain, ...place } = valleyOf;
    return { ...place, input: text };
  }
  // "LA" and "DC" are cities before they are Louisiana or a postal code; a city alias wins.
  const cityFirst = key === 'la' || key === 'dc';
  if (!cityFirst) {
    const country = findCountryCode(text);
    if (country) return { kind: 'country', name: countryName(country), input: text, countryCode: country };
    const state = findUsState(text);
    if (state) return usStateMatch(state, text);
    const other = otherSubdivision(key);
    if (other) return divisionMatch(other, text);
  }
  // "Quebec province", "Penang state", "State of Washington": the division however its name alone
  // resolves; else any one country's division by that name ("Rivers State", "Lagos State"), below.
  const worded = divisionWordOf(key);
  const inner = worded ? resolvePlace(worded.name) : null;
  if (inner?.kind === 'state' && worded?.countries.has(inner.countryCode as string)) {
    const { lessCertain: _certain, ...division } = inner;
    return { ...division, input: text };
  }
  // "Krasnodar Krai", "Nairobi County", "County Cork", "Estado de México": the word makes the
  // division certain, where a city or the country has the name.
  const named = worded ? findDivision(text) : null;
  if (named) return divisionMatch(named, text);
  const city = namedCities(text)[0];
  if (city) return cityMatch(city, text);
  // "Luxembourg City", "Kuwait City", "Quebec City": the city of that name in the country or state
  // the name alone is ("Virginia City" and "Florida City" are towns of their own, not Virginia,
  // Minnesota or Florida, Uruguay).
  const cityWord = /^(.+) city$/.exec(key);
  const stemCity = cityWord ? stemCityIn(cityWord[1] as string) : undefined;
  if (stemCity) return cityMatch(stemCity, text);
  if (!cityFirst) {
    // "Benghazi": another spelling of a gazetteer city of half a million (its "Banghazi") is that
    // city before it is the division named after it.
    // "Sandton", "Canary Wharf", "Whitefield": a business district is its city, read as a town is
    // (after a place word), before a town of the name elsewhere (geo/districts.ts).
    const district = findDistrictCity(text);
    if (district) return { ...cityMatch(district, text), lessCertain: 'town' };
    const sized = findTowns(text)[0];
    if (sized && sized.population >= CITY_SIZED_TOWN) return cityMatch(sized, text);
    const division = findDivision(text);
    if (division) return { ...divisionMatch(division, text), lessCertain: 'division' };
    const part = directionalPart(text);
    if (part) return { kind: 'region', name: part.name, input: text, namedRegion: part.name };
    const town = findTowns(text)[0];
    // A town of half a million people is a city that Natural Earth's list lacks.
    if (town) return town.population >= CITY_SIZED_TOWN ? cityMatch(town, text) : { ...cityMatch(town, text), lessCertain: 'town' };
    // "Londres", "Mailand": another language's name of a city, read as a town is (it wants a place word).
    const other = findByOtherName(key);
    if (other) return { ...cityMatch(other, text), lessCertain: 'town' };
    // "Maroc", "Ukraina": a country by its name in another language, read as another language's
    // name of a city is (after a place word: "Italia" and "Dania" are given names too).
    allCities();
    const translated = translatedCountryNames().get(key) ?? markedCountryName(text.trim());
    if (translated) return { kind: 'country', name: countryName(translated), input: text, countryCode: translated, lessCertain: 'town' };
    // "Zanzibar City", "Davao City": a city named with "City" to say it is the city, where that is no
    // place of its own (above) and the name alone is the city (not a state, a country or a town).
    const bare = cityWord ? resolvePlace(cityWord[1] as string) : null;
    if (bare?.kind === 'city' && !bare.lessCertain) return { ...bare, input: text };
  }
  // "Metro Cebu", "Dallas metroplex", "metropolitan Lima": as "Greater X", X's metro or X.
  const greater = /^(?:greater |metro |metropolitan )?(.+?)(?: metro(?:politan)?(?: area)?| metroplex| area| region)?$/.exec(key);
  if (greater && greater[1] !== key) {
    const inner = resolvePlace(greater[1] as string);
    // "Québec metro area": a metro is a city's, so a division named like its city is that city here.
    if (inner?.kind === 'state' && /metro|metroplex/.test(key.slice((greater[1] as string).length))) {
      const city = stemCityIn(greater[1] as string);
      if (city) return cityMatch(city, text);
    }
    return inner;
  }
  // The same in the languages of the cities' own names ("Gran Santiago", "Grande Porto", "Grand
  // Lyon", "Área Metropolitana de Monterrey", "Metropolregion Nürnberg"), where X is a city or a
  // metro: "Gran Canaria" and "Grande Prairie" are no greater anything.
  // Also "Großraum Stuttgart", "métropole de Lyon". The city's own metro where the gazetteer has one
  // ("Área Metropolitana de Monterrey" is Greater Monterrey, as "Greater Monterrey" is).
  const local =
    /^(?:gran|grande|grand|metropolregion|grossraum|metropole d[eu]|(?:area|zona|region|regiao) metropolitana d[eao]) (.+)$/.exec(key);
  const within = local ? resolvePlace(local[1] as string) : null;
  if (!within || within.lessCertain || (within.kind !== 'city' && within.kind !== 'metro')) return null;
  const own = within.kind === 'city' ? resolvePlace(`greater ${local?.[1]}`) : null;
  return own?.kind === 'metro' ? { ...own, input: text } : within;
}

/** The city called `stem` inside the country or first-level division called `stem`, if any. */
function stemCityIn(stem: string): City | undefined {
  const country = findCountryCode(stem);
  const state = findUsState(stem);
  const division = otherSubdivision(placeKey(stem)) ?? findDivision(stem);
  return namedCities(stem).find(
    (c) =>
      (country !== null && c.countryCode === country) ||
      (state !== null && c.countryCode === 'US' && placeKey(c.region) === placeKey(US_STATES[state] ?? '')) ||
      (division !== null && c.countryCode === division.countryCode && placeKey(c.region) === placeKey(division.name)),
  );
}

/**
 * A first-level division of one country by this name, as a match: "Georgia, US" is the state
 * however "Georgia" alone resolves, "Galicia, Spain" the division.
 */
function divisionIn(name: string, countryCode: string, input: string): PlaceMatch | null {
  if (countryCode === 'US') {
    const state = findUsState(name);
    return state ? usStateMatch(state, input) : null;
  }
  const key = placeKey(name);
  const known = otherSubdivision(key) ?? findDivision(key);
  if (known?.countryCode === countryCode) return divisionMatch(known, input);
  const region = divisionOfCountry(name, countryCode);
  if (region) return divisionMatch({ name: region, countryCode }, input);
  // "Acre, Brazil", "Fife, Scotland": a division whose name alone is a common word or another's.
  const named = divisionNamedIn(name, countryCode);
  return named ? divisionMatch(named, input) : null;
}

/** A US state, by its postal code, as a match ("Georgia, United States"). */
function usStateMatch(code: string, input: string): PlaceMatch {
  const region = US_STATES[code] as string;
  return { kind: 'state', name: `${region}, United States`, input, region, countryCode: 'US' };
}

/** A first-level division outside the US as a match ("Bayern, Germany"). */
function divisionMatch(d: { name: string; countryCode: string }, input: string): PlaceMatch {
  return { kind: 'state', name: `${d.name}, ${countryName(d.countryCode)}`, input, region: d.name, countryCode: d.countryCode };
}

/**
 * A city named `name` inside the place `within` (a state or a country), else a first-level
 * division of that name inside the country ("Galicia, Spain"); null otherwise.
 */
function qualifiedCity(name: string, within: string, input: string): PlaceMatch | null {
  const outerText = within.split(',')[0] as string;
  const outer = resolvePlace(outerText);
  // "Macon, Georgia": a name that is a country and a US state is read as either, whichever holds the city.
  const usState = outer?.countryCode !== 'US' ? findUsState(outerText) : null;
  const outers = [outer, usState ? usStateMatch(usState, outerText) : null];
  const namesakes = [...citiesAndTowns(name), ...findOrdinaryTowns(name)];
  for (const o of outers) {
    if (!o || (o.kind !== 'state' && o.kind !== 'country')) continue;
    const city = namesakes.find(
      (c) => c.countryCode === o.countryCode && (o.kind === 'country' || placeKey(c.region) === placeKey(o.region ?? '')),
    );
    if (city) return cityMatch(city, input);
  }
  const coded = cityByDivisionCode(name, within.trim(), input);
  if (coded) return coded;
  if (outer?.kind === 'city') {
    const nearby = besideCity(name, namesakes, outer, input);
    if (nearby) return nearby;
  }
  // No city of that name there ("São Paulo, Brazil" is the city): a division of the country.
  return outer?.kind === 'country' ? divisionIn(name, outer.countryCode as string, input) : null;
}

/** How far from a city a town written with it ("Salford, Manchester") may lie. */
const BESIDE_CITY_KM = 50;

/**
 * "Salford, Manchester", "Santa Monica, Los Angeles", "Whitefield, Manchester": a town written
 * with the city it lies beside, as people place a suburb, is that town (the one of its name
 * within {@link BESIDE_CITY_KM} of the city); "Sandton, Johannesburg", "Canary Wharf, London": a
 * district of the city is the city.
 */
function besideCity(name: string, namesakes: City[], outer: PlaceMatch, input: string): PlaceMatch | null {
  const city = citiesAndTowns(outer.city ?? '').find((c) => c.countryCode === outer.countryCode && c.name === outer.city);
  if (!city) return null;
  // The town itself, or the city when the gazetteer files the town as part of it (Salford is Manchester's).
  const town = namesakes.find((c) => c.countryCode === city.countryCode && kmBetween(c, city) <= BESIDE_CITY_KM);
  if (town) return cityMatch(town, input);
  const district = findDistrictCity(name);
  return district && district.countryCode === city.countryCode && kmBetween(district, city) <= BESIDE_CITY_KM
    ? cityMatch(district, input)
    : null;
}

/** "Kingston, ON", "Newcastle, NSW", "Perth, WA": a city in a division known by its code outside the US. */
function cityByDivisionCode(name: string, code: string, input: string): PlaceMatch | null {
  if (!/^[a-z]{2,3}$/i.test(code)) return null;
  for (const [countryCode, list] of Object.entries(OTHER_SUBDIVISIONS)) {
    const sub = list.find((s) => s.code.toLowerCase() === code.toLowerCase());
    if (!sub) continue;
    const keys = new Set([sub.name, ...(sub.aliases ?? [])].map(placeKey));
    const city = citiesAndTowns(name).find((c) => c.countryCode === countryCode && keys.has(placeKey(c.region)));
    if (city) return cityMatch(city, input);
  }
  return null;
}

export { placeClause, regionMembersOf, unresolvedPlaceClause } from './place-clauses.js';
export { regionByName };
