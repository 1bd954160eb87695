/**
 * Headquarters places of a company query. Place names are found by the people parser's scanner
 * (parse/places.ts) and resolved by `resolvePlace`; this module adds
 * - demonyms and regional adjectives: "Israeli", "Swiss", "German", "Dutch", "Japanese",
 *   "Brazilian" → their country, "Nordic", "Scandinavian" → Nordics, "European" → Europe,
 *   "Eastern European", "Middle Eastern", "Latin American" → LATAM, "Asian" → APAC, ... (not
 *   before "speaking" / "language": "French-speaking" is a language);
 * - capitalised region codes that are also words ("SEA" → Southeast Asia) in mixed-case text;
 * - "City Country" without a comma ("Cambridge UK", "São Paulo Brazil") → that city;
 * - places that are not the headquarters: markets and expansion ("expanded to US before Europe",
 *   "with US expansion", "R&D centers in both US and Asia", "raised from US VCs", "for
 *   Indian SMBs", "German customers") are recognised (`location_other`) but not filtered.
 */
import { createRequire } from 'node:module';
import { allCities } from '../../../geo/gazetteer.js';
import { type PlaceMatch, resolvePlace } from '../../places.js';
import { STOP_WORDS } from '../lexicon/stop-words.js';
import { type PlaceMention, scanPlaces } from '../places.js';
import { type CaseMode, claim, phraseTable, scanPhrases, type Token } from '../tokens.js';
import type { Scopes } from './scopes.js';
import { NOT_TOPIC } from './topics.js';

