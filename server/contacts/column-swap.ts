/**
 * A name and an employer in each other's columns (docs/contacts.md, "The matcher"): the name cell
 * holding a firm ("Bruen Media", "Emard LLC", "Beer, Borer and Watsica") and the employer cell a
 * person's name ("Sari Jokinen"), as when a spreadsheet's "Company" and "Contact Name" columns are
 * mapped the wrong way round. The matcher reads such a row swapped only when the written reading
 * finds no one, and only takes a person who works at the firm the name cell names.
 */
import { resolvePlace } from '../../query-planner/places.js';
import { readsAsFirmByForm, readsAsPerson } from './cell-fields.js';
import { laidOut } from './cell-layout.js';
import type { ContactRow, ScoredCandidate } from './evidence.js';
import { QUOTED_NICKNAME } from './person-name.js';

/** A name word as written: a capital, then small letters, in parts joined by hyphens or apostrophes ("Ben-David", "O'Neil"). */
const NAME_WORD = /^\p{Lu}[\p{Ll}\p{M}]+(?:[-'’]\p{Lu}?[\p{Ll}\p{M}]+)*$/u;

/**
 * Whether an employer cell is written as a person's name: two or three name words, no firm's form,
 * no place; a nickname in quotes beside them is no name word ("\"Duke\" Salvador Guardado").
 */
const writtenAsName = (written: string): boolean => {
  const cell = written.replace(QUOTED_NICKNAME, ' ');
  const ws = cell.trim().split(/\s+/);
  return ws.length >= 2 && ws.length <= 3 && ws.every((w) => NAME_WORD.test(w)) && !readsAsFirmByForm(cell) && !resolvePlace(cell.trim());
};

/** A row read with its name and employer cells swapped, and whether its name cell is a firm by its form. */
export interface SwappedRow {
  row: ContactRow;
  firmByForm: boolean;
}

/**
 * The row with its name and its one employer in each other's cells, when the employer cell is
 * written as a person's name and the name cell is not (a firm by its form, or words that do not
 * begin with a known given name); null otherwise. Split name columns are never swapped.
 */
export function nameAndEmployerSwapped(input: ContactRow): SwappedRow | null {
  const row = laidOut(input);
  const name = row.name?.trim();
  const orgs = (row.organization_names ?? []).filter((o) => typeof o === 'string' && o.trim());
  if (!name || row.first_name?.trim() || row.last_name?.trim() || orgs.length !== 1) return null;
  const person = orgs[0]!.trim();
  const firmByForm = readsAsFirmByForm(name);
  if (!writtenAsName(person) || (!firmByForm && readsAsPerson(name))) return null;
  return { row: { ...row, name: person, organization_names: [name] }, firmByForm };
}

/**
 * Whether the person a swapped row found works, or worked, at the firm its name cell names: exactly
 * (the firm is that person's employer, so a known employer of the corpus), or in any agreeing form
 * when the cell is a firm by its form.
 */
export function employerAgrees(top: ScoredCandidate | undefined, firmByForm: boolean): boolean {
  const org = top?.evidence.find((e) => e.field === 'organization');
  return Boolean(org && (org.outcome === 'match' || (firmByForm && org.outcome === 'partial')));
}
