/**
 * The title grammar. What the other recognisers left unclaimed splits into runs of title words
 * (stop words, places, levels, companies and punctuation end a run). Inside a run a title is
 *
 *   [level words] [modifiers] HEAD [numeral]          "Senior Product Marketing Manager", "Software Engineer II"
 *   [level words] [modifiers] HEAD of COMPLEMENT      "Head of Trust & Safety", "Director of FP&A"
 *   VP COMPLEMENT                                     "VP Sales"
 *
 * where HEAD is a head noun ("manager", "engineer", "counsel", "lead", ...) or an abbreviated
 * title ("SWE", "CSM", "SDET", "AE", "CTO"), the last one of a chain ("Developer Advocate").
 * Modifiers are any other words, known or not ("Deal Desk Manager"), so unseen titles parse.
 * Then:
 *   - words before a level word are context, not title ("growth associate product manager" →
 *     "Associate Product Manager");
 *   - industries and tool skills in front of a title are context ("fintech data scientists" →
 *     "Data Scientist" + industry), unless the title would be a bare generic head: then the one
 *     right before the head is taken back ("Web3 Engineer", "Salesforce Administrator");
 *   - titles right after "reports to", "work with", "manage", ... describe colleagues and are
 *     kept apart.
 * A run without a head, in a short query, can be a title by itself ("Trust & Safety", "RevOps").
 * Titles come out in title case, singular, with abbreviations in their usual spelling.
 */
import type { JobFunction, Seniority } from '../advanced-filters.js';
import type { Unit } from './attributes.js';
import { LEVEL_WORDS } from './lexicon/levels.js';
import { CONTEXT_CUES, COUNT_WORDS } from './lexicon/roles.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import {
  AUDIENCES,
  COLLECTIVE,
  DEPARTMENT_BEFORE,
  DETERMINERS,
  DOMAIN_TAILS,
  EXPERIENCE_COMPOUNDS,
  IN_TITLE_COMPLEMENTS,
  IT_FOLLOWERS,
  NOT_ALONE,
  SERVICE_WORDS,
  SHOW_KINDS,
  STOP_WORD_MODIFIERS,
  STRONG_LEVELS,
} from './lexicon/title-grammar.js';
import {
  ABBREVIATED_TITLES,
  ACRONYMS,
  BARE_COMPLEMENT_HEADS,
  CANONICAL_SPELLING,
  COMPLEMENT_HEADS,
  GENERIC_HEADS,
  TITLE_BREAKERS,
  TITLE_FUNCTION_WORDS,
  TITLE_SUFFIXES,
  VERB_LIKE_HEADS,
  WORD_EXPANSIONS,
} from './lexicon/titles.js';
import { FUNCTION_WORD_PARTS, FUNCTIONS, functionsOf, seniorityOf } from './title-facets.js';
import { isHeadWord, looseSingular, singular } from './title-heads.js';
import { phraseParts, type Token } from './tokens.js';

export interface TitleMention {
  /** Canonical title ("Sales Team Lead"). */
  text: string;
  /** Token indices that make the title, in order. */
  tokens: number[];
  from: number;
  to: number;
  /** Singular head noun ("lead"). */
  head: string;
  seniority: Seniority[];
  functions: JobFunction[];
  /** A colleague's title ("reports to the VP of Engineering"), not the one searched for. */
  context: boolean;
}

export interface TitleScan {
  titles: TitleMention[];
  /** Units (industries, skills) taken into a title. */
  released: Set<number>;
}

type Cls = 'T' | 'X' | 'AMP' | 'CONJ' | 'OF' | 'B';

const COLLEAGUE_CUES: string[][] = CONTEXT_CUES.map(phraseParts);

/** Whether `next` ends a phrase: nothing, punctuation, a claimed word (a place, years) or a stop word ("based", "at"). */
function endsPhrase(next: Token | undefined): boolean {
  return next?.kind !== 'word' || !!next.claim || STOP_WORDS.has(next.norm) || /^(based|located)$/.test(next.norm);
}

/** Heads written short with their dot only ("Content Review Spec."); "Spec Writer" writes specifications. */
const DOTTED_HEADS: ReadonlyMap<string, string> = new Map([['spec', 'Specialist']]);
const dottedHead = (t: Token): string | undefined => (t.text.endsWith('.') ? DOTTED_HEADS.get(t.norm) : undefined);

