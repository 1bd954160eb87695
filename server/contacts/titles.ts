/**
 * Job titles as the contact matcher compares them (docs/contacts.md, "Titles"): each title is a
 * list of tokens, a token being one word or the readings an abbreviation may have. Abbreviations
 * are spelt out ("Sr." senior, "Mgr" manager, "Rep." representative), a phrase that has an
 * abbreviation is contracted to it on both sides ("Vice President" and "VP" are one token, so
 * "VP" never matches a plain "President"), and plurals are made singular.
 */
import { PLACED_ABBREVIATIONS as BY_PLACE, WORD_EXPANSIONS } from '../../query-planner/parse/lexicon/titles.js';
import { words } from './normalize.js';

/** Abbreviated words and what they stand for wherever they are, beyond the query parser's. */
const READINGS: ReadonlyMap<string, string[]> = new Map([
  ...[...WORD_EXPANSIONS].map(([abbr, word]) => [abbr.replace(/\.$/, ''), [word.toLowerCase()]] as [string, string[]]),
  ['eng', ['engineer', 'engineering']],
  ['rep', ['representative']],
  ['reps', ['representative']],
  ['infra', ['infrastructure']],
  ['ops', ['operation']],
  ['mgmt', ['management']],
  ['spec', ['specialist']],
  ['princ', ['principal']],
  ['prin', ['principal']],
  ['fin', ['finance', 'financial']],
  ['prod', ['product', 'production']],
  ['sec', ['security']],
  ['anlst', ['analyst']],
  ['mkt', ['marketing']],
]);

/** Phrases and the abbreviation they contract to, in the order they are applied. */
const CONTRACTIONS: readonly [string[], string][] = [
  [['vice', 'president'], 'vp'],
  [['senior', 'vp'], 'svp'],
  [['executive', 'vp'], 'evp'],
  [['assistant', 'vp'], 'avp'],
  [['software', 'development', 'engineer'], 'sde'],
  [['site', 'reliability', 'engineer'], 'sre'],
  [['software', 'engineer'], 'swe'],
  [['product', 'manager'], 'pm'],
  [['project', 'manager'], 'pm'],
  [['engineering', 'manager'], 'em'],
  [['human', 'resource'], 'hr'],
  // Roles written by their letters in contact lists and CRMs ("Sr. BDR", "Princ. AE", "CTO").
  [['business', 'development', 'representative'], 'bdr'],
  [['sale', 'development', 'representative'], 'sdr'],
  [['account', 'executive'], 'ae'],
  [['customer', 'success', 'manager'], 'csm'],
  [['technical', 'account', 'manager'], 'tam'],
  [['chief', 'executive', 'officer'], 'ceo'],
  [['chief', 'technology', 'officer'], 'cto'],
  [['chief', 'technical', 'officer'], 'cto'],
  [['chief', 'financial', 'officer'], 'cfo'],
  [['chief', 'operating', 'officer'], 'coo'],
  [['chief', 'marketing', 'officer'], 'cmo'],
  [['chief', 'product', 'officer'], 'cpo'],
  [['chief', 'information', 'officer'], 'cio'],
  [['chief', 'information', 'security', 'officer'], 'ciso'],
];

/** Each abbreviation a phrase contracts to, and the phrase's words (the first phrase of an abbreviation). */
const SPELLED: ReadonlyMap<string, string[]> = new Map(
  [...CONTRACTIONS].reverse().map(([phrase, abbr]): [string, string[]] => [abbr, phrase]),
);

/** Tokens with each contracted abbreviation spelt out, word by word ("svp" → senior vice president). */
function spelledOut(tokens: readonly TitleToken[]): TitleToken[] {
  return tokens.flatMap((t) => {
    const words = t.length === 1 ? SPELLED.get(t[0] as string) : undefined;
    return words ? spelledOut(words.map((w) => [w])) : [t];
  });
}

/** Each abbreviation's words, spelt out all the way ("svp" → senior, vice, president). */
const SPELLED_WORDS: ReadonlyMap<string, string[]> = new Map(
  [...SPELLED.keys()].map((abbr): [string, string[]] => [abbr, spelledOut([[abbr]]).map((t) => t[0] as string)]),
);

/** A title token: a word, or the words an abbreviation may stand for. */
export type TitleToken = readonly string[];

const singular = (w: string): string => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** A title's tokens ({@link TitleToken}), readings spelt out and phrases contracted. */
export function titleTokens(text: string | null | undefined): TitleToken[] {
  const ws = words(text);
  let tokens: TitleToken[] = ws.map((w, i) => {
    const placed = BY_PLACE.get(w);
    if (placed) return i === ws.length - 1 ? placed.head : placed.modifier;
    return (READINGS.get(w) ?? [w]).map(singular);
  });
  for (const [phrase, abbr] of CONTRACTIONS) {
    const out: TitleToken[] = [];
    for (let i = 0; i < tokens.length; i++) {
      if (phrase.every((w, k) => tokens[i + k]?.includes(w))) {
        out.push([abbr]);
        i += phrase.length - 1;
      } else out.push(tokens[i] as TitleToken);
    }
    tokens = out;
  }
  return tokens;
}

/**
 * How much two titles share (0 to 1): each token read as the other title reads it where it can
 * (one of its readings the other holds), then the shared words over all words (Jaccard).
 */
export function titleOverlap(a: readonly TitleToken[], b: readonly TitleToken[]): number {
  const contracted = jaccard(a, b);
  const [aa, ab] = [abbreviationsIn(a), abbreviationsIn(b)];
  if (!aa.length && !ab.length) return contracted;
  // Abbreviations also count as the words they stand for: "BDR, Core Infrastructure" shares three
  // of its five words with "Business Development Representative", and "Executive, Enterprise
  // Account" all of "Enterprise Account Executive". Not when both titles are abbreviations of
  // their own ("CEO" and "CTO" share two words of three, and are two roles), nor when the other
  // title holds only some of an abbreviation's words ("VP" is not "President", nor "EM"
  // "Manager": an abbreviation is one reading, never half of one).
  if (aa.length && ab.length && aa.some((x) => !ab.includes(x))) return contracted;
  const [sa, sb] = [spelledOut(a), spelledOut(b)];
  const whollyIn = (abbrs: string[], spelled: TitleToken[]) => {
    const held = new Set(spelled.flat());
    return abbrs.every((x) => (SPELLED_WORDS.get(x) as string[]).every((w) => held.has(w)));
  };
  if (!whollyIn(aa, sb) || !whollyIn(ab, sa)) return contracted;
  return Math.max(contracted, jaccard(sa, sb));
}

/** The contracted abbreviations among a title's tokens. */
const abbreviationsIn = (tokens: readonly TitleToken[]): string[] =>
  tokens.filter((t) => t.length === 1 && SPELLED.has(t[0] as string)).map((t) => t[0] as string);

/** The shared words of two titles over all their words, each token read as the other title reads it where it can. */
function jaccard(a: readonly TitleToken[], b: readonly TitleToken[]): number {
  if (!a.length || !b.length) return 0;
  const read = (tokens: readonly TitleToken[], other: readonly TitleToken[]): Set<string> => {
    const held = new Set(other.flat());
    return new Set(tokens.map((t) => t.find((w) => held.has(w)) ?? (t[0] as string)));
  };
  const sa = read(a, b);
  const sb = read(b, a);
  const common = [...sa].filter((w) => sb.has(w)).length;
  return common / new Set([...sa, ...sb]).size;
}
