/**
 * Company names a company query mentions as references: "companies like Stripe", "startups
 * similar to Notion", "competitors of Acme", "alternatives to Slack", "competing with Rippling",
 * "Acme's peers", "Stripe competitors", "Stripe-like", lists ("like Stripe, Adyen or Plaid").
 * They are candidates for the route to resolve against the index; they never become filters
 * (the query asks for companies like them, not for them).
 *
 * Names are capitalised words in mixed-case text (up to four, "&" and "." inside allowed), else
 * up to three words that are not vocabulary (sectors, traits, places, numbers, stop words).
 * A competitor cue followed by vocabulary instead of a name ("competing with government
 * agencies") keeps that phrase out of the filters.
 */

import { STOP_WORDS } from '../lexicon/stop-words.js';
import { type CaseMode, claim, type Token } from '../tokens.js';

export interface NameMention {
  text: string;
  from: number;
  to: number;
}

export interface NameScan {
  names: NameMention[];
  /** Competitor descriptions that are not names ("competing with government agencies"). */
  described: { from: number; to: number }[];
}

const COMPANY_NOUNS =
  /^(companies|company|startups?|start-ups?|firms?|players|ones|businesses|brands|platforms|tools|apps|vendors|providers|competitors|peers|rivals|alternatives|something|someone|products|services|scaleups|unicorns|orgs|organizations|organisations)$/;
const PAIR_CUES: [string, string, boolean][] = [
  // [first word, second word, competitor cue]
  ['such', 'as', false],
  ['similar', 'to', false],
  ['comparable', 'to', false],
  ['akin', 'to', false],
  ['competitors', 'of', true],
  ['competitors', 'to', true],
  ['competitor', 'of', true],
  ['competitor', 'to', true],
  ['rivals', 'of', true],
  ['rivals', 'to', true],
  ['rival', 'of', true],
  ['rival', 'to', true],
  ['alternatives', 'to', true],
  ['alternative', 'to', true],
  ['peers', 'of', true],
  ['lookalikes', 'of', true],
  ['clones', 'of', true],
  ['competing', 'with', true],
  ['competing', 'against', true],
  ['compete', 'with', true],
  ['compete', 'against', true],
  ['competes', 'with', true],
  ['competes', 'against', true],
];
const TRAILING = /^(competitors?|rivals?|peers|alternatives?|lookalikes|clones)$/;
const FILLER = /^(companies|company|startups?|start-ups?|firms?|businesses|business|tech|technology|inc|ltd|llc|corp)$/;

export interface NameContext {
  text: string;
  tokens: Token[];
  mode: CaseMode;
  /** Whether token i starts a vocabulary phrase (sector, trait, place, number): not a name. */
  vocabulary: (i: number) => boolean;
  /** Whether token i starts a place and no other vocabulary: after a cue, capitalised, a name ("like Patagonia"). */
  placeOnly?: (i: number) => boolean;
}

