/**
 * Writes geo/data/division-groups.tsv: ISO 3166-2's first-level subdivisions that group the
 * divisions the gazetteer files cities under (Sri Lanka's provinces of its districts, the
 * Philippines' regions of its provinces, Uganda's and Malawi's regions, Ireland's provinces of
 * its counties, Burkina Faso's regions, the Dominican Republic's), each with the gazetteer's
 * divisions it holds. geo/division-groups.ts reads them as named regions ("Uva Province",
 * "Central Luzon", "Munster region"). Run `node --import tsx geo/build-division-groups.ts` after
 * the gazetteer's sources change; test/geo/division-groups.test.ts checks the file is what this makes.
 *
 * Sources (development dependencies): ISO 3166-2's subdivisions and their parents (the `iso-3166`
 * package, MIT) and Unicode CLDR's English names of them (`cldr-subdivisions-full`, Unicode
 * licence). A member is linked to a gazetteer division as geo/data/division-names.tsv links it
 * (its ISO or CLDR name is the division's, or one of the division's other names there).
 *
 * A group is left out when one of its names is a division of its country already (Bangladesh's
 * divisions, Guinea's regions, Spain's one-province communities are what the gazetteer files
 * under), or when its name is a historic region reaching into another country (ACROSS_BORDERS:
 * Ireland's Ulster holds Donegal and Monaghan, but six of the province's nine counties are
 * Northern Ireland's, and "Ulster" mostly means them; geo/historical-regions.ts leaves it out too). Its name alone is written readable ("bare") only when it is distinctive: five letters or
 * more, not made of common English words or words of position in any language ("Central",
 * "Centre-Est", "Norte"), no given name, no city, town, country or division, and no other
 * group's; else it is read only with its kind word ("Uva Province"), and where another country has
 * a division or group of the name ("Western Province", "Central Region") only with its country.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isGivenName } from '../lib/names/given-names.js';
import { fromPackageRoot } from '../lib/package-root.js';
import { DIVISION_NAMES_FILE } from './build-division-names.js';
import { isOrdinaryName } from './common-words.js';
import { isoNames, PLAIN_NAME } from './division-name-match.js';
import { findDivision } from './divisions.js';
import { allCities, findCities, findCountryCode, findUsState } from './gazetteer.js';
import { placeKey } from './place-key.js';
import { findTowns } from './towns.js';

export const DIVISION_GROUPS_FILE = fromPackageRoot('geo/data/division-groups.tsv');

/**
 * The word each country calls these groups by in English (ISO 3166-2's category for them):
 * Sri Lanka's, Ireland's and Guinea-Bissau's provinces; elsewhere regions.
 */
const KIND_WORDS: Readonly<Record<string, string>> = { LK: 'Province', IE: 'Province', GW: 'Province' };

/** Words of position in the languages of the groups' names: a name made of these alone is no name to read bare. */
const POSITION = new Set(
  'north south east west northern southern eastern western central centre center middle upper lower nord sud est ouest norte sul sur leste oeste este centro el la le valle plateau'.split(
    ' ',
  ),
);

/**
 * Groups named after a historic region most of which lies in another country: read as the group,
 * the name would drop that part (and most of its people), so each is left out, by name and kind word too.
 */
const ACROSS_BORDERS = new Set(['IE|Ulster']);

interface Subdivision {
  code: string;
  name: string;
  parent: string;
}

