/**
 * Residual keywords: the words of a query that carry meaning and that no recogniser claimed
 * (docs/natural-language.md#residual-keywords). They only rank, so a few suffice: a text that
 * repeats one word, or holds nothing but stop words, yields no more of them than a short query,
 * and the text query built from them stays small whatever the length of the text.
 */
import { PEOPLE_SEARCH_LIMITS } from '../limits.js';
import { KEYWORD_STOP_WORDS } from './lexicon/stop-words.js';
import { type Token, tokenize } from './tokens.js';

/** At most this many residual keywords. */
export const MAX_KEYWORDS = 25;

/**
 * The keyword a token stands for, or null: not a word, one letter, a stop word, a number, or
 * longer than a filter value may be (no word is; the engines refuse such terms).
 */
export function keywordOf(t: Token): string | null {
  if (t.kind !== 'word') return null;
  const w = t.norm.replace(/^'+|'+$/g, '');
  if (w.length < 2 || w.length > PEOPLE_SEARCH_LIMITS.valueChars) return null;
  return KEYWORD_STOP_WORDS.has(w) || /^\d+$/.test(w) ? null : w;
}

/** Appends the keywords of `tokens` to `keywords`, each once, up to MAX_KEYWORDS in all. */
export function addKeywords(keywords: string[], tokens: Iterable<Token>): string[] {
  const seen = new Set(keywords);
  for (const t of tokens) {
    if (keywords.length >= MAX_KEYWORDS) break;
    const w = keywordOf(t);
    if (w === null || seen.has(w)) continue;
    seen.add(w);
    keywords.push(w);
  }
  return keywords;
}

/** The keywords of a whole text: what supplied filters leave the text to do (it only ranks). */
export function textKeywords(text: string): string[] {
  return addKeywords([], tokenize(text));
}
