import Database from 'better-sqlite3';

/** Bytes the WAL file is truncated to after a checkpoint. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

/** Page size of a new index file, in bytes. */
const PAGE_SIZE = 16_384;

/** SQLite page cache per connection, in KiB. */
export const CACHE_KIB = 262_144;

/**
 * Page cache during a bulk load, in KiB: new rows append, so the pages being written are few
 * and a smaller cache loads as fast with 190 MB less resident memory.
 */
export const BULK_CACHE_KIB = 65_536;

/**
 * WAL pages after which a commit checkpoints (SQLite's `wal_autocheckpoint`): its default, and
 * during a bulk load 8,192 (128 MiB of the 16 KiB pages new files get). Each checkpoint copies
 * the WAL into the file and syncs it, on the writer's thread; fewer of them cut the commits of a
 * 100k load by a fifth (2.3-2.6 s to 1.8-2.0 s), and a page written twice between checkpoints is
 * copied once.
 */
export const CHECKPOINT_PAGES = 1000;
export const BULK_CHECKPOINT_PAGES = 8192;

/**
 * Opens the embedded engine's file as its writer connection: the page size and auto-vacuum of a
 * new file, WAL and the connection's pragmas, and the catalog tables (`engine_indices`,
 * `engine_aliases`) brought up to the current layout.
 */
export function openEngineDatabase(file: string): Database.Database {
  const db = new Database(file);
  // A new file gets 16 KiB pages (set before WAL, which fixes the page size): compressed
  // sources of about 1 KB pack with a quarter of the waste of 4 KiB pages, and scans read
  // fewer pages. Existing files keep theirs.
  // It also keeps free pages for `incremental_vacuum`: a bulk load's closing merge frees its
  // heaps and old segments (about 450 MB at 1M profiles), given back to the disk then.
  if (db.pragma('page_count', { simple: true }) === 0) {
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma('auto_vacuum = INCREMENTAL');
  }
  db.pragma('journal_mode = WAL');
  // A bulk load's closing merge writes one large transaction; the WAL file is cut back after
  // checkpoints rather than keeping that size for good.
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = -${CACHE_KIB}`);
  db.pragma('temp_store = MEMORY');
  db.exec(`CREATE TABLE IF NOT EXISTS engine_indices (
      name TEXT PRIMARY KEY, prefix TEXT NOT NULL UNIQUE, spec TEXT NOT NULL, multi_valued TEXT NOT NULL DEFAULT '[]', created_at INTEGER NOT NULL)`);
  db.exec('CREATE TABLE IF NOT EXISTS engine_aliases (alias TEXT PRIMARY KEY, idx TEXT NOT NULL)');
  if (!db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get('engine_indices', 'layout')) {
    // Indices from before layout versions used layout 1.
    db.exec('ALTER TABLE engine_indices ADD COLUMN layout INTEGER NOT NULL DEFAULT 1');
  }
  if (!db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get('engine_indices', 'source_dictionary')) {
    // Layout 6: an index's own source dictionary (search-engine/embedded/source-codec.ts).
    db.exec('ALTER TABLE engine_indices ADD COLUMN source_dictionary BLOB');
  }
  return db;
}
