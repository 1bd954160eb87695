/**
 * Normalising what a contact row and a profile say, so the matcher compares like with like
 * (docs/contacts.md, "The matcher"): names transliterated to ASCII (any-ascii) and lowercased,
 * phone numbers in E.164 (libphonenumber-js), professional URLs reduced to the username. Email
 * addresses: emails.ts; names: person-name.ts; given names: lib/names/given-names.ts; organisation names: organisations.ts.
 */

import anyAscii from 'any-ascii';
import { distance } from 'fastest-levenshtein';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { decodeUriComponentOrNull } from '../../lib/decode-uri-component.js';
import { repaired } from './repair.js';

/** Pictographs, symbols and invisible format characters: never part of a name (any-ascii spells 🚀 "rocket"). */
export const DECORATION = /[\p{Extended_Pictographic}\p{So}\p{Sk}\p{Cf}]|\uFE0F/gu;
/**
 * Invisible format characters (zero-width joiners, soft hyphens, direction marks): inside a word
 * they join it. The zero-width space (U+200B) separates words, as any space does.
 */
const INVISIBLE = /(?!\u200B)\p{Cf}/gu;

/** Lowercase ASCII text (accents and other scripts transliterated), decorations dropped. */
export function asciiLower(text: string): string {
  return anyAscii(repaired(text).replace(INVISIBLE, '').replace(DECORATION, ' ')).toLowerCase();
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
  // "0044 20 …", "001 305 …": the international prefix most of the world dials, written for "+".
  const text = phone.trim().replace(/^00(?=\s?[1-9])/, '+');
  const parsed = parsePhoneNumberFromString(text, ((region ?? 'US').toUpperCase() as CountryCode) || 'US');
  return parsed?.isValid() ? parsed.number : null;
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
