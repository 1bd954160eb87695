/**
 * ISO 3166-2's groups of the divisions the gazetteer files cities under (geo/data/division-groups.tsv,
 * made by geo/build-division-groups.ts) as named regions: Sri Lanka's provinces ("Uva Province",
 * "Sabaragamuwa"), the Philippines' regions ("Central Luzon", "Calabarzon", "Davao Region"),
 * Uganda's and Malawi's regions ("Central Region, Uganda"), Ireland's provinces ("Munster region",
 * "Connacht"; not Ulster, mostly Northern Ireland's). Each is named with its kind word, before or after the name, and with its country; by
 * its name alone where the file marks it distinctive; a name two countries' groups share with
 * their kind word ("Central Region") only with the country.
 */
import fs from 'node:fs';
import { countries } from 'countries-list';
import { fromPackageRoot } from '../lib/package-root.js';
import { placeKey } from './place-key.js';
import type { RegionDefinition } from './regions.js';

/** A country's English name (countries-list's: gazetteer.ts's table is not yet made while the regions are). */
const countryName = (code: string): string => (countries as Record<string, { name: string }>)[code]?.name ?? code;

/**
 * The groups as regions, each named by its name and kind word ("Uva Province") or, where another
 * country's group has that name and word, with its country as well ("Central Region, Uganda").
 */
export function divisionGroups(): RegionDefinition[] {
  const rows = fs
    .readFileSync(fromPackageRoot('geo/data/division-groups.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [cc, name, kind, bare, members] = l.split('\t') as [string, string, string, string, string];
      return { cc, name, kind, bare: bare === 'bare', worded: bare !== '', members: members.split('|') };
    });
  return rows.map((r) => {
    const country = countryName(r.cc);
    const kind = r.kind.toLowerCase();
    const alone = r.worded;
    const title = r.name.endsWith(` ${r.kind}`) ? r.name : `${r.name} ${r.kind}`;
    const aliases = [
      `${r.name} ${country}`,
      `${r.name} ${kind} ${country}`,
      `${r.name} ${kind} of ${country}`,
      ...(alone ? [`${r.name} ${kind}`, `the ${r.name} ${kind}`, `${kind} of ${r.name}`, `the ${kind} of ${r.name}`] : []),
      ...(r.bare ? [r.name] : []),
      // "Munster region" as well as "Munster Province": people call any such group a region.
      ...(alone && kind !== 'region' ? [`${r.name} region`] : []),
    ];
    return {
      name: alone ? title : `${title}, ${country}`,
      aliases: [...new Set(aliases.map((a) => a.toLowerCase()))],
      subdivisions: r.members.map((m) => `${r.cc}|${m}`),
    };
  });
}

/**
 * The listed regions with the groups after them. A group that a listed region names already
 * (the hand list's "Munster Province", "Grand Est") gives that region its other names when they hold
 * a division in common; else its names that another region has are left to that region ("Sahel"
 * is the belt across Africa, Burkina Faso's region is "Sahel Region, Burkina Faso").
 */
export function withDivisionGroups(listed: RegionDefinition[]): RegionDefinition[] {
  const byKey = new Map<string, RegionDefinition>();
  for (const r of listed) for (const k of [r.name, ...r.aliases].map(placeKey)) if (!byKey.has(k)) byKey.set(k, r);
  const merged = new Map<RegionDefinition, string[]>();
  const added: RegionDefinition[] = [];
  for (const g of divisionGroups()) {
    const keys = [g.name, ...g.aliases].map(placeKey);
    const hits = keys.map((k) => byKey.get(k)).filter((r): r is RegionDefinition => !!r);
    const same = hits.find((r) => r.subdivisions?.some((d) => g.subdivisions?.includes(d)));
    const free = g.aliases.filter((a) => !byKey.has(placeKey(a)));
    if (same) merged.set(same, [...(merged.get(same) ?? []), ...free]);
    else if (byKey.has(placeKey(g.name)))
      added.push({ ...g, name: `${g.name}, ${countryName((g.subdivisions?.[0] ?? '').slice(0, 2))}`, aliases: free });
    else added.push({ ...g, aliases: free });
  }
  return [...listed.map((r) => (merged.has(r) ? { ...r, aliases: [...r.aliases, ...(merged.get(r) ?? [])] } : r)), ...added];
}
