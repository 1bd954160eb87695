/**
 * US counties, parishes and boroughs as areas (geo/data/us-counties.tsv, made by
 * geo/build-counties.ts): "Cook County", "Montgomery County, MD", "Orleans Parish". A county is an
 * area (geo/areas.ts): a filter on it matches its larger towns, and none of them takes it as its
 * metro. Its names: "Montgomery County, Maryland", "Montgomery County MD", and the bare "Montgomery
 * County" for the most populous of its namesakes, as a city's bare name is the most populous city's.
 * Hand-written areas and metros come first: "Orange County" alone stays California's.
 */
import fs from 'node:fs';
import { fromPackageRoot } from '../lib/package-root.js';
import type { MetroDefinition } from './metros.js';
import { US_STATES } from './us-states.js';

let list: MetroDefinition[] | null = null;

/** Every county as an area, most populous first. */
export function countyAreas(): MetroDefinition[] {
  if (list) return list;
  const out: MetroDefinition[] = [];
  for (const line of fs.readFileSync(fromPackageRoot('geo/data/us-counties.tsv'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [county, code, , towns] = line.split('\t') as [string, string, string, string];
    const state = US_STATES[code];
    if (!state) continue;
    out.push({
      name: `${county}, ${state}`,
      aliases: [`${county} ${code}`, county],
      members: towns.split(';').map((t) => `${t}|${state}|US`),
      area: true,
    });
  }
  list = out;
  return out;
}
