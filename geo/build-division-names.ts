/**
 * Writes geo/data/division-names.tsv: other names of the first-level divisions the gazetteer's
 * cities are filed under ("Styria" and "Steiermark", "East Java" and "Jawa Timur", "Asturias" and
 * "Principado de Asturias"). Run `node --import tsx geo/build-division-names.ts` after the
 * gazetteer's sources change; test/geo/division-names.test.ts checks the file is what this makes.
 *
 * Sources (development dependencies): ISO 3166-2's subdivisions with their official names, in
 * the country's own language (the `iso-3166` package, MIT), and Unicode CLDR's English names of
 * the same subdivisions (`cldr-subdivisions-full`, Unicode licence). A subdivision is the
 * gazetteer's division of that country when one of its names has the division's place key; its
 * other names are then written as the division's. ISO's inverted names ("Asturias, Principado
 * de") are read both ways: the short name and the full one.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distance } from 'fastest-levenshtein';
import { fromPackageRoot } from '../lib/package-root.js';
import { allCities, placeKey } from './gazetteer.js';

export const DIVISION_NAMES_FILE = fromPackageRoot('geo/data/division-names.tsv');

interface Subdivision {
  code: string;
  name: string;
  parent: string;
}

/** The names an ISO 3166-2 entry is written with: "Asturias, Principado de" is "Principado de Asturias" and "Asturias". */
function isoNames(name: string): string[] {
  const out: string[] = [];
  for (const part of name.split(/\s*[;/]\s*/)) {
    const inverted = /^([^,]+), ([^,]+)$/.exec(part);
    if (inverted) out.push(`${inverted[2]} ${inverted[1]}`, inverted[1] as string);
    else out.push(part);
  }
  return out.map((n) => n.replace(/\s*\[[^\]]*\]|\s*\([^)]*\)/g, '').trim()).filter(Boolean);
}

/** Whether two place keys differ by one vowel, "h" or final "n", in one word of four letters or more. */
export function spellingVariant(a: string, b: string): boolean {
  const wa = a.split(' ');
  const wb = b.split(' ');
  if (wa.length !== wb.length) return false;
  const differ = wa.map((w, i) => [w, wb[i] as string] as const).filter(([x, y]) => x !== y);
  if (differ.length !== 1) return false;
  const [x, y] = differ[0] as readonly [string, string];
  if (Math.min(x.length, y.length) < 4 || distance(x, y) !== 1) return false;
  if (x.length === y.length) {
    const i = [...x].findIndex((c, k) => c !== y[k]);
    return /[aeiouy]/.test(x[i] as string) && /[aeiouy]/.test(y[i] as string);
  }
  const [long, short] = x.length > y.length ? [x, y] : [y, x];
  const i = [...short].findIndex((c, k) => c !== long[k]);
  const extra = long[i === -1 ? short.length : i] as string;
  return /[aeiouyh]/.test(extra) || (extra === 'n' && (i === -1 || i === short.length));
}

/**
 * Whether a division's name is another of several words with one word before it that does not make
 * it a city ("Orange Free State", the former name of "Free State"; not "Ciudad de Buenos Aires",
 * the city, for the province "Buenos Aires", nor "Eastern Uusimaa" for "Uusimaa").
 */
function formerPrefix(region: string, iso: string): boolean {
  if (!iso.includes(' ') || !region.endsWith(` ${iso}`)) return false;
  const before = region.slice(0, -iso.length - 1);
  return !before.includes(' ') && !/^(city|ciudad|grad|cidade|citta|ville|stadt)$/.test(before) && !POSITION.test(before);
}
const POSITION = /^(north|south|east|west|northern|southern|eastern|western|upper|lower|central|greater)$/;

/** Words for a kind of first-level division, before or after its name, in the languages ISO 3166-2 writes. */
const KIND_WORDS =
  /^(region|regione|región|regiao|province|provincia|provinz|sheng|shi|zizhiqu|kraj|kray|krai|oblast|okrug|respublika|county|prefecture|governorate|department|departamento|state|estado|district)$/i;

/** A name without the one word for its kind before or after it, or null: "Region Hovedstaden" → "Hovedstaden". */
function withoutKindWord(name: string): string | null {
  const w = name.split(/\s+/);
  if (w.length < 2) return null;
  if (KIND_WORDS.test(w[0] as string)) return w.slice(1).join(' ');
  if (KIND_WORDS.test(w.at(-1) as string)) return w.slice(0, -1).join(' ');
  return null;
}

