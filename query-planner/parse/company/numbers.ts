/**
 * Numbers of a company query: money (total funding, revenue, valuation), founding years and
 * employee counts.
 *
 * Conventions (the evaluation labels read them this way; docs/natural-language.md):
 * - every bound is inclusive and sits at the number written: "under 30 people" → max 30,
 *   "fewer than 50" → max 50, "more than $500M" → min 500M, "400+" → min 400, "50-150" →
 *   50..150, "founded after 2020" → min 2020, "founded before 2008" → max 2008;
 * - a single number without a comparative is a floor: "raised $50 million" → min 50M,
 *   "with 50 employees" → min 50 (people name a figure they want reached);
 * - money: "$100M+", "1B+", "$10-30M" (the scale of the second number applies to the first),
 *   "$200M-$500M", "between $100M and $300M", "$50 million", "€10M" (read as USD: the filters
 *   have no currency). Money is funding unless a revenue word ("revenue", "ARR", "sales",
 *   "turnover") or a valuation word ("valued at", "valuation", "worth") is nearer; valuations
 *   are recognised but not filtered (CompanyFilters has no valuation);
 * - founding years need a cue: "founded / started / established / launched / born /
 *   incorporated in 2019", "since 2015" (min), "from 2023", "2013-era", "class of 2014", a year
 *   in front of the company ("2024 AI company"); ranges "2015-2018", "between 2016 and 2018";
 *   "2020+" (min); decades "2010s" (2010-2019), "early 2000s" (2000-2005), "mid 2010s"
 *   (2013-2017), "late 90s" (1996-1999); events "during COVID" (2020-2021), "COVID lockdowns"
 *   (2020), "financial crisis" / "recession" (2008-2009), "dot-com bubble" (1995-2000);
 *   "survived the 2008 crisis" → max 2007; "after COVID" → min 2022, "before the pandemic" →
 *   max 2019; relative: "this decade", "in the last 5 years", "less than 3 years old". A year
 *   after "raised" / "acquired" without a founding cue is not a founding year. "NOT founded in
 *   2021" is dropped (a range cannot exclude a year);
 * - employee counts need an employee word ("employees", "people", "staff", "headcount",
 *   "FTEs", "-person"), a team phrase ("team of 15", "small teams under 40"), or stand bare as a
 *   range or a "+" ("fintech 80-200", "in the 50-100 range", "500+") or after a comparative
 *   ("still small, under 20"); a unit after the number ("18 months", "5 years", "10x") rules it
 *   out. Size words apply only without a number: tiny team → max 20, small / lean team or
 *   startup → max 50, small company → max 200, mid-size(d) → 200..1,000, large / big / massive /
 *   huge team or company → min 1,000.
 */
import type { NumberRange } from '../../advanced-filters.js';
import { claim, matchAt, phraseTable, type Token } from '../tokens.js';
import type { Scopes } from './scopes.js';

export type NumberKind = 'employees' | 'funding' | 'revenue' | 'valuation' | 'founded';

export interface NumberMention {
  kind: NumberKind;
  range: NumberRange;
  negated: boolean;
  from: number;
  to: number;
}

const SCALES: ReadonlyMap<string, number> = new Map(
  Object.entries<number>({
    k: 1e3,
    thousand: 1e3,
    m: 1e6,
    mm: 1e6,
    mn: 1e6,
    mil: 1e6,
    million: 1e6,
    millions: 1e6,
    b: 1e9,
    bn: 1e9,
    billion: 1e9,
    billions: 1e9,
  }),
);
const CURRENCY_WORDS = new Set(['$', 'usd', 'us$', 'eur', '€', '£', 'gbp', 'euro', 'euros', 'dollars', 'dollar']);
const MONEY = /^(?:us|usd|eur|gbp)?([$€£])?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(k|m|mm|mn|b|bn)?(\+)?$/;

interface Amount {
  value: number;
  scaled: boolean;
  currency: boolean;
  plus: boolean;
}

function amountOf(s: string): Amount | null {
  const m = MONEY.exec(s);
  if (!m) return null;
  const n = Number((m[2] as string).replace(/,/g, ''));
  if (!Number.isFinite(n)) return null;
  const scale = m[3] ? (SCALES.get(m[3]) ?? 1) : 1;
  return { value: n * scale, scaled: !!m[3], currency: !!m[1], plus: !!m[4] };
}

/** A money expression starting at token i: one amount or a range. */
interface MoneyRead {
  min: number;
  max?: number;
  plus: boolean;
  from: number;
  end: number;
}

function isNumberish(t: Token | undefined): boolean {
  return !!t && /^(?:us|usd)?[$€£]?\d/.test(t.norm);
}

