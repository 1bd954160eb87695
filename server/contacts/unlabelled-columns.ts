/**
 * Columns whose names say nothing, read as a person reads them (docs/contacts.md, "Rows"), before
 * column names are read as fields (header-names.ts):
 * - a whole delimited record pasted into one column, its header row pasted into the column's name
 *   ("First Name;Last Name;Company" → "Ana;Ruiz;Kulas Labs", with tabs or bars alike): each field
 *   under the name the header gives it;
 * - columns a spreadsheet or a dataframe named for their position ("Column1", "A", "Unnamed: 0",
 *   "Field 3", "col_2", "_1"), or one such column holding a delimited record: each value read for
 *   what it plainly is. Emails, profile URLs and phone numbers are unmistakable; the name is the
 *   first text, when it reads as a person's name (one or two cells, capitalised words, no firm, no
 *   place, no title); after it, a title is what ends in a title's head noun, a place what the
 *   gazetteer knows, and the employer the one other text. Anything less plain stays unread.
 */
import pluralize from 'pluralize';
import { commonWords } from '../../geo/common-words.js';
import { LEVEL_WORDS } from '../../query-planner/parse/lexicon/levels.js';
import { ABBREVIATED_TITLES, HEAD_NOUNS } from '../../query-planner/parse/lexicon/titles.js';
import { resolvePlace } from '../../query-planner/places.js';
import { emailsIn } from './emails.js';
import { placeOf } from './locations.js';
import { professionalUsername, words } from './normalize.js';
import { normOrg } from './organisations.js';

/**
 * A column name that only says where the column is: "Column1", "A", "Unnamed: 0", "Field 3", "col_2",
 * "_1", "F4". Two letters ("ID", "PO", "HR") are as often a name: one letter only.
 */
