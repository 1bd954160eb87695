/**
 * Finds the ids a snapshot gives more than once, to say why a swap was refused: a later record of
 * an id replaces the earlier one, so the new index holds fewer documents than were written and
 * the count check (targets.ts) cannot tell that from a loss. Run only when a check has failed,
 * so a successful load pays nothing for it.
 */
import type { RecordKind } from '../mappings/record-schemas.js';
import { MAX_LINE_BYTES, readLines } from './read-lines.js';
import { checkLine } from './validate.js';

/** A record whose id an earlier record had given (with no deletion between them): both lines. */
export interface RepeatedId {
  id: string;
  first: { file: string; line: number };
  again: { file: string; line: number };
}

/** Ids remembered at most: past that the search stops with what it found (about 100 bytes an id). */
const MAX_IDS = 10_000_000;

/**
 * The first `limit` records that repeat an id, of a kind's files (read with the load's line bound), in file order, with how many there are in
 * all (`count`; `complete` false when the search stopped at {@link MAX_IDS} ids). Lines are checked as
 * the load checked them, so refused lines do not count, and a deletion between two records of an
 * id makes the second a new document, not a repeat.
 */
export async function findRepeatedIds(
  files: readonly string[],
  kind: RecordKind,
  maxLineBytes = MAX_LINE_BYTES,
  limit = 5,
): Promise<{ repeated: RepeatedId[]; count: number; complete: boolean }> {
  const held = new Map<string, { file: string; line: number }>();
  const repeated: RepeatedId[] = [];
  let count = 0;
  for (const file of files) {
    for await (const { lineNo, text, long, notUtf8 } of readLines(file, maxLineBytes).lines) {
      if (long) continue;
      const checked = checkLine(kind, text, !notUtf8);
      if (!checked.ok) continue;
      if (checked.deleted) {
        held.delete(checked.id);
        continue;
      }
      const id = checked.record.id as string;
      const first = held.get(id);
      const at = { file, line: lineNo };
      if (first) {
        count++;
        if (repeated.length < limit) repeated.push({ id, first, again: at });
      } else if (held.size >= MAX_IDS) return { repeated, count, complete: false };
      held.set(id, at);
    }
  }
  return { repeated, count, complete: true };
}

/** The repeats as a sentence for a refused swap, or null when there are none. */
export function describeRepeats({ repeated, count, complete }: Awaited<ReturnType<typeof findRepeatedIds>>): string | null {
  if (count === 0) return null;
  const where = (a: { file: string; line: number }, b: { file: string; line: number }) =>
    a.file === b.file ? `lines ${a.line} and ${b.line} of ${a.file}` : `line ${a.line} of ${a.file} and line ${b.line} of ${b.file}`;
  const listed = repeated.map((r) => `${r.id} (${where(r.first, r.again)})`).join(', ');
  const more = count > repeated.length ? `, and ${count - repeated.length} more` : '';
  return `${complete ? count : `at least ${count}`} ${count === 1 ? 'record repeats' : 'records repeat'} the id of an earlier one: ${listed}${more}. A later record of an id replaces the earlier one, so the count cannot show whether anything was lost; give each id once (or delete it in between) and run again`;
}
