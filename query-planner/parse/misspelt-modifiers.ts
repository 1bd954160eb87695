/**
 * Title modifiers a query misspells ("sofware engineers", "markteing managers"): read only inside
 * a title whose head is a known head noun (titles.ts), and only as a slip for a word the title
 * lexicon knows, as misspelt head nouns are (title-heads.ts).
 */
import { dictionaryWords } from '../../geo/common-words.js';
import { FUNCTION_CUES } from './lexicon/functions.js';
import { INDUSTRY_PHRASES } from './lexicon/industries.js';
import { MANAGED_DEPARTMENTS } from './lexicon/levels.js';
import { SKILL_PHRASES } from './lexicon/skills.js';
import { ACRONYMS, PLACED_ABBREVIATIONS, WORD_EXPANSIONS } from './lexicon/titles.js';
import { closestWord } from './misspelt-places.js';

let vocabulary: string[] | null = null;
let known: Set<string> | null = null;

/** Words of the title lexicon a modifier may be a slip for: functions, departments, industries, spelt-out abbreviations. */
function modifierWords(): string[] {
  if (vocabulary) return vocabulary;
  const phrases = [
    ...FUNCTION_CUES.map(([p]) => p),
    ...INDUSTRY_PHRASES.map(([p]) => p),
    ...MANAGED_DEPARTMENTS,
    ...WORD_EXPANSIONS.values(),
    ...[...PLACED_ABBREVIATIONS.values()].flatMap((v) => v.modifier),
  ];
  const words = new Set(phrases.flatMap((p) => p.toLowerCase().split(/\s+/)).filter((w) => /^[a-z]{5,}$/.test(w)));
  vocabulary = [...words];
  return vocabulary;
}

const fixed = new Map<string, string | null>();

/**
 * The title-lexicon word a modifier misspells ("sofware" → "software"): no English word however
 * rare, no tool or acronym, seven letters or more, one slip (two from ten letters, a swap
 * counting as one) from exactly one such word with the same first letter; null otherwise.
 * Remembered per word (bounded); nothing is tried on a word over 40 letters (closestWord).
 */
export function misspeltModifier(word: string): string | null {
  if (word.length < 7 || !/^[a-z]+$/.test(word)) return null;
  let hit = fixed.get(word);
  if (hit !== undefined) return hit;
  known ??= new Set([...SKILL_PHRASES.map(([k]) => k), ...ACRONYMS]);
  const real = dictionaryWords().has(word) || known.has(word) || modifierWords().includes(word);
  hit = real ? null : closestWord(word, modifierWords(), word.length >= 10 ? 2 : 1);
  if (fixed.size >= 10_000) fixed.clear();
  fixed.set(word, hit);
  return hit;
}
