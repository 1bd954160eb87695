/**
 * US counties, parishes and boroughs as areas (geo/data/us-counties.tsv, made by
 * geo/build-counties.ts): "Cook County", "Montgomery County, MD", "Orleans Parish". A county is an
 * area (geo/areas.ts): a filter on it matches its larger towns, and none of them takes it as its
 * metro. Its names: "Montgomery County, Maryland", "Montgomery County MD", and the bare "Montgomery
 * County" for the most populous of its namesakes when it is clearly the largest ("York County" has
 * two of a size, and needs its state).
 * Hand-written areas and metros come first: "Orange County" alone stays California's.
 */
import fs from 'node:fs';
import { fromPackageRoot } from '../lib/package-root.js';
import type { MetroDefinition } from './metros.js';
import { US_COUNTY_PARTS } from './us-areas.js';
import { US_STATES } from './us-states.js';

let list: MetroDefinition[] | null = null;

/** Every county as an area, most populous first. */
export function countyAreas(): MetroDefinition[] {
  if (list) return list;
  const rows: { county: string; code: string; state: string; people: number; towns: string }[] = [];
  for (const line of fs.readFileSync(fromPackageRoot('geo/data/us-counties.tsv'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [county, code, people, towns] = line.split('\t') as [string, string, string, string];
    const state = US_STATES[code];
    if (state) rows.push({ county, code, state, people: Number(people), towns });
  }
  // The file is most populous first: the first of a name is its largest, by its towns' people.
  const largest = new Map<string, number[]>();
  for (const r of rows) largest.set(r.county, [...(largest.get(r.county) ?? []), r.people]);
  const out: MetroDefinition[] = [];
  for (const r of rows) {
    const namesakes = largest.get(r.county) as number[];
    // The bare name is the largest namesake's only when it is clearly the largest (half as large
    // again as the next, by its towns' people, which rank counties roughly): "Cook County" is
    // Illinois's; "York County" (Maine's or Pennsylvania's?) needs its state.
    const bare = namesakes[0] === r.people && (namesakes.length === 1 || r.people >= BARE_NAME_LEAD * (namesakes[1] as number));
    out.push({
      name: `${r.county}, ${r.state}`,
      aliases: [`${r.county} ${r.code}`, ...(bare ? [r.county] : [])],
      members: r.towns.split(';').map((t) => `${t}|${r.state}|US`),
      area: true,
    });
  }
  // A name no county clearly leads ("York County", "Jefferson County") is every county of that name:
  // its towns in each state, until the state is said ("York County, PA").
  for (const [county, namesakes] of largest) {
    if (namesakes.length < 2 || (namesakes[0] as number) >= BARE_NAME_LEAD * (namesakes[1] as number)) continue;
    const members = out.filter((m) => m.name.startsWith(`${county}, `)).flatMap((m) => m.members);
    out.push({ name: county, aliases: [], members: members.slice(0, SHARED_NAME_TOWNS), area: true });
  }
  // Parts of states made of counties ("Cape Cod", "the Upper Peninsula"): their counties' towns.
  const byName = new Map(out.map((m) => [m.name, m]));
  for (const part of US_COUNTY_PARTS) {
    const members = part.counties.flatMap((c) => {
      const [county, code] = c.split('|') as [string, string];
      return byName.get(`${county}, ${US_STATES[code]}`)?.members ?? [];
    });
    const towns = (part.towns ?? []).map((t) => {
      const [town, code] = t.split('|') as [string, string];
      return `${town}|${US_STATES[code]}|US`;
    });
    out.push({ name: part.name, aliases: part.aliases, members: [...new Set([...towns, ...members])], area: true });
  }
  list = out;
  return out;
}

/** The most towns a county name shared by several lists (the larger counties' first). */
const SHARED_NAME_TOWNS = 60;

/** How many times its next namesake's people the largest county of a name must have to take the bare name. */
const BARE_NAME_LEAD = 1.5;
