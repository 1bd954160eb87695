import type Database from 'better-sqlite3';
import type { Scope } from './catalog.js';
import { decodeSourceText, parseSourceText } from './source-codec.js';
import { translateSqliteErrors } from './sqlite-errors.js';
import { t } from './tables.js';

/** Documents by id, in the order asked; null where an id is unknown. */
export function runMget<T>(db: Database.Database, root: Scope, ids: string[]): (T | null)[] {
  return runMgetText(db, root, ids).map((text) => (text === null ? null : parseSourceText<T>(text)));
}

/** Documents by id as their JSON text (a read worker's answer, parsed by the caller's thread); null where an id is unknown. */
export function runMgetText(db: Database.Database, root: Scope, ids: string[]): (string | null)[] {
  const rows = translateSqliteErrors(
    () =>
      db.prepare(`SELECT id, source FROM ${t.docs(root)} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as {
        id: string;
        source: string | Uint8Array;
      }[],
  );
  const byId = new Map(rows.map((r) => [r.id, decodeSourceText(root, r.source)]));
  return ids.map((id) => byId.get(id) ?? null);
}
