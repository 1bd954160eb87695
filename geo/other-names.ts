/**
 * Other languages' and spellings' names of the gazetteer's larger cities and towns ("Gimhae",
 * "Hargeisa"; geo/data/other-names.tsv, made by
 * geo/build-other-names.ts from GeoNames): "Londres" and "Londra" are London, "Mailand" is Milan,
 * "Helsingfors" is Helsinki. Such a name is read as a town is: the query parser wants a place word
 * before it ("engineers in Mailand"), and a contact's location cell reads it as the city.
 */
import fs from 'node:fs';
import { fromPackageRoot } from '../lib/package-root.js';
import { type City, findCities } from './gazetteer.js';
import { findOrdinaryTowns, findTowns } from './towns.js';

let index: Map<string, City> | null = null;

function otherNames(): Map<string, City> {
  if (index) return index;
  const out = new Map<string, City>();
  for (const line of fs.readFileSync(fromPackageRoot('geo/data/other-names.tsv'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [key, name, region, countryCode] = line.split('\t') as [string, string, string, string];
    const same = (c: City) => c.countryCode === countryCode && c.region === region;
    const city = findCities(name).find(same) ?? [...findTowns(name), ...findOrdinaryTowns(name)].find(same);
    if (city) out.set(key, city);
  }
  index = out;
  return out;
}

/** The city another language calls by this place key ("londres"), or null. */
export function findByOtherName(key: string): City | null {
  return otherNames().get(key) ?? null;
}

/** Every key {@link findByOtherName} answers. */
export function otherNameKeys(): string[] {
  return [...otherNames().keys()];
}
