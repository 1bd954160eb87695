/**
 * Whether a place found in a query's words is read as a place there (`accept`, for scanPlaces in
 * places.ts): the cues before it (place words, another language's "in", a list of places), the
 * words around it that make it something else (a bank's name, a distance, a common noun, a
 * person's or a company's name), and the size a bare city needs.
 */
import { commonWords, isOrdinaryName } from '../../geo/common-words.js';
import { findDistrictCity } from '../../geo/districts.js';
import { findDivision } from '../../geo/divisions.js';
import { isCapital } from '../../geo/gazetteer.js';
import { placeKey } from '../../geo/place-key.js';
import { CITY_ALIASES } from '../../geo/supplement.js';
import { isGivenName } from '../../lib/names/given-names.js';
import { citiesAndTowns, type PlaceMatch } from '../places.js';
import { LEVEL_WORDS } from './lexicon/levels.js';
import {
  AMBIGUOUS_CODES,
  DIVISION_KIND_WORDS,
  FOREIGN_PLACE_PREPOSITIONS,
  NEVER_LEADING_CODES,
  PLACE_COMMON_WORDS,
  PLACE_CUES,
  PLACE_PREPOSITIONS,
  PLACES_AFTER_THE,
  TOOL_NAMED_PLACES,
} from './lexicon/places.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { ABBREVIATED_TITLES, HEAD_NOUNS } from './lexicon/titles.js';
import { knownEnds, resolveCached } from './place-index.js';
import { endsAfterOpenings, endsAfterSeparator, endsAfterTitle, namesPlaceField, opensBeforeTitle, sitePlaces } from './place-position.js';
import { prevWordSkippingThe, type ScanContext } from './place-qualifiers.js';
import { skillIn, toolIn } from './skill-in.js';
import { sliceText, type Token } from './tokens.js';

/** Bare single-word cities smaller than this need a place word before them. */
const BARE_CITY_MIN_POPULATION = 50_000;
/** After these, a two-letter word is a preposition or conjunction ("based in Zurich", "in or near Boston"). */
const PREPOSITION_FOLLOWERS = new Set(['the', 'in', 'near', 'around', 'across', 'within', 'from', 'based', 'located', 'or', 'and']);

export function isVocabularyWord(norm: string): boolean {
  return HEAD_NOUNS.has(norm) || LEVEL_WORDS.has(norm) || ABBREVIATED_TITLES.has(norm) || STOP_WORDS.has(norm);
}

/** Verbs whose "for" introduces what is searched for ("looking for", "searching for"). */
const SEARCH_VERBS = new Set(['looking', 'look', 'searching', 'search', 'hunting', 'hunt', 'asking', 'ask', 'recruiting', 'hiring']);

/**
 * Whether token `p` is another language's "in" ("recruiters i Troms", "gaffers u Mostar",
 * "analysts sa Bulacan", "developers tại Dong Nai", "basés au Royaume-Uni"): in small letters, after
 * a word of the request.
 */
export function foreignPreposition(tokens: Token[], p: number): boolean {
  const t = tokens[p];
  if (t?.kind !== 'word' || !FOREIGN_PLACE_PREPOSITIONS.has(t.text)) return false;
  return tokens[p - 1]?.kind === 'word';
}

/** Whether a place word, or a list of places, comes right before token `i` (or a place field's name, unless `field` is false). */
function hasPlaceCue(ctx: ScanContext, i: number, field = true): boolean {
  if (field && namesPlaceField(ctx.tokens, i)) return true;
  const p = prevWordSkippingThe(ctx.tokens, i);
  const cue = ctx.tokens[p]?.norm ?? '';
  // "looking for enterprise AEs": the "for" of a search verb names what is sought, not a place.
  if (foreignPreposition(ctx.tokens, p)) return true;
  if (p >= 0 && PLACE_CUES.has(cue) && !(cue === 'for' && SEARCH_VERBS.has(ctx.tokens[p - 1]?.norm ?? ''))) return true;
  // A list: "in SF, NYC or Boston".
  if (ctx.lastPlaceEnd >= 0 && ctx.lastPlaceEnd <= i) {
    let k = ctx.lastPlaceEnd;
    while (k < i && /^(,|or|and|&|\/)$/.test(ctx.tokens[k]?.norm ?? '')) k++;
    if (k === i && k > ctx.lastPlaceEnd && i - ctx.lastPlaceEnd <= 2) return true;
  }
  return false;
}