const POSITIONAL = /^(?:(?:column|col|field|unnamed|var|f|c|v)?[\s_:.#-]*\d{1,3}|[A-Z])$/i;

/** Delimiters of a record pasted into one cell, in the order they are tried. */
const DELIMITERS = ['\t', ';', '|'];

/** A delimited line's fields, a field in double quotes keeping its delimiters ("\"Bruen, Crist and Cremin\""). */
function fieldsOf(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"' && (quoted ? line[i + 1] !== '"' : cur.trim() === '')) {
      quoted = !quoted;
      continue;
    }
    if (ch === '"' && quoted) {
      cur += '"';
      i++;
    } else if (ch === sep && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** The delimiter a line is split by, when it splits into `min` fields or more; null else. */
function delimiterOf(line: string, min: number): string | null {
  return DELIMITERS.find((sep) => fieldsOf(line, sep).length >= min) ?? null;
}

/** A profile URL ("…/in/<username>"). */
const PROFILE_URL = /\/in\/[^/?#\s]+/i;
/** One phone number: digits with the marks numbers are written with, seven digits at least. */
const PHONE = /^\s*\+?[\d\s().\-/]{7,}\s*$/;

/** Level words after a title's head ("Engineer II", "Manager Sr"). */
const AFTER_HEAD = /^(?:i|ii|iii|iv|v|sr|jr|\d)$/;

/**
 * Whether a cell reads as a job title: its head noun last ("Software Engineer", "Support Engineer
 * II", "Manager, Customer Success") or first before "of" ("Head of Growth", "VP of Engineering").
 * `strict` wants every word a common English word or a title's ("Volkman Guard" and "Instructor
 * Biosciences" end in a head noun, but name a firm).
 */
function readsAsTitle(cell: string, strict: boolean): boolean {
  const ws = words(cell.split(',')[0]);
  while (ws.length > 1 && AFTER_HEAD.test(ws.at(-1)!)) ws.pop();
  const head = (w: string) => HEAD_NOUNS.has(w) || HEAD_NOUNS.has(pluralize.singular(w)) || ABBREVIATED_TITLES.has(w);
  const of = ws.indexOf('of');
  if (!(head(ws.at(-1) ?? '') || (of > 0 && head(ws[of - 1]!)))) return false;
  if (!strict) return true;
  const common = commonWords();
  return ws.every((w) => common.has(w) || head(w) || LEVEL_WORDS.has(w) || w.length <= 3);
}

/** Whether a cell reads as a place the gazetteer knows for certain ("Copenhagen", "Villahermosa, Mexico"). */
function readsAsPlace(cell: string): boolean {
  const resolved = resolvePlace(cell.trim());
  if (!resolved || resolved.lessCertain || /\s(?:and|&)\s/.test(cell)) return false;
  const place = placeOf(cell);
  return Boolean(place?.city || place?.country);
}

/** Whether cells read as a person's name: one to four capitalised words of letters, no legal form, place nor title. */
function readsAsName(cells: string[]): boolean {
  const ws = cells.flatMap((c) => c.trim().split(/\s+/));
  if (ws.length < 2 || ws.length > 4) return false;
  if (!ws.every((w) => /^\p{Lu}[\p{L}'’.-]*$/u.test(w))) return false;
  const text = cells.join(' ');
  return normOrg(text) === words(text).join(' ') && !readsAsTitle(text, false) && !resolvePlace(text) && !/\s(?:and|&)\s/i.test(text);
}

/** Whether a cell is text that may be a name, an employer, a title or a place (letters, no address). */
const isText = (cell: string) => /\p{L}/u.test(cell) && !emailsIn(cell).length && !PROFILE_URL.test(cell);

/**
 * Values of positional columns, in column order, under the column names they plainly are ("email",
 * "linkedin", "phone", "first name", "last name", "full name", "job title", "city", "company").
 * `named` says the row names a person in columns of its own: the values are then read for keys only.
 */
function readValues(values: string[], named: boolean): [string, string][] {
  const out: [string, string][] = [];
  const texts: string[] = [];
  for (const v of values) {
    if (emailsIn(v).length && !v.replace(/\S+@\S+/g, '').trim()) out.push(['email', v]);
    else if (PROFILE_URL.test(v) && professionalUsername(v)) out.push(['linkedin', v]);
    else if (PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7) out.push(['phone', v]);
    else if (isText(v)) texts.push(v.trim());
  }
  if (named || !texts.length) return out;
  let rest: string[];
  const [a, b] = texts as [string, string | undefined];
  if (b !== undefined && !/\s/.test(a) && !/\s/.test(b) && readsAsName([a, b])) {
    out.push(['first name', a], ['last name', b]);
    rest = texts.slice(2);
  } else if (/\s/.test(a) && readsAsName([a])) {
    out.push(['full name', a]);
    rest = texts.slice(1);
  } else return out;
  // The title: the one text that reads as a title with common words only, else the one that reads as one at all.
  const strict = rest.filter((t) => readsAsTitle(t, true));
  const loose = rest.filter((t) => readsAsTitle(t, false));
  const title = strict.length === 1 ? strict[0] : strict.length === 0 && loose.length === 1 ? loose[0] : undefined;
  const places = rest.filter((t) => t !== title && readsAsPlace(t));
  const place = places.length === 1 ? places[0] : undefined;
  if (title) out.push(['job title', title]);
  if (place) out.push(['city', place]);
  // The employer: the one text left when the others are read.
  const unread = rest.filter((t) => t !== title && t !== place);
  if (unread.length === 1 && !readsAsTitle(unread[0]!, true)) out.push(['company', unread[0]!]);
  return out;
}

/**
 * A row's columns as named columns: a delimited record under a delimited header split into its
 * named fields, positional columns read for what their values are; other columns as sent.
 */
export function withColumnsRead(entries: [string, unknown][], fieldOf: (key: string) => string | undefined): [string, unknown][] {
  const named = (key: string) => fieldOf(key) !== undefined;
  const out: [string, unknown][] = [];
  const positional: string[] = [];
  for (const [key, value] of entries) {
    if (typeof value !== 'string' && typeof value !== 'number') {
      out.push([key, value]);
      continue;
    }
    const text = String(value);
    const sep = delimiterOf(key, 2);
    if (sep && !POSITIONAL.test(key.trim())) {
      const heads = fieldsOf(key, sep);
      const cells = fieldsOf(text, sep);
      // The header's own names say what each field is: most of them must be known columns.
      if (cells.length === heads.length && heads.filter(named).length * 2 > heads.length) {
        heads.forEach((h, i) => {
          if (h && cells[i]) out.push([h, cells[i]]);
        });
        continue;
      }
    }
    if (POSITIONAL.test(key.trim()) || (sep && fieldsOf(key, sep).every((h) => !h || POSITIONAL.test(h)))) {
      const inner = delimiterOf(text, 3);
      positional.push(...(inner ? fieldsOf(text, inner) : [text]).filter((v) => v.trim()));
      continue;
    }
    out.push([key, value]);
  }
  if (!positional.length) return out;
  const hasName = out.some(([k]) => /^(name|first_name|last_name)$/.test(fieldOf(k) ?? ''));
  return [...out, ...readValues(positional, hasName)];
}
