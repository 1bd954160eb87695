/**
 * The set a bool matches in filter context, compiled to one SELECT whatever the number of its
 * clauses: keyword and text clauses on the same FTS5 table become one expression (exclusions
 * folded in as `NOT`), one of them drives and the rest are probed; number clauses are checked on
 * the value row or joined from the number postings; any other clause is an `IN` probe and any
 * other exclusion a `NOT IN`. Probes are evaluated lazily and in order, so once no row is left
 * the later sets are never built.
 */
import type { Query } from '../port.js';
import type { Scope } from './catalog.js';
import type { QueryCompiler } from './compile.js';
import { anyAtom, atomSet, everyAtom, type FtsAtom, without } from './fts-atoms.js';
import type { Leaf } from './leaves.js';
import { allOf, compound, inSet, type Sql } from './sql-shapes.js';
import { t } from './tables.js';

/** The clauses of a bool as filter context reads them. */
interface FilterClauses {
  /** `filter` and `must` alike. */
  required: Query[];
  /** Required sets already compiled (a scored clause's rows, see bool-scored). */
  requiredSets?: Sql[];
  should: Query[];
  mustNot: Query[];
  /** Should clauses a row needs (0: they do not filter). */
  msm: number;
}

type NumberClause = { leaf: Extract<Leaf, { kind: 'number' }>; q: Query; at: string };

interface Classified {
  /** Keyword and text clauses and their atoms (a row matches a clause when it matches one of its atoms). */
  fts: { leaf: Leaf; atoms: FtsAtom[] }[];
  numbers: NumberClause[];
  /** Every other clause as a filter set. */
  others: Sql[];
}

/**
 * Number clauses joined to the driving row at most (each is a table in the join, and SQLite joins
 * at most 64); the others are probed with `IN`.
 */
const JOINED_NUMBERS = 8;

function classify(c: QueryCompiler, queries: Query[], scope: Scope, label: string): Classified {
  const out: Classified = { fts: [], numbers: [], others: [] };
  queries.forEach((q, i) => {
    const at = `${label}[${i}]`;
    const leaf = c.leaf(q, scope, at);
    if (leaf?.kind === 'text' || leaf?.kind === 'keyword') out.fts.push({ leaf, atoms: leaf.atoms });
    else if (leaf?.kind === 'number') out.numbers.push({ leaf, q, at });
    else out.others.push(leaf ? c.leafSql(leaf, scope, false) : c.filter(q, scope, at));
  });
  return out;
}

/**
 * The rows matching any of `queries`: keyword and text clauses merged into one expression per
 * table, other clauses as sets of their own.
 */
export function anySet(c: QueryCompiler, queries: Query[], scope: Scope, label: string): Sql {
  const { fts, numbers, others } = classify(c, queries, scope, label);
  return union(c, anyAtom(fts.flatMap((f) => f.atoms)), [...numbers.map((n) => c.leafSql(n.leaf, scope, false)), ...others], scope);
}

/** The union of atoms (on the bound) and sets. */
function union(c: QueryCompiler, atoms: FtsAtom[], sets: Sql[], scope: Scope): Sql {
  const all = [...atoms.map((a) => atomSet(a, c.boundCond(scope))), ...sets];
  if (all.length === 0) return c.none(false);
  return all.length === 1 ? (all[0] as Sql) : compound(all, 'UNION');
}

/** The rows matching at least `msm` of the should clauses. */
function shouldSet(c: QueryCompiler, should: Query[], msm: number, scope: Scope, path: string): Sql {
  if (msm === 1) return anySet(c, should, scope, `${path}.should`);
  const counted = compound(
    should.map((q, i) => c.filter(q, scope, `${path}.should[${i}]`)),
    'UNION ALL',
  );
  return { sql: `SELECT d FROM (${counted.sql}) GROUP BY d HAVING count(*) >= ${msm}`, params: counted.params };
}

/** Folds each exclusion atom into the required atom of its table, at most one per atom; returns the rest. */
function foldExclusions(required: FtsAtom[], excluded: FtsAtom[]): FtsAtom[] {
  const rest = [...excluded];
  required.forEach((atom, i) => {
    const j = rest.findIndex((e) => e.table === atom.table);
    if (j < 0) return;
    required[i] = without(atom, rest[j] as FtsAtom);
    rest.splice(j, 1);
  });
  return rest;
}

/** The driving rows of the SELECT: `from` (joins included), its row id expression and extra conditions. */
interface Driver {
  from: Sql;
  row: string;
  conds: Sql[];
  distinct: boolean;
}

/**
 * Number clauses checked against the driving row: on the value row when the field holds one
 * value per document, else joined from the postings (a few) or probed.
 */
function numberChecks(c: QueryCompiler, numbers: NumberClause[], scope: Scope, driver: Driver): void {
  let joined = 0;
  let sortJoined = false;
  for (const [i, n] of numbers.entries()) {
    const column = c.columnOf(n.leaf, scope);
    if (column) {
      if (!sortJoined) driver.from.sql += ` JOIN ${t.sort(scope)} s ON s.rowid = ${driver.row}`;
      sortJoined = true;
      driver.conds.push(column);
    } else if (joined < JOINED_NUMBERS) {
      const { table, conds, params, distinct } = n.leaf.leaf;
      driver.from.sql += ` JOIN ${table} n${i} ON n${i}.d = ${driver.row} AND ${conds.replaceAll('X.', `n${i}.`)}`;
      driver.from.params.push(...params);
      driver.distinct ||= distinct;
      joined += 1;
    } else {
      driver.conds.push(probe(driver.row, c.leafSql(n.leaf, scope, false)));
    }
  }
}