/** Words of a distance before "of" and a place ("an hour of", "50 km of", "driving distance of"). */
const DISTANCE_WORDS = /^(hours?|minutes?|mins?|miles?|mi|km|kms|kilometers?|kilometres?|distance|drive|reach|radius|commute)$/;
/** Words for a territory served, which place a less certain place only when it ends its phrase. */
const SERVING = /^(within|covering|serving)$/;

/** Words for companies a place may stand before ("Swindon businesses", "Aktau startups"). */
const COMPANY_WORDS = /^(startups?|companies|businesses|firms|smes)$/;

/** Words that begin a bank's name before "of" and a place ("Bank of Montreal"). */
const BANK_WORDS = /^(bank|banco|banque)$/;

/** Places whose names are also English common nouns: porcelain, a bird, a knit fabric, a cow, a pepper. */
const COMMON_NOUN_PLACES = new Set(['china', 'turkey', 'jersey', 'guernsey', 'chile']);

/** Whether the text capitalises a word other than its first ("turkey farms in Minnesota"), not only the sentence's start. */
function capitalisesNames(ctx: ScanContext): boolean {
  return ctx.tokens.some((t, k) => k > ctx.firstWord && t.kind === 'word' && t.cap);
}

/**
 * Words glued after a place that say something is there: "SF-based", "Pune-headquartered",
 * "Lyon-born" (a city only: "US-born engineers" says where they come from, not where they are).
 */
const LOCATED_SUFFIXES = new Set(['based', 'headquartered', 'hq', 'hqd', 'located', 'registered']);
export const locatedSuffix = (next: Token | undefined, match: PlaceMatch): boolean =>
  !!next?.join && (LOCATED_SUFFIXES.has(next.norm) || (next.norm === 'born' && match.kind === 'city'));

/** Compass words, some of which name a region alone ("the South", "the Midwest" is no compass word). */
const COMPASS = /^(north|south|east|west|northeast|northwest|southeast|southwest)$/;

