/**
 * Where in a query a less certain place (a town, or a division known only from the gazetteer's
 * cities: parse/places.ts) can stand without a place word before it: where its position alone
 * makes it a place. Each rule asks for a title on one side and nothing but the end of the query,
 * or the start, on the other, so a word in the middle of a phrase ("meta engineers", "experience
 * in Hitachi") is never taken.
 */
import pluralize from 'pluralize';
import { isOrdinaryName, placeKey } from '../../geo/gazetteer.js';
import { citiesAndTowns, type PlaceMatch } from '../places.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { isHeadWord } from './title-heads.js';
import type { Token } from './tokens.js';

/** Words that may follow a place at a query's end: its years of experience ("nunavut 5+ years"). */
const TRAILING_YEARS = new Set(['years', 'year', 'yrs', 'yr', 'yoe', 'of', 'experience', 'exp', 'plus', 'or', 'more', 'minimum', 'min']);

/** Whether only years of experience (or nothing) follow token `to`. */
function endsQuery(tokens: Token[], to: number): boolean {
  return tokens.slice(to).every((t) => t.kind !== 'word' || t.claim === 'years' || TRAILING_YEARS.has(t.norm));
}

/**
 * Whether a place ends the query right after a plural title word ("community health nurses
 * nunavut", "game rangers limpopo"), with at most its years after it: a division of six letters or
 * more, or of several words, needs no place word there. Not a shorter one ("engineers meta" names
 * the company, not Colombia's department), and not at the start ("meta engineers").
 */
export function endsAfterTitle(tokens: Token[], from: number, to: number): boolean {
  const prev = tokens[from - 1];
  if (prev?.kind !== 'word' || prev.claim || !prev.norm.endsWith('s')) return false;
  // A short single word is as often a name ("engineers meta").
  if (to - from === 1 && (tokens[from] as Token).norm.length < 6) return false;
  if (pluralize.singular(prev.norm) === prev.norm || !isHeadWord(prev.norm)) return false;
  return endsQuery(tokens, to);
}

/** Words for openings, after which the query's last words are where they are ("engineer jobs herndon"). */
const OPENING_WORDS = /^(jobs?|positions?|roles?|openings?|vacancies|vacancy|opportunities)$/;

/**
 * Whether the place ends the query right after a word for openings ("Cybersecurity Engineer Jobs
 * Herndon", "research software engineer jobs oxfordshire"), with at most its years after it.
 */
export function endsAfterOpenings(tokens: Token[], from: number, to: number): boolean {
  const prev = tokens[from - 1];
  return prev?.kind === 'word' && !prev.claim && OPENING_WORDS.test(prev.norm) && endsQuery(tokens, to);
}

/** A town this populous may open a query before a title ("anaheim legal assistants"); half as many for a name of several words. */
const LEADING_TOWN_MIN_POPULATION = 100_000;

/**
 * Whether the place opens the query and a title follows it in the same clause ("kanagawa software
 * development engineers", "Anaheim Legal Assistants", "valle del cauca trust & safety
 * associates", "white plains vp of communications"). Not a name of ordinary words, but for a
 * town's of several ("Central", "Mobile"; "White Plains" is read), nor a single word of fewer
 * than five letters ("meta engineers" is the company); a town needs 100,000 people, 50,000 for a
 * name of several words (a smaller town's name is as often an employer's: "Mercedes engineers").
 */
export function opensBeforeTitle(tokens: Token[], firstWord: number, from: number, to: number, match: PlaceMatch): boolean {
  if (from !== firstWord) return false;
  const next = tokens[to];
  if (next?.kind !== 'word' || next.claim || STOP_WORDS.has(next.norm)) return false;
  const text = tokens
    .slice(from, to)
    .map((t) => t.text)
    .join(' ');
  const key = placeKey(text);
  const single = to - from === 1;
  if (single && key.length < 5) return false;
  // Ordinary words make a place here only as a town's name of several ("White Plains").
  if (isOrdinaryName(key) && (single || match.lessCertain !== 'town')) return false;
  const least = single ? LEADING_TOWN_MIN_POPULATION : LEADING_TOWN_MIN_POPULATION / 2;
  if (match.lessCertain === 'town' && !((citiesAndTowns(text)[0]?.population ?? 0) >= least)) return false;
  for (let k = to; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct' && t.text !== '&' && t.text !== '-') return false;
    if (t.kind === 'word' && isHeadWord(pluralize.singular(t.norm))) return true;
  }
  return false;
}