/** Adjective → the place `resolvePlace` knows. */
const DEMONYMS: [string, string][] = [
  ['afghan', 'Afghanistan'],
  ['albanian', 'Albania'],
  ['algerian', 'Algeria'],
  ['american', 'United States'],
  ['argentine', 'Argentina'],
  ['argentinian', 'Argentina'],
  ['argentinean', 'Argentina'],
  ['armenian', 'Armenia'],
  ['australian', 'Australia'],
  ['aussie', 'Australia'],
  ['austrian', 'Austria'],
  ['azerbaijani', 'Azerbaijan'],
  ['bahraini', 'Bahrain'],
  ['bangladeshi', 'Bangladesh'],
  ['belarusian', 'Belarus'],
  ['belgian', 'Belgium'],
  ['bolivian', 'Bolivia'],
  ['brazilian', 'Brazil'],
  ['british', 'United Kingdom'],
  ['bulgarian', 'Bulgaria'],
  ['cambodian', 'Cambodia'],
  ['canadian', 'Canada'],
  ['chilean', 'Chile'],
  ['chinese', 'China'],
  ['colombian', 'Colombia'],
  ['costa rican', 'Costa Rica'],
  ['croatian', 'Croatia'],
  ['cypriot', 'Cyprus'],
  ['czech', 'Czech Republic'],
  ['danish', 'Denmark'],
  ['dutch', 'Netherlands'],
  ['ecuadorian', 'Ecuador'],
  ['egyptian', 'Egypt'],
  ['emirati', 'United Arab Emirates'],
  ['estonian', 'Estonia'],
  ['ethiopian', 'Ethiopia'],
  ['filipino', 'Philippines'],
  ['philippine', 'Philippines'],
  ['finnish', 'Finland'],
  ['french', 'France'],
  ['german', 'Germany'],
  ['ghanaian', 'Ghana'],
  ['greek', 'Greece'],
  ['guatemalan', 'Guatemala'],
  ['hungarian', 'Hungary'],
  ['icelandic', 'Iceland'],
  ['indian', 'India'],
  ['indonesian', 'Indonesia'],
  ['iranian', 'Iran'],
  ['iraqi', 'Iraq'],
  ['irish', 'Ireland'],
  ['israeli', 'Israel'],
  ['italian', 'Italy'],
  ['jamaican', 'Jamaica'],
  ['japanese', 'Japan'],
  ['jordanian', 'Jordan'],
  ['kazakh', 'Kazakhstan'],
  ['kazakhstani', 'Kazakhstan'],
  ['uzbek', 'Uzbekistan'],
  ['kyrgyz', 'Kyrgyzstan'],
  ['tajik', 'Tajikistan'],
  ['turkmen', 'Turkmenistan'],
  ['kenyan', 'Kenya'],
  ['korean', 'South Korea'],
  ['south korean', 'South Korea'],
  ['kuwaiti', 'Kuwait'],
  ['latvian', 'Latvia'],
  ['lebanese', 'Lebanon'],
  ['lithuanian', 'Lithuania'],
  ['luxembourgish', 'Luxembourg'],
  ['malaysian', 'Malaysia'],
  ['maltese', 'Malta'],
  ['mexican', 'Mexico'],
  ['moroccan', 'Morocco'],
  ['nepalese', 'Nepal'],
  ['nepali', 'Nepal'],
  ['kiwi', 'New Zealand'],
  ['nigerian', 'Nigeria'],
  ['norwegian', 'Norway'],
  ['pakistani', 'Pakistan'],
  ['panamanian', 'Panama'],
  ['paraguayan', 'Paraguay'],
  ['peruvian', 'Peru'],
  ['polish', 'Poland'],
  ['portuguese', 'Portugal'],
  ['qatari', 'Qatar'],
  ['romanian', 'Romania'],
  ['russian', 'Russia'],
  ['rwandan', 'Rwanda'],
  ['saudi', 'Saudi Arabia'],
  ['scottish', 'United Kingdom'],
  ['welsh', 'United Kingdom'],
  ['senegalese', 'Senegal'],
  ['serbian', 'Serbia'],
  ['singaporean', 'Singapore'],
  ['slovak', 'Slovakia'],
  ['slovenian', 'Slovenia'],
  ['south african', 'South Africa'],
  ['spanish', 'Spain'],
  ['sri lankan', 'Sri Lanka'],
  ['swedish', 'Sweden'],
  ['swiss', 'Switzerland'],
  ['taiwanese', 'Taiwan'],
  ['tanzanian', 'Tanzania'],
  ['thai', 'Thailand'],
  ['tunisian', 'Tunisia'],
  ['turkish', 'Turkey'],
  ['ugandan', 'Uganda'],
  ['ukrainian', 'Ukraine'],
  ['uruguayan', 'Uruguay'],
  ['venezuelan', 'Venezuela'],
  ['vietnamese', 'Vietnam'],
  ['zambian', 'Zambia'],
  ['zimbabwean', 'Zimbabwe'],
  // Regions.
  ['scandinavian', 'Nordics'],
  ['nordic', 'Nordics'],
  ['european', 'Europe'],
  ['pan-european', 'Europe'],
  ['eastern european', 'Eastern Europe'],
  ['central and eastern european', 'Eastern Europe'],
  ['western european', 'Western Europe'],
  ['central european', 'Central Europe'],
  ['southern european', 'Southern Europe'],
  ['middle eastern', 'Middle East'],
  ['latin american', 'LATAM'],
  ['latam', 'LATAM'],
  ['south american', 'South America'],
  ['central american', 'Central America'],
  ['north american', 'North America'],
  ['asian', 'APAC'],
  ['southeast asian', 'Southeast Asia'],
  ['south-east asian', 'Southeast Asia'],
  ['south east asian', 'Southeast Asia'],
  ['east asian', 'East Asia'],
  ['south asian', 'South Asia'],
  ['african', 'Africa'],
  ['north african', 'North Africa'],
  ['sub-saharan african', 'Sub-Saharan Africa'],
  ['australasian', 'ANZ'],
];

interface WorldCountry {
  name: { common: string; official: string };
  altSpellings: string[];
  subregion?: string;
  demonyms?: { eng?: { f: string; m: string } };
}

let countryList: WorldCountry[] | null = null;
function worldCountries(): WorldCountry[] {
  countryList ??= createRequire(import.meta.url)('world-countries/countries.json') as WorldCountry[];
  return countryList;
}

/**
 * English demonyms of every country (the world-countries package: "Irish" → Ireland,
 * "Lithuanian" → Lithuania), after the hand list above (which adds nicknames and regions and wins
 * on conflicts). A demonym shared by two countries is the one with five times the other's people
 * ("Congolese" is DR Congo's), else left out.
 */
