/**
 * Word-order spellings of one job title (title-variants.ts uses them before abbreviations):
 * a level word that takes "of" written before or after its field ("VP Sales", "VP of Sales",
 * "VP, Sales"; "Marketing Director", "Director of Marketing"; "Sales Head", "Head of Sales"),
 * and a software developer also written an engineer ("iOS Developer", "iOS Engineer").
 * General job-market usage, lowercase words in, lowercase spellings out.
 *
 * The rule, by level word:
 * - VP words (VP, SVP, EVP, ..., Vice President) write their field after them, with "of", with a
 *   comma or with neither: "VP of Sales" ↔ "VP Sales" ("VP, Sales" is the same words). A field
 *   written before ("Sales VP") is spoken, not written on a profile; it reads as "VP (of) Sales".
 * - Director writes its field either side: "Director of Marketing" ↔ "Marketing Director" ↔
 *   "Director, Marketing".
 * - Head writes its field after "of" or before it: "Head of Sales" ↔ "Sales Head" (and
 *   "Head, Sales"); "Head Chef", "Head Coach" without "of" are other titles and stay as written.
 * - Manager, Lead, Officer, Chief and the rest do not move: a "Sales Manager" is not written
 *   "Manager of Sales", and "Chief of Staff" is no "Staff Chief".
 * A field moves only when it is a field: not a rank or scope word ("Managing Director",
 * "Executive Director", "Regional Director") and not an adjective ("Technical Director",
 * "Medical Director" are not directors of anything called "technical" or "medical").
 */
import { LEVEL_WORDS } from './parse/lexicon/levels.js';
import { SKILL_PHRASES } from './parse/lexicon/skills.js';

const VP_WORDS = new Set(['vp', 'svp', 'evp', 'avp', 'rvp', 'gvp']);

/** Words before a field that qualify the level, not the field: they stay in front ("Senior Director of Sales"). */
const QUALIFIERS = new Set([
  ...LEVEL_WORDS,
  ...['executive', 'regional', 'national', 'global', 'international', 'area', 'district', 'divisional', 'general', 'senior'],
  ...['associate', 'assistant', 'deputy', 'interim', 'acting', 'group', 'vice', 'president', 'corporate', 'country'],
]);

/** Department names written as adjectives that are still a field ("Director of Legal", "Director, Digital"). */
const DEPARTMENT_ADJECTIVES = new Set(['legal', 'digital', 'editorial', 'commercial']);

/** Whether the words name a field a level can be "of": no qualifier, no adjective, no function word first or last. */
function isField(words: string[]): boolean {
  if (!words.length) return false;
  const edge = (w: string | undefined) => w === undefined || w === 'and' || w === '&' || w === 'of' || w === ',';
  if (edge(words[0]) || edge(words.at(-1))) return false;
  return words.every(
    (w) =>
      w === 'and' ||
      w === '&' ||
      (!QUALIFIERS.has(w) && /^[a-z][a-z&/+-]*$/.test(w) && (DEPARTMENT_ADJECTIVES.has(w) || !/(al|ive|ic|ous|ful)$/.test(w))),
  );
}

/** Where a level word of `words` sits: its first and last index and its kind, or null. */
function levelAt(words: string[], i: number): { end: number; kind: 'vp' | 'director' | 'head' } | null {
  const w = words[i];
  if (w === undefined) return null;
  if (VP_WORDS.has(w)) return { end: i, kind: 'vp' };
  if (w === 'vice' && words[i + 1] === 'president') return { end: i + 1, kind: 'vp' };
  if (w === 'director') return { end: i, kind: 'director' };
  if (w === 'head') return { end: i, kind: 'head' };
  return null;
}

/**
 * Whether a title writes its field before its level ("Marketing Director", "Sales VP"): its other
 * orders are then its usual spellings, before any abbreviation of it.
 */
export const fieldFirst = (words: string[]): boolean => {
  const last = words.at(-1);
  return words.length > 1 && (last === 'director' || last === 'head' || VP_WORDS.has(last ?? '') || words.at(-2) === 'vice');
};

/**
 * The other word orders of a title (lowercase words without commas; `comma` when the title had
 * one, "Head, Sales"), most used first; none when the title has no level word that takes "of".
 */
