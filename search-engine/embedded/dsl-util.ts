import { invalidQuery, unsupported } from '../errors.js';

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
