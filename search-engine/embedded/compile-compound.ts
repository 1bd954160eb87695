import { invalidQuery, unsupported } from '../errors.js';
import type { Query } from '../port.js';
import type { Scope } from './catalog.js';
import type { PostingLeaf, QueryCompiler } from './compile.js';
import { onlyKeys } from './dsl-util.js';
import { t } from './tables.js';
import type { Sql } from './text-query.js';

const asList = (v: unknown): Query[] => (v === undefined ? [] : Array.isArray(v) ? (v as Query[]) : [v as Query]);

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

/** Appends SQL text and its parameters in order. */
class SqlBuilder {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  add(sql: string, params: unknown[] = []): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }
  sql(sep = ' '): string {
    return this.parts.join(sep);
  }
}

/**
 * The set a filter-context bool matches. Keyword clauses (and keyword exclusions) become one
 * FTS5 expression on the scope's keyword table, which intersects their posting lists itself;
 * number clauses are checked on the value row when their field holds one value, or joined
 * from the number postings; any other clause is an `IN` probe, any other exclusion `NOT IN`.
 */
function boolFilter(
  c: QueryCompiler,
  clauses: { required: Query[]; should: Query[]; mustNot: Query[]; msm: number },
  scope: Scope,
  path: string,
  ownBound = false,
): Sql {
  // The driver of the bool that holds the bound already lists its ids (or joins them); probing
  // the bound there would test every driving row twice. Inner bools' drivers do probe it.
  const driverBound = (column: string) => (ownBound ? '' : c.boundCond(scope, column));
  const keywordLeaves: PostingLeaf[] = [];
  const numberLeaves: { leaf: PostingLeaf; q: Query; at: string }[] = [];
  const others: Sql[] = [];
  clauses.required.forEach((q, i) => {
    const at = `${path}.filter[${i}]`;
    const leaf = c.postingLeaf(q, scope, at);
    if (leaf?.match !== undefined) keywordLeaves.push(leaf);
    else if (leaf) numberLeaves.push({ leaf, q, at });
    else others.push(c.filter(q, scope, at));
  });
  if (keywordLeaves.some((l) => l.match === null)) return c.none(false);
  const keywordNot: PostingLeaf[] = [];
  const otherNot: Sql[] = [];
  clauses.mustNot.forEach((q, i) => {
    const at = `${path}.must_not[${i}]`;
    const leaf = c.postingLeaf(q, scope, at);
    if (leaf?.match) keywordNot.push(leaf);
    else if (leaf?.match === null)
      return; // excludes nothing
    else otherNot.push(c.filter(q, scope, at));
  });

  const b = new SqlBuilder();
  const where = new SqlBuilder();
  let driver = 't0.d';
  let distinct = false;
  const joinNumbers = (lead: string, list: { leaf: PostingLeaf; q: Query; at: string }[]) => {
    const columns = list.map((n) => c.columnCondition(n.q, scope, n.at));
    if (columns.some(Boolean)) b.add(`JOIN ${t.sort(scope)} s ON s.rowid = ${lead}`);
    list.forEach((n, i) => {
      const column = columns[i];
      if (column) where.add(`AND ${column.cond}`, column.params);
      else {
        b.add(`JOIN ${n.leaf.table} n${i} ON n${i}.d = ${lead} AND ${n.leaf.conds.replaceAll('X.', `n${i}.`)}`, n.leaf.params);
        distinct ||= n.leaf.distinct;
      }
    });
  };
  if (keywordLeaves.length) {
    const table = (keywordLeaves[0] as PostingLeaf).table;
    const expr = keywordLeaves.map((l) => `(${l.match})`).join(' AND ') + keywordNot.map((l) => ` NOT (${l.match})`).join('');
    keywordNot.length = 0;
    b.add(`FROM ${table} t0`);
    driver = 't0.rowid';
    joinNumbers(driver, numberLeaves);
    b.add(`WHERE t0.${table} MATCH ?${driverBound('t0.rowid')}`, [expr]);
  } else if (numberLeaves.length) {
    // Start from the most selective number clause (a capped count each).
    const estimates = c.estimate ? numberLeaves.map((n) => (c.estimate as (l: PostingLeaf) => number)(n.leaf)) : numberLeaves.map(() => 0);
    const first = estimates.indexOf(Math.min(...estimates));
    const lead = numberLeaves[first] as { leaf: PostingLeaf };
    b.add(`FROM ${lead.leaf.table} t0`);
    distinct = lead.leaf.distinct;
    joinNumbers(
      't0.d',
      numberLeaves.filter((_, i) => i !== first),
    );
    b.add(`WHERE ${lead.leaf.conds.replaceAll('X.', 't0.')}${driverBound('t0.d')}`, lead.leaf.params);
  } else {
    const base = others.shift() ?? (clauses.msm > 0 ? null : c.all(scope));
    if (base) b.add(`FROM (${base.sql}) t0 WHERE 1`, base.params);
    else {
      const union = clauses.should.map((q, i) => c.filter(q, scope, `${path}.should[${i}]`));
      b.add(
        `FROM (SELECT d FROM (${union.map((u) => u.sql).join(' UNION ALL ')}) GROUP BY d HAVING count(*) >= ${clauses.msm}) t0 WHERE 1`,
        union.flatMap((u) => u.params),
      );
      clauses = { ...clauses, msm: 0 };
    }
  }
  b.add(where.sql(), where.params);
  // Unary + keeps SQLite from pushing `rowid IN (...)` into an FTS5 driver, which would re-run
  // its MATCH once per listed row.
  for (const o of others) b.add(`AND +${driver} IN (${o.sql})`, o.params);
  if (clauses.msm > 0) {
    const union = clauses.should.map((q, i) => c.filter(q, scope, `${path}.should[${i}]`));
    b.add(
      `AND +${driver} IN (SELECT d FROM (${union.map((u) => u.sql).join(' UNION ALL ')}) GROUP BY d HAVING count(*) >= ${clauses.msm})`,
      union.flatMap((u) => u.params),
    );
  }
  const exclusions: Sql[] = [
    ...keywordNot.map((l) => ({
      sql: `SELECT rowid AS d FROM ${l.table} WHERE ${l.table} MATCH ?${c.boundCond(scope)}`,
      params: [l.match],
    })),
    ...otherNot,
  ];
  if (exclusions.length)
    b.add(
      `AND +${driver} NOT IN (${exclusions.map((n) => `SELECT d FROM (${n.sql})`).join(' UNION ')})`,
      exclusions.flatMap((n) => n.params),
    );
  return { sql: `SELECT ${distinct ? 'DISTINCT ' : ''}${driver} AS d ${b.sql()}`, params: b.params };
}

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
function idBound(c: QueryCompiler, required: Query[], scope: Scope, path: string): { name: string; set: Sql } | null {
  if (scope !== c.root || c.bound !== null) return null;
  for (const [i, q] of required.entries()) {
    const list = idList(q);
    if (list && list.length > 0 && list.length <= ID_BOUND_MAX)
      return { name: c.uniqueName('bid'), set: c.filter(q, scope, `${path}.filter[${i}]`) };
  }
  return null;
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
  const clauses = { must, filter, should, mustNot, msm, boost: Number(body.boost ?? 1) };
  const bound = idBound(c, scored ? filter : [...filter, ...must], scope, path);
  if (bound === null) return boolClauses(c, clauses, scope, path, scored, null);
  c.bound = bound.name;
  try {
    return boolClauses(c, clauses, scope, path, scored, bound);
  } finally {
    c.bound = null;
  }
}

