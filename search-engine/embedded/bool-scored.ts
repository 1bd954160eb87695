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
  const groups = new Map<string, { atoms: TextAtom[]; boost: number }>();
  const sets: Sql[] = [];
  for (const { q, at, matched } of list) {
    const leaf = count || list.length === 1 ? null : c.leaf(q, scope, at);
    if (leaf?.kind !== 'text') {
      sets.push(matched ? matchedScore(c, q, scope, at) : c.scored(q, scope, at));
      continue;
    }
    for (const atom of leaf.atoms) {
      const key = `${atom.table}|${atom.weights.join(',')}|${leaf.boost}`;
      const group = groups.get(key) ?? { atoms: [], boost: leaf.boost };
      group.atoms.push(atom);
      groups.set(key, group);
    }
  }
  for (const { atoms, boost } of groups.values()) {
    const weights = (atoms[0] as TextAtom).weights;
    sets.push(
      scoredText(
        anyAtom(atoms).map((a) => ({ ...a, weights })),
        boost,
        () => c.boundCond(scope),
      ),
    );
  }
  if (sets.length === 1 && !count) return sets[0] as Sql;
  if (sets.length === 0) return c.none(true);
  const union = compound(sets, 'UNION ALL');
  return { sql: `SELECT d, sum(score) AS score${count ? ', count(*) AS n' : ''} FROM (${union.sql}) GROUP BY d`, params: union.params };
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

/**
 * With one requirement or none (a single must clause, the should clauses, or nothing), its own
 * rows drive. With more, the rows meeting all of them are built first, in filter context (cheap:
 * no score, probes evaluated lazily), and drive; the must clauses are then scored as matched.
 * Unless an enclosing bool already bounds this one, those rows are also the bound the scored
 * clauses are compiled with (QueryCompiler.bound), so BM25 is computed only for documents that
 * can be returned. `own`: the current bound is this bool's short id list (see boolFilter).
 */
export function boolScored(c: QueryCompiler, clauses: BoolClauses, scope: Scope, path: string, own: boolean): ScoredBool {
  const { must, filter, should, mustNot, msm } = clauses;
  const ctes: NamedSet[] = [];
  const cte = (set: Sql, prefix: string): string => {
    const name = c.uniqueName(prefix);
    ctes.push({ name, set });
    return name;
  };
  const finish = (score: string, from: string, where: string[] = []): ScoredBool => ({
    ctes,
    select: {
      sql: `SELECT b.d AS d, (${score}) * ${clauses.boost} AS score ${from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
      params: [],
    },
  });
  const shouldSum = (count = false) => (should.length ? cte(summed(c, parts(should, `${path}.should`, false), scope, count), 'bs') : null);

  if (must.length + filter.length + (msm > 0 ? 1 : 0) > 1 || filter.length > 0) {
    const copied = c.boundCopied;
    const required = boolFilter(c, { required: [...filter, ...must], should, mustNot, msm }, scope, path, own);
    const rows = cte(required, 'bq');
    // Reading the set copies its SQL, and whatever the probes of the current bound in it copy.
    const size = required.sql.length + c.boundCopied - copied;
    const scored = [...parts(must, `${path}.must`, true), ...parts(should, `${path}.should`, false)];
    const sum = () => (scored.length ? cte(summed(c, scored, scope), 'bs') : null);
    // A bound's SQL is copied into every part of the statement that reads it, so bounds do not
    // nest: a bound whose set reads another bound would multiply the statement's size per level.
    const sumName = c.bound === null || own ? c.withBound(rows, size, sum) : sum();
    return finish(sumName ? 'coalesce(s.score, 0)' : '0', `FROM ${rows} b${sumName ? ` LEFT JOIN ${sumName} s ON s.d = b.d` : ''}`);
  }

  const where: string[] = [];
  if (mustNot.length) where.push(`b.d NOT IN ${cte(anySet(c, mustNot, scope, `${path}.must_not`), 'bn')}`);
  if (must.length === 1) {
    const mustName = cte(c.scored(must[0] as Query, scope, `${path}.must[0]`), 'bm');
    const shouldName = shouldSum();
    const from = `FROM ${mustName} b${shouldName ? ` LEFT JOIN ${shouldName} s ON s.d = b.d` : ''}`;
    return finish(shouldName ? 'b.score + coalesce(s.score, 0)' : 'b.score', from, where);
  }
  if (msm > 0) {
    const shouldName = shouldSum(msm > 1) as string;
    if (msm > 1) where.unshift(`b.n >= ${msm}`);
    return finish('b.score', `FROM ${shouldName} b`, where);
  }
  const shouldName = shouldSum();
  const from = `FROM (${c.all(scope).sql}) b${shouldName ? ` LEFT JOIN ${shouldName} s ON s.d = b.d` : ''}`;
  return finish(shouldName ? 'coalesce(s.score, 0)' : '0', from, where);
}