/** The file's text: a header, then one group a line (country, name, kind word, how it is read, members joined by "|"), sorted. */
export function buildDivisionGroups(): string {
  const require = createRequire(import.meta.url);
  const { iso31662 } = require('iso-3166') as { iso31662: Subdivision[] };
  const english = (
    require('cldr-subdivisions-full/subdivisions/en/en.json') as {
      subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } };
    }
  ).subdivisions.localeDisplayNames.subdivisions;
  const englishOf = (s: Subdivision) => english[s.code.replace('-', '').toLowerCase()];
  // The gazetteer's divisions by country and place key, with their other names.
  const divisions = new Map<string, string>();
  for (const c of allCities()) if (c.region && c.countryCode !== 'US') divisions.set(`${c.countryCode}|${placeKey(c.region)}`, c.region);
  for (const line of fs.readFileSync(DIVISION_NAMES_FILE, 'utf8').split('\n')) {
    const [cc, region, others] = line.split('\t');
    if (!cc || !region || line.startsWith('#')) continue;
    for (const n of [region, ...(others ?? '').split('|')].filter(Boolean)) {
      const k = `${cc}|${placeKey(n)}`;
      if (!divisions.has(k)) divisions.set(k, region);
    }
  }
  const kindless = (n: string) => n.replace(/ (AR|Region|Division|County|Province)$/, '');
  const groups: { cc: string; name: string; kind: string; members: string[] }[] = [];
  for (const s of iso31662.filter((x) => x.parent.length === 2)) {
    const children = iso31662.filter((k) => k.parent === s.code);
    const members = [
      ...new Set(
        children
          .map((k) => [...isoNames(k.name), englishOf(k) ?? ''].map((n) => divisions.get(`${s.parent}|${placeKey(n)}`)).find(Boolean))
          .filter((m): m is string => !!m),
      ),
    ].sort();
    if (members.length === 0) continue;
    const names = [englishOf(s) ?? '', ...isoNames(s.name)].filter((n) => n && PLAIN_NAME.test(n));
    if (names.length === 0 || names.some((n) => divisions.has(`${s.parent}|${placeKey(kindless(n))}`))) continue;
    if (names.some((n) => ACROSS_BORDERS.has(`${s.parent}|${kindless(n)}`))) continue;
    groups.push({ cc: s.parent, name: names[0] as string, kind: KIND_WORDS[s.parent] ?? 'Region', members });
  }
  // A name two groups share ("Central" of Uganda and Malawi) is read bare by neither.
  const count = new Map<string, number>();
  for (const g of groups) count.set(placeKey(g.name), (count.get(placeKey(g.name)) ?? 0) + 1);
  // A name with its kind word is read where no other country's division or group has the name
  // ("Uva Province"); "Western Province" is Zambia's, Rwanda's and Sri Lanka's, and stays unread.
  const anyDivision = new Set([...divisions.keys()].map((k) => k.slice(3)));
  const rows = groups.map((g) => {
    const key = placeKey(g.name);
    const worded = count.get(key) === 1 && !anyDivision.has(key) && !findDivision(`${g.name} ${g.kind}`);
    const bare =
      key.replace(/ /g, '').length >= 5 &&
      count.get(key) === 1 &&
      !isOrdinaryName(key) &&
      !key.split(' ').every((w) => POSITION.has(w)) &&
      !isGivenName(key) &&
      findCities(key).length === 0 &&
      findTowns(key).length === 0 &&
      !findCountryCode(key) &&
      !findUsState(key) &&
      !findDivision(key);
    return `${g.cc}\t${g.name}\t${g.kind}\t${bare && worded ? 'bare' : worded ? 'worded' : ''}\t${g.members.join('|')}`;
  });
  return [
    "# ISO 3166-2 subdivisions grouping the gazetteer's divisions, made by geo/build-division-groups.ts.",
    '# From ISO 3166-2 (the iso-3166 package, MIT) and Unicode CLDR English names (cldr-subdivisions-full, Unicode licence).',
    '# country_code\tname\tkind word\t"bare" when the name alone is read, "worded" with its kind word, "" only with its country\tthe divisions it holds (as records store them), "|" between them',
    ...rows.sort(),
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = buildDivisionGroups();
  fs.writeFileSync(DIVISION_GROUPS_FILE, text);
  process.stdout.write(`wrote ${text.split('\n').length - 4} groups to ${DIVISION_GROUPS_FILE}\n`);
}
