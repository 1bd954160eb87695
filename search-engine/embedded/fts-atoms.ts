/**
 * FTS5 queries as values that combine. Keyword clauses and text clauses are each answered by
 * FTS5 `MATCH`es ("atoms"): one on the scope's keyword table, or one per text table the fields
 * live in. Clauses over the same table combine into one expression (FTS5 intersects or merges
 * their posting lists itself), so a bool of a hundred clauses costs a few `MATCH`es, not a
 * hundred subqueries.
 */
import type { Sql } from './sql-shapes.js';

/** The rows of FTS5 table `table` that match `expr`. */
export interface FtsAtom {
  table: string;
  expr: string;
  /** Alternatives at the expression's top level (a run of `terms` values); 1 otherwise. */
  width: number;
}

/**
 * Most alternatives in one OR. FTS5 looks at every alternative at each step, so an OR costs its
 * width times its matches: 65,536 `terms` values in one expression took 11 s, as runs of 256
 * under 1 s.
 */
export const OR_WIDTH = 256;
/** Most atoms in one AND (the same cost argument, for the rows that reach the last operand). */
const AND_WIDTH = 256;

/** Atoms of the same table joined by `op`, grouped while the group's width stays within `max`. */
function pack(atoms: FtsAtom[], op: 'AND' | 'OR', max: number): FtsAtom[] {
  const byTable = new Map<string, { atoms: FtsAtom[]; width: number }[]>();
  for (const atom of atoms) {
    const runs = byTable.get(atom.table) ?? [];
    byTable.set(atom.table, runs);
    // Inside an AND, an OR operand is one step wide.
    const width = op === 'OR' ? atom.width : 1;
    const last = runs[runs.length - 1];
    if (last && last.width + width <= max) {
      last.atoms.push(atom);
      last.width += width;
    } else runs.push({ atoms: [atom], width });
  }
  return [...byTable.entries()].flatMap(([table, runs]) =>
    runs.map((run) =>
      run.atoms.length === 1
        ? (run.atoms[0] as FtsAtom)
        : { table, expr: run.atoms.map((a) => `(${a.expr})`).join(` ${op} `), width: op === 'OR' ? run.width : 1 },
    ),
  );
}

/** The union of atoms: one expression per table (more when very wide). */
export function anyAtom(atoms: FtsAtom[]): FtsAtom[] {
  return pack(atoms, 'OR', OR_WIDTH);
}

/** The intersection of atoms, per table: one expression per table (more when very long). */
export function everyAtom(atoms: FtsAtom[]): FtsAtom[] {
  return pack(atoms, 'AND', AND_WIDTH);
}

/**
 * `atom` without the rows of `excluded` (same table). One exclusion per atom: FTS5's NOT nests
 * one level per operand and refuses expressions deeper than 256.
 */
export function without(atom: FtsAtom, excluded: FtsAtom): FtsAtom {
  return { table: atom.table, expr: `(${atom.expr}) NOT (${excluded.expr})`, width: 1 };
}

/** The rows of one atom as `SELECT d`, with `bound` (QueryCompiler.boundCond) on the FTS5 rowid. */
export function atomSet(atom: FtsAtom, bound = ''): Sql {
  return { sql: `SELECT rowid AS d FROM ${atom.table} WHERE ${atom.table} MATCH ?${bound}`, params: [atom.expr] };
}
