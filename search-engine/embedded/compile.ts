import { invalidQuery, unsupported } from '../errors.js';
import type { Query } from '../port.js';
import type { Scope } from './catalog.js';
import { compileCompound } from './compile-compound.js';
import { onlyKeys, single } from './dsl-util.js';
import { atomSet, type FtsAtom } from './fts-atoms.js';
import { exactValue, fieldOf, type Leaf, type NumberLeaf, readLeaf, termsList } from './leaves.js';
import { allOf, compound, type Sql } from './sql-shapes.js';
import { ID_DIVERGES, sortColumn, t } from './tables.js';
import { scoredText } from './text-query.js';

export type { Sql };

/** From this many values, `terms` on `id` is answered like `ids` (see largeIdTerms). */
const LARGE_TERMS = 64;
/**
 * Characters of a bound's SQL that its probes may copy into one statement, in all (about 0.25 µs
 * of compile time each, so about 0.1 s): a short id list can be probed by thousands of leaves,
 * the requirement set of a bool of a hundred clauses by a few dozen.
 */
const BOUND_COPY_BUDGET = 400_000;
/** Probes of one bound at most (each copy of its SQL references its tables once more). */
const MAX_BOUND_PROBES = 4_096;

/**
 * Compiles the OpenSearch query DSL subset to SQLite. `filter` yields `SELECT d` (a set of row
 * ids of the scope); `scored` yields `SELECT d, score`. Both are pure SQL text plus parameters.
 */
export class QueryCompiler {
  private names = 0;

  /**
   * @param multiValued root fields that held several values in one document (never read from
   *   the value table); @param estimate capped match count of a number leaf, for choosing
   *   which clause drives a conjunction.
   */
  constructor(
    readonly root: Scope,
    readonly multiValued: ReadonlySet<string> = new Set(),
    readonly estimate: ((leaf: NumberLeaf) => number) | null = null,
  ) {}

  /**
   * While the clauses of a bool are compiled, a materialized set of rows that bounds them: a
   * short id list the bool requires (compile-compound's `idBound`), or the rows that meet every
   * requirement of a scored bool (bool-scored). Leaves of the root scope then keep only rows in
   * it, so a text or keyword clause never builds, or scores, its set over the whole corpus when
   * only those rows can be returned. A bound only saves work: the bool is driven by it, so a
   * clause that does not probe it gives the same result.
   */
  private current: { name: string; size: number; clause: Query | null; probes: number } | null = null;

  /** The name of the current bound's CTE, if any. */
  get bound(): string | null {
    return this.current?.name ?? null;
  }

  /** ` AND +<column> IN <bound>` for a leaf of the root scope while a bound is set; '' otherwise. */
  boundCond(scope: Scope, column = 'rowid'): string {
    const b = this.current;
    if (b === null || scope !== this.root) return '';
    // SQLite copies a CTE's SQL into every part of the statement that reads it: past a budget,
    // further leaves go unbounded (the same rows, more work) rather than make the statement slow
    // to compile, or reference one table more than the 65,535 times SQLite allows.
    if (b.probes >= MAX_BOUND_PROBES || (b.probes + 1) * b.size > BOUND_COPY_BUDGET) return '';
    b.probes += 1;
    // Unary +: the set is probed per matching row; pushed into FTS5 as `rowid IN`, it would re-run
    // the MATCH (and bm25's statistics) once per listed row.
    return ` AND +${column} IN ${b.name}`;
  }

  /** The clause whose rows the current bound holds, when it is a clause's (an id list); else null. */
  get boundClause(): Query | null {
    return this.current?.clause ?? null;
  }

  /**
   * Compiles `fn` with the CTE `name` (`size` characters of SQL) as the bound, then restores the
   * previous one. `clause`: the clause whose rows it holds, if any.
   */
  withBound<T>(bound: { name: string; size: number; clause?: Query }, fn: () => T): T {
    const previous = this.current;
    this.current = { ...bound, clause: bound.clause ?? null, probes: 0 };
    try {
      return fn();
    } finally {
      this.current = previous;
    }
  }