/** How a word is spelt inside a title. */
function canonicalWord(t: Token, asHead: boolean, loose = false, first = false): string {
  const dotted = dottedHead(t);
  if (dotted) return dotted;
  const norm = asHead ? (loose ? looseSingular(t.norm) : singular(t.norm)) : t.norm;
  // "Haskell devs" are developers; "biz dev managers" manage business development.
  if (norm === 'dev') return asHead ? 'Developer' : 'Development';
  if (norm === 'biz' && !asHead) return 'Business';
  const spelt = ABBREVIATED_TITLES.get(norm) ?? WORD_EXPANSIONS.get(t.norm) ?? (t.i > 0 ? TITLE_SUFFIXES.get(norm) : undefined);
  if (spelt) return spelt;
  const canonical = CANONICAL_SPELLING.get(norm);
  if (canonical) return canonical;
  // A function word is small inside a title, capitalised when it starts one ("In-House Counsel").
  if (TITLE_FUNCTION_WORDS.has(norm)) return first ? norm.charAt(0).toUpperCase() + norm.slice(1) : norm;
  if (ACRONYMS.has(norm)) return norm.toUpperCase();
  // A trailing dot of an abbreviation is no part of the title ("Sales Rep." is a Sales Rep).
  const text = asHead && norm !== t.norm ? norm : t.text.replace(/\.$/, '');
  // Mixed capitals as written ("McKinsey", "DevOps") stay; everything else is title-cased.
  if (/\p{Ll}\p{Lu}/u.test(text) && !/^\p{Lu}+$/u.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

export interface TitleInput {
  text: string;
  tokens: Token[];
  units: Unit[];
  /** Word count of the text; long texts are prose, not queries. */
  wordCount: number;
}

export function scanTitles(input: TitleInput): TitleScan {
  const { tokens, units } = input;
  // "Dev" alone is a given name as often ("Dev Patel", "dev patel at google"): the singular is a
  // developer only after another word of the title ("senior dev", "frontend dev"); "devs" always.
  const isHead = (t: Token): boolean => {
    if (t.norm === 'dev' && tokens[t.i - 1]?.kind !== 'word') return false;
    return isHeadWord(t.norm) || !!dottedHead(t);
  };
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
    if (inComplementAt(i) || inComplementAt(i - 1)) return 'T';
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

  const released = new Set<number>();
  const titles: TitleMention[] = [];
  for (const run of runs) parseRun(run);

  function parseRun(run: number[]): void {
    let s = 0;
    while (s < run.length) {
      // Skip connectors at a segment start.
      const c0 = cls(run[s] as number);
      if (c0 === 'AMP' || c0 === 'OF' || c0 === 'CONJ') {
        s++;
        continue;
      }
      let lastHead = -1;
      let end = -1;
      let complementFrom = -1;
      let i = s;
      while (i < run.length) {
        const idx = run[i] as number;
        const c = cls(idx);
        if (c === 'T' || c === 'X') {
          if (c === 'T' && isHead(tokens[idx] as Token)) lastHead = i;
          i++;
          continue;
        }
        if (c === 'AMP' || c === 'CONJ') {
          if (lastHead >= 0) break;
          i++;
          continue;
        }
        // "of": a complement after a complement head, else the segment ends.
        const prevTok = tokens[run[i - 1] as number] as Token;
        if (lastHead === i - 1 && COMPLEMENT_HEADS.has(singular(prevTok.norm))) {
          complementFrom = i + 1;
          let j = i + 1;
          while (j < run.length) {
            const cj = cls(run[j] as number);
            if (cj === 'CONJ' && restHasHead(run, j + 1)) break;
            j++;
          }
          while (j > complementFrom && cls(run[j - 1] as number) !== 'T' && cls(run[j - 1] as number) !== 'X') j--;
          end = j;
        }
        break;
      }
      if (lastHead < 0) {
        s = i + 1;
        continue;
      }
      if (end < 0) {
        end = lastHead + 1;
        // "Engineer in Test": the complement after "in" belongs to the title.
        if (end + 1 < run.length && inComplementAt(run[end] as number)) end += 2;
        const head = tokens[run[lastHead] as number] as Token;
        // "VP Sales": a domain right after VP.
        if (BARE_COMPLEMENT_HEADS.has(singular(head.norm))) {
          let j = lastHead + 1;
          while (j < run.length && cls(run[j] as number) === 'T' && !isHead(tokens[run[j] as number] as Token)) j++;
          if (j > lastHead + 1) {
            complementFrom = lastHead + 1;
            end = j;
          }
        }
        // "Developer Relations": a domain word after the head, ending the run.
        if (complementFrom < 0) {
          let j = lastHead + 1;
          while (j < run.length && cls(run[j] as number) === 'T' && !isHead(tokens[run[j] as number] as Token)) j++;
          if (
            j > lastHead + 1 &&
            (j === run.length || cls(run[j] as number) !== 'T') &&
            DOMAIN_TAILS.has((tokens[run[j - 1] as number] as Token).norm)
          )
            end = j;
        }
        // "Software Engineer II".
        const after = tokens[run[end] as number];
        if (complementFrom < 0 && after && TITLE_SUFFIXES.has(after.norm) && (after.norm !== 'i' || after.text === 'I')) end++;
      }
      build(run, s, end, lastHead, complementFrom);
      s = end;
    }
  }

  function restHasHead(run: number[], from: number): boolean {
    for (let j = from; j < run.length; j++) {
      const c = cls(run[j] as number);
      if (c === 'OF') return false;
      if (c === 'T' && isHead(tokens[run[j] as number] as Token)) return true;
    }
    return false;
  }

  function build(run: number[], s: number, end: number, headPos: number, complementFrom: number): void {
    const headIdx = run[headPos] as number;
    const head = tokens[headIdx] as Token;
    const headNorm = singular(head.norm);
    const hasComplement = complementFrom >= 0;
    let pre = run.slice(s, headPos);
    // Words before a level word are context ("growth associate product manager").
    const firstLevel = pre.findIndex((k) => {
      const t = tokens[k] as Token;
      return cls(k) === 'T' && STRONG_LEVELS.has(t.norm) && !(t.norm === 'lead' && /^gen/.test(tokens[k + 1]?.norm ?? ''));
    });
    if (firstLevel > 0) pre = pre.slice(firstLevel);
    // Industries and tool skills in front: context, unless the title would be a bare generic head.
    const keep: number[] = [];
    const bare = !hasComplement && GENERIC_HEADS.has(headNorm) && pre.every((k) => cls(k) === 'X');
    const lastX = pre.length && cls(pre[pre.length - 1] as number) === 'X' ? unitOf.get(pre[pre.length - 1] as number) : undefined;
    for (const k of pre) {
      if (cls(k) !== 'X') {
        keep.push(k);
        continue;
      }
      const u = unitOf.get(k);
      const adjacent = u === lastX && pre.slice(pre.indexOf(k)).every((q) => cls(q) === 'X' && unitOf.get(q) === u);
      // A domain industry leading the title ("Robotics Software Engineer", "Insurance Agent").
      const leadingDomain =
        !!u?.titlePart &&
        pre.slice(pre.indexOf(k)).some((q) => cls(q) === 'T') &&
        pre.slice(0, pre.indexOf(k)).every((q) => cls(q) !== 'T');
      if (
        u &&
        (leadingDomain ||
          (adjacent && !hasComplement && GENERIC_HEADS.has(headNorm) && (bare || keepBeforeHead(pre, u))) ||
          (adjacent && u.titlePart))
      ) {
        keep.push(k);
        released.add(u.id);
      }
    }
    const post = run.slice(headPos + 1, end).filter((k) => cls(k) !== 'CONJ' || hasComplement);
    // Industries after the complement are context ("head of BI climate tech"), unless they are all
    // of it ("Head of Gaming") or name what an audience is given ("Head of Customer Education").
    while (
      post.length > 1 &&
      cls(post[post.length - 1] as number) === 'X' &&
      !(
        AUDIENCES.has((tokens[(post[post.length - 1] as number) - 1] as Token | undefined)?.norm ?? '') &&
        SERVICE_WORDS.has((tokens[post[post.length - 1] as number] as Token).norm)
      ) &&
      post.some((k) => cls(k) === 'T' && (tokens[k] as Token).norm !== 'of') &&
      // What stays must name a field itself: "head of BI climate tech" keeps "BI", but "Head of
      // Private Banking", "Director of Public Works", "Head of Global Mobility" keep their last word.
      namesField(tokens[post[post.length - 2] as number] as Token)
    )
      post.pop();
    for (const k of post) {
      const u = unitOf.get(k);
      if (u) released.add(u.id);
    }
    const all = [...keep, headIdx, ...post];
    // Long prose: "lead", "head", "partner" alone are verbs or plain nouns.
    if (prose && all.length === 1 && VERB_LIKE_HEADS.has(head.norm)) return;
    if (all.length === 1 && !ABBREVIATED_TITLES.has(headNorm) && (head.norm === 'head' || head.norm === 'chief')) return;
    const text = assemble(all, headIdx);
    const ctx = isColleague(all[0] as number);
    titles.push({
      text,
      tokens: all,
      from: all[0] as number,
      to: (all[all.length - 1] as number) + 1,
      head: headNorm,
      seniority: seniorityOf(tokens, all, headIdx, hasComplement),
      functions: functionsOf(tokens, all, headIdx, hasComplement ? post : []),
      context: ctx,
    });
  }

  /** Whether a word names a field on its own: a function's word ("data", "sales") or an acronym ("BI"). */
  function namesField(t: Token): boolean {
    return FUNCTION_WORD_PARTS.has(t.norm) || FUNCTIONS.byFirst.has(t.norm) || ACRONYMS.has(t.norm) || t.upper || cls(t.i) === 'X';
  }

  /** A tool or industry kept before a generic head only when nothing but levels precede it ("Senior Supply Chain Manager"). */
  function keepBeforeHead(pre: number[], u: Unit): boolean {
    return pre.every((k) => (cls(k) === 'X' ? unitOf.get(k) === u : LEVEL_WORDS.has((tokens[k] as Token).norm)));
  }

  function assemble(all: number[], headIdx: number, loose = false): string {
    let out = '';
    let prev = -2;
    for (const k of all) {
      const t = tokens[k] as Token;
      if (t.norm === ',') {
        out += ',';
        prev = k;
        continue;
      }
      const word = t.norm === '&' ? '&' : canonicalWord(t, k === headIdx, loose, !out);
      if (out) out += k === prev + 1 && t.join ? t.join : ' ';
      out += word;
      prev = k;
    }
    return out;
  }

  function isColleague(start: number): boolean {
    let k = start - 1;
    // Determiners and counts: "managing a team of 5 engineers", "work with two designers".
    while (k >= 0 && (DETERMINERS.has(tokens[k]?.norm ?? '') || COUNT_WORDS.has(tokens[k]?.norm ?? '') || tokens[k]?.kind === 'num')) k--;
    // A list continuing a colleague title: "work with product managers and designers".
    const before = titles[titles.length - 1];
    if (before?.context) {
      let q = start - 1;
      while (q >= before.to && (/^(,|and|or|&|\/)$/.test(tokens[q]?.norm ?? '') || DETERMINERS.has(tokens[q]?.norm ?? ''))) q--;
      if (q < before.to) return true;
    }
    for (const cue of COLLEAGUE_CUES) {
      const from = k - cue.length + 1;
      if (from < 0) continue;
      // A cue's words claimed as the query's own opening ("trying to reach", "intro to") are none.
      if (cue.every((w, q) => tokens[from + q]?.norm === w && tokens[from + q]?.claim !== 'ignored')) return true;
    }
    return false;
  }

  // No head anywhere: a short run can be the title by itself ("Trust & Safety", "RevOps").
  if (!titles.length && input.wordCount <= 20) {
    for (const run of runs) {
      const words = run.filter((k) => cls(k) === 'T' || cls(k) === 'AMP' || cls(k) === 'CONJ');
      while (words.length && cls(words[words.length - 1] as number) !== 'T') words.pop();
      while (words.length && cls(words[0] as number) !== 'T') words.shift();
      if (!words.length || words.length > 4) continue;
      const norms = words.map((k) => (tokens[k] as Token).norm);
      if (norms.every((w) => NOT_ALONE.has(w))) continue;
      // "Marketing people", "senior folks", "senior data people": a collective noun ends no title.
      // What stays is a level ("senior") or a function ("marketing"), read as such elsewhere; a
      // level word alone ("senior") has no head to be a title of.
      let core = norms.length;
      while (core > 0 && COLLECTIVE.has(norms[core - 1] as string)) core--;
      // A collective noun that is also a stop word ("folks") ends the run: it follows it.
      const next = tokens[(words[words.length - 1] as number) + 1];
      const collective = core < norms.length || (next?.kind === 'word' && COLLECTIVE.has(next.norm));
      const head = norms.slice(0, core).filter((w) => !LEVEL_WORDS.has(w));
      if (!head.length) continue;
      if (collective && head.every((w) => FUNCTIONS.byFirst.has(w) || FUNCTION_WORD_PARTS.has(w))) continue;
      // "people in marketing", "working in B2B SaaS sales": a function, not a title.
      let b = (words[0] as number) - 1;
      while (b >= 0 && (tokens[b]?.claim === 'industry' || tokens[b]?.claim === 'skill')) b--;
      const before = tokens[b]?.norm ?? '';
      if ((before === 'in' || before === 'within' || before === 'into') && words.length === 1) continue;
      // "leading engineering teams": a verb phrase; "people connected to ...": a participle ends none.
      if (/ing$/.test(norms[0] as string) && !FUNCTIONS.byFirst.has(norms[0] as string)) continue;
      if (/ed$/.test(norms[norms.length - 1] as string) && !FUNCTIONS.byFirst.has(norms[norms.length - 1] as string)) continue;
      if (/^teams?$/.test(norms[norms.length - 1] as string)) continue;
      const titleish = norms.some(
        (w) => FUNCTIONS.byFirst.has(w) || CANONICAL_SPELLING.has(w) || ACRONYMS.has(w) || /(er|or|ist|ian|ant|ary)s?$/.test(w),
      );
      if (!titleish) continue;
      const last = words[words.length - 1] as number;
      const text = assemble(words, last, true);
      titles.push({
        text,
        tokens: words,
        from: words[0] as number,
        to: last + 1,
        head: looseSingular((tokens[last] as Token).norm),
        seniority: [],
        functions: functionsOf(tokens, words, last, []),
        context: false,
      });
      break;
    }
  }
  return { titles, released };
}