function readAmount(tokens: Token[], i: number): { amount: Amount; end: number } | null {
  const t = tokens[i];
  if (!t || t.claim) return null;
  let start = i;
  let currency = false;
  let text = t.norm;
  if (CURRENCY_WORDS.has(text) && isNumberish(tokens[i + 1])) {
    currency = true;
    start = i + 1;
    text = tokens[i + 1]?.norm ?? '';
  }
  const a = amountOf(text);
  if (!a) return null;
  let end = start + 1;
  const next = tokens[end]?.norm ?? '';
  const scale = SCALES.get(next);
  if (!a.scaled && scale && !tokens[end]?.join) {
    a.value *= scale;
    a.scaled = true;
    end++;
  }
  if (tokens[end]?.norm === '+') {
    a.plus = true;
    end++;
  }
  if (CURRENCY_WORDS.has(tokens[end]?.norm ?? '') && tokens[end]?.kind === 'word') {
    currency = true;
    end++;
  }
  a.currency ||= currency;
  return { amount: a, end };
}

/** The scale factor an amount carries ("30m" → 1e6, "30" followed by "million" → 1e6). */
function scaleOf(text: string, a: Amount): number {
  const digits = Number(
    text
      .replace(/^(?:us|usd|eur|gbp)?[$€£]?/, '')
      .replace(/[a-z+]+$/, '')
      .replace(/,/g, ''),
  );
  return digits ? a.value / digits : 1;
}

function isMoney(a: Amount): boolean {
  return a.currency || (a.scaled && a.value >= 1e6);
}

function readMoney(tokens: Token[], i: number): MoneyRead | null {
  const t = tokens[i];
  if (!t || t.claim) return null;
  // "$200M-$500M" and "$5-$20M" stay one token.
  const glued = /^(.+?\d[a-z]*)-((?:us)?[$€£]?\d.*)$/.exec(t.norm);
  if (glued) {
    const a = amountOf(glued[1] as string);
    const b = amountOf(glued[2] as string);
    if (a && b && (isMoney(a) || isMoney(b))) {
      const lo = a.scaled ? a.value : a.value * scaleOf(glued[2] as string, b);
      if (lo < b.value) return { min: lo, max: b.value, plus: false, from: i, end: i + 1 };
    }
  }
  const first = readAmount(tokens, i);
  if (!first) return null;
  const end = first.end;
  // A second amount: "$10-30M", "$30M to $80M", "$100M and $300M" (after "between").
  const sep = tokens[end];
  let secondAt = -1;
  if (sep?.join === '-' && isNumberish(sep)) secondAt = end;
  else if (sep && /^(to|through|-|and)$/.test(sep.norm) && (sep.norm !== 'and' || tokens[i - 1]?.norm === 'between')) secondAt = end + 1;
  if (secondAt >= 0) {
    const second = readAmount(tokens, secondAt);
    if (second && (isMoney(first.amount) || isMoney(second.amount))) {
      let lo = first.amount.value;
      if (!first.amount.scaled && second.amount.scaled) lo *= scaleOf(tokens[secondAt]?.norm ?? '', second.amount);
      if (lo < second.amount.value) return { min: lo, max: second.amount.value, plus: false, from: i, end: second.end };
    }
  }
  if (!isMoney(first.amount)) return null;
  return { min: first.amount.value, plus: first.amount.plus, from: i, end };
}

type Bound = 'min' | 'max' | null;

const MIN_BEFORE: string[][] = [
  ['more', 'than'],
  ['greater', 'than'],
  ['larger', 'than'],
  ['bigger', 'than'],
  ['over'],
  ['above'],
  ['at', 'least'],
  ['minimum', 'of'],
  ['minimum'],
  ['min'],
  ['north', 'of'],
  ['upwards', 'of'],
  ['in', 'excess', 'of'],
  ['exceeding'],
  ['beyond'],
  ['>'],
  ['>='],
  ['no', 'less', 'than'],
  ['no', 'fewer', 'than'],
  ['not', 'less', 'than'],
  ['starting', 'at'],
];
const MAX_BEFORE: string[][] = [
  ['less', 'than'],
  ['fewer', 'than'],
  ['smaller', 'than'],
  ['under'],
  ['below'],
  ['at', 'most'],
  ['up', 'to'],
  ['maximum', 'of'],
  ['maximum'],
  ['max'],
  ['no', 'more', 'than'],
  ['not', 'more', 'than'],
  ['<'],
  ['<='],
  ['sub'],
];
const MIN_AFTER: string[][] = [
  ['or', 'more'],
  ['or', 'above'],
  ['and', 'up'],
  ['and', 'above'],
  ['plus'],
  ['or', 'greater'],
  ['minimum'],
  ['min'],
];
const MAX_AFTER: string[][] = [
  ['or', 'less'],
  ['or', 'fewer'],
  ['or', 'under'],
  ['and', 'under'],
  ['and', 'below'],
  ['or', 'below'],
  ['max'],
  ['maximum'],
  ['tops'],
  ['at', 'most'],
];

