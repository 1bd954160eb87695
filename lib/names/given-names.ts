/**
 * Given names as the contact matcher compares them (docs/contacts.md, "The matcher"): nicknames
 * and diminutives from two tables (lib/names/data), names and their forms for the other
 * sex, other spellings of one name (Double Metaphone) and short forms made by rule.
 */
import fs from 'node:fs';
import { doubleMetaphone } from 'double-metaphone';
import { distance } from 'fastest-levenshtein';
import { fromPackageRoot } from '../package-root.js';

interface NicknameTable {
  /** A name → its nicknames. */
  nicknamesOf: Map<string, Set<string>>;
  /** A nickname → the names it is a nickname of. */
  formsOf: Map<string, Set<string>>;
}

let nicknameTable: NicknameTable | null = null;

function nicknames(): NicknameTable {
  if (nicknameTable) return nicknameTable;
  const nicknamesOf = new Map<string, Set<string>>();
  const formsOf = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, a: string, b: string) => {
    const set = map.get(a) ?? new Set<string>();
    set.add(b);
    map.set(a, set);
  };
  // The vendored English table, then diminutives of other languages (data/README.md).
  for (const file of ['nicknames.csv', 'nicknames-intl.csv']) {
    const text = fs.readFileSync(fromPackageRoot('lib/names/data', file), 'utf8');
    for (const line of text.split('\n').slice(1)) {
      const [canonical, relationship, nickname] = line.trim().split(',');
      if (!canonical || !nickname || relationship !== 'has_nickname') continue;
      add(nicknamesOf, canonical, nickname);
      add(formsOf, nickname, canonical);
    }
  }
  nicknameTable = { nicknamesOf, formsOf };
  return nicknameTable;
}

/** Whether a word is a given name of the nickname tables, as a name or as a nickname ("tom", "luis", "william"). */
export function isGivenName(word: string): boolean {
  const { nicknamesOf, formsOf } = nicknames();
  return nicknamesOf.has(word) || formsOf.has(word);
}

/** A given name and the names that stand for it ("bill" → william, will, billy, …): what candidate searches look for. */
export function givenNameVariants(name: string): Set<string> {
  const { nicknamesOf, formsOf } = nicknames();
  const out = new Set([name]);
  for (const n of nicknamesOf.get(name) ?? []) out.add(n);
  for (const n of formsOf.get(name) ?? []) out.add(n);
  return out;
}

/**
 * Whether two given names are the same person's: equal, one a nickname of the other ("Bill" and
 * "William"), or both nicknames of one name ("Bill" and "Will"). Two full names that share a
 * nickname are different names: "Sam" stands for Samuel and Samantha, which are not one name.
 */
export function sameGivenName(a: string, b: string): boolean {
  if (a === b) return true;
  const { nicknamesOf, formsOf } = nicknames();
  if (nicknamesOf.get(a)?.has(b) || nicknamesOf.get(b)?.has(a)) return true;
  const formsOfB = formsOf.get(b);
  for (const form of formsOf.get(a) ?? []) if (formsOfB?.has(form)) return true;
  return false;
}

/**
 * Whether two given names are a name and its form for the other sex ("Robert" / "Roberta",
 * "Daniel" / "Daniela", "Louis" / "Louise", "Mario" / "Maria"): one letter apart, but different
 * people, never a typo.
 */
export function genderedPair(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 3) return false;
  if (long.length === short.length + 1 && long.startsWith(short) && /[ae]$/.test(long)) return true;
  // French and German feminine endings: Daniel / Danielle, Joseph / Josephine, Henri / Henriette.
  // Daniel / Daniella, Paul / Paulina too.
  if (long.startsWith(short) && /^(le|la|ne|na|ine|ina|tte|ette)$/.test(long.slice(short.length))) return true;
  // Alexander / Alexandra, Leander / Leandra, Cassander / Cassandra.
  if (long.length === short.length && /er$/.test(short) && long === `${short.slice(0, -2)}ra`) return true;
  if (long.length === short.length && /er$/.test(long) && short === `${long.slice(0, -2)}ra`) return true;
  return (
    long.length === short.length &&
    short.slice(0, -1) === long.slice(0, -1) &&
    new Set([short.at(-1), long.at(-1)]).size === 2 &&
    [short.at(-1), long.at(-1)].every((c) => c === 'a' || c === 'o')
  );
}

/**
 * Whether two given names are spellings of one name ("Dmitri" / "Dmitriy", "Mikhail" / "Michael",
 * "Yuri" / "Iurii", "Aleksandr" / "Alexander"): they sound alike (a Double Metaphone code in
 * common) and are at most three edits apart. Never a name and its form for the other sex. Like a
 * typo, it is a guess: the matcher weighs it as one (docs/contacts.md).
 */
export function spellingVariant(a: string, b: string): boolean {
  // Names of three letters sound alike too often to be one name (Tim / Tom, Mei / May, Noa / Noah).
  if (a === b || a.length < 4 || b.length < 4 || genderedPair(a, b)) return false;
  const d = distance(a, b);
  if (d > (Math.min(a.length, b.length) >= 7 ? 3 : 2)) return false;
  // Short names two edits apart end alike (Yuri / Iurii, Sofia / Sophia; not Tina / Tony, Lena / Leon).
  if (d === 2 && Math.min(a.length, b.length) < 6 && a.at(-1) !== b.at(-1)) return false;
  const [pa, aa] = doubleMetaphone(a);
  const [pb, ab] = doubleMetaphone(b);
  return pa === pb || pa === ab || aa === pb;
}

/** Endings of pet forms in many languages ("Dani", "Benni", "Sewek", "Juanito", "Joãozinho"). */
// Not -a, -o or -e: in many languages they mark a name's sex (Carla / Carlos, Mario / Marina).
const PET_ENDING = /(?:inho|inha|chen|ie|ek|ko|li|i|y)$/;

/**
 * Whether one given name is a short form of the other, by the way short forms are made in most
 * languages: the name's beginning ("Flo" / Florian, "Phil" / Philippe), that beginning with a
 * pet ending ("Dani" / Daniel, "Benni" / Benjamin, "Eszti" / Eszter), or the name's end ("Berto"
 * / Umberto, "Rike" / Friederike). The short form is at least three letters and the full name
 * longer by more than an ending (Noa / Noah, Emil / Emily, Lei / Leigh are not), never its form for
 * the other sex. A guess, weighed like a nickname.
 */
export function shortForm(a: string, b: string): boolean {
  const [nick, full] = a.length <= b.length ? [a, b] : [b, a];
  if (nick.length < 3 || nick === full || genderedPair(nick, full)) return false;
  if (full.length >= nick.length + 3 && full.startsWith(nick)) return true;
  const stem = nick.replace(PET_ENDING, '').replace(/(.)\1$/, '$1');
  if (stem.length >= 3 && stem !== nick && full.length >= stem.length + 2 && full.startsWith(stem)) return true;
  return nick.length >= 5 && full.length >= nick.length + 2 && full.endsWith(nick);
}
