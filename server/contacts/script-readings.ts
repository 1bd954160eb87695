/**
 * Names written in Cyrillic or Greek, read in the romanisations people file them under
 * (docs/contacts.md, "Normalising"). any-ascii reads "Јовановић", "Щерев" and "Ιωάννου" one way;
 * the person may be filed as "Jovanović", "Shterev", "Ioannou" or "Yovanovich". A name word in
 * either script gets a few readings, one per common system, each a lowercase ASCII word:
 *
 * - scientific transliteration, as ISO 9 and the Serbian, Macedonian and Croatian Latin alphabets
 *   write it, diacritics dropped (Ж ž, Х h, Ц c, Ч č, Ш š, Й and Ј j, Я ja, Ю ju);
 * - Bulgarian official romanisation (Transliteration Act, 2009: Щ sht, Ъ a, Х h, -ия -ia);
 * - Ukrainian official romanisation (Cabinet of Ministers resolution 55, 2010: Г h, И y, І i,
 *   Ю iu and Я ia inside a word, Yu and Ya at its start);
 * - Russian passports (ICAO Doc 9303 as Russia applies it since 2013: Й i, Х kh, Ц ts, Ю iu, Я ia, Ъ ie);
 * - Greek: ELOT 743 / ISO 843 (ΟΥ ou, Υ y, Η i, Χ ch, ΜΠ b at a word's start) and the phonetic
 *   spelling Greeks often use in Latin (Υ, ΕΙ and ΟΙ i, Χ h, ΑΙ e).
 *
 * any-ascii's own reading is near BGN/PCGN for Cyrillic, and stays the name's reading; these are
 * others, as alternatives. Tables list only the letters where a system departs from any-ascii.
 */

import anyAscii from 'any-ascii';

/** Letters of the Cyrillic and Greek scripts. */
const OTHER_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** Whether a text holds a letter written in Cyrillic or Greek. */
export const inOtherScript = (text: string | null | undefined): boolean => Boolean(text && OTHER_SCRIPT.test(text));

/** A romanisation: the letters (or letter pairs) it spells otherwise than any-ascii, at a word's start and anywhere. */
interface System {
  letters: Map<string, string>;
  initial?: Map<string, string>;
  /** Rewrites of the whole reading (a word's ending). */
  after?: [RegExp, string][];
}

const table = (pairs: string): Map<string, string> =>
  new Map(
    pairs
      .trim()
      .split(/\s+/)
      .map((p) => p.split('=') as [string, string]),
  );

/** Scientific transliteration, ISO 9 and the South Slavic Latin alphabets (diacritics dropped). */
const SCIENTIFIC: System = {
  letters: table('ж=z х=h ц=c ч=c ш=s щ=sc й=j ј=j я=ja ю=ju ё=e є=je ї=ji ъ= ь= џ=dz ѓ=gj ќ=kj'),
};
/** Bulgarian official romanisation (Transliteration Act, State Gazette 19/2009). */
const BULGARIAN: System = { letters: table('х=h щ=sht ъ=a ьо=yo ь='), after: [[/iya$/, 'ia']] };
/** Ukrainian official romanisation (resolution 55 of the Cabinet of Ministers, 2010). */
const UKRAINIAN: System = {
  letters: table('г=h ґ=g и=y і=i ї=i й=i є=ie ю=iu я=ia ь= ъ='),
  initial: table('ї=yi й=y є=ye ю=yu я=ya'),
};
/** Russian passports: ICAO Doc 9303 (2013). */
const PASSPORT: System = { letters: table('й=i ъ=ie ю=iu я=ia ё=e ь=') };
/** Greek: ELOT 743 / ISO 843, type 2 (transcription). */
const ELOT: System = {
  letters: table('ου=ou αυ=av ευ=ev ηυ=iv γγ=ng γκ=gk γξ=nx γχ=nch μπ=mp ντ=nt υ=y'),
  initial: table('μπ=b ντ=d γκ=g'),
};
/** Greek as Greeks often write it in Latin: by sound. */
const GREEK_PHONETIC: System = {
  letters: table('ου=ou αυ=av ευ=ev ει=i οι=i υι=i αι=e γγ=ng γκ=g μπ=b ντ=d υ=i χ=h'),
};

const CYRILLIC_SYSTEMS = [SCIENTIFIC, BULGARIAN, UKRAINIAN, PASSPORT];
const GREEK_SYSTEMS = [ELOT, GREEK_PHONETIC];

/** At most this many readings of a word besides any-ascii's. */
export const MAX_READINGS = 4;

