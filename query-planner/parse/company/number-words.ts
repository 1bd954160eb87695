/**
 * Shared grammar of the company number recognisers (money.ts, founded.ts, headcount.ts): the
 * mention type, comparatives before and after a number ("more than", "no more than", "or
 * fewer", longest first), and small token helpers.
 */
import type { NumberRange } from '../../advanced-filters.js';
import type { Token } from '../tokens.js';

export type NumberKind = 'employees' | 'funding' | 'revenue' | 'valuation' | 'founded';

export interface NumberMention {
  kind: NumberKind;
  range: NumberRange;
  negated: boolean;
  from: number;
  to: number;
}

export function isNumberish(t: Token | undefined): boolean {
  return !!t && /^(?:us|usd)?[$€£]?\d/.test(t.norm);
}

export type Bound = 'min' | 'max' | null;

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
  ['not', 'under'],
  ['not', 'below'],
  ['starting', 'at'],
  ['starting', 'from'],
  ['no', 'lower', 'than'],
  ['no', 'smaller', 'than'],
  ['at', 'or', 'above'],
  ['floor', 'of'],
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
  ['not', 'over'],
  ['not', 'above'],
  ['<'],
  ['<='],
  ['sub'],
  ['south', 'of'],
  // A limit said by what sets it: "capped at €400k", "limited to 50 staff", "a ceiling of $2M".
  ['capped', 'at'],
  ['cap', 'of'],
  ['limited', 'to'],
  ['ceiling', 'of'],
  ['not', 'exceeding'],
  ['topping', 'out', 'at'],
  ['tops', 'out', 'at'],
  ['maxing', 'out', 'at'],
  ['no', 'higher', 'than'],
  ['no', 'greater', 'than'],
  ['no', 'larger', 'than'],
  ['no', 'bigger', 'than'],
  ['at', 'or', 'below'],
  ['at', 'or', 'under'],
];
const MIN_AFTER: string[][] = [
  ['or', 'more'],
  ['or', 'above'],
  ['and', 'up'],
  ['and', 'above'],
  ['plus'],
  ['or', 'greater'],
  ['or', 'larger'],
  ['or', 'bigger'],
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
  ['or', 'smaller'],
  ['max'],
  ['maximum'],
  ['tops'],
  ['at', 'most'],
];

export function endsWith(tokens: Token[], at: number, seq: string[]): boolean {
  return seq.every((s, q) => tokens[at - seq.length + q]?.norm === s && !tokens[at - seq.length + q]?.claim);
}
export function startsWith(tokens: Token[], at: number, seq: string[]): boolean {
  return seq.every((s, q) => tokens[at + q]?.norm === s && !tokens[at + q]?.claim);
}

/** A comparative right before token `at` ("more than", "under"): the bound and where it starts. */
/** Comparatives before a number, longest first: "no more than" is a max, not the "more than" in it. */
const BEFORE: [string[], Bound][] = [
  ...MIN_BEFORE.map((seq): [string[], Bound] => [seq, 'min']),
  ...MAX_BEFORE.map((seq): [string[], Bound] => [seq, 'max']),
].sort((a, b) => b[0].length - a[0].length);

export function boundBefore(tokens: Token[], at: number): { bound: Bound; from: number } {
  for (const [seq, bound] of BEFORE) if (endsWith(tokens, at, seq)) return { bound, from: at - seq.length };
  // "sub-$10M": glued.
  return { bound: null, from: at };
}
export function boundAfter(tokens: Token[], at: number): { bound: Bound; end: number } {
  for (const seq of MIN_AFTER) if (startsWith(tokens, at, seq)) return { bound: 'min', end: at + seq.length };
  for (const seq of MAX_AFTER) if (startsWith(tokens, at, seq)) return { bound: 'max', end: at + seq.length };
  return { bound: null, end: at };
}

export function range(from: number, to: number): number[] {
  const r: number[] = [];
  for (let k = from; k < to; k++) r.push(k);
  return r;
}
