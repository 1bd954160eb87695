/**
 * Titles ruled out: "people who are not engineers", "designers, not managers", "non-engineers in
 * Berlin", "anyone but recruiters", "product people excluding managers", "sales people who
 * aren't SDRs". The negation must stand right before the title (articles skipped), so "engineers
 * not in London" leaves the title alone (the place is excluded there).
 */
import { STOP_WORDS } from './lexicon/stop-words.js';
import { isHeadWord, singular } from './title-heads.js';
import { claim, type Token } from './tokens.js';

/** Words that rule out the title right after them. */
const NEGATIONS = /^(not|excluding|except|exclude|without|aren't|arent|isn't|isnt|minus|nor|neither)$/;
/** Two words that rule out the title after them: "anyone but", "other than", "apart from", "but not". */
const PAIRS: [RegExp, RegExp][] = [
  [/^(anyone|anybody|everyone|everybody|all|any)$/, /^but$/],
  [/^other$/, /^than$/],
  [/^(apart|aside)$/, /^from$/],
  [/^but$/, /^not$/],
];
const ARTICLES = /^(a|an|the|any)$/;

/** A negation cue at token `cue` and where the title it rules out would start. */
export interface TitleNegation {
  cue: number;
  start: number;
}

/** Claims that titles can be absorbed from ("travel nurses": an industry word starts the title). */
const UNIT_CLAIMS = new Set(['industry', 'skill']);

/**
 * Claims the negation words of titles (as ignored, so they end a title's run) and returns them
 * with the token a ruled-out title would start at. "non-" glued before a title word
 * ("non-engineers") is its own negation; "no" right before a plural ("no recruiters", not "with
 * no managers above them") is too; "neither X nor Y" rules out both. A cue that no title follows
 * is given back ({@link settleTitleNegations}).
 */
export function claimTitleNegations(tokens: Token[]): TitleNegation[] {
  const out: TitleNegation[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== 'word' || t.claim) continue;
    let cue = NEGATIONS.test(t.norm);
    // "non-engineers", never "non-technical founders" or "non-executive directors": the glued word
    // is a title's head and ends it.
    const glued = tokens[i + 1];
    const after = tokens[i + 2];
    if (
      t.norm === 'non' &&
      glued?.kind === 'word' &&
      glued.join === '-' &&
      !glued.claim &&
      isHeadWord(singular(glued.norm)) &&
      (after?.kind !== 'word' || !!after.claim || STOP_WORDS.has(after.norm))
    ) {
      claim(tokens, i, i + 1, 'ignored');
      out.push({ cue: i, start: i + 1 });
      continue;
    }
    if (!cue) cue = PAIRS.some(([a, b]) => b.test(t.norm) && a.test(tokens[i - 1]?.norm ?? ''));
    if (!cue && t.norm === 'no')
      cue =
        /s$/.test(tokens[i + 1]?.norm ?? '') && tokens[i + 1]?.kind === 'word' && !/^(with|have|has|had)$/.test(tokens[i - 1]?.norm ?? '');
    if (!cue) continue;
    let k = i + 1;
    while (tokens[k]?.kind === 'word' && ARTICLES.test(tokens[k]?.norm ?? '')) k++;
    const next = tokens[k];
    if (next?.kind !== 'word' || (next.claim && !UNIT_CLAIMS.has(next.claim))) continue;
    claim(tokens, i, i + 1, 'ignored');
    out.push({ cue: i, start: k });
  }
  return out;
}

/**
 * The titles the negations rule out (those starting at a negation's start, or after the industry
 * or skill words there), and gives back the cues no title follows ("marketers who aren't in
 * Paris" keeps its "aren't" as a word).
 */
export function settleTitleNegations<T extends { from: number; context: boolean }>(
  tokens: Token[],
  negations: TitleNegation[],
  titles: T[],
): Set<T> {
  const out = new Set<T>();
  for (const n of negations) {
    const t = titles.find(
      (x) => !x.context && x.from >= n.start && tokens.slice(n.start, x.from).every((u) => UNIT_CLAIMS.has(u.claim ?? '')),
    );
    if (t) out.add(t);
    else (tokens[n.cue] as Token).claim = null;
  }
  return out;
}
