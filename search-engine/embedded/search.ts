import type Database from 'better-sqlite3';
import { invalidQuery, SearchEngineError, unsupported } from '../errors.js';
import type { Query, SearchBody, SearchHit, SearchResult, SortClause } from '../port.js';
import type { Scope } from './catalog.js';
import { QueryCompiler } from './compile.js';
import { constantScore } from './constant-score.js';
import { onlyKeys } from './dsl-util.js';
import type { NumberLeaf } from './leaves.js';
import { checkParams, checkQuerySize } from './query-limits.js';
import { decodeSource, decodeSourceText, parseSourceText } from './source-codec.js';
import { translateSqliteErrors } from './sqlite-errors.js';
import { sortColumn, t } from './tables.js';

/** OpenSearch's default `index.max_result_window`. */
export const MAX_RESULT_WINDOW = 10_000;
const DEFAULT_TRACK = 10_000;

interface SortKey {
  field: string | '_score';
  order: 'asc' | 'desc';
  missing: '_first' | '_last';
}

function parseSort(sort: SortClause[] | undefined, root: Scope, multiValued: Set<string>): SortKey[] {
  if (sort === undefined) return [];
  if (!Array.isArray(sort)) throw invalidQuery('sort must be an array', 'sort');
  return sort.map((clause, i) => {
    const at = `sort[${i}]`;
    let field: string;
    let order: string | undefined;
    let missing: string | undefined;
    if (typeof clause === 'string') field = clause;
    else {
      const keys = Object.keys(clause);
      if (keys.length !== 1) throw invalidQuery('a sort clause names one field', at);
      field = keys[0] as string;
      const spec = clause[field];
      if (typeof spec === 'string') order = spec;
      else if (spec && typeof spec === 'object') {
        onlyKeys(spec as Record<string, unknown>, ['order', 'missing'], at);
        order = spec.order;
        missing = spec.missing;
      }
    }
    const defaultOrder = field === '_score' ? 'desc' : 'asc';
    const o = (order ?? defaultOrder) as 'asc' | 'desc';
    if (o !== 'asc' && o !== 'desc') throw invalidQuery('order is "asc" or "desc"', at);
    if (missing !== undefined && missing !== '_first' && missing !== '_last')
      throw unsupported(`missing "${missing}" (use _first or _last)`, at);
    if (field !== '_score') {
      const info = root.fields.get(field);
      if (!info) throw invalidQuery(`unknown sort field "${field}"`, at);
      if (info.kind === 'text') throw invalidQuery(`cannot sort on text field "${field}"; sort on a keyword sub-field`, at);
      if (multiValued.has(field)) throw unsupported(`sorting on multi-valued field "${field}"`, at);
    }
    return { field, order: o, missing: (missing ?? '_last') as '_first' | '_last' };
  });
}

function filterSource(source: Record<string, unknown>, spec: SearchBody['_source']): Record<string, unknown> {
  if (spec === undefined || spec === true) return source;
  if (spec === false) return {};
  const includes = Array.isArray(spec) ? spec : (spec.includes ?? []);
  const excludes = Array.isArray(spec) ? [] : (spec.excludes ?? []);
  const pick = (obj: Record<string, unknown>, path: string[]): unknown =>
    path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
  let out: Record<string, unknown> = source;
  if (includes.length) {
    out = {};
    for (const inc of includes) {
      const parts = inc.split('.');
      const v = pick(source, parts);
      if (v === undefined) continue;
      let target = out;
      for (const p of parts.slice(0, -1)) {
        target[p] ??= {};
        target = target[p] as Record<string, unknown>;
      }
      target[parts[parts.length - 1] as string] = v;
    }
  }
  if (excludes.length) {
    out = structuredClone(out);
    for (const exc of excludes) {
      const parts = exc.split('.');
      const parent = pick(out, parts.slice(0, -1)) as Record<string, unknown> | undefined;
      if (parent && typeof parent === 'object') delete parent[parts[parts.length - 1] as string];
    }
  }
  return out;
}

