/**
 * Where in a query a less certain place (a town, or a division known only from the gazetteer's
 * cities: parse/places.ts) can stand without a place word before it: where its position alone
 * makes it a place. Each rule asks for a title on one side and nothing but the end of the query,
 * or the start, on the other, so a word in the middle of a phrase ("meta engineers", "experience
 * in Hitachi") is never taken.
 */
import pluralize from 'pluralize';
import { isOrdinaryName } from '../../geo/common-words.js';
import { findDistrictCity } from '../../geo/districts.js';
import { placeKey } from '../../geo/place-key.js';
import { citiesAndTowns, type PlaceMatch } from '../places.js';
import { PLACE_PREPOSITIONS } from './lexicon/places.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { knownEnds } from './place-index.js';
import { prevWordSkippingThe } from './place-qualifiers.js';
import { agentNoun, isHeadWord } from './title-heads.js';
import type { Token } from './tokens.js';

/** Words that may follow a place at a query's end: its years of experience ("nunavut 5+ years"). */
const TRAILING_YEARS = new Set(['years', 'year', 'yrs', 'yr', 'yoe', 'of', 'experience', 'exp', 'plus', 'or', 'more', 'minimum', 'min']);

/** Whether only years of experience (or nothing) follow token `to`. */
function endsQuery(tokens: Token[], to: number): boolean {
  return tokens.slice(to).every((t) => t.kind !== 'word' || t.claim === 'years' || TRAILING_YEARS.has(t.norm));
}

/** Punctuation that ends a query's clause: a place before it has ended its phrase ("riau (shopee sellers)"). */
const CLAUSE_ENDS = new Set([',', '(', '—', '–', '/', '|', ';', '.', '!', '?', '•', '·']);

/** Whether token `to` ends the place's clause: punctuation that ends one, or a lone dash ("zakarpattia - self-hosted"). */
function endsClause(tokens: Token[], to: number): boolean {
  const t = tokens[to];
  return t?.kind === 'punct' && !t.join && (CLAUSE_ENDS.has(t.text) || t.text === '-');
}

/**
 * Whether a place ends the query, or its clause, right after a plural title word ("community
 * health nurses nunavut", "game rangers limpopo", "hris administrators nordland, visma + sap",
 * "blazor developers kanada, citizens only"), with at most its years after it: a division of six
 * letters or more or a country by another name of five, or either of several words, or a town of several words
 * that {@link standsAlone}. Not a shorter one ("engineers meta" names the company, not Colombia's
 * department), not a town of one word ("engineers toyota, ..." names the employer), and not at
 * the start ("meta engineers").
 */
export function endsAfterTitle(tokens: Token[], from: number, to: number, match: PlaceMatch): boolean {
  const prev = tokens[from - 1];
  if (prev?.kind !== 'word' || prev.claim || !prev.norm.endsWith('s')) return false;
  const single = to - from === 1;
  const named = match.lessCertain === 'division' || match.kind === 'country';
  // A short single word is as often a name ("engineers meta"); a country's other names have five
  // letters or more (geo/country-names.ts).
  if (named && single && (tokens[from] as Token).norm.length < (match.kind === 'country' ? 5 : 6)) return false;
  if (!named && !standsAlone(tokens, from, to, match)) return false;
  // A plural head noun: one a list knows, or one that names whoever does what a verb says
  // ("tv presenters kenia": a presenter presents).
  if (pluralize.singular(prev.norm) === prev.norm || !(isHeadWord(prev.norm) || agentNoun(prev.norm))) return false;
  if (endsQuery(tokens, to)) return named;
  return endsClause(tokens, to) && (!single || !isOrdinaryName(placeKey((tokens[from] as Token).text)));
}

/** Words for openings, after which the query's last words are where they are ("engineer jobs herndon"). */
const OPENING_WORDS = /^(jobs?|positions?|roles?|openings?|vacancies|vacancy|opportunities)$/;

/** A town of several words this populous may stand without a place word where its position says so. */
const STANDALONE_TOWN_MIN_POPULATION = 50_000;

/**
 * Whether a less certain place may stand without a place word: a division, or a country by a name
 * in another language, whose name is no ordinary word (not "Central") and of five letters or more
 * when single ("meta" is the company),
 * or a town of several words and 50,000 people ("White Plains", "El Segundo"). Never a town of one
 * word: "Toyota", "Hitachi", "Komatsu", "Edison", "Nokia" are towns as much as employers, and a
 * query names employers so ("toyota engineers", "engineer jobs nokia").
 */