function endsWith(tokens: Token[], at: number, seq: string[]): boolean {
  return seq.every((s, q) => tokens[at - seq.length + q]?.norm === s && !tokens[at - seq.length + q]?.claim);
}
function startsWith(tokens: Token[], at: number, seq: string[]): boolean {
  return seq.every((s, q) => tokens[at + q]?.norm === s && !tokens[at + q]?.claim);
}

/** A comparative right before token `at` ("more than", "under"): the bound and where it starts. */
function boundBefore(tokens: Token[], at: number): { bound: Bound; from: number } {
  for (const seq of MIN_BEFORE) if (endsWith(tokens, at, seq)) return { bound: 'min', from: at - seq.length };
  for (const seq of MAX_BEFORE) if (endsWith(tokens, at, seq)) return { bound: 'max', from: at - seq.length };
  // "sub-$10M": glued.
  return { bound: null, from: at };
}
function boundAfter(tokens: Token[], at: number): { bound: Bound; end: number } {
  for (const seq of MIN_AFTER) if (startsWith(tokens, at, seq)) return { bound: 'min', end: at + seq.length };
  for (const seq of MAX_AFTER) if (startsWith(tokens, at, seq)) return { bound: 'max', end: at + seq.length };
  return { bound: null, end: at };
}

const REVENUE_WORDS = /^(revenue|revenues|arr|mrr|sales|turnover|income|making|earning|earns|generating|generates|bookings|gmv)$/;
const VALUATION_WORDS = /^(valued|valuation|valuations|worth|cap|capitalization|capitalisation|valuing)$/;
const FUNDING_WORDS =
  /^(raised|raise|raises|raising|funding|funded|capital|investment|invested|financing|backed|round|burned|burnt|burn|vc)$/;

/** What an amount measures, and the index of the word that says so (-1 when none: funding). */
function moneyKind(tokens: Token[], from: number, end: number): { kind: 'funding' | 'revenue' | 'valuation'; cue: number } {
  const classify = (norm: string): 'funding' | 'revenue' | 'valuation' | null =>
    REVENUE_WORDS.test(norm) ? 'revenue' : VALUATION_WORDS.test(norm) ? 'valuation' : FUNDING_WORDS.test(norm) ? 'funding' : null;
  let back: { kind: 'funding' | 'revenue' | 'valuation'; d: number; at: number } | null = null;
  for (let k = from - 1, d = 1; k >= 0 && d <= 5; k--, d++) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct' && (t.stop || t.text === ',')) break;
    if (t.norm === 'but' || t.norm === 'and' || isNumberish(t) || t.claim) break;
    const c = classify(t.norm);
    if (c) {
      back = { kind: c, d, at: k };
      break;
    }
  }
  let fwd: { kind: 'funding' | 'revenue' | 'valuation'; d: number; at: number } | null = null;
  for (let k = end, d = 1; k < tokens.length && d <= 3; k++, d++) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct' || t.norm === 'but' || t.norm === 'and' || isNumberish(t) || t.claim) break;
    const c = classify(t.norm);
    if (c) {
      fwd = { kind: c, d, at: k };
      break;
    }
  }
  const best = fwd && (!back || fwd.d <= back.d) ? fwd : back;
  return best ? { kind: best.kind, cue: best.at } : { kind: 'funding', cue: -1 };
}

function scanMoney(tokens: Token[], scopes: Scopes): NumberMention[] {
  const out: NumberMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const m = readMoney(tokens, i);
    if (!m) continue;
    const before = boundBefore(tokens, i);
    const after = boundAfter(tokens, m.end);
    let range: NumberRange;
    if (m.max !== undefined) range = { min: m.min, max: m.max };
    else if (m.plus || before.bound === 'min' || after.bound === 'min') range = { min: m.min };
    else if (before.bound === 'max' || after.bound === 'max') range = { max: m.min };
    // A bare amount is a floor.
    else range = { min: m.min };
    let from = before.from;
    if (m.max !== undefined && tokens[i - 1]?.norm === 'between') from = i - 1;
    const end = after.end;
    const { kind, cue } = moneyKind(tokens, from, end);
    claim(tokens, from, end, 'context');
    // The word that said what the amount is ("revenue", "ARR", "raised") goes with it.
    if (cue >= 0) claim(tokens, cue, cue + 1, 'context');
    out.push({ kind, range, negated: scopes.negated.has(i), from: Math.min(from, cue >= 0 ? cue : from), to: Math.max(end, cue + 1) });
    i = end - 1;
  }
  return out;
}