/**
 * How hits carry their sources: as objects, or (a read worker's answer) whole sources as their
 * JSON text, which the caller's thread parses ({@link parseTextSources}); filtered ones stay objects.
 */
export type SourceForm = 'object' | 'text';

/** Runs one search body against an index's tables. */
export function runSearch<T>(
  db: Database.Database,
  root: Scope,
  multiValued: Set<string>,
  body: SearchBody,
  sources: SourceForm = 'object',
): SearchResult<T> {
  return translateSqliteErrors(() => search<T>(db, root, multiValued, body, sources));
}

/** Parses, in place, the sources a search sent as JSON text. */
export function parseTextSources<T>(result: SearchResult<T>): SearchResult<T> {
  for (const hit of result.hits) if (typeof hit.source === 'string') hit.source = parseSourceText<T>(hit.source);
  return result;
}

function search<T>(db: Database.Database, root: Scope, multiValued: Set<string>, body: SearchBody, sources: SourceForm): SearchResult<T> {
  const started = performance.now();
  onlyKeys(body as Record<string, unknown>, ['query', 'sort', 'from', 'size', 'track_total_hits', '_source'], 'body');
  const from = body.from ?? 0;
  const size = body.size ?? 10;
  if (!Number.isInteger(from) || from < 0 || !Number.isInteger(size) || size < 0)
    throw invalidQuery('from and size are non-negative integers', 'body');
  if (from + size > MAX_RESULT_WINDOW) {
    throw new SearchEngineError('result_window_too_large', `from + size must be at most ${MAX_RESULT_WINDOW} (got ${from + size})`);
  }
  const sort = parseSort(body.sort, root, multiValued);
  const query: Query = body.query ?? { match_all: {} };
  checkQuerySize(query);
  // With every score equal and no sort, relevance order is row order: no scores to compute, and
  // the page can stop after `size` rows.
  const fixedScore = sort.length === 0 ? constantScore(query) : null;
  const needsScore = fixedScore === null && (sort.length === 0 || sort.some((s) => s.field === '_score'));
  const compiler = new QueryCompiler(root, multiValued, leafEstimator(db, ESTIMATE_CAP));
  const main = checkParams(needsScore ? compiler.scored(query, root, 'query') : compiler.filter(query, root, 'query'));

  const order: string[] = [];
  const cols: string[] = [];
  const sortFields = sort.filter((s) => s.field !== '_score');
  const keys = sort.length ? sort : fixedScore === null ? [{ field: '_score', order: 'desc', missing: '_last' } as SortKey] : [];
  for (const key of keys) {
    if (key.field === '_score') {
      order.push(`q.score ${key.order.toUpperCase()}`);
    } else {
      const col = `s.${sortColumn(key.field)}`;
      order.push(`(${col} IS NULL) ${key.missing === '_last' ? 'ASC' : 'DESC'}`, `${col} ${key.order.toUpperCase()}`);
      cols.push(col);
    }
  }
  order.push('q.d ASC');
  const join = sortFields.length ? ` JOIN ${t.sort(root)} s ON s.rowid = q.d` : '';
  const track = body.track_total_hits ?? DEFAULT_TRACK;
  // A page ranked by relevance scores every match anyway, so it counts them in the same pass.
  // Field sorts keep SQLite's top-N sort (a window count would make it hold every row) and,
  // like row-order pages, are counted separately, cheaply: no scores, no sort.
  const countInPage = track !== false && needsScore;
  // Sorted by fields with filters that are all value-row conditions: read the value table alone,
  // so SQLite can walk a sort index in order and stop after the page.
  const columnar = sortFields.length && !needsScore ? compiler.columnarFilter(query) : null;
  const pageSql = columnar
    ? `SELECT s.rowid AS d${cols.map((c, i) => `, ${c} AS k${i}`).join('')} FROM ${t.sort(root)} s WHERE ${columnar.sql} ORDER BY ${order.join(', ').replace('q.d ASC', 's.rowid ASC')} LIMIT ? OFFSET ?`
    : `SELECT q.d AS d${needsScore ? ', q.score AS score' : ''}${cols.map((c, i) => `, ${c} AS k${i}`).join('')}${countInPage ? ', count(*) OVER () AS total' : ''} FROM (${main.sql}) q${join} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`;
  const pageParams = columnar ? columnar.params : main.params;
  const rows = db.prepare(pageSql).all(...pageParams, Math.max(size, countInPage ? 1 : 0), from) as Record<
    string,
    number | string | null
  >[];
  const page = rows.slice(0, size);

  let total: SearchResult<T>['total'] = null;
  if (track !== false) {
    let exact: number | null = null;
    if (countInPage && rows.length > 0) exact = Number(rows[0]!.total);
    else if (countInPage && from === 0) exact = 0;
    const cap = track === true ? Number.POSITIVE_INFINITY : Number(track);
    if (exact === null) {
      const counted = checkParams(compiler.filter(query, root, 'query'));
      exact =
        track === true
          ? (db.prepare(`SELECT count(*) AS n FROM (${counted.sql})`).get(...counted.params) as { n: number }).n
          : (
              db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM (${counted.sql}) LIMIT ?)`).get(...counted.params, cap + 1) as {
                n: number;
              }
            ).n;
    }
    total = exact > cap ? { value: cap, relation: 'gte' } : { value: exact, relation: 'eq' };
  }

  // Hits without sources (`_source: false`: ids and scores, as graph ranking and first-degree
  // verification read up to thousands of them) neither read nor decode the stored documents.
  const withSource = body._source !== false;
  const docs = new Map<number, { id: string; source?: string | Uint8Array }>();
  if (page.length) {
    const rows = db
      .prepare(`SELECT rowid, id${withSource ? ', source' : ''} FROM ${t.docs(root)} WHERE rowid IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(page.map((r) => r.d))) as { rowid: number; id: string; source?: string | Uint8Array }[];
    for (const r of rows) docs.set(r.rowid, r);
  }
  const hits: SearchHit<T>[] = page.map((r) => {
    const doc = docs.get(r.d as number)!;
    const hit: SearchHit<T> = {
      id: doc.id,
      score: fixedScore !== null ? fixedScore : needsScore ? Number(r.score) : null,
      source: (!withSource
        ? {}
        : sources === 'text' && (body._source === undefined || body._source === true)
          ? decodeSourceText(root, doc.source!)
          : filterSource(decodeSource(root, doc.source!), body._source)) as T,
    };
    if (sort.length) {
      let k = 0;
      hit.sort = sort.map((s) => (s.field === '_score' ? Number(r.score) : r[`k${k++}`]));
    }
    return hit;
  });
  return { total, hits, tookMs: Math.round(performance.now() - started) };
}

