import type Database from 'better-sqlite3';
import type { Scope } from './catalog.js';
import { decodeSource, decodeSourceText } from './source-codec.js';
import { translateSqliteErrors } from './sqlite-errors.js';
import { t } from './tables.js';

/** Documents by id, in the order asked; null where an id is unknown. */
export function runMget<T>(db: Database.Database, root: Scope, ids: string[]): (T | null)[] {
  const byId = new Map(readSources(db, root, ids).map((r) => [r.id, decodeSource<T>(root, r.source)]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** Documents by id as their JSON text (a read worker's answer, parsed by the caller's thread); null where an id is unknown. */
export function runMgetText(db: Database.Database, root: Scope, ids: string[]): (string | null)[] {
  const byId = new Map(readSources(db, root, ids).map((r) => [r.id, decodeSourceText(root, r.source)]));
  return ids.map((id) => byId.get(id) ?? null);
}

function readSources(db: Database.Database, root: Scope, ids: string[]): { id: string; source: string | Uint8Array }[] {
  return translateSqliteErrors(
    () =>
      db.prepare(`SELECT id, source FROM ${t.docs(root)} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as {
        id: string;
        source: string | Uint8Array;
      }[],
  );
}
