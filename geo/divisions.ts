/**
 * First-level divisions outside the US by name: the divisions the gazetteer's cities are filed
 * under, their other names (geo/data/division-names.tsv), and the words a country calls them by.
 */
import fs from 'node:fs';
import { fromPackageRoot } from '../lib/package-root.js';
import { arabicCountries, diphthongVariant } from './arabic-spellings.js';
import { isOrdinaryName } from './common-words.js';
import { allCities, findCities } from './gazetteer.js';
import { placeKey } from './place-key.js';

/**
 * A first-level division. `unfiled`: known only from ISO 3166-2, no gazetteer city filed under it
 * ("Qinghai", "Flevoland", also Slovenia's and Latvia's small municipalities): read only after a
 * place word, since some such names are also words or names ("Jewish", "Paola", "Angus").
 */
export type Division = {
  name: string;
  countryCode: string;
  unfiled?: boolean;
  /** Read only with the word its country calls its divisions by: named as a city of the country ("Nakuru County"), or as another division ("Red Sea Governorate"). */
  wordOnly?: boolean;
};
let divisionIndex: Map<string, Division> | null = null;
/**
 * Every division by place key, ordinary names and names of cities included, with the others of
 * that key: read with the word its country calls its divisions by ("Rivers State", "County Cork").
 */
let suffixedIndex: Map<string, Division[]> | null = null;
/** Divisions whose own names carry letters outside ASCII, by the name as written (lowercase, NFC), where one country has it. */
let writtenIndex: Map<string, Division> | null = null;

/**
 * What countries call their first-level divisions, after the name: "Rivers State", "Western Cape
 * Province", "Krasnodar Krai", "Nairobi County", "Aichi Prefecture", "Giza Governorate".
 */
const DIVISION_WORDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    state: 'US NG IN MY MX SD SS BR VE AU DE AT MM',
    province: 'CA ZA CN AR PH TR IR NL BE IT ES KR PK LK ZM DO EC CU AF TH VN ID PG NP TD',
    oblast: 'RU UA KZ BY KG BG',
    krai: 'RU',
    kray: 'RU',
    county: 'KE IE HR HU RO EE LT LV SE NO LR TW',
    prefecture: 'JP',
    governorate: 'EG JO IQ SY LB TN YE OM BH KW',
    department: 'CO UY PY BO GT HN SV NI',
    emirate: 'AE',
    canton: 'CH',
    voivodeship: 'PL',
    // "Waikato Region", "Region Nordjylland" (read the other way round by the ISO names), "Tasman
    // District", "Dhaka Division": countries whose first-level divisions are called so in English
    // (Myanmar's states and regions: "Shan State", "Sagaing Region"; Kazakhstan's oblasts).
    region: 'NZ DK CZ SK FR IT CL PE GH SN TZ CM ET ML NA MM KZ',
    district: 'NZ PT IL UG MW BW',
    division: 'BD',
    // The countries' own words after the name: Norway's "Troms fylke", Hungary's "Pest megye", Croatia's "Istarska županija", Turkey's
    // "İzmir ili", Czechia's and Slovakia's "kraj", China's "sheng".
    fylke: 'NO',
    megye: 'HU',
    zupanija: 'HR',
    ili: 'TR',
    kraj: 'CZ SK',
    sheng: 'CN',
  }).map(([word, codes]) => [word, new Set(codes.split(' '))]),
);
/** A name followed by one of {@link DIVISION_WORDS}: the name, the word. */
const DIVISION_SUFFIX = new RegExp(`^(.+) (${[...DIVISION_WORDS.keys()].join('|')})$`);

/**
 * The same words where a language says them before the name (as place keys), with the countries
 * that do: "County Cork" and "Co. Cork" in Ireland, "County Durham" in England and Northern Ireland
 * (where "Durham County" is North Carolina's), "Estado de México", "Provincia de Córdoba",
 * "State of Mexico". No list: the word's own countries. Not "Region X", a form's label as often as
 * a name ("region EMEA"): Denmark's "Region Hovedstaden" is an ISO name of its own.
 */