  /** A name unique within one compiled statement (for CTEs). */
  uniqueName(prefix: string): string {
    this.names += 1;
    return `${prefix}${this.names}`;
  }

  all(scope: Scope): Sql {
    return { sql: scope === this.root ? `SELECT rowid AS d FROM ${t.docs(scope)}` : `SELECT rowid AS d FROM ${t.rows(scope)}`, params: [] };
  }

  none(scored: boolean): Sql {
    return { sql: scored ? 'SELECT NULL AS d, 0 AS score WHERE 0' : 'SELECT NULL AS d WHERE 0', params: [] };
  }

  /** Wraps a filter set as scored rows with a constant score. */
  constant(set: Sql, score: number): Sql {
    return { sql: `SELECT d, ${Number(score)} AS score FROM (${set.sql})`, params: set.params };
  }

  filter(q: Query, scope: Scope, path: string): Sql {
    return this.compile(q, scope, path, false);
  }

  scored(q: Query, scope: Scope, path: string): Sql {
    return this.compile(q, scope, path, true);
  }

  /** The leaf `q` is; null for compound queries, `match_all`, `ids` and long id lists. */
  leaf(q: Query, scope: Scope, path: string): Leaf | null {
    const [kind, body] = single(q, path);
    if (kind === 'terms' && this.largeIdTerms(body, scope)) return null;
    return readLeaf(kind, body, scope, path ? `${path}.${kind}` : kind);
  }

  /** The rows matching any of `atoms` (none: no row), each probing the bound unless `unbounded`. */
  private atomsSet(atoms: FtsAtom[], scope: Scope, unbounded = false): Sql {
    if (atoms.length === 0) return this.none(false);
    const sets = atoms.map((a) => atomSet(a, unbounded ? '' : this.boundCond(scope)));
    return sets.length === 1 ? (sets[0] as Sql) : compound(sets, 'UNION');
  }

  /** A leaf's rows: `SELECT d`, or `SELECT d, score` when scored. */
  leafSql(leaf: Leaf, scope: Scope, scored: boolean): Sql {
    if (leaf.kind === 'text') {
      return scored ? scoredText(leaf.atoms, leaf.boost, () => this.boundCond(scope)) : this.atomsSet(leaf.atoms, scope);
    }
    const set = this.leafSet(leaf, scope);
    return scored ? this.constant(set, leaf.boost) : set;
  }

  private leafSet(leaf: Exclude<Leaf, { kind: 'text' }>, scope: Scope): Sql {
    if (leaf.kind === 'keyword') {
      // An id list is as short as the bound itself: probing would cost more than it saves.
      return this.atomsSet(leaf.atoms, scope, leaf.clause?.field.path === 'id');
    }
    if (leaf.kind === 'presence') {
      const table = scope === this.root ? t.sort(scope) : t.rows(scope);
      return { sql: `SELECT rowid AS d FROM ${table} WHERE presence & ? != 0${this.boundCond(scope)}`, params: [2 ** leaf.bit] };
    }
    const { distinct, table, conds, params } = leaf.leaf;
    return { sql: `SELECT ${distinct ? 'DISTINCT ' : ''}X.d AS d FROM ${table} X WHERE ${conds}${this.boundCond(scope, 'X.d')}`, params };
  }

  /**
   * The same leaf as a condition on the root's value table (alias `s`), when its field holds one
   * value per document; null otherwise.
   */
  private columnCondition(q: Query, scope: Scope, path: string): Sql | null {
    if (scope !== this.root) return null;
    const leaf = this.leaf(q, scope, path);
    return leaf ? this.columnOf(leaf, scope) : null;
  }

