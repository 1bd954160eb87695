import type Database from 'better-sqlite3';
import type { Folding } from '../port.js';
import { allScopes, FTS_TOKENIZER, type Scope, TEXT_TABLES, type TextTable } from './catalog.js';

/** Version of the table layout; indices built by another layout must be rebuilt. */
export const LAYOUT_VERSION = 10;

/**
 * Layouts this build still reads and writes: 4 keeps sources as JSON text, 5 compresses them
 * with the field names as dictionary, 6 with the index's own trained dictionary when it has one,
 * 7 keeps no sizes for keyword postings (see {@link keywordTableDeletesByRowid}), 8 compresses
 * sources with Zstandard (source-codec.ts), 9 makes the unique index on document ids an index of
 * its own, which a bulk load drops and builds again at its end (id-directory.ts), 10 folds
 * letters as OpenSearch's `asciifolding` does (analysis.ts, Folding).
 */
export const READABLE_LAYOUTS: readonly number[] = [4, 5, 6, 7, 8, 9, 10];

/** How an index of a table layout folds letters: layouts before 10 keep ø, ł, ß, æ, ... */
export const foldingOfLayout = (layout: number): Folding => (layout >= 10 ? 'ascii' : 'marks');

/** Table names of one scope. */
export const t = {
  docs: (s: Scope) => `${s.prefix}_docs`,
  /** The unique index on document ids (its own index from layout 9: see {@link idIndexDroppable}). */
  docsId: (s: Scope) => `${s.prefix}_docs_id`,
  rows: (s: Scope) => `${s.prefix}_rows`,
  /** Keyword postings: a contentless FTS5 table of namespaced value tokens (see keywordToken). */
  kw: (s: Scope) => `${s.prefix}_fts_kw`,
  num: (s: Scope) => `${s.prefix}_num`,
  /**
   * Number postings of a bulk load in arrival order (a heap with an index on the row id), moved
   * into `num` in key order when the load ends: `num`'s key takes values in random order.
   */
  numLoad: (s: Scope) => `${s.prefix}_num_load`,
  fts: (s: Scope, table: TextTable) => `${s.prefix}_fts_${table}`,
  sort: (s: Scope) => `${s.prefix}_sort`,
};

/**
 * A keyword value as one FTS5 token, namespaced by field: `f<field id>v<hex of the UTF-8
 * bytes>`. Any value is a single token, a value prefix is a token prefix, and no column filter
 * is needed, so the keyword table keeps no positions (`detail=none`). `cached: false` skips the
 * cache of hex spellings, for values that rarely repeat.
 */
export function keywordToken(fieldId: number, value: string, cached = true): string {
  if (!cached) return `f${fieldId}v${Buffer.from(value, 'utf8').toString('hex')}`;
  let hex = hexCache.get(value);
  if (hex === undefined) {
    hex = Buffer.from(value, 'utf8').toString('hex');
    // Keyword values repeat heavily (countries, functions, stages): a bounded cache pays off.
    if (hexCache.size >= 50_000) hexCache.clear();
    hexCache.set(value, hex);
  }
  return `f${fieldId}v${hex}`;
}
const hexCache = new Map<string, string>();

/** Token every document with a value in the field gets, for `exists`. */
export const presentToken = (fieldId: number): string => `f${fieldId}e`;

/** Column of the sort table holding a field. */
export const sortColumn = (path: string): string => `s_${path.replace(/[^A-Za-z0-9]/g, '_')}`;

/** Fields that get a sort column: every keyword, number, date and boolean of the root scope. */
export function sortableFields(root: Scope): string[] {
  return [...root.fields.values()].filter((f) => f.kind !== 'text').map((f) => f.path);
}

/** Creates every table of an index (root and nested scopes). */
export function createTables(db: Database.Database, root: Scope): void {
  for (const scope of allScopes(root)) {
    if (scope === root) {
      db.exec(`CREATE TABLE ${t.docs(scope)} (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, source BLOB NOT NULL)`);
      ensureIdIndex(db, root);
      const cols = sortableFields(root).map((p) => `${sortColumn(p)}`);
      db.exec(
        `CREATE TABLE ${t.sort(scope)} (rowid INTEGER PRIMARY KEY, presence INTEGER NOT NULL DEFAULT 0${cols.map((c) => `, ${c}`).join('')})`,
      );
      ensureSortIndexes(db, root);
    } else {
      db.exec(`CREATE TABLE ${t.rows(scope)} (rowid INTEGER PRIMARY KEY, parent INTEGER NOT NULL, presence INTEGER NOT NULL DEFAULT 0)`);
      db.exec(`CREATE INDEX ${t.rows(scope)}_parent ON ${t.rows(scope)} (parent)`);
    }
    if (scope.hasKeywords) {
      // No sizes (`columnsize=0`): nothing scores keyword postings, and the sizes were a
      // 16-byte row per document and nested object. Deletes name the old tokens instead.
      db.exec(`CREATE VIRTUAL TABLE ${t.kw(scope)} USING fts5(tokens, content='', columnsize=0, detail=none, tokenize='ascii')`);
    }
    db.exec(
      `CREATE TABLE ${t.num(scope)} (f INTEGER NOT NULL, v NUMERIC NOT NULL, d INTEGER NOT NULL, PRIMARY KEY (f, v, d)) WITHOUT ROWID`,
    );
    for (const table of TEXT_TABLES) {
      const columns = scope.textColumns[table];
      if (columns.length === 0) continue;
      db.exec(
        `CREATE VIRTUAL TABLE ${t.fts(scope, table)} USING fts5(${columns.join(', ')}, content='', contentless_delete=1, tokenize='${FTS_TOKENIZER[table]}')`,
      );
    }
  }
}

