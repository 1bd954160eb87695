/**
 * Tokens of a people-search query: words, numbers and punctuation with their offsets, how they
 * were joined to the previous token ("-" in "pre-sales", "/" in "AI/ML"), their capitalisation,
 * and which recogniser has claimed them. Every later step works on this one array, so the
 * whole parse stays linear in the length of the text.
 */
import { WORD_EXPANSIONS } from './lexicon/titles.js';

export type TokenKind = 'word' | 'num' | 'punct';

/** What claimed a token; unclaimed tokens are left for titles and residual keywords. */
export type ClaimKind =
  | 'relation'
  | 'years'
  | 'size'
  | 'stage'
  | 'context'
  | 'language'
  | 'degree'
  | 'school'
  | 'place'
  | 'industry'
  | 'skill'
  | 'level'
  | 'company'
  | 'title'
  | 'field'
  | 'workplace'
  | 'ignored';

export interface Token {
  /** Position in the token array. */
  i: number;
  /** The text as written. */
  text: string;
  /** Lowercase, accents folded, curly quotes straightened, a trailing abbreviation dot dropped. */
  norm: string;
  start: number;
  end: number;
  kind: TokenKind;
  /** How the token is glued to the previous one: "-" or "/" with nothing around it, else null. */
  join: '-' | '/' | null;
  /** First letter is a capital. */
  cap: boolean;
  /** Two or more letters, all capitals ("SF", "MA"). */
  upper: boolean;
  /** Ends a sentence or clause: ". ; ! ? :" and line breaks (punctuation tokens only). */
  stop: boolean;
  claim: ClaimKind | null;
}

/** How the text is capitalised as a whole; capitals only carry meaning in `mixed` text. */
export type CaseMode = 'lower' | 'title' | 'upper' | 'mixed';

/** Abbreviations whose trailing dot does not end a sentence. */
const DOTTED = new Set([
  ...['sr', 'jr', 'st', 'ste', 'mt', 'ft', 'dr', 'mr', 'mrs', 'ms', 'vs', 'inc', 'corp', 'ltd', 'co', 'no', 'approx', 'etc', 'spec', 'rep'],
  // Compass letters and postal abbreviations in place names ("N. Las Vegas", "Sterling Hts.").
  ...['n', 's', 'e', 'w', 'hts', 'spgs', 'bch'],
  // Abbreviated title words ("Asst. Principal", "Assoc. Dir. of Admissions"): their dot ends no phrase.
  ...[...WORD_EXPANSIONS.keys()].filter((k) => !k.endsWith('.')),
]);

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'");
}

