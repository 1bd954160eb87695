/**
 * The gazetteer: the world's cities (city-timezones, the supplement and GeoNames towns) and
 * countries and US states by every name they are looked up by, each place's metro (geo/metros.ts)
 * and the stored form of a place in a city. Lookups are keyed by placeKey (place-key.ts).
 */
import { createRequire } from 'node:module';
import { countries } from 'countries-list';
import { arabicCountries, diphthongVariant } from './arabic-spellings.js';
import { countyAreas } from './counties.js';
import { COUNTRY_ALIASES } from './country-aliases.js';
import { otherCountryNames, translatedCountryNames } from './country-names.js';
import { METROS, type MetroDefinition } from './metros.js';
import { placeKey } from './place-key.js';
import { regionsOf } from './regions.js';
import { CITY_ALIASES, SUPPLEMENTAL_CITIES } from './supplement.js';
import { US_STATES } from './us-states.js';

/** A populated place of the gazetteer. */
export interface City {
  name: string;
  /** First-level division: state, province, ... */
  region: string;
  countryCode: string;
  country: string;
  population: number;
  lat: number;
  lon: number;
}

/** A place as stored on records (mappings/record-schemas.ts `locationSchema`). */
export interface ResolvedLocation {
  raw: string;
  city: string | null;
  region: string | null;
  country: string | null;
  country_code: string | null;
  metro: string | null;
  regions: string[];
  lat: number | null;
  lon: number | null;
}

interface CityTimezonesRow {
  city: string;
  city_ascii: string;
  lat: number;
  lng: number;
  pop: number;
  iso2: string;
  province: string;
}

/**
 * Country display names by ISO code: countries-list's, with the usual short forms. Lookup
 * tables here are Maps: place text from queries reaches them, and a plain object would answer
 * "constructor" or "__proto__" with a member of Object.prototype.
 */
const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(countries as Record<string, { name: string }>).map(([code, c]) => [code, c.name] as const),
  ['US', 'United States'],
  ['GB', 'United Kingdom'],
  ['KR', 'South Korea'],
  ['CZ', 'Czech Republic'],
  ['AE', 'United Arab Emirates'],
]);

/** Countries whose native name (countries-list) is also looked up. */
const NATIVE_NAMED =
  `AT CH DE ES IT BR MX NL BE PL CZ SE NO DK FI HU RO HR SI SK EE LV LT PE PH VN IE AL BA DO PA SN CI CD MZ UZ AZ TM`.split(' ');

/** The place keys a country lookup knows beyond the official names: aliases, native and other names. */
export function countryAliasKeys(): string[] {
  const natives = NATIVE_NAMED.map((code) => (countries as Record<string, { native: string }>)[code]?.native ?? '');
  allCities(); // builds the names below with the cities to leave out
  return [
    ...Object.keys(COUNTRY_ALIASES),
    ...natives.map(placeKey).filter(Boolean),
    ...otherCountryNames().keys(),
    ...translatedCountryNames().keys(),
  ];
}

export function countryName(code: string): string {
  return COUNTRY_NAMES.get(code) ?? code;
}

let cache: { cities: City[]; byName: Map<string, City[]>; countries: Map<string, string>; usStates: Map<string, string> } | null = null;

/**
 * Natural Earth files the large cities of Gujarat under the union territory next to it; they are
 * read as Gujarat (Silvassa, the territory's own town, stays).
 */
function provinceOf(r: CityTimezonesRow): string {
  if (r.iso2 === 'IN' && r.province === 'Dadra and Nagar Haveli' && r.city !== 'Silvassa') return 'Gujarat';
  return divisionOfUnfiled(r.iso2, r.province, r.lat);
}

/**
 * A place's first-level division where the sources file it under none: Natural Earth and GeoNames
 * leave the Canary Islands' cities (Las Palmas, Santa Cruz de Tenerife, Telde) without one, and
 * they are the only part of Spain south of the 30th parallel. Read as ISO 3166-2's "Canarias"
 * (ES-CN), whose English name then comes from geo/data/division-names.tsv.
 */
export function divisionOfUnfiled(countryCode: string, region: string, lat: number): string {
  if (region === '' && countryCode === 'ES' && lat < 30) return 'Canarias';
  return region;
}