// Founding years.

const YEAR = /^(1[89]\d\d|20\d\d)(\+)?$/;
const DECADE = /^(?:(1[89]\d0|20\d0)|'?(\d0))'?s$/;

interface YearRead {
  range: NumberRange;
  from: number;
  end: number;
  /** A single year (not a range, decade or "+"). */
  single: boolean;
}

function yearOf(t: Token | undefined, prev?: Token): { year: number; plus: boolean } | null {
  if (!t) return null;
  const m = YEAR.exec(t.norm);
  if (m) return { year: Number(m[1]), plus: !!m[2] };
  // "'95", "'19": a two-digit year after an apostrophe.
  const two = /^(\d\d)(\+)?$/.exec(t.norm);
  if (two && prev?.kind === 'punct' && /^['’]$/.test(prev.text) && prev.end === t.start) {
    const n = Number(two[1]);
    return { year: n >= 30 ? 1900 + n : 2000 + n, plus: !!two[2] };
  }
  return null;
}

function decadeOf(t: Token | undefined): number | null {
  if (!t) return null;
  const m = DECADE.exec(t.norm);
  if (!m) return null;
  if (m[1]) return Number(m[1]);
  const two = Number(m[2]);
  return two >= 30 ? 1900 + two : 2000 + two;
}

/** A year expression at token i: "2019", "2020+", "2015-2018", "2016 and 2018", "early 2000s". */
function readYear(tokens: Token[], i: number, between: boolean): YearRead | null {
  const t = tokens[i];
  if (!t || t.claim) return null;
  const part = /^(early|mid|late)$/.exec(t.norm);
  const decadeAt = part ? i + 1 : i;
  const decade = decadeOf(tokens[decadeAt]);
  if (decade !== null && !tokens[decadeAt]?.claim) {
    let range: NumberRange = { min: decade, max: decade + 9 };
    if (part?.[1] === 'early') range = { min: decade, max: decade + 5 };
    else if (part?.[1] === 'mid') range = { min: decade + 3, max: decade + 7 };
    else if (part?.[1] === 'late') range = { min: decade + 6, max: decade + 9 };
    return { range, from: i, end: decadeAt + 1, single: false };
  }
  const y = yearOf(t, tokens[i - 1]);
  if (!y) return null;
  const end = i + 1;
  if (y.plus) return { range: { min: y.year }, from: i, end, single: false };
  if (tokens[end]?.norm === '+') return { range: { min: y.year }, from: i, end: end + 1, single: false };
  // A second year: "2015-2018", "2015-18", "2016 to 2018", "2016 and 2018" (after "between").
  const sep = tokens[end];
  let secondAt = -1;
  if (sep?.join === '-' && /^\d+$/.test(sep.norm)) secondAt = end;
  else if (sep && /^(to|through|until|till|-)$/.test(sep.norm)) secondAt = end + 1;
  else if (sep?.norm === 'and' && between) secondAt = end + 1;
  if (secondAt >= 0) {
    const s = tokens[secondAt];
    let second = yearOf(s)?.year ?? null;
    if (second === null && s && /^\d\d$/.test(s.norm)) second = Math.floor(y.year / 100) * 100 + Number(s.norm);
    if (second !== null && second > y.year && s) return { range: { min: y.year, max: second }, from: i, end: secondAt + 1, single: false };
  }
  const after = tokens[end]?.norm ?? '';
  if (/^(onwards?|later|after|up)$/.test(after) || (/^(or|and)$/.test(after) && /^(later|after|newer)$/.test(tokens[end + 1]?.norm ?? '')))
    return { range: { min: y.year }, from: i, end: end + (/^(or|and)$/.test(after) ? 2 : 1), single: false };
  if (/^(or|and)$/.test(after) && /^(earlier|before|older)$/.test(tokens[end + 1]?.norm ?? ''))
    return { range: { max: y.year }, from: i, end: end + 2, single: false };
  return { range: { min: y.year, max: y.year }, from: i, end, single: true };
}

/** Events people date companies by: phrase → [first year, last year]. */
const EVENTS = phraseTable<[number, number]>([
  ['covid', [2020, 2021]],
  ['covid-19', [2020, 2021]],
  ['covid 19', [2020, 2021]],
  ['the pandemic', [2020, 2021]],
  ['pandemic', [2020, 2021]],
  ['coronavirus', [2020, 2021]],
  ['lockdown', [2020, 2020]],
  ['lockdowns', [2020, 2020]],
  ['covid lockdown', [2020, 2020]],
  ['covid lockdowns', [2020, 2020]],
  ['the covid lockdowns', [2020, 2020]],
  ['financial crisis', [2008, 2009]],
  ['the financial crisis', [2008, 2009]],
  ['global financial crisis', [2008, 2009]],
  ['great recession', [2008, 2009]],
  ['the great recession', [2008, 2009]],
  ['recession', [2008, 2009]],
  ['gfc', [2008, 2009]],
  ['dot-com bubble', [1995, 2000]],
  ['dot com bubble', [1995, 2000]],
  ['dotcom bubble', [1995, 2000]],
  ['dot-com boom', [1995, 2000]],
  ['dotcom boom', [1995, 2000]],
  ['dot-com era', [1995, 2000]],
  ['dot-com crash', [2000, 2002]],
  ['dot-com bust', [2000, 2002]],
  ['dotcom crash', [2000, 2002]],
  ['dotcom bust', [2000, 2002]],
  ['chatgpt', [2022, 2022]],
  ['gpt-3', [2020, 2020]],
  ['gpt 3', [2020, 2020]],
]);

const FOUNDING_VERBS = new Set([
  'founded',
  'started',
  'established',
  'launched',
  'born',
  'incorporated',
  'created',
  'formed',
  'est',
  'founding',
  'begun',
  'spun',
  'dating',
]);
const SURVIVAL_VERBS = new Set(['survived', 'weathered', 'outlasted', 'predates', 'predate', 'predating']);
/** Words between a founding verb and its year, with the comparison they make. */
const LINKS: ReadonlyMap<string, 'after' | 'before' | 'between' | 'in'> = new Map(
  Object.entries<'after' | 'before' | 'between' | 'in'>({
    in: 'in',
    during: 'in',
    around: 'in',
    circa: 'in',
    ca: 'in',
    about: 'in',
    approximately: 'in',
    roughly: 'in',
    the: 'in',
    back: 'in',
    sometime: 'in',
    year: 'in',
    up: 'in',
    out: 'in',
    off: 'in',
    on: 'in',
    of: 'in',
    between: 'between',
    from: 'between',
    after: 'after',
    since: 'after',
    post: 'after',
    following: 'after',
    before: 'before',
    prior: 'before',
    pre: 'before',
    until: 'before',
    by: 'before',
    to: 'before',
  }),
);
const WINDOW = 8;
const WINDOW_STOP = /^(that|which|who|with|and|but|raised|raising|acquired|ipo|employees|people|headcount|based|headquartered|located)$/;
/** Nouns after a year that make it an event, not a founding year ("the 2008 financial crisis"). */
const EVENT_NOUNS =
  /^(crisis|crash|recession|boom|bubble|bust|pandemic|election|olympics|war|bull|bear|winter|financial|ipo|ipos|batch|cohort|round|rounds|funding|layoffs|downturn|series|seed|raise|acquisition|exit)$/;
const ERA_WORDS = /^(era|class|vintage|generation|wave)$/;

function applyLink(link: 'after' | 'before' | 'between' | 'in', read: YearRead): NumberRange {
  const { min, max } = read.range;
  if (link === 'after') return { min: read.single ? (min as number) : (min ?? (max as number) + 1) };
  if (link === 'before') return { max: read.single ? (max as number) : min !== undefined ? min - 1 : (max as number) };
  return { ...read.range };
}

interface Relative {
  range: NumberRange;
  end: number;
}

/** "this decade", "last year", "in the last 5 years", "past decade". */
function readRelative(tokens: Token[], i: number, now: number): Relative | null {
  const a = tokens[i]?.norm ?? '';
  const b = tokens[i + 1]?.norm ?? '';
  const c = tokens[i + 2]?.norm ?? '';
  if (a === 'this' && b === 'decade') return { range: { min: Math.floor(now / 10) * 10 }, end: i + 2 };
  if (a === 'this' && b === 'year') return { range: { min: now, max: now }, end: i + 2 };
  if (a === 'last' && b === 'year') return { range: { min: now - 1, max: now - 1 }, end: i + 2 };
  if (/^(last|past)$/.test(a) && b === 'decade') return { range: { min: now - 10 }, end: i + 2 };
  if (/^(last|past)$/.test(a) && /^\d+$/.test(b) && /^years?$/.test(c)) return { range: { min: now - Number(b) }, end: i + 3 };
  if (/^(last|past)$/.test(a) && /^(few|couple)$/.test(b) && /^years$/.test(c)) return { range: { min: now - 3 }, end: i + 3 };
  return null;
}

function scanFounded(tokens: Token[], scopes: Scopes, now: number): NumberMention[] {
  const out: NumberMention[] = [];
  const push = (range: NumberRange, from: number, to: number, claimFrom: number[]) => {
    const negated = scopes.negated.has(from);
    for (const k of claimFrom) claim(tokens, k, k + 1, 'years');
    claim(tokens, from, from + 1, 'years');
    out.push({ kind: 'founded', range, negated, from, to });
  };
  // 1. Cued: "founded in 2019", "started after 2018", "survived the 2008 crisis", "since 2015".
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || t.kind !== 'word') continue;
    const survival = SURVIVAL_VERBS.has(t.norm);
    const since = t.norm === 'since';
    if (!FOUNDING_VERBS.has(t.norm) && !survival && !since) continue;
    if (t.norm === 'founding' && !/^(year|date)$/.test(tokens[i + 1]?.norm ?? '')) continue;
    let link: 'after' | 'before' | 'between' | 'in' = since ? 'after' : 'in';
    const used: number[] = [];
    let found: { range: NumberRange; start: number; end: number } | null = null;
    for (let j = i + 1; j < tokens.length && j - i <= WINDOW; j++) {
      const u = tokens[j] as Token;
      // "est. 2015".
      if (u.kind === 'punct' && u.text === '.' && t.norm === 'est' && j === i + 1) continue;
      if (u.kind === 'punct' && (u.stop || u.text === ',')) break;
      if (u.claim && u.claim !== 'ignored') break;
      if (j > i + 1 && WINDOW_STOP.test(u.norm)) break;
      const rel = readRelative(tokens, j, now);
      if (rel) {
        found = { range: rel.range, start: j, end: rel.end };
        break;
      }
      const read = readYear(tokens, j, link === 'between');
      if (read) {
        found = {
          range: survival ? { max: (read.range.min ?? (read.range.max as number)) - 1 } : applyLink(link, read),
          start: j,
          end: read.end,
        };
        break;
      }
      const l = LINKS.get(u.norm);
      if (l && used.length < 3 && j === i + 1 + used.length) {
        if (l !== 'in' || link === 'in') link = l;
        used.push(j);
      }
    }
    if (!found) {
      // An event: "during COVID", "after the financial crisis".
      for (let k = i + 1; k < Math.min(tokens.length, i + 1 + WINDOW); k++) {
        const u = tokens[k] as Token;
        if (u.kind === 'punct' && (u.stop || u.text === ',')) break;
        const ev = matchAt(tokens, k, EVENTS);
        if (!ev) continue;
        const [a, b] = ev.value;
        const range: NumberRange = survival || link === 'before' ? { max: a - 1 } : link === 'after' ? { min: b + 1 } : { min: a, max: b };
        found = { range, start: k, end: ev.end };
        break;
      }
    }
    if (!found) continue;
    const claimIdx = [...used, ...range(found.start, found.end)];
    push(found.range, i, found.end, claimIdx);
    i = found.end - 1;
  }
  // 2. Uncued forms: "from 2023", "2013-era", "class of 2014", "2024 AI company", "early 2000s company".
  const firstWord = tokens.findIndex((t) => t.kind !== 'punct');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim) continue;
    const prev = tokens[i - 1]?.kind === 'punct' ? '' : (tokens[i - 1]?.norm ?? '');
    if (t.norm === 'from' || (t.norm === 'of' && prev === 'class')) {
      // Not "raised from", "funding from".
      const read = fundingBefore(tokens, i) ? null : readYear(tokens, i + 1, true);
      if (read) {
        const from = t.norm === 'of' ? i - 1 : i;
        push(read.range, from, read.end, range(from, read.end));
        i = read.end - 1;
      }
      continue;
    }
    const read = readYear(tokens, i, false);
    if (!read) continue;
    const nextTok = tokens[read.end];
    const next = nextTok?.norm ?? '';
    if (ERA_WORDS.test(next) && !EVENT_NOUNS.test(tokens[read.end + 1]?.norm ?? '')) {
      push(read.range, i, read.end + 1, range(i, read.end + 1));
      i = read.end;
      continue;
    }
    // A range, a decade or a "+" ("fintech 2015-2018", "AI startups 2020+") reads as founding years
    // unless a funding word comes first in the clause ("raised in 2021-2022").
    if (!read.single && !/^(in|during|by|until|through)$/.test(prev) && !EVENT_NOUNS.test(next) && !fundingBefore(tokens, i)) {
      push(read.range, i, read.end, range(i, read.end));
      i = read.end - 1;
      continue;
    }
    // In front of the company: at the start, or after an article.
    const leading = i === firstWord || /^(a|an|the)$/.test(prev);
    if (leading && nextTok && nextTok.kind === 'word' && !EVENT_NOUNS.test(next) && !/^(employees?|people|staff|and|or|to)$/.test(next)) {
      push(read.range, i, read.end, range(i, read.end));
      i = read.end - 1;
    }
  }
  // 3. Age: "less than 3 years old" (founded at least now-3), "10+ years old" (founded by now-10).
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || !/^\d+\+?$/.test(t.norm)) continue;
    let k = i + 1;
    if (tokens[k]?.norm === '+') k++;
    if (!/^years?$/.test(tokens[k]?.norm ?? '') || tokens[k + 1]?.norm !== 'old') continue;
    const n = Number.parseInt(t.norm, 10);
    const before = boundBefore(tokens, i);
    const plus = t.norm.endsWith('+') || tokens[i + 1]?.norm === '+';
    const r: NumberRange | null =
      before.bound === 'max' ? { min: now - n } : before.bound === 'min' || plus ? { max: now - n } : { min: now - n, max: now - n };
    push(r, before.from, k + 2, range(before.from, k + 2));
    i = k + 1;
  }
  return out;
}

