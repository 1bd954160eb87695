import { invalidQuery, unsupported } from '../errors.js';
import type { Query } from '../port.js';

/** Reads the one key of a single-key object such as `{ term: {...} }`. */
export function single(q: unknown, path: string): [string, Record<string, unknown>] {
  if (!q || typeof q !== 'object' || Array.isArray(q)) throw invalidQuery('a query must be an object', path);
  const keys = Object.keys(q);
  if (keys.length !== 1) throw invalidQuery(`a query object has exactly one key, got ${keys.length ? keys.join(', ') : 'none'}`, path);
  const key = keys[0] as string;
  const value = (q as Record<string, unknown>)[key];
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidQuery(`${key} takes an object`, path);
  return [key, value as Record<string, unknown>];
}

/** Checks that `obj` has only `allowed` keys: unknown parameters are refused, never ignored. */
export function onlyKeys(obj: Record<string, unknown>, allowed: string[], path: string): void {
  for (const k of Object.keys(obj)) if (!allowed.includes(k)) throw unsupported(`parameter "${k}"`, path);
}

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

/** The clauses of a bool query. */
export interface BoolClauses {
  must: Query[];
  filter: Query[];
  should: Query[];
  mustNot: Query[];
  /** Should clauses a document needs (0: they only score); above `should.length`, nothing matches. */
  msm: number;
  boost: number;
}

/** Reads a bool query's body, as OpenSearch does (one should clause is needed when nothing else is required). */
export function readBool(body: Record<string, unknown>, path: string): BoolClauses {
  onlyKeys(body, ['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost', '_name'], path);
  const must = asList(body.must);
  const filter = asList(body.filter);
  const should = asList(body.should);
  const explicit = minimumShouldMatch(body.minimum_should_match, should.length, `${path}.minimum_should_match`);
  const msm = explicit >= 0 ? explicit : must.length + filter.length === 0 && should.length > 0 ? 1 : 0;
  return { must, filter, should, mustNot: asList(body.must_not), msm, boost: Number(body.boost ?? 1) };
}