/**
 * Indexes that let a search sorted by a dedicated sort field (`*.sort`, then `id`) walk the value
 * table in that order: the expressions match the ORDER BY the search compiles (nulls last).
 */
export function ensureSortIndexes(db: Database.Database, root: Scope): void {
  const id = root.fields.has('id') ? sortColumn('id') : null;
  for (const path of sortableFields(root).filter((p) => p.endsWith('.sort'))) {
    const col = sortColumn(path);
    const tail = id ? `, (${id} IS NULL), ${id}` : '';
    db.exec(`CREATE INDEX IF NOT EXISTS ${t.sort(root)}_by_${col} ON ${t.sort(root)} ((${col} IS NULL), ${col}${tail})`);
  }
}

/**
 * Whether the index on document ids can be dropped: it can when it is its own index (layout 9).
 * Earlier layouts declared it inside the table (`id TEXT NOT NULL UNIQUE`), which SQLite cannot
 * drop; their bulk loads keep it. Read from the table's definition, as the layout says the same.
 */
export function idIndexDroppable(db: Database.Database, root: Scope): boolean {
  const row = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`).get(t.docs(root)) as
    | { sql: string }
    | undefined;
  return row !== undefined && !/\bUNIQUE\b/i.test(row.sql);
}

/** Creates the unique index on document ids when it is missing (a bulk load drops it). */
export function ensureIdIndex(db: Database.Database, root: Scope): void {
  db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${t.docsId(root)} ON ${t.docs(root)} (id)`);
}

/** Drops the unique index on document ids (see {@link idIndexDroppable}). */
export function dropIdIndex(db: Database.Database, root: Scope): void {
  db.exec(`DROP INDEX IF EXISTS ${t.docsId(root)}`);
}

/** Drops the indexes {@link ensureSortIndexes} creates (a bulk load builds them once, at its end). */
export function dropSortIndexes(db: Database.Database, root: Scope): void {
  for (const path of sortableFields(root).filter((p) => p.endsWith('.sort'))) {
    db.exec(`DROP INDEX IF EXISTS ${t.sort(root)}_by_${sortColumn(path)}`);
  }
}

/** FTS5 tables of an index (keyword and text, every scope). */
export function ftsTables(root: Scope): string[] {
  const out: string[] = [];
  for (const scope of allScopes(root)) {
    if (scope.hasKeywords) out.push(t.kw(scope));
    for (const table of TEXT_TABLES) if (scope.textColumns[table].length > 0) out.push(t.fts(scope, table));
  }
  return out;
}

/** FTS5's limit on the segments of one table (`FTS5_MAX_SEGMENT`); a write past it fails. */
const FTS5_MAX_SEGMENT = 2000;

/**
 * How many segments a level of an FTS5 table gathers during a bulk load before they are merged
 * into one segment of the next level (`crisismerge`). At most three levels ever hold segments
 * below FTS5's limit, and the fourth needs 666³ flushes: no load of this engine reaches it.
 */
export const LOAD_CRISIS_MERGE = Math.floor((FTS5_MAX_SEGMENT - 1) / 3);

/**
 * How the FTS5 tables of an index merge their segments. FTS5 writes a segment at each commit (and
 * when its pending postings pass 1 MiB) and, by default (`automerge` 4, `crisismerge` 16), merges
 * them as it goes: every posting is rewritten once a level, about five times in a load of a
 * million profiles, and once more by the `optimize` that ends a bulk load. During a bulk load
 * (`'load'`) nothing reads the new index, so it merges nothing until {@link LOAD_CRISIS_MERGE}
 * segments stand on a level, and the closing `optimize` merges the rest once. `'default'` puts
 * back FTS5's own settings, which the tables keep in their configuration for later writes.
 */
export function setSegmentMerging(db: Database.Database, root: Scope, mode: 'load' | 'default'): void {
  const [automerge, crisismerge] = mode === 'load' ? [0, LOAD_CRISIS_MERGE] : [4, 16];
  for (const table of ftsTables(root)) {
    // FTS5 reads these settings as integers; a bound JavaScript number arrives as a real.
    db.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('automerge', ${automerge})`);
    db.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('crisismerge', ${crisismerge})`);
  }
}

/**
 * Whether a keyword table deletes a row by its id alone (`contentless_delete=1`, layouts before
 * 7). Tables of layout 7 keep no sizes, which `contentless_delete` needs, so a delete passes the
 * row's old tokens (FTS5's `delete` command); the writer recomputes them from the stored source,
 * as it does for number postings. A change to how keywords become tokens changes what searches
 * find in existing indices too, so it needs a rebuild (a new layout) either way.
 */
export function keywordTableDeletesByRowid(db: Database.Database, table: string): boolean {
  const row = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) as { sql: string } | undefined;
  return row !== undefined && /contentless_delete\s*=\s*1/i.test(row.sql);
}

/** Drops every table of an index. */
export function dropTables(db: Database.Database, root: Scope): void {
  for (const scope of allScopes(root)) {
    const names = scope === root ? [t.docs(scope), t.sort(scope)] : [t.rows(scope)];
    names.push(t.num(scope), t.numLoad(scope));
    for (const n of names) db.exec(`DROP TABLE IF EXISTS ${n}`);
  }
  for (const n of ftsTables(root)) db.exec(`DROP TABLE IF EXISTS ${n}`);
}

/**
 * Marker kept with an index's multi-valued fields: some document's `id` field differs from its
 * document id, so `terms` on `id` cannot be answered from the documents' primary key.
 */
export const ID_DIVERGES = '#id-differs-from-document-id';
