/**
 * Chinese and Korean names as Latin letters spell them (docs/contacts.md, "Rows"): a word read as
 * syllables of Hanyu Pinyin or of Korean romanisation (Revised Romanisation, with the common
 * McCune–Reischauer-style spellings "oo", "ee", "eo"): "Xiaoming" is two syllables, "He" and "Kang"
 * one, "Seoyeon" and "Donghyun" two. "Alvin", "Kevin" and "Grace" are none: no syllable spells them.
 */

const PINYIN_INITIAL = '(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])';
const PINYIN_FINAL = '(?:iang|iong|uang|ueng|uai|uan|iao|ian|ang|eng|ing|ong|ai|ei|ao|ou|an|en|er|ia|ie|in|iu|ua|uo|ui|un|ue|a|o|e|i|u|v)';
/** A pinyin syllable without an initial: only these ("an", "er", "ou"); "i", "u", "in" are written "yi", "wu", "yin". */
const PINYIN_ALONE = '(?:ang|eng|ai|ei|ao|ou|an|en|er|a|o|e)';
const KOREAN_INITIAL = '(?:kk|tt|pp|ss|jj|ch|[gnndrlmbsjktph])';
const KOREAN_VOWEL = '(?:yae|yeo|wae|woo|ae|ya|eo|ye|wa|oe|yo|wo|we|wi|yu|eu|ui|oo|ee|a|e|o|u|i)';
const KOREAN_FINAL = '(?:ng|[kntlmp])';
const SYLLABLE = `(?:(?:${PINYIN_INITIAL}${PINYIN_FINAL}|${PINYIN_ALONE})(?![aeiouv])|${KOREAN_INITIAL}?${KOREAN_VOWEL}${KOREAN_FINAL}?(?![aeiou]))`;

const ONE = new RegExp(`^${SYLLABLE}$`);
const TWO = new RegExp(`^${SYLLABLE}${SYLLABLE}$`);
const THREE = new RegExp(`^${SYLLABLE}${SYLLABLE}${SYLLABLE}$`);

/**
 * How many romanised Chinese or Korean syllables spell a lowercase ASCII word, fewest first (1 to
 * 3), or null when none do ("alvin").
 */
export function romanisedSyllables(word: string): 1 | 2 | 3 | null {
  if (!/^[a-z]{1,15}$/.test(word)) return null;
  if (ONE.test(word)) return 1;
  if (TWO.test(word)) return 2;
  if (THREE.test(word)) return 3;
  return null;
}
