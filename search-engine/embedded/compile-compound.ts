import { invalidQuery, unsupported } from '../errors.js';
import type { Query } from '../port.js';
import type { Scope } from './catalog.js';
import type { QueryCompiler } from './compile.js';
import { onlyKeys } from './dsl-util.js';
import { t } from './tables.js';
import type { Sql } from './text-query.js';

const asList = (v: unknown): Query[] => (v === undefined ? [] : Array.isArray(v) ? (v as Query[]) : [v as Query]);

const setOf = (s: Sql): string => `SELECT d FROM (${s.sql})`;

/** Resolves `minimum_should_match` (integer, negative integer, or percentage) for `n` clauses. */
function minimumShouldMatch(raw: unknown, n: number, path: string): number {
  if (raw === undefined) return -1;
  if (typeof raw === 'number' && Number.isInteger(raw)) return raw < 0 ? Math.max(0, n + raw) : raw;
  if (typeof raw === 'string') {
    if (/^-?\d+$/.test(raw)) return minimumShouldMatch(Number(raw), n, path);
    const pct = /^(-?\d+)%$/.exec(raw);
    if (pct) {
      const p = Number(pct[1]);
      return p < 0 ? n - Math.floor((n * -p) / 100) : Math.floor((n * p) / 100);
    }
  }
  throw unsupported(`minimum_should_match "${String(raw)}"`, path);
}

