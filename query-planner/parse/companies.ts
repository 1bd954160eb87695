/**
 * Employer mentions of a people query ("at Acme", "ex-Acme", "formerly at Acme", "previously at",
 * "worked at"), which are only candidates: they are resolved against the corpus later
 * (server/commands/search/resolve-companies.ts). Stages, contexts and sizes: company-facets.ts.
 */
import pluralize from 'pluralize';
import type { EmploymentRelation } from '../advanced-filters.js';
import { LEVEL_WORDS } from './lexicon/levels.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { ABBREVIATED_TITLES, HEAD_NOUNS } from './lexicon/titles.js';
import { FUNCTION_WORD_PARTS } from './title-facets.js';
import { isHeadWord } from './title-heads.js';
import { type CaseMode, claim, type Token } from './tokens.js';

export interface CompanyMention {
  text: string;
  relation: EmploymentRelation;
  /** Ruled out, not asked for: "not at Google", "except at Meta", "never worked at Amazon". */
  exclude?: boolean;
}

/** Words that never start a company name after "at" ("at least", "at scale", "at home"). */
const NOT_NAMES = new Set(
  'least most scale home large small big mid once first times all night work best the b2b b2c smb tech fast growing leading early late various different similar top established well large-scale'.split(
    ' ',
  ),
);

function nameLike(t: Token | undefined, mode: CaseMode, first: boolean): boolean {
  if (!t || t.claim || t.kind !== 'word') return false;
  if (STOP_WORDS.has(t.norm) || NOT_NAMES.has(t.norm)) return false;
  if (first && (HEAD_NOUNS.has(t.norm) || LEVEL_WORDS.has(t.norm) || ABBREVIATED_TITLES.has(t.norm))) return false;
  if (HEAD_NOUNS.has(pluralize.singular(t.norm))) return false;
  // "Former CTOs": a title held in the past, not an employer named CTOs.
  if (first && ABBREVIATED_TITLES.has(pluralize.singular(t.norm))) return false;
  if (mode === 'mixed') return /^[\p{Lu}\p{N}]/u.test(t.text) || /\p{Lu}/u.test(t.text.slice(1));
  return true;
}

/** Words that end a firm's name after "and" ("Grimes and Sons", "Baker and Partners"). */
const FIRM_TAILS = /^(sons|son|co|company|partners|associates|brothers|bros|daughters)$/;

/** In capitalised text, a title's head noun written as a name's word: "Instructor Biosciences", "Toothpick Counsel". */
function capitalisedName(t: Token | undefined, mode: CaseMode): boolean {
  return (
    mode === 'mixed' &&
    !!t &&
    !t.claim &&
    t.kind === 'word' &&
    !STOP_WORDS.has(t.norm) &&
    /^\p{Lu}\p{Ll}/u.test(t.text) &&
    !ABBREVIATED_TITLES.has(pluralize.singular(t.norm))
  );
}

/** A company name starting at `j`: capitalised words in mixed-case text, else up to three words. */
function readName(tokens: Token[], j: number, mode: CaseMode): number {
  // A capitalised head noun starts a name when a capitalised word of no title follows ("at
  // Instructor Biosciences"; not "at Google Engineers" … which no one writes, nor "former CTOs").
  const headFirst =
    !nameLike(tokens[j], mode, true) &&
    capitalisedName(tokens[j], mode) &&
    nameLike(tokens[j + 1], mode, false) &&
    !isHeadWord(tokens[j + 1]?.norm ?? '');
  if (!nameLike(tokens[j], mode, true) && !headFirst) return -1;
  let end = j + 1;
  const limit = j + (mode === 'mixed' ? 5 : 3);
  while (end < tokens.length && end < limit) {
    const t = tokens[end] as Token;
    if (t.join && nameLike(t, mode, false)) {
      end++;
      continue;
    }
    if (mode === 'mixed' && (t.norm === '&' || t.norm === 'of') && nameLike(tokens[end + 1], mode, false)) {
      end += 2;
      continue;
    }
    // "Mann - Hickle", "Grimes and Sons": a dash between capitalised words, a firm's "and Sons".
    if (mode === 'mixed' && /^[-–—]$/.test(t.text) && !t.join && capitalisedName(tokens[end + 1], mode) && !tokens[end + 1]?.join) {
      end += 2;
      continue;
    }
    if (mode === 'mixed' && t.norm === 'and' && FIRM_TAILS.test(tokens[end + 1]?.norm ?? '') && capitalisedName(tokens[end + 1], mode)) {
      end += 2;
      continue;
    }
    // A capitalised head noun after the name's first word is the name's ("Toothpick Counsel").
    if (capitalisedName(t, mode) && !nameLike(t, mode, false) && !STOP_WORDS.has(t.norm)) {
      end++;
      continue;
    }
    if (!nameLike(t, mode, false)) break;
    // Without capitals, a level or function word before a title's head starts the title: "ex-google
    // staff privacy engineers", "ex-capital one data scientists" ("ex-red hat engineers" keeps
    // its name).
    if (mode !== 'mixed' && (LEVEL_WORDS.has(t.norm) || FUNCTION_WORD_PARTS.has(t.norm)) && headAhead(tokens, end)) break;
    end++;
  }
  return end;
}

