/**
 * A contact row as spreadsheets and address books really lay it out, put back in its columns
 * before it is read (row-keys.ts):
 * - columns named otherwise than the API names them ("Prénom", "Nachname", "empresa", "E-Mail
 *   Address"): read as those fields (header-names.ts);
 * - a value read for what it is, whatever its column: an email address in the profile-URL or
 *   employer column, a profile URL in the email, name or employer column, a phone number in the
 *   email or a name column;
 * - a name cell on several lines, or with its parts apart by tabs or runs of spaces ("Carla
 *   Verdugo\nCeramic Chain", a pasted signature "Name\r\nTitle\r\nCompany"): the first part is the
 *   name, the others are read as a name cell's tail (an employer, a title);
 * - a whole record pasted into the name cell ("Yuxuan;Ma;Instructor Biosciences;Senior Support
 *   Engineer", the same with tabs, commas or bars): its first two fields are the name, in the order
 *   their given name says, the rest its tail;
 * - a whole name in one of the split name columns ("Estelle Muller" as the family name, "Upendra
 *   Verma" as the given name, the other column empty): read as the name cell.
 */

import { isGivenName } from '../../lib/names/given-names.js';
import { ABBREVIATED_TITLES, HEAD_NOUNS } from '../../query-planner/parse/lexicon/titles.js';
import { readCells } from './cell-text.js';
import { emailsIn, withoutEmails } from './emails.js';
import type { ContactRow } from './evidence.js';
import { COURTESY_ONLY, withHeaderNames } from './header-names.js';
import { professionalUsername, words } from './normalize.js';

/**
 * A profile URL ("…/in/<username>"), wherever it is pasted. Tried only where a word starts (the
 * lookbehind): a long word without "/in/" is scanned once, not once from each of its characters.
 */
