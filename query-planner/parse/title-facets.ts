/**
 * What a title says beyond its words: its seniorities and its job function, read from the tokens
 * the title grammar (titles.ts) put in it.
 */
import type { JobFunction, Seniority } from '../advanced-filters.js';
import { FUNCTION_CUES } from './lexicon/functions.js';
import { LEVEL_SENIORITY, LEVEL_WORDS, MANAGED_DEPARTMENTS } from './lexicon/levels.js';
import { WORD_EXPANSIONS } from './lexicon/titles.js';
import { singular } from './title-heads.js';
import { phraseParts, phraseTable, type Token } from './tokens.js';

/** Function phrases by their first word. */
export const FUNCTIONS = phraseTable(FUNCTION_CUES);

/** Every word of a function cue ("data", "science" of "data science"): what a function is spelled with. */
export const FUNCTION_WORD_PARTS = new Set(FUNCTION_CUES.flatMap(([phrase]) => phraseParts(phrase)));

/** The seniorities a title's words give it: its level words, then its head ("Senior Manager", "Head of X", "Founder"). */
export function seniorityOf(tokens: readonly Token[], all: number[], headIdx: number, hasComplement: boolean): Seniority[] {
  const out = new Set<Seniority>();
  const head = singular((tokens[headIdx] as Token).norm);
  const pre = all.filter((k) => k < headIdx).map((k) => (tokens[k] as Token).norm);
  const lastMod = [...pre].reverse().find((w) => !LEVEL_WORDS.has(w));
  for (const w of pre) {
    if (w === 'senior' || w === 'sr') {
      out.add(
        head === 'manager'
          ? 'senior_manager'
          : head === 'director' || head === 'head'
            ? 'director'
            : head === 'vp' || head === 'president'
              ? 'vp'
              : 'senior_ic',
      );
    } else if (w === 'lead' || w === 'staff' || w === 'principal' || w === 'distinguished') out.add('staff');
    else if (w === 'associate' && head !== 'counsel' && head !== 'director') out.add('entry');
    else if (w === 'junior' || w === 'jr' || w === 'entry') out.add('entry');
    else if (w === 'chief') out.add('cxo');
    else if (w === 'group' && head === 'manager') out.add('manager');
    else if (w === 'vice' && head === 'president') out.add('vp');
    else if (w === 'managing' && head === 'partner') out.add('partner');
  }
  if (head === 'intern' || head === 'apprentice' || head === 'trainee') out.add('intern');
  else if (head === 'founder' || head === 'cofounder') out.add('founder');
  else if (head === 'head' && hasComplement) out.add('director');
  else if (head === 'director') out.add('director');
  else if (head === 'president' && !pre.includes('vice')) out.add('cxo');
  else if (head === 'owner' && lastMod !== 'product' && lastMod !== 'business' && lastMod !== 'process') out.add('owner');
  else if (head === 'partner' && (!lastMod || ['managing', 'general', 'equity', 'founding'].includes(lastMod))) out.add('partner');
  else if (head === 'manager' && !out.size && (!lastMod || MANAGED_DEPARTMENTS.has(lastMod))) out.add('manager');
  else if (head === 'lead' && !out.size) out.add(pre.includes('tech') || pre.includes('technical') ? 'staff' : 'manager');
  else if (LEVEL_SENIORITY.has(head) && !out.size) out.add(LEVEL_SENIORITY.get(head) as Seniority);
  if ((tokens[headIdx] as Token).norm === 'co' || pre.includes('co')) if (head === 'founder') out.add('founder');
  return [...out];
}

/**
 * The job function a title names: the longest function phrase in its complement ("Head of Data
 * Science"), else one spanning its head, else the nearest before it, else one the head starts.
 */
export function functionsOf(tokens: readonly Token[], all: number[], headIdx: number, complement: number[]): JobFunction[] {
  const norms = all.map((k) => {
    const n = (tokens[k] as Token).norm;
    return k === headIdx ? singular(n) : (WORD_EXPANSIONS.get(n)?.toLowerCase() ?? n);
  });
  const headPos = all.indexOf(headIdx);
  const matches: { start: number; end: number; fn: JobFunction }[] = [];
  for (let i = 0; i < norms.length; i++) {
    const list = FUNCTIONS.byFirst.get(norms[i] as string);
    if (!list) continue;
    for (const e of list) {
      if (e.parts.every((p, q) => norms[i + q] === p)) {
        matches.push({ start: i, end: i + e.parts.length, fn: e.value });
        break;
      }
    }
  }
  if (!matches.length) return [];
  const complementStart = complement.length ? all.indexOf(complement[0] as number) : -1;
  const inComplement = complementStart >= 0 ? matches.filter((m) => m.start >= complementStart) : [];
  const pick =
    inComplement.sort((a, b) => b.end - b.start - (a.end - a.start))[0] ??
    matches
      .filter((m) => m.start <= headPos && m.end > headPos && m.end - m.start > 1)
      .sort((a, b) => b.end - b.start - (a.end - a.start))[0] ??
    matches.filter((m) => m.end <= headPos).sort((a, b) => b.end - a.end || b.end - b.start - (a.end - a.start))[0] ??
    matches.find((m) => m.start <= headPos && m.end > headPos);
  return pick ? [pick.fn] : [];
}
