/**
 * Family names as the contact matcher compares them (docs/contacts.md, "The matcher"): one name
 * written in several romanisations or spellings ("Guo" / "Kuo" / "Kwok", "Chatterjee" /
 * "Chattopadhyay", "Smirnov" / "Smirnoff", "Sato" / "Satoh"). Three sources: a table of the
 * romanisations of common East Asian, South Asian, Arabic and Hebrew family names
 * (server/contacts/data/family-names.csv), the endings that Slavic names are spelt with in other
 * alphabets, a Slavic name's forms for either sex ("Novák" / "Nováková"), and Japanese long
 * vowels. Every one
 * is a guess: the matcher weighs it as a misspelling, so a person confirms it unless an email, a
 * phone or a profile URL names the person.
 */

import fs from 'node:fs';
import { commonWords } from '../../geo/common-words.js';
import { fromPackageRoot } from '../../lib/package-root.js';
import { passportFolded } from './passport-spelling.js';

let groupsOf: Map<string, number[]> | null = null;
let members: string[][] = [];

/** Each spelling → the groups (lines of the table) it belongs to; a spelling may stand for several names ("wong": Wang and Huang). */
function table(): Map<string, number[]> {
  if (groupsOf) return groupsOf;
  const map = new Map<string, number[]>();
  const groups: string[][] = [];
  const text = fs.readFileSync(fromPackageRoot('server/contacts/data/family-names.csv'), 'utf8');
  for (const line of text.split('\n').slice(1)) {
    const spellings = line.split(',')[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
    if (spellings.length < 2) continue;
    const id = groups.push(spellings) - 1;
    for (const s of spellings) map.set(s, [...(map.get(s) ?? []), id]);
  }
  groupsOf = map;
  members = groups;
  return map;
}

/**
 * Slavic endings as other alphabets spell them: "-off" and "-ow" for "-ov" (Smirnoff, Smirnow;
 * not after "l" or "t": Barlow, Bristow), "-eff" for "-ev", "-sky", "-skiy", "-skii" for "-ski", "-vitch", "-witsch", "-wicz" for
 * "-vich". Only after three letters, so short words keep their endings.
 */
const SLAVIC_ENDINGS: [RegExp, string][] = [
  [/^(.{3,}[bcdfghkmnprsvz])(?:off|ow)$/, '$1ov'],
  [/^(.{3,})(?:eff|iev|jev)$/, '$1ev'],
  [/^(.{2,}(?:ts|c|z)?)(?:sky|skiy|skii|skyi|skyy|skij)$/, '$1ski'],
  [/^(.{3,})(?:vitch|witsch|wicz|witch)$/, '$1vich'],
];

/** The name with its Slavic ending spelt one way. */
function slavicForm(name: string): string {
  for (const [re, to] of SLAVIC_ENDINGS) if (re.test(name)) return name.replace(re, to);
  return name;
}

/**
 * A Slavic family name and its form for the other sex, as the two forms of one family's name:
 * Czech and Slovak "Novák" / "Nováková", "Hruška" / "Hrušková", "Rybníček" / "Rybníčková", "Němec"
 * / "Němcová"; Russian and Bulgarian "Smirnov" / "Smirnova", "Pushkin" / "Pushkina", "Tolstoy" /
 * "Tolstaya"; Polish "Kowalski" / "Kowalska", "Nowicki" / "Nowicka". `a` and `b` are lowercase
 * ASCII; the masculine form has four letters or more.
 */
function genderForms(a: string, b: string): boolean {
  return masculineAndFeminine(a, b) || masculineAndFeminine(b, a);
}

function masculineAndFeminine(m: string, f: string): boolean {
  if (m.length < 4) return false;
  if (/(?:ov|ev|in|yn)$/.test(m) && f === `${m}a`) return true;
  if (/[bcdfghjklmnprstvzx]$/.test(m) && f === `${m}ova`) return true;
  if (m.endsWith('a') && f === `${m.slice(0, -1)}ova`) return true;
  if (/[ei]k$/.test(m) && f === `${m.slice(0, -2)}kova`) return true;
  if (m.endsWith('ec') && f === `${m.slice(0, -2)}cova`) return true;
  const adjective = /^(.{2,}(?:sk|ck|dzk))(?:i|y|iy|ii|ij|yj)$/.exec(m);
  if (adjective && (f === `${adjective[1]}a` || f === `${adjective[1]}aya` || f === `${adjective[1]}aja`)) return true;
  const russian = /^(.{3,})(?:oy|iy|yy|oj)$/.exec(m);
  return !!russian && (f === `${russian[1]}aya` || f === `${russian[1]}aja`);
}

/** The other sex's forms of a Slavic family name that searches also look for. */
function genderVariants(name: string): string[] {
  const out: string[] = [];
  if (name.length < 4) return out;
  const fem = /^(.{3,})(ova|eva|ina|yna)$/.exec(name);
  if (fem) out.push(`${fem[1]}${fem[2]!.slice(0, -1)}`);
  const czech = /^(.{3,})ova$/.exec(name);
  if (czech) out.push(czech[1]!, `${czech[1]}a`, `${czech[1]!.slice(0, -1)}ek`, `${czech[1]!.slice(0, -1)}ec`);
  const adjFem = /^(.{2,}(?:sk|ck|dzk))(?:a|aya|aja)$/.exec(name);
  if (adjFem) out.push(`${adjFem[1]}i`, `${adjFem[1]}y`);
  if (/(?:ov|ev|in|yn)$/.test(name)) out.push(`${name}a`);
  const adjMasc = /^(.{2,}(?:sk|ck|dzk))(?:i|y|iy|ii)$/.exec(name);
  if (adjMasc) out.push(`${adjMasc[1]}a`);
  // Only endings that are Slavic: "Johnson" is searched as "Johnsonova" by no one.
  if (/[ei]k$/.test(name) && name.length >= 5) out.push(`${name.slice(0, -2)}kova`);
  if (/ec$/.test(name) && name.length >= 5) out.push(`${name.slice(0, -2)}cova`);
  return out.filter((v) => v !== name && genderForms(name, v));
}

/** A name made only of Japanese syllables as Hepburn and its variants write them ("satoh", "ohtsuka", "yamamoto"). */
const JAPANESE_SHAPE = /^(?:(?:[kgsztdnhbpmrwfj]|sh|ch|ts)?y?[aeiou]{1,2}h?(?:n(?![aeiouy]))?|(?:[kstpcg])(?=[kstpcg]))+$/;

/**
 * A Japanese name with its long vowels written short, as Hepburn without macrons does: "Satoh",
 * "Satou", "Satoo" and "Sato" are one name (佐藤), "Ohno" and "Ono", "Yuuki" and "Yuki". Null for
 * a name of another shape.
 */
function japaneseForm(name: string): string | null {
  if (!JAPANESE_SHAPE.test(name)) return null;
  const short = name
    .replace(/o[hou](?![aeiou])/g, 'o')
    .replace(/uu/g, 'u')
    .replace(/aa/g, 'a')
    .replace(/ii/g, 'i');
  // Japanese family names end in a vowel ("johnson" has the shape, not the ending).
  return /[aeiou]$/.test(short) ? short : null;
}

/** The Arabic article written as part of the name ("El-Amin", "Al Amin", "Ul-Haq"): the name after it. */
function afterArticle(parts: string[]): string | null {
  return parts.length >= 2 && ['al', 'el', 'ul'].includes(parts[0]!) ? parts.slice(1).join('') : null;
}

/**
 * Whether two family names are one name spelt two ways: in the table (neither spelling an English
 * word), with Slavic endings spelt alike, with Japanese long vowels written short, or with another
 * article ("El-Amin" / "Al-Amin"). Names that merely sound alike are not: Miller and Mueller,
 * Nelson and Nielsen are families of their own. `a` and `b` are
 * joined lowercase ASCII ("alfarsi"); `aParts` and `bParts` the same names as the index splits
 * them ("al", "farsi").
 */
export function familySpelling(a: string, b: string, aParts: string[] = [a], bParts: string[] = [b]): boolean {
  if (a === b || !a || !b) return false;
  const groups = table();
  const ga = groups.get(a);
  const gb = groups.get(b);
  // A spelling that is an English word is an English family name as often ("Young", "Law", "Long",
  // "Low", "Man", "Tan"): not read as a romanisation.
  if (ga && gb?.some((g) => ga.includes(g))) return !commonWords().has(a) && !commonWords().has(b);
  if (slavicForm(a) === slavicForm(b)) return true;
  if (genderForms(a, b)) return true;
  // Long vowels of names of two syllables or more that the table does not hold (Korean "Choo" and
  // "Cho" are two names) and that are no English words ("More" is not "Moore").
  const ja = japaneseForm(a);
  if (ja && ja === japaneseForm(b) && !ga && !gb && syllables(ja) >= 2 && !commonWords().has(a) && !commonWords().has(b)) return true;
  const restA = afterArticle(aParts);
  return Boolean(restA && restA.length >= 3 && restA === afterArticle(bParts));
}

let eastAsian: Set<string> | null = null;

/** Whether a lowercase ASCII word is a Chinese or Korean family name of the table, in any of its spellings ("he", "kang", "park"). */
export function isEastAsianFamilyName(word: string): boolean {
  if (!eastAsian) {
    const text = fs.readFileSync(fromPackageRoot('server/contacts/data/family-names.csv'), 'utf8');
    eastAsian = new Set(
      text
        .split('\n')
        .filter((line) => /^(chinese|korean),/.test(line))
        .flatMap((line) => line.split(',')[1]?.trim().split(/\s+/) ?? []),
    );
  }
  return eastAsian.has(word);
}

/** Vowel groups of a name: its syllables, roughly. */
const syllables = (name: string): number => name.match(/[aeiou]+/g)?.length ?? 0;

/** At most this many other spellings are searched for a name. */
const MAX_SEARCHED = 8;

/**
 * Other spellings of a family name that candidate searches look for: its table group's, its Slavic
 * ending spelt the other ways, its Japanese long vowels written short or long. Sounding alike is
 * not searched (it is not a list): such names are found by the given name and the employer.
 */
export function familyNameVariants(name: string): string[] {
  const out = new Set<string>();
  if (!commonWords().has(name))
    for (const g of table().get(name) ?? []) for (const s of members[g] ?? []) if (!commonWords().has(s)) out.add(s);
  const slavic = slavicForm(name);
  if (slavic !== name) out.add(slavic);
  if (/ov$/.test(slavic) && slavic.length > 5) for (const e of ['off', 'ow']) out.add(slavic.replace(/ov$/, e));
  if (/ev$/.test(slavic) && slavic.length > 5) out.add(slavic.replace(/ev$/, 'eff'));
  if (/ski$/.test(slavic)) out.add(slavic.replace(/ski$/, 'sky'));
  for (const v of genderVariants(name)) out.add(v);
  // "Roeed", "Paalsson": a passport's spelling of Røed, Pålsson (passport-spelling.ts).
  const passport = passportFolded(name);
  if (passport) out.add(passport);
  const ja = table().has(name) ? null : japaneseForm(name);
  if (ja && syllables(ja) >= 2) {
    out.add(ja);
    // "Sato" is also written "Satoh" and "Satou": each o before a consonant or at the end, long.
    const long = [...ja.matchAll(/o(?![aeiou])/g)].map((m) => m.index ?? 0);
    for (const at of long.slice(0, 2)) for (const w of ['oh', 'ou']) out.add(`${ja.slice(0, at)}${w}${ja.slice(at + 1)}`);
  }
  out.delete(name);
  return [...out].slice(0, MAX_SEARCHED);
}