/** The body of `bool`; with a bound, its set is the first CTE of the statement. */
function boolClauses(
  c: QueryCompiler,
  clauses: { must: Query[]; filter: Query[]; should: Query[]; mustNot: Query[]; msm: number; boost: number },
  scope: Scope,
  path: string,
  scored: boolean,
  bound: { name: string; set: Sql } | null,
): Sql {
  const { must, filter, should, mustNot, msm } = clauses;
  const own = bound !== null; // this bool's filter sets hold the bound's own clause (see boolFilter)
  const ctes = new SqlBuilder();
  if (bound) ctes.add(`${bound.name} AS MATERIALIZED (${bound.set.sql})`, bound.set.params);
  if (!scored) {
    const set = boolFilter(c, { required: [...filter, ...must], should, mustNot, msm }, scope, path, own);
    return bound ? { sql: `WITH ${ctes.sql(', ')} ${set.sql}`, params: [...ctes.params, ...set.params] } : set;
  }

  // Scored: every scored clause is evaluated once, as a MATERIALIZED CTE joined on the document
  // id (a plain subquery would be re-run for each outer row). A must clause drives; filters and
  // exclusions become one filter-context set probed with IN.
  const cte = (s: Sql, prefix: string): string => {
    const name = c.uniqueName(prefix);
    ctes.add(`${name} AS MATERIALIZED (${s.sql})`, s.params);
    return name;
  };
  const mustNames = must.map((q, i) => cte(c.scored(q, scope, `${path}.must[${i}]`), 'bm'));
  let shouldName: string | null = null;
  if (should.length) {
    const scoredShould = should.map((q, i) => c.scored(q, scope, `${path}.should[${i}]`));
    shouldName = cte(
      {
        sql: `SELECT d, sum(score) AS score, count(*) AS n FROM (${scoredShould.map((q) => q.sql).join(' UNION ALL ')}) GROUP BY d`,
        params: scoredShould.flatMap((q) => q.params),
      },
      'bs',
    );
  }
  const main = new SqlBuilder();
  const score: string[] = [];
  const where: string[] = [];
  let drivenByShould = false;
  if (mustNames.length) {
    main.add(`FROM ${mustNames[0]} b`);
    score.push('b.score');
    for (const n of mustNames.slice(1)) {
      main.add(`JOIN ${n} ON ${n}.d = b.d`);
      score.push(`${n}.score`);
    }
  } else if (shouldName && msm > 0) {
    main.add(`FROM ${shouldName} b`);
    score.push('b.score');
    drivenByShould = true;
    if (msm > 1) where.push(`b.n >= ${msm}`);
  } else {
    const base = filter.length ? boolFilter(c, { required: filter, should: [], mustNot: [], msm: 0 }, scope, path, own) : c.all(scope);
    main.add(`FROM (${base.sql}) b`, base.params);
  }
  if (shouldName && !drivenByShould) {
    main.add(`${msm > 0 ? 'JOIN' : 'LEFT JOIN'} ${shouldName} s ON s.d = b.d`);
    score.push('coalesce(s.score, 0)');
    if (msm > 1) where.push(`s.n >= ${msm}`);
  }
  const restricted = mustNames.length > 0 || drivenByShould;
  const tail = new SqlBuilder();
  if (where.length) tail.add(where.join(' AND '));
  const and = () => (tail.parts.length ? 'AND ' : '');
  if (restricted && filter.length) {
    // Each scored hit is checked on its value row when every filter is a single-valued field;
    // otherwise the filter set is built once (an FTS5 set probed per hit would re-run its query).
    const columns = filter.map((q, i) => c.columnCondition(q, scope, `${path}.filter[${i}]`));
    if (columns.every(Boolean)) {
      main.add(`JOIN ${t.sort(scope)} s ON s.rowid = b.d`);
      for (const col of columns) tail.add(`${and()}${col!.cond}`, col!.params);
    } else {
      const name = cte(boolFilter(c, { required: filter, should: [], mustNot: [], msm: 0 }, scope, path, own), 'bf');
      tail.add(`${and()}b.d IN ${name}`);
    }
  }
  if (mustNot.length) {
    const not = mustNot.map((q, i) => c.filter(q, scope, `${path}.must_not[${i}]`));
    const name = cte({ sql: not.map((n) => `SELECT d FROM (${n.sql})`).join(' UNION '), params: not.flatMap((n) => n.params) }, 'bn');
    tail.add(`${and()}b.d NOT IN ${name}`);
  }
  const boost = clauses.boost;
  const withClause = ctes.parts.length ? `WITH ${ctes.sql(', ')} ` : '';
  return {
    sql: `${withClause}SELECT b.d AS d, (${score.length ? score.join(' + ') : '0'}) * ${boost} AS score ${main.sql()}${tail.parts.length ? ` WHERE ${tail.sql()}` : ''}`,
    params: [...ctes.params, ...main.params, ...tail.params],
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