export function accept(ctx: ScanContext, from: number, to: number, match: PlaceMatch): boolean {
  const { tokens } = ctx;
  const first = tokens[from] as Token;
  const next = tokens[to];
  // Not part of a hyphenated word ("co-founder"), except "SF-based".
  if (first.join) return false;
  if (next?.join && !locatedSuffix(next, match) && next.norm !== 'area' && next.norm !== 'wide') return false;
  // "south London", "south wales", "east Tennessee": a compass word that names a region on its
  // own ("the South") is the direction of the place after it.
  const compass = to - from === 1 ? first : to - from === 2 && first.norm === 'the' ? tokens[from + 1] : undefined;
  if (compass && COMPASS.test(compass.norm) && next?.kind === 'word' && knownEnds(tokens, to).length) return false;
  // "Swindon businesses", "Aktau startups": a capitalised town or city opening the query before a
  // word for companies is where they are (not a common word: "Mobile startups" needs "in").
  const opensCompanies =
    from === ctx.firstWord &&
    first.cap &&
    match.kind === 'city' &&
    !PLACE_COMMON_WORDS.has(placeKey(first.text)) &&
    next?.kind === 'word' &&
    COMPANY_WORDS.test(next.norm);
  if (opensCompanies) return true;
  const cue = hasPlaceCue(ctx, from);
  // "at Bank of Ceylon", "Bank of Montreal": a place after "bank of" is part of the bank's name.
  if (tokens[from - 1]?.norm === 'of' && BANK_WORDS.test(tokens[from - 2]?.norm ?? '') && (tokens[from - 2]?.cap || ctx.mode !== 'mixed'))
    return false;
  // "engineers at Patagonia", "analysts at Jordan": right after "at", one word that names a
  // country, state, region or area is an employer; people are "in" those ("based at" keeps it).
  if (
    to - from === 1 &&
    match.kind !== 'city' &&
    tokens[from - 1]?.norm === 'at' &&
    !/^(based|located|stationed)$/.test(tokens[from - 2]?.norm ?? '')
  )
    return false;
  // A division known only from the gazetteer's cities needs a place word before it ("nurses in
  // Tasmania"; not "engineers at Meta", the company, nor a first name). So does a town, but not
  // "from", which as often names an employer or a school ("ex-Mercedes engineers from Mercedes").
  // Nor after a skill's "in" ("experience in Hitachi", "proficient in Braintree").
  if (match.lessCertain) {
    // "Rehovot: biotech startups", "Svalbard: auction houses": a place opening the query as its heading.
    if (from === ctx.firstWord && next?.kind === 'punct' && next.text === ':') return true;
    // "Luang Prabang hydropower startup": a town's name of several capitalised words opening
    // mixed-case text, before words in small letters.
    if (
      match.lessCertain === 'town' &&
      to - from >= 2 &&
      from === ctx.firstWord &&
      ctx.mode === 'mixed' &&
      tokens.slice(from, to).every((t) => t.cap) &&
      next?.kind === 'word' &&
      !next.cap
    )
      return true;
    const p = prevWordSkippingThe(tokens, from);
    const before = foreignPreposition(tokens, p) ? 'in' : (tokens[p]?.norm ?? '');
    if (match.lessCertain === 'town' && (before === 'from' || skillIn(tokens, p))) return false;
    // "at Canary Wharf", "at La Défense": a business district is where people are "at", never an employer.
    if (before === 'at' && findDistrictCity(sliceText(ctx.text, tokens, from, to))) return true;
    // "vinnytsia-based engineers", "Tamaulipas-based director": "-based" is a place word after it.
    if (locatedSuffix(next, match)) return true;
    // "on the Copperbelt, 15 years": "on the" places a division that ends its phrase; not a town,
    // nor one before a noun ("engineers on the meta team", "on the Bali project").
    const after = tokens[to];
    // So does "on" alone before an island's division that ends the query ("a mushroom startup on
    // gotland", "hoteliers on Bali"): a name of five letters or more that is no ordinary word.
    const onIsland =
      before === 'on' &&
      p === from - 1 &&
      match.lessCertain === 'division' &&
      to - from === 1 &&
      first.norm.length >= 5 &&
      !isOrdinaryName(placeKey(first.text)) &&
      tokens.slice(to).every((t) => t.kind !== 'word');
    const onThe =
      (before === 'on' &&
        p < from - 1 &&
        match.lessCertain === 'division' &&
        (after?.kind !== 'word' || STOP_WORDS.has(after.norm) || after.claim === 'years')) ||
      onIsland;
    // "based out of Arzignano", "operating out of Markham".
    // So after a business's plural: "caster wheel makers out of vicenza", "brands out of Bergamo".
    const outOf =
      before === 'of' &&
      tokens[p - 1]?.norm === 'out' &&
      /^(based|operating|working|work|works|run|headquartered|makers|manufacturers|brands|companies|firms|startups|producers|suppliers|businesses|studios|agencies|operators|exporters)$/.test(
        tokens[p - 2]?.norm ?? '',
      );
    // "serving dagestan", "covering the Copperbelt": a place that ends its phrase; not "serving
    // American clients", "covering Atlantic accounts", where the word names whom.
    const served = SERVING.test(before) && (after?.kind !== 'word' || STOP_WORDS.has(after.norm) || after.claim === 'years');
    // "within an hour of Paderborn", "within 50 km of Tartu", "commuting distance of Kielce".
    const distanceOf = before === 'of' && DISTANCE_WORDS.test(tokens[p - 1]?.norm ?? '');
    // A division known only from ISO 3166-2, written as one word ("Qinghai", also "Jewish" of the
    // Jewish Autonomous Oblast, "Paola" of Malta): only after a place word, ending its phrase.
    // Or as a field of its own between separators after a title ("showroom consultants |
    // Staffordshire | full-time", "negotiators, dorset, lettings"), where it is no ordinary word.
    if (match.lessCertain === 'division' && to - from === 1 && findDivision(first.text)?.unfiled)
      return (
        (PLACE_PREPOSITIONS.test(before) &&
          (after?.kind !== 'word' || STOP_WORDS.has(after.norm) || !!after.claim || DIVISION_KIND_WORDS.includes(after.norm))) ||
        (endsAfterSeparator(tokens, from, to, match) && !isGivenName(placeKey(first.text))) ||
        onIsland
      );
    return (
      PLACE_PREPOSITIONS.test(before) ||
      // "city: Reading", "where: brantford"; not a common word in small letters ("location: bath").
      (namesPlaceField(tokens, from) &&
        (first.cap || first.upper || !commonWords().has(placeKey(sliceText(ctx.text, tokens, from, to))))) ||
      distanceOf ||
      served ||
      outOf ||
      onThe ||
      sitePlaces(tokens, from, to, match, sliceText(ctx.text, tokens, from, to)) ||
      endsAfterTitle(tokens, from, to, match) ||
      endsAfterOpenings(tokens, from, to, match) ||
      endsAfterSeparator(tokens, from, to, match) ||
      opensBeforeTitle(tokens, ctx.firstWord, from, to, match)
    );
  }
  if (to - from > 1) return true;
  const key = placeKey(first.text);
  // "i'd", "we'd": a contraction is never a code ("ID" is Idaho).
  if (/['’]/.test(first.text) && key.length <= 3) return false;
  if (key.length <= 2) {
    // "in Al Khobar", "in Pa Daet": a code written as a word before a capitalised word starts a
    // name the gazetteer does not know.
    if (
      !first.upper &&
      ctx.mode === 'mixed' &&
      next?.kind === 'word' &&
      next.cap &&
      !next.claim &&
      !STOP_WORDS.has(next.norm) &&
      !/^(area|region|metro|based|wide|state|county|city|beach|valley)$/.test(next.norm) &&
      // "Ga Atlanta": a place of that state after it keeps the code.
      resolveCached(next.text)?.countryCode !== match.countryCode
    )
      return false;
    if (!AMBIGUOUS_CODES.has(key)) return true;
    // "based in Zurich", "in or near Boston": the word is a preposition or conjunction here.
    if (next && next.kind === 'word' && PREPOSITION_FOLLOWERS.has(next.norm)) return false;
    // "in" in small letters is the preposition, even last ("engineers in in").
    if (key === 'in' && !first.upper) return false;
    if (cue) return true;
    if (first.upper && ctx.mode !== 'upper' && !['in', 'or', 'me', 'id'].includes(key)) return true;
    const nextWord = tokens[to];
    return (
      from === ctx.firstWord &&
      !NEVER_LEADING_CODES.has(key) &&
      !!nextWord &&
      nextWord.kind === 'word' &&
      (!STOP_WORDS.has(nextWord.norm) || nextWord.norm === 'it')
    );
  }
  // "in the Amazon", never "in Amazon" (the employer); "developers in Java" is the language.
  if (PLACES_AFTER_THE.has(key)) return tokens[from - 1]?.norm === 'the' && (cue || tokens[from - 2]?.norm === 'on');
  if (TOOL_NAMED_PLACES.has(key) && toolIn(tokens, prevWordSkippingThe(tokens, from))) return false;
  // A place that is also a common word after a comma goes on a list only when written as a name:
  // "in rostov-on-don, mobile f2p" names no Mobile.
  if (PLACE_COMMON_WORDS.has(key) && !writtenWithMarks(first.text)) {
    // "area: mobile", "where: reading": a field's name alone admits no common word in small letters.
    const placed = first.cap || first.upper ? cue : hasPlaceCue(ctx, from, false);
    return (placed && !(tokens[from - 1]?.text === ',' && !first.cap)) || (key === 'us' && first.upper);
  }
  if (cue) return true;
  // In text that capitalises names, a place whose name is also a common noun, written in small
  // letters without a cue, is the noun ("fine china manufacturers", "turkey farms in Minnesota").
  if (match.kind !== 'city') return !isVocabularyWord(key) && !(COMMON_NOUN_PLACES.has(key) && !first.cap && capitalisesNames(ctx));
  if (isVocabularyWord(key)) return false;
  if (ctx.mode === 'mixed' && first.cap && from !== ctx.firstWord) return true;
  const city = citiesAndTowns(first.text)[0];
  // A country's capital is known by name however small, written as a name ("Banjul biotech",
  // "Valletta fintech"); in small letters a small one is as often a name ("morgan stanley
  // analysts", "douglas fir mills").
  const capital = !!city && first.cap && ctx.mode === 'mixed' && isCapital(city) && !commonWords().has(key);
  return !!city && (city.population >= BARE_CITY_MIN_POPULATION || CITY_ALIASES.has(key) || capital);
}

/** Whether a word is written with marks no English word has ("huế", "málaga"): a name, not the common word it folds to. */
const writtenWithMarks = (text: string): boolean => /\p{M}|[ßłŁđĐøØæÆœŒıİ]/u.test(text.normalize('NFD'));