/** Whether a funding word comes before token i in its clause (within four words). */
function fundingBefore(tokens: Token[], i: number): boolean {
  for (let k = i - 1; k >= 0 && i - k <= 4; k--) {
    const u = tokens[k] as Token;
    if (u.kind === 'punct') break;
    if (FUNDING_WORDS.test(u.norm) || /^(acquired|ipo|exited)$/.test(u.norm)) return true;
  }
  return false;
}

function range(from: number, to: number): number[] {
  const r: number[] = [];
  for (let k = from; k < to; k++) r.push(k);
  return r;
}

// Employee counts.

const COUNT = /^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(k)?(\+)?$/;
const EMPLOYEE_WORDS =
  /^(employees?|people|persons?|staff|staffers|headcount|ftes?|workers|heads|employee-count|team-members|members|strong)$/;
/** A unit after a number that is not a head count. */
const UNITS =
  /^(years?|yrs?|months?|weeks?|days?|hours?|%|percent|x|times|countries|cities|offices|locations|customers|clients|users|markets|products|engineers|developers|investors|rounds?|patents|stores|million|billion|m|b|bn|mn|k|dollars|usd|eur|euros|minutes|seconds|stars|downloads|installs|members?hips?|ago|old|am|pm)$/;
const TEAM_BEFORE = /^(team|teams|headcount|staff|size|workforce|employees)$/;

