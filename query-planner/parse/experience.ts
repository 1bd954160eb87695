/**
 * Years of experience: "5+ years", "10+ yrs", "at least 7 years", "over 10 years of experience",
 * "seven years", "3-5 years" (min 3, max 5), "up to 4 years" (max 4), "a decade of experience",
 * "with a decade or more", "with over two decades". The first
 * statement found wins; numbers that are not about experience ("founded 5 years ago", "for the
 * last 3 years") are left alone.
 */
import type { NumberRange } from '../advanced-filters.js';
import { NUMBER_WORDS } from './lexicon/numbers.js';
import { claim, type Token } from './tokens.js';

export interface YearsMention {
  range: NumberRange;
  from: number;
  to: number;
  /** Years no career holds ("100 years of experience"): read, claimed, and not used as a filter. */
  beyond?: number;
}

/** The most years of experience a query may ask for: a career's length. */
export const MAX_EXPERIENCE_YEARS = 60;

/** A unit of years, also with the plus written after it ("10 yrs+", "5 years+"). */
const UNIT = /^(years?|yrs?|y|yoe|years'|year's)\+?$/;
const MIN_BEFORE = [
  ['at', 'least'],
  ['atleast'],
  ['minimum', 'of'],
  ['minimum'],
  ['min'],
  ['over'],
  ['more', 'than'],
  ['greater', 'than'],
  ['north', 'of'],
  ['upwards', 'of'],
  ['no', 'less', 'than'],
  ['not', 'less', 'than'],
  ['no', 'fewer', 'than'],
  ['not', 'fewer', 'than'],
  ['in', 'excess', 'of'],
  ['>='],
  ['>'],
];
const MAX_BEFORE = [
  ['up', 'to'],
  ['less', 'than'],
  ['fewer', 'than'],
  ['under'],
  ['no', 'more', 'than'],
  ['not', 'more', 'than'],
  ['at', 'most'],
  ['maximum', 'of'],
  ['maximum'],
  ['max'],
  ['<='],
  ['<'],
];
const MIN_AFTER = [['or', 'more'], ['or', 'above'], ['and', 'above'], ['and', 'up'], ['plus'], ['+']];
const NOT_EXPERIENCE_AFTER = new Set(['ago', 'old', 'later', 'earlier', 'from', 'of age', 'runway', 'in business']);
const NOT_EXPERIENCE_BEFORE = new Set(['last', 'past', 'next', 'within', 'every', 'first', 'coming', 'recent']);
const EXPERIENCE_WORDS = new Set(['experience', 'exp', 'xp', 'yoe', 'professional', 'industry', 'relevant', 'work', 'working']);

function parseNumber(t: Token | undefined): { value: number; plus: boolean } | null {
  if (!t) return null;
  if (t.kind === 'num') {
    const plus = t.norm.endsWith('+');
    const value = Number(t.norm.replace(/[+,]/g, ''));
    return Number.isFinite(value) ? { value, plus } : null;
  }
  const w = NUMBER_WORDS.get(t.norm);
  if (w !== undefined) return { value: w, plus: false };
  // "5y+", "10yrs", "7+yrs"
  const m = /^(\d{1,2})(\+?)(?:y|yr|yrs|yoe)(\+?)$/.exec(t.norm);
  if (m) return { value: Number(m[1]), plus: !!(m[2] || m[3]) };
  return null;
}

function seqAt(tokens: Token[], i: number, seq: string[]): boolean {
  return seq.every((s, k) => tokens[i + k]?.norm === s);
}

/** Index where one of `seqs` ends right before `i`; -1 when none. */
function endsBefore(tokens: Token[], i: number, seqs: string[][]): number {
  for (const seq of seqs) {
    const start = i - seq.length;
    if (start >= 0 && seqAt(tokens, start, seq)) return start;
  }
  return -1;
}

function isUnit(t: Token | undefined): boolean {
  return !!t && UNIT.test(t.norm);
}

/**
 * "100 years of experience", "with 150 years", "over 99 yrs": a number of years no career holds,
 * said of experience (its unit, then "experience" or a minimum's words or "with" before it).
 * Claimed so it is no keyword, and returned without a range: the parser says it was not used.
 */
function beyondCareer(tokens: Token[], i: number, value: number): YearsMention | null {
  const t = tokens[i] as Token;
  if (t.kind !== 'num' || !isUnit(tokens[i + 1])) return null;
  let to = i + 2;
  if (tokens[to]?.norm === 'of') to++;
  const experience = /^(experience|exp|xp)$/.test(tokens[to]?.norm ?? '');
  const minStart = endsBefore(tokens, i, MIN_BEFORE);
  const from = minStart >= 0 ? minStart : i;
  if (!experience && minStart < 0 && tokens[i - 1]?.norm !== 'with') return null;
  const end = experience ? to + 1 : i + 2;
  claim(tokens, from, end, 'years');
  return { range: {}, from, to: end, beyond: value };
}

