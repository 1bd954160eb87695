/**
 * Finding places in text. Resolution itself stays in ../places.ts (`resolvePlace`); this module
 * decides which stretches of text are places at all. It tries the longest word n-grams first,
 * but only n-grams whose key the gazetteer knows (parse/place-index.ts, built once from the
 * gazetteer, so a 10,000-character brief costs a few hash look-ups per word), and then applies the rules that
 * keep common words out (place-accept.ts): two-letter codes that are also words ("in", "or", "me", "MA" the
 * degree) need capitals or a place word before them, single-word places that are common words
 * ("Mobile", "Reading", "Lead") need a place word, small towns need one too, and a trailing
 * "area" / "metro" is absorbed into the place ("Seattle area" → Seattle; a city filter matches
 * its metro anyway). A state or country after a comma qualifies the place before it
 * (place-qualifiers.ts: "Portland, ME", "Orange County, FL").
 */

import type { PlaceMatch } from '../places.js';
import { countryCodeAt } from './country-codes.js';
import { PLACE_EXCLUDE_CUES, PLACE_PREPOSITIONS } from './lexicon/places.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { misspeltPlace } from './misspelt-places.js';
import { accept, foreignPreposition, isVocabularyWord, locatedSuffix } from './place-accept.js';
import { knownEnds, placeKeys, resolveCached, tokenKey } from './place-index.js';
import { candidate, prevWordSkippingThe, qualifiedDivision, qualifiedOrdinaryTown, qualify, type ScanContext } from './place-qualifiers.js';
import { type CaseMode, sliceText, type Token } from './tokens.js';

export { placeStartsAt } from './place-index.js';

export interface PlaceMention {
  /** The place as written ("SF", "north carolina"); codes of three letters or fewer in capitals. */
  text: string;
  match: PlaceMatch;
  exclude: boolean;
  from: number;
  to: number;
}

/** Words after a place that name its area ("Seattle area", "Boston metro"): absorbed into the place. */
const AREA_WORDS = new Set(['area', 'metro', 'region', 'metropolitan']);

function display(text: string): string {
  // A code is written in plain letters: "Huế", "Łódź" are names.
  return /^[A-Za-z.]{1,4}$/.test(text) && text.replace(/\./g, '').length <= 3 ? text.toUpperCase() : text;
}

/**
 * Finds the places in `tokens`, claims their tokens, and returns them in text order (a place
 * named twice is kept once).
 */