interface Count {
  value: number;
  plus: boolean;
}

function countOf(t: Token | undefined): Count | null {
  if (!t || t.claim) return null;
  const m = COUNT.exec(t.norm);
  if (!m) return null;
  const value = Number((m[1] as string).replace(/,/g, '')) * (m[2] ? 1000 : 1);
  return Number.isFinite(value) ? { value, plus: !!m[3] } : null;
}

function yearLike(n: number): boolean {
  return Number.isInteger(n) && n >= 1900 && n <= 2099;
}

function scanEmployees(tokens: Token[], scopes: Scopes): NumberMention[] {
  const out: NumberMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const c = countOf(tokens[i]);
    if (!c || tokens[i]?.join) continue;
    let k = i + 1;
    let second: Count | null = null;
    const sep = tokens[k];
    if (sep?.join === '-' && countOf(sep)) {
      second = countOf(sep);
      k++;
    } else if (sep && /^(to|-|through)$/.test(sep.norm)) {
      second = countOf(tokens[k + 1]);
      if (second) k += 2;
    } else if (sep?.norm === 'and' && tokens[i - 1]?.norm === 'between') {
      second = countOf(tokens[k + 1]);
      if (second) k += 2;
    }
    if (second && second.value <= c.value) continue;
    let plus = c.plus || !!second?.plus;
    if (tokens[k]?.norm === '+') {
      plus = true;
      k++;
    }
    // The word after: "employees", "people", "-person", "employee range", "team members".
    let word = false;
    let end = k;
    const w = tokens[k];
    if (w && w.kind === 'word' && (EMPLOYEE_WORDS.test(w.norm) || /^(person|people|employee|strong)$/.test(w.norm))) {
      word = true;
      end = k + 1;
      if (/^(range|count|size)$/.test(tokens[end]?.norm ?? '')) end++;
    } else if (w?.norm === 'team' && tokens[k + 1]?.norm === 'members') {
      word = true;
      end = k + 2;
    } else if (w?.norm === 'range' && second) {
      word = true;
      end = k + 1;
    }
    const unit = !word && w && w.kind === 'word' && (UNITS.test(w.norm) || w.join === '-');
    if (unit) continue;
    const values = [c.value, second?.value ?? c.value];
    if (!word && values.some(yearLike)) continue;
    if (!word && w?.kind === 'word' && /^(of|in|at)$/.test(w.norm) && !second && !plus) continue;
    const before = boundBefore(tokens, i);
    const after = boundAfter(tokens, end);
    let from = before.from;
    // "team of 15", "headcount of 200", "small teams under 40".
    let teamCue = false;
    for (let q = from - 1; q >= 0 && from - q <= 4; q--) {
      const u = tokens[q] as Token;
      if (u.kind === 'punct' && u.text !== '(') break;
      if (TEAM_BEFORE.test(u.norm)) teamCue = true;
    }
    let r: NumberRange | null = null;
    if (second) r = second.plus ? { min: c.value } : { min: c.value, max: second.value };
    else if (plus || before.bound === 'min' || after.bound === 'min') r = { min: c.value };
    else if (before.bound === 'max' || after.bound === 'max') r = { max: c.value };
    else if (word || teamCue) r = { min: c.value };
    if (!r) continue;
    // A bare number needs a range, a "+", a comparative, an employee word or a team phrase.
    if (!word && !second && !plus && !before.bound && !after.bound && !teamCue) continue;
    if (second && tokens[i - 1]?.norm === 'between') from = Math.min(from, i - 1);
    end = Math.max(end, after.end);
    claim(tokens, from, end, 'size');
    out.push({ kind: 'employees', range: r, negated: scopes.negated.has(i), from, to: end });
    i = end - 1;
  }
  return out;
}

