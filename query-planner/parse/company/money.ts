/**
 * Money in company queries: amounts ("$10M", "€5 million", "1.5bn", "$30 million+", "half a
 * billion dollars"), ranges ("$10-30M", "$30M to $80M", "between $100M and $300M"), comparatives
 * ("over $50M", "no more than $5M", "$20M or more"), and what they measure: total funding
 * (default), revenue ("ARR", "revenue", "sales") or valuation ("valued at", "worth").
 */
import type { NumberRange } from '../../advanced-filters.js';
import { claim, type Token } from '../tokens.js';
import {
  CURRENCY_NAMES,
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  currencyCode,
  FOREIGN_SCALES,
  isCurrencyCode,
  leadingSymbol,
  usdFactor,
} from './currencies.js';
import { boundAfter, boundBefore, isNumberish, type NumberMention } from './number-words.js';
import type { Scopes } from './scopes.js';

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
/** An amount after its glued currency: digits, a scale ("m", "bn", "万", "cr"), a currency after ("円"), a "+". */
const MONEY = /^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(k|m|mm|mn|b|bn|cr|[\p{Script=Han}\p{Script=Hangul}]{1,6}?)?(円|원|元)?(\+)?$/u;
/** The English prefixes glued before an amount ("usd5m", "us$5m"), with CLDR's symbols (currencies.ts). */
const GLUED_CODE = /^(?:us|usd|eur|gbp)(?=[$\d])/;

/** India's scales: an amount in lakhs or crores with no currency written is in rupees ("raised 50 crore"). */
const INDIAN_SCALES = /^(lakhs?|lacs?|crores?|cr)$/;

/** A scale word's value: English first ("mil" is a million), then other languages' ("crore", "milhões"). */
const scaleWord = (w: string): number | undefined => SCALES.get(w) ?? FOREIGN_SCALES.get(w);
/** Whether a token is a currency written apart from its amount: a word, a symbol, an ISO code in capitals. */
const currencyApart = (t: Token | undefined): boolean =>
  !!t && (CURRENCY_WORDS.has(t.norm) || CURRENCY_SYMBOLS.has(t.norm) || isCurrencyCode(t.text));
/** Whether a currency token is only an ISO code ("SEK"), neither a word nor a sign ("USD" and "Rs" are words here). */
const isoOnly = (t: Token): boolean => !CURRENCY_WORDS.has(t.norm) && !CURRENCY_SYMBOLS.has(t.norm);

interface Amount {
  value: number;
  scaled: boolean;
  currency: boolean;
  plus: boolean;
  /** The currency's ISO code when the text names one currency ("₹", "INR", "crore rupees"). */
  code?: string | null;
}

function amountOf(s: string): Amount | null {
  const code = GLUED_CODE.exec(s)?.[0].length ?? 0;
  const symbol = leadingSymbol(s.slice(code));
  const m = MONEY.exec(s.slice(code + symbol));
  if (!m) return null;
  const n = Number((m[1] as string).replace(/,/g, ''));
  const scale = m[2] ? scaleWord(m[2]) : 1;
  if (!Number.isFinite(n) || scale === undefined) return null;
  const written = m[3] ?? (symbol > 0 ? s.slice(code, code + symbol) : code > 0 ? s.slice(0, code) : null);
  let currency = written ? currencyCode(written) : null;
  // "¥5亿": the simplified Chinese scale sign says the yen sign is the yuan's (億 and 円 are Japan's).
  if (currency === 'JPY' && m[2]?.includes('亿')) currency = 'CNY';
  return {
    value: n * scale,
    scaled: !!m[2],
    currency: symbol > 0 || !!m[3],
    plus: !!m[4],
    code: currency ?? (m[2] && INDIAN_SCALES.test(m[2]) ? 'INR' : null),
  };
}

/** A money expression starting at token i: one amount or a range. */
interface MoneyRead {
  min: number;
  max?: number;
  plus: boolean;
  from: number;
  end: number;
  /** The currency written, when one currency is named (currencies.ts). */
  code?: string | null;
}