function standsAlone(tokens: Token[], from: number, to: number, match: PlaceMatch): boolean {
  const text = tokens
    .slice(from, to)
    .map((t) => t.text)
    .join(' ');
  const key = placeKey(text);
  const single = to - from === 1;
  // A division, or a country by a name in another language ("Kanada", "Afrique du Sud").
  if (match.lessCertain === 'division' || match.kind === 'country') return !isOrdinaryName(key) && !(single && key.length < 5);
  return !single && (citiesAndTowns(text)[0]?.population ?? 0) >= STANDALONE_TOWN_MIN_POPULATION;
}

/**
 * Whether the place ends the query right after a word for openings ("research software engineer
 * jobs oxfordshire", "VP Jobs El Segundo"), with at most its years after it.
 */
export function endsAfterOpenings(tokens: Token[], from: number, to: number, match: PlaceMatch): boolean {
  const prev = tokens[from - 1];
  return (
    prev?.kind === 'word' && !prev.claim && OPENING_WORDS.test(prev.norm) && endsQuery(tokens, to) && standsAlone(tokens, from, to, match)
  );
}

/**
 * Punctuation that sets a query's parts apart: "Alliances Director — Zulia", "managers, friesland",
 * "Yiwu / designers", quotes around a search string's terms ("\"MEMS engineer\" \"Hsinchu County\""),
 * and the ticks, arrows and bullets of a checklist ("analysts ✓ gauteng ✓ zulu ✓").
 */
const SEPARATORS = new Set([',', '—', '–', '-', '/', '|', ':', ';', '(', ')', '·', '•', '"', '“', '”', '✓', '✔', '→', '»', '▪', '►']);
const isSeparator = (t: Token | undefined): boolean => t?.kind === 'punct' && SEPARATORS.has(t.text) && !t.join;

/** Whether a title's head word stands among tokens [from, to). */
function headAmong(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const t = tokens[k] as Token;
    if (t.kind === 'word' && !t.claim && isHeadWord(pluralize.singular(t.norm))) return true;
    // A plural that names whoever does what a verb says ("catastrophe modelers", "subtitlers").
    if (t.kind === 'word' && !t.claim && pluralize.singular(t.norm) !== t.norm && agentNoun(t.norm)) return true;
  }
  return false;
}

/**
 * Whether the place ends the query as a part of its own after a title, set apart by punctuation
 * ("Alliances Director — Zulia", "product compliance managers, any level, friesland",
 * "head of franchising (michoacán)"), with at most its years after it, for a place that
 * {@link standsAlone}.
 */
export function endsAfterSeparator(tokens: Token[], from: number, to: number, match: PlaceMatch): boolean {
  // Or a field of its own between two separators, anywhere after the title: "pricing scientists /
  // shanxi / mandarin", "data engineers | Gauteng | hybrid".
  // A spaced dash counts when the dash before the place follows a title's head ("managers - north
  // jeolla - phishing"), not inside a range of words.
  const dashField = tokens[to]?.text !== '-' || headAmong(tokens, from - 2, from - 1);
  // The same separator on both sides; or, for a division or a country by another name, any two
  // ("eyewear designers, acetate frames, Japon — Sabae a plus").
  const named = match.lessCertain === 'division' || match.kind === 'country';
  const field = isSeparator(tokens[to]) && dashField && (named || tokens[from - 1]?.text === tokens[to]?.text);
  return (
    isSeparator(tokens[from - 1]) &&
    (endsQuery(tokens, to) || field) &&
    headAmong(tokens, 0, from - 1) &&
    standsAlone(tokens, from, to, match)
  );
}

/**
 * Whether the place opens the query and a title follows it in the same clause ("kanagawa software
 * development engineers", "valle del cauca trust & safety associates", "white plains vp of
 * communications"), for a place that {@link standsAlone}.
 */
export function opensBeforeTitle(tokens: Token[], firstWord: number, from: number, to: number, match: PlaceMatch): boolean {
  // Not a country by another language's name: opening a query it is as often a company's or a
  // person's ("Hindustan Unilever marketing managers", "Dania Lopez designers").
  if (from !== firstWord || match.kind === 'country') return false;
  // "zulia — alliances directors", "Gandaki / nurses": the place as the query's first part; not
  // before a comma, which lists ("hubei, engineers").
  const apart = isSeparator(tokens[to]) && tokens[to]?.text !== ',';
  const next = apart ? tokens[to + 1] : tokens[to];
  if (next?.kind !== 'word' || next.claim || STOP_WORDS.has(next.norm)) return false;
  if (!standsAlone(tokens, from, to, match)) return false;
  for (let k = apart ? to + 1 : to; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct' && t.text !== '&' && t.text !== '-') return false;
    if (t.kind === 'word' && isHeadWord(pluralize.singular(t.norm))) return true;
  }
  return false;
}

