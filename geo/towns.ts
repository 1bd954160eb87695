/**
 * Towns the gazetteer does not list (geo/data/towns.tsv, made by geo/build-towns.ts from GeoNames):
 * Markham, Milton Keynes, Bentonville. A town's name is more often something else than a large
 * city's, so the query parser reads one only after a place word ("in Markham") or with its state
 * or country after a comma, unless it has half a million people (query-planner/places.ts,
 * parse/places.ts). A town whose name is one common word ("Surprise", "Worms") is read only with
 * its state or country after a comma (one of several, "Round Rock", reads like any town); one of fewer than four letters is left out; one that
 * is a gazetteer city under another spelling ("Dammam") is that city. A British name led by "Royal" of
 * three words or more also answers without it ("Leamington Spa").
 */
import fs from 'node:fs';
import { fromPackageRoot } from '../lib/package-root.js';
import { isOrdinaryName } from './common-words.js';
import { allCities, type City, countryName, findCities, findCountryCode, findUsState, otherKeys } from './gazetteer.js';
import { placeKey } from './place-key.js';

let index: Map<string, City[]> | null = null;
/** Towns whose names are ordinary words ("Surprise", "Worms"), read only with their state or country. */
let ordinary: Map<string, City[]> | null = null;

/** Towns by place key, most populous first; names of ordinary words left out. Read once. */
function towns(): Map<string, City[]> {
  if (index) return index;
  const out = new Map<string, City[]>();
  const ord = new Map<string, City[]>();
  ordinary = ord;
  for (const line of fs.readFileSync(fromPackageRoot('geo/data/towns.tsv'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [name, region, countryCode, population, lat, lon, sameAs] = line.split('\t') as [
      string,
      string,
      string,
      string,
      string,
      string,
      string?,
    ];
    const key = placeKey(name);
    if (key.length < 4) continue;
    // One ordinary word ("Surprise") is read only with its state or country; so is a name of
    // several that is a district of a larger city ("South Gate" of Los Angeles, "New Territory"
    // of Sugar Land), which would read as that city. A name of several of its own ("Round Rock",
    // "Overland Park", "White Plains") is a name as a phrase, read like any town.
    // Another spelling of a gazetteer city ("Dammam" for "Ad Damman"): that city, as records store it.
    const [cityName, cityRegion] = sameAs ? (sameAs.split('|') as [string, string]) : [];
    const city = cityName ? findCities(cityName).find((c) => c.countryCode === countryCode && c.region === cityRegion) : undefined;
    // The English name of a city of half a million ("Mecca" for Makkah, "Port Said" for Bur Said),
    // as many people as the city itself: no district, read as any town is (after a place word).
    const renamed = !!city && city.population >= 500_000 && Number(population) >= 0.8 * city.population;
    // Nor one in which a shorter run of words is a city ("Auburn Hills" beside Pontiac, "East
    // Orange" beside Newark): kept for its state alone, the shorter city would be read in its place
    // ("near auburn hills" as Auburn, Alabama), so the longer name is read as any town is.
    const shorterCity = !!sameAs && shorterCityIn(key);
    const target = isOrdinaryName(key) && (!key.includes(' ') || (sameAs && !shorterCity)) && !renamed ? ord : out;
    const town = cityName
      ? city
      : {
          name,
          region,
          countryCode,
          country: countryName(countryCode),
          population: Number(population),
          lat: Number(lat),
          lon: Number(lon),
        };
    if (!town) continue;
    // "Royal Leamington Spa", "Royal Tunbridge Wells": in Britain the honour is dropped in speech
    // (not in Florida's Royal Palm Beach, which is no Palm Beach).
    const keys = countryCode === 'GB' && key.startsWith('royal ') && key.split(' ').length > 2 ? [key, key.slice('royal '.length)] : [key];
    for (const k of keys) {
      const list = target.get(k) ?? [];
      list.push(town);
      target.set(k, list);
    }
  }
  // Other spellings of the gazetteer's cities and of these towns: "Dehradun" for "Dehra Dun",
  // "Ajman" for GeoNames' "Ajman City" (gazetteer.ts `otherKeys`); read as towns are, where no
  // city, town, country or US state has the key and it is no common word. Most populous first.
  const named: [string, City][] = [
    ...allCities().map((c): [string, City] => [placeKey(c.name), c]),
    ...[...out].flatMap(([key, list]) => list.map((t): [string, City] => [key, t])),
  ].sort((a, b) => b[1].population - a[1].population);
  for (const [key, place] of named)
    for (const other of otherKeys(key, place.countryCode)) {
      if (ord.has(other) || findCities(other).length || findCountryCode(other) || findUsState(other) || isOrdinaryName(other)) continue;
      const list = out.get(other) ?? [];
      if (list.length && !list.some((t) => placeKey(t.name) !== other)) continue;
      if (!list.includes(place)) list.push(place);
      out.set(other, list);
    }
  index = out;
  return out;
}

/** Whether a run of a name's words, shorter than the name, is a gazetteer city's name ("auburn" of "auburn hills"). */
function shorterCityIn(key: string): boolean {
  const words = key.split(' ');
  for (let i = 0; i < words.length; i++)
    for (let j = i + 1; j <= words.length; j++) if (j - i < words.length && findCities(words.slice(i, j).join(' ')).length > 0) return true;
  return false;
}

/** Towns called `name`, most populous first (the file's order). */
export function findTowns(name: string): City[] {
  return towns().get(placeKey(name)) ?? [];
}

/**
 * Towns whose names are ordinary words ("Surprise, AZ", "Worms, Germany"), most populous first:
 * read only with their state or country after a comma.
 */
export function findOrdinaryTowns(name: string): City[] {
  towns();
  return ordinary?.get(placeKey(name)) ?? [];
}

/**
 * Every town the file lists that is no gazetteer city under another spelling, ordinary names
 * included, most populous first.
 */
export function allTowns(): City[] {
  const cities = new Set<City>(allCities());
  const seen = new Set<City>();
  for (const list of [...towns().values(), ...(ordinary?.values() ?? [])]) for (const t of list) if (!cities.has(t)) seen.add(t);
  return [...seen].sort((a, b) => b.population - a.population);
}

/** Every key {@link findTowns} answers. */
export function townKeys(): string[] {
  return [...towns().keys()];
}