/** Finds the first experience statement, claims its tokens and returns the range. */
export function scanYears(tokens: Token[]): YearsMention | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim) continue;
    // "a decade", "two decades", "half a decade"
    if (t.norm === 'decade' || t.norm === 'decades') {
      const n = parseNumber(tokens[i - 1]);
      const value = n ? n.value * 10 : 10;
      let from = n ? i - 1 : tokens[i - 1]?.norm === 'a' ? i - 1 : i;
      // With its experience after it, or a minimum's words ("a decade or more", "over two decades").
      const after = MIN_AFTER.find((seq) => seqAt(tokens, i + 1, seq));
      const minStart = endsBefore(tokens, from, MIN_BEFORE);
      const to = i + 1 + (after?.length ?? 0);
      const experience = /experience|exp/.test(tokens[to]?.norm ?? '') || /experience|exp/.test(tokens[to + 1]?.norm ?? '');
      const start = minStart >= 0 ? minStart : from;
      // Without "experience", only a person's "with" ("with a decade or more on air"): not "retired
      // for over a decade", "acquired over two decades back".
      if (!experience && ((!after && minStart < 0) || tokens[start - 1]?.norm !== 'with')) continue;
      if (NOT_EXPERIENCE_AFTER.has(tokens[to]?.norm ?? '') || tokens[to]?.norm === 'back') continue;
      from = start;
      claim(tokens, from, to, 'years');
      return { range: { min: value }, from, to };
    }
    const n = parseNumber(t);
    if (!n) continue;
    if (n.value > MAX_EXPERIENCE_YEARS) {
      const beyond = beyondCareer(tokens, i, n.value);
      if (beyond) return beyond;
      continue;
    }
    let from = i;
    let to: number;
    let min: number | undefined;
    let max: number | undefined;
    let cued = false;
    const embedded = (tok: Token | undefined) => !!tok && /^\d{1,2}\+?(y|yr|yrs|yoe)\+?$/.test(tok.norm);
    // Range: "3-5 years", "3 to 5 years", "between 3 and 5 years".
    const sep = tokens[i + 1];
    const second = sep && (sep.norm === 'to' || sep.norm === 'and') ? tokens[i + 2] : sep?.join === '-' ? sep : undefined;
    const n2 = parseNumber(second);
    if (
      second &&
      n2 &&
      n2.value !== n.value &&
      (n2.value > n.value || n2.value <= MAX_EXPERIENCE_YEARS) &&
      (isUnit(tokens[second.i + 1]) || embedded(second))
    ) {
      // Written high to low ("between 10 and 5 years", "5-3 years"), the same span.
      min = Math.min(n.value, n2.value);
      if (!n2.plus || n2.value < n.value) max = Math.max(n.value, n2.value);
      to = embedded(second) ? second.i + 1 : second.i + 2;
      if (tokens[i - 1]?.norm === 'between') from = i - 1;
      cued = true;
    } else if (MIN_AFTER.some((seq) => seqAt(tokens, i + 1, seq) && isUnit(tokens[i + 1 + seq.length]))) {
      // "7 or more years", "5 plus years".
      const seq = MIN_AFTER.find((q) => seqAt(tokens, i + 1, q) && isUnit(tokens[i + 1 + q.length])) as string[];
      min = n.value;
      to = i + 2 + seq.length;
      cued = true;
    } else if (isUnit(tokens[i + 1]) || embedded(t)) {
      to = embedded(t) ? i + 1 : i + 2;
      let plus = n.plus || (!embedded(t) && !!tokens[i + 1]?.norm.endsWith('+'));
      if (tokens[to]?.norm === '+') {
        plus = true;
        to++;
      }
      const after = MIN_AFTER.find((seq) => seqAt(tokens, to, seq));
      if (after) {
        plus = true;
        to += after.length;
      }
      const minStart = endsBefore(tokens, i, MIN_BEFORE);
      const maxStart = endsBefore(tokens, i, MAX_BEFORE);
      if (plus || minStart >= 0) {
        min = n.value;
        if (minStart >= 0) from = minStart;
        cued = true;
      } else if (maxStart >= 0) {
        max = n.value;
        from = maxStart;
        cued = true;
      } else {
        min = n.value;
      }
    } else {
      continue;
    }
    // "of experience", "experience", "of professional experience" after the unit.
    let k = to;
    if (tokens[k]?.norm === 'of') k++;
    let sawExperience = false;
    while (k < tokens.length && k < to + 4 && EXPERIENCE_WORDS.has(tokens[k]?.norm ?? '')) {
      if (/^(experience|exp|xp|yoe)$/.test(tokens[k]?.norm ?? '')) sawExperience = true;
      k++;
    }
    if (sawExperience) to = k;
    if (!cued && !sawExperience) {
      const nextNorm = `${tokens[to]?.norm ?? ''}`;
      const nextTwo = `${nextNorm} ${tokens[to + 1]?.norm ?? ''}`;
      if (NOT_EXPERIENCE_AFTER.has(nextNorm) || NOT_EXPERIENCE_AFTER.has(nextTwo)) continue;
      if (NOT_EXPERIENCE_BEFORE.has(tokens[from - 1]?.norm ?? '') || NOT_EXPERIENCE_BEFORE.has(tokens[from - 2]?.norm ?? '')) continue;
      if (tokens[from - 1]?.norm === 'for' || tokens[from - 1]?.norm === 'in') continue;
    }
    claim(tokens, from, to, 'years');
    const range: NumberRange = {};
    if (min !== undefined) range.min = min;
    if (max !== undefined) range.max = max;
    return { range, from, to };
  }
  return null;
}
