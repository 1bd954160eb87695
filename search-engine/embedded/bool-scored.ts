/**
 * A bool in scoring context: `SELECT d, score`, the score being the sum of its must and matching
 * should clauses' scores, times its boost. Every scored clause is evaluated once, as part of a
 * MATERIALIZED CTE joined on the document id (a plain subquery would be re-run for each outer
 * row), and the clauses' scores are summed by one GROUP BY over their union, so the statement
 * has a few tables in its join however many clauses the bool has.
 */
import type { Query } from '../port.js';
import { anySet, boolFilter } from './bool-filter.js';
import type { Scope } from './catalog.js';
import type { QueryCompiler } from './compile.js';
import { type BoolClauses, readBool, single } from './dsl-util.js';
import { anyAtom } from './fts-atoms.js';
import { compound, type Sql } from './sql-shapes.js';
import { scoredText, type TextAtom } from './text-query.js';

/**
 * Under a bound, up to this many must clauses are scored as CTEs of their own (see boolScored).
 * SQLite looks CTE names up one by one, so thousands of them make compile time grow with the
 * square of their number.
 */
const SEPARATE_MUST_MAX = 64;

/** A CTE of the statement: `name AS MATERIALIZED (set)`. */
export interface NamedSet {
  name: string;
  set: Sql;
}

/** A scored SELECT and the CTEs it reads (the caller puts them in its WITH clause). */
export interface ScoredBool {
  ctes: NamedSet[];
  select: Sql;
}

/** A clause to score; `matched`: only for rows already known to match it (see matchedScore). */
interface Part {
  q: Query;
  at: string;
  matched: boolean;
}

const parts = (list: Query[], label: string, matched: boolean): Part[] => list.map((q, i) => ({ q, at: `${label}[${i}]`, matched }));

/**
 * The scored rows of `parts` summed per document, `(d, score)` (with `count`: and `n`, how many of
 * them match). Text clauses on the same FTS5 table with the same field weights and boost are one
 * MATCH of their expressions ORed: FTS5's BM25 adds up the expression's phrases that match
 * (phrases of a clause that does not match add nothing), so that is the sum of their scores, for
 * one scan instead of one per clause. With `count`, every clause is a set of its own.
 */
function summed(c: QueryCompiler, list: Part[], scope: Scope, count = false): Sql {
  const groups = new Map<string, { weights: number[]; boost: number; atoms: Map<string, { atom: TextAtom; times: number }> }>();
  const sets: Sql[] = [];
  for (const { q, at, matched } of list) {
    const leaf = count || list.length === 1 ? null : c.leaf(q, scope, at);
    if (leaf?.kind !== 'text') {
      sets.push(matched ? matchedScore(c, q, scope, at) : c.scored(q, scope, at));
      continue;
    }
    for (const atom of leaf.atoms) {
      const key = `${atom.table}|${atom.weights.join(',')}|${leaf.boost}`;
      const group = groups.get(key) ?? { weights: atom.weights, boost: leaf.boost, atoms: new Map() };
      groups.set(key, group);
      const same = group.atoms.get(atom.expr);
      if (same) same.times += 1;
      else group.atoms.set(atom.expr, { atom, times: 1 });
    }
  }
  for (const { weights, boost, atoms } of groups.values()) {
    // A clause repeated n times scores n times its score: its phrases once, with n times the boost.
    const byTimes = new Map<number, TextAtom[]>();
    for (const { atom, times } of atoms.values()) {
      const same = byTimes.get(times) ?? [];
      same.push(atom);
      byTimes.set(times, same);
    }
    for (const [times, same] of byTimes) {
      sets.push(
        scoredText(
          anyAtom(same).map((a) => ({ ...a, weights })),
          boost * times,
          () => c.boundCond(scope),
        ),
      );
    }
  }
  if (sets.length === 1 && !count) return sets[0] as Sql;
  if (sets.length === 0) return c.none(true);
  const union = compound(sets, 'UNION ALL');
  return { sql: `SELECT d, sum(score) AS score${count ? ', count(*) AS n' : ''} FROM (${union.sql}) GROUP BY d`, params: union.params };
}

/** The scores of the scored CTEs `names`, summed per document. */
function sumOf(names: string[]): Sql {
  const union = compound(
    names.map((name) => ({ sql: `SELECT d, score FROM ${name}`, params: [] })),
    'UNION ALL',
  );
  return { sql: `SELECT d, sum(score) AS score FROM (${union.sql}) GROUP BY d`, params: [] };
}

/**
 * The scores of `q` for rows already known to match it: the must clauses of a bool driven by its
 * requirement set, recursively. A bool then needs no requirement set of its own, only the sum of
 * its must and should scores, so a chain of nested bools is not compiled again at every level.
 * Rows it would score 0 may be missing: readers default them to 0.
 */
function matchedScore(c: QueryCompiler, q: Query, scope: Scope, path: string): Sql {
  const [kind, body] = single(q, path);
  if (kind !== 'bool') return c.scored(q, scope, path);
  const at = `${path}.bool`;
  const { must, should, boost } = readBool(body, at);
  const sum = summed(c, [...parts(must, `${at}.must`, true), ...parts(should, `${at}.should`, false)], scope);
  return { sql: `SELECT d, score * ${boost} AS score FROM (${sum.sql})`, params: sum.params };
}

/** What the parts of boolScored share: the statement's CTEs and how its SELECT ends. */
interface Build {
  c: QueryCompiler;
  clauses: BoolClauses;
  scope: Scope;
  path: string;
  /** Adds a CTE; returns its name. */
  cte: (set: Sql, prefix: string) => string;
  /** The bool's SELECT: `b.d` and `(score) * boost`. */
  finish: (score: string, from: string, where?: string[]) => ScoredBool;
  /** The CTE of the should clauses' summed scores (with `count`: and how many match), if any. */
  shouldSum: (count?: boolean) => string | null;
}

