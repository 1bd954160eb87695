import { createRequire } from 'node:module';
import { minimalEnglishStem } from '../../mappings/minimal-english-stem.js';
import type { Folding } from '../port.js';

/** Lucene's ASCIIFoldingFilter table (the fold-to-ascii package, Apache-2.0). */
const asciiFolding = (createRequire(import.meta.url)('fold-to-ascii') as { mapping: ReadonlyMap<number, string> }).mapping;

/** Lowercase + ASCII folding: the `proxima_lower` normalizer, cached per folding. */
export function normalizeKeyword(value: string, folding: Folding): string {
  const cache = normalized[folding];
  let out = cache.get(value);
  if (out === undefined) {
    out = foldKeyword(value, folding);
    // Keyword values repeat heavily; a bounded cache skips most Unicode normalisation.
    if (cache.size >= 50_000) cache.clear();
    cache.set(value, out);
  }
  return out;
}
const normalized: Record<Folding, Map<string, string>> = { marks: new Map(), ascii: new Map() };

/**
 * The normalizer's work, without the cache (for values that rarely repeat). Printable ASCII only
 * needs lowercasing: NFKD leaves it as it is, and it has no combining marks.
 */
export function foldKeyword(value: string, folding: Folding): string {
  if (!NOT_PRINTABLE_ASCII.test(value)) return value.toLowerCase();
  const unmarked = value.normalize('NFKD').replace(/\p{M}/gu, '');
  return (folding === 'ascii' ? foldLetters(unmarked) : unmarked).toLowerCase();
}
const NOT_PRINTABLE_ASCII = /[^ -~]/;

/**
 * Text as an `ascii` index's FTS5 tables take it: decomposed and stripped of marks, then Lucene's
 * folding (ø, ł, ß, æ, ...), as query text is (`tokenize`), so both sides hold the same letters in
 * every script ("й" is "и" on both; Hangul is its jamo on both). FTS5 lowercases it.
 */
export function foldText(text: string, folding: Folding): string {
  return folding === 'ascii' && NOT_ASCII.test(text) ? foldLetters(text.normalize('NFKD').replace(/\p{M}/gu, '')) : text;
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range
const NOT_ASCII = /[^\x00-\x7f]/;

/** Lucene's ASCII folding of what is not ASCII; other characters stay as they are. */
const foldLetters = (text: string): string =>
  NOT_ASCII.test(text) ? text.replace(NOT_ASCII_ALL, (c) => asciiFolding.get(c.charCodeAt(0)) ?? c) : text;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range
const NOT_ASCII_ALL = /[^\x00-\x7f]/g;

/**
 * Splits query text into tokens the way FTS5's unicode61 tokenizer does (letters and digits,
 * accents folded, lowercase). FTS5 stems each quoted token itself on the porter table.
 */
export function tokenize(text: string, folding: Folding): string[] {
  return normalizeKeyword(text, folding)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/**
 * Title text as the `title` FTS5 table takes it, at index and at query time: the `proxima_title`
 * analyzer (mappings/analysis.ts) done in JS, as FTS5 has no plural stemmer of its own: tokens as
 * {@link tokenize} splits them, each stemmed by Lucene's minimal English stemmer, joined by
 * spaces. FTS5's unicode61 then splits them again into the same tokens. Titles repeat heavily, so
 * a bounded cache skips most of the work.
 */
export function analyzeTitle(text: string, folding: Folding): string {
  const cache = titles[folding];
  let out = cache.get(text);
  if (out === undefined) {
    out = stemTitleTokens(tokenize(text, folding)).join(' ');
    if (cache.size >= 50_000) cache.clear();
    cache.set(text, out);
  }
  return out;
}
const titles: Record<Folding, Map<string, string>> = { marks: new Map(), ascii: new Map() };

/** Query tokens of a title field: each stemmed as the title table's tokens were. */
export const stemTitleTokens = (tokens: string[]): string[] => tokens.map(minimalEnglishStem);

/** Quotes a token for an FTS5 MATCH expression. */
export const quote = (token: string): string => `"${token.replace(/"/g, '""')}"`;

/** Parses a date value (epoch ms, ISO date, ISO date-time, or `yyyy-MM`) to epoch ms, or null. */
export function parseDate(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  const v = /^\d{4}-\d{2}$/.test(value) ? `${value}-01T00:00:00Z` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  if (!/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
}
