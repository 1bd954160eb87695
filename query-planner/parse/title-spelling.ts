/**
 * How a word is spelt inside a title (titles.ts): heads singular, abbreviations spelt out or in
 * their usual capitals, function words small, other words title-cased.
 */

import { dictionaryWords } from '../../geo/common-words.js';
import {
  ABBREVIATED_TITLES,
  ACRONYMS,
  CANONICAL_SPELLING,
  TITLE_FUNCTION_WORDS,
  TITLE_SUFFIXES,
  WORD_EXPANSIONS,
} from './lexicon/titles.js';
import { misspeltModifier } from './misspelt-modifiers.js';
import { occupationSpelling } from './occupation-nouns.js';
import { looseSingular, singular } from './title-heads.js';
import { dottedHead } from './title-runs.js';
import type { Token } from './tokens.js';

/**
 * How a word is spelt inside a title. `knownHead`: the title's head is a known head noun, so a
 * modifier that is a slip for a title word is read as that word ("Sofware Engineer").
 */
export function canonicalWord(t: Token, asHead: boolean, loose = false, first = false, knownHead = false): string {
  const dotted = dottedHead(t);
  if (dotted) return dotted;
  const written = asHead ? (loose ? looseSingular(t.norm) : singular(t.norm)) : t.norm;
  const norm = (!asHead && knownHead ? misspeltModifier(written) : null) ?? written;
  if (norm !== written) return CANONICAL_SPELLING.get(norm) ?? norm.charAt(0).toUpperCase() + norm.slice(1);
  // "Haskell devs" are developers; "biz dev managers" manage business development.
  if (norm === 'dev') return asHead ? 'Developer' : 'Development';
  if (norm === 'biz' && !asHead) return 'Business';
  // A plural abbreviation at the head is its singular's ("marketing coords" are coordinators).
  const spelt =
    ABBREVIATED_TITLES.get(norm) ??
    WORD_EXPANSIONS.get(t.norm) ??
    (asHead ? WORD_EXPANSIONS.get(norm) : undefined) ??
    (t.i > 0 ? TITLE_SUFFIXES.get(norm) : undefined);
  if (spelt) return spelt;
  const canonical = CANONICAL_SPELLING.get(norm) ?? (asHead ? occupationSpelling(norm) : undefined);
  if (canonical) return canonical;
  // A function word is small inside a title, capitalised when it starts one ("In-House Counsel").
  if (TITLE_FUNCTION_WORDS.has(norm)) return first ? norm.charAt(0).toUpperCase() + norm.slice(1) : norm;
  // Initials joined by "&" are an acronym however written ("a&p", "P&c", "f&b", "o&g").
  if (ACRONYMS.has(norm) || /^[a-z]{1,3}&[a-z]{1,3}$/.test(norm)) return norm.toUpperCase();
  // A short word written in capitals that is no English word is an acronym as written ("LLVM",
  // "CUDA", "RTOS"); "TOWER" of a query in capitals is a word.
  if (t.upper && /^\p{Lu}{2,5}$/u.test(t.text) && !dictionaryWords().has(norm)) return t.text;
  // A trailing dot of an abbreviation is no part of the title ("Sales Rep." is a Sales Rep).
  const text = asHead && norm !== t.norm ? norm : t.text.replace(/\.$/, '');
  // Mixed capitals as written ("McKinsey", "DevOps") stay; everything else is title-cased.
  if (/\p{Ll}\p{Lu}/u.test(text) && !/^\p{Lu}+$/u.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}
