/**
 * Scopes of a company query: which tokens are negated ("NOT manufacturing", "outside of
 * cybersecurity", "that don't do security or defense", "not yet public", "vs traditional
 * agriculture") and which describe customers or markets rather than the company ("building for
 * healthcare", "serving K-12", "used by law firms", "selling to governments").
 *
 * A scope starts after its cue and runs to the end of the clause: punctuation, or a word that
 * starts another clause ("but", "and", "that", "with", "founded", "based", ...), at most six
 * tokens. "not just" / "not only" / "aren't just" are not negations.
 */
import type { Token } from '../tokens.js';

export interface Scopes {
  /** Tokens inside a negation. */
  negated: Set<number>;
  /** Tokens inside a customer or market phrase. */
  customer: Set<number>;
  /** Negation cue tokens (not keywords). */
  cues: Set<number>;
}

const MAX_SCOPE = 6;
const TERMINATORS = new Set(
  "but and that which who whose with while where though although founded started established launched based headquartered hq hq'd hqd located raised raising backed in from since".split(
    ' ',
  ),
);
/** What "outside" qualifies as an adjective: money and people from outside a company. */
const OUTSIDE_MONEY = /^(money|funding|capital|investments?|investors?|financing|funds?|counsel|advisors?|directors?|shareholders?)$/;

/** Whether a token continues a noun phrase: a word that is no preposition or conjunction. */
function continuesPhrase(t: Token | undefined): boolean {
  return t?.kind === 'word' && !/^(in|at|from|since|so|yet|and|or|but|before|after|during|until|to|with|for|by|of|the|a|an)$/.test(t.norm);
}

const NOT_NEGATING_AFTER = /^(just|only|necessarily|merely|simply|always|even|all)$/;
/** "no more than 50", "not less than", "not before 2005": comparatives, not negations. */
const COMPARATIVE_AFTER =
  /^(more|less|fewer|over|under|greater|larger|smaller|later|earlier|sooner|older|newer|before|after|until|above|below|exceeding)$/;
const SINGLE_CUES = new Set(
  "excluding exclude excludes except without outside never nor avoid avoiding skipped skipping skip minus don't dont doesn't doesnt aren't arent isn't isnt won't wont haven't havent hasn't hasnt didn't didnt weren't werent vs versus unlike".split(
    ' ',
  ),
);
const SEARCH_VERBS = /^(look|looking|looks|search|searching|find|finding|hunting|known|famous|responsible|searched|asked|ask|me|us)$/;

function scopeEnd(tokens: Token[], from: number, inTerminators: Set<string>): number {
  let k = from;
  while (k < tokens.length && k - from < MAX_SCOPE) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct' && (t.stop || t.text === ',' || t.text === '(' || t.text === ')')) break;
    if (k > from && inTerminators.has(t.norm)) break;
    k++;
  }
  return k;
}

/** Money and its sources that "zero" denies ("zero outside capital", "zero investors"). */
const ZERO_MONEY = /^(outside|external|vc|vcs|venture|institutional|investors?|funding|capital|investment|equity|dilution)$/;