/** Number clauses are estimated by a count capped here (keyword clauses need no estimate). */
const ESTIMATE_CAP = 2000;

/**
 * Matches of a posting leaf counted up to a cap (about 40 ns a posting): enough to pick which
 * clause drives a conjunction. Memoised for one search, so the page and the total share it.
 */
function leafEstimator(db: Database.Database, cap: number): (leaf: NumberLeaf) => number {
  const memo = new Map<string, number>();
  return (leaf) => {
    const key = `${leaf.table}|${leaf.conds}|${JSON.stringify(leaf.params)}|${cap}`;
    let n = memo.get(key);
    if (n === undefined) {
      n = (
        db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM ${leaf.table} X WHERE ${leaf.conds} LIMIT ${cap})`).get(...leaf.params) as {
          n: number;
        }
      ).n;
      memo.set(key, n);
    }
    return n;
  };
}

/** Exact number of documents matching a query. */
export function runCount(db: Database.Database, root: Scope, multiValued: Set<string>, query: Query | undefined): number {
  return translateSqliteErrors(() => {
    const q = query ?? { match_all: {} };
    checkQuerySize(q);
    const compiled = checkParams(new QueryCompiler(root, multiValued, leafEstimator(db, ESTIMATE_CAP)).filter(q, root, 'query'));
    return (db.prepare(`SELECT count(*) AS n FROM (${compiled.sql})`).get(...compiled.params) as { n: number }).n;
  });
}
