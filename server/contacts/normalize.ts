/**
 * Normalising what a contact row and a profile say, so the matcher compares like with like
 * (docs/contacts.md, "The matcher"): names transliterated to ASCII (any-ascii) and lowercased,
 * given names with their nicknames (a vendored public table), emails lowercased without
 * `+tags`, phone numbers in E.164 (libphonenumber-js), organisation names without legal suffixes,
 * professional URLs reduced to the username.
 */

import fs from 'node:fs';
import anyAscii from 'any-ascii';
import { distance } from 'fastest-levenshtein';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { decodeUriComponentOrNull } from '../../lib/decode-uri-component.js';
import { fromPackageRoot } from '../../lib/package-root.js';

/** Lowercase ASCII words of a text (accents and other scripts transliterated), punctuation dropped. */
export function words(text: string | null | undefined): string[] {
  if (!text) return [];
  return anyAscii(text)
    .toLowerCase()
    .replace(/[^a-z0-9\s'-]/g, ' ')
    .replace(/['-]/g, '')
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

export interface PersonName {
  first: string | null;
  last: string | null;
  /** Every name word, in order (middle names included). */
  all: string[];
}

/**
 * The given and family name of a row: `first_name`/`last_name` when given, else `name` split
 * ("Last, First" and "First Middle Last" both read; honorifics and suffixes dropped).
 */
export function personName(row: { name?: string | null; first_name?: string | null; last_name?: string | null }): PersonName {
  const first = words(row.first_name).filter((w) => !HONORIFICS.has(w));
  const last = words(row.last_name).filter((w) => !HONORIFICS.has(w));
  if (first.length || last.length) {
    return { first: first[0] ?? null, last: last.at(-1) ?? null, all: [...first, ...last] };
  }
  const raw = row.name ?? '';
  const comma = raw.indexOf(',');
  let tokens: string[];
  if (comma > 0) {
    const before = words(raw.slice(0, comma)).filter((w) => !HONORIFICS.has(w));
    const after = words(raw.slice(comma + 1)).filter((w) => !HONORIFICS.has(w));
    // "Smith, John" (a family name before the comma); "John Smith, PhD" leaves nothing after.
    tokens = after.length ? [...after, ...before] : before;
  } else tokens = words(raw).filter((w) => !HONORIFICS.has(w));
  if (!tokens.length) return { first: null, last: null, all: [] };
  if (tokens.length === 1) return { first: tokens[0]!, last: null, all: tokens };
  return { first: tokens[0]!, last: tokens.at(-1)!, all: tokens };
}

let nicknameGroups: Map<string, Set<string>> | null = null;

/** Given name → every name it is a nickname of or has as a nickname (itself included). */
function nicknames(): Map<string, Set<string>> {
  if (nicknameGroups) return nicknameGroups;
  const map = new Map<string, Set<string>>();
  const add = (a: string, b: string) => {
    const set = map.get(a) ?? new Set([a]);
    set.add(b);
    map.set(a, set);
  };
  const text = fs.readFileSync(fromPackageRoot('server/contacts/data', 'nicknames.csv'), 'utf8');
  for (const line of text.split('\n').slice(1)) {
    const [canonical, relationship, nickname] = line.trim().split(',');
    if (!canonical || !nickname || relationship !== 'has_nickname') continue;
    add(canonical, nickname);
    add(nickname, canonical);
  }
  nicknameGroups = map;
  return map;
}

/** A given name and the names that stand for it ("bill" → william, will, billy, …). */
export function givenNameVariants(name: string): Set<string> {
  const direct = nicknames().get(name);
  const out = new Set([name]);
  if (!direct) return out;
  for (const n of direct) out.add(n);
  return out;
}

/** Whether two given names are the same person's: equal, or one a nickname of the other (or both of one name). */
export function sameGivenName(a: string, b: string): boolean {
  if (a === b) return true;
  const va = givenNameVariants(a);
  if (va.has(b)) return true;
  // "Bill" and "Will" are both William.
  for (const n of givenNameVariants(b)) if (va.has(n) && nicknames().has(n) && (nicknames().get(n)?.size ?? 0) > 1) return true;
  return false;
}

/** An email address as compared: lowercased, a `+tag` dropped. Null when it is not an address. */
export function normEmail(email: string | null | undefined): string | null {
  const e = (email ?? '').trim().toLowerCase();
  const m = /^([^@\s]+)@([^@\s]+\.[^@\s]+)$/.exec(e);
  if (!m) return null;
  return `${m[1]!.replace(/\+.*$/, '')}@${m[2]}`;
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

/** An organisation name as compared: its words without legal forms ("Acme, Inc." → "acme"). */
export function normOrg(name: string | null | undefined): string {
  const w = words(name?.replace(/&/g, ' and ')).filter((x) => !LEGAL.has(x));
  return w.join(' ');
}

/**
 * The username of a professional-network profile URL (`…/in/<username>`), or the text itself when
 * it is a bare username; null for none, or for a username with a malformed escape (`/in/%ZZ`).
 */
export function professionalUsername(url: string | null | undefined): string | null {
  if (!url?.trim()) return null;
  const t = url.trim();
  const m = /\/in\/([^/?#\s]+)/i.exec(t);
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