/** Length of the negation cue at token i, or 0. */
function negationCue(tokens: Token[], i: number): number {
  const t = tokens[i] as Token;
  const next = tokens[i + 1]?.norm ?? '';
  // "no higher than", "not bigger than": any comparative before "than" ("not higher ed" negates).
  const comparative = COMPARATIVE_AFTER.test(next) || (/er$/.test(next) && tokens[i + 2]?.norm === 'than');
  switch (t.norm) {
    case 'not':
      if (NOT_NEGATING_AFTER.test(next) || comparative) return 0;
      // "not-for-profit", "not for profit": a company type, no negation.
      if (tokens[i + 1]?.join === '-' || (next === 'for' && tokens[i + 2]?.norm === 'profit')) return 0;
      if (next === 'yet' || next === 'in' || next === 'into' || next === 'a' || next === 'an') return 2;
      return 1;
    case 'no':
      // "no more than 50"; "no-code" is a word.
      return comparative || next === 'matter' || tokens[i + 1]?.join === '-' ? 0 : 1;
    case 'do':
    case 'does':
      return next === 'not' && !NOT_NEGATING_AFTER.test(tokens[i + 2]?.norm ?? '') ? 2 : 0;
    case 'zero':
      // "zero outside capital", "zero VC money": none of the money after it; not "zero-waste".
      return tokens[i + 1]?.join !== '-' && ZERO_MONEY.test(next) ? 1 : 0;
    case 'rather':
      return next === 'than' ? 2 : 0;
    case 'instead':
    case 'other':
      return next === (t.norm === 'instead' ? 'of' : 'than') ? 2 : 0;
    case 'apart':
      return next === 'from' ? 2 : 0;
    case 'non':
      // "non-RPG": the glued word only; "non-profit", "non-public" are words of their own.
      return tokens[i + 1]?.join === '-' && !/^(profits?|public|governmental|executive)$/.test(next) ? -1 : 0;
    default:
      if (!SINGLE_CUES.has(t.norm)) return 0;
      if (NOT_NEGATING_AFTER.test(next)) return 0;
      // "no shareholders outside the family": who holds the shares, inside the phrase that says so.
      if (t.norm === 'outside' && /^(shareholders?|owners?)$/.test(tokens[i - 1]?.norm ?? '')) return 0;
      if (t.norm === 'outside' && /^(shareholders?|owners?)$/.test(next)) return 0;
      if (t.norm === 'outside' && next === 'of') return 2;
      // "skip hire", "skip bins": the British waste container, a trade.
      if (t.norm === 'skip' && /^(hire|bins?|rental|lorr(y|ies)|trucks?|tracing)$/.test(next)) return 0;
      // "seeking outside investment", "no outside funding": an adjective before money that ends
      // its phrase; "outside investment banking", "outside capital markets" still negate.
      if (t.norm === 'outside' && OUTSIDE_MONEY.test(next) && !continuesPhrase(tokens[i + 2])) return 0;
      // "don't do X", "doesn't make X", "aren't in X": the verb after the cue is part of it.
      if (/n't$|nt$/.test(t.norm) && /^(do|make|build|sell|offer|focus|work|operate|have|in|on|into)$/.test(next)) return 2;
      return 1;
  }
}

const CUSTOMER_PAIRS: [string, string][] = [
  ['selling', 'to'],
  ['sells', 'to'],
  ['sell', 'to'],
  ['sold', 'to'],
  ['catering', 'to'],
  ['caters', 'to'],
  ['used', 'by'],
  ['aimed', 'at'],
  ['geared', 'toward'],
  ['geared', 'towards'],
  ['work', 'with'],
  ['works', 'with'],
  ['working', 'with'],
  ['partner', 'with'],
  ['partners', 'with'],
  ['partnering', 'with'],
  ['sell', 'into'],
  ['sells', 'into'],
  ['selling', 'into'],
];
const CUSTOMER_SINGLE = new Set(['for', 'serving', 'serves', 'serve', 'targeting', 'targets', 'helping', 'helps', 'empowering']);

/** Length of the customer cue at token i, or 0. */
function customerCue(tokens: Token[], i: number): number {
  const t = tokens[i] as Token;
  const next = tokens[i + 1];
  for (const [a, b] of CUSTOMER_PAIRS) if (t.norm === a && next?.norm === b) return 2;
  // Where a company came from is not what it does: "spun out of universities", "carved out of Siemens".
  if (
    /^(spun|spin|spinning|carved|born)$/.test(t.norm) &&
    /^(out|off)$/.test(next?.norm ?? '') &&
    /^(of|from)$/.test(tokens[i + 2]?.norm ?? '')
  )
    return 3;
  if (!CUSTOMER_SINGLE.has(t.norm)) return 0;
  if (t.norm === 'for') {
    const prev = tokens[i - 1];
    if (!prev || prev.kind === 'punct' || SEARCH_VERBS.test(prev.norm)) return 0;
    // "for 5 years", "for $10M", "for over a decade": not a customer.
    if (next?.kind !== 'word' || /^[$\d]/.test(next.norm) || /^(over|more|at|about|around|under|less|up)$/.test(next.norm)) return 0;
    // "a term sheet for their Series B", "for its IPO": the company's own round, no customer ("software for Series A startups" is one).
    if (/^(their|its)$/.test(next.norm) && /^(series|seed|round|ipo)$/.test(tokens[i + 2]?.norm ?? '')) return 0;
  }
  return 1;
}

export function findScopes(tokens: Token[]): Scopes {
  const negated = new Set<number>();
  const customer = new Set<number>();
  const cues = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== 'word') continue;
    // A search-box minus ("fintech -crypto"): that word is excluded.
    if (/^-[\p{L}\p{N}]/u.test(t.norm) && !t.join) {
      negated.add(i);
      continue;
    }
    const neg = negationCue(tokens, i);
    if (neg === -1) {
      negated.add(i + 1);
      cues.add(i);
      continue;
    }
    if (neg > 0) {
      for (let k = i; k < i + neg; k++) cues.add(k);
      const end = scopeEnd(tokens, i + neg, TERMINATORS);
      for (let k = i + neg; k < end; k++) negated.add(k);
      i = Math.max(i, end - 1);
    }
  }
  // Customer phrases stop where a negation starts ("building for healthcare NOT manufacturing").
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== 'word' || cues.has(i) || negated.has(i)) continue;
    const cust = customerCue(tokens, i);
    if (cust <= 0) continue;
    const end = scopeEnd(tokens, i + cust, TERMINATORS);
    for (let k = i + cust; k < Math.min(end, i + cust + 4); k++) {
      if (cues.has(k) || negated.has(k)) break;
      customer.add(k);
    }
  }
  return { negated, customer, cues };
}