function bool(c: QueryCompiler, body: Record<string, unknown>, scope: Scope, path: string, scored: boolean): Sql {
  onlyKeys(body, ['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost', '_name'], path);
  const must = asList(body.must);
  const filter = asList(body.filter);
  const should = asList(body.should);
  const mustNot = asList(body.must_not);
  const explicit = minimumShouldMatch(body.minimum_should_match, should.length, `${path}.minimum_should_match`);
  const msm = explicit >= 0 ? explicit : must.length + filter.length === 0 && should.length > 0 ? 1 : 0;
  if (msm > should.length) return c.none(scored);
  const boost = Number(body.boost ?? 1);
  const params: unknown[] = [];
  const sub = (s: Sql): string => {
    params.push(...s.params);
    return s.sql;
  };

  const filterSets = filter.map((q, i) => c.filter(q, scope, `${path}.filter[${i}]`));

  if (!scored) {
    const parts = [...filterSets, ...must.map((q, i) => c.filter(q, scope, `${path}.must[${i}]`))].map((s) =>
      setOf({ sql: sub(s), params: [] }),
    );
    if (msm > 0) {
      const union = should.map((q, i) => sub(c.filter(q, scope, `${path}.should[${i}]`))).join(' UNION ALL ');
      parts.push(`SELECT d FROM (${union}) GROUP BY d HAVING count(*) >= ${msm}`);
    }
    if (parts.length === 0) parts.push(sub(c.all(scope)));
    let sql = parts.join(' INTERSECT ');
    if (mustNot.length) {
      const notParams = mustNot.map((q, i) => c.filter(q, scope, `${path}.must_not[${i}]`));
      sql = `SELECT d FROM (${sql}) EXCEPT ${notParams.map((s) => setOf({ sql: sub(s), params: [] })).join(' EXCEPT ')}`;
    }
    return { sql, params };
  }

  // Scored: a base set, the must clauses joined (each adds its score), the should clauses
  // aggregated once (score sum and match count), must_not excluded.
  const from: string[] = [];
  const scoreTerms: string[] = [];
  const mustScored = must.map((q, i) => c.scored(q, scope, `${path}.must[${i}]`));
  const shouldAgg = should.length
    ? `SELECT d, sum(score) AS score, count(*) AS n FROM (${should.map((q, i) => sub(c.scored(q, scope, `${path}.should[${i}]`))).join(' UNION ALL ')}) GROUP BY d`
    : null;
  const shouldParams = params.splice(0, params.length);

  if (filterSets.length) {
    from.push(`(${filterSets.map((s) => setOf({ sql: sub(s), params: [] })).join(' INTERSECT ')}) b`);
  } else if (mustScored.length) {
    from.push(`(${sub(mustScored.shift() as Sql)}) b`);
    scoreTerms.push('b.score');
  } else if (shouldAgg && msm > 0) {
    from.push(`(${shouldAgg}) b`);
    params.push(...shouldParams);
    scoreTerms.push('b.score');
  } else {
    from.push(`(${sub(c.all(scope))}) b`);
  }
  mustScored.forEach((m, i) => {
    from.push(`JOIN (${sub(m)}) m${i} ON m${i}.d = b.d`);
    scoreTerms.push(`m${i}.score`);
  });
  const where: string[] = [];
  const baseIsShould = scoreTerms[0] === 'b.score' && !filterSets.length && !must.length && shouldAgg !== null && msm > 0;
  if (shouldAgg && !baseIsShould) {
    from.push(`${msm > 0 ? 'JOIN' : 'LEFT JOIN'} (${shouldAgg}) s ON s.d = b.d`);
    params.push(...shouldParams);
    scoreTerms.push('coalesce(s.score, 0)');
    if (msm > 1) where.push(`s.n >= ${msm}`);
  } else if (baseIsShould && msm > 1) {
    where.push(`b.n >= ${msm}`);
  }
  if (mustNot.length) {
    const notSets = mustNot.map((q, i) => setOf({ sql: sub(c.filter(q, scope, `${path}.must_not[${i}]`)), params: [] }));
    where.push(`b.d NOT IN (${notSets.join(' UNION ')})`);
  }
  const score = scoreTerms.length ? scoreTerms.join(' + ') : '0';
  return {
    sql: `SELECT b.d AS d, (${score}) * ${boost} AS score FROM ${from.join(' ')}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    params,
  };
}

function functionScore(c: QueryCompiler, body: Record<string, unknown>, scope: Scope, path: string, scored: boolean): Sql {
  onlyKeys(body, ['query', 'functions', 'score_mode', 'boost_mode', 'boost', 'filter', 'weight', '_name'], path);
  const inner = (body.query as Query | undefined) ?? { match_all: {} };
  if (!scored) return c.filter(inner, scope, `${path}.query`);
  const functions =
    (body.functions as Record<string, unknown>[] | undefined) ??
    (body.weight !== undefined ? [{ filter: body.filter, weight: body.weight }] : []);
  const params: unknown[] = [];
  const ctes: string[] = [];
  const matches: string[] = [];
  const weights: number[] = [];
  functions.forEach((fn, i) => {
    onlyKeys(fn, ['filter', 'weight'], `${path}.functions[${i}]`);
    if (fn.weight === undefined) throw unsupported('functions other than filter + weight', `${path}.functions[${i}]`);
    const f = fn.filter ? c.filter(fn.filter as Query, scope, `${path}.functions[${i}].filter`) : c.all(scope);
    // Each filter is bound once, as a named set, however often the expression tests it.
    const name = c.uniqueName('fsf');
    ctes.push(`${name} AS (${f.sql})`);
    params.push(...f.params);
    matches.push(`(q.d IN ${name})`);
    weights.push(Number(fn.weight));
  });
  const scoreMode = String(body.score_mode ?? 'multiply');
  const boostMode = String(body.boost_mode ?? 'multiply');
  const hit = (i: number) => matches[i] as string;
  let combined: string;
  switch (scoreMode) {
    case 'sum':
      combined = weights.map((w, i) => `${hit(i)} * ${w}`).join(' + ');
      break;
    case 'multiply':
      combined = weights.map((w, i) => `(CASE WHEN ${hit(i)} THEN ${w} ELSE 1 END)`).join(' * ');
      break;
    case 'max':
    case 'min':
      combined = `${scoreMode}(${weights.map((w, i) => `(CASE WHEN ${hit(i)} THEN ${w} ELSE ${scoreMode === 'max' ? -1e308 : 1e308} END)`).join(', ')}${weights.length === 1 ? `, ${scoreMode === 'max' ? -1e308 : 1e308}` : ''})`;
      break;
    case 'first':
      combined = `(CASE ${weights.map((w, i) => `WHEN ${hit(i)} THEN ${w}`).join(' ')} ELSE 1 END)`;
      break;
    case 'avg':
      combined = `((${weights.map((w, i) => `${hit(i)} * ${w}`).join(' + ')}) / max(1, ${matches.join(' + ')}))`;
      break;
    default:
      throw unsupported(`score_mode "${scoreMode}"`, path);
  }
  const anyMatch = matches.length ? `(${matches.join(' + ')}) > 0` : '0';
  const fnScore = matches.length ? `(CASE WHEN ${anyMatch} THEN ${combined} ELSE 1 END)` : '1';
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
  const q = c.scored(inner, scope, `${path}.query`);
  const withClause = ctes.length ? `WITH ${ctes.join(', ')} ` : '';
  return {
    sql: `${withClause}SELECT q.d AS d, (${expr}) * ${Number(body.boost ?? 1)} AS score FROM (${q.sql}) q`,
    params: [...params, ...q.params],
  };
}

function nested(c: QueryCompiler, body: Record<string, unknown>, scope: Scope, path: string, scored: boolean): Sql {
  onlyKeys(body, ['path', 'query', 'score_mode', 'ignore_unmapped', 'boost', '_name'], path);
  const child = scope.nested.get(String(body.path));
  if (!child) throw invalidQuery(`"${String(body.path)}" is not a nested path`, path);
  const rows = t.rows(child);
  if (!scored) {
    const inner = c.filter(body.query as Query, child, `${path}.query`);
    return { sql: `SELECT DISTINCT parent AS d FROM ${rows} WHERE rowid IN (${inner.sql})`, params: inner.params };
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
