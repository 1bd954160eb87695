/**
 * Words of a search text longer than any word searched (docs/natural-language.md, "Limits"). No
 * filter value nor keyword is over 200 characters (the engines refuse such terms), so the parser
 * drops such a word. A "word" is what the parser's own tokenizer makes one: a run joined by `_`,
 * `'`, `.`, `+`, `@`, `·` or a soft hyphen is one word to it, however many letter runs it holds.
 *
 * REST drops each such word with an `ignored` receipt (the contract: REST applies input-size
 * limits silently); a text left with nothing searchable answers no one, uncharged, never everyone.
 * The MCP tools refuse the word (`invalid_search_request`, server/mcp/tools/over-limit.ts).
 */
import { PEOPLE_SEARCH_LIMITS, type Receipt } from '../../../query-planner/limits.js';
import { textKeywords } from '../../../query-planner/parse/keywords.js';
import { tokenize } from '../../../query-planner/parse/tokens.js';

/** The longest word a search text may hold: a filter value's limit. */
export const MAX_WORD_CHARS = PEOPLE_SEARCH_LIMITS.valueChars;

/** A word of the text the parser would drop for its length: where it starts and how long it is. */
export interface LongWord {
  offset: number;
  chars: number;
}

/** The words of `text` over {@link MAX_WORD_CHARS}, as the parser's tokenizer splits the text. */
export function overlongWords(text: string | null | undefined): LongWord[] {
  if (!text || text.length <= MAX_WORD_CHARS) return [];
  const out: LongWord[] = [];
  for (const t of tokenize(text))
    if (t.kind !== 'punct' && t.norm.replace(/^'+|'+$/g, '').length > MAX_WORD_CHARS) out.push({ offset: t.start, chars: t.end - t.start });
  return out;
}

/** What is left of a text once its over-long words are dropped, and a receipt for each dropped one. */
export interface TextWithoutLongWords {
  text: string;
  receipts: Receipt[];
  /** Words were dropped and nothing searchable is left: the search answers no one (not everyone). */
  nothingLeft: boolean;
}

/**
 * REST: drops the words of `text` the parser would drop for length, each with an `ignored`
 * receipt under `path` naming where it starts and its length (never its text). `nothingLeft`
 * when one was dropped and the rest holds no keyword and no number: the caller answers zero rows,
 * uncharged.
 */
export function dropOverlongWords(text: string, path = '/query'): TextWithoutLongWords {
  const long = overlongWords(text);
  if (!long.length) return { text, receipts: [], nothingLeft: false };
  let kept = '';
  let at = 0;
  for (const w of long) {
    kept += `${text.slice(at, w.offset)} `;
    at = w.offset + w.chars;
  }
  kept += text.slice(at);
  const receipts: Receipt[] = long.map((w) => ({
    path,
    action: 'ignored',
    message: `A word of ${w.chars} characters at character ${w.offset} is longer than any word searched (${MAX_WORD_CHARS}); it was not used.`,
  }));
  // A number left may be a filter ("10+ years", "50 employees"): only a rest with neither a
  // keyword nor a number is nothing to search.
  return { text: kept, receipts, nothingLeft: textKeywords(kept).length === 0 && !/\p{N}/u.test(kept) };
}

/** The message of an answer with nothing searchable left once over-long words were dropped. */
export const NOTHING_LEFT =
  'The search text held only words longer than any word searched (over 200 characters), which were dropped; nothing was left to search, so no one matches. Not charged.';
