/**
 * Places a query names that the gazetteer does not know, said so in a receipt: after a place word,
 * one to three words that no recogniser took, ending in a word for a feature of the land or a
 * division ("in the Mahoning Valley", "in the Bavarian Forest", "in Tasman
 * District"). Such a place is no location filter (it would match no record's place), and its words
 * only rank the results (keywords); the receipt says so, so the writer can name a city, region or
 * country instead of getting results from everywhere without knowing why.
 */
import type { Receipt } from '../limits.js';
import { DIVISION_KIND_WORDS } from './lexicon/places.js';
import type { Token } from './tokens.js';

const BEFORE = /^(in|on|across|around|near|along|throughout|within)$/;
/** Words that end a place's name: features of the land and sea, and kinds of division. */
const FEATURES = new Set([
  ...'valley valleys delta peninsula basin plateau highlands lowlands coast forest mountains hills range ghats islands archipelago steppe desert riviera lakes banks'.split(
    ' ',
  ),
  ...DIVISION_KIND_WORDS.filter((w) => w !== 'state' && w !== 'area' && w !== 'department' && w !== 'municipality'),
]);

/** Receipts for the unknown places of a parsed query (its tokens, claims settled). */
export function unknownPlaceReceipts(source: string, tokens: Token[]): Receipt[] {
  const out: Receipt[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!BEFORE.test(tokens[i]?.norm ?? '') || tokens[i]?.kind !== 'word') continue;
    let from = i + 1;
    if (tokens[from]?.norm === 'the') from++;
    for (let to = from + 1; to <= Math.min(from + 4, tokens.length); to++) {
      const span = tokens.slice(from, to);
      if (span.some((t) => t.kind !== 'word' || !!t.claim)) break;
      const last = span[span.length - 1] as Token;
      // A feature word alone ("in the valley") names no place; nor does a feature after nothing.
      if (!FEATURES.has(last.norm) || span.length === 1) continue;
      // "the Capital Region of Denmark": a place read after it says where.
      if (tokens[to]?.norm === 'of' && tokens[to + 1]?.claim) break;
      const written = source.slice((tokens[from] as Token).start, last.end);
      out.push({
        path: '/query',
        action: 'ignored',
        message: `"${written}" reads as a place this service does not know, so no location filter was set and its words only rank the results. Name a city, region or country to search by place.`,
      });
      i = to - 1;
      break;
    }
  }
  return out;
}