function packageDemonyms(): [string, string][] {
  const countries = worldCountries();
  const byWord = new Map<string, Set<string>>();
  for (const c of countries) {
    const place = [c.name.common, c.name.official, ...c.altSpellings].find((n) => resolvePlace(n)?.kind === 'country');
    if (!place) continue;
    for (const d of [c.demonyms?.eng?.m, c.demonyms?.eng?.f]) {
      const word = d?.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
      if (!word || !/^[a-z][a-z' -]+$/.test(word)) continue;
      const set = byWord.get(word) ?? new Set<string>();
      set.add(place);
      byWord.set(word, set);
    }
  }
  // A demonym shared by countries of which one has five times the people of the others in the
  // gazetteer's cities ("Congolese": DR Congo; "Dominican": the Dominican Republic) is that one's.
  const people = new Map<string, number>();
  for (const c of allCities()) people.set(c.countryCode, (people.get(c.countryCode) ?? 0) + c.population);
  const weight = (place: string) => people.get(resolvePlace(place)?.countryCode ?? '') ?? 0;
  const out: [string, string][] = [];
  for (const [word, places] of byWord) {
    const ranked = [...places].sort((a, b) => weight(b) - weight(a));
    const [first, second] = ranked as [string, string | undefined];
    if (second === undefined || weight(first) >= 5 * weight(second)) out.push([word, first]);
  }
  return out;
}

let demonymTable: ReturnType<typeof phraseTable<PlaceMatch>> | null = null;
const demonymPairs: [string, string][] = [];

/** The demonym table, keeping only the places `resolvePlace` knows. */
function demonyms() {
  if (demonymTable) return demonymTable;
  const entries: [string, PlaceMatch][] = [];
  const seen = new Set<string>();
  for (const [adjective, place] of [...DEMONYMS, ...packageDemonyms()]) {
    if (seen.has(adjective)) continue;
    const match = resolvePlace(place);
    if (!match) continue;
    seen.add(adjective);
    entries.push([adjective, match]);
    demonymPairs.push([adjective, match.name]);
  }
  demonymTable = phraseTable(entries);
  return demonymTable;
}

/** Every demonym and the place it resolves to (for tests and docs). */
export function demonymList(): [string, string][] {
  demonyms();
  return demonymPairs;
}

/** Whether the word is a one-word demonym ("Swiss", "German", "Nordic"). */
export function isDemonym(norm: string): boolean {
  return (demonyms().byFirst.get(norm) ?? []).some((e) => e.parts.length === 1);
}

const LANGUAGE_AFTER =
  /^(speaking|speaker|speakers|language|languages|speaking-|fluent|translation|cuisine|food|citizens?|nationals?|passport)$/;

function scanDemonyms(tokens: Token[], mode: CaseMode): PlaceMention[] {
  return scanPhrases(tokens, demonyms(), 'place', ({ value, from, end }) => {
    const t = tokens[from] as Token;
    const next = tokens[end];
    // "Mexican food", "Swiss citizens" are no places; "Chilean food tech" is the sector of a Chilean company.
    const foodTech = next?.norm === 'food' && /^tech(nology|nologies)?$/.test(tokens[end + 1]?.norm ?? '');
    if (t.kind !== 'word' || (next && LANGUAGE_AFTER.test(next.norm) && !foodTech)) return null;
    // "polish the deck", "turkey sandwich": in mixed-case text a demonym is capitalised, unless
    // an acronym follows it ("kenyan NGOs"), which is why the text has capitals.
    if (mode === 'mixed' && !t.cap && !(next?.kind === 'word' && /^\p{Lu}{2,}s?$/u.test(next.text))) return null;
    if (/^(polish|swiss|kiwi)$/.test(t.norm) && !t.cap && !(next && next.kind === 'word')) return null;
    // "nail polish", "shoe polish": after a noun in small letters, the English word ("small polish
    // banks" keeps Poland: a size or evaluation word is no noun).
    const prev = tokens[from - 1];
    if (
      /^(polish|swiss|kiwi)$/.test(t.norm) &&
      !t.cap &&
      prev?.kind === 'word' &&
      !prev.claim &&
      !STOP_WORDS.has(prev.norm) &&
      !NOT_TOPIC.has(prev.norm)
    )
      return null;
    // The first word of a longer place name ("the Czech Republic", "Dominican Republic") is left
    // to the place scan, which reads it whole.
    if (next?.kind === 'word' && resolvePlace(`${t.text} ${next.text}`)) return null;
    return { item: { text: value.name, match: { ...value, input: value.name }, exclude: false, from, to: end }, to: end };
  });
}

/**
 * Groups of countries the gazetteer has no region for, as their countries: well-known groupings
 * ("Baltic states", "the Balkans", "Iberian", "the Levant", "Maghreb", "South Caucasus"), then the
 * United Nations subregions of the world-countries package ("Central Asia", "Western Asia",
 * "Melanesia") unless the gazetteer resolves the name itself.
 */
const COUNTRY_GROUPS: [string[], string[]][] = [
  [
    ['baltic', 'baltics', 'baltic states', 'baltic countries', 'baltic region'],
    ['Estonia', 'Latvia', 'Lithuania'],
  ],
  [
    ['balkan', 'balkans', 'the balkans', 'balkan states', 'western balkans'],
    [
      'Albania',
      'Bosnia and Herzegovina',
      'Kosovo',
      'Montenegro',
      'North Macedonia',
      'Serbia',
      'Croatia',
      'Slovenia',
      'Bulgaria',
      'Romania',
      'Greece',
    ],
  ],
  [
    ['iberia', 'iberian', 'iberian peninsula'],
    ['Spain', 'Portugal'],
  ],
  [
    ['levant', 'levantine', 'the levant'],
    ['Lebanon', 'Syria', 'Jordan', 'Israel', 'Palestine'],
  ],
  [
    ['maghreb', 'maghrebi'],
    ['Morocco', 'Algeria', 'Tunisia', 'Libya', 'Mauritania'],
  ],
  [
    ['south caucasus', 'caucasus'],
    ['Armenia', 'Azerbaijan', 'Georgia'],
  ],
];

let groupTable: ReturnType<typeof phraseTable<PlaceMatch[]>> | null = null;

function countryGroups() {
  if (groupTable) return groupTable;
  const entries: [string, PlaceMatch[]][] = [];
  const countriesOf = (names: string[]) => names.map((n) => resolvePlace(n)).filter((m): m is PlaceMatch => m?.kind === 'country');
  for (const [phrases, names] of COUNTRY_GROUPS) {
    const matches = countriesOf(names);
    if (matches.length) for (const phrase of phrases) entries.push([phrase, matches]);
  }
  const bySubregion = new Map<string, string[]>();
  for (const c of worldCountries()) {
    if (!c.subregion) continue;
    const list = bySubregion.get(c.subregion) ?? [];
    list.push(c.name.common);
    bySubregion.set(c.subregion, list);
  }
  for (const [subregion, names] of bySubregion) {
    if (resolvePlace(subregion)) continue;
    const matches = countriesOf(names);
    if (matches.length) entries.push([subregion.toLowerCase(), matches]);
  }
  groupTable = phraseTable(entries);
  return groupTable;
}

/** "Baltic timber companies" → Estonia, Latvia, Lithuania: one mention per country, same tokens. */
function scanCountryGroups(tokens: Token[]): PlaceMention[] {
  return scanPhrases(tokens, countryGroups(), 'place', ({ value, from, end }) =>
    tokens[from]?.kind === 'word'
      ? {
          item: value.map((match) => ({ text: match.name, match: { ...match, input: match.name }, exclude: false, from, to: end })),
          to: end,
        }
      : null,
  ).flat();
}

/** Capitalised region codes that the people scanner leaves to a place word ("SEA edtech"). */
function scanRegionCodes(tokens: Token[], mode: CaseMode): PlaceMention[] {
  const out: PlaceMention[] = [];
  if (mode !== 'mixed') return out;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || t.kind !== 'word' || !t.upper || t.join || tokens[i + 1]?.join) continue;
    const match = resolvePlace(t.text);
    if (match?.kind !== 'region') continue;
    claim(tokens, i, i + 1, 'place');
    out.push({ text: t.text, match, exclude: false, from: i, to: i + 1 });
  }
  return out;
}