function nameWord(ctx: NameContext, k: number, first: boolean): boolean {
  const t = ctx.tokens[k];
  if (!t || t.claim || t.kind !== 'word') return false;
  const norm = t.norm.replace(/'s$/, '');
  if (ctx.mode === 'mixed') {
    if (!/^[\p{Lu}\p{N}]/u.test(t.text) && !/\p{Lu}/u.test(t.text.slice(1))) return false;
    if (first && STOP_WORDS.has(norm) && t.text.length <= 3) return false;
    return !(first && ctx.vocabulary(k) && !ctx.placeOnly?.(k));
  }
  if (STOP_WORDS.has(norm) || FILLER.test(norm) || TRAILING.test(norm)) return false;
  if (/^[$\d]/.test(norm)) return false;
  return !ctx.vocabulary(k);
}

/** The end (exclusive) of a name starting at k, or -1. */
function readName(ctx: NameContext, k: number): number {
  if (ctx.tokens[k]?.norm === 'the' && nameWord(ctx, k + 1, true)) k++;
  if (!nameWord(ctx, k, true)) return -1;
  let end = k + 1;
  const limit = k + (ctx.mode === 'mixed' ? 4 : 3);
  while (end < ctx.tokens.length && end < limit) {
    const t = ctx.tokens[end] as Token;
    if (/'s$/.test(ctx.tokens[end - 1]?.norm ?? '')) break;
    if (ctx.mode === 'mixed' && (t.norm === '&' || t.norm === '.') && nameWord(ctx, end + 1, false)) {
      end += 2;
      continue;
    }
    if (!nameWord(ctx, end, false)) break;
    end++;
  }
  return end;
}

function nameText(ctx: NameContext, from: number, to: number): string {
  const a = ctx.tokens[from] as Token;
  const b = ctx.tokens[to - 1] as Token;
  return ctx.text.slice(a.start, b.end).replace(/['’]s$/, '');
}

/** Names after a cue, with lists; returns the end of the last name or -1. */
function readList(ctx: NameContext, at: number, out: NameMention[], cueFrom: number): number {
  let end = readName(ctx, at);
  if (end < 0) return -1;
  let start = at;
  let from = cueFrom;
  let last = -1;
  while (end > start) {
    if (ctx.tokens[start]?.norm === 'the' && end - start > 1) start++;
    out.push({ text: nameText(ctx, start, end), from: start, to: end });
    claim(ctx.tokens, from, end, 'company');
    last = end;
    const sep = ctx.tokens[end];
    if (!sep || !/^(,|or|and|\/)$/.test(sep.norm)) break;
    let k = end + 1;
    if (/^(or|and)$/.test(ctx.tokens[k]?.norm ?? '')) k++;
    const next = readName(ctx, k);
    if (next < 0) break;
    from = end;
    start = k;
    end = next;
  }
  return last;
}

export function scanNames(ctx: NameContext): NameScan {
  const { tokens } = ctx;
  const names: NameMention[] = [];
  const described: { from: number; to: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || t.kind !== 'word') continue;
    const prev = tokens[i - 1];
    // Forward cues.
    let at = -1;
    let competitor = false;
    if (t.norm === 'like' && !t.join) {
      const p = prev && prev.kind === 'word' ? prev.norm : '';
      if (!prev || prev.kind === 'punct' || COMPANY_NOUNS.test(p) || ctx.vocabulary(i - 1)) at = i + 1;
    } else if (t.norm === 'the' && tokens[i + 1]?.norm === 'next' && ctx.mode === 'mixed') {
      at = i + 2;
    } else if (
      t.norm === 'in' &&
      tokens[i + 1]?.norm === 'the' &&
      /^(mold|mould|vein)$/.test(tokens[i + 2]?.norm ?? '') &&
      tokens[i + 3]?.norm === 'of'
    ) {
      at = i + 4;
    } else {
      for (const [a, b, comp] of PAIR_CUES) {
        if (t.norm === a && tokens[i + 1]?.norm === b) {
          at = i + 2;
          competitor = comp;
          break;
        }
      }
    }
    if (at >= 0) {
      const end = readList(ctx, at, names, i);
      if (end >= 0) {
        i = end - 1;
        continue;
      }
      if (competitor) {
        // "competing with government agencies": a description, not the company searched for.
        let k = at;
        while (
          k < tokens.length &&
          k - at < 3 &&
          tokens[k]?.kind === 'word' &&
          !tokens[k]?.claim &&
          !/^(and|but|that|which|in|with)$/.test(tokens[k]?.norm ?? '')
        )
          k++;
        if (k > at) {
          claim(tokens, i, k, 'ignored');
          described.push({ from: i, to: k });
          i = k - 1;
        }
      }
      continue;
    }
    // Trailing cues: "Stripe competitors", "Acme's peers", "Stripe-like".
    const glued = t.norm === 'like' && t.join === '-';
    if ((TRAILING.test(t.norm) && i > 0) || glued) {
      let from = i - 1;
      if (!nameWord(ctx, from, true) && !(ctx.mode === 'mixed' && /\p{Lu}/u.test(tokens[from]?.text ?? ''))) continue;
      if (!glued && /^(competitors?|rivals?|peers|alternatives?)$/.test(t.norm) && tokens[from]?.join) continue;
      while (
        from > 0 &&
        i - from < 3 &&
        ctx.mode === 'mixed' &&
        nameWord(ctx, from - 1, false) &&
        !/'s$/.test(tokens[from - 1]?.norm ?? '')
      )
        from--;
      names.push({ text: nameText(ctx, from, i), from, to: i });
      claim(tokens, from, i + 1, 'company');
    }
  }
  names.sort((a, b) => a.from - b.from);
  return { names, described };
}
