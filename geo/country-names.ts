/**
 * Countries' other names for the gazetteer (geo/gazetteer.ts): the world-countries package's
 * common, official, alternative and native names, and its names in other languages written in
 * Latin letters, as place keys.
 */
import { createRequire } from 'node:module';
import { isGivenName } from '../lib/names/given-names.js';
import { commonWords } from './common-words.js';
import { COUNTRY_NAMES_AFTER_PLACE_WORD } from './country-aliases.js';
import { placeKey } from './place-key.js';

let otherNames: Map<string, string> | null = null;
let translatedNames: Map<string, string> | null = null;
let markedNames: Map<string, string> | null = null;
const SAINT_ALONE = /^(st|saint|san|santa|sao|sankt|svaty|sveti|sint|szent) \S+$/;
/** The world-countries translations written in Latin letters (ISO 639-3 codes). */
const LATIN_LANGUAGES = new Set(['ces', 'deu', 'est', 'fin', 'fra', 'hrv', 'hun', 'ita', 'nld', 'pol', 'por', 'slk', 'spa', 'swe', 'tur']);
/** Names that start with a direction read as part of a place ("South Georgia" is Georgia's south first). */
const DIRECTION_FIRST = /^(north|south|east|west|northern|southern|eastern|western|upper|lower|new) /;

/**
 * Other names of countries, by place key (the world-countries package, ODbL: common and official
 * names, alternative spellings, and native names written in Latin letters). Names in other
 * scripts, codes, names of four letters or fewer, common English words, demonyms, and names that
 * another country also has are left out. `taken` holds the keys of the gazetteer's cities and
 * divisions, which a one-word name may not be: the first call, from the gazetteer's build, gives
 * it; later calls read what that one made.
 */
