/**
 * The first step of the title grammar (titles.ts): each token of a query is classed as a title
 * word (T), an industry or skill a title can take in (X), a connector ("&", "of", "and"/"or",
 * a comma before a complement) or a break (B), and title words run together between breaks.
 * "eng" ending a title is the engineer; "in" joins a title's complement ("Engineer in Test");
 * a relation verb ("partner with", "report to") ends a title in prose.
 */
import type { Unit } from './attributes.js';
import { CONTEXT_CUES, COUNT_WORDS } from './lexicon/roles.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import {
  DEPARTMENT_BEFORE,
  EXPERIENCE_COMPOUNDS,
  IN_TITLE_COMPLEMENTS,
  IT_FOLLOWERS,
  SHOW_KINDS,
  STOP_WORD_MODIFIERS,
} from './lexicon/title-grammar.js';
import { ACRONYMS, COMPLEMENT_HEADS, TITLE_BREAKERS, TITLE_SUFFIXES } from './lexicon/titles.js';
import { occupationHeads } from './occupation-nouns.js';
import { FUNCTION_WORD_PARTS, FUNCTIONS } from './title-facets.js';
import { isHeadWord, singular } from './title-heads.js';
import { phraseParts, type Token } from './tokens.js';

export type Cls = 'T' | 'X' | 'AMP' | 'CONJ' | 'OF' | 'B';

export const COLLEAGUE_CUES: string[][] = CONTEXT_CUES.map(phraseParts);

/** Particles that make a compound with the word they are glued to ("check-in", "walk-in", "drive-through", "sign-off"). */
const GLUED_PARTICLES = /^(in|on|up|out|off|down|over|through|by|away|back)$/;
/** Participles that, glued after a place, a school or a manner, say how someone came to be what they are. */
/** Words after which "used" is the verb ("who used", "had used") or a thing's adjective ("dealers of used cars"), not a title's first word. */
const NOT_BEFORE_USED = new Set(
  'who that which whom whose have has had having of i we you they he she it is are was were be been being get got'.split(' '),
);
const ORIGIN_PARTICIPLES = /^(born|bred|raised|trained|educated|schooled|taught|qualified|certified|licensed|accredited)$/;
/** Whether `next` ends a phrase: nothing, punctuation, a claimed word (a place, years) or a stop word ("based", "at"). */
export function endsPhrase(next: Token | undefined): boolean {
  return next?.kind !== 'word' || !!next.claim || STOP_WORDS.has(next.norm) || /^(based|located)$/.test(next.norm);
}

/** Heads written short with their dot only ("Content Review Spec."); "Spec Writer" writes specifications. */
const DOTTED_HEADS: ReadonlyMap<string, string> = new Map([['spec', 'Specialist']]);
export const dottedHead = (t: Token): string | undefined => (t.text.endsWith('.') ? DOTTED_HEADS.get(t.norm) : undefined);

export interface TitleInput {
  text: string;
  tokens: Token[];
  units: Unit[];
  /** Word count of the text; long texts are prose, not queries. */
  wordCount: number;
}

/** A query's tokens classed for the title grammar, and the runs of title words. */
export interface TitleRuns {
  /** Whether a token is a title's head noun ("manager", "engineer", "Spec." with its dot). */
  isHead(t: Token): boolean;
  /** The class of token i. */
  cls(i: number): Cls;
  /** Whether token k is the "in" of a title's complement after its head ("Engineer in Test"). */
  inComplementAt(k: number): boolean;
  /** The industry or skill unit each of its tokens belongs to. */
  unitOf: Map<number, Unit>;
  /** Long texts are prose, not queries. */
  prose: boolean;
  /** Runs of T/X tokens, with "&", "of", "and"/"or" only between two of them. */
  runs: number[][];
}

/**
 * Classes the tokens of a query for the title grammar and splits them into runs. Rewrites the
 * norm of an "eng" that ends a title to "engr" (the engineer).
 */
