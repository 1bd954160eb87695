/**
 * Restated founding years (scanFounded, founded.ts): "mid-1980s, say 1984 to 1986", "i.e.
 * pre-1939", "the early 2000s (2000-2004)": the restatement, more precise, stands in place of what
 * it restates.
 */
import { claim, type Token } from '../tokens.js';
import type { NumberMention } from './number-words.js';

/** Words that restate what came before more precisely: "mid-1980s, say 1984 to 1986", "i.e. pre-1939". */
const RESTATE = /^(say|i\.e\.?|ie|namely|specifically|precisely|exactly|that's)$/;

/** The founding years with a restatement's ("…, say 1984 to 1986") in place of what it restates. */
export function restated(tokens: Token[], mentions: NumberMention[]): NumberMention[] {
  let out = mentions;
  for (const m of mentions) {
    let k = m.from - 1;
    if (tokens[k]?.text === ',') k--;
    const one = RESTATE.test(tokens[k]?.norm ?? '');
    const two = tokens[k]?.norm === 'is' && tokens[k - 1]?.norm === 'that';
    // "the early 2000s (2000-2004)": years in brackets right after the founding restate it.
    // So after the founding's noun ("post-COVID openings (2021+)"): up to two words between.
    const bracket =
      tokens[m.from - 1]?.text === '(' &&
      mentions.some(
        (o) => o !== m && o.to <= m.from - 1 && o.to >= m.from - 3 && tokens.slice(o.to, m.from - 1).every((x) => x.kind === 'word'),
      );
    if (bracket) k = m.from;
    if (!one && !two && !bracket) continue;
    claim(tokens, two ? k - 1 : k, k + 1, 'years');
    const earlier = out.filter((o) => o !== m && o.from < m.from);
    out = [m, ...out.filter((o) => o !== m && !earlier.includes(o))];
  }
  return out;
}