const SIZE_ADJECTIVES: [RegExp, NumberRange, NumberRange][] = [
  // [adjective, range with team/startup, range with company]
  [/^(tiny|micro)$/, { max: 20 }, { max: 20 }],
  [/^(small|smaller|lean|little)$/, { max: 50 }, { max: 200 }],
  [/^(mid-?sized?|midsized?|medium-?sized?|medium)$/, { min: 200, max: 1000 }, { min: 200, max: 1000 }],
  [/^(large|larger|big|bigger|massive|huge|giant|enormous)$/, { min: 1000 }, { min: 1000 }],
];
const TEAM_NOUNS = /^(teams?|startups?|start-ups?|outfits?|shops?|crews?)$/;
const COMPANY_NOUNS = /^(companies|company|firms?|businesses|business|orgs?|organi[sz]ations?|corporations?|employers?)$/;

/** "tiny teams", "small startup", "massive teams", "mid-sized companies", "still small". */
function scanSizeWords(tokens: Token[], scopes: Scopes): NumberMention[] {
  const out: NumberMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || t.kind !== 'word') continue;
    // "mid-sized" is two tokens glued by "-".
    let word = t.norm;
    let end = i + 1;
    if ((word === 'mid' || word === 'medium') && tokens[i + 1]?.join === '-' && /^(sized?|size)$/.test(tokens[i + 1]?.norm ?? '')) {
      word = `${word}-sized`;
      end = i + 2;
    }
    const entry = SIZE_ADJECTIVES.find(([re]) => re.test(word));
    if (!entry) continue;
    // The noun it sizes, possibly after one sector word ("small AI startups", "massive teams").
    let nounAt = -1;
    for (let k = end; k < Math.min(tokens.length, end + 3); k++) {
      const u = tokens[k] as Token;
      if (u.kind === 'punct') break;
      if (TEAM_NOUNS.test(u.norm) || COMPANY_NOUNS.test(u.norm)) {
        nounAt = k;
        break;
      }
    }
    const still = /^(still|stays?|remains?|fairly|quite|relatively)$/.test(tokens[i - 1]?.norm ?? '');
    if (nounAt < 0 && !still) continue;
    const team = nounAt < 0 || TEAM_NOUNS.test(tokens[nounAt]?.norm ?? '');
    const r = team ? entry[1] : entry[2];
    claim(tokens, i, end, 'size');
    if (nounAt >= 0 && TEAM_NOUNS.test(tokens[nounAt]?.norm ?? '') && /^teams?$/.test(tokens[nounAt]?.norm ?? ''))
      claim(tokens, nounAt, nounAt + 1, 'size');
    out.push({ kind: 'employees', range: { ...r }, negated: scopes.negated.has(i), from: i, to: nounAt >= 0 ? nounAt + 1 : end });
  }
  return out;
}

export interface NumberScan {
  money: NumberMention[];
  founded: NumberMention[];
  employees: NumberMention[];
  /** Size words ("tiny teams"): used only without an explicit count. */
  sizeWords: NumberMention[];
}

/** Money first (it owns "$" and "M"), then founding years, then head counts. */
export function scanNumbers(tokens: Token[], scopes: Scopes, now: number): NumberScan {
  const money = scanMoney(tokens, scopes);
  const founded = scanFounded(tokens, scopes, now);
  const employees = scanEmployees(tokens, scopes);
  const sizeWords = scanSizeWords(tokens, scopes);
  return { money, founded, employees, sizeWords };
}
