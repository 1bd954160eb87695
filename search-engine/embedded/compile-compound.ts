import { invalidQuery, unsupported } from '../errors.js';
import type { Query } from '../port.js';
import { boolFilter } from './bool-filter.js';
import { boolScored, type NamedSet, type ScoredBool } from './bool-scored.js';
import type { Scope } from './catalog.js';
import type { QueryCompiler } from './compile.js';
import { onlyKeys, readBool } from './dsl-util.js';
import { functionScore } from './function-score.js';
import { inSet, type Sql } from './sql-shapes.js';
import { t } from './tables.js';

/** Up to this many ids, a bool's required id clause bounds its other clauses (QueryCompiler.bound). */
export const ID_BOUND_MAX = 10_000;

/** The values of `{ids: {values}}` or `{terms: {id: [...]}}`; null for any other clause. */
function idList(q: Query): unknown[] | null {
  if (Object.keys(q).length !== 1) return null;
  const { terms, ids } = q as { terms?: Record<string, unknown>; ids?: Record<string, unknown> };
  if (terms && Array.isArray(terms.id)) return terms.id;
  if (ids && Array.isArray(ids.values)) return ids.values;
  return null;
}

/**
 * A required clause of a root-scope bool that lists at most ID_BOUND_MAX document ids (`ids`, or
 * `terms` on `id`: first-degree filters, cohorts, `connected_to`), compiled once as the set that
 * bounds the bool's other clauses. Null when there is none, or inside a bool already bounded.
 */
function idBound(c: QueryCompiler, required: Query[], scope: Scope, path: string): (NamedSet & { clause: Query }) | null {
  if (scope !== c.root || c.bound !== null) return null;
  for (const [i, q] of required.entries()) {
    const list = idList(q);
    if (list && list.length > 0 && list.length <= ID_BOUND_MAX)
      return { name: c.uniqueName('bid'), set: c.filter(q, scope, `${path}.filter[${i}]`), clause: q };
  }
  return null;
}

/** `WITH name AS MATERIALIZED (…), … select`. */
function withCtes(ctes: NamedSet[], select: Sql): Sql {
  if (ctes.length === 0) return select;
  return {
    sql: `WITH ${ctes.map((c) => `${c.name} AS MATERIALIZED (${c.set.sql})`).join(', ')} ${select.sql}`,
    params: [...ctes.flatMap((c) => c.set.params), ...select.params],
  };
}

function bool(c: QueryCompiler, body: Record<string, unknown>, scope: Scope, path: string, scored: boolean): Sql {
  const { must, filter, should, mustNot, msm, boost } = readBool(body, path);
  if (msm > should.length) return c.none(scored);
  // `own`: this bool's id list is the bound (boolFilter drives from it).
  const compileBody = (own: boolean): ScoredBool =>
    scored
      ? boolScored(c, { must, filter, should, mustNot, msm, boost }, scope, path, own)
      : { ctes: [], select: boolFilter(c, { required: [...filter, ...must], should, mustNot, msm }, scope, path, own) };
  const bound = idBound(c, scored ? filter : [...filter, ...must], scope, path);
  if (bound === null) {
    const { ctes, select } = compileBody(false);
    return withCtes(ctes, select);
  }
  const { ctes, select } = c.withBound({ name: bound.name, size: bound.set.sql.length, clause: bound.clause }, () => compileBody(true));
  return withCtes([bound, ...ctes], select);
}

function nested(c: QueryCompiler, body: Record<string, unknown>, scope: Scope, path: string, scored: boolean): Sql {
  onlyKeys(body, ['path', 'query', 'score_mode', 'ignore_unmapped', 'boost', '_name'], path);
  const child = scope.nested.get(String(body.path));
  if (!child) throw invalidQuery(`"${String(body.path)}" is not a nested path`, path);
  const rows = t.rows(child);
  if (!scored) {
    const matching = inSet('rowid', c.filter(body.query as Query, child, `${path}.query`));
    return { sql: `SELECT DISTINCT parent AS d FROM ${rows} WHERE ${matching.sql}`, params: matching.params };
  }
  const mode = String(body.score_mode ?? 'avg');
  const agg: Record<string, string> = { avg: 'avg(i.score)', sum: 'sum(i.score)', max: 'max(i.score)', min: 'min(i.score)', none: '0' };
  if (!agg[mode]) throw unsupported(`nested score_mode "${mode}"`, path);
  const inner = c.scored(body.query as Query, child, `${path}.query`);
  return {
    sql: `SELECT r.parent AS d, ${agg[mode]} * ${Number(body.boost ?? 1)} AS score FROM (${inner.sql}) i JOIN ${rows} r ON r.rowid = i.d GROUP BY r.parent`,
    params: inner.params,
  };
}

/** Compiles the compound queries: bool, constant_score, function_score, nested. */
export function compileCompound(
  c: QueryCompiler,
  kind: string,
  body: Record<string, unknown>,
  scope: Scope,
  path: string,
  scored: boolean,
): Sql {
  switch (kind) {
    case 'bool':
      return bool(c, body, scope, path, scored);
    case 'constant_score': {
      onlyKeys(body, ['filter', 'boost', '_name'], path);
      if (!body.filter) throw invalidQuery('constant_score needs a filter', path);
      const set = c.filter(body.filter as Query, scope, `${path}.filter`);
      return scored ? c.constant(set, Number(body.boost ?? 1)) : set;
    }
    case 'function_score':
      return functionScore(c, body, scope, path, scored);
    default:
      return nested(c, body, scope, path, scored);
  }
}
