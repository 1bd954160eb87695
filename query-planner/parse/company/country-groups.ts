/**
 * Groups of countries in company queries ("Baltic", "the Balkans", "Iberian", "Central Asia"):
 * one place mention per country of the group.
 */
import { type PlaceMatch, resolvePlace } from '../../places.js';
import type { PlaceMention } from '../places.js';
import { phraseTable, scanPhrases, type Token } from '../tokens.js';
import { worldCountries } from './demonyms.js';

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
/** Whether the words from `from` on, one or two past `end`, name a place of their own. */
function longerPlace(tokens: Token[], from: number, end: number): boolean {
  const words = (to: number) =>
    tokens
      .slice(from, to)
      .map((t) => t.text)
      .join(' ');
  return [end + 1, end + 2].some(
    (to) => to <= tokens.length && tokens.slice(end, to).every((t) => t.kind === 'word') && resolvePlace(words(to)) !== null,
  );
}

export function scanCountryGroups(tokens: Token[]): PlaceMention[] {
  return scanPhrases(tokens, countryGroups(), 'place', ({ value, from, end }) =>
    // "the Baltic Sea region": the group's word starts a longer place the place scan reads whole.
    tokens[from]?.kind === 'word' && !(tokens[end]?.kind === 'word' && longerPlace(tokens, from, end))
      ? {
          item: value.map((match) => ({ text: match.name, match: { ...match, input: match.name }, exclude: false, from, to: end })),
          to: end,
        }
      : null,
  ).flat();
}
