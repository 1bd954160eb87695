/**
 * Demonyms and regional adjectives in company queries: "Israeli", "Swiss", "German" → their
 * country, "Nordic", "Scandinavian" → Nordics, "European" → Europe, "Latin American" → LATAM,
 * "Asian" → APAC, ... (not before "speaking" / "language": "French-speaking" is a language).
 */
import { createRequire } from 'node:module';
import { allCities } from '../../../geo/gazetteer.js';
import { type PlaceMatch, resolvePlace } from '../../places.js';
import { STOP_WORDS } from '../lexicon/stop-words.js';
import type { PlaceMention } from '../places.js';
import { type CaseMode, phraseTable, scanPhrases, type Token } from '../tokens.js';
import { NOT_TOPIC } from './topic-words.js';

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

export interface WorldCountry {
  name: { common: string; official: string };
  altSpellings: string[];
  subregion?: string;
  demonyms?: { eng?: { f: string; m: string } };
}

let countryList: WorldCountry[] | null = null;
export function worldCountries(): WorldCountry[] {
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

/** Words after a demonym that make it a language or a people, not a place ("French-speaking", "Swiss citizens"). */
const LANGUAGE_AFTER =
  /^(speaking|speaker|speakers|language|languages|speaking-|fluent|translation|cuisine|food|citizens?|nationals?|passport)$/;

/** Produce and foods that "kiwi", "swiss" and "polish" name in small letters ("kiwi fruit", "swiss chard", "polish sausage"). */
const PRODUCE_AFTER = /^(fruits?|berry|berries|orchards?|vines?|growers?|packhouses?|chard|cheeses?|rolls?|sausages?|dumplings?)$/;

/** Demonyms and regional adjectives as places: "Israeli", "Swiss", "Nordic", "Latin American". */
export function scanDemonyms(tokens: Token[], mode: CaseMode): PlaceMention[] {
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
    // "kiwi fruit packhouses", "swiss chard growers", "polish sausage makers": in small letters
    // before the produce or food it names, the English word.
    if (/^(polish|swiss|kiwi)$/.test(t.norm) && !t.cap && PRODUCE_AFTER.test(next?.norm ?? '')) return null;
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
    // The first word of a longer place name ("the Czech Republic", "Dominican Republic", "the
    // Baltic Sea region") is left to the place scan, which reads it whole.
    const third = tokens[end + 1];
    if (next?.kind === 'word' && resolvePlace(`${t.text} ${next.text}`)) return null;
    if (next?.kind === 'word' && third?.kind === 'word' && resolvePlace(`${t.text} ${next.text} ${third.text}`)) return null;
    return { item: { text: value.name, match: { ...value, input: value.name }, exclude: false, from, to: end }, to: end };
  });
}
