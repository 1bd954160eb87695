/**
 * Titles held in the past: "former CTOs", "ex-founders", "used to be a CTO", "worked as a
 * consultant" (parse/index.ts makes them a filter over past titles, or a ranking keyword beside
 * a current title).
 */
import type { Token } from './tokens.js';

/** Words before a title that put it in the past: "former", "ex-", "previously", "once", "formerly". */
const PAST_CUES = new Set(['former', 'ex', 'formerly', 'previously', 'once']);
/** Phrases that do the same, read backwards from the title: "used to be (a)", "worked as (a)". */
const PAST_PHRASES: string[][] = [
  ['used', 'to', 'be'],
  ['used', 'to', 'work', 'as'],
  ['worked', 'as'],
  ['previously', 'worked', 'as'],
  ['formerly', 'worked', 'as'],
];

/** Whether the words before a title (articles skipped) say it was held in the past. */
export function heldInThePast(tokens: Token[], from: number): boolean {
  let i = from - 1;
  while (i >= 0 && /^(a|an|the)$/.test(tokens[i]?.norm ?? '')) i--;
  if (i < 0) return false;
  if (PAST_CUES.has(tokens[i]?.norm ?? '')) return true;
  return PAST_PHRASES.some((phrase) => phrase.every((w, q) => tokens[i - (phrase.length - 1) + q]?.norm === w));
}