/** Whether a title's head noun comes within the next three words, before any stop word. */
function headAhead(tokens: Token[], from: number): boolean {
  for (let k = from; k < Math.min(tokens.length, from + 4); k++) {
    const t = tokens[k] as Token;
    if (t.kind !== 'word' || t.claim || STOP_WORDS.has(t.norm)) return false;
    if (isHeadWord(t.norm)) return true;
  }
  return false;
}

interface Cue {
  relation: EmploymentRelation;
  /** Index where the name starts. */
  at: number;
  /** First token of the cue (claimed with the name). */
  from: number;
}

function cueAt(tokens: Token[], i: number): Cue | null {
  const t = tokens[i] as Token;
  const prev = tokens[i - 1]?.norm ?? '';
  const prev2 = tokens[i - 2]?.norm ?? '';
  switch (t.norm) {
    case 'ex':
      return { relation: 'past_employment', at: i + 1, from: i };
    case 'former':
    case 'formerly':
      if (['at', 'with', 'of', '@'].includes(tokens[i + 1]?.norm ?? '')) return { relation: 'past_employment', at: i + 2, from: i };
      return t.norm === 'former' ? { relation: 'past_employment', at: i + 1, from: i } : null;
    case 'at':
    case '@':
    case 'with':
    case 'for':
    case 'by':
    case 'of': {
      let relation: EmploymentRelation | null = null;
      let from = i;
      if (prev === 'previously' || prev === 'formerly' || (prev === 'work' && prev2 === 'to') || prev === 'prior') {
        relation = 'past_employment';
        from = i - 1;
      } else if (['worked', 'experience', 'stints', 'stint', 'tenure', 'time'].includes(prev)) {
        // "previously worked at", "formerly worked at": past; "has worked at": any.
        relation = prev2 === 'previously' || prev2 === 'formerly' || prev2 === 'once' ? 'past_employment' : 'any_employment';
        from = i - 1;
      } else if (['employees', 'employee', 'staff'].includes(prev) && /^(former|ex|previous|past)$/.test(prev2)) {
        // "former employees of Acme": past.
        relation = 'past_employment';
        from = i - 1;
      } else if (['currently', 'works', 'working', 'work', 'employed', 'employees', 'employee', 'staff', 'now'].includes(prev)) {
        relation = 'current_employment';
        from = i - 1;
      } else if (t.norm === 'at' || t.norm === '@') relation = 'current_employment';
      if (!relation) return null;
      if ((t.norm === 'with' || t.norm === 'for' || t.norm === 'by' || t.norm === 'of') && from === i) return null;
      return { relation, at: i + 1, from };
    }
    case 'like':
      if (/^(companies|startups|firms|places)$/.test(prev)) return { relation: 'current_employment', at: i + 1, from: i };
      return null;
    case 'such':
      if (tokens[i + 1]?.norm === 'as' && /^(companies|startups|firms)$/.test(prev))
        return { relation: 'current_employment', at: i + 2, from: i };
      return null;
    case 'from':
      return { relation: 'any_employment', at: i + 1, from: i };
    default:
      return null;
  }
}

export interface CompanyScan {
  mentions: (CompanyMention & { from: number; to: number })[];
}

/**
 * Kinds of workplace in the plural, and office words, that a place goes before ("at London
 * Agencies", "at Paris HQ"): the place stays. One institution in the singular is its name
 * ("at Cleveland Clinic", "at Tokyo University").
 */