export function titleOrders(words: string[], comma: boolean): string[] {
  let p = 0;
  while (p < words.length && QUALIFIERS.has(words[p] as string) && !levelAt(words, p)) p++;
  const prefix = words.slice(0, p);
  const join = (...parts: string[][]) =>
    parts
      .flat()
      .filter((w) => w !== '')
      .join(' ');
  const out: string[] = [];
  const level = levelAt(words, p);
  if (level) {
    const name = words.slice(p, level.end + 1);
    const withOf = words[level.end + 1] === 'of';
    const field = words.slice(level.end + (withOf ? 2 : 1));
    // "Head Chef" is a chef; "Head, Sales" (a comma) and "Head of Sales" head a field.
    if (!isField(field) || (level.kind === 'head' && !withOf && !comma)) return [];
    // "Director of Marketing" is most often also "Marketing Director", then "Director, Marketing".
    if (level.kind !== 'vp') out.push(join(prefix, field, name));
    out.splice(withOf ? out.length : 0, 0, join(prefix, name, withOf ? [] : ['of'], field));
    return out;
  }
  // The field first: "Marketing Director", "Sales Head", "Engineering VP".
  const last = words.length - 1;
  const tail = words[last - 1] === 'vice' && words[last] === 'president' ? last - 1 : last;
  const end = levelAt(words, tail);
  if (!end || end.end !== last) return [];
  const field = words.slice(p, tail);
  if (!isField(field)) return [];
  const name = words.slice(tail);
  out.push(join(prefix, name, ['of'], field), join(prefix, name, field));
  return out;
}

/** Title modifiers of software work: a developer of them is also written an engineer ("iOS Developer", "iOS Engineer"). */
const SOFTWARE_WORDS = new Set([
  ...['software', 'ios', 'android', 'mobile', 'web', 'frontend', 'front-end', 'backend', 'back-end', 'fullstack', 'full-stack'],
  ...['front', 'back', 'end', 'full', 'stack', 'embedded', 'game', 'blockchain', 'firmware'],
]);

/** Tools and languages by every way they are written ("python", "node.js"): a pure skill of the lexicon. */
export const TOOL_SKILLS: ReadonlyMap<string, string> = new Map(
  SKILL_PHRASES.filter(([, s]) => s.kind === 'pure' && !s.ambiguous).map(([key, s]) => [key, s.name]),
);

const DEVELOPER_HEADS = new Set(['developer', 'engineer', 'programmer']);

/**
 * The same software title with "Developer" and "Engineer" swapped, when every word before the
 * head (after level words) is software work or a tool ("Senior Python Developer" is a "Senior
 * Python Engineer"); null otherwise ("Business Developer", "Sales Engineer" stay).
 */
export function developerOrEngineer(words: string[]): string | null {
  const head = words.at(-1);
  if (head !== 'developer' && head !== 'engineer') return null;
  let p = 0;
  while (p < words.length - 1 && LEVEL_WORDS.has(words[p] as string)) p++;
  const field = words.slice(p, -1);
  if (!field.length || !field.every((w) => SOFTWARE_WORDS.has(w) || TOOL_SKILLS.has(w))) return null;
  return [...words.slice(0, -1), head === 'developer' ? 'engineer' : 'developer'].join(' ');
}

/**
 * Work whose doer is written by the field in most titles: a business developer's are "Business
 * Development Manager", "Business Development Representative", "Head of Business Development",
 * so "Business Developer" is looked for as "business development" too (nobody's title says
 * "Software Development" for a software developer: the field names a department there).
 */
const DEVELOPED_FIELDS = new Set(['business']);

/** The field a developer's title is written by ("Senior Business Developer" → "senior business development"), or null. */
export function developerAsField(words: string[]): string | null {
  if (words.at(-1) !== 'developer') return null;
  let p = 0;
  while (p < words.length - 1 && LEVEL_WORDS.has(words[p] as string)) p++;
  const field = words.slice(p, -1);
  return field.length === 1 && DEVELOPED_FIELDS.has(field[0] as string) ? [...words.slice(0, -1), 'development'].join(' ') : null;
}

/** Whether a word is the head of a software title ("developer", "engineer", "programmer"). */
export const isDeveloperHead = (w: string | undefined): boolean => w !== undefined && DEVELOPER_HEADS.has(w);
