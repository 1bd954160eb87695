/**
 * A given name written abbreviated with a dot (docs/contacts.md, "The matcher"): a scribal
 * contraction read as the name it stands for ("Wm." William, "Chas." Charles, "Jas." James;
 * lib/names/given-abbreviations.ts), and any other word cut short with a dot ("Fred.", "Marg.")
 * weighed as an initial is: a guess, never a given name matched in full.
 */
import { abbreviatedGivenName } from '../../lib/names/given-abbreviations.js';
import { sameGivenName, spellingVariant } from '../../lib/names/given-names.js';
import { words } from './normalize.js';

/** How a given name was abbreviated: as written ("chas"), and the names it stands for (none when merely cut short). */
export interface GivenAbbreviation {
  written: string;
  names: string[];
}

/** Particles and courtesy words a dot follows that are no given name cut short ("St. John"). */
const NOT_CUT = /^(st|ste|sta|mt|ft|jr|sr|mr|mrs|ms|dr|prof)$/;

/**
 * The abbreviation the written given name `first` is in `texts` (the name cell, the given-name
 * column), or null: a word of two letters or more with a dot after it ("Jas.", "Benj.") or a
 * contraction no given name spells without one ("Wm", "Xtopher").
 */
export function givenAbbreviation(first: string | null, texts: (string | null | undefined)[]): GivenAbbreviation | null {
  if (!first) return null;
  for (const text of texts)
    for (const w of (text ?? '').split(/[\s,;]+/)) {
      const m = /^(\p{L}{2,})(\.?)$/u.exec(w);
      if (!m || words(m[1])[0] !== first) continue;
      const dotted = m[2] === '.';
      const names = abbreviatedGivenName(first, dotted);
      if (names) return { written: first, names };
      if (dotted && !NOT_CUT.test(first)) return { written: first, names: [] };
    }
  return null;
}

/** How an abbreviated given name compares with a person's: the kind of agreement, weighed by match-scoring.ts. */
export type AbbreviationAgreement = 'same' | 'form' | 'spelling' | 'begins' | 'conflict';

/**
 * A contraction agrees with the name it stands for (or a form or another spelling of that name:
 * "Wm." and Bill, "Cath." and Katherine), never with a name its letters begin ("Jas." is no
 * Jasmine). A word merely cut short agrees with a name it begins, as an initial does.
 */
export function abbreviationAgreement(a: GivenAbbreviation, given: string, parts: string[]): AbbreviationAgreement {
  const whole = [given, parts.join(''), ...parts];
  if (!a.names.length) {
    if (whole.includes(a.written)) return 'same';
    return whole.some((g) => g.startsWith(a.written)) ? 'begins' : 'conflict';
  }
  if (a.names.some((n) => whole.includes(n))) return 'same';
  if (a.names.some((n) => whole.some((g) => sameGivenName(n, g)))) return 'form';
  if (a.names.some((n) => spellingVariant(n, given))) return 'spelling';
  return 'conflict';
}