/** The file's text: a header, then one division a line (country code, the gazetteer's name, its other names joined by "|"), sorted. */
export function buildDivisionNames(): string {
  const require = createRequire(import.meta.url);
  const { iso31662 } = require('iso-3166') as { iso31662: Subdivision[] };
  const english = (
    require('cldr-subdivisions-full/subdivisions/en/en.json') as {
      subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } };
    }
  ).subdivisions.localeDisplayNames.subdivisions;
  // The gazetteer's divisions by country and place key.
  const divisions = new Map<string, string>();
  for (const c of allCities()) if (c.region && c.countryCode !== 'US') divisions.set(`${c.countryCode}|${placeKey(c.region)}`, c.region);
  const byCountry = new Map<string, string[]>();
  for (const [key, region] of divisions) {
    const country = key.slice(0, 2);
    byCountry.set(country, [...(byCountry.get(country) ?? []), region]);
  }
  // Spelt a vowel, an "h" or a final "n" apart in one word of four letters or more ("Sind" and
  // "Sindh", "Baluchistan" and "Balochistan", "Lower Silesian" and "Lower Silesia"), and only one
  // division of the country that close: "Derby" is not "Derry", nor "Hà Giang" "Hậu Giang".
  // Or the gazetteer's name is the ISO one with words before it ("Orange Free State", today's "Free State").
  const nearOne = (country: string, names: string[]): string | undefined => {
    const near = new Set<string>();
    for (const region of byCountry.get(country) ?? [])
      for (const n of names) {
        const key = placeKey(n);
        if (spellingVariant(key, placeKey(region)) || formerPrefix(placeKey(region), key)) near.add(region);
      }
    return near.size === 1 ? [...near][0] : undefined;
  };
  const firstLevel = iso31662.filter((s) => s.parent.length === 2);
  const englishOf = (s: Subdivision) => english[s.code.replace('-', '').toLowerCase()];
  // Countries whose codes CLDR numbers differently from ISO: an English name there is another
  // subdivision's ISO name (Iran's "Khuzestan" on Esfahan's code). Their English names are not used.
  const isoKeys = new Map<string, Set<string>>();
  for (const s of firstLevel)
    for (const n of isoNames(s.name)) isoKeys.set(s.parent, (isoKeys.get(s.parent) ?? new Set()).add(placeKey(n)));
  const renumbered = new Set<string>();
  // Morocco: CLDR names its regions before 2015 under today's numbers ("Meknès-Tafilalet" on
  // Casablanca-Settat's code), and no English name equals an ISO one there, so say it.
  renumbered.add('MA');
  for (const s of firstLevel) {
    const en = englishOf(s);
    if (!en) continue;
    const own = new Set(isoNames(s.name).map(placeKey));
    if (!own.has(placeKey(en)) && isoKeys.get(s.parent)?.has(placeKey(en))) renumbered.add(s.parent);
  }
  const aliases = new Map<string, Set<string>>();
  for (const s of firstLevel) {
    const names = [...isoNames(s.name), renumbered.has(s.parent) ? '' : (englishOf(s) ?? '')].filter(Boolean);
    // A name without the word for the kind of division it is ("Region Hovedstaden", "Nei Mongol
    // Zizhiqu", "Jihomoravský kraj") is the division the gazetteer files under the rest.
    const bare = names.map(withoutKindWord).filter((n): n is string => n !== null);
    const region = [...names, ...bare].map((n) => divisions.get(`${s.parent}|${placeKey(n)}`)).find(Boolean) ?? nearOne(s.parent, names);
    if (!region) continue;
    const key = `${s.parent}\t${region}`;
    const set = aliases.get(key) ?? new Set<string>();
    // A name that is another division of the country is not this one's (CLDR and ISO number some
    // countries' subdivisions differently); nor is a name cut at a hyphen.
    for (const n of names) {
      const k = placeKey(n);
      const other = divisions.get(`${s.parent}|${k}`);
      if (k !== placeKey(region) && (!other || other === region) && k.length >= 3 && !/-$|[\d\u00b2\u00b3\u00b9]/.test(n)) set.add(n);
    }
    aliases.set(key, set);
  }
  const rows = [...aliases]
    .filter(([, names]) => names.size > 0)
    .map(([key, names]) => `${key}\t${[...names].sort().join('|')}`)
    .sort();
  return [
    "# Other names of the gazetteer's first-level divisions, made by geo/build-division-names.ts.",
    '# From ISO 3166-2 (the iso-3166 package, MIT) and Unicode CLDR English names (cldr-subdivisions-full, Unicode licence).',
    '# country_code\tdivision (as records store it)\tother names, "|" between them',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = buildDivisionNames();
  fs.writeFileSync(DIVISION_NAMES_FILE, text);
  process.stdout.write(`wrote ${text.split('\n').length - 4} divisions to ${DIVISION_NAMES_FILE}\n`);
}
