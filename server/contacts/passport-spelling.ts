/**
 * Names as passports spell them (ICAO Doc 9303, the machine-readable zone and the data page of
 * many countries): letters with diacritics written out, "å" as "aa", "ø" and "ö" as "oe", "æ" and
 * "ä" as "ae", "ü" as "ue", "ß" as "ss" ("Røed" as "ROEED", "Hämäläinen" as "HAEMAELAEINEN"); any
 * other letter as any-ascii reads it (docs/contacts.md, "The matcher").
 */
import { words } from './normalize.js';

const WRITTEN_OUT: Record<string, string> = { å: 'aa', ø: 'oe', ö: 'oe', æ: 'ae', ä: 'ae', ü: 'ue', ß: 'ss' };
const SPELT_OUT = /[åøöæäüß]/giu;

/** A profile's name as a passport spells it (lower-case ASCII, one word), or null when it has no letter spelt out. */
export function passportReading(name: string | null | undefined): string | null {
  if (!name || !/[åøöæäüß]/iu.test(name)) return null;
  return words(name.replace(SPELT_OUT, (ch) => WRITTEN_OUT[ch.toLowerCase()] ?? ch)).join('') || null;
}

/**
 * A written name word with the letter pairs a passport writes for one letter read as that letter
 * ("roeed" → "roed", "paalsson" → "palsson", "stroem" → "strom"), as the search index folds
 * "ø", "å" and "ö"; null when it has none.
 */
export function passportFolded(word: string): string | null {
  const folded = word.replace(/aa|ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');
  return folded !== word && folded.length >= 3 ? folded : null;
}
