import crypto from 'node:crypto';
import { type Db, prepared } from './database.js';
import { packIds, unpackIds } from './id-pack.js';

/** `terms` lists shorter than this stay in the cohort's query JSON. */
export const MIN_STORED_LIST = 64;

/** Key of the object that stands for a stored id list inside a `terms` clause of a cohort query. */
const LIST_REF = '$id_list';

type Json = unknown;

/** A copy of `node` in which every field value of every `terms` clause went through `fn`. */
function mapTermsValues(node: Json, fn: (value: Json) => Json): Json {
  if (Array.isArray(node)) return node.map((n) => mapTermsValues(n, fn));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    const isTerms = key === 'terms' && value !== null && typeof value === 'object' && !Array.isArray(value);
    out[key] = isTerms
      ? Object.fromEntries(Object.entries(value).map(([field, values]) => [field, fn(values)]))
      : mapTermsValues(value, fn);
  }
  return out;
}

const isLongIdList = (value: Json): value is string[] =>
  Array.isArray(value) && value.length >= MIN_STORED_LIST && value.every((v) => typeof v === 'string');

/**
 * Stores an id list once, whatever number of cohorts use it, and returns its id. A `terms` list
 * is a set, so it is kept sorted and without repeats: the same people give the same list (the
 * graph of a requester, say, in every cohort of theirs until it changes).
 */
function storeList(db: Db, ids: string[]): number {
  const set = [...new Set(ids)].sort();
  const packed = packIds(set);
  const digest = crypto.createHash('sha256').update(packed).digest();
  prepared(db, 'INSERT INTO cohort_id_lists (digest, id_count, ids) VALUES (?, ?, ?) ON CONFLICT (digest) DO NOTHING').run(
    digest,
    set.length,
    packed,
  );
  return prepared(db, 'SELECT list_id FROM cohort_id_lists WHERE digest = ?').pluck().get(digest) as number;
}

/**
 * Stores the long `terms` lists of a cohort's query in `cohort_id_lists` and returns the query
 * with a reference in place of each, and the lists it references (for {@link recordListUses}).
 */
export function storeIdLists(db: Db, query: Record<string, unknown>): { query: Record<string, unknown>; listIds: number[] } {
  const listIds: number[] = [];
  const stored = mapTermsValues(query, (values) => {
    if (!isLongIdList(values)) return values;
    const listId = storeList(db, values);
    listIds.push(listId);
    return { [LIST_REF]: listId };
  }) as Record<string, unknown>;
  return { query: stored, listIds };
}

/** Records that a cohort uses these lists, so that they stay while it does. */
export function recordListUses(db: Db, cohortRef: string, listIds: number[]): void {
  const use = prepared(db, 'INSERT OR IGNORE INTO cohort_id_list_uses (cohort_ref, list_id) VALUES (?, ?)');
  for (const listId of listIds) use.run(cohortRef, listId);
}

/** The cohort's query as it was given to {@link storeIdLists}, up to the order of each id list. */
export function loadIdLists(db: Db, cohortRef: string, query: Record<string, unknown>): Record<string, unknown> {
  const rows = prepared(
    db,
    `SELECT l.list_id, l.ids FROM cohort_id_list_uses u JOIN cohort_id_lists l ON l.list_id = u.list_id WHERE u.cohort_ref = ?`,
  ).all(cohortRef) as { list_id: number; ids: Buffer }[];
  if (rows.length === 0) return query;
  const lists = new Map(rows.map((r) => [r.list_id, unpackIds(r.ids)]));
  return mapTermsValues(query, (value) => {
    const ref =
      value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[LIST_REF] : undefined;
    return typeof ref === 'number' ? lists.get(ref) : value;
  }) as Record<string, unknown>;
}
