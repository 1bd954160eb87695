/**
 * An English given name beside a Chinese or Korean name (docs/contacts.md, "The matcher"):
 * "Kevin Kang Seoyeon", "Phoebe WANG Zihan", "SEO Donghyun Eric", "Alvin Xiaoming He", read as the
 * person's two given names.
 */
import { isGivenName } from '../../lib/names/given-names.js';
import { isEastAsianFamilyName } from './family-names.js';
import type { PersonName } from './person-name.js';
import { romanisedSyllables } from './romanised-syllables.js';

/**
 * An English given name written beside a Chinese or Korean name, as Hong Kong, Singapore, Taiwan
 * and Korean staff write theirs: "Kevin Kang Seoyeon", "Phoebe WANG Zihan", "SEO Donghyun Eric",
 * "Alvin Xiaoming He". One end word an English given name (no romanised syllables spell it:
 * "Kevin", "Alvin", "Grace"; or the given-name tables hold it: "Gigi", "Winnie"); the other two spell a Chinese or Korean name, its family name the one in capitals, else the one the
 * family-name table holds beside a given name of two syllables; the given name romanised and no
 * English given name ("Mary Jane Kim" stays). Null for any other name.
 *
 * Both given names are the person's: the English one after the family name or in the middle of the
 * others ("Kevin Kang Seoyeon", "SEO Donghyun Eric") marks East Asian order, so the Chinese or
 * Korean given name is read first and the English one tried when it finds no one; "Alvin Xiaoming
 * He" reads in English order, Alvin first and Xiaoming tried.
 */
export function withEnglishName(tokens: string[], written: string[]): PersonName | null {
  if (tokens.length !== 3 || written.length !== 3) return null;
  const capitals = written.map((w) => /^\p{Lu}{2,}$/u.test(w));
  const englishWord = (i: number) =>
    !capitals[i] &&
    /^\p{Lu}\p{Ll}+$/u.test(written[i] as string) &&
    (romanisedSyllables(tokens[i] as string) === null || isGivenName(tokens[i] as string)) &&
    !isEastAsianFamilyName(tokens[i] as string);
  let e: number;
  let family: number | null = null;
  const caps = capitals.filter(Boolean).length;
  if (caps === 1 && !capitals[2]) {
    // "ZHENG Yuxuan Gigi", "Gigi HE Zihan": the family name in capitals says the order, the given
    // name right after it; the third word is English when no syllable spells it or the given name
    // already has two ("WANG Xiao Ming" is one given name split).
    family = capitals[0] ? 0 : 1;
    e = capitals[0] ? 2 : 0;
    const given = capitals[0] ? 1 : 2;
    if (!englishWord(e) && romanisedSyllables(tokens[given] as string) !== 2) return null;
    if (!/^\p{Lu}\p{Ll}+$/u.test(written[e] as string)) return null;
  } else {
    const english = [0, 2].filter(englishWord);
    if (english.length !== 1 || caps > 1) return null;
    e = english[0] as number;
  }
  const [a, b] = e === 0 ? [1, 2] : [0, 1];
  if (family === null && capitals[a] !== capitals[b]) family = capitals[a] ? a : b;
  else if (family === null && !capitals[a]) {
    // The family name of the table beside a given name of two syllables ("Xiaoming He", "Kang Seoyeon", "Minji Park").
    const familyBeside = (i: number, other: number) =>
      isEastAsianFamilyName(tokens[i] as string) &&
      romanisedSyllables(tokens[i] as string) !== 2 &&
      romanisedSyllables(tokens[other] as string) === 2;
    if (familyBeside(a, b) && !familyBeside(b, a)) family = a;
    else if (familyBeside(b, a) && !familyBeside(a, b)) family = b;
  }
  if (family === null) return null;
  const given = tokens[family === a ? b : a] as string;
  const last = tokens[family] as string;
  const englishName = tokens[e] as string;
  if (isGivenName(given) || romanisedSyllables(given) === null) return null;
  // "Alvin Xiaoming He": English order, the English name first; otherwise East Asian order.
  const englishOrder = e === 0 && family === 2;
  const first = englishOrder ? englishName : given;
  return {
    first,
    last,
    all: englishOrder ? [first, given, last] : [first, last],
    lastSearch: last,
    ordered: true,
    partnerFirst: englishOrder ? given : englishName,
  };
}

/** One capitalised word in brackets after a name: "Xiaoming He (Alvin)". */
const BRACKETED_AFTER = /^[^()]*\S\s*\(\s*(\p{Lu}\p{Ll}+)\s*\)\s*$/u;

/**
 * An English given name in brackets after a Chinese or Korean name ("Xiaoming He (Alvin)", "Kang
 * Seoyeon (Kevin)"): the other given name to try, or undefined. Only after two name words that
 * romanised syllables spell, given name first (the second a family name of the table, the first
 * not), the bracketed word being none of them, no family name of the table
 * and no syllables ("(Sales)" and "(Acme)" after "Ana Ruiz" are no names; "(Hao)" is read by the
 * bracket-between-the-names form only).
 */
export function englishNameAfter(cell: string, name: PersonName): string | undefined {
  const m = BRACKETED_AFTER.exec(cell);
  if (!m || name.all.length !== 2 || !name.all.every((w) => romanisedSyllables(w) !== null)) return undefined;
  // Only in the order written given name first ("Xiaoming He"): a name that may be family name
  // first ("Kang Seoyeon") is still tried the other way round, which a name to try would prevent.
  if (!isEastAsianFamilyName(name.all[1] as string) || isEastAsianFamilyName(name.all[0] as string)) return undefined;
  const word = (m[1] as string).toLowerCase();
  if (!/^[a-z]+$/.test(word) || name.all.includes(word) || isEastAsianFamilyName(word)) return undefined;
  return romanisedSyllables(word) === null || isGivenName(word) ? word : undefined;
}