/** Runs of non-space, with "=" apart: an agent's "role=LLVM Engineer; geo=Prague" names its fields so. */
const CHUNK = /[^\s=]+|=+/g;
const LEAD_PUNCT = /^(?:[("'“”‘’[{<*•·,;:!?]|#(?=\p{L}))+/u;
const TRAIL_PUNCT = /[)"'“”‘’\]}>*,;:!?.]+$/;

function makeToken(i: number, text: string, start: number, kind: TokenKind, join: Token['join']): Token {
  const letters = text.replace(/[^\p{L}]/gu, '');
  let norm = fold(text);
  if (kind === 'word' && norm.endsWith('.') && !/^([a-z]\.)+$/.test(norm)) norm = norm.slice(0, -1);
  return {
    i,
    text,
    norm,
    start,
    end: start + text.length,
    kind,
    join,
    cap: /^\p{Lu}/u.test(text),
    upper: letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase(),
    stop: kind === 'punct' && /^([.;!?:\n]|=+)$/.test(text),
    claim: null,
  };
}

/** Splits a text into tokens. Linear in the text length. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const push = (t: string, start: number, kind: TokenKind, join: Token['join'] = null) => {
    out.push(makeToken(out.length, t, start, kind, join));
  };
  // Line breaks end clauses: they become punctuation tokens.
  // Control characters (NUL, ...), zero-width spaces and byte-order marks separate words, one for
  // one so offsets into the text stay right.
  const src = text
    .replace(/[\u2013\u2212]/g, '-')
    .replace(/[\p{Cc}\u200B\uFEFF]/gu, (c) => (c === '\n' || c === '\t' || c === '\r' ? c : ' '));
  let lastEnd = 0;
  for (const m of src.matchAll(CHUNK)) {
    const at = m.index ?? 0;
    if (out.length && src.slice(lastEnd, at).includes('\n')) push('\n', lastEnd, 'punct');
    lastEnd = at + m[0].length;
    // A comma between a word and the next with no space ("Engineer,PRT,open", a CSV row's cells)
    // parts them as a comma with a space does; not between digits ("1,000").
    let pieceAt = at;
    const pieces = m[0].split(/(?<=[\p{L}\p{N}]),(?=\p{L})/u);
    for (let p = 0; p < pieces.length; p++) {
      if (p > 0) {
        push(',', pieceAt, 'punct');
        pieceAt += 1;
      }
      pushChunk(pieces[p] as string, pieceAt);
      pieceAt += (pieces[p] as string).length;
    }
  }
  return out;

  /** Tokens of one run of non-space text starting at `at`. */
  function pushChunk(text: string, at: number): void {
    let chunk = text;
    let start = at;
    const lead = LEAD_PUNCT.exec(chunk);
    if (lead) {
      for (let k = 0; k < lead[0].length; k++) push(lead[0][k] as string, start + k, 'punct');
      chunk = chunk.slice(lead[0].length);
      start += lead[0].length;
    }
    if (!chunk) return;
    let trail = '';
    const tr = TRAIL_PUNCT.exec(chunk);
    if (tr && tr[0].length < chunk.length) {
      trail = tr[0];
      chunk = chunk.slice(0, -trail.length);
      // "U.S." and "Sr." keep their dot; "Boston." does not.
      if (trail.startsWith('.') && (/^(\p{L}\.)+\p{L}$/u.test(chunk) || DOTTED.has(fold(chunk)))) {
        chunk += '.';
        trail = trail.slice(1);
      }
    } else if (tr) {
      // Only punctuation ("&", "-", "...").
      for (let k = 0; k < chunk.length; k++) push(chunk[k] as string, start + k, 'punct');
      return;
    }
    // Split on "-" and "/" between letters or digits; the parts stay glued by `join`.
    const parts = chunk.split(/(?<=[\p{L}\p{N}+#.])([-/])(?=[\p{L}\p{N}.])/u);
    let offset = start;
    let join: Token['join'] = null;
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k] as string;
      if (k % 2 === 1) {
        join = part as '-' | '/';
        offset += part.length;
        continue;
      }
      if (part) {
        if (part === '&' || part === '+') push(part, offset, 'punct', join);
        else if (!/[\p{L}\p{N}]/u.test(part)) push(part, offset, 'punct', join);
        else push(part, offset, /^\d[\d,.]*\+?$/.test(part) ? 'num' : 'word', join);
      }
      offset += part.length;
      join = null;
    }
    for (let k = 0; k < trail.length; k++) push(trail[k] as string, start + chunk.length + k, 'punct');
  }
}

/** How the text is capitalised, judged on its words of two letters or more. */
export function caseMode(tokens: Token[]): CaseMode {
  let words = 0;
  let capped = 0;
  let upper = 0;
  let anyUpper = false;
  for (const t of tokens) {
    if (t.kind !== 'word' || !/\p{L}{2}/u.test(t.text)) continue;
    words++;
    if (t.cap) capped++;
    if (t.upper) upper++;
    if (/\p{Lu}/u.test(t.text)) anyUpper = true;
  }
  if (!anyUpper) return 'lower';
  if (words > 0 && upper === words) return 'upper';
  if (words > 0 && capped / words >= 0.8) return 'title';
  return 'mixed';
}

/** A phrase table: entries keyed by their first word, longest first. */
export interface PhraseTable<V> {
  byFirst: Map<string, { parts: string[]; value: V }[]>;
}

/** Splits a phrase the way the tokenizer splits text ("e-commerce" → ["e", "commerce"]). */
export function phraseParts(phrase: string): string[] {
  return fold(phrase)
    .split(/[\s]+|(?<=[\p{L}\p{N}+#.])[-/](?=[\p{L}\p{N}.])/u)
    .filter(Boolean);
}

export function phraseTable<V>(entries: Iterable<[string, V]>): PhraseTable<V> {
  const byFirst = new Map<string, { parts: string[]; value: V }[]>();
  for (const [phrase, value] of entries) {
    const parts = phraseParts(phrase);
    const first = parts[0];
    if (!first) continue;
    const list = byFirst.get(first) ?? [];
    list.push({ parts, value });
    byFirst.set(first, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.parts.length - a.parts.length);
  return { byFirst };
}

/**
 * The longest entry of `table` starting at token `i`, over unclaimed word/number tokens that
 * are not separated by punctuation (other than "&" when the phrase has it).
 */
export function matchAt<V>(tokens: Token[], i: number, table: PhraseTable<V>, allowClaimed = false): { value: V; end: number } | null {
  const first = tokens[i];
  if (!first || (first.claim && !allowClaimed)) return null;
  const list = table.byFirst.get(first.norm);
  if (!list) return null;
  outer: for (const entry of list) {
    let j = i;
    for (const part of entry.parts) {
      const t = tokens[j];
      if (!t || t.norm !== part || (t.claim && !allowClaimed)) continue outer;
      j++;
    }
    return { value: entry.value, end: j };
  }
  return null;
}

/** A phrase found by `scanPhrases`: its table value and the tokens [from, end) it spans. */
export interface PhraseHit<V> {
  value: V;
  from: number;
  end: number;
}

/**
 * What a recogniser makes of a phrase: the item to report (null: none, the phrase is still
 * consumed), where scanning resumes (`to`, which may extend the phrase: "fintech startups"),
 * the span claimed (`claimFrom`, default the phrase's start, which may reach back to a glued
 * word: "ASX-listed"; `claimTo`, default `to`) and its kind (`kind`, default the recogniser's:
 * a negated phrase is claimed as `ignored`).
 */
export interface PhraseTake<R> {
  item: R | null;
  to: number;
  claimFrom?: number;
  claimTo?: number;
  kind?: ClaimKind;
}

/**
 * The scan-and-claim loop every phrase recogniser shares: at each token, the longest unclaimed
 * entry of `table`; `take` refuses it (null) or says what it means, and its span is claimed as
 * `kind` and skipped. Linear in the number of tokens times the longest phrase.
 */
export function scanPhrases<V, R>(
  tokens: Token[],
  table: PhraseTable<V>,
  kind: ClaimKind,
  take: (hit: PhraseHit<V>) => PhraseTake<R> | null,
): R[] {
  const out: R[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const m = matchAt(tokens, i, table);
    if (!m) continue;
    const t = take({ value: m.value, from: i, end: m.end });
    if (!t) continue;
    claim(tokens, t.claimFrom ?? i, t.claimTo ?? t.to, t.kind ?? kind);
    if (t.item !== null) out.push(t.item);
    i = t.to - 1;
  }
  return out;
}

/**
 * Shorthand rewritten before a query is read: "~" before a number is "about" ("~$15M", "~10
 * people"), "w/" is "with" and "w/o" "without" ("w/ 5+ years", "w/o VC money"), comparison signs
 * before a number are words ("≤ 30 employees" is "at most 30", ">= 2012" "at least 2012", "<$5M"
 * "under $5M"), and contractions are their words ("gov't", "govt", "int'l", "nat'l").
 */
const DOZENS: Record<string, number> = { 'half a': 6, a: 12, one: 12, two: 24, three: 36, four: 48, five: 60, six: 72 };

export function expandShorthand(text: string): string {
  return (
    text
      .replace(/~\s*(?=[$€£\d])/g, 'about ')
      // Contractions of words people write short: "gov't", "govt", "int'l", "nat'l".
      .replace(/\bgov(?:['’]t|t)\b/gi, (m) => (m[0] === 'G' ? 'Government' : 'government'))
      .replace(/\bint['’]l\b/gi, (m) => (m[0] === 'I' ? 'International' : 'international'))
      .replace(/\bnat['’]l\b/gi, (m) => (m[0] === 'N' ? 'National' : 'national'))
      // Comparisons written as signs before a number: "≤ 30 employees", ">= 2012", "<$5M", ">50 staff".
      .replace(/(?:≤|<=|=<)\s*(?=[$€£'’\d])/g, 'at most ')
      .replace(/(?:≥|>=|=>)\s*(?=[$€£'’\d])/g, 'at least ')
      .replace(/(?<![\w<>=-])<\s*(?=[$€£\d])/g, 'under ')
      .replace(/(?<![\w<>=-])>\s*(?=[$€£\d])/g, 'over ')
      // "A-round", "B-round": the series (not "a round", the article).
      .replace(/\b([a-e])-round\b/gi, (_m, letter: string) => `Series ${letter.toUpperCase()}`)
      // "sub-50 employees", "sub-$5M": under.
      .replace(/\bsub-(?=[$€£]?\d)/gi, 'under ')
      // "a dozen", "two dozen", "half a dozen".
      .replace(/\b(half a|a|one|two|three|four|five|six) dozen\b/gi, (_m, n: string) => String(DOZENS[n.toLowerCase()] ?? 12))
      .replace(/\bw\/o\b/gi, 'without')
      .replace(/\bw\/(?=\s|\d|$)/gi, 'with ')
  );
}

export function claim(tokens: Token[], from: number, to: number, kind: ClaimKind): void {
  for (let k = from; k < to; k++) {
    const t = tokens[k];
    if (t) t.claim = kind;
  }
}

/** The original text of tokens [from, to). */
export function sliceText(text: string, tokens: Token[], from: number, to: number): string {
  const a = tokens[from];
  const b = tokens[to - 1];
  if (!a || !b) return '';
  return text.slice(a.start, b.end);
}

/** Previous / next word-or-number token index, not crossing punctuation; -1 when none. */
export function prevWord(tokens: Token[], i: number): number {
  const t = tokens[i - 1];
  return t && t.kind !== 'punct' ? i - 1 : -1;
}
export function nextWord(tokens: Token[], i: number): number {
  const t = tokens[i + 1];
  return t && t.kind !== 'punct' ? i + 1 : -1;
}
