/**
 * The index the place scan looks words up in: every key a place lookup can succeed on, and their
 * word prefixes, so that n-grams grow only along known names (parse/places.ts). Built once from the
 * gazetteer; resolvePlace's answers are cached (bounded).
 */
import { countries } from 'countries-list';
import { diphthongVariant } from '../../geo/arabic-spellings.js';
import { countyAreas } from '../../geo/counties.js';
import { markedCountryKeys } from '../../geo/country-names.js';
import { directionKeys } from '../../geo/directions.js';
import { districtKeys } from '../../geo/districts.js';
import { divisionKeys } from '../../geo/divisions.js';
import { allCities, countryAliasKeys, countryName, findCities } from '../../geo/gazetteer.js';
import { landformForms } from '../../geo/landform-names.js';
import { METROS } from '../../geo/metros.js';
import { otherNameKeys } from '../../geo/other-names.js';
import { placeKey } from '../../geo/place-key.js';
import { CITY_ALIASES } from '../../geo/supplement.js';
import { townKeys } from '../../geo/towns.js';
import { OTHER_SUBDIVISIONS, US_STATES } from '../../geo/us-states.js';
import { type PlaceMatch, regionKeys, resolvePlace } from '../places.js';
import { PLACE_COMMON_WORDS } from './lexicon/places.js';
import type { Token } from './tokens.js';

const MAX_PLACE_WORDS = 6;
/** Postal abbreviations of a town's last word, as placeKey reads them back (geo/place-key.ts). */
const POSTAL_SHORT: ReadonlyMap<string, string> = new Map([
  ['heights', 'hts'],
  ['springs', 'spgs'],
  ['beach', 'bch'],
]);

let keys: Set<string> | null = null;
/** Every word prefix of a key ("new", "new york", "new york city"): n-grams grow only along these. */
let prefixes: Set<string> | null = null;
/** resolvePlace is pure: its answers are cached (bounded). */
const resolved = new Map<string, PlaceMatch | null>();
const RESOLVE_CACHE_MAX = 20_000;

export function resolveCached(text: string): PlaceMatch | null {
  const hit = resolved.get(text);
  if (hit !== undefined) return hit;
  const match = resolvePlace(text);
  if (resolved.size >= RESOLVE_CACHE_MAX) resolved.clear();
  resolved.set(text, match);
  return match;
}

/** Every key a place lookup can succeed on (cities, aliases, countries, states, metros, regions, other languages' names). */
export function placeKeys(): Set<string> {
  if (keys) return keys;
  const set = basePlaceKeys();
  for (const key of otherNameKeys()) set.add(key);
  // "Suède": a country's translated name that folds to an English word, resolved as written.
  for (const key of markedCountryKeys()) set.add(key);
  keys = set;
  prefixes = new Set<string>();
  for (const k of set) {
    const parts = k.split(' ');
    for (let n = 1; n <= parts.length; n++) prefixes.add(parts.slice(0, n).join(' '));
  }
  return set;
}

/**
 * Every place key but other languages' names of cities (geo/other-names.ts): what
 * geo/build-other-names.ts checks a name against. A new set each call.
 */
export function basePlaceKeys(): Set<string> {
  const set = new Set<string>();
  const add = (s: string) => {
    const k = placeKey(s);
    if (k) set.add(k);
  };
  for (const c of allCities()) {
    add(c.name);
    // "luxembourg city", "kuwait city", "davao city": a city with "City" to say so.
    add(`${c.name} city`);
    // "Al Ain" for Al Ayn (geo/arabic-spellings.ts), where the gazetteer reads it so.
    const variant = diphthongVariant(placeKey(c.name));
    if (variant && findCities(variant).includes(c)) set.add(variant);
  }
  for (const alias of CITY_ALIASES.keys()) add(alias);
  for (const [code, c] of Object.entries(countries as Record<string, { name: string }>)) {
    add(c.name);
    add(countryName(code));
  }
  for (const alias of countryAliasKeys()) add(alias);
  for (const [code, name] of Object.entries(US_STATES)) {
    add(code);
    add(name);
  }
  for (const list of Object.values(OTHER_SUBDIVISIONS)) for (const s of list) for (const name of [s.name, ...(s.aliases ?? [])]) add(name);
  for (const key of divisionKeys()) set.add(key);
  for (const key of townKeys()) set.add(key);
  for (const key of districtKeys()) set.add(key);
  // Parts of countries named by a direction ("northern italy", "south india": geo/directions.ts).
  for (const code of Object.keys(countries)) for (const dir of directionKeys()) add(`${dir} ${countryName(code)}`);
  for (const m of [...METROS, ...countyAreas()]) {
    add(m.name);
    for (const a of m.aliases) add(a);
  }
  for (const key of regionKeys()) set.add(key);
  // Other forms of ranges' and valleys' names ("the rockies", "rocky mountains", "the appalachians").
  for (const m of [...METROS, ...countyAreas()])
    for (const name of [m.name, ...m.aliases]) for (const f of landformForms(placeKey(name))) set.add(f);
  for (const key of regionKeys()) for (const f of landformForms(key)) set.add(f);
  // The scan joins each word's key: "ft collins", "n las vegas", "sterling hts" are looked up as
  // written (placeKey reads them "fort collins", "north las vegas", "sterling heights").
  for (const k of [...set]) {
    const short = k.replace(/\b(fort|mount) (?=\S)/g, (word) => (word === 'fort ' ? 'ft ' : 'mt '));
    if (short !== k) set.add(short);
    const postal = k.replace(/(?<=\S )(heights|springs|beach)$/, (word) => POSTAL_SHORT.get(word) ?? word);
    if (postal !== k) set.add(postal);
    const compass = /^(north|south|east|west) \S/.test(k) ? `${k[0]}${k.slice(k.indexOf(' '))}` : k;
    if (compass !== k) set.add(compass);
  }
  return set;
}