/** "half a billion", "a quarter of a million", "a quarter billion", "a billion": a fraction of a scale word. */
function readFraction(tokens: Token[], i: number): { amount: Amount; end: number } | null {
  let k = i;
  let fraction = 1;
  if (/^(a|an)$/.test(tokens[k]?.norm ?? '') && /^(half|quarter)$/.test(tokens[k + 1]?.norm ?? '')) k++;
  if (tokens[k]?.norm === 'half') fraction = 0.5;
  else if (tokens[k]?.norm === 'quarter') fraction = 0.25;
  if (fraction !== 1) k++;
  if (tokens[k]?.norm === 'of') k++;
  // "a quarter billion", "half million": a fraction may go without its second article.
  if (fraction !== 1 && /^(million|billion)\+?$/.test(tokens[k]?.norm ?? '')) k--;
  else if (!/^(a|an)$/.test(tokens[k]?.norm ?? '')) return null;
  const scaleTok = tokens[k + 1];
  const word = (scaleTok?.norm ?? '').replace(/\+$/, '');
  const scale = /^(million|billion)$/.test(word) ? SCALES.get(word) : undefined;
  if (!scale || tokens.slice(i, k + 2).some((t) => t.claim)) return null;
  let end = k + 2;
  const amount: Amount = { value: fraction * scale, scaled: true, currency: false, plus: !!scaleTok?.norm.endsWith('+') };
  if (tokens[end]?.norm === '+') {
    amount.plus = true;
    end++;
  }
  if (CURRENCY_WORDS.has(tokens[end]?.norm ?? '') && tokens[end]?.kind === 'word') {
    amount.currency = true;
    amount.code = currencyCode(tokens[end]!.norm);
    end++;
  }
  return { amount, end };
}

function readAmount(tokens: Token[], i: number): { amount: Amount; end: number } | null {
  const t = tokens[i];
  if (!t || t.claim) return null;
  if (/^(a|an|half|quarter)$/.test(t.norm)) return readFraction(tokens, i);
  let start = i;
  let currency = false;
  let code: string | null = null;
  // A currency known only by its ISO code ("SEK", "PHP", "TMT"), which names other things as
  // often ("50 PHP developers", "top 50 TMT companies"): money only with a scale or a money word.
  let codeBefore = false;
  let text = t.norm;
  // "Rs. 50 crore": the rupee's abbreviation with its dot.
  const dot = t.norm === 'rs' && tokens[i + 1]?.text === '.' ? 1 : 0;
  if (currencyApart(t) && isNumberish(tokens[i + 1 + dot])) {
    currency = true;
    code = currencyCode(t.norm, t.text);
    codeBefore = isoOnly(t);
    start = i + 1 + dot;
    text = tokens[start]?.norm ?? '';
  }
  const a = amountOf(text);
  if (!a) return null;
  let end = start + 1;
  // "30 million+": the tokenizer keeps the "+" on the word.
  const next = tokens[end]?.norm ?? '';
  const scale = scaleWord(next.replace(/\+$/, ''));
  if (!a.scaled && scale && !tokens[end]?.join) {
    a.value *= scale;
    a.scaled = true;
    if (INDIAN_SCALES.test(next.replace(/\+$/, ''))) a.code ??= 'INR';
    if (next.endsWith('+')) a.plus = true;
    end++;
  }
  if (tokens[end]?.norm === '+') {
    a.plus = true;
    end++;
  }
  const moneyNear = (to: number) => a.scaled || moneyWordBefore(tokens, i) || moneyWordAfter(tokens, to);
  if (codeBefore && !moneyNear(end)) return null;
  if (currencyApart(tokens[end]) && tokens[end]?.kind === 'word' && (!isoOnly(tokens[end]!) || moneyNear(end + 1))) {
    currency = true;
    code = currencyCode(tokens[end]!.norm, tokens[end]!.text);
    end++;
  } else if (a.scaled) {
    // "50 crore rupees", "2 milhões de reais": a currency's name after an amount with a scale.
    const k = tokens[end]?.norm === 'de' ? end + 1 : end;
    if (CURRENCY_NAMES.has(tokens[k]?.norm ?? '')) {
      currency = true;
      code = currencyCode(tokens[k]!.norm);
      end = k + 1;
    }
  }
  a.currency ||= currency;
  // A written currency wins over the one a scale implies ("PKR 5 crore").
  a.code = code ?? a.code;
  return { amount: a, end };
}

/** The scale factor an amount carries ("30m" → 1e6, "30" followed by "million" → 1e6). */
function scaleOf(text: string, a: Amount): number {
  const digits = Number(
    text
      .replace(GLUED_CODE, '')
      .replace(/^\D+/, '')
      .replace(/[^\d.,]+$/, '')
      .replace(/,/g, ''),
  );
  return digits ? a.value / digits : 1;
}

