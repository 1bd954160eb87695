/**
 * `function_score` with `filter` + `weight` functions. Which functions match a row is read once,
 * as one row per matching document with a 0/1 column per function (`f<i>`), joined to the
 * query's scored rows; score_mode and boost_mode combine the weights as OpenSearch does.
 */
import { unsupported } from '../errors.js';
import type { Query } from '../port.js';
import type { Scope } from './catalog.js';
import type { QueryCompiler } from './compile.js';
import { onlyKeys } from './dsl-util.js';
import { balanced, compound, joinOperands, type Sql } from './sql-shapes.js';

/** Most functions in one function_score: each is a column, and SQLite allows 2,000 per row. */
const MAX_FUNCTIONS = 1_000;

/**
 * The score of the functions that match, by score_mode. `hit(i)` is 1 when function i matches,
 * else 0. Long lists are balanced trees (sql-shapes): SQLite caps expression depth and the
 * arguments of one function call.
 */
function combine(scoreMode: string, weights: number[], hit: (i: number) => string, path: string): string {
  const each = (f: (w: number, hit: string) => string) => weights.map((w, i) => f(w, hit(i)));
  switch (scoreMode) {
    case 'sum':
      return joinOperands(
        each((w, h) => `${h} * ${w}`),
        '+',
      );
    case 'multiply':
      return joinOperands(
        each((w, h) => `(CASE WHEN ${h} THEN ${w} ELSE 1 END)`),
        '*',
      );
    case 'max':
    case 'min': {
      const otherwise = scoreMode === 'max' ? -1e308 : 1e308;
      return balanced(
        each((w, h) => `(CASE WHEN ${h} THEN ${w} ELSE ${otherwise} END)`),
        (a, b) => `${scoreMode}(${a}, ${b})`,
      );
    }
    case 'first':
      return `(CASE ${each((w, h) => `WHEN ${h} THEN ${w}`).join(' ')} ELSE 1 END)`;
    case 'avg': {
      const total = joinOperands(
        each((w, h) => `${h} * ${w}`),
        '+',
      );
      const matched = joinOperands(
        weights.map((_, i) => hit(i)),
        '+',
      );
      return `((${total}) / max(1, ${matched}))`;
    }
    default:
      throw unsupported(`score_mode "${scoreMode}"`, path);
  }
}

/** The query's score combined with the functions' score, by boost_mode. */
function boostModeExpr(boostMode: string, fnScore: string, path: string): string {
  const modes: Record<string, string> = {
    multiply: `q.score * ${fnScore}`,
    sum: `q.score + ${fnScore}`,
    replace: fnScore,
    max: `max(q.score, ${fnScore})`,
    min: `min(q.score, ${fnScore})`,
    avg: `((q.score + ${fnScore}) / 2.0)`,
  };
  const expr = modes[boostMode];
  if (!expr) throw unsupported(`boost_mode "${boostMode}"`, path);
  return expr;
}

export function functionScore(c: QueryCompiler, body: Record<string, unknown>, scope: Scope, path: string, scored: boolean): Sql {
  onlyKeys(body, ['query', 'functions', 'score_mode', 'boost_mode', 'boost', 'filter', 'weight', '_name'], path);
  const inner = (body.query as Query | undefined) ?? { match_all: {} };
  if (!scored) return c.filter(inner, scope, `${path}.query`);
  const functions =
    (body.functions as Record<string, unknown>[] | undefined) ??
    (body.weight !== undefined ? [{ filter: body.filter, weight: body.weight }] : []);
  if (functions.length > MAX_FUNCTIONS) throw unsupported(`function_score with more than ${MAX_FUNCTIONS} functions`, path);
  const weights: number[] = [];
  const matching: Sql[] = functions.map((fn, i) => {
    onlyKeys(fn, ['filter', 'weight'], `${path}.functions[${i}]`);
    if (fn.weight === undefined) throw unsupported('functions other than filter + weight', `${path}.functions[${i}]`);
    weights.push(Number(fn.weight));
    const f = fn.filter ? c.filter(fn.filter as Query, scope, `${path}.functions[${i}].filter`) : c.all(scope);
    return { sql: `SELECT d, ${i} AS i FROM (${f.sql})`, params: f.params };
  });
  const fnScore = weights.length
    ? `(CASE WHEN h.d IS NOT NULL THEN ${combine(String(body.score_mode ?? 'multiply'), weights, (i) => `coalesce(h.f${i}, 0)`, path)} ELSE 1 END)`
    : '1';
  const expr = boostModeExpr(String(body.boost_mode ?? 'multiply'), fnScore, path);
  const q = c.scored(inner, scope, `${path}.query`);
  const select = `SELECT q.d AS d, (${expr}) * ${Number(body.boost ?? 1)} AS score FROM (${q.sql}) q`;
  if (matching.length === 0) return { sql: select, params: q.params };
  const union = compound(matching, 'UNION ALL');
  const hits = c.uniqueName('fh');
  return {
    sql: `WITH ${hits} AS MATERIALIZED (SELECT d, ${weights.map((_, i) => `max(i = ${i}) AS f${i}`).join(', ')} FROM (${union.sql}) GROUP BY d) ${select} LEFT JOIN ${hits} h ON h.d = q.d`,
    params: [...union.params, ...q.params],
  };
}