export const PROFILE_URL = /(?<!\S)\S*\/in\/[^/?#\s<>()"',;]+\S*/i;
/** A cell that is one phone number and nothing else: digits with the marks phone numbers are written with. */
const PHONE_ONLY = /^\s*(?:tel:)?\+?[\d\s().\-/\u2010-\u2012\u00a0]{7,}(?:\s*(?:x|ext\.?)\s*\d+)?\s*$/i;

const isPhone = (v: string): boolean => PHONE_ONLY.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7;

/**
 * The number of a messaging or calling link ("https://wa.me/447700900123", "whatsapp://send?phone=…",
 * "viber://chat?number=%2B44…", "t.me/+4477…", "sms:+1 415…", "tel:", "callto:"), or null.
 */
export function phoneOfLink(v: string): string | null {
  const t = v.trim();
  const m =
    /^(?:https?:\/\/)?(?:www\.)?(?:wa\.me|t\.me)\/(?:%2B|\+)?(\d{7,15})\/?(?:\?.*)?$/i.exec(t) ??
    /^(?:https?:\/\/)?api\.whatsapp\.com\/send\/?\?phone=(?:%2B|\+)?(\d{7,15})\b/i.exec(t) ??
    /^(?:whatsapp|viber|sms|tel|callto|facetime|skype):(?:\/\/)?(?:[a-z]+\?(?:phone|number)=)?((?:%2B|\+)?[\d\s().-]{7,})(?:[?&;].*)?$/i.exec(
      t,
    );
  if (!m) return null;
  const raw = (m[1] as string).replace(/^%2B/i, '+');
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return raw.startsWith('+') || /^(?:https?:\/\/)?(?:www\.)?(?:wa\.me|t\.me|api\.whatsapp)/i.test(t) || /^whatsapp:/i.test(t)
    ? `+${digits}`
    : raw.trim();
}

/** "Ana Ruiz (m) +44 7700 900123", "Ana Ruiz, mob: 0612…": a phone number after a name, with its label. */
const PHONE_LABEL = '(?:m|mob|mobile|cell|c|tel|t|ph|phone|w|work|o|office|h|home)';
const NAME_THEN_PHONE = new RegExp(
  `^(.*?\\p{L})(?:[\\s,;|/-]*\\(${PHONE_LABEL}\\)[.:]?|[\\s,;|/-]+(?:${PHONE_LABEL}[.:]?\\s*)?)\\s*(\\+?\\d[\\d\\s().-]{5,}\\d)\\s*$`,
  'iu',
);

/** The row with each value in the column it belongs to and its name cell laid out as one name and its tail. */
export function laidOut(input: ContactRow): ContactRow {
  const row = withHeaderNames(readCells(input));
  const out: ContactRow = { ...row };
  const emails = [...(row.emails ?? [])];
  const phones: string[] = [];
  for (const p of row.phone_numbers ?? []) {
    if (emailsIn(p).length && !/\d{5}/.test(p)) emails.push(p);
    else phones.push(phoneOfLink(p) ?? p);
  }
  let url = row.professional_url ?? null;
  const takeUrl = (v: string): boolean => {
    const m = PROFILE_URL.exec(v);
    if (!m || !professionalUsername(m[0])) return false;
    url ??= m[0];
    return true;
  };
  // Email column: profile URLs and phones out.
  out.emails = emails.filter((e) => {
    if (emailsIn(e).length) return true;
    if (takeUrl(e)) return false;
    const linked = phoneOfLink(e);
    if (linked) {
      phones.push(linked);
      return false;
    }
    if (isPhone(e)) {
      phones.push(e);
      return false;
    }
    return true;
  });
  // Profile-URL column: an address is an address, a messaging link a phone.
  if (url && !professionalUsername(url) && emailsIn(url).length) {
    out.emails.push(url);
    url = null;
  }
  const urlPhone = url && !professionalUsername(url) ? phoneOfLink(url) : null;
  if (urlPhone) {
    phones.push(urlPhone);
    url = null;
  }
  // Employer column: addresses and profile URLs out.
  if (row.organization_names?.length)
    out.organization_names = row.organization_names.filter((o) => {
      if (emailsIn(o).length && !withoutEmails(o)) {
        out.emails!.push(o);
        return false;
      }
      return !(PROFILE_URL.test(o) && !o.replace(PROFILE_URL, '').trim() && takeUrl(o));
    });
  // Title column: a profile URL alone is that.
  if (row.job_titles?.length)
    out.job_titles = row.job_titles.filter((t) => !(PROFILE_URL.test(t) && !t.replace(PROFILE_URL, '').trim() && takeUrl(t)));
  // Name columns: a profile URL or a phone alone in one is that, not a name.
  for (const key of ['name', 'first_name', 'last_name'] as const) {
    const v = out[key]?.trim();
    if (!v) continue;
    if (PROFILE_URL.test(v) && takeUrl(v)) out[key] = v.replace(PROFILE_URL, ' ').trim() || null;
    else if (isPhone(v) || phoneOfLink(v)) {
      phones.push(phoneOfLink(v) ?? v);
      out[key] = null;
    } else {
      // A phone number after the name ("Ana Ruiz (m) +44 7700 900123"): the number is a phone.
      const m = NAME_THEN_PHONE.exec(v);
      // Not a span of years ("Acme Inc. 2019-2023").
      if (m && (m[2]!.match(/\d/g)?.length ?? 0) >= 7 && !/^\d{4}\s*[-–]\s*\d{4}$/.test(m[2]!.trim())) {
        phones.push(m[2]!.trim());
        out[key] = m[1]!.replace(/[\s,;|/(-]+$/, '').trim() || null;
      }
    }
  }
  out.phone_numbers = phones;
  out.professional_url = url;
  if (out.name) out.name = nameCellLaidOut(out.name);
  else Object.assign(out, wholeNameInOneColumn(out));
  return out;
}

/** Words that begin family names of several words ("van der Berg", "de la Cruz", "Van Dyke"), whatever else they are. */
const PARTICLES = new Set([
  'van',
  'von',
  'de',
  'del',
  'della',
  'der',
  'den',
  'di',
  'da',
  'du',
  'la',
  'le',
  'al',
  'el',
  'bin',
  'ibn',
  'ben',
  'mac',
  'st',
  'dos',
  'das',
  'ter',
  'ten',
  'lo',
]);

/** A name's words without the courtesy titles before it ("Dr. Ana" is one). */
function nameWordCount(text: string): number {
  return words(text).filter((w) => !COURTESY_ONLY.test(w)).length;
}

/** One capitalised word that reads as no title and no firm: a family name on a line of its own. */
function onlyAName(text: string): boolean {
  const w = words(text);
  return (
    w.length === 1 &&
    /^\p{Lu}\p{Ll}+$/u.test(text.trim()) &&
    !HEAD_NOUNS.has(w[0]!) &&
    !ABBREVIATED_TITLES.has(w[0]!) &&
    !FIRM_WORDS.test(w[0]!)
  );
}

/** Words that make a one-word line a firm ("Labs", "Inc"). */
const FIRM_WORDS = /^(inc|llc|ltd|gmbh|corp|labs?|group|holdings|partners|consulting|solutions|systems|technologies|ventures|capital)$/;

/** Separators of a record pasted as one cell, in the order they are tried. */
const RECORD_SEPARATORS = [';', '\t', '|', ','];

/**
 * A name cell's parts on several lines, apart by tabs or by runs of spaces, or a record's fields,
 * as "Name | tail | tail", the form a name cell's tail is read in.
 */
export function nameCellLaidOut(cell: string): string {
  const record = recordFields(cell);
  if (record) return record;
  const lines = cell
    .split(/\r\n|\r|\n|\t/)
    .map((l) => l.trim())
    .filter(Boolean);
  // Runs of spaces part a name from its tail only after a whole name ("Carla Verdugo  Ceramic
  // Chain"; not "Ana  Ruiz", a slip of the space bar).
  const parts = lines.flatMap((l, i) => {
    const runs = l.split(/\s{2,}/).filter(Boolean);
    return i === 0 && runs.length > 1 && nameWordCount(runs[0]!) < 2 ? [runs.join(' ')] : runs;
  });
  if (parts.length < 2) return cell;
  // A name on two lines ("Ana\nRuiz"): one word on each.
  if (parts.length === 2 && parts.every((p) => words(p).length === 1)) return parts.join(' ');
  // "Mary Ann⏎Smith": a family name alone on the next line, no title nor firm.
  if (parts.length === 2 && nameWordCount(parts[0]!) <= 2 && onlyAName(parts[1]!)) return parts.join(' ');
  return parts.join(' | ');
}

/** "Yuxuan;Ma;Instructor Biosciences;Senior Support Engineer": the name, then its tail, or null. */
function recordFields(cell: string): string | null {
  // A vCard's structured name ("N:Ruiz;Ana;;Dr.;") and HTML entities ("J&uacute;lia") hold semicolons of their own.
  if (/^\s*(N|FN):/i.test(cell)) return null;
  for (const sep of RECORD_SEPARATORS) {
    if (sep === ';' && /&#?[a-z0-9]+;/i.test(cell)) continue;
    const fields = cell.split(sep).map((f) => f.trim());
    if (fields.length < 2 || (fields.length < 3 && (sep === ',' || words(fields[0]).length < 2))) continue;
    // Empty fields are a vCard's unused name parts ("Ruiz;Ana;;;"), not a record's.
    if (sep === ';' && fields.slice(0, -1).some((f) => !f)) continue;
    const [a, b, ...rest] = fields as [string, string, ...string[]];
    // "Wyman Klocko;Brekke - Kautzer;Principal Designer": a whole name first, then its tail.
    if (
      sep !== ',' &&
      !a.includes(',') &&
      words(a).length >= 2 &&
      words(a).length <= 3 &&
      !/\d|@/.test(a) &&
      [b, ...rest].some((f) => words(f).length >= 1)
    )
      return [a, ...[b, ...rest].filter(Boolean)].join(' | ');
    // Two single words, then something that is no part of a name: an employer or a title of
    // several words, an address, a phone. A vCard's structured name ("Ruiz;Ana;;Dr.;") has only
    // name parts after them, and "Smith, John, PhD" a credential.
    if (words(a).length !== 1 || words(b).length !== 1 || /\s/.test(a) || /\s/.test(b)) continue;
    const told = rest.filter(Boolean);
    if (!told.some((f) => words(f).length >= 2 || emailsIn(f).length || isPhone(f))) continue;
    // A comma's record is "Last, First, …", as a name cell's comma is; others are "First;Last;…"
    // unless only the second field is a given name.
    const familyFirst = sep === ',' || (isGivenName(words(b)[0]!) && !isGivenName(words(a)[0]!));
    const [given, family] = familyFirst ? [b, a] : [a, b];
    return [`${given} ${family}`, ...told].join(' | ');
  }
  return null;
}

/**
 * A whole name in one split name column with the other empty: the family-name column holding a
 * given name first ("Estelle Muller"), or the given-name column holding a family name after its
 * given names ("Upendra Verma"; not "Mary Ann", two given names).
 */
function wholeNameInOneColumn(row: ContactRow): Partial<ContactRow> {
  const first = row.first_name?.trim() ?? '';
  const last = row.last_name?.trim() ?? '';
  if (first && !last) {
    const w = words(first);
    if (w.length >= 2 && !first.includes(',') && !w.every(isGivenName)) return { name: first, first_name: null };
  }
  if (last && !first) {
    const w = words(last);
    if (w.length >= 2 && !last.includes(',') && !PARTICLES.has(w[0]!) && isGivenName(w[0]!) && !isGivenName(w.at(-1)!))
      return { name: last, last_name: null };
  }
  return {};
}