const NOT_HQ_BEFORE = new Set(
  'expanded expanding expand expands expansion beyond offices office centers centres center centre hubs hub presence customers clients selling sells sell sold subsidiaries subsidiary branches branch operations markets market investors vcs exporting exports export entering entered enter entry into serving'.split(
    ' ',
  ),
);
const NOT_HQ_AFTER =
  /^(stock|exchange|vcs?|investors?|funds?|expansion|customers?|clients?|users?|market|markets|offices?|operations|subsidiary|subsidiaries|branch|branches|presence|r&d|smbs?|smes?|consumers?|patients?|government|regulators?|buyers?|shoppers?)$/;
/** Words between a non-headquarters cue and its place ("R&D centers in both US and Asia"). */
const LINK_WORDS = /^(in|to|into|across|both|the|and|or|throughout|within|of|for|&|r|d|us|uk|eu|new)$/;
const CHAIN = /^(,|and|or|&|\/|before|then|both|the|as|well|plus|later)$/;

/** Sites a company has (offices, centres, hubs): places of them are not the headquarters in an attribute clause. */
const SITE_NOUNS = /^(offices?|cent(er|re)s?|hubs?|branch(es)?|subsidiar(y|ies)|operations|presence)$/;
const GOVERNMENT_BODIES =
  /^(agency|agencies|bodies|body|departments?|ministry|ministries|authority|authorities|organi[sz]ations?|entities)$/;

