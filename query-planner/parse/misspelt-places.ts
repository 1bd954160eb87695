/**
 * Places a query misspells ("missisippi", "Tuscon"): read only right after a place word, by
 * places.ts. The caller has ruled out the parser's own vocabulary (titles, levels, stop words).
 */
import { countries } from 'countries-list';
import { distance } from 'fastest-levenshtein';
import { allCities, commonWords, placeKey } from '../../geo/gazetteer.js';
import { US_STATES } from '../../geo/us-states.js';

/** Place names a misspelling may stand for: US states, countries and cities of 150,000 people or more, of one word. */
let fuzzyNames: { key: string; name: string }[] | null = null;
const FUZZY_CITY_MIN_POPULATION = 150_000;

/**
 * The place a word (its place key) misspells: two letters swapped in a word of six letters or
 * more, or two slips from eight letters (a swap counting as one), the same first letter, and only
 * one name that close ("missisippi" → Mississippi, "Tuscon" → Tucson); never a common English
 * word; null otherwise.
 */
export function misspeltPlace(key: string): string | null {
  if (key.length < 6 || !/^[a-z]+$/.test(key) || commonWords().has(key)) return null;
  if (!fuzzyNames) {
    const names = new Map<string, string>();
    for (const name of Object.values(US_STATES)) names.set(placeKey(name), name);
    for (const c of Object.values(countries as Record<string, { name: string }>)) names.set(placeKey(c.name), c.name);
    for (const c of allCities()) if (c.population >= FUZZY_CITY_MIN_POPULATION) names.set(placeKey(c.name), c.name);
    fuzzyNames = [...names].filter(([k]) => /^[a-z]+$/.test(k) && k.length >= 5).map(([k, name]) => ({ key: k, name }));
  }
  // Shorter words take only a swap: one other letter makes another name too often ("Dallos" is no Dallas).
  const hit = closestWord(
    key,
    fuzzyNames.map((f) => f.key),
    key.length >= 8 ? 2 : 0,
  );
  return hit === null ? null : (fuzzyNames.find((f) => f.key === hit)?.name ?? null);
}

/**
 * The one candidate a word misspells, or null: the same first letter, two letters swapped
 * counting as one slip, at most `allowed` slips (0: a swap only), and no other candidate as close.
 * Used for places and for the head nouns of titles (titles.ts).
 */
export function closestWord(key: string, candidates: readonly string[], allowed: number): string | null {
  const swaps = new Set<string>();
  for (let k = 0; k + 1 < key.length; k++) swaps.add(key.slice(0, k) + key[k + 1] + key[k] + key.slice(k + 2));
  const limit = Math.max(allowed, 1);
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let ties = 0;
  for (const c of candidates) {
    if (c[0] !== key[0] || Math.abs(c.length - key.length) > limit) continue;
    const d = swaps.has(c) ? 1 : allowed ? distance(c, key) : Number.POSITIVE_INFINITY;
    if (d > limit) continue;
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      ties = 0;
    } else if (d === bestDistance && c !== best) ties++;
  }
  return best && bestDistance > 0 && ties === 0 ? best : null;
}