/**
 * Under a bound, each must clause is scored once, bounded, and its rows are requirements:
 * building them again for the requirement set would scan their postings twice.
 */
function separatelyScored(b: Build, own: boolean): ScoredBool {
  const { c, clauses, scope, path } = b;
  const mustNames = clauses.must.map((q, i) => b.cte(c.scored(q, scope, `${path}.must[${i}]`), 'bm'));
  const requiredSets = mustNames.map((name) => ({ sql: `SELECT d FROM ${name}`, params: [] }));
  const { filter, should, mustNot, msm } = clauses;
  const rows = b.cte(boolFilter(c, { required: filter, requiredSets, should, mustNot, msm }, scope, path, own), 'bq');
  const mustSum = mustNames.length === 1 ? (mustNames[0] as string) : b.cte(sumOf(mustNames), 'bm');
  const shouldName = b.shouldSum();
  const from = `FROM ${rows} b JOIN ${mustSum} m ON m.d = b.d${shouldName ? ` LEFT JOIN ${shouldName} s ON s.d = b.d` : ''}`;
  return b.finish(shouldName ? 'm.score + coalesce(s.score, 0)' : 'm.score', from);
}

/**
 * The rows meeting every requirement, built in filter context (cheap: no score, probes evaluated
 * lazily), drive; the must clauses are scored as matched. With no bound set, those rows become
 * the bound the scored clauses are compiled with, so BM25 is computed only for documents that
 * can be returned.
 */
function requirementDriven(b: Build, own: boolean): ScoredBool {
  const { c, clauses, scope, path } = b;
  const { must, filter, should, mustNot, msm } = clauses;
  const required = boolFilter(c, { required: [...filter, ...must], should, mustNot, msm }, scope, path, own);
  const rows = b.cte(required, 'bq');
  const scored = [...parts(must, `${path}.must`, true), ...parts(should, `${path}.should`, false)];
  const sum = () => (scored.length ? b.cte(summed(c, scored, scope), 'bs') : null);
  // A bound's SQL is copied into every part of the statement that reads it, so bounds do not
  // nest: a bound whose set reads another bound would multiply the statement's size per level.
  const sumName = c.bound === null ? c.withBound({ name: rows, size: required.sql.length }, sum) : sum();
  return b.finish(sumName ? 'coalesce(s.score, 0)' : '0', `FROM ${rows} b${sumName ? ` LEFT JOIN ${sumName} s ON s.d = b.d` : ''}`);
}

/** One requirement or none (a single must clause, the should clauses, or nothing): its own rows drive. */
function selfDriven(b: Build): ScoredBool {
  const { c, clauses, scope, path } = b;
  const where: string[] = [];
  if (clauses.mustNot.length) where.push(`b.d NOT IN ${b.cte(anySet(c, clauses.mustNot, scope, `${path}.must_not`), 'bn')}`);
  if (clauses.must.length === 1) {
    const mustName = b.cte(c.scored(clauses.must[0] as Query, scope, `${path}.must[0]`), 'bm');
    const shouldName = b.shouldSum();
    const from = `FROM ${mustName} b${shouldName ? ` LEFT JOIN ${shouldName} s ON s.d = b.d` : ''}`;
    return b.finish(shouldName ? 'b.score + coalesce(s.score, 0)' : 'b.score', from, where);
  }
  if (clauses.msm > 0) {
    const shouldName = b.shouldSum(clauses.msm > 1) as string;
    if (clauses.msm > 1) where.unshift(`b.n >= ${clauses.msm}`);
    return b.finish('b.score', `FROM ${shouldName} b`, where);
  }
  const shouldName = b.shouldSum();
  const from = `FROM (${c.all(scope).sql}) b${shouldName ? ` LEFT JOIN ${shouldName} s ON s.d = b.d` : ''}`;
  return b.finish(shouldName ? 'coalesce(s.score, 0)' : '0', from, where);
}

/**
 * A scored bool: with one requirement or none its own rows drive (selfDriven); with more, the
 * rows meeting them all (requirementDriven), or, under a bound (this bool's short id list, `own`,
 * or an enclosing bool's rows), its must clauses scored one by one (separatelyScored, up to
 * SEPARATE_MUST_MAX).
 */
export function boolScored(c: QueryCompiler, clauses: BoolClauses, scope: Scope, path: string, own: boolean): ScoredBool {
  const ctes: NamedSet[] = [];
  const cte = (set: Sql, prefix: string): string => {
    const name = c.uniqueName(prefix);
    ctes.push({ name, set });
    return name;
  };
  const b: Build = {
    c,
    clauses,
    scope,
    path,
    cte,
    finish: (score, from, where = []) => ({
      ctes,
      select: {
        sql: `SELECT b.d AS d, (${score}) * ${clauses.boost} AS score ${from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
        params: [],
      },
    }),
    shouldSum: (count = false) =>
      clauses.should.length ? cte(summed(c, parts(clauses.should, `${path}.should`, false), scope, count), 'bs') : null,
  };
  const { must, filter, msm } = clauses;
  if (must.length + filter.length + (msm > 0 ? 1 : 0) <= 1 && filter.length === 0) return selfDriven(b);
  if (c.bound !== null && must.length > 0 && must.length <= SEPARATE_MUST_MAX) return separatelyScored(b, own);
  return requirementDriven(b, own);
}
