/**
 * Head nouns of job titles as they are written: singular or plural, compounds ("psychotherapist",
 * "fisherman"), endings that only make people ("enologist") and misspellings ("cordinator"), and
 * the level word's everyday misspelling ("principle engineer").
 * The title grammar (parse/titles.ts), employers and places ask the same question of a word.
 */
import pluralize from 'pluralize';
import { commonWords, dictionaryWords } from '../../geo/common-words.js';
import { LEVEL_WORDS } from './lexicon/levels.js';
import { ABBREVIATED_TITLES, HEAD_NOUNS, NOT_PLURAL, WORD_EXPANSIONS } from './lexicon/titles.js';
import { closestWord } from './misspelt-places.js';
import { occupationNoun } from './occupation-nouns.js';
import type { Token } from './tokens.js';

/** Singular of a title word: known heads and abbreviations first, then English (pluralize), then a misspelt head. */
export function singular(norm: string): string {
  const expanded = WORD_EXPANSIONS.get(norm);
  if (expanded) return expanded.toLowerCase();
  if (HEAD_NOUNS.has(norm) || ABBREVIATED_TITLES.has(norm) || NOT_PLURAL.has(norm)) return norm;
  const one = pluralize.singular(norm);
  // A plural abbreviation is its singular's word ("coords" are coordinators, "techs" technicians).
  const expandedOne = one !== norm ? WORD_EXPANSIONS.get(one) : undefined;
  if (expandedOne) return expandedOne.toLowerCase();
  if (HEAD_NOUNS.has(one) || ABBREVIATED_TITLES.has(one) || compoundHead(one)) return one;
  // An occupational noun of WordNet's ("scouts"), singular when the grammar reads it as a head.
  return misspeltHead(one) ?? occupationNoun(norm) ?? norm;
}

const compounds = new Map<string, boolean>();
/**
 * Head nouns of six letters or more: the ones a compound may end in ("psychotherapist",
 * "songwriter"). Not those that also end names of things or other words ("semiconductor",
 * "microcontroller", "screwdriver", "dismember", "disassociate").
 */
const LONG_HEADS = [...HEAD_NOUNS].filter(
  (h) => h.length >= 6 && !['member', 'associate', 'conductor', 'controller', 'driver', 'operator', 'waiter'].includes(h),
);

/**
 * A head noun written as one word with what it works on: a common English word that ends in a
 * head noun of six letters or more after three letters or more ("psychotherapist",
 * "neuroscientist", "songwriter", "stockbroker"), or in "man", "woman" or "person" after a common
 * word of three letters or more ("fisherman", "lineman", "chairwoman", "salesperson"; not
 * "human" or "woman"); a word no list has that ends in a head of seven letters or more after
 * four ("cryptanalyst"); or a word with an ending that only makes people ("enologist",
 * "beautician", "podiatrist", "choreographer", "goldsmith", "shipwright"). Remembered per word
 * (bounded).
 */
function compoundHead(word: string): boolean {
  let hit = compounds.get(word);
  if (hit !== undefined) return hit;
  const common = commonWords();
  // Endings that only make people: "enologist", "beautician", "podiatrist", "choreographer",
  // "goldsmith", "shipwright", "solopreneur".
  hit = word.length >= 7 && /^[a-z]+(ologist|ician|iatrist|ographer|smith|wright|preneur)$/.test(word);
  if (!hit && word.length >= 6 && /^[a-z]+$/.test(word)) {
    const person = /^([a-z]{3,}?)(wo)?(man|person)$/.exec(word);
    if (common.has(word))
      hit = person ? common.has(person[1] as string) : LONG_HEADS.some((h) => word.length >= h.length + 3 && word.endsWith(h));
    // A word no list has: a head of seven letters or more after four ("cryptanalyst").
    else hit = !person && LONG_HEADS.some((h) => h.length >= 7 && word.length >= h.length + 4 && word.endsWith(h));
  }
  if (compounds.size >= 10_000) compounds.clear();
  compounds.set(word, hit);
  return hit;
}

const misspelt = new Map<string, string | null>();
const HEADS = [...HEAD_NOUNS];

/**
 * The head noun a word misspells ("cordinator", "superintendant", "enginer"): no English word,
 * however rare ("jointer" is a plane, not a slip for "joiner": `dictionaryWords`), seven letters
 * or more (six with a letter of a seven-letter head dropped: "managr"), one slip (two from ten letters, a swap counting as one) from exactly one head noun
 * with the same first letter. Remembered per word (bounded).
 */