const WORDS_BEFORE: readonly [string, string, string?][] = [
  ['county', 'county', 'IE GB'],
  ['co', 'county', 'IE GB'],
  ['state of', 'state'],
  ['estado de', 'state', 'MX VE BR'],
  ['estado do', 'state', 'BR'],
  ['estado da', 'state', 'BR'],
  ['province of', 'province'],
  ['provincia de', 'province'],
  ['provincia di', 'province', 'IT'],
  ['provincia del', 'province'],
  ['departamento de', 'department'],
  ['departamento del', 'department'],
  ['governorate of', 'governorate'],
  // The countries' own words before the name: Romania's "județul Timiș", Poland's "województwo
  // lubelskie", the Netherlands' "provincie Utrecht", Indonesia's "provinsi Riau", Vietnam's "tỉnh
  // Đồng Nai", Thailand's "changwat Chiang Mai", Italy's "regione Puglia", Portugal's "distrito de".
  ['judetul', 'county', 'RO'],
  ['judet', 'county', 'RO'],
  ['wojewodztwo', 'voivodeship', 'PL'],
  ['provincie', 'province', 'NL BE'],
  ['provinsi', 'province', 'ID'],
  ['tinh', 'province', 'VN'],
  ['changwat', 'province', 'TH'],
  ['regione', 'region', 'IT'],
  ['distrito de', 'district', 'PT'],
];
const WORD_BEFORE = new RegExp(`^(${WORDS_BEFORE.map(([w]) => w).join('|')}) (.+)$`);

/** A division named with its kind word, after the name or before it: the name, and the countries that call their divisions so. */
export function divisionWordOf(key: string): { name: string; countries: ReadonlySet<string> } | null {
  const before = WORD_BEFORE.exec(key);
  const said = before ? WORDS_BEFORE.find(([w]) => w === before[1]) : undefined;
  if (before && said) {
    const countries = said[2] ? new Set(said[2].split(' ')) : DIVISION_WORDS.get(said[1]);
    if (countries) return { name: before[2] as string, countries };
  }
  const after = DIVISION_SUFFIX.exec(key);
  const countries = after ? DIVISION_WORDS.get(after[2] as string) : undefined;
  return after && countries ? { name: after[1] as string, countries } : null;
}

/**
 * Names a division goes by that neither ISO 3166-2 nor CLDR gives, in the country's own usage:
 * "Edomex" for the State of Mexico (Estado de México), whose bare name is the country's.
 */
const CLIPPED_NAMES: readonly [string, Division][] = [['edomex', { name: 'México', countryCode: 'MX' }]];

/** Words that only place a part ("North West", "Upper East", "West Coast"): a name of these alone is no division in text. */
const POSITION_WORDS = new Set(
  'north south east west northern southern eastern western northeast northwest southeast southwest upper lower central centre center middle far coast coastal region areas area district districts federal'.split(
    ' ',
  ),
);

/**
 * Whether a division's name is read in text: not made of common words, or of several words one of
 * which names something other than a position ("Eastern Cape", "West Midlands", "Northwest
 * Territories"; not "Rivers", "Central" or "North West").
 */
function readableDivision(key: string): boolean {
  if (!isOrdinaryName(key)) return true;
  const words = key.split(' ');
  return words.length >= 2 && words.some((w) => !POSITION_WORDS.has(w));
}

/** Countries whose Arabic names are romanised in French (Morocco, Algeria, Tunisia, Mauritania). */
const FRENCH_ROMANISED = new Set(['MA', 'DZ', 'TN', 'MR']);

/** Countries whose names are romanised with "gh" for ғ (Kazakhstan, Uzbekistan, Kyrgyzstan, Tajikistan, Turkmenistan). */
const GH_ROMANISED = new Set(['KZ', 'UZ', 'KG', 'TJ', 'TM']);

/**
 * The first-level divisions the gazetteer's cities are filed under, by place key: those of exactly
 * one country, whose name is no city and is read in text ({@link readableDivision}), under their
 * own name and their other names (geo/data/division-names.tsv: "Styria" for Steiermark, "East
 * Java" for Jawa Timur) when those, too, name one country's division only. Built once.
 */