function isMoney(a: Amount): boolean {
  return a.currency || (a.scaled && a.value >= 1e6);
}

/** A money expression starting at token i, in the dollars the filter counts (currencies.ts `usdFactor`). */
function readMoney(tokens: Token[], i: number): MoneyRead | null {
  const m = readWritten(tokens, i);
  const factor = usdFactor(m?.code);
  if (!m || factor === 1) return m;
  return { ...m, min: Math.round(m.min * factor), ...(m.max === undefined ? {} : { max: Math.round(m.max * factor) }) };
}

/** A money expression starting at token i, in the currency written. */
function readWritten(tokens: Token[], i: number): MoneyRead | null {
  const t = tokens[i];
  if (!t || t.claim) return null;
  // "$200M-$500M" and "$5-$20M" stay one token.
  const glued = /^(.+?\d[a-z]*)-(\D{0,4}\d.*)$/.exec(t.norm);
  if (glued) {
    const a = amountOf(glued[1] as string);
    const b = amountOf(glued[2] as string);
    if (a && b && (isMoney(a) || isMoney(b))) {
      const lo = a.scaled ? a.value : a.value * scaleOf(glued[2] as string, b);
      const code = a.code ?? b.code;
      if (lo < b.value) return { min: lo, max: b.value, plus: false, from: i, end: i + 1, code };
      // "$10M-$5M": high to low with both scales written, the same span.
      if (a.scaled && b.scaled && b.value < a.value) return { min: b.value, max: a.value, plus: false, from: i, end: i + 1, code };
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
      const code = first.amount.code ?? second.amount.code;
      if (lo < second.amount.value) return { min: lo, max: second.amount.value, plus: false, from: i, end: second.end, code };
      // Written high to low ("$10M-$5M", "between $300M and $100M"): the same span, both amounts scaled as written.
      if (first.amount.scaled && second.amount.scaled && second.amount.value < lo)
        return { min: second.amount.value, max: lo, plus: false, from: i, end: second.end, code };
    }
  }
  // A smaller amount is money when a money word says so right before it ("raised 250k", "raised
  // half a million", "funding of 500k"); alone it may count anything ("250k followers").
  if (
    !isMoney(first.amount) &&
    !(first.amount.scaled && !countedAfter(tokens, end) && (moneyWordBefore(tokens, i) || moneyWordAfter(tokens, end)))
  )
    return null;
  return { min: first.amount.value, plus: first.amount.plus, from: i, end, code: first.amount.code };
}

/** Nouns an amount counts when it is no money ("revenue of 100k employees" is a head count, "300k leads" leads). */
const COUNTED =
  /^(employees?|staff|people|persons|workers|ftes?|users?|customers?|clients?|leads?|units?|followers?|subscribers?|members?|downloads?|installs?|visitors?|orders?|patients?|students?|accounts?|transactions?)$/;
const countedAfter = (tokens: Token[], end: number): boolean => COUNTED.test(tokens[end]?.norm ?? '');

/** Whether a word of raising or revenue follows the amount, after "in" or "of" at most ("500k raised", "500k in funding", "800k ARR"). */
function moneyWordAfter(tokens: Token[], end: number): boolean {
  const k = /^(in|of)$/.test(tokens[end]?.norm ?? '') ? end + 1 : end;
  const norm = tokens[k]?.norm ?? '';
  return FUNDING_WORDS.test(norm) || REVENUE_WORDS.test(norm);
}

/** Whether a word of raising, revenue or worth comes at most four words before `i` ("raised about", "funding of", "raised no more than"). */
function moneyWordBefore(tokens: Token[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 4); k--) {
    const norm = tokens[k]?.norm ?? '';
    if (FUNDING_WORDS.test(norm) || REVENUE_WORDS.test(norm) || VALUATION_WORDS.test(norm)) return true;
    if (!/^(about|around|roughly|some|of|over|under|nearly|almost|just|only|at|least|most|than|less|more|no|not)$/.test(norm)) return false;
  }
  return false;
}