export function otherCountryNames(taken: (key: string) => boolean = () => false): Map<string, string> {
  if (otherNames) return otherNames;
  const list = createRequire(import.meta.url)('world-countries/countries.json') as {
    cca2: string;
    name: { common: string; official: string; native?: Record<string, { common: string }> };
    altSpellings: string[];
    demonyms?: Record<string, { f: string; m: string }>;
  }[];
  const seen = new Map<string, Set<string>>();
  const common = commonWords();
  // A demonym among a country's spellings ("Togolese") names its people, not the country.
  const demonyms = new Set(list.flatMap((c) => Object.values(c.demonyms ?? {}).flatMap((d) => [placeKey(d.f), placeKey(d.m)])));
  // The country's own names written in Latin letters ("Aotearoa", "Bhārat", "Elláda"): its native
  // names and its alternative spellings, of one word of five letters or more or of several words
  // ("East Timor", "Republic of Turkey").
  const latin = (n: string) => /^[\p{Script=Latin}' -]+$/u.test(n);
  // A one-word name that names something else is not the country's: a city or a division of the
  // gazetteer's cities, or a given name ("Maurice"). Of the alternative spellings, only those a
  // transliteration writes with its marks ("Bhārat", "Elláda"); plain ones are as often other
  // things ("Portuguesa" is Venezuela's state, "Níjar" a Spanish town, "Dominique" a name,
  // "Prathet" the Thai word for country).
  const isTaken = (key: string) => taken(key) || isGivenName(key);
  const ownEnding = (c: (typeof list)[number]) =>
    new Set(
      [
        c.name.official,
        ...c.altSpellings,
        ...Object.values(c.name.native ?? {}).flatMap((x) => [x.common, (x as { official?: string }).official ?? '']),
      ]
        .filter((n) => n.includes(' '))
        .map((n) => placeKey(n).split(' ').at(-1) ?? ''),
    );
  const oneWord = (n: string) => !n.includes(' ') && n.length >= 5 && latin(n) && !isTaken(placeKey(n));
  for (const c of list)
    for (const n of [
      c.name.common,
      c.name.official,
      // One word only as a transliteration writes it, with its marks ("Bhārat", "Elláda"), or as
      // the end of the country's own longer name ("Srbija" of "Republika Srbija").
      ...c.altSpellings.filter(
        (a) => a.includes(' ') || (oneWord(a) && (/\p{M}/u.test(a.normalize('NFD')) || ownEnding(c).has(placeKey(a)))),
      ),
      ...Object.values(c.name.native ?? {})
        .map((x) => x.common)
        .filter((x) => latin(x) && (x.includes(' ') || oneWord(x))),
    ]) {
      if (demonyms.has(placeKey(n))) continue;
      const key = placeKey(n);
      if (key.length <= 4 || !/^[a-z' -]+$/.test(key) || common.has(key) || DIRECTION_FIRST.test(key)) continue;
      seen.set(key, (seen.get(key) ?? new Set()).add(c.cca2));
    }
  // Not a name that ends another country's ("Virgin Islands" of the British and the US ones); one
  // that ends the country's own longer name ("Srbija" of "Republika Srbija") is its own.
  const endings = new Map<string, Set<string>>();
  for (const [k, codes] of seen)
    for (const ending of k.split(' ').map((_, i, w) => w.slice(i + 1).join(' ')))
      if (ending) endings.set(ending, new Set([...(endings.get(ending) ?? []), ...codes]));
  otherNames = new Map(
    [...seen]
      .filter(([key, codes]) => codes.size === 1 && [...(endings.get(key) ?? [])].every((c) => codes.has(c)))
      .map(([key, codes]) => [key, [...codes][0] as string]),
  );
  // Its names in the languages of Europe written in Latin letters ("Maroc", "Tunisie", "Ukraina",
  // "Marruecos", "Deutschland"), by the same rules, where no other name has the key and one
  // country only is called so. They are read after a place word ("in Maroc"), as other languages'
  // names of cities are: several are given names too ("Italia", "Dania", "Kenia").
  const translated = new Map<string, Set<string>>();
  const marked = new Map<string, Set<string>>();
  for (const c of list)
    for (const [lang, x] of Object.entries((c as { translations?: Record<string, { common: string }> }).translations ?? {})) {
      if (!LATIN_LANGUAGES.has(lang) || !latin(x.common) || !(x.common.includes(' ') || oneWord(x.common))) continue;
      const key = placeKey(x.common);
      // "Suède" folds to "suede": as written, with its marks, it is no English word.
      if (common.has(key) && /\p{M}/u.test(x.common.normalize('NFD')) && oneWord(x.common.replace(/\p{M}/gu, '')))
        marked.set(x.common.toLowerCase().normalize('NFC'), (marked.get(x.common.toLowerCase().normalize('NFC')) ?? new Set()).add(c.cca2));
      if (key.length <= 4 || !/^[a-z' -]+$/.test(key) || common.has(key) || DIRECTION_FIRST.test(key) || demonyms.has(key)) continue;
      // A saint's name alone ("St Vincent", "Santa Lucia", "San Bartolome") is as often a hospital or a town.
      if (seen.has(key) || SAINT_ALONE.test(key)) continue;
      translated.set(key, (translated.get(key) ?? new Set()).add(c.cca2));
    }
  translatedNames = new Map([...translated].filter(([, codes]) => codes.size === 1).map(([key, codes]) => [key, [...codes][0] as string]));
  markedNames = new Map([...marked].filter(([, codes]) => codes.size === 1).map(([name, codes]) => [name, [...codes][0] as string]));
  // Own and everyday names that are also a company's, a language's or a person's ("Nippon", "Naija").
  for (const [key, code] of COUNTRY_NAMES_AFTER_PLACE_WORD) if (!seen.has(key)) translatedNames.set(key, code);
  return otherNames;
}

/** Countries by their names in other European languages, by place key ({@link otherCountryNames} builds it). */
/**
 * A country by another language's name that folds to an English word but is written with its
 * marks ("Suède", not "suede"): the country's code, or null. Read as the translated names are.
 */
export function markedCountryName(text: string): string | null {
  if (!markedNames) otherCountryNames();
  return markedNames?.get(text.toLowerCase().normalize('NFC')) ?? null;
}

/** The folded keys of {@link markedCountryName}'s names ("suede"), for a scanner to try them as written. */
export function markedCountryKeys(): string[] {
  if (!markedNames) otherCountryNames();
  return [...(markedNames?.keys() ?? [])].map((n) => placeKey(n));
}

export function translatedCountryNames(): Map<string, string> {
  if (!translatedNames) otherCountryNames();
  return translatedNames ?? new Map();
}
