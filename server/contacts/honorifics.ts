/**
 * Titles written around a person's name (docs/contacts.md, "Rows"): ranks, clerical, academic and
 * courtesy titles before it ("Col.", "Lt. Cdr.", "Rev.", "Univ.-Prof. Dr. rer. nat.", "Dato'",
 * "Tan Sri", "Sayın", "Pani") and honours, fellowships and service branches after it (", MBE",
 * ", OBE DL", ", USN (Ret.)"), read from server/contacts/data/honorifics.csv; a preferred name
 * after a comma (", known as Lil"); an airline's passenger name ("DOE/JANE MRS").
 */
import fs from 'node:fs';
import anyAscii from 'any-ascii';
import { fromPackageRoot } from '../../lib/package-root.js';

/**
 * When a title before a name is one: `always` while a name word follows (one word left is the
 * family name, as after "Mr"); `two` and `name` only while a given and a family name follow
 * ("Ing Wang" is a name), `name` being also a name or a word of one ("Pan", "Pak", "Pastor",
 * "Sheikh"), so the row is read as written too; `dot` only written with its dot ("Fr.", "Ven.").
 * After a name: `always` at its end, `comma` only after a comma ("RAN", "Ran").
 */
type Guard = 'always' | 'two' | 'name' | 'dot' | 'comma';

interface Table {
  /** Titles before a name, by their first word: each title's words and guard, longest first. */
  before: Map<string, { words: string[]; guard: Guard }[]>;
  /** Post-nominals dropped from a name's end. */
  after: Set<string>;
  /** Post-nominals dropped only after a comma. */
  afterComma: Set<string>;
}

let table: Table | null = null;

function honorifics(): Table {
  if (table) return table;
  const t: Table = { before: new Map(), after: new Set(), afterComma: new Set() };
  for (const line of fs.readFileSync(fromPackageRoot('server/contacts/data', 'honorifics.csv'), 'utf8').split('\n').slice(1)) {
    const [title, place, guard] = line.trim().split(',') as [string, string, Guard];
    if (!title) continue;
    if (place === 'after') (guard === 'comma' ? t.afterComma : t.after).add(title);
    else {
      const words = title.split(' ');
      const list = t.before.get(words[0]!) ?? [];
      list.push({ words, guard });
      list.sort((a, b) => b.words.length - a.words.length);
      t.before.set(words[0]!, list);
    }
  }
  table = t;
  return t;
}

/** Honours, fellowships and service branches written after a name ("OBE", "FRSA", "USMC", "Ret."). */
export const postNominalTitles = (): string[] => [...honorifics().after];
/** Post-nominals read as such only after a comma ("Jane Doe, RAN"; "Ran" is a name). */
export const isPostNominalAfterComma = (word: string): boolean => honorifics().afterComma.has(word);

/** A written word's lowercase ASCII parts: "Univ.-Prof." → univ, prof; "Dott.ssa" → dottssa; "Dato'" → dato. */
const parts = (token: string): string[] =>
  anyAscii(token)
    .toLowerCase()
    .split(/[-‐]/)
    .map((p) => p.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);

/** Whether a written word has letters (not a lone dash or bracket). */
const hasLetters = (token: string): boolean => /\p{L}/u.test(token);

/** The titles found at the start of a name. */
export interface LeadingTitles {
  /** The name after its titles, as written. */
  rest: string;
  /** How many title words were dropped (0: none). */
  dropped: number;
  /** Only one name word follows: it is the family name ("Col. Doe"). */
  familyOnly: boolean;
  /** A dropped word that is also a name ("Pan", "Pastor"): the row read with it as its given name is tried too. */
  doubtful?: string;
}

/** The titles of the table written at the start of `text`, dropped while its guard allows ("Lt. Col. Jane Doe" → "Jane Doe"). */
export function leadingTitles(text: string): LeadingTitles {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  const before = honorifics().before;
  let i = 0;
  let doubtful: string | undefined;
  for (;;) {
    const flat: { word: string; token: number }[] = [];
    for (let j = i; j < Math.min(tokens.length, i + 5); j++) for (const word of parts(tokens[j]!)) flat.push({ word, token: j });
    const found = (before.get(flat[0]?.word ?? '') ?? []).find(
      (t) =>
        t.words.length <= flat.length &&
        t.words.every((w, k) => flat[k]!.word === w) &&
        flat[t.words.length]?.token !== flat[t.words.length - 1]!.token,
    );
    if (!found) break;
    const end = flat[found.words.length - 1]!.token + 1;
    const left = tokens.slice(end).filter(hasLetters).length;
    const dotted = /[.'’]/.test(tokens.slice(i, end).join(''));
    const ok = found.guard === 'always' ? left >= 1 : found.guard === 'dot' ? dotted && left >= 1 : left >= 2;
    if (!ok) break;
    if (found.guard === 'name' && !dotted && !doubtful) doubtful = found.words.join('');
    i = end;
  }
  const rest = tokens.slice(i).join(' ');
  return { rest, dropped: i, familyOnly: i > 0 && tokens.slice(i).filter(hasLetters).length === 1, ...(doubtful ? { doubtful } : {}) };
}

/**
 * A name the person goes by, written after a comma ("Liliana Grzesiak, known as Lil", ", aka
 * Lil", ", goes by Lil", ", preferred: Lil"): no part of the name, a given name to try.
 */
const KNOWN_AS =
  /\s*,\s*(?:(?:also\s+)?known\s+as|a\.?k\.?a\.?|goes\s+by|called|pref(?:erred|ers)?\.?:?|nickname:?)\s+["“'‘]?(\p{L}[\p{L}'’.-]*)["”'’]?\s*$/iu;

/** A name cell without the name its person goes by after a comma, and that name. */
export function knownAs(text: string): { rest: string; nickname: string } | null {
  const m = KNOWN_AS.exec(text);
  return m ? { rest: text.slice(0, m.index), nickname: m[1]! } : null;
}

/** The passenger titles of airline reservations (PNR names): "DOE/JANE MRS", "DOE/JANEMRS". */
const PNR = /^\s*(\p{L}[\p{L}' -]*?)\s*\/\s*(\p{L}[\p{L}' -]*?)(?:\s+(MRS|MR|MS|MSTR|MISS|DR|MX|PROF|REV)\.?)?\s*$/iu;
/** A title glued to the given name in capitals, as reservations print it ("JANEMRS"); never "DR" ("ALEXANDR"). */
const GLUED = /^(\p{Lu}{3,}?)(MRS|MR|MS|MSTR|MISS)$/u;

/**
 * An airline passenger name with its title ("FERNANDA/TASWIR MR", "KAMAL/CAMILAMS"): family name,
 * slash, given names, then the title apart or glued on. Read as "Family, Given"; the given name as
 * written with a glued title is the one to try when that finds no one. Null for any other cell
 * (a slash without a title stays as the name reading has it).
 */
export function passengerName(text: string): { name: string; asWritten?: string } | null {
  const m = PNR.exec(text);
  if (!m || (text.match(/\//g)?.length ?? 0) !== 1) return null;
  const given = m[2]!.trim();
  const glued = !m[3] && text === text.toUpperCase() ? GLUED.exec(given) : null;
  if (!m[3] && !glued) return null;
  return glued ? { name: `${m[1]!.trim()}, ${glued[1]}`, asWritten: given.toLowerCase() } : { name: `${m[1]!.trim()}, ${given}` };
}