const PLACED_KINDS =
  /^(agencies|hospitals|clinics|fintechs|startups|companies|firms|banks|schools|universities|colleges|hotels|restaurants|offices?|hq|headquarters|campus(es)?|branch(es)?|stores?|shops?|plants?|factor(y|ies)|warehouses?|labs?|studios?|teams?|sites?)$/;

/** Cities this size or more after a name keep their place ("at Google London"); smaller ones end it ("at Wells Fargo", "at Morgan Stanley"). */
const OFFICE_CITY = 500_000;

/**
 * Whether a place found at [from, to) starts an employer's name instead: in mixed-case text,
 * right after an employer cue and followed by another capitalised word ("at Texas Instruments",
 * "ex-Boston Scientific", "at American Express"). A place after a name stays a place ("at
 * Deloitte Dublin"): which of the two it is cannot be told from the words.
 */
export function placeStartsEmployer(tokens: Token[], from: number, to: number, mode: CaseMode): boolean {
  if (mode !== 'mixed' || !nameLike(tokens[to], mode, false) || PLACED_KINDS.test(tokens[to]?.norm ?? '')) return false;
  for (let i = Math.max(0, from - 3); i < from; i++) if (cueAt(tokens, i)?.at === from) return true;
  return false;
}

/**
 * Whether a city found right after a capitalised name that follows an employer cue ends that
 * name ("at Wells Fargo", "ex-Morgan Stanley", "at Baker Hughes"): a city of fewer than
 * {@link OFFICE_CITY} people, in mixed-case text. A large one is where the office is ("at
 * Google London").
 */
export function placeEndsEmployer(tokens: Token[], from: number, mode: CaseMode, population: number): boolean {
  if (mode !== 'mixed' || population >= OFFICE_CITY || !/^\p{Lu}/u.test(tokens[from]?.text ?? '')) return false;
  let start = from;
  while (start > 0 && from - start < 3 && nameLike(tokens[start - 1], mode, false)) start--;
  if (start === from || !nameLike(tokens[start], mode, true)) return false;
  for (let i = Math.max(0, start - 3); i < start; i++) if (cueAt(tokens, i)?.at === start) return true;
  return false;
}

/** Words that rule out the employer after them ("not at", "except at", "never worked at"). */
const NEGATION = /^(not|never|except|excluding|without|nor|but-not)$/;

/**
 * Whether a negation stands right before the employer cue at `from`, over at most two words
 * between ("not currently at", "who never worked at", "other than at", "apart from at").
 */
function negatedBefore(tokens: Token[], from: number): boolean {
  for (let k = from - 1; k >= 0 && k >= from - 3; k--) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct') return false;
    if (NEGATION.test(t.norm)) return true;
    if (/^(than|from)$/.test(t.norm) && /^(other|apart|aside)$/.test(tokens[k - 1]?.norm ?? '')) return true;
  }
  return false;
}

/** Employer mentions after their cue words; claims the cue and the name. */
export function scanCompanies(text: string, tokens: Token[], mode: CaseMode): CompanyScan {
  const mentions: CompanyScan['mentions'] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim && t.norm !== 'ex') continue;
    const cue = cueAt(tokens, i);
    if (!cue) continue;
    // "from" only before a capitalised name in mixed-case text ("engineers from Google").
    if (t.norm === 'from' && mode !== 'mixed') continue;
    // "ex-Google" glued, or "ex Google".
    if (t.norm === 'ex' && !tokens[i + 1]?.join && mode !== 'mixed') continue;
    let j = cue.at;
    let end = readName(tokens, j, mode);
    if (end < 0) continue;
    const exclude = negatedBefore(tokens, cue.from);
    let first = true;
    while (end > j) {
      const name = text.slice((tokens[j] as Token).start, (tokens[end - 1] as Token).end).replace(/['’]s$/, '');
      mentions.push({ text: name, relation: cue.relation, from: first ? cue.from : j, to: end, ...(exclude ? { exclude } : {}) });
      claim(tokens, first ? cue.from : j, end, 'company');
      first = false;
      // Lists: "at Stripe, Plaid or Brex".
      const sep = tokens[end];
      if (!sep || !/^(,|or|and|\/|&)$/.test(sep.norm)) break;
      let k = end + 1;
      if (tokens[k]?.norm === 'or' || tokens[k]?.norm === 'and') k++;
      const next = readName(tokens, k, mode);
      if (next < 0) break;
      claim(tokens, end, k, 'company');
      j = k;
      end = next;
    }
    i = Math.max(i, end - 1);
  }
  return { mentions };
}