function misspeltHead(word: string): string | null {
  if (word.length < 6 || !/^[a-z]+$/.test(word)) return null;
  let hit = misspelt.get(word);
  if (hit !== undefined) return hit;
  const real = dictionaryWords().has(word);
  hit = real ? null : closestWord(word, HEADS, word.length >= 10 ? 2 : 1);
  // Six letters only as a letter dropped from a head of seven ("managr", "analst"): a slip that
  // changes a letter of so short a word makes another word as often.
  if (hit && word.length === 6 && hit.length !== 7) hit = null;
  // "dermatologst", "radiolgist": a slip in an ending that only makes people (-ologist, -ician),
  // one letter from that ending after a stem of four letters or more.
  if (!hit && !real) {
    const m = /^([a-z]{4,}?)(olog[a-z]?st|ol[a-z]?gist|ologis|icain|ican|ecian)$/.exec(word);
    const fixed = m ? `${m[1]}${/^ol/.test(m[2] as string) ? 'ologist' : 'ician'}` : null;
    if (fixed && fixed !== word && closestWord(word, [fixed], 1) === fixed && compoundHead(fixed)) hit = fixed;
  }
  if (misspelt.size >= 10_000) misspelt.clear();
  misspelt.set(word, hit);
  return hit;
}

/** Generic English singular for the last word of a title that has no known head. */
export function looseSingular(norm: string): string {
  // Domain words in "-ics", "-ops", "-us" are not plurals ("Analytics", "RevOps", "Campus").
  if (NOT_PLURAL.has(norm) || norm.length < 4 || /(ss|us|is|ics|ops)$/.test(norm) || !norm.endsWith('s')) return singular(norm);
  const known = singular(norm);
  return known !== norm ? known : pluralize.singular(norm);
}

/** Whether a word (as normalised, singular or plural) is a title's head noun: listed, abbreviated or compound. */
export function isHeadWord(norm: string): boolean {
  const s = singular(norm);
  return HEAD_NOUNS.has(s) || ABBREVIATED_TITLES.has(s) || compoundHead(s);
}

/**
 * "Principle engineer": the level word's everyday misspelling, before the next word of a title
 * (not "principles of design"). The text keeps what was written; the title reads "Principal".
 */
export function mendLevelSpelling(tokens: Token[]): Token[] {
  for (const t of tokens) {
    const next = tokens[t.i + 1];
    if (t.norm === 'principle' && next?.kind === 'word' && !/^(of|and|or|based|driven)$/.test(next.norm)) {
      t.norm = 'principal';
      t.text = t.text.replace(/ciple$/i, (m) => (m === m.toUpperCase() ? 'CIPAL' : 'cipal'));
    }
  }
  return tokens;
}

/**
 * Whether a word no list reads as a head names whoever does what an English verb says: "-er",
 * "-ier" or "-or" after the verb ("qualifier" of "qualify", "closer" of "close", "setter" of "set",
 * "generator" of "generate"), of six letters or more. A tool has such names too ("router",
 * "printer"), so the title grammar asks only where a word of the title before it is a level
 * ("lead qualifiers").
 */
export function agentNoun(norm: string): boolean {
  const one = pluralize.singular(norm);
  if (one.length < 6 || !/^[a-z]+(er|or)$/.test(one)) return false;
  const verbs = dictionaryWords();
  const stem = one.replace(/(er|or)$/, '');
  const stems = [stem, `${stem}e`, one.replace(/ier$/, 'y'), stem.replace(/([b-df-hj-np-tv-z])\1$/, '$1')];
  return stems.some((s) => s.length >= 3 && s !== one && verbs.has(s));
}

/**
 * The head a field's plural names people by, title-cased ("Mechanic" of "mechanics"), when the
 * run of words `norms` ends in a word read as a field (NOT_PLURAL) whose English singular is a
 * head noun, after another word ("aircraft mechanics", "a&p mechanics"), and the run follows no
 * word that makes it a field studied or worked in (`before`: "in fluid mechanics").
 */
export function personPlural(norms: string[], before: string): string | null {
  const last = norms[norms.length - 1] as string;
  if (norms.length < 2 || !NOT_PLURAL.has(last) || /^(in|of|on|with|about|into|within)$/.test(before)) return null;
  const one = pluralize.singular(last);
  return one !== last && HEAD_NOUNS.has(one) ? one.charAt(0).toUpperCase() + one.slice(1) : null;
}

/**
 * Whether the head at `run[head]` is a level word that heads titles alone ("Lead") followed by the
 * run's last title word, a noun no list reads as a head but an {@link agentNoun}: "lead
 * qualifiers" is a Lead Qualifier, not a Lead.
 */
export function levelBeforeAgent(
  tokens: Token[],
  run: number[],
  head: number,
  cls: (i: number) => string,
  isHead: (t: Token) => boolean,
): boolean {
  const next = run[head + 1];
  const after = run[head + 2];
  return (
    LEVEL_WORDS.has((tokens[run[head] as number] as Token).norm) &&
    next !== undefined &&
    cls(next) === 'T' &&
    !isHead(tokens[next] as Token) &&
    (after === undefined || !/^(T|X)$/.test(cls(after))) &&
    agentNoun((tokens[next] as Token).norm)
  );
}