/** A word (lowercase) read in one system: the longest letter group it spells first, else any-ascii's reading. */
function readIn(word: string, system: System): string {
  let out = '';
  for (let i = 0; i < word.length; ) {
    const pair = word.slice(i, i + 2);
    const map = (key: string) => (i === 0 ? system.initial?.get(key) : undefined) ?? system.letters.get(key);
    const two = pair.length === 2 ? map(pair) : undefined;
    if (two !== undefined) {
      out += two;
      i += 2;
      continue;
    }
    const one = map(word[i]!);
    out += one ?? anyAscii(word[i]!).toLowerCase();
    i += 1;
  }
  let reading = out.replace(/[^a-z]/g, '');
  for (const [re, to] of system.after ?? []) reading = reading.replace(re, to);
  return reading;
}

/**
 * The readings of a name word written in Cyrillic or Greek other than any-ascii's (lowercase
 * ASCII, at most {@link MAX_READINGS}); none for a word in another script.
 */
export function scriptReadings(word: string): string[] {
  if (!inOtherScript(word)) return [];
  const greek = /\p{Script=Greek}/u.test(word);
  // Greek accents (tonos, dialytika) are dropped; Cyrillic's marks make letters of their own (Й, Ё, Ї).
  const lower = (greek ? word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC') : word.normalize('NFC'))
    .toLowerCase()
    .replace(/ς/g, 'σ');
  const systems = greek ? GREEK_SYSTEMS : CYRILLIC_SYSTEMS;
  const own = anyAscii(lower)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  const out = new Set<string>();
  for (const s of systems) {
    const r = readIn(lower, s);
    if (r && r !== own) out.add(r);
  }
  return [...out].slice(0, MAX_READINGS);
}

/**
 * The name words of a row's name cells written in Cyrillic or Greek: each word's any-ascii reading
 * (as the matcher reads the name) → its other readings (none when every system reads it alike).
 */
export function readingsOf(cells: (string | null | undefined)[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const cell of cells) {
    if (!inOtherScript(cell)) continue;
    for (const word of (cell ?? '').split(/[^\p{L}'’ʼ]+/u)) {
      const own = anyAscii(word)
        .toLowerCase()
        .replace(/[^a-z]/g, '');
      const readings = scriptReadings(word);
      if (own) out.set(own, readings);
    }
  }
  return out;
}

/**
 * A Latin spelling with the distinctions Cyrillic and Greek do not write merged: c, k, q and ck
 * are one letter (К), i, y and j (И, Й, Ј), v and w (В), doubled letters one. "Colton" and
 * "Kolton", "Purdy" and "Purdi", "Kalajić" and "Kalajik" are one name written back from Cyrillic.
 */
export function scriptSkeleton(word: string): string {
  return word
    .replace(/ck/g, 'k')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/[yj]/g, 'i')
    .replace(/w/g, 'v')
    .replace(/ph/g, 'f')
    .replace(/(.)\1+/g, '$1');
}

/** Spellings of a reading a search also looks for: Latin c where Cyrillic writes К (Колтон for Colton, Калайик for Kalajić). */
function latinCForms(reading: string): string[] {
  if (!reading.includes('k')) return [];
  return [reading.replace(/kk/g, 'cc').replace(/k(?!h)/g, 'c'), reading.replace(/k$/, 'c')];
}

/** At most this many spellings of one name word are searched. */
const MAX_SEARCHED = 8;

/**
 * What candidate searches look for besides a word's any-ascii reading: its other readings, and
 * each with Latin c for К (a Latin name written in Cyrillic, "Николас" for Nicolas).
 */
export function searchSpellings(word: string, readings: string[]): string[] {
  const out = new Set<string>(readings);
  for (const r of [word, ...readings]) for (const c of latinCForms(r)) out.add(c);
  out.delete(word);
  return [...out].slice(0, MAX_SEARCHED);
}

/**
 * The row's name word as a profile spells it, when a reading of it is that spelling (one of
 * `spellings`, lowercase ASCII); else the word. Only for a word written in Cyrillic or Greek.
 */
export function readingAs(word: string, spellings: string[], readings: Map<string, string[]>): string {
  const own = readings.get(word);
  return (own && spellings.find((s) => s && own.includes(s))) || word;
}

/**
 * Whether a profile's name word may be the row's, written in Cyrillic or Greek, back in Latin: the
 * same {@link scriptSkeleton} as the word or one of its readings. A guess, as a misspelling is.
 */
export function writtenBack(word: string, profileWord: string, readings: Map<string, string[]>): boolean {
  const own = readings.get(word);
  if (!own || profileWord.length < 3) return false;
  const target = scriptSkeleton(profileWord);
  return [word, ...own].some((r) => scriptSkeleton(r) === target);
}
