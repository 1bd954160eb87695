/**
 * Titles joined by "and", "&" or "or" (titles.ts), read as a recruiter reads them:
 *
 * - two fields before one head, or after its "of" ("sales and marketing directors", "head of
 *   sales and partnerships"): the title as written, then each field's own title beside it ("Sales
 *   Director", "Marketing Director"), since people hold either as often as both; unless the
 *   pair names one field ("research and development", "health and safety", "strategy &
 *   operations"), and only when both words are a function's own words. With "or" the writer
 *   asks for either: the two titles only ("frontend or backend engineers").
 * - two titles of one person, an office beside a founder's, owner's, partner's or officer's role
 *   ("co-founder and COO", "Founder & CEO", "VP and General Manager"), both singular: the pair as
 *   one title first, then each. Plural titles stay a list of people ("engineers and designers",
 *   "founders and CEOs").
 */
import type { Seniority } from '../advanced-filters.js';
import { FUNCTION_CUES } from './lexicon/functions.js';
import { LEVEL_WORDS } from './lexicon/levels.js';
import { ONE_FIELD_PAIRS } from './lexicon/title-grammar.js';
import { BARE_COMPLEMENT_HEADS } from './lexicon/titles.js';
import { isHeadWord, singular } from './title-heads.js';
import type { TitleMention } from './titles.js';
import type { Token } from './tokens.js';

/** Words that name a field by themselves: one-word function cues that are no head ("sales", "marketing", "frontend"). */
const FIELD_WORDS = new Set(
  FUNCTION_CUES.map(([phrase]) => phrase)
    .filter((p) => /^[a-z0-9]+$/.test(p))
    .filter((p) => !isHeadWord(p)),
);

/** Seniorities of the offices a person holds beside another title ("Founder & CEO"). */
const OFFICES: ReadonlySet<Seniority> = new Set<Seniority>(['founder', 'owner', 'partner', 'cxo', 'vp']);

/** The title a joined pair stands for, and the titles searched beside it. */
export interface JoinedTitle {
  text: string;
  alternatives: string[];
}

/**
 * "Sales and Marketing Director" beside "Sales Director" and "Marketing Director"; "frontend or
 * backend engineers" as "Frontend Engineer" and "Backend Engineer". `all` are the title's token
 * indices in order, `assemble` spells a subset of them. Null when no such pair is in the title.
 */
export function splitJoinedFields(
  tokens: readonly Token[],
  all: number[],
  headIdx: number,
  assemble: (tokenIdx: number[], headIdx: number) => string,
): JoinedTitle | null {
  const p = all.findIndex((k) => /^(and|&|or)$/.test((tokens[k] as Token).norm));
  if (p < 1 || p + 1 >= all.length) return null;
  const k = all[p] as number;
  const a = all[p - 1] as number;
  const b = all[p + 1] as number;
  if (a !== k - 1 || b !== k + 1 || a === headIdx || b === headIdx) return null;
  // What precedes the first field: nothing, level words, a head's "of" or a VP ("Head of Sales
  // and Partnerships", "Senior Sales and Marketing Manager", "VP Sales and Marketing").
  const before = all.slice(0, p - 1).map((q) => (tokens[q] as Token).norm);
  const last = before[before.length - 1];
  if (last !== undefined && last !== 'of' && !BARE_COMPLEMENT_HEADS.has(last) && !before.every((w) => LEVEL_WORDS.has(w))) return null;
  const an = (tokens[a] as Token).norm;
  const bn = (tokens[b] as Token).norm;
  const or = (tokens[k] as Token).norm === 'or';
  if (!or && (!FIELD_WORDS.has(an) || !FIELD_WORDS.has(bn) || ONE_FIELD_PAIRS.has(`${an} ${bn}`))) return null;
  if (or && (isHeadWord(an) || isHeadWord(bn))) return null;
  const first = assemble(
    all.filter((q) => q !== k && q !== b),
    headIdx,
  );
  const second = assemble(
    all.filter((q) => q !== a && q !== k),
    headIdx,
  );
  return or ? { text: first, alternatives: [second] } : { text: assemble(all, headIdx), alternatives: [first, second] };
}

/** Whether a title is written in the plural ("CEOs", "co-founders"). */
function plural(tokens: readonly Token[], t: TitleMention): boolean {
  return t.tokens.some((k) => {
    const n = (tokens[k] as Token).norm;
    return n !== t.head && /s$/.test(n) && singular(n) === t.head;
  });
}

/**
 * Joins two singular titles of one person ("co-founder and COO") into one mention, the pair
 * first and each title after it, in place. Titles of colleagues stay apart.
 */
export function joinDualRoles<T extends TitleMention>(tokens: readonly Token[], titles: T[]): void {
  for (let i = 0; i + 1 < titles.length; i++) {
    const a = titles[i] as T;
    const b = titles[i + 1] as T;
    const joint = tokens[a.to];
    if (a.context || b.context || b.from !== a.to + 1 || !joint || !/^(and|&)$/.test(joint.norm)) continue;
    if (a.alternatives || b.alternatives || plural(tokens, a) || plural(tokens, b)) continue;
    if (![...a.seniority, ...b.seniority].some((s) => OFFICES.has(s))) continue;
    const joined: T = {
      ...a,
      text: `${a.text} ${joint.norm} ${b.text}`,
      tokens: [...a.tokens, a.to, ...b.tokens],
      to: b.to,
      head: b.head,
      seniority: [...new Set([...a.seniority, ...b.seniority])],
      functions: [...new Set([...a.functions, ...b.functions])],
      alternatives: [a.text, b.text],
    };
    titles.splice(i, 2, joined);
  }
}