export function scanPlaces(text: string, tokens: Token[], mode: CaseMode): PlaceMention[] {
  const out: PlaceMention[] = [];
  const firstWord = tokens.findIndex((t) => t.kind === 'word');
  const ctx: ScanContext = { tokens, text, mode, firstWord, lastPlaceEnd: -1 };
  placeKeys();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || t.kind !== 'word') continue;
    const ends = knownEnds(tokens, i);
    let found: { to: number; match: PlaceMatch } | null = null as { to: number; match: PlaceMatch } | null;
    let corrected: string | null = null;
    const ordinaryTown = ends.length ? null : (qualifiedOrdinaryTown(ctx, i) ?? qualifiedDivision(ctx, i) ?? countryCodeAt(ctx, i));
    if (ordinaryTown) found = ordinaryTown;
    else if (!ends.length) {
      // A misspelt place after a place word ("in missisippi", "in Tuscon").
      // Never inside a negation: a guess is not worth an exclusion.
      const p = prevWordSkippingThe(tokens, i);
      const negated = p > 0 && /^(not|except|excluding)$/.test(tokens[p - 1]?.norm ?? '');
      // Nor before another word of a name it would cut ("the Mahoning Valley" is no Maoming).
      const after = tokens[i + 1];
      const nameGoesOn = after?.kind === 'word' && !after.claim && !STOP_WORDS.has(after.norm);
      corrected =
        PLACE_PREPOSITIONS.test(tokens[p]?.norm ?? '') && !negated && !nameGoesOn && !isVocabularyWord(tokenKey(t))
          ? misspeltPlace(tokenKey(t))
          : null;
      const match = corrected ? resolveCached(corrected) : null;
      if (!match) continue;
      found = { to: i + 1, match };
    }
    for (const to of ends) {
      const match = candidate(ctx, i, to);
      if (!match) continue;
      // "Seattle area": prefer "Seattle" when it is a place by itself ("Seattle metro" stays the metro).
      const lastNorm = tokens[to - 1]?.norm ?? '';
      if (to - i >= 2 && lastNorm === 'area' && !AREA_WORDS.has(tokens[to - 2]?.norm ?? '')) {
        const shorter = candidate(ctx, i, to - 1);
        if (shorter && !shorter.lessCertain && accept(ctx, i, to - 1, shorter)) {
          found = { to: to - 1, match: shorter };
          break;
        }
      }
      // A town qualified by its state or country ("Markham, Ontario", "warner robins ga", "high
      // point nc") or a division by its country ("northland nz") needs no place word: the
      // qualifier says it is the place.
      const qualifiedTown =
        (match.lessCertain === 'town' || match.lessCertain === 'division') &&
        (tokens[to]?.text === ',' ? qualify(ctx, match, to + 1) !== null : tokens[to]?.kind === 'word' && qualify(ctx, match, to) !== null);
      if (!qualifiedTown && !accept(ctx, i, to, match)) continue;
      found = { to, match };
      break;
    }
    found ??= qualifiedDivision(ctx, i);
    if (!found) continue;
    let end = found.to;
    // "Portland, OR", "Paris, France", "Washington, D.C.": the city in that state or country; also
    // without the comma after a city or a division ("Manchester UK", "Paris Texas", "northland nz").
    const comma = tokens[end]?.text === ',';
    let joined = false;
    if (
      (comma && ['city', 'state', 'country', 'region', 'metro'].includes(found.match.kind)) ||
      // Not a small word: "albany or syracuse" is no Albany, Oregon.
      (!comma &&
        (found.match.kind === 'city' || found.match.lessCertain === 'division') &&
        tokens[end]?.kind === 'word' &&
        !tokens[end]?.claim &&
        !STOP_WORDS.has(tokens[end]?.norm ?? ''))
    ) {
      const qualified = qualify(ctx, found.match, comma ? end + 1 : end);
      if (qualified) {
        // The text stays the city's, unless the whole is one name ("Washington D.C.").
        found = { to: qualified.match.input === found.match.input ? found.to : qualified.end, match: qualified.match };
        end = qualified.end;
        joined = !comma;
      }
    }
    // Absorb "area", "metro area", "region" and "-based" after the place.
    while (
      end < tokens.length &&
      (AREA_WORDS.has(tokens[end]?.norm ?? '') ||
        tokens[end]?.norm === 'based' ||
        locatedSuffix(tokens[end], found.match) ||
        (tokens[end]?.norm === 'wide' && tokens[end]?.join === '-')) &&
      !tokens[end]?.claim
    )
      end++;
    const p = prevWordSkippingThe(tokens, i);
    const pp = p >= 0 ? prevWordSkippingThe(tokens, p) : -1;
    const exclude =
      (p >= 0 && PLACE_EXCLUDE_CUES.has(tokens[p]?.norm ?? '')) ||
      (p >= 0 && tokens[p]?.norm === 'in' && pp >= 0 && tokens[pp]?.norm === 'not') ||
      (p >= 0 && tokens[p]?.norm === 'of' && pp >= 0 && tokens[pp]?.norm === 'outside');
    // A misspelt place is written as the place it stands for.
    let raw = corrected ?? sliceText(text, tokens, i, found.to);
    if (raw.includes(',')) raw = found.match.input;
    // "Cambridge UK", "Paris Texas": the city by its canonical name, which reads back as that city.
    else if (joined) raw = found.match.name;
    // "the Bay Area" → "Bay Area" when it names the same place.
    if (/^the\s/i.test(raw)) {
      const bare = resolveCached(raw.slice(4));
      if (bare && bare.kind === found.match.kind && bare.name === found.match.name) raw = raw.slice(4);
    }
    const mention: PlaceMention = { text: display(raw), match: { ...found.match, input: display(raw) }, exclude, from: i, to: end };
    for (let k = i; k < end; k++) (tokens[k] as Token).claim = 'place';
    // "cari dokter di Medan", "enfermeiros em Curitiba": another language's "in", which is no
    // English stop word ("DI engineers", "EM physicians"), ends the title before its place.
    const cue = tokens[i - 1];
    if (cue?.kind === 'word' && !cue.claim && !cue.upper && (/^(di|em)$/.test(cue.norm) || foreignPreposition(tokens, i - 1)))
      cue.claim = 'ignored';
    ctx.lastPlaceEnd = end;
    if (!out.some((o) => o.match.kind === mention.match.kind && o.match.name === mention.match.name && o.exclude === exclude))
      out.push(mention);
    i = end - 1;
  }
  return out;
}