/** Whether token k sits in a "with ..." / "has ..." clause (an attribute), not the company noun phrase. */
function attributeClause(tokens: Token[], k: number): boolean {
  for (let j = k - 1; j >= 0 && k - j <= 4; j--) {
    const t = tokens[j] as Token;
    if (t.kind === 'punct' && t.stop) return false;
    if (/^(with|has|have|having|opened|opening|runs?|own|owns|its|their|and)$/.test(t.norm)) return true;
  }
  return false;
}

export interface CompanyPlaces {
  /** Headquarters places: included or excluded. */
  hq: PlaceMention[];
  /** Places named for something else (markets, expansion, investors, offices). */
  other: PlaceMention[];
}

/** Whether mention `m` names a market, an expansion or an office rather than the headquarters. */
function notHeadquarters(tokens: Token[], m: PlaceMention, scopes: Scopes): boolean {
  if (scopes.customer.has(m.from)) return true;
  const after = tokens[m.to];
  // "Irish government agencies" are Irish; "for the Irish government" is a customer.
  const governmentBody = after?.norm === 'government' && GOVERNMENT_BODIES.test(tokens[m.to + 1]?.norm ?? '');
  if (after && after.kind === 'word' && NOT_HQ_AFTER.test(after.norm) && !governmentBody) return true;
  if (after?.norm === 'r' && tokens[m.to + 1]?.norm === '&') return true;
  for (let k = m.from - 1; k >= 0 && m.from - k <= 6; k--) {
    const t = tokens[k] as Token;
    if ((t.kind === 'punct' && t.text !== '&') || t.claim === 'place') break;
    if (NOT_HQ_BEFORE.has(t.norm)) {
      // "call centers in Colombia" are the companies themselves; "with R&D centers in Asia" are sites.
      if (!SITE_NOUNS.test(t.norm) || attributeClause(tokens, k)) return true;
      break;
    }
    if (!LINK_WORDS.test(t.norm)) break;
  }
  return false;
}

/**
 * Finds the places of a company query, claims their tokens, and splits them into headquarters
 * and other places, in text order.
 */
export function scanCompanyPlaces(text: string, tokens: Token[], mode: CaseMode, scopes: Scopes): CompanyPlaces {
  const all = [
    ...scanCountryGroups(tokens),
    ...scanDemonyms(tokens, mode),
    ...scanPlaces(text, tokens, mode),
    ...scanRegionCodes(tokens, mode),
  ];
  all.sort((a, b) => a.from - b.from);
  // "Cambridge UK", "São Paulo Brazil": a city followed by its country or state is that city.
  const merged: PlaceMention[] = [];
  for (let k = 0; k < all.length; k++) {
    const a = all[k] as PlaceMention;
    const b = all[k + 1];
    if (b && a.match.kind === 'city' && (b.match.kind === 'country' || b.match.kind === 'state') && b.from === a.to) {
      const city = resolvePlace(`${a.match.city ?? a.text}, ${b.match.kind === 'state' ? (b.match.region ?? b.text) : b.match.name}`);
      if (city?.kind === 'city') {
        merged.push({ text: city.name, match: { ...city, input: city.name }, exclude: a.exclude || b.exclude, from: a.from, to: b.to });
        k++;
        continue;
      }
    }
    merged.push(a);
  }
  const hq: PlaceMention[] = [];
  const other: PlaceMention[] = [];
  let previous: { m: PlaceMention; hq: boolean } | null = null;
  for (const m of merged) {
    m.exclude ||= scopes.negated.has(m.from);
    let isHq = !notHeadquarters(tokens, m, scopes);
    // A list continues what its first place was: "expanded to US before Europe".
    if (isHq && previous && !previous.hq) {
      let k = previous.m.to;
      while (k < m.from && CHAIN.test(tokens[k]?.norm ?? '')) k++;
      if (k === m.from && m.from - previous.m.to <= 3) isHq = false;
    }
    (isHq ? hq : other).push(m);
    previous = { m, hq: isHq };
  }
  const seen = new Set<string>();
  const unique = hq.filter((m) => {
    const key = `${m.match.kind}|${m.match.name}|${m.exclude}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { hq: unique, other };
}
