/**
 * Places a query misspells ("missisippi", "Tuscon"): read only right after a place word, by
 * places.ts. The caller has ruled out the parser's own vocabulary (titles, levels, stop words).
 */
import { countries } from 'countries-list';
import { distance } from 'fastest-levenshtein';
import { commonWords } from '../../geo/common-words.js';
import { allCities } from '../../geo/gazetteer.js';
import { placeKey } from '../../geo/place-key.js';
import { US_STATES } from '../../geo/us-states.js';
import { LANGUAGES } from './lexicon/languages.js';

/** Place names a misspelling may stand for: US states, countries and cities of 150,000 people or more, of one word. */
let fuzzyNames: { key: string; name: string }[] | null = null;
let languages: Set<string> | null = null;
const FUZZY_CITY_MIN_POPULATION = 150_000;

/**
 * The place a word (its place key) misspells: two letters swapped in a word of six letters or
 * more, a letter left out in a word of five to seven ("londn" → London), or two slips from eight letters (a swap counting as one), the same first letter, and only
 * one name that close ("missisippi" → Mississippi, "Tuscon" → Tucson); never a common English
 * word; null otherwise.
 */
export function misspeltPlace(key: string): string | null {
  if (key.length < 5 || key.length > MAX_CORRECTED_WORD || !/^[a-z]+$/.test(key) || commonWords().has(key)) return null;
  // A language is a name, not a slip ("sell in german" is no Germany).
  languages ??= new Set(LANGUAGES.map((l) => l.toLowerCase()));
  if (languages.has(key)) return null;
  if (!fuzzyNames) {
    const names = new Map<string, string>();
    for (const name of Object.values(US_STATES)) names.set(placeKey(name), name);
    for (const c of Object.values(countries as Record<string, { name: string }>)) names.set(placeKey(c.name), c.name);
    for (const c of allCities()) if (c.population >= FUZZY_CITY_MIN_POPULATION) names.set(placeKey(c.name), c.name);
    fuzzyNames = [...names].filter(([k]) => /^[a-z]+$/.test(k) && k.length >= 5).map(([k, name]) => ({ key: k, name }));
  }
  // Shorter words take only a swap or a letter left out ("londn" is London): one other letter
  // makes another name too often ("Dallos" is no Dallas). Five letters take only a letter left out.
  const keys = fuzzyNames.map((f) => f.key);
  const hit =
    (key.length >= 6 ? closestWord(key, keys, key.length >= 8 ? 2 : 0) : null) ?? (key.length < 8 ? oneLetterLeftOut(key, keys) : null);
  return hit === null ? null : (fuzzyNames.find((f) => f.key === hit)?.name ?? null);
}

/**
 * The longest word spelling correction reads: no place nor head noun is longer, so a longer word
 * (a pasted token, a hash) is never a slip for one, and costs nothing to rule out.
 */
export const MAX_CORRECTED_WORD = 40;

/**
 * The one candidate that is `key` with one letter more ("london" for "londn"), the same first
 * letter, or null when none or several are. Linear in the word for each candidate.
 */
function oneLetterLeftOut(key: string, candidates: readonly string[]): string | null {
  let hit: string | null = null;
  for (const c of candidates) {
    if (c.length !== key.length + 1 || c[0] !== key[0]) continue;
    let i = 0;
    while (i < key.length && c[i] === key[i]) i++;
    if (c.slice(i + 1) !== key.slice(i)) continue;
    if (hit !== null && hit !== c) return null;
    hit = c;
  }
  return hit;
}

/** Whether `c` is `key` with two neighbouring letters swapped (two equal neighbours swap to the word itself). */
function oneSwapApart(c: string, key: string): boolean {
  if (c.length !== key.length) return false;
  let i = 0;
  while (i < key.length && c[i] === key[i]) i++;
  if (i === key.length) return /(.)\1/.test(key);
  return i + 1 < key.length && c[i] === key[i + 1] && c[i + 1] === key[i] && c.slice(i + 2) === key.slice(i + 2);
}

/**
 * The one candidate a word misspells, or null: the same first letter, two letters swapped
 * counting as one slip, at most `allowed` slips (0: a swap only), and no other candidate as close.
 * Used for places and for the head nouns of titles (titles.ts). Linear in the word for each
 * candidate of about its length, and nothing for a word over {@link MAX_CORRECTED_WORD} letters.
 */
export function closestWord(key: string, candidates: readonly string[], allowed: number): string | null {
  if (key.length > MAX_CORRECTED_WORD) return null;
  const limit = Math.max(allowed, 1);
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let ties = 0;
  for (const c of candidates) {
    if (c[0] !== key[0] || Math.abs(c.length - key.length) > limit) continue;
    const d = oneSwapApart(c, key) ? 1 : allowed ? distance(c, key) : Number.POSITIVE_INFINITY;
    if (d > limit) continue;
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      ties = 0;
    } else if (d === bestDistance && c !== best) ties++;
  }
  return best && bestDistance > 0 && ties === 0 ? best : null;
}
