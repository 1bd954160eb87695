/**
 * Normalising what a contact row and a profile say, so the matcher compares like with like
 * (docs/contacts.md, "The matcher"): names transliterated to ASCII (any-ascii) and lowercased,
 * given names with their nicknames (a vendored public table), emails lowercased without
 * `+tags`, phone numbers in E.164 (libphonenumber-js), organisation names without legal suffixes,
 * professional URLs reduced to the username.
 */

import fs from 'node:fs';
import anyAscii from 'any-ascii';
import { doubleMetaphone } from 'double-metaphone';
import { distance } from 'fastest-levenshtein';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import pluralize from 'pluralize';
import { parse as parseDomain } from 'tldts';
import { decodeUriComponentOrNull } from '../../lib/decode-uri-component.js';
import { fromPackageRoot } from '../../lib/package-root.js';

/** Pictographs, symbols and invisible format characters: never part of a name (any-ascii spells 🚀 "rocket"). */
const DECORATION = /[\p{Extended_Pictographic}\p{So}\p{Sk}\p{Cf}]|\uFE0F/gu;

/** Lowercase ASCII text (accents and other scripts transliterated), decorations dropped. */
function asciiLower(text: string): string {
  return anyAscii(text.replace(DECORATION, ' ')).toLowerCase();
}

/**
 * Lowercase ASCII words of a text (accents and other scripts transliterated), punctuation dropped;
 * a dot before a single letter is closed up ("Ph.D." is "phd", "A.J." is "aj"; "J.Smith" and "Amazon.com" stay two words), hyphens and
 * apostrophes join ("Al-Farsi" is "alfarsi").
 */