function divisions(): Map<string, Division> {
  if (divisionIndex) return divisionIndex;
  // Each key's divisions, as "country|name": one entry is one division, two are a name shared.
  const seen = new Map<string, Map<string, Division>>();
  const add = (key: string, d: Division, byCountry: boolean) => {
    const entry = seen.get(key) ?? new Map<string, Division>();
    // The cities' own spellings of one country's division are one division ("Québec", "Quebec").
    const id = byCountry ? d.countryCode : `${d.countryCode}|${d.name}`;
    if (!entry.has(id)) entry.set(id, d);
    seen.set(key, entry);
  };
  for (const c of allCities()) {
    if (!c.region) continue;
    add(placeKey(c.region), { name: c.region, countryCode: c.countryCode }, true);
    // Korea's provinces are said without their "-do" ("Gangwon" for Gangwon-do).
    const stem = /^(.+)-do$/.exec(c.region);
    if (stem && (c.countryCode === 'KR' || c.countryCode === 'KP'))
      add(placeKey(stem[1] as string), { name: c.region, countryCode: c.countryCode }, true);
  }
  const own = new Set(seen.keys());
  for (const line of fs.readFileSync(fromPackageRoot('geo/data/division-names.tsv'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [countryCode, region, names, unfiled] = line.split('\t') as [string, string, string, string?];
    // A division named as a city of its country ("Nakuru", "Durham") is read only with its kind word.
    const wordOnly = unfiled === 'city' ? { wordOnly: true } : {};
    // A division no city of the gazetteer is filed under ("Qinghai", "Flevoland", "Waikato") is read by its own name too.
    if (unfiled) add(placeKey(region), { name: region, countryCode, unfiled: !own.has(placeKey(region)), ...wordOnly }, true);
    for (const n of names.split('|').filter(Boolean)) {
      const key = placeKey(n);
      // A division's own name is never another's other name; an other name of common words
      // ("Holy Cross" for Świętokrzyskie, "Southern District") or of four letters or fewer is none.
      // With its kind word, though, it is this one's where the word tells the two apart ("Red Sea
      // Governorate" is Egypt's Al Bahr al Ahmar, "Red Sea" alone Sudan's state).
      if (own.has(key) || wordOnly.wordOnly) {
        if (key.length >= 5) add(key, { name: region, countryCode, wordOnly: true }, false);
      } else if (key.length >= 5 && !isOrdinaryName(key)) add(key, { name: region, countryCode }, false);
    }
  }
  for (const [key, d] of CLIPPED_NAMES) add(key, d, true);
  // Arabic's qāf is romanised "q" or "k": "Bekaa" is the Beqaa, "Kalyubia" Al Qalyubiyah, in the
  // countries with Arabic as an official language (countries-list), where no division has that key.
  // Not a spelling that another language's name of a city has ("Dimashk" is Damascus, "Zarka" Az Zarqa).
  const arabic = arabicCountries();
  const cityNames = new Set(
    fs
      .readFileSync(fromPackageRoot('geo/data/other-names.tsv'), 'utf8')
      .split('\n')
      .map((l) => l.split('\t')[0]),
  );
  // Nor is its article always written: "Qassim" is Al-Qassim, "Jawf" Al Jawf (al-, el-, and the
  // article joined to a sun letter: ar-, as-, ad-, az-, an-, at-, ash-); nor its "ay" ("Ras Al
  // Khaimah" for Ras Al Khaymah: geo/arabic-spellings.ts).
  for (const [key, entry] of [...seen]) {
    const bare = key.replace(/^(al|el|ar|as|ad|az|an|at|ash|ath|adh) (?=\S)/, '');
    for (const variant of new Set([key.replace(/q(?!u)/g, 'k'), bare, diphthongVariant(key) ?? key])) {
      if (variant === key || variant.length < 5 || seen.has(variant) || cityNames.has(variant)) continue;
      for (const d of entry.values()) if (arabic.has(d.countryCode) && !d.wordOnly) add(variant, { ...d }, false);
    }
    // The Maghreb's names are romanised in French, whose "ch" English writes "sh" ("Marrakesh-Safi"
    // for Marrakech-Safi).
    const english = key.replace(/ch/g, 'sh');
    if (english !== key && !seen.has(english) && !cityNames.has(english))
      for (const d of entry.values()) if (FRENCH_ROMANISED.has(d.countryCode) && !d.wordOnly) add(english, { ...d }, false);
    // Central Asia's "gh" (Kazakh and Uzbek ғ) is as often "g", and its "y" between consonants "i":
    // "Mangystau" and "Mangistau" for Mangghystau.
    const g = key.replace(/g?gh/g, 'g');
    for (const variant of new Set([g, g.replace(/(?<=[^aeiou\s])y(?=[^aeiouy\s])/g, 'i')])) {
      if (variant === key || variant.length < 5 || seen.has(variant) || cityNames.has(variant)) continue;
      for (const d of entry.values()) if (GH_ROMANISED.has(d.countryCode) && !d.wordOnly) add(variant, { ...d }, false);
    }
  }
  const index = new Map<string, Division>();
  const suffixed = new Map<string, Division[]>();
  for (const [key, entry] of seen) {
    if (key.length < 3) continue;
    suffixed.set(key, [...entry.values()]);
    const bare = [...entry.values()].filter((d) => !d.wordOnly);
    const division = bare[0];
    if (division && bare.length === 1 && readableDivision(key) && findCities(key).length === 0) index.set(key, division);
  }
  const written = new Map<string, Division | null>();
  for (const c of allCities()) {
    if (!c.region || !/[^\p{ASCII}]/u.test(c.region)) continue;
    const w = c.region.normalize('NFC').toLowerCase();
    const had = written.get(w);
    written.set(w, had === undefined || (had && had.countryCode === c.countryCode) ? { name: c.region, countryCode: c.countryCode } : null);
  }
  writtenIndex = new Map([...written].filter((e): e is [string, Division] => e[1] !== null));
  divisionIndex = index;
  suffixedIndex = suffixed;
  return index;
}

/**
 * A first-level division named `name` as the gazetteer's cities record it ("Tasmania",
 * "Selangor", "Goa", "Vaud", "Antioquia", "Styria"), or null. The name returned is the one records
 * store. Followed by the word its country calls its divisions by ("State", "Province", "Krai",
 * "County", ...: {@link DIVISION_WORDS}), any one country's division of that name ("Rivers State",
 * "Lagos State", "Krasnodar Krai", "Nairobi County"; not "Bay State" or "Kent State").
 */
export function findDivision(name: string): Division | null {
  const key = placeKey(name);
  const found = divisions().get(key);
  if (found) return found;
  // "Pará": a division whose name, folded, is a common word ("para") or another's, read as written, accents and all.
  const written = /[^\p{ASCII}]/u.test(name) ? writtenIndex?.get(name.trim().normalize('NFC').toLowerCase()) : undefined;
  if (written) return written;
  // "Red Sea Governorate": of the divisions so named (Egypt's, Sudan's), the one country that calls its divisions so.
  // A name of positions several countries give ("Eastern Province": Zambia's, Sri Lanka's, Saudi
  // Arabia's) stays unread: the word tells apart only the countries this list knows the words of.
  const worded = divisionWordOf(key);
  const all = worded ? (suffixedIndex?.get(worded.name) ?? []) : [];
  const called =
    worded && (all.length === 1 || readableDivision(worded.name)) ? all.filter((d) => worded.countries.has(d.countryCode)) : [];
  return called.length === 1 ? (called[0] as Division) : null;
}

/**
 * The one first-level division of `countryCode` called `name`, whatever else the name is: a common
 * word ("Acre", "Fife"), a name several countries give ("Amazonas"), one known only from ISO 3166-2.
 * For a name already qualified by its country ("Acre, Brazil", "Fife, Scotland"), where the
 * country says which is meant; null when the country has none or two of that name.
 */
export function divisionNamedIn(name: string, countryCode: string): Division | null {
  divisions();
  const all = (suffixedIndex?.get(placeKey(name)) ?? []).filter((d) => d.countryCode === countryCode);
  const named = new Set(all.map((d) => d.name));
  return named.size === 1 ? (all[0] as Division) : null;
}

let regionsByCountry: Map<string, string> | null = null;

/**
 * The first-level division of one country that the gazetteer's cities are filed under by this
 * name ("Punjab" in Pakistan or in India), as records store it; null when there is none. Unlike
 * {@link findDivision}, a name several countries use, or a common word, is answered: the country
 * is given.
 */
export function divisionOfCountry(name: string, countryCode: string): string | null {
  if (!regionsByCountry) {
    regionsByCountry = new Map();
    for (const c of allCities()) if (c.region) regionsByCountry.set(`${c.countryCode}|${placeKey(c.region)}`, c.region);
  }
  return regionsByCountry.get(`${countryCode}|${placeKey(name)}`) ?? null;
}

/** Every key {@link findDivision} answers. */
export function divisionKeys(): string[] {
  const index = divisions();
  const suffixed = [...(suffixedIndex ?? [])].flatMap(([k, list]) => [
    ...[...DIVISION_WORDS].filter(([, codes]) => list.some((d) => codes.has(d.countryCode))).map(([word]) => `${k} ${word}`),
    ...WORDS_BEFORE.filter(([, word, codes]) => {
      const countries = codes ? codes.split(' ') : [...(DIVISION_WORDS.get(word) ?? [])];
      return list.some((d) => countries.includes(d.countryCode));
    }).map(([before]) => `${before} ${k}`),
  ]);
  return [...index.keys(), ...suffixed, ...[...(writtenIndex?.keys() ?? [])].map(placeKey)];
}
