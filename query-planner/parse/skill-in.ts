/**
 * Whether an "in" names a skill or a language rather than a place: "experience in Hitachi",
 * "developers in Java", "backend engineers who work in Java" (parse/places.ts reads no place
 * after it).
 */
import { SKILL_WORDS } from './lexicon/places.js';
import type { Token } from './tokens.js';

/**
 * Whether the "in" at token `p` follows a skill word ("experience in Hitachi"); "10+ years
 * experience in Markham" counts years, and its "in" may be the place they were spent in.
 */
export function skillIn(tokens: Token[], p: number): boolean {
  if (tokens[p]?.norm !== 'in') return false;
  const word = tokens[p - 1]?.norm ?? '';
  if (!SKILL_WORDS.has(word)) return false;
  return !((word === 'experience' || word === 'exp') && /^(years?|yrs?)$/.test(tokens[p - 2]?.norm ?? ''));
}

/** People who write code, whose "in" names a language ("developers in Java"). */
const CODERS = /^(developers?|devs?|engineers?|programmers?|coders?|architects?|coding|programming|written)$/;

/** Words of building software that make a later "in" name a language ("devs working in Java", "software teams in Java"). */
const CODING_WORDS = /^(write|writes|writing|code|codes|build|builds|building|software|backend|frontend|fullstack)$/;

/**
 * Whether the "in" at token `p` names a skill or a language rather than a place ("experience in
 * Java", "developers in Java", "backend engineers who work in Java"): a skill word right before
 * it, or a coder or coding word in its clause, at most five words back ("accountants in Java" is
 * the island).
 */
export function toolIn(tokens: Token[], p: number): boolean {
  if (tokens[p]?.norm !== 'in') return false;
  if (SKILL_WORDS.has(tokens[p - 1]?.norm ?? '')) return true;
  for (let k = p - 1; k >= Math.max(0, p - 5); k--) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct') return false;
    if (CODERS.test(t.norm) || CODING_WORDS.test(t.norm)) return true;
  }
  return false;
}
