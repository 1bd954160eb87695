/**
 * The role a brief hires for. A pasted brief names one role (or a few, when it says so:
 * "hiring a Head of Sales and two Account Executives"); every other title in it is context:
 * people the hire reports to, works with or manages, or noise ("backed by top-tier VCs").
 * The role is found from grammar cues, strongest first:
 *   1. labelled: "Role: X", "Job title - X", or a line holding nothing but the title, its place
 *      and a bracketed note (a heading);
 *   2. announced: a hiring phrase before it ("we're hiring a", "looking for", "seeking"), "as
 *      our X" ("As our X, you will", "join us as a X"), "X wanted";
 *   3. the subject of the brief: "the X will ...", "the X is responsible for ...";
 *   4. otherwise the first title not owned by someone ("our founders").
 * Only the titles with the strongest cue found stay roles. Titles listed right after a cued one
 * ("a Head of Sales and two AEs") share its cue. Titles after a relation cue ("reporting to",
 * "partner with", "a team of") are already context (parse/titles.ts). A query that is no brief
 * keeps all its titles.
 */
import { AS_BEFORE, COUNT_WORDS, HIRING_CUES, POSSESSIVES, ROLE_LABELS, SUBJECT_FOLLOWERS } from './lexicon/roles.js';
import type { TitleMention } from './titles.js';
import { phraseParts, type Token } from './tokens.js';

const HIRING = HIRING_CUES.map(phraseParts);
const SUBJECT = SUBJECT_FOLLOWERS.map(phraseParts);
/** Words skipped between a cue and the title it announces. */
const FILLER = new Set(['a', 'an', 'the', 'our', 'your', 'their', 'new', 'another', 'additional', 'full', 'time', 'talented']);

/** Whether a text is a pasted brief rather than a query: several lines or sentences, or long. */
export function isBrief(text: string, wordCount: number): boolean {
  return /\n\s*\S/.test(text) || (text.match(/[.!?](\s|$)/g)?.length ?? 0) > 1 || wordCount > 40;
}

/** How strongly a title is marked as the role to hire: 3 labelled or a heading, 2 announced, 1 subject, 0 not. */
export type RoleCue = 0 | 1 | 2 | 3;

function endsWith(tokens: Token[], end: number, phrase: string[]): boolean {
  const from = end - phrase.length;
  return from >= 0 && phrase.every((w, q) => tokens[from + q]?.norm === w);
}

/** Index of the last token before `start` that is no determiner, count or number; -1 when none. */
function before(tokens: Token[], start: number): number {
  let k = start - 1;
  while (k >= 0) {
    const t = tokens[k] as Token;
    if (t.kind === 'num' || FILLER.has(t.norm) || COUNT_WORDS.has(t.norm)) k--;
    else break;
  }
  return k;
}

/** A label or a heading names the role outright: "Role: X", a line holding only the title. */
function labelled(tokens: Token[], t: TitleMention): boolean {
  const k = before(tokens, t.from);
  const prev = tokens[k];
  // "Role: X", "Job title - X", "We're hiring: X".
  if (prev && (prev.norm === ':' || prev.norm === '-') && ROLE_LABELS.has(tokens[k - 1]?.norm ?? '')) return true;
  return heading(tokens, t);
}

function announced(tokens: Token[], t: TitleMention): boolean {
  const k = before(tokens, t.from);
  // "hiring a", "looking for two".
  if (HIRING.some((cue) => endsWith(tokens, k + 1, cue))) return true;
  const prev = tokens[k];
  // "As our X, you will", "join us as a X".
  if (prev?.norm === 'as' && k < t.from - 1) {
    const p = tokens[k - 1];
    if (!p || p.stop || p.norm === '\n' || AS_BEFORE.has(p.norm)) return true;
  }
  // "Senior Frontend Engineer wanted in Munich".
  return /^(wanted|needed)$/.test(tokens[t.to]?.norm ?? '');
}

/**
 * A line holding the title and nothing but punctuation, what other recognisers claimed (place,
 * workplace) and a bracketed note: "Senior Recruiter (Tech) | Remote US".
 */
function heading(tokens: Token[], t: TitleMention): boolean {
  let k = t.from - 1;
  while (k >= 0 && tokens[k]?.kind === 'punct' && tokens[k]?.norm !== '\n') k--;
  if (k >= 0 && tokens[k]?.norm !== '\n') return false;
  let sawBreak = false;
  let depth = 0;
  for (let j = t.to; j < tokens.length; j++) {
    const x = tokens[j] as Token;
    if (x.norm === '\n') {
      sawBreak = true;
      break;
    }
    if (x.norm === '(' || x.norm === '[') depth++;
    else if ((x.norm === ')' || x.norm === ']') && depth > 0) depth--;
    if (depth > 0 || x.kind === 'punct' || (x.claim && x.claim !== 'title') || x.norm === 'at' || x.norm === 'in') continue;
    return false;
  }
  return sawBreak;
}

function subject(tokens: Token[], t: TitleMention): boolean {
  const prev = tokens[t.from - 1]?.norm;
  if (prev !== 'the' && prev !== 'this' && prev !== 'our') return false;
  return SUBJECT.some((cue) => cue.every((w, q) => tokens[t.to + q]?.norm === w));
}

/** A title right after another one, joined only by list words: "a Head of Sales and two AEs". */
function listedAfter(tokens: Token[], prev: TitleMention, t: TitleMention): boolean {
  if (t.from < prev.to) return false;
  for (let k = prev.to; k < t.from; k++) {
    const n = tokens[k]?.norm ?? '';
    if (!/^(,|and|or|&|\/|plus)$/.test(n) && !FILLER.has(n) && !COUNT_WORDS.has(n) && tokens[k]?.kind !== 'num') return false;
  }
  return true;
}

/**
 * Marks as context (`context: true`) every title of `titles` that is not a role to hire, and
 * returns the cue that picked the roles (null: nothing changed). Only a brief is changed: a
 * query keeps all its titles ("SDRs and BDRs in Austin").
 */
export function pickHiringRoles(tokens: Token[], titles: TitleMention[], brief: boolean): RoleCue | null {
  const open = titles.filter((t) => !t.context);
  if (!open.length) return null;
  const cue = new Map<TitleMention, RoleCue>();
  let last: TitleMention | undefined;
  for (const t of titles) {
    if (t.context) {
      last = t;
      continue;
    }
    let c: RoleCue = labelled(tokens, t) ? 3 : announced(tokens, t) ? 2 : subject(tokens, t) ? 1 : 0;
    const inherited = last && !last.context ? (cue.get(last) ?? 0) : 0;
    if (last && inherited > c && listedAfter(tokens, last, t)) c = inherited;
    cue.set(t, c);
    last = t;
  }
  if (!brief) return null;
  const best = Math.max(...open.map((t) => cue.get(t) ?? 0)) as RoleCue;
  const owned = (t: TitleMention) => POSSESSIVES.has(tokens[t.from - 1]?.norm ?? '');
  // No cue: the first title nobody owns ("our founders" is someone already there).
  const first = open.find((t) => !owned(t));
  const roles = best > 0 ? open.filter((t) => (cue.get(t) ?? 0) === best) : first ? [first] : [];
  const named = new Set(roles.map((t) => t.text.toLowerCase()));
  // The role named again elsewhere ("Senior Engineer wanted. The Senior Engineer will ...") stays the role.
  for (const t of titles) t.context = !named.has(t.text.toLowerCase());
  return best;
}
