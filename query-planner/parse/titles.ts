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
import { COUNT_WORDS } from './lexicon/roles.js';
import {
  AUDIENCES,
  COLLECTIVE,
  DETERMINERS,
  DOMAIN_TAILS,
  NOT_ALONE,
  PARTITIVES,
  SERVICE_WORDS,
  STRONG_LEVELS,
} from './lexicon/title-grammar.js';
import {
  ABBREVIATED_TITLES,
  ACRONYMS,
  BARE_COMPLEMENT_HEADS,
  CANONICAL_SPELLING,
  COMPLEMENT_HEADS,
  GENERIC_HEADS,
  TITLE_SUFFIXES,
  VERB_LIKE_HEADS,
} from './lexicon/titles.js';
import { FUNCTION_WORD_PARTS, FUNCTIONS, functionsOf, seniorityOf } from './title-facets.js';
import { isHeadWord, levelBeforeAgent, looseSingular, personPlural, singular } from './title-heads.js';
import { joinDualRoles, splitJoinedFields } from './title-pairs.js';
import { COLLEAGUE_CUES, type TitleInput, titleRuns } from './title-runs.js';
import { canonicalWord } from './title-spelling.js';
import type { Token } from './tokens.js';

export type { TitleInput } from './title-runs.js';

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
  /** Titles searched beside this one: each of two joined fields or roles (title-pairs.ts). */
  alternatives?: string[];
}

export interface TitleScan {
  titles: TitleMention[];
  /** Units (industries, skills) taken into a title. */
  released: Set<number>;
}

export function scanTitles(input: TitleInput): TitleScan {
  const { tokens } = input;
  const { isHead, cls, inComplementAt, unitOf, prose, runs } = titleRuns(input);

  const released = new Set<number>();
  const titles: TitleMention[] = [];
  for (const run of runs) parseRun(run);

  function parseRun(run: number[]): void {
    let s = 0;
    // Where a title began before its practice's "of" ("Voice of Customer Analyst"), or -1.
    let carried = -1;
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
        carried = i === s + 1 && namedPractice(run, s, i) ? s : -1;
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
          // "VP Sales and Marketing": a second domain word ending the run joins the first.
          const second = (q: number) => cls(run[q] as number) === 'T' && !isHead(tokens[run[q] as number] as Token);
          const open = (q: number) => q >= run.length || !/^(T|X)$/.test(cls(run[q] as number));
          if (j === lastHead + 2 && /^(CONJ|AMP)$/.test(cls(run[j] as number)) && second(j + 1) && open(j + 2)) j += 2;
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
        // "lead qualifiers": a level heading alone before a noun of whoever does something (title-heads.ts).
        if (end === lastHead + 1 && complementFrom < 0 && levelBeforeAgent(tokens, run, lastHead, cls, isHead)) end = ++lastHead + 1;
        // "Software Engineer II".
        const after = tokens[run[end] as number];
        if (complementFrom < 0 && after && TITLE_SUFFIXES.has(after.norm) && (after.norm !== 'i' || after.text === 'I')) end++;
      }
      build(run, carried >= 0 ? carried : s, end, lastHead, complementFrom);
      carried = -1;
      s = end;
    }
  }

  /**
   * Whether one word, "of" and one or two more before a head name a practice the title belongs
   * to: "Voice of Customer Analyst", "Point of Sale Engineer", "Bill of Materials Analyst",
   * "Internet of Things Engineer". A count or a collection is none ("team of data engineers").
   */
  function namedPractice(run: number[], s: number, of: number): boolean {
    const first = tokens[run[s] as number] as Token;
    if (of >= run.length || tokens[run[of] as number]?.norm !== 'of' || cls(run[s] as number) !== 'T' || isHead(first)) return false;
    if (PARTITIVES.has(first.norm) || COLLECTIVE.has(first.norm) || LEVEL_WORDS.has(first.norm)) return false;
    let j = of + 1;
    while (j < run.length && j <= of + 2 && cls(run[j] as number) !== 'OF' && !isHead(tokens[run[j] as number] as Token)) j++;
    const head = tokens[run[j] as number];
    return j > of + 1 && j < run.length && !!head && cls(run[j] as number) === 'T' && isHead(head);
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
    const headNorm = isHead(head) ? singular(head.norm) : looseSingular(head.norm);
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
      // Inside the title, after a word of it that is no level ("Amazon Marketplace Manager"):
      // taken out, it would leave a title nobody holds ("Amazon Manager").
      const inside = pre
        .slice(0, pre.indexOf(k))
        .some((q) => cls(q) === 'T' && !LEVEL_WORDS.has((tokens[q] as Token).norm) && keep.includes(q));
      // A domain industry leading the title ("Robotics Software Engineer", "Insurance Agent").
      const leadingDomain =
        !!u?.titlePart &&
        pre.slice(pre.indexOf(k)).some((q) => cls(q) === 'T') &&
        pre.slice(0, pre.indexOf(k)).every((q) => cls(q) !== 'T');
      if (
        u &&
        (leadingDomain ||
          inside ||
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
    const joined = splitJoinedFields(tokens, all, headIdx, assemble);
    const ctx = isColleague(all[0] as number);
    titles.push({
      // A head no list reads ("lead qualifiers", above) is made singular as English makes it.
      text: joined?.text ?? assemble(all, headIdx, !isHead(head)),
      ...(joined && { alternatives: joined.alternatives }),
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
    const knownHead = isHeadWord((tokens[headIdx] as Token | undefined)?.norm ?? '');
    let out = '';
    let prev = -2;
    for (const k of all) {
      const t = tokens[k] as Token;
      if (t.norm === ',') {
        out += ',';
        prev = k;
        continue;
      }
      const word = t.norm === '&' ? '&' : canonicalWord(t, k === headIdx, loose, !out, knownHead);
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
      // A cue's words claimed as the query's own opening ("trying to reach", "intro to") are none,
      // nor one glued to the word before it ("the go-to climatologists": an adjective).
      if (tokens[from]?.join === '-') continue;
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
      // "aircraft mechanics", "a&p mechanics": a field's plural ("mechanics") whose singular is a
      // head noun, after a word of the run, is the people; not a field studied ("in fluid mechanics").
      const person = personPlural(norms, before);
      const titleish =
        !!person ||
        norms.some((w) => FUNCTIONS.byFirst.has(w) || CANONICAL_SPELLING.has(w) || ACRONYMS.has(w) || /(er|or|ist|ian|ant|ary)s?$/.test(w));
      if (!titleish) continue;
      const last = words[words.length - 1] as number;
      const text = person ? `${assemble(words.slice(0, -1), -1, true)} ${person}` : assemble(words, last, true);
      titles.push({
        text,
        tokens: words,
        from: words[0] as number,
        to: last + 1,
        head: person?.toLowerCase() ?? looseSingular((tokens[last] as Token).norm),
        seniority: [],
        functions: functionsOf(tokens, words, last, []),
        context: false,
      });
      break;
    }
  }
  joinDualRoles(tokens, titles);
  return { titles, released };
}