function build() {
  const require = createRequire(import.meta.url);
  const rows = (require('city-timezones') as { cityMapping: CityTimezonesRow[] }).cityMapping;
  const seen = new Map<string, City>();
  // The more populous entry of a place wins, under the name written out if the other abbreviates
  // it ("Fort Worth" over "Ft. Worth", which share a key).
  const abbreviated = (name: string) => /^(Ft|Mt)\b/.test(name);
  const add = (c: City) => {
    const k = `${placeKey(c.name)}|${c.countryCode}|${placeKey(c.region)}`;
    const prev = seen.get(k);
    if (!prev) seen.set(k, c);
    else {
      const kept = prev.population < c.population ? c : prev;
      const other = kept === c ? prev : c;
      seen.set(k, abbreviated(kept.name) && !abbreviated(other.name) ? { ...kept, name: other.name } : kept);
    }
  };
  for (const r of rows) {
    // The source marks places without an ISO country (e.g. Somaliland) with the number -99.
    if (typeof r.iso2 !== 'string' || !/^[A-Z]{2}$/.test(r.iso2) || !r.city) continue;
    const region = r.iso2 === 'US' && r.province === 'District of Columbia' ? 'District of Columbia' : provinceOf(r);
    add({
      name: r.city,
      region,
      countryCode: r.iso2,
      country: countryName(r.iso2),
      population: Math.round(r.pop),
      lat: r.lat,
      lon: r.lng,
    });
  }
  for (const [name, region, cc, pop, lat, lon] of SUPPLEMENTAL_CITIES) {
    add({ name, region, countryCode: cc, country: countryName(cc), population: pop, lat, lon });
  }
  const cities = [...seen.values()].sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
  const byName = new Map<string, City[]>();
  for (const c of cities) {
    const key = placeKey(c.name);
    const list = byName.get(key) ?? [];
    list.push(c);
    byName.set(key, list);
  }
  // "Al Ain" for Al Ayn, "Ras al Khaimah" for Ras al Khaymah (geo/arabic-spellings.ts).
  for (const c of cities) {
    const variant = diphthongVariant(placeKey(c.name));
    if (variant && arabicCountries().has(c.countryCode) && !byName.has(variant)) byName.set(variant, [c]);
  }
  const countryMap = new Map<string, string>();
  for (const [code, data] of Object.entries(countries as Record<string, { name: string; native: string }>)) {
    countryMap.set(placeKey(data.name), code);
    countryMap.set(placeKey(countryName(code)), code);
  }
  // Names in the country's own language, where people write them in Latin letters ("Italia",
  // "Österreich", "España"); only countries whose native name is no common English word.
  for (const code of NATIVE_NAMED) {
    const native = (countries as Record<string, { native: string }>)[code]?.native;
    if (native) countryMap.set(placeKey(native), code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) countryMap.set(alias, code);
  // Common, official and other English names (world-countries: "East Timor", "Cape Verde",
  // "Republic of Korea"), where no country has the name already and no city has it.
  const divisions = new Set(cities.map((c) => placeKey(c.region ?? '')));
  const other = otherCountryNames((key) => byName.has(key) || divisions.has(key));
  for (const [key, code] of other) if (!countryMap.has(key) && !byName.has(key)) countryMap.set(key, code);
  const usStates = new Map<string, string>();
  for (const [code, name] of Object.entries(US_STATES)) {
    usStates.set(placeKey(name), code);
    usStates.set(code.toLowerCase(), code);
  }
  return { cities, byName, countries: countryMap, usStates };
}

/** Countries where "City" is part of a town's name as it is said ("Jersey City", "Johnson City", "Quebec City"). */
const CITY_SAID = new Set(['US', 'CA', 'GB', 'IE', 'AU', 'NZ']);

/**
 * Other keys a place's name is written with: its two or three words joined ("dehra dun" as
 * "dehradun", "da nang" as "danang"), and, outside the countries where "City" is said with the
 * name, a name ending in "city" without it ("ajman city" as "ajman", "ho chi minh city" as "ho chi
 * minh"). Whoever uses them checks that no other place has the key and that it is no common word.
 */
export function otherKeys(key: string, countryCode: string): string[] {
  const words = key.split(' ');
  const out: string[] = [];
  if (words.length >= 2 && words.length <= 3 && words.every((w) => w.length >= 2 && /^[a-z]+$/.test(w))) out.push(words.join(''));
  // China's "X City" (a county-level city, GeoNames' "Zhu Cheng City") is listed by its joined name
  // already, and "zhu cheng" is as often a person.
  if (
    words.length >= 2 &&
    words.at(-1) === 'city' &&
    !CITY_SAID.has(countryCode) &&
    countryCode !== 'CN' &&
    words.slice(0, -1).join('').length >= 4
  )
    out.push(words.slice(0, -1).join(' '));
  return out;
}

function gazetteer() {
  cache ??= build();
  return cache;
}

/** Every city, most populous first. */
export function allCities(): readonly City[] {
  return gazetteer().cities;
}

/** Cities called `name` (aliases such as "SF" and "Bangalore" included), most populous first. */
export function findCities(name: string): City[] {
  const key = placeKey(name);
  const alias = CITY_ALIASES.get(key) ?? CITY_ALIASES.get(name.toLowerCase());
  if (alias?.includes('|')) {
    // "St. Pete" is the St. Petersburg in Florida, not the larger one.
    const [city, region, countryCode] = alias.split('|') as [string, string, string];
    return (gazetteer().byName.get(placeKey(city)) ?? []).filter(
      (c) => c.countryCode === countryCode && placeKey(c.region) === placeKey(region),
    );
  }
  return gazetteer().byName.get(alias ? placeKey(alias) : key) ?? [];
}

let capitals: Set<string> | null = null;

/** Whether the city is its country's capital (countries-list's capitals: "Banjul", "Valletta"). */
export function isCapital(city: Pick<City, 'name' | 'countryCode'>): boolean {
  capitals ??= new Set(
    Object.entries(countries as Record<string, { capital: string }>)
      .filter(([, c]) => c.capital)
      .map(([code, c]) => `${code}|${placeKey(c.capital)}`),
  );
  return capitals.has(`${city.countryCode}|${placeKey(city.name)}`);
}

/** ISO code of a country named or abbreviated `name`, or null. */
export function findCountryCode(name: string): string | null {
  return gazetteer().countries.get(placeKey(name)) ?? null;
}

/** Postal code of a US state named or abbreviated `name`, or null. */
export function findUsState(name: string): string | null {
  return gazetteer().usStates.get(placeKey(name)) ?? null;
}

/** First-match lookup tables over the metro definitions, built once on first use. */
let metroIndex: { byMember: Map<string, MetroDefinition>; byName: Map<string, MetroDefinition> } | null = null;

/** Member key: name and country, plus the state for US cities (names repeat across states). */
const memberKey = (name: string, region: string, countryCode: string): string =>
  `${placeKey(name)}|${countryCode}|${countryCode === 'US' ? placeKey(region) : ''}`;

function metros() {
  if (metroIndex) return metroIndex;
  const byMember = new Map<string, MetroDefinition>();
  const byName = new Map<string, MetroDefinition>();
  const first = <K>(map: Map<K, MetroDefinition>, key: K, m: MetroDefinition) => {
    if (!map.has(key)) map.set(key, m);
  };
  // Definition order, first match wins: the same answers as a scan of the list.
  for (const m of [...METROS, ...countyAreas()]) {
    // A wider area is no city's metro: a city filter there must not widen to the whole area.
    if (!m.area)
      for (const member of [...m.members, ...countyMembers(m)]) {
        const [name, region, cc] = member.split('|') as [string, string, string];
        first(byMember, memberKey(name, region, cc), m);
      }
    first(byName, placeKey(m.name), m);
    for (const a of m.aliases) first(byName, placeKey(a), m);
  }
  metroIndex = { byMember, byName };
  return metroIndex;
}

/**
 * Share of the largest namesake's people at which a town of the same name in another state makes
 * a bare name a guess ("Franklin"): such a town is no member by its county alone.
 */
const NAMESAKE_GUESS = 1 / 3;

/**
 * The towns of a metro's counties (MetroDefinition `counties`), as members, except a town its
 * bare name resolves to only as a guess among namesakes of a similar size: a city filter widens
 * to its metro, and a guessed town should not widen to another state's metro.
 */
function countyMembers(m: MetroDefinition): string[] {
  if (!m.counties?.length) return [];
  const areas = new Map(countyAreas().map((a) => [a.name, a]));
  const out: string[] = [];
  for (const c of m.counties) {
    const [county, code] = c.split('|') as [string, string];
    const area = areas.get(`${county}, ${US_STATES[code] ?? code}`);
    for (const member of area?.members ?? []) {
      const [name, region] = member.split('|') as [string, string];
      // The bare name reads as its most populous namesake: a guess only when that is this town
      // and another state has a town of that name not much smaller.
      const namesakes = findCities(name).filter((x) => placeKey(x.name) === placeKey(name));
      const top = namesakes[0];
      const next = namesakes.find((x) => x.countryCode === 'US' && placeKey(x.region) !== placeKey(region));
      const guess =
        top?.countryCode === 'US' &&
        placeKey(top.region) === placeKey(region) &&
        next &&
        next.population >= top.population * NAMESAKE_GUESS;
      if (!guess) out.push(member);
    }
  }
  return out;
}

/** The metro a city belongs to, if any. */
export function metroOf(city: Pick<City, 'name' | 'region' | 'countryCode'>): MetroDefinition | null {
  return metros().byMember.get(memberKey(city.name, city.region, city.countryCode)) ?? null;
}

/** A metro by its name or one of its aliases. */
export function findMetro(name: string): MetroDefinition | null {
  return metros().byName.get(placeKey(name)) ?? null;
}

/** The stored form of a place in a city: raw text, resolved parts, metro and regions. */
export function locationOfCity(city: City): ResolvedLocation {
  const usState = city.countryCode === 'US' ? findUsState(city.region) : null;
  const raw = city.countryCode === 'US' ? `${city.name}, ${city.region}, United States` : `${city.name}, ${city.country}`;
  return {
    raw,
    city: city.name,
    region: city.region || null,
    country: city.country,
    country_code: city.countryCode,
    metro: metroOf(city)?.name ?? null,
    regions: regionsOf(city.countryCode, usState, city.region || null),
    lat: Math.round(city.lat * 1e4) / 1e4,
    lon: Math.round(city.lon * 1e4) / 1e4,
  };
}