  /** {@link columnCondition} of a leaf already read. */
  columnOf(leaf: Leaf, scope: Scope): Sql | null {
    if (scope !== this.root) return null;
    if (leaf.kind === 'keyword' && leaf.clause && !this.multiValued.has(leaf.clause.field.path)) {
      const { op, values, field } = leaf.clause;
      const col = `s.${sortColumn(field.path)}`;
      if (op === 'exists') return { sql: `${col} IS NOT NULL`, params: [] };
      if (op === 'eq') return { sql: `${col} = ?`, params: values };
      return { sql: `${col} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(values)] };
    }
    if (leaf.kind === 'number' && !this.multiValued.has(leaf.leaf.field.path)) {
      const col = `s.${sortColumn(leaf.leaf.field.path)}`;
      // Posting conditions are `X.f = ?` followed by conditions on `X.v`; drop the field id.
      const valueConds = leaf.leaf.conds.replace(/^X\.f = \?( AND )?/, '');
      return { sql: valueConds ? valueConds.replaceAll('X.v', col) : `${col} IS NOT NULL`, params: leaf.leaf.params.slice(1) };
    }
    return null;
  }

  /**
   * The whole query as conditions on the root's value row (alias `s`), when it is `match_all` or
   * a bool of filter/must clauses on single-valued fields; null otherwise. Lets a field-sorted
   * search walk a sort index in order and stop after its page.
   */
  columnarFilter(q: Query): Sql | null {
    const [kind, body] = single(q, 'query');
    if (kind === 'match_all') return { sql: '1', params: [] };
    if (kind !== 'bool') return this.columnCondition(q, this.root, 'query');
    const keys = Object.keys(body).filter((k) => k !== 'boost' && k !== '_name');
    if (keys.some((k) => k !== 'filter' && k !== 'must')) return null;
    const clauses = [
      ...(Array.isArray(body.filter) ? body.filter : body.filter ? [body.filter] : []),
      ...(Array.isArray(body.must) ? body.must : body.must ? [body.must] : []),
    ] as Query[];
    const parts = clauses.map((c, i) => this.columnCondition(c, this.root, `query.bool[${i}]`));
    if (parts.some((p) => p === null)) return null;
    return allOf(parts as Sql[]);
  }

  private compile(q: Query, scope: Scope, path: string, scored: boolean): Sql {
    const [kind, body] = single(q, path);
    const at = path ? `${path}.${kind}` : kind;
    switch (kind) {
      case 'bool':
      case 'constant_score':
      case 'function_score':
      case 'nested':
        return compileCompound(this, kind, body, scope, at, scored);
      case 'match_all': {
        onlyKeys(body, ['boost', '_name'], at);
        const set = this.all(scope);
        return scored ? this.constant(set, Number(body.boost ?? 1)) : set;
      }
      case 'ids': {
        onlyKeys(body, ['values', 'boost', '_name'], at);
        if (!Array.isArray(body.values)) throw invalidQuery('ids.values must be an array', at);
        const set = this.idsSet(body.values, scope, at);
        return scored ? this.constant(set, Number(body.boost ?? 1)) : set;
      }
    }
    if (kind === 'terms' && this.largeIdTerms(body, scope)) {
      onlyKeys(body, ['id', 'boost', '_name'], at);
      const field = fieldOf(scope, 'id', at);
      const set = this.idsSet(
        termsList(body.id, at).map((v) => exactValue(field, v, at)),
        scope,
        at,
      );
      return scored ? this.constant(set, Number(body.boost ?? 1)) : set;
    }
    const leaf = readLeaf(kind, body, scope, at);
    if (!leaf) throw unsupported(`the "${kind}" query`, at);
    return this.leafSql(leaf, scope, scored);
  }

  private idsSet(values: unknown[], scope: Scope, path: string): Sql {
    if (scope !== this.root) throw invalidQuery('ids is only valid at the top level', path);
    return {
      sql: `SELECT rowid AS d FROM ${t.docs(scope)} WHERE id IN (SELECT value FROM json_each(?))`,
      params: [JSON.stringify(values.map(String))],
    };
  }

  /**
   * A long `terms` list on the root keyword field `id`, in an index where every document's `id`
   * equals its document id (the writer records any exception): answered from the documents'
   * primary key like `ids`, instead of FTS5 expressions whose cost grows with the list.
   */
  private largeIdTerms(body: Record<string, unknown>, scope: Scope): boolean {
    if (scope !== this.root || !Array.isArray(body.id) || body.id.length < LARGE_TERMS) return false;
    const field = scope.fields.get('id');
    return field?.kind === 'keyword' && !field.lowercase && !this.multiValued.has('id') && !this.multiValued.has(ID_DIVERGES);
  }
}
