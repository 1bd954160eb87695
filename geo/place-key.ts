/**
 * The place key: the folded form of a place's name (case, accents, apostrophes, "Saint", "Ft",
 * "Mt", postal abbreviations and compass letters) that every gazetteer lookup is keyed by.
 */
import transliterate from '@sindresorhus/transliterate';

/** The last words of town names that postal addresses abbreviate (USPS street suffixes). */
const POSTAL_WORDS: ReadonlyMap<string, string> = new Map([
  ['hts', 'heights'],
  ['spgs', 'springs'],
  ['bch', 'beach'],
]);
/** A compass point by its letter ("N. Las Vegas"). */
const COMPASS_LETTERS: ReadonlyMap<string, string> = new Map([
  ['n', 'north'],
  ['s', 'south'],
  ['e', 'east'],
  ['w', 'west'],
]);

/**
 * Lowercase, accents folded, apostrophes dropped, other punctuation to spaces, "Saint" as "St",
 * "Ft" and "Mt" before a name as "Fort" and "Mount": the key every place lookup uses. Letters that carry no accent to fold (ł, ø, ß, æ, đ) are
 * transliterated, so "Wrocław" and "Wroclaw", "Xi'an" and "Xian", "Saint Paul" and "St. Paul"
 * share a key.
 */
export function placeKey(text: string): string {
  let folded = text.normalize('NFKD').replace(/\p{M}/gu, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the printable ASCII range
  if (/[^\x00-\x7f]/.test(folded)) folded = transliterate(folded);
  return (
    folded
      .toLowerCase()
      // "N. Las Vegas", "w. sussex": a compass letter with its dot opening a name of more words
      // (without the dot it is as often a name's own word: "E Mng Chhi").
      .replace(/^\s*([nsew])\.\s*(?=\p{L})/u, (_m, letter: string) => `${COMPASS_LETTERS.get(letter) ?? letter} `)
      .replace(/['\u2018\u2019`]/g, '')
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .replace(/\b(saint|sainte)\b/g, (word) => (word === 'saint' ? 'st' : 'ste'))
      // "Ft. Collins", "Mt. Pleasant"; "MT" alone stays Montana's (and Malta's) code.
      .replace(/\b(ft|mt) (?=\S)/g, (word) => (word === 'ft ' ? 'fort ' : 'mount '))
      // Postal abbreviations of a town's last word ("Sterling Hts", "Colorado Spgs", "Palm Bch"),
      // not alone.
      .replace(/(?<=\S )(hts|spgs|bch)\b/g, (word) => POSTAL_WORDS.get(word) ?? word)
  );
}
