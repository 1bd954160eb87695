import type Database from 'better-sqlite3';
import { SearchEngineError } from '../errors.js';
import { LAYOUT_VERSION, READABLE_LAYOUTS } from './tables.js';

/** One row of the engine's index catalog table. */
export interface IndexMeta {
  name: string;
  prefix: string;
  spec: string;
  multi_valued: string;
  layout: number;
  /** The index's trained source dictionary (layout 6), if it has one. */
  source_dictionary: Buffer | null;
}

export function readIndexMeta(db: Database.Database, name: string): IndexMeta | undefined {
  return db.prepare('SELECT name, prefix, spec, multi_valued, layout, source_dictionary FROM engine_indices WHERE name = ?').get(name) as
    | IndexMeta
    | undefined;
}

/**
 * The catalog row of an index, or of the one index an alias points at (when allowed).
 * Throws `index_not_found` when there is none, and refuses an index of another table layout.
 */
export function resolveIndexMeta(db: Database.Database, name: string, allowAlias: boolean): IndexMeta {
  let meta = readIndexMeta(db, name);
  if (!meta && allowAlias) {
    const targets = db.prepare('SELECT idx FROM engine_aliases WHERE alias = ?').all(name) as { idx: string }[];
    if (targets.length === 1) meta = readIndexMeta(db, (targets[0] as { idx: string }).idx);
  }
  if (!meta) throw new SearchEngineError('index_not_found', `no index or alias "${name}"`);
  if (!READABLE_LAYOUTS.includes(meta.layout)) {
    throw new SearchEngineError(
      'engine_error',
      `index "${meta.name}" was built with table layout ${meta.layout}; this build reads layouts ${READABLE_LAYOUTS.slice(0, -1).join(', ')} and ${READABLE_LAYOUTS.at(-1)} (it writes ${LAYOUT_VERSION}): rebuild it with \`proxima index --swap\``,
    );
  }
  return meta;
}