/** Words for a site of one's own that a place names before them ("our Sandton office", "the La Défense HQ"). */
const SITE_WORDS = /^(office|offices|hq|hqs|headquarters|campus|site|branch|hub|studio|plant|factory|warehouse|store|clinic|lab)$/;

/**
 * Whether the place stands between "our", "their", "my", "your" or "the" and a word for a site
 * ("head of facilities for our la défense HQ", "the Kista campus"): the site is where the people
 * are, so the frame places a town or district as a place word would.
 */
export function namesSite(tokens: Token[], from: number, to: number): boolean {
  const before = tokens[from - 1];
  const after = tokens[to];
  return (
    before?.kind === 'word' &&
    /^(our|their|my|your|the)$/.test(before.norm) &&
    after?.kind === 'word' &&
    !after.join &&
    SITE_WORDS.test(after.norm)
  );
}

/**
 * Whether a less certain place is placed by a site frame ({@link namesSite}): only a business
 * district ("our Kista campus", "the La Défense HQ") or a place that {@link standsAlone} (a town of
 * several words and 50,000 people, a distinctive division). A town of one word is as often the
 * employer the site belongs to ("engineers at the Nokia campus", "the Toyota plant", "the Tata
 * office"), and the site may be anywhere.
 */
export function sitePlaces(tokens: Token[], from: number, to: number, match: PlaceMatch, text: string): boolean {
  return namesSite(tokens, from, to) && (!!findDistrictCity(text) || standsAlone(tokens, from, to, match));
}

/** How far back a place name holding a word may start ("in the la défense", "in dubai internet city"). */
const NAME_REACH = 3;

/**
 * Whether tokens [from, to) lie inside a longer place name that a place word, "at" or a site
 * frame places ("in La Défense", "at La Defense, Paris", "our la défense HQ"): the name is read before the industry or skill
 * its word would be alone ("défense"). Only names of several words: a place word before one word
 * ("in fintech") says nothing.
 */
export function insidePlacedName(tokens: Token[], from: number, to: number): boolean {
  for (let start = Math.max(0, from - NAME_REACH); start <= from; start++) {
    const before = tokens[prevWordSkippingThe(tokens, start)]?.norm ?? '';
    const placed = (end: number) => PLACE_PREPOSITIONS.test(before) || before === 'at' || namesSite(tokens, start, end);
    if (knownEnds(tokens, start).some((end) => end >= to && end - start > to - from && placed(end))) return true;
  }
  return false;
}

/** Names of a field whose value is a place, in forms, agents' calls, JSON, SQL and URLs ("location=", "city = '", "where:"). */
const PLACE_FIELDS =
  /^(locations?|loc|geo|geography|city|cities|town|region|regions|country|countries|state|province|place|where|metro|area)$/;
/** Punctuation between a field's name and its value: the sign, and quotes around either. */
const FIELD_MARKS = new Set(['=', ':', '"', "'", '“', '”', '‘', '’']);
const QUOTES = /^["'“”‘’]$/;
/** Words of SQL that may stand before a field's name ("WHERE role = 'Baker' AND city = 'Reading'"). */
const SQL_JOINS = /^(and|or|where)$/;

/**
 * Whether the place at token `from` is the value of a field named for places: "location=Lower
 * Hutt", "city = 'Moreno Valley'", "\"location\": \"Ahvaz\"", "where: brantford". The field's
 * name says what its value is, as a place word does, but only when the name is the whole label,
 * opening the text or its own field (after a separator, an opening bracket, or SQL's "and" or
 * "where"): "focus area: reading", "subject area:", "territory area:" name no place.
 */
export function namesPlaceField(tokens: Token[], from: number): boolean {
  let k = from - 1;
  let sign = false;
  while (k >= 0 && tokens[k]?.kind === 'punct' && FIELD_MARKS.has(tokens[k]?.text ?? '')) {
    sign ||= tokens[k]?.text === '=' || tokens[k]?.text === ':';
    k--;
  }
  const name = tokens[k];
  // A command line's flag ("--loc \"Mönchengladbach\"", "--city Lyon") names its value as a sign does.
  const flag = name?.kind === 'word' && /^--?[a-z]/.test(name.norm) && PLACE_FIELDS.test(name.norm.replace(/^--?/, ''));
  if (flag) return true;
  if (!sign || name?.kind !== 'word' || !PLACE_FIELDS.test(name.norm) || name.join) return false;
  // The label is the field's name alone: nothing before it but quotes and then a separator or the start.
  let b = k - 1;
  while (b >= 0 && tokens[b]?.kind === 'punct' && QUOTES.test(tokens[b]?.text ?? '')) b--;
  const before = tokens[b];
  if (!before) return true;
  if (before.kind === 'punct') return true;
  return SQL_JOINS.test(before.norm) && name.norm !== 'where';
}
