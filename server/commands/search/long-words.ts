/**
 * A search text with a word longer than any word searched (docs/natural-language.md, "Limits"):
 * refused, not parsed. No filter value nor keyword is over 200 characters (the engines refuse such
 * terms), so such a word was dropped, and a text of nothing else searched everyone and was charged.
 */
import { PEOPLE_SEARCH_LIMITS } from '../../../query-planner/limits.js';
import { AppError } from '../../errors.js';

/** The longest word a search text may hold: a filter value's limit. */
export const MAX_WORD_CHARS = PEOPLE_SEARCH_LIMITS.valueChars;

/** Letters, their marks and digits: what a word is made of. */
const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}]';
/** A word over the limit, tried only where a word starts (the lookbehind): linear in the text. */
const LONG_WORD = new RegExp(`(?<!${WORD_CHAR})${WORD_CHAR}{${MAX_WORD_CHARS + 1}}`, 'u');
const WORD_AT = new RegExp(`${WORD_CHAR}+`, 'uy');

/**
 * Throws 400 `query_word_too_long` when `text` holds a run of letters and digits over
 * {@link MAX_WORD_CHARS} characters (a pasted blob, a key, garbled text), naming where it starts
 * and how long it is. A long URL or hyphenated run is no such word: its parts are.
 */
export function refuseOverlongWords(text: string | null | undefined): void {
  if (!text || text.length <= MAX_WORD_CHARS) return;
  const m = LONG_WORD.exec(text);
  if (!m) return;
  WORD_AT.lastIndex = m.index;
  const length = WORD_AT.exec(text)?.[0].length ?? m[0].length;
  throw new AppError(
    400,
    'query_word_too_long',
    `The search text holds a word of ${length} characters ("${text.slice(m.index, m.index + 24)}…" at character ${m.index}); no word is searched past ${MAX_WORD_CHARS}, so it would match everyone. Remove it or split it into words; nothing was searched or charged.`,
    { word_offset: m.index, word_chars: length, max_word_chars: MAX_WORD_CHARS },
  );
}