const REVENUE_WORDS = /^(revenue|revenues|arr|mrr|sales|turnover|income|making|earning|earns|generating|generates|bookings|gmv)$/;
// A price paid for the company ("acquired for $1B", "sold for", "an exit at", "IPO at") is a
// valuation too: what the company was worth, not what it raised.
const VALUATION_WORDS =
  /^(valued|valuation|valuations|worth|cap|capitalization|capitalisation|valuing|acquired|acquisition|bought|sold|exit|exited|ipo|ipoed)$/;
export const FUNDING_WORDS =
  /^(raised|raise|raises|raising|funding|funded|capital|investment|invested|financing|backed|round|burned|burnt|burn|vc)$/;

/** What an amount measures, and the index of the word that says so (-1 when none: funding). */
function moneyKind(tokens: Token[], from: number, end: number): { kind: 'funding' | 'revenue' | 'valuation'; cue: number } {
  const classify = (norm: string): 'funding' | 'revenue' | 'valuation' | null =>
    REVENUE_WORDS.test(norm) ? 'revenue' : VALUATION_WORDS.test(norm) ? 'valuation' : FUNDING_WORDS.test(norm) ? 'funding' : null;
  let back: { kind: 'funding' | 'revenue' | 'valuation'; d: number; at: number } | null = null;
  for (let k = from - 1, d = 1; k >= 0 && d <= 5; k--, d++) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct' && (t.stop || t.text === ',')) break;
    // A claimed word ends the look back, except a sale word the status took ("acquired for $1B").
    if (t.norm === 'but' || t.norm === 'and' || isNumberish(t) || (t.claim && !VALUATION_WORDS.test(t.norm))) break;
    // "sold $5M of software" is sales; "sold for $300M" a price.
    const c = t.norm === 'sold' && k === from - 1 ? 'revenue' : classify(t.norm);
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
      // "$300M that raised under $20M": a verb before a later amount ("raised", "valued at") says
      // what that amount is, not this one. A noun after an amount ("$10M revenue") is this one's.
      if (!(CUE_VERBS.test(t.norm) && introducesAmount(tokens, k + 1))) fwd = { kind: c, d, at: k };
      break;
    }
  }
  const best = fwd && (!back || fwd.d <= back.d) ? fwd : back;
  return best ? { kind: best.kind, cue: best.at } : { kind: 'funding', cue: -1 };
}

/** Money words that are verbs: they come before the amount they describe. */
const CUE_VERBS =
  /^(raised|raise|raises|raising|funded|invested|burned|burnt|valued|valuing|acquired|bought|sold|exited|ipoed|making|earning|earns|generating|generates)$/;

/** Whether an amount of money follows within three words of `from`, before "and", "but" or punctuation. */
function introducesAmount(tokens: Token[], from: number): boolean {
  for (let k = from; k < Math.min(tokens.length, from + 3); k++) {
    const t = tokens[k] as Token;
    if (readMoney(tokens, k)) return true;
    if (t.kind === 'punct' || t.norm === 'and' || t.norm === 'but') return false;
  }
  return false;
}

export function scanMoney(tokens: Token[], scopes: Scopes): NumberMention[] {
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
    const mention: NumberMention = {
      kind,
      range,
      negated: scopes.negated.has(i),
      from: Math.min(from, cue >= 0 ? cue : from),
      to: Math.max(end, cue + 1),
    };
    // "a little under $1M, say ≤ $900k", "about $5M, i.e. $4-6M": a restatement, more precise, in
    // place of the amount it restates.
    const restates = restatementBefore(tokens, mention.from);
    if (restates >= 0) {
      let earlier = -1;
      for (let k = out.length - 1; k >= 0 && earlier < 0; k--) if (out[k]?.kind === kind && (out[k]?.to ?? 0) <= restates) earlier = k;
      if (earlier >= 0) {
        out.splice(earlier, 1);
        claim(tokens, restates, mention.from, 'context');
      }
    }
    out.push(mention);
    i = end - 1;
  }
  return out;
}

/** Words that restate an amount more precisely ("say", "i.e.", "namely", "specifically"). */
const RESTATE = /^(say|i\.e\.?|ie|namely|specifically|precisely|exactly|roughly)$/;

/** Where a restating word right before token `from` starts (after a comma), or -1. */
function restatementBefore(tokens: Token[], from: number): number {
  const k = from - 1;
  if (!RESTATE.test(tokens[k]?.norm ?? '')) return -1;
  return tokens[k - 1]?.text === ',' ? k - 1 : k;
}

// Founding years.