export function titleRuns(input: TitleInput): TitleRuns {
  const { tokens, units } = input;
  // "Dev" alone is a given name as often ("Dev Patel", "dev patel at google"): the singular is a
  // developer only after another word of the title ("senior dev", "frontend dev"); "devs" always.
  const knownHead = (t: Token): boolean => {
    if (t.norm === 'dev' && tokens[t.i - 1]?.kind !== 'word') return false;
    return isHeadWord(t.norm) || !!dottedHead(t);
  };
  // Occupational nouns ending a run with no known head ("football scouts"): found once the runs are.
  const occupational = new Set<number>();
  const isHead = (t: Token): boolean => occupational.has(t.i) || knownHead(t);
  const prose = input.wordCount > 14;
  // "reservoir eng", "qa eng in berlin": "eng" ending a title after another title word is the
  // engineer ("engr"). After a VP, a chief or "head of", or before another title word ("eng
  // manager"), it stays the department.
  for (let k = 1; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    const prev = tokens[k - 1] as Token;
    const next = tokens[k + 1];
    if (
      (t.norm === 'eng' || t.norm === 'engs') &&
      prev.kind === 'word' &&
      !prev.claim &&
      !DEPARTMENT_BEFORE.has(prev.norm) &&
      !STOP_WORDS.has(prev.norm) &&
      (next?.kind !== 'word' || STOP_WORDS.has(next.norm) || !!next.claim)
    )
      t.norm = 'engr';
  }
  const unitOf = new Map<number, Unit>();
  for (const u of units) if (u.transparent) for (let k = u.from; k < u.to; k++) unitOf.set(k, u);

  /** "Director, Product Marketing", "VP, Sales": a comma after a complement head, then a headless domain. */
  const commaComplement = (i: number): boolean => {
    const prev = tokens[i - 1];
    if (prev?.kind !== 'word' || prev.claim || !COMPLEMENT_HEADS.has(singular(prev.norm))) return false;
    // "reporting to the CRO, collaborate with ...": a verb after the comma, not a domain.
    if (startsCue(i + 1)) return false;
    let k = i + 1;
    while (k < tokens.length && k < i + 5) {
      const t = tokens[k] as Token;
      if (t.kind !== 'word' || t.claim || STOP_WORDS.has(t.norm) || TITLE_BREAKERS.has(t.norm)) break;
      if (isHead(t)) return false;
      k++;
    }
    const after = tokens[k];
    // The domain names a field: a function's word or a sector ("Director, Product Marketing",
    // "VP, Sales"), not a place the gazetteer lacks ("Wine Marketing Manager, Alentejo").
    let field = false;
    for (let q = i + 1; q < k && !field; q++) {
      const t = tokens[q] as Token;
      field = FUNCTION_WORD_PARTS.has(t.norm) || FUNCTIONS.byFirst.has(t.norm) || ACRONYMS.has(t.norm) || unitOf.has(q);
    }
    return field && k > i + 1 && (!after || after.kind === 'punct' || !!after.claim || STOP_WORDS.has(after.norm));
  };

  const startsCue = (i: number): boolean =>
    COLLEAGUE_CUES.some((cue) => cue.length > 1 && cue.every((w, q) => tokens[i + q]?.norm === w)) ||
    (/^(collaborate|liaise|partner|support|supporting|manage|managing|mentor|mentoring|coach|report|work|drive|own|help|join|you)$/.test(
      tokens[i]?.norm ?? '',
    ) &&
      /^(with|to|into|our|the|us|closely|you|will|a|an|their|your)$/.test(tokens[i + 1]?.norm ?? ''));

  /** Whether token k is the "in" of a title's complement after its head ("Engineer in Test"). */
  const inComplementAt = (k: number): boolean =>
    tokens[k]?.norm === 'in' && IN_TITLE_COMPLEMENTS.has(tokens[k + 1]?.norm ?? '') && !!tokens[k - 1] && isHead(tokens[k - 1] as Token);

  const cls = (i: number): Cls => {
    const t = tokens[i];
    if (!t) return 'B';
    if (t.claim) return unitOf.has(i) && (t.claim === 'industry' || t.claim === 'skill') ? 'X' : 'B';
    if (t.kind === 'punct') return t.norm === '&' ? 'AMP' : t.norm === ',' && commaComplement(i) ? 'OF' : 'B';
    if (t.kind === 'num') {
      // A support tier or level before a title's words: "Tier 2 Support Engineer", "Level 1 Analyst".
      if (/^[1-4]$/.test(t.norm) && /^(tier|level)$/.test(tokens[i - 1]?.norm ?? '') && !tokens[i - 1]?.claim && cls(i + 1) === 'T')
        return 'T';
      // A product's number between a product's name and the title's words: "Dynamics 365
      // Developer", "Office 365 Administrator", "Salesforce 360 Consultant". Three digits, not a
      // year, after a word that is no head and no verb ("lead 100 engineers", "managing 250
      // nurses" count).
      const prev = tokens[i - 1];
      const counted = (w: Token): boolean => /ing$/.test(w.norm) || COLLEAGUE_CUES.some((cue) => cue.length === 1 && cue[0] === w.norm);
      if (
        /^\d{3}$/.test(t.norm) &&
        prev?.kind === 'word' &&
        !prev.claim &&
        !STOP_WORDS.has(prev.norm) &&
        !isHead(prev) &&
        !counted(prev) &&
        cls(i + 1) === 'T'
      )
        return 'T';
      // A suffix ends the title ("Engineer 2"); a number before more title words is a count ("lead 4 engineering managers").
      const next = tokens[i + 1];
      const counts = !!next && next.kind === 'word' && !next.claim && !STOP_WORDS.has(next.norm);
      return TITLE_SUFFIXES.has(t.norm) && tokens[i - 1] && isHead(tokens[i - 1] as Token) && !counts ? 'T' : 'B';
    }
    if (t.norm === 'of') return 'OF';
    if (t.norm === 'and' || t.norm === 'or') return 'CONJ';
    if (t.norm === 'experience' && EXPERIENCE_COMPOUNDS.has(tokens[i - 1]?.norm ?? '') && !tokens[i - 1]?.claim) return 'T';
    if (t.norm === 'it' && IT_FOLLOWERS.has(singular(tokens[i + 1]?.norm ?? '')) && !tokens[i + 1]?.claim) return 'T';
    // "director of it", "head of IT based in Akron": the department after a head's "of", where
    // nothing of a title follows it.
    if (t.norm === 'it' && tokens[i - 1]?.norm === 'of' && tokens[i - 2] && isHead(tokens[i - 2] as Token) && endsPhrase(tokens[i + 1]))
      return 'T';
    if (STOP_WORD_MODIFIERS.has(t.norm) && cls(i + 1) === 'T') return 'T';
    // "Trade Show Manager", "Road Show Coordinator": "show" after the kind of show, inside a title.
    if (t.norm === 'show' && SHOW_KINDS.test(tokens[i - 1]?.norm ?? '') && cls(i + 1) === 'T') return 'T';
    // "In-House Counsel", "Editor-in-Chief" (glued), "Software Engineer in Test", "Entrepreneur in Residence".
    if (t.norm === 'in' && tokens[i + 1]?.join === '-') return 'T';
    // "Door-to-Door Salesperson", "End-to-End Test Engineer", "Out-of-Home Media Planner": a
    // compound glued on both sides, no "to" of a colleague ("reports to"), no "of" of a complement.
    if (/^(to|of)$/.test(t.norm) && t.join === '-' && tokens[i + 1]?.join === '-' && !tokens[i - 1]?.claim && !tokens[i + 1]?.claim)
      return 'T';
    // Praise and credentials glued before a title describe the person: "well-connected travel
    // writers", "well-known chefs", "board-certified oncologists".
    const glued = (a: string, b: RegExp) =>
      (t.norm === a && tokens[i + 1]?.join === '-' && b.test(tokens[i + 1]?.norm ?? '')) ||
      (t.join === '-' && tokens[i - 1]?.norm === a && b.test(t.norm));
    if (glued('well', /^[a-z]+(ed|en|wn)$/) || glued('board', /^certified$/)) return 'B';
    // "antiques dealers worth knowing", "founders worth meeting": praise after the title ends it
    // ("High Net Worth Advisor" keeps its "worth").
    if (t.norm === 'worth' && /^[a-z]{3,}ing$/.test(tokens[i + 1]?.norm ?? '')) return 'B';
    if (/^[a-z]{3,}ing$/.test(t.norm) && tokens[i - 1]?.norm === 'worth') return 'B';
    // So do where and how they were born, raised, trained or licensed: "US-born engineers",
    // "Harvard-educated lawyers", "self-taught developers", "PMP-certified project managers".
    if (
      (tokens[i + 1]?.join === '-' && ORIGIN_PARTICIPLES.test(tokens[i + 1]?.norm ?? '') && !t.join) ||
      (t.join === '-' && ORIGIN_PARTICIPLES.test(t.norm) && tokens[i - 1]?.kind === 'word')
    )
      return 'B';
    // The compound's first word, a stop word or not ("Out-of-Home").
    if (
      !t.join &&
      /^(to|of)$/.test(tokens[i + 1]?.norm ?? '') &&
      tokens[i + 1]?.join === '-' &&
      tokens[i + 2]?.join === '-' &&
      !tokens[i + 2]?.claim
    )
      return 'T';
    if (inComplementAt(i) || inComplementAt(i - 1)) return 'T';
    // "Clerk of Works", "Director of Public Works": the noun after an office's "of" or after "public", not the verb.
    const officeOf = tokens[i - 1]?.norm === 'of' && !!tokens[i - 2] && COMPLEMENT_HEADS.has(singular((tokens[i - 2] as Token).norm));
    if (t.norm === 'works' && (officeOf || tokens[i - 1]?.norm === 'public')) return 'T';
    // "used car sales managers", "used equipment dealers": "used" is a stop word for "used to";
    // before a noun, opening the title, it is the adjective, a word of the title. After a verb's
    // subject or "of" it is the verb or a thing's adjective ("recruiters who used LinkedIn
    // Recruiter", "dealers of used cars").
    const next = tokens[i + 1];
    if (
      t.norm === 'used' &&
      !t.join &&
      !NOT_BEFORE_USED.has(tokens[i - 1]?.norm ?? '') &&
      next?.kind === 'word' &&
      !next.claim &&
      !next.join &&
      !STOP_WORDS.has(next.norm)
    )
      return 'T';
    // "book cover designers", "cover artists": "cover" is a stop word for "cover Texas"; after a
    // noun or first, before a word of the title, it is the noun ("who cover designers" stays the verb).
    const prevWord = tokens[i - 1];
    if (
      t.norm === 'cover' &&
      (i === 0 || (prevWord?.kind === 'word' && !prevWord.claim && !STOP_WORDS.has(prevWord.norm))) &&
      next?.kind === 'word' &&
      !next.claim &&
      !STOP_WORDS.has(next.norm)
    )
      return 'T';
    // "check-in agents", "walk-in clinic nurses", "drive-through managers": a particle glued to
    // the word before it makes one compound with it, no preposition.
    if (
      t.join === '-' &&
      GLUED_PARTICLES.test(t.norm) &&
      tokens[i - 1]?.kind === 'word' &&
      !tokens[i - 1]?.claim &&
      !STOP_WORDS.has(tokens[i - 1]?.norm ?? '') &&
      tokens[i + 1]?.join !== '-'
    )
      return 'T';
    if (STOP_WORDS.has(t.norm) || TITLE_BREAKERS.has(t.norm) || COUNT_WORDS.has(t.norm)) return 'B';
    // A relation verb after a list word ("VP of Marketing and support our ..."): the title ends.
    if (/^(and|or|,)$/.test(tokens[i - 1]?.norm ?? '') && startsCue(i)) return 'B';
    // In prose, a relation verb ends a title: "our recruiters partner with ...".
    if (prose && startsCue(i)) return 'B';
    return 'T';
  };

  // Runs: T/X tokens, with "&", "of", "and"/"or" only between two of them.
  const runs: number[][] = [];
  let cur: number[] = [];
  for (let i = 0; i <= tokens.length; i++) {
    const c = i < tokens.length ? cls(i) : 'B';
    if (c === 'T' || c === 'X') {
      cur.push(i);
      continue;
    }
    if ((c === 'AMP' || c === 'OF' || c === 'CONJ') && cur.length) {
      const n = cls(i + 1);
      if (n === 'T' || n === 'X') {
        cur.push(i);
        continue;
      }
    }
    if (cur.length) runs.push(cur);
    cur = [];
  }

  for (const k of occupationHeads(tokens, runs, cls, knownHead)) occupational.add(k);
  return { isHead, cls, inComplementAt, unitOf, prose, runs };
}