/** `+row IN (set)`. Unary + keeps SQLite from pushing the list into an FTS5 driver (its MATCH would re-run per listed row). */
const probe = (row: string, set: Sql, negate = false): Sql => inSet(`+${row}`, set, negate);

/**
 * Picks what drives the SELECT and takes it out of the lists it came from: the bool's own bound
 * (the short id list it requires, compile-compound's `idBound`), else a keyword atom (FTS5
 * intersects keyword postings fastest), else the most selective number clause, else a text atom,
 * else the first other set, else every row.
 */
function pickDriver(
  c: QueryCompiler,
  parts: { atoms: FtsAtom[]; numbers: NumberClause[]; others: Sql[] },
  scope: Scope,
  ownBound: boolean,
): Driver {
  const driver = (from: string, row: string, params: unknown[] = []): Driver => ({
    from: { sql: from, params: [...params] },
    row,
    conds: [],
    distinct: false,
  });
  if (ownBound && c.bound !== null) {
    // Its clauses probe the bound themselves (QueryCompiler.boundCond), so each builds only
    // the rows of the listed documents.
    const d = driver(`FROM ${c.bound} t0`, 't0.d');
    numberChecks(c, parts.numbers.splice(0), scope, d);
    return d;
  }
  const kw = parts.atoms.findIndex((a) => a.table === t.kw(scope));
  if (kw >= 0 || (parts.atoms.length > 0 && parts.numbers.length === 0)) {
    const [atom] = parts.atoms.splice(Math.max(kw, 0), 1) as [FtsAtom];
    const d = driver(`FROM ${atom.table} t0`, 't0.rowid');
    numberChecks(c, parts.numbers.splice(0), scope, d);
    d.conds.unshift({ sql: `t0.${atom.table} MATCH ?${c.boundCond(scope, 't0.rowid')}`, params: [atom.expr] });
    return d;
  }
  if (parts.numbers.length > 0) {
    // Start from the most selective number clause (a capped count each).
    const estimates = parts.numbers.map((n) => (c.estimate ? c.estimate(n.leaf.leaf) : 0));
    const [lead] = parts.numbers.splice(estimates.indexOf(Math.min(...estimates)), 1) as [NumberClause];
    const { table, conds, params, distinct } = lead.leaf.leaf;
    const d = driver(`FROM ${table} t0`, 't0.d');
    d.distinct = distinct;
    numberChecks(c, parts.numbers.splice(0), scope, d);
    d.conds.unshift({ sql: `${conds.replaceAll('X.', 't0.')}${c.boundCond(scope, 't0.d')}`, params });
    return d;
  }
  const base = parts.others.shift();
  if (base === undefined) return driver(`FROM (${c.all(scope).sql}) t0`, 't0.d');
  // LIMIT -1 keeps SQLite from pushing this SELECT's conditions down into the set: into every
  // arm of a union, then the next level's, compile time grew with the square of the nesting.
  return driver(`FROM (SELECT d FROM (${base.sql}) LIMIT -1) t0`, 't0.d', base.params);
}

/** The rows a bool matches (`SELECT d`); `ownBound`: the current bound is this bool's short id list. */
export function boolFilter(c: QueryCompiler, clauses: FilterClauses, scope: Scope, path: string, ownBound = false): Sql {
  // Driven by its own bound, the bool needs the bound's clause no more.
  const own = ownBound ? c.boundClause : null;
  const required = classify(
    c,
    clauses.required.filter((q) => q !== own),
    scope,
    `${path}.filter`,
  );
  if (required.fts.some((f) => f.atoms.length === 0)) return c.none(false);
  const excluded = classify(c, clauses.mustNot, scope, `${path}.must_not`);

  // A clause with one atom joins its table's conjunction; one with several (text over two tables,
  // a long value list) is a set of its own. A repeated clause is needed once.
  const fts = [...new Map(required.fts.map((f) => [f.atoms.map((a) => `${a.table}:${a.expr}`).join('\n'), f])).values()];
  const atoms = everyAtom(fts.filter((f) => f.atoms.length === 1).map((f) => f.atoms[0] as FtsAtom));
  const others = fts.filter((f) => f.atoms.length > 1).map((f) => c.leafSql(f.leaf, scope, false));
  others.push(...required.others, ...(clauses.requiredSets ?? []));
  if (clauses.msm > 0) others.push(shouldSet(c, clauses.should, clauses.msm, scope, path));
  const exclusions = foldExclusions(atoms, anyAtom(excluded.fts.flatMap((f) => f.atoms)));

  const driver = pickDriver(c, { atoms, numbers: required.numbers, others }, scope, ownBound);
  const conds = driver.conds;
  for (const atom of atoms) conds.push(probe(driver.row, atomSet(atom, c.boundCond(scope))));
  for (const set of others) conds.push(probe(driver.row, set));
  if (exclusions.length + excluded.numbers.length + excluded.others.length > 0) {
    const sets = [...excluded.numbers.map((n) => c.leafSql(n.leaf, scope, false)), ...excluded.others];
    conds.push(probe(driver.row, union(c, exclusions, sets, scope), true));
  }
  const where = allOf(conds);
  return {
    sql: `SELECT ${driver.distinct ? 'DISTINCT ' : ''}${driver.row} AS d ${driver.from.sql} WHERE ${where.sql}`,
    params: [...driver.from.params, ...where.params],
  };
}