export function words(text: string | null | undefined): string[] {
  if (!text) return [];
  return asciiLower(text)
    .replace(/\.(?=[a-z](?![a-z]))/g, '')
    .replace(/[^a-z0-9\s'-]/g, ' ')
    .replace(/['-]/g, '')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * The words of a name part as the search index splits them: hyphens and apostrophes separate
 * ("Al-Farsi" is "al farsi"), as the engine's tokenizer does.
 */
export function indexWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return asciiLower(text)
    .replace(/\.(?=[a-z](?![a-z]))/g, '')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Titles and suffixes that are not part of a name. */
const HONORIFICS = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'sir',
  'dame',
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'phd',
  'md',
  'mba',
  'esq',
  'cpa',
]);

/**
 * Degrees, credentials and generational suffixes written after a name ("Jane Doe, Ph.D.",
 * "John Smith MBA", "Ana Ruiz, CPA, PMP"): dropped from the end of a name that keeps a given and
 * a family name, never from its start. Abbreviations that are also family names (Ma, Ba, Do, Pa)
 * are not in the list: "Jie Ma", "Li Meng" and "Hon Wong" keep their names.
 */
const POST_NOMINALS = new Set(
  `jr sr ii iii iv phd dphil mphil md dds dmd dvm pharmd mba emba msc mfa mph mpa bsc beng llm llb esq
  cpa cfa cfp caia frm pmp cissp cisa cism rn ceng fca aca acca shrm sphr phr gphr psyd mrcp frcs`
    .split(/\s+/)
    .filter(Boolean),
);

/** Courtesy titles written before a name ("Dr. Jane Doe", "Prof. Ing. Karl Huber"). */
const PREFIX_TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'dipl']);

export interface PersonName {
  first: string | null;
  last: string | null;
  /** Every name word, in order (middle names included). */
  all: string[];
  /** The family name as the search index splits it ("al farsi" for "Al-Farsi"); null without one. */
  lastSearch: string | null;
  /** Given names of more than one word, joined ("vanan" for "Van An"), when read family name first. */
  given?: string;
  /** The row said which word is the family name ("Smith, John"): never read the other way round. */
  ordered?: boolean;
  /**
   * Other family names the row gives: the parts of a double-barrelled one ("Laureano-King") and a
   * birth name ("Iris Butt (née Rosenbaum)"), each a family name the person may be filed under.
   */
  otherLast?: string[];
  /** The birth name the row gives ("rosenbaum" for "Iris Butt (née Rosenbaum)"). */
  birthName?: string;
}

/** A birth name written beside a name: "(née Rosenbaum)", "geb. Huber", "born Smith". */
const BIRTH_NAME = /\(?\s*\b(?:n[ée]e|geb\.?|geborene|born)\s+([\p{L}'’-]{2,})\s*\)?/iu;

/** The family names a person with this family name may also be filed under. */
function otherFamilyNames(lastWritten: string | null, birth: string | null): string[] | undefined {
  const parts = lastWritten && /[-‐]/.test(lastWritten) ? indexWords(lastWritten).filter((w) => w.length >= 3) : [];
  const out = [...(parts.length > 1 ? parts : []), ...(birth ? words(birth) : [])];
  return out.length ? [...new Set(out)] : undefined;
}

/**
 * The part of a name cell that is the name: what follows a separator (" | ", " - ", " @ ",
 * " · ") is a tagline or an employer ("Ana Ruiz | Hiring", "Ana Ruiz - Acme"), and a bracketed
 * part is a note ("(she/her)", "[ex-Acme]").
 */
function nameText(raw: string): string {
  return raw.replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g, ' ').split(/\s+[|\-–—@·•]\s+|\s*[|•]\s*/)[0] as string;
}

/** A name's words without the courtesy titles before it and the credentials after it. */
function nameWords(text: string): string[] {
  const w = words(text);
  while (w.length > 1 && PREFIX_TITLES.has(w[0] as string)) w.shift();
  while (w.length > 2 && POST_NOMINALS.has(w.at(-1) as string)) w.pop();
  return w;
}

/** A family name as the index splits it, without titles and credentials. */
function nameWordsAsIndexed(text: string): string | null {
  const w = indexWords(text).filter((x) => !PREFIX_TITLES.has(x) && !POST_NOMINALS.has(x));
  return w.join(' ') || null;
}

/** Whether every word of a text is a credential or a title ("PhD", "MBA, PMP"). */
const onlyCredentials = (text: string): boolean => {
  const w = words(text);
  return w.length > 0 && w.every((x) => POST_NOMINALS.has(x) || PREFIX_TITLES.has(x));
};

/**
 * The given and family name of a row: `first_name`/`last_name` when given, else `name` split
 * ("Last, First" and "First Middle Last" both read; honorifics and suffixes dropped).
 */
export function personName(row: { name?: string | null; first_name?: string | null; last_name?: string | null }): PersonName {
  const first = words(row.first_name).filter((w) => !HONORIFICS.has(w));
  const last = words(row.last_name).filter((w) => !HONORIFICS.has(w));
  if (first.length || last.length) {
    const lastSearch = indexWords(row.last_name).filter((w) => !HONORIFICS.has(w));
    const otherLast = otherFamilyNames(row.last_name ?? null, null);
    return {
      first: first[0] ?? null,
      last: last.at(-1) ?? null,
      all: [...first, ...last],
      lastSearch: lastSearch.join(' ') || null,
      ...(otherLast ? { otherLast } : {}),
    };
  }
  const birthMatch = BIRTH_NAME.exec(row.name ?? '');
  const raw = nameText((row.name ?? '').replace(BIRTH_NAME, ' '));
  // Credentials after commas ("Jane Doe, Ph.D., PMP") are not a "Last, First" order.
  const parts = raw.split(',');
  while (parts.length > 1 && onlyCredentials(parts.at(-1) as string)) parts.pop();
  let tokens: string[];
  let lastText: string | null = null;
  if (parts.length > 1) {
    // "Smith, John": the family name before the comma.
    const before = nameWords(parts[0] as string);
    const after = nameWords(parts.slice(1).join(' '));
    tokens = [...after, ...before];
    lastText = parts[0] as string;
  } else {
    tokens = nameWords(parts[0] as string);
    // "SMITH John": a family name in capitals before a given name that is not.
    const written = (parts[0] as string)
      .trim()
      .split(/\s+/)
      .filter((w) => words(w).some((x) => !PREFIX_TITLES.has(x) && !POST_NOMINALS.has(x)));
    // "J.Smith" is one written word holding two name words: the family name is the last of them.
    lastText = written.length === tokens.length ? (written.at(-1) ?? null) : null;
    if (tokens.length === 2 && written.length === 2) {
      // Three letters or more, without dots: "AJ" and "A.J." are initials (two-letter family names
      // are found by trying the other order, docs/contacts.md).
      const upper = written.map((w) => /^\p{L}{3,}$/u.test(w) && w === w.toUpperCase() && w !== w.toLowerCase());
      if (upper[0] && !upper[1]) {
        tokens = [tokens[1] as string, tokens[0] as string];
        lastText = written[0] as string;
      }
    }
  }
  if (!tokens.length) return { first: null, last: null, all: [], lastSearch: null };
  if (tokens.length === 1) return { first: tokens[0]!, last: null, all: tokens, lastSearch: null };
  const family = tokens.at(-1)!;
  const lastSearch = lastText === null ? null : nameWordsAsIndexed(lastText);
  const name: PersonName = { first: tokens[0]!, last: family, all: tokens, lastSearch: lastSearch || family };
  if (parts.length > 1) name.ordered = true;
  const otherLast = otherFamilyNames(lastText, birthMatch?.[1] ?? null);
  if (otherLast) name.otherLast = otherLast;
  const birth = birthMatch ? words(birthMatch[1]).join('') : '';
  if (birth) name.birthName = birth;
  return name;
}

/**
 * The same name read family name first: "Wang Wei" as Wei Wang, and "Nguyen Van An" as An Nguyen
 * whose given names are "Van An" (`given`).
 */
export function swappedName(name: PersonName): PersonName | null {
  const n = name.all.length;
  if ((n !== 2 && n !== 3) || !name.first || !name.last || name.ordered) return null;
  const [family, ...given] = name.all as [string, ...string[]];
  return { first: given.at(-1)!, last: family, all: [...given, family], lastSearch: family, given: given.join('') };
}

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
    const text = fs.readFileSync(fromPackageRoot('server/contacts/data', file), 'utf8');
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
  if (long.startsWith(short) && /^(le|ne|ine|tte|ette)$/.test(long.slice(short.length))) return true;
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
  const [pa, aa] = doubleMetaphone(a);
  const [pb, ab] = doubleMetaphone(b);
  return pa === pb || pa === ab || aa === pb;
}

/** Endings of pet forms in many languages ("Dani", "Benni", "Sewek", "Juanito", "Joãozinho"). */
const PET_ENDING = /(?:inho|inha|chen|ito|ita|ie|ek|ka|ko|le|li|i|y|o|a|e)$/;

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
  return nick.length >= 4 && full.length >= nick.length + 2 && full.endsWith(nick);
}

/** Domains whose mailboxes ignore dots in the local part (Gmail's). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** An email address as compared: lowercased, a `+tag` dropped, Gmail's dots dropped. Null when it is not an address. */
export function normEmail(email: string | null | undefined): string | null {
  const e = (email ?? '').trim().toLowerCase();
  const m = /^([^@\s]+)@([^@\s]+\.[^@\s]+)$/.exec(e);
  if (!m) return null;
  const domain = m[2] === 'googlemail.com' ? 'gmail.com' : m[2]!;
  let local = m[1]!.replace(/\+.*$/, '');
  if (DOTLESS_DOMAINS.has(domain)) local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/**
 * What an exact-key search looks an address up by: as compared ({@link normEmail}) and as
 * written, lowercased without its `+tag` (a stored Gmail address keeps its dots).
 */
export function emailSearchTerms(cell: string | null | undefined): string[] {
  if (!cell) return [];
  const text = cell.replace(DECORATION, '').replace(/mailto:/gi, ' ');
  return (text.match(EMAIL_IN_TEXT) ?? []).flatMap((e) => {
    const lower = e.toLowerCase();
    const out = [lower, lower.replace(/\+[^@]*@/, '@')];
    const norm = normEmail(e);
    if (norm) out.push(norm);
    return out;
  });
}

/** An address as written in a cell: bare, in angle brackets, after `mailto:`, beside a name. */
const EMAIL_IN_TEXT = /[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+/gi;

/**
 * Every email address in a cell ("Ana Ruiz <ana@acme.com>", "mailto:ana@acme.com", two
 * addresses separated by a comma or a semicolon), each normalised ({@link normEmail}).
 */
export function emailsIn(cell: string | null | undefined): string[] {
  if (!cell) return [];
  const text = cell.replace(DECORATION, '').replace(/mailto:/gi, ' ');
  return (text.match(EMAIL_IN_TEXT) ?? []).map(normEmail).filter((e): e is string => e !== null);
}

/** The phone numbers of a cell: several may share one ("+1 555 0100 / +1 555 0101"). */
export function phonesIn(cell: string | null | undefined, region: string | null): string[] {
  if (!cell?.trim()) return [];
  const text = cell.replace(DECORATION, '');
  const whole = normPhone(text, region);
  if (whole) return [whole];
  return text
    .split(/\s*(?:[/;,|]|\bor\b)\s*/i)
    .map((p) => normPhone(p, region))
    .filter((p): p is string => p !== null);
}

/** A phone number in E.164, read with `region` (an ISO country code) when it has no country code; null when not a valid number. */
export function normPhone(phone: string | null | undefined, region: string | null): string | null {
  if (!phone?.trim()) return null;
  const parsed = parsePhoneNumberFromString(phone.trim(), ((region ?? 'US').toUpperCase() as CountryCode) || 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** Legal forms and filler words dropped from organisation names before comparing them. */
const LEGAL = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'bv',
  'nv',
  'ab',
  'oy',
  'as',
  'kk',
  'pty',
  'pvt',
  'the',
  'group',
  'holdings',
]);

/**
 * A web address written where a name goes ("acme.com", "www.acme.co.uk", "https://acme.io/about"):
 * its registrable name without the public suffix (tldts, the Public Suffix List), hyphens as
 * spaces; null when the token is no address.
 */
function domainName(token: string): string | null {
  const t = token
    .trim()
    .toLowerCase()
    .replace(/^[<("'\s]+|[>)"'.,;:\s]+$/g, '')
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '');
  if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(t)) return null;
  // Only a suffix the list knows: "S.A.", "J.P." and "Node.js" are no addresses.
  const d = parseDomain(t, { allowPrivateDomains: false });
  return d.isIcann && d.domainWithoutSuffix ? d.domainWithoutSuffix.replace(/-/g, ' ') : null;
}

/** An organisation name's words, web addresses read as the name they stand for ("Amazon.com" → amazon). */
function orgWords(name: string | null | undefined): string[] {
  if (!name) return [];
  const text = name
    .replace(/&/g, ' and ')
    .split(/\s+/)
    .map((token) => (token.includes('.') ? (domainName(token) ?? token) : token))
    .join(' ');
  return words(text);
}

/** An organisation name as compared: its words without legal forms ("Acme, Inc." → "acme"). */
export function normOrg(name: string | null | undefined): string {
  return orgWords(name)
    .filter((x) => !LEGAL.has(x))
    .join(' ');
}

/**
 * Abbreviations of words in organisation names, and the word each stands for ("Acme Intl Svcs"
 * is "Acme International Services"). Compared after plurals are made singular (pluralize).
 */
const ORG_ABBREVIATIONS: Record<string, string> = {
  intl: 'international',
  svc: 'service',
  svcs: 'service',
  srvc: 'service',
  tech: 'technology',
  techs: 'technology',
  mgmt: 'management',
  natl: 'national',
  univ: 'university',
  sys: 'system',
  mfg: 'manufacturing',
  engg: 'engineering',
  bro: 'brother',
  bros: 'brother',
  dept: 'department',
  govt: 'government',
  inst: 'institute',
  ctr: 'center',
  centre: 'center',
  laboratory: 'lab',
  hosp: 'hospital',
  soln: 'solution',
  solns: 'solution',
  pharmaceutical: 'pharma',
  comms: 'communication',
  mktg: 'marketing',
  assn: 'association',
};

/** Legal words an acronym may carry ("Boston Consulting Group" is BCG). */
const ACRONYM_LEGAL_WORDS = new Set(['group', 'holdings', 'company', 'corporation']);

/** Words that an organisation's acronym skips ("Bank of America" is BoA or BA). */
const ACRONYM_SKIPS = new Set(['and', 'of', 'the', 'for', 'de', 'la', 'du', 'der', 'und', 'et', 'y']);

/** An organisation name as the matcher compares it (docs/contacts.md, "Employers"). */
export interface OrgForm {
  /** Words without legal forms, abbreviations spelt out, plurals singular. */
  key: string;
  /** The key's words joined ("acme robotics" → "acmerobotics"). */
  joined: string;
  /** The name's acronyms ("International Business Machines" → ibm), from names of two words or more. */
  acronyms: Set<string>;
  /** The letters of a name written as initials ("W&S" → ws, "C.M.M." → cmm). */
  initials?: string;
}

export function orgForm(name: string | null | undefined): OrgForm {
  const all = orgWords(name);
  const kept = all.filter((x) => !LEGAL.has(x));
  const keyWords = kept.map((w) => {
    const one = /^[a-z]+$/.test(w) && w.length > 3 ? pluralize.singular(w) : w;
    return ORG_ABBREVIATIONS[one] ?? ORG_ABBREVIATIONS[w] ?? one;
  });
  const acronyms = new Set<string>();
  // With and without the legal words an acronym may spell (the G of BCG), never "Inc" or "LLC".
  const spelt = all.filter((x) => !LEGAL.has(x) || ACRONYM_LEGAL_WORDS.has(x));
  // Hyphenated names give an initial a part ("Dickens-Bailey Stack" is DBS).
  const split = indexWords(name?.replace(/&/g, ' and ').replace(/['’]/g, '')).filter((x) => !LEGAL.has(x) || ACRONYM_LEGAL_WORDS.has(x));
  for (const list of [spelt, kept, split]) {
    const initials = list.filter((w) => !ACRONYM_SKIPS.has(w));
    if (initials.length >= 2) acronyms.add(initials.map((w) => w[0]).join(''));
    if (list.length >= 2) acronyms.add(list.map((w) => w[0]).join(''));
  }
  // Written as initials: "W&S", "C.M.M.", "S & H" (letters, ampersands, dots and spaces only).
  const letters = /^\s*\p{L}(?:[\s.&]*\p{L}){1,5}[\s.]*$/u.test(name ?? '') && /[&.]|^[^a-z]*$/.test(name ?? '');
  const initials = letters ? asciiLower(name ?? '').replace(/[^a-z]/g, '') : undefined;
  return { key: keyWords.join(' '), joined: keyWords.join(''), acronyms, ...(initials ? { initials } : {}) };
}

/**
 * How two organisation names agree: `same` for one name written alike (legal forms, spacing,
 * plurals and abbreviations aside); `alias` for an acronym of the other ("IBM") or a misspelling of
 * it ("Acme Robotcs"); `part` for a name whose words start or end the other's ("Acme" and "Acme
 * Robotics", which may also be another company of the same family, "Durgan Inc" and "Durgan
 * Motors").
 */
export function orgAgreement(a: OrgForm, b: OrgForm): 'same' | 'alias' | 'part' | null {
  if (!a.key || !b.key) return null;
  if (a.key === b.key || a.joined === b.joined) return 'same';
  const [short, long] = a.key.length <= b.key.length ? [a, b] : [b, a];
  if (short.key.length >= 3 && (long.key.startsWith(`${short.key} `) || long.key.endsWith(` ${short.key}`))) return 'part';
  const acronym = (x: OrgForm, y: OrgForm) =>
    (x.initials !== undefined && y.acronyms.has(x.initials)) ||
    (!x.key.includes(' ') && x.key.length >= 2 && x.key.length <= 6 && y.acronyms.has(x.key));
  if (acronym(a, b) || acronym(b, a)) return 'alias';
  if (abbreviates(a.key, b.key)) return 'alias';
  // A misspelt name: one slip, two in names of twelve letters or more ("Acme Media" is not "Acme Medical").
  const shorter = Math.min(a.joined.length, b.joined.length);
  if (shorter >= 6 && Math.abs(a.joined.length - b.joined.length) <= 2 && distance(a.joined, b.joined) <= (shorter >= 12 ? 2 : 1))
    return 'alias';
  return null;
}

/**
 * Whether one word is an abbreviation of another: at most five letters and at most 60% of the
 * other's length, the same first letter, its letters in order inside the other ("med" for
 * medical, "cnslt" for consulting, "grp" for group). "Media" is no abbreviation of "medical".
 */
function abbreviationOf(short: string, long: string): boolean {
  if (short.length < 3 || short.length > 5 || short.length > long.length * 0.6 || short[0] !== long[0]) return false;
  let k = 0;
  for (const ch of long) if (ch === short[k]) k++;
  return k === short.length;
}

/** Two names of as many words, one word at least the same, the others the same or abbreviated ("Quitzon Med." / "Quitzon Medical"). */
function abbreviates(a: string, b: string): boolean {
  const x = a.split(' ');
  const y = b.split(' ');
  if (x.length !== y.length || x.length < 2) return false;
  let same = 0;
  for (let i = 0; i < x.length; i++) {
    const [p, q] = [x[i] as string, y[i] as string];
    if (p === q) same++;
    else if (!abbreviationOf(p, q) && !abbreviationOf(q, p)) return false;
  }
  return same > 0 && same < x.length;
}

/** The organisation an email address's domain names ("ana@acme-robotics.com" → "acme robotics"); null without one. */
export function emailOrganisation(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at < 0 ? null : domainName(email.slice(at + 1));
}

/**
 * The username of a professional-network profile URL (`…/in/<username>`), or the text itself when
 * it is a bare username; null for none, or for a username with a malformed escape (`/in/%ZZ`).
 */
export function professionalUsername(url: string | null | undefined): string | null {
  if (!url?.trim()) return null;
  // Angle brackets, quotes and trailing punctuation around a pasted URL are not part of it.
  const t = url
    .replace(DECORATION, '')
    .trim()
    .replace(/^[<("'\s]+|[>)"'.,;\s]+$/g, '');
  const m = /(?:^|\/)in\/([^/?#\s<>()"',;]+)/i.exec(t);
  if (m) return decodeUriComponentOrNull(m[1]!)?.toLowerCase() ?? null;
  return /^[a-z0-9][a-z0-9_-]{2,99}$/i.test(t) ? t.toLowerCase() : null;
}

/**
 * Whether two name words differ by a typo: one edit (Levenshtein distance, fastest-levenshtein)
 * or one swap of neighbouring letters for words of 4 to 7 letters, two edits from 8, none below 4
 * (short names differ by one letter too often).
 */
export function isTypo(a: string, b: string): boolean {
  if (a === b) return false;
  const len = Math.min(a.length, b.length);
  if (len < 4 || Math.abs(a.length - b.length) > 2) return false;
  const allowed = len >= 8 ? 2 : 1;
  const d = distance(a, b);
  if (d <= allowed) return true;
  // Two neighbouring letters swapped is one slip of the keyboard, though two edits for Levenshtein.
  if (d === 2 && a.length === b.length) {
    const diff = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]));
    return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
  }
  return false;
}