/** A token's place key: folded as every place name is ({@link placeKey}: "Wrocław", "Xi'an", "Saint"). */
export function tokenKey(t: Token): string {
  return placeKey(t.norm);
}

/** Words before a city that name its metro, in English and the cities' own languages (resolvePlace reads them). */
const METRO_LEADS: string[][] = [
  'greater',
  'area metropolitana de',
  'zona metropolitana de',
  'region metropolitana de',
  'regiao metropolitana de',
  'regiao metropolitana do',
  'grossraum',
  'metropolregion',
  'metropole de',
].map((p) => p.split(' '));

/** Words after a place that name its metro ("québec metro area", "X metropolitan area"). */
const METRO_TAIL = / (metro area|metropolitan area)$/;

/**
 * A key without the words for a metro before or after it ("area metropolitana de monterrey" →
 * "monterrey", "quebec metro area" → "quebec"), or null.
 */
export function withoutMetroLead(key: string): string | null {
  const words = key.split(' ');
  const lead = METRO_LEADS.find((p) => p.length < words.length && p.every((w, q) => words[q] === w));
  if (lead) return words.slice(lead.length).join(' ');
  const tail = METRO_TAIL.exec(key);
  return tail ? key.slice(0, tail.index) : null;
}

/**
 * The ends (exclusive) of the n-grams starting at `from` whose key is a place key, longest
 * first. N-grams grow only while their key is the prefix of some place key.
 */
export function knownEnds(tokens: Token[], from: number): number[] {
  const set = placeKeys();
  const prefixSet = prefixes as Set<string>;
  const ends: number[] = [];
  let key = '';
  let greater = false;
  let rest = '';
  // "Greater X" and its kin in other languages ("Área Metropolitana de X", "Großraum X"): X's metro or X.
  const lead = METRO_LEADS.find((p) =>
    p.every((w, q) => {
      const t = tokens[from + q];
      return !!t && !t.claim && t.kind === 'word' && tokenKey(t) === w;
    }),
  );
  const leadEnd = from + (lead?.length ?? 0);
  for (let to = from + 1; to <= Math.min(tokens.length, from + MAX_PLACE_WORDS); to++) {
    const t = tokens[to - 1] as Token;
    if (t.claim || (t.kind === 'punct' && !(t.text === '&' && to - 1 > from))) break;
    const k = tokenKey(t);
    if (!k) break;
    key = key ? `${key} ${k}` : k;
    if (to <= leadEnd) {
      greater = true;
      continue;
    }
    if (greater) rest = rest ? `${rest} ${k}` : k;
    const alive = prefixSet.has(key) || (greater && prefixSet.has(rest));
    if (!alive) break;
    if (set.has(key) || (greater && set.has(rest))) ends.push(to);
  }
  // "québec metro area": a division named like its city, with the words for a metro after it, is
  // that city (resolvePlace); a city's "X metro area" is read as before.
  const last = ends.at(-1);
  if (last !== undefined) {
    const next = (k: number) => {
      const t = tokens[k];
      return t && t.kind === 'word' && !t.claim ? tokenKey(t) : '';
    };
    const metroArea = /^(metro|metropolitan)$/.test(next(last)) && next(last + 1) === 'area';
    const base = tokens.slice(from, last).map(tokenKey).join(' ');
    if (metroArea && resolveCached(base)?.kind === 'state') ends.push(last + 2);
  }
  return ends.reverse();
}

/** Whether a known place name starts at token `from` (used to keep "MD in Boston" a place). */
export function placeStartsAt(tokens: Token[], from: number): boolean {
  return knownEnds(tokens, from).some((to) => {
    const key = tokens.slice(from, to).map(tokenKey).join(' ');
    return !PLACE_COMMON_WORDS.has(key);
  });
}
