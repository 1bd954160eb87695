/**
 * Occupational nouns from WordNet (lexicon/data/occupation-nouns.txt, made by
 * lexicon/build-occupation-nouns.ts): kinds of people one works as that the hand list of head
 * nouns (lexicon/titles.ts) lacks ("scout", "farrier", "luthier", "DJ"). The title grammar reads
 * one as a title's head only where nothing else can be (occupationHeads): at the end of a run of
 * title words with no known head, after a word of the title ("football scouts", "radio DJs"),
 * never alone ("veterans welcome" has no title either way).
 */
import fs from 'node:fs';
import pluralize from 'pluralize';
import { fromPackageRoot } from '../../lib/package-root.js';
import { LEVEL_WORDS } from './lexicon/levels.js';
import type { Token } from './tokens.js';

/** Lower-case noun → as WordNet writes it ("dj" → "DJ"). */
let nouns: Map<string, string> | null = null;
/** Plurals that are nouns of their own ("mechanics"), not the plural of a listed noun. */
let otherNouns: Set<string> = new Set();

/** The list, read once. */
function load(): Map<string, string> {
  if (nouns) return nouns;
  const out = new Map<string, string>();
  const others = new Set<string>();
  for (const line of fs.readFileSync(fromPackageRoot('query-planner/parse/lexicon/data/occupation-nouns.txt'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('!')) others.add(line.slice(1));
    else out.set(line.toLowerCase(), line);
  }
  otherNouns = others;
  nouns = out;
  return out;
}

/** The singular of an occupational noun ("scouts" → "scout", "djs" → "dj"), or undefined. Level words ("senior") are none. */
export function occupationNoun(norm: string): string | undefined {
  if (!/^[a-z]{2,}$/.test(norm)) return undefined;
  const list = load();
  if (otherNouns.has(norm)) return undefined;
  const one = list.has(norm) ? norm : pluralize.singular(norm);
  return list.has(one) && !LEVEL_WORDS.has(one) ? one : undefined;
}

/** How WordNet writes an occupational noun when that is not in lower case ("DJ"), else undefined. */
export function occupationSpelling(singular: string): string | undefined {
  const written = load().get(singular);
  return written && written !== singular ? written : undefined;
}

/**
 * Tokens that head a title as occupational nouns: in a query where no run of title words
 * (title-runs.ts) has a known head, a run's last word when that is an occupational noun right
 * after another word of the run ("football scouts", "radio DJs"; "wedding videographers" are
 * known already). Alone ("busboys in miami") or after a connector a noun heads nothing.
 */
export function occupationHeads(tokens: Token[], runs: number[][], cls: (i: number) => string, isHead: (t: Token) => boolean): Set<number> {
  const out = new Set<number>();
  // A query whose title the grammar reads already ("seed sales reps ... (cotton growers)",
  // "engineers with supplier experience") names no second one this way.
  if (runs.some((run) => run.some((k) => cls(k) === 'T' && isHead(tokens[k] as Token)))) return out;
  for (const run of runs) {
    const last = run[run.length - 1] as number;
    const prev = run[run.length - 2];
    const t = tokens[last] as Token;
    if (prev !== last - 1 || t.kind !== 'word' || t.claim || cls(last) !== 'T') continue;
    const before = tokens[prev] as Token;
    // A word of the title, not an industry or a tool the title would leave out ("fintech scouts").
    if (before.kind !== 'word' || cls(prev) !== 'T') continue;
    if (occupationNoun(t.norm)) out.add(last);
  }
  return out;
}
