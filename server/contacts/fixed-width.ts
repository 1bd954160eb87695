/**
 * A fixed-width record in one cell (docs/contacts.md, "Rows"): a mainframe's or a report's line
 * with its fields padded by spaces ("Francisca   Quintero        Prosacco AI        Assistant
 * Professor", "BORER               MARTA          LUETTGEN HEALTH ..."), in the name cell or in a
 * column of its own ("RECORD"). Split on runs of two spaces or more, it is read as a person reads
 * it: a name first (one field of two to four words, or two fields of one word each), then a title
 * (the field with a title's head noun) and an employer (another field with letters); a field
 * without letters or an id ("A0017") is no part of either. A cell that does not read so stays as it is.
 */
import pluralize from 'pluralize';
import { HEAD_NOUNS } from '../../query-planner/parse/lexicon/titles.js';
import { words } from './normalize.js';

/** Runs of two spaces or more (or tabs) between a record's fields: a line's, not line breaks (cell-layout.ts reads those). */
const GAP = /[ \t\u00a0]{2,}/;
/** A record cell's length at most: a line of a report, not a document. */
const MAX_RECORD = 400;
/** A name field's word: letters, with an apostrophe, a hyphen or a dot inside ("O'Connell", "Jean-Luc"). */
const NAME_WORD = /^\p{L}[\p{L}'’.-]*$/u;
/** An id or a code: letters and digits with a digit ("A0017", "12-B"), or no letters at all. */
const CODE = /^(?=.*\d)[\p{L}\d_./#-]+$|^[^\p{L}]+$/u;
/** Column names a whole record is exported under. */
const RECORD_COLUMN = /^\s*(?:record|rec|raw|raw record|raw line|row data|fixed width|fixed-width record)\s*$/i;

/** What a fixed-width record says: the name, and the employer and title when it gives them. */
export interface FixedWidthRecord {
  name: string;
  organization: string | null;
  title: string | null;
}

const hasTitleHead = (text: string): boolean => words(text).some((w) => HEAD_NOUNS.has(w) || HEAD_NOUNS.has(pluralize.singular(w)));
const nameWords = (text: string): string[] | null => {
  const ws = text.split(/\s+/);
  return ws.every((w) => NAME_WORD.test(w)) ? ws : null;
};

/** The fields of a fixed-width record in a cell, or null when the cell does not read as one. */
export function fixedWidthRecord(cell: unknown): FixedWidthRecord | null {
  if (typeof cell !== 'string' || cell.length > MAX_RECORD || /[\r\n]/.test(cell) || !GAP.test(cell.trim())) return null;
  const fields = cell
    .trim()
    .split(GAP)
    .filter((f) => f && !CODE.test(f));
  if (fields.length < 3) return null;
  const first = nameWords(fields[0]!);
  const second = nameWords(fields[1]!);
  let rest: string[];
  let name: string;
  if (first && first.length === 1 && second && second.length === 1) {
    name = `${fields[0]} ${fields[1]}`;
    rest = fields.slice(2);
    // "Mary  Ann  Smith": a name typed with wide gaps, not a given name, a family name and a firm.
    if (rest.length === 1 && nameWords(rest[0]!)?.length === 1 && !hasTitleHead(rest[0]!)) return null;
  } else if (first && first.length >= 2 && first.length <= 4 && !hasTitleHead(fields[0]!)) {
    name = fields[0]!;
    rest = fields.slice(1);
  } else return null;
  if (hasTitleHead(name) || !rest.length || rest.length > 3) return null;
  // A record lists the employer before the title: the last field with a title's head noun is the
  // title ("Flatley Guard   Senior Sales Manager": a firm's name may end in "Guard" or "Partners").
  const title = rest.filter(hasTitleHead).at(-1) ?? null;
  const organization = rest.find((f) => f !== title) ?? null;
  return { name, organization, title };
}

/**
 * The row with a fixed-width record read into its fields: from the name cell, or from a record
 * column when the row has no name. What the row names in its own columns wins.
 */
export function withFixedWidthRecord<R extends object>(row: R, fieldOf: (key: string) => string | undefined = (key) => key): R {
  const cells = row as Record<string, unknown>;
  const fromName = fixedWidthRecord(cells.name);
  // The row's own columns by the field they are ("Name", "Company" as sent, before they are mapped).
  const filled = (value: unknown): boolean =>
    typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) && value.some((v) => typeof v === 'string' && v.trim());
  const names = (field: string) => Object.keys(cells).some((k) => k !== 'name' && fieldOf(k) === field && filled(cells[k]));
  const columnKey = fromName ? undefined : Object.keys(cells).find((k) => RECORD_COLUMN.test(k) && fixedWidthRecord(cells[k]));
  const named = filled(cells.name) || names('name') || names('first_name') || names('last_name');
  const record = fromName ?? (columnKey && !named ? fixedWidthRecord(cells[columnKey]) : null);
  if (!record) return row;
  const out: Record<string, unknown> = { ...cells, name: record.name };
  if (columnKey) delete out[columnKey];
  const listed = (field: string) => filled(cells[field]) || names(field);
  if (record.organization && !listed('organization_names')) out.organization_names = [record.organization];
  if (record.title && !listed('job_titles')) out.job_titles = [record.title];
  return out as R;
}
