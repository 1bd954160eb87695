import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { callBudget } from '../call-context.js';
import { SearchEngineError } from '../errors.js';
import type {
  BulkOperation,
  BulkResult,
  IndexSpec,
  IndexStats,
  PreparedDocuments,
  Query,
  SearchBody,
  SearchEngine,
  SearchResult,
  SourceEncoding,
} from '../port.js';
import { ConnectionBudget } from './budget.js';
import { buildCatalog, type Scope } from './catalog.js';
import { IndexCatalog, type IndexHead } from './index-meta.js';
import { runMget } from './mget.js';
import { mappingKey, PREPARED_FORMAT, type PreparedBatch, prepareBatch } from './prepare.js';
import { ReadPool } from './read-pool.js';
import type { ReadOp } from './read-worker.js';
import { parseTextSources, runCount, runSearch } from './search.js';
import {
  codecOfLayout,
  decodeSource,
  parseSourceText,
  sourceEncoding,
  sourceEncodingKey,
  trainSourceDictionary,
  withSourceEncoding,
} from './source-codec.js';
import { strictProblem } from './strict.js';
import {
  createTables,
  dropSortIndexes,
  dropTables,
  ensureSortIndexes,
  foldingOfLayout,
  ftsTables,
  LAYOUT_VERSION,
  setSegmentMerging,
  t,
} from './tables.js';
import { IndexWriter } from './writer.js';

/** File name of the embedded index inside `DATA_DIR`. */
export const EMBEDDED_INDEX_FILE = 'search.sqlite';

/** A UTF-16 surrogate that is not half of a pair. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** Time budget of a read when none is configured. */
export const DEFAULT_TIMEOUT_MS = 10_000;

interface OpenIndex {
  name: string;
  spec: IndexSpec;
  root: Scope;
  writer: IndexWriter;
  multiValued: Set<string>;
  /** `multiValued` as the catalog row held it when last read or written here. */
  multiValuedJson: string;
  /**
   * Set between beginBulkLoad and endBulkLoad (a new index, not yet live): documents are
   * inserted as new, and only an id found in the index again takes the replace path.
   */
  fresh: boolean;
}

/** How the embedded engine runs reads (search, count, mget). */
export interface EmbeddedEngineOptions {
  /** Index file name inside the data directory. */
  file?: string;
  /**
   * Worker threads for reads, each with its own read-only connection (0: reads run on the
   * calling thread, as the indexer and most tests do).
   */
  readers?: number;
  /** Time budget of a read made outside any request context, and the most any read gets. */
  timeoutMs?: number;
  /** Reads waiting for a worker before new ones are refused with `overloaded` (all tenants / one tenant). */
  maxQueued?: number;
  maxQueuedPerTenant?: number;
  /**
   * Documents a bulk load finds by its in-memory id directory at most before it builds the id
   * index (writer.ts, DIRECTORY_MAX; a smaller bound is for tests).
   */
  loadDirectoryMax?: number;
}

/** Bytes the WAL file is truncated to after a checkpoint. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

/** Page size of a new index file, in bytes. */
const PAGE_SIZE = 16_384;

/** SQLite page cache per connection, in KiB. */
const CACHE_KIB = 262_144;

/**
 * Page cache during a bulk load, in KiB: new rows append, so the pages being written are few
 * and a smaller cache loads as fast with 190 MB less resident memory.
 */
const BULK_CACHE_KIB = 65_536;

/**
 * WAL pages after which a commit checkpoints (SQLite's `wal_autocheckpoint`): its default, and
 * during a bulk load 8,192 (128 MiB of the 16 KiB pages new files get). Each checkpoint copies
 * the WAL into the file and syncs it, on the writer's thread; fewer of them cut the commits of a
 * 100k load by a fifth (2.3-2.6 s to 1.8-2.0 s), and a page written twice between checkpoints is
 * copied once.
 */
const CHECKPOINT_PAGES = 1000;
const BULK_CHECKPOINT_PAGES = 8192;

/**
 * The embedded engine: SQLite FTS5 in its own file beside the transactional store. Tables are
 * derived from each index's mapping; searches run the OpenSearch DSL subset compiled to SQL.
 * Every read has a time budget enforced inside SQLite (budget.ts); with `readers` it runs on a
 * pool of worker threads (read-pool.ts) so that no search blocks the caller's event loop.
 */
export class EmbeddedEngine implements SearchEngine {
  readonly kind = 'embedded' as const;
  readonly preparedFormat = PREPARED_FORMAT;
  private readonly db: Database.Database;
  private readonly open = new Map<string, OpenIndex>();
  private readonly catalog: IndexCatalog;
  private readonly budget: ConnectionBudget;
  private readonly pool: ReadPool | null;
  private readonly timeoutMs: number;
  private readonly loadDirectoryMax: number | undefined;

  constructor(dataDir: string, opts: EmbeddedEngineOptions = {}) {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, opts.file ?? EMBEDDED_INDEX_FILE);
    this.db = new Database(file);
    // A new file gets 16 KiB pages (set before WAL, which fixes the page size): compressed
    // sources of about 1 KB pack with a quarter of the waste of 4 KiB pages, and scans read
    // fewer pages. Existing files keep theirs.
    // It also keeps free pages for `incremental_vacuum`: a bulk load's closing merge frees its
    // heaps and old segments (about 450 MB at 1M profiles), given back to the disk then.
    if (this.db.pragma('page_count', { simple: true }) === 0) {
      this.db.pragma(`page_size = ${PAGE_SIZE}`);
      this.db.pragma('auto_vacuum = INCREMENTAL');
    }
    this.db.pragma('journal_mode = WAL');
    // A bulk load's closing merge writes one large transaction; the WAL file is cut back after
    // checkpoints rather than keeping that size for good.
    this.db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    this.db.pragma('busy_timeout = 10000');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma(`cache_size = -${CACHE_KIB}`);
    this.db.pragma('temp_store = MEMORY');
    this.db.exec(`CREATE TABLE IF NOT EXISTS engine_indices (
      name TEXT PRIMARY KEY, prefix TEXT NOT NULL UNIQUE, spec TEXT NOT NULL, multi_valued TEXT NOT NULL DEFAULT '[]', created_at INTEGER NOT NULL)`);
    this.db.exec('CREATE TABLE IF NOT EXISTS engine_aliases (alias TEXT PRIMARY KEY, idx TEXT NOT NULL)');
    if (!this.db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get('engine_indices', 'layout')) {
      // Indices from before layout versions used layout 1.
      this.db.exec('ALTER TABLE engine_indices ADD COLUMN layout INTEGER NOT NULL DEFAULT 1');
    }
    if (!this.db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get('engine_indices', 'source_dictionary')) {
      // Layout 6: an index's own source dictionary (search-engine/embedded/source-codec.ts).
      this.db.exec('ALTER TABLE engine_indices ADD COLUMN source_dictionary BLOB');
    }
    this.budget = new ConnectionBudget(this.db);
    this.catalog = new IndexCatalog(this.db);
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.loadDirectoryMax = opts.loadDirectoryMax;
    this.pool =
      (opts.readers ?? 0) > 0
        ? new ReadPool({
            file,
            workers: opts.readers as number,
            maxQueued: opts.maxQueued ?? 128,
            maxQueuedPerTenant: opts.maxQueuedPerTenant ?? 32,
            cacheKib: CACHE_KIB,
          })
        : null;
  }

  /** Whether time budgets are enforced inside SQLite (the budget extension is built). */
  get budgetsEnforced(): boolean {
    return this.budget.enforced && (this.pool?.budgetEnforced ?? true);
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async createIndex(name: string, spec: IndexSpec, opts: { sourceSamples?: Record<string, unknown>[] } = {}): Promise<void> {
    if (this.meta(name)) throw new SearchEngineError('index_already_exists', `index "${name}" already exists`);
    if (this.db.prepare('SELECT 1 FROM engine_aliases WHERE alias = ?').get(name))
      throw new SearchEngineError('index_already_exists', `"${name}" is an alias`);
    const prefix = `ix_${name.replace(/[^A-Za-z0-9]/g, '_').slice(0, 40)}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const root = withSourceEncoding(buildCatalog(spec, prefix, foldingOfLayout(LAYOUT_VERSION)), codecOfLayout(LAYOUT_VERSION), null);
    const dictionary = opts.sourceSamples?.length ? trainSourceDictionary(root, opts.sourceSamples) : null;
    this.db.transaction(() => {
      createTables(this.db, root);
      this.db
        .prepare('INSERT INTO engine_indices (name, prefix, spec, created_at, layout, source_dictionary) VALUES (?, ?, ?, ?, ?, ?)')
        .run(name, prefix, JSON.stringify(spec), Date.now(), LAYOUT_VERSION, dictionary);
    })();
  }

  async sourceEncoding(index: string): Promise<SourceEncoding> {
    return sourceEncoding(this.resolve(index, true).root);
  }

  async deleteIndex(name: string): Promise<void> {
    const index = this.resolve(name, false);
    this.db.transaction(() => {
      dropTables(this.db, index.root);
      this.db.prepare('DELETE FROM engine_indices WHERE name = ?').run(index.name);
      this.db.prepare('DELETE FROM engine_aliases WHERE idx = ?').run(index.name);
    })();
    this.open.delete(index.name);
  }

  async indexExists(name: string): Promise<boolean> {
    return this.meta(name) !== undefined || this.db.prepare('SELECT 1 FROM engine_aliases WHERE alias = ?').get(name) !== undefined;
  }

  async bulk(index: string, ops: BulkOperation[], prepared?: PreparedDocuments): Promise<BulkResult> {
    const target = this.resolve(index, true);
    const batch = prepared as PreparedBatch | undefined;
    if (
      batch &&
      (batch.format !== PREPARED_FORMAT ||
        batch.mappingKey !== mappingKey(target.spec) ||
        batch.encodingKey !== sourceEncodingKey(target.root))
    )
      throw new SearchEngineError(
        'invalid_query',
        `the prepared batch was made for another mapping, source dictionary, folding or format than index "${target.name}"`,
      );
    if (!batch && ops.some((op) => op.op === 'index' && op.prepared))
      throw new SearchEngineError('invalid_query', 'prepared operations need their prepared batch');
    // SQLite stores such an id as other text, so its document could never be found by id again.
    const malformed = ops.find((op) => UNPAIRED_SURROGATE.test(op.id));
    if (malformed)
      throw new SearchEngineError(
        'invalid_query',
        `document id ${JSON.stringify(malformed.id)} is not valid Unicode (it has an unpaired surrogate); send ids as well-formed text`,
      );
    const result: BulkResult = { indexed: 0, deleted: 0, failed: [] };
    // A fresh load of upserts only: every table gets one insert per batch (prepare.ts). A batch
    // with an id the index already holds, or with an id twice, writes nothing that way and is
    // upserted one document at a time.
    if (target.fresh && ops.every((op) => op.op === 'index')) {
      const rows =
        batch ??
        prepareBatch(
          target.spec,
          target.root,
          // As JSON reads them back (the writer's upsert says why); the indexer's workers build
          // their batches from parsed records, which are.
          ops.map((op) => {
            const json = op.json ?? JSON.stringify(op.doc);
            return { id: op.id, doc: JSON.parse(json) as Record<string, unknown>, json };
          }),
        );
      try {
        const before = target.multiValued.size;
        const written = target.writer.transaction(() => {
          if (!target.writer.writePrepared(rows)) return false;
          if (target.multiValued.size !== before) this.saveMultiValued(target);
          return true;
        });
        if (written)
          return { indexed: rows.ids.length, deleted: 0, failed: rows.failed.map((f) => ({ id: f.id, op: 'index', reason: f.reason })) };
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
      }
    }
    if (batch) {
      // Documents of prepared operations come back from their stored form; refused ones stay refused.
      let k = 0;
      const materialised: BulkOperation[] = [];
      for (const op of ops) {
        if (op.op !== 'index' || !op.prepared) {
          materialised.push(op);
          continue;
        }
        const slot = batch.slots[k++]!;
        if (slot >= 0)
          materialised.push({ op: 'index', id: op.id, doc: decodeSource<Record<string, unknown>>(target.root, batch.sources[slot]!) });
        else result.failed.push({ id: op.id, op: 'index', reason: batch.failed[-1 - slot]!.reason });
      }
      ops = materialised;
    }
    const properties = target.spec.mappings.properties as Record<string, Record<string, unknown>>;
    const strict = target.spec.mappings.dynamic === 'strict';
    const before = target.multiValued.size;
    target.writer.transaction(() => {
      target.writer.beginBatch();
      for (const op of ops) {
        if (op.op === 'delete') {
          if (target.writer.delete(op.id)) result.deleted++;
          else result.failed.push({ id: op.id, op: 'delete', reason: 'not_found' });
          continue;
        }
        const doc = op.doc ?? (JSON.parse(op.json!) as Record<string, unknown>);
        const problem = strict ? strictProblem(doc, properties) : null;
        if (problem) {
          result.failed.push({ id: op.id, op: 'index', reason: problem });
          continue;
        }
        target.writer.upsert(op.id, doc, target.fresh);
        result.indexed++;
      }
      target.writer.flushBatch();
      if (target.multiValued.size !== before) this.saveMultiValued(target);
    });
    return result;
  }

  private saveMultiValued(target: OpenIndex): void {
    // Within the batch's write transaction: fields another process found multi-valued since this
    // one last read the row are merged in, never overwritten.
    const stored = this.catalog.head(target.name)?.multi_valued;
    if (stored !== undefined) absorbMultiValued(target, stored);
    target.multiValuedJson = JSON.stringify([...target.multiValued]);
    this.db.prepare('UPDATE engine_indices SET multi_valued = ? WHERE name = ?').run(target.multiValuedJson, target.name);
  }

  async search<T = Record<string, unknown>>(index: string, body: SearchBody): Promise<SearchResult<T>> {
    return (await this.read({ op: 'search', index, body })) as SearchResult<T>;
  }

  async count(index: string, query?: Query): Promise<number> {
    return (await this.read({ op: 'count', index, query })) as number;
  }

  async mget<T = Record<string, unknown>>(index: string, ids: string[]): Promise<(T | null)[]> {
    return (await this.read({ op: 'mget', index, ids })) as (T | null)[];
  }

  /** Runs a read within its budget: on a worker when there is a pool, here otherwise. */
  private async read(op: ReadOp): Promise<unknown> {
    // Resolved here too: unknown names fail fast, and an index opened by an older build gains its sort indexes.
    const target = this.resolve(op.index, true);
    const { ms, tenant, signal } = callBudget(this.timeoutMs);
    if (this.pool) {
      // A worker sends sources as JSON text (read-worker.ts): parsed here, as cheap as the clone it replaces.
      const value = await this.pool.run(op, tenant, ms, signal);
      if (op.op === 'search') return parseTextSources(value as SearchResult<unknown>);
      if (op.op === 'mget') return (value as (string | null)[]).map((text) => (text === null ? null : parseSourceText(text)));
      return value;
    }
    return this.budget.run(ms, () => {
      if (op.op === 'search') return runSearch(this.db, target.root, target.multiValued, op.body);
      if (op.op === 'count') return runCount(this.db, target.root, target.multiValued, op.query);
      return runMget(this.db, target.root, op.ids);
    });
  }

  async getAlias(alias: string): Promise<string[]> {
    return (this.db.prepare('SELECT idx FROM engine_aliases WHERE alias = ?').all(alias) as { idx: string }[]).map((r) => r.idx);
  }

  async swapAlias(alias: string, index: string): Promise<void> {
    if (!this.meta(index)) throw new SearchEngineError('index_not_found', `index "${index}" does not exist`);
    if (this.meta(alias)) throw new SearchEngineError('invalid_query', `"${alias}" is an index, not an alias`);
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM engine_aliases WHERE alias = ?').run(alias);
      this.db.prepare('INSERT INTO engine_aliases (alias, idx) VALUES (?, ?)').run(alias, index);
    })();
  }

  async refresh(index: string): Promise<void> {
    this.resolve(index, true); // Writes are visible at commit; only the name is checked.
  }

  async stats(index: string): Promise<IndexStats> {
    const target = this.resolve(index, true);
    const docs = (this.db.prepare(`SELECT count(*) AS n FROM ${t.docs(target.root)}`).get() as { n: number }).n;
    const like = `${target.root.prefix}%`;
    let sizeBytes: number;
    try {
      sizeBytes = (this.db.prepare('SELECT coalesce(sum(pgsize), 0) AS b FROM dbstat WHERE name LIKE ?').get(like) as { b: number }).b;
    } catch {
      sizeBytes = (this.db.pragma('page_count', { simple: true }) as number) * (this.db.pragma('page_size', { simple: true }) as number);
    }
    return { docs, sizeBytes };
  }

  async beginBulkLoad(index: string): Promise<void> {
    const target = this.resolve(index, true);
    target.fresh = true;
    this.db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
    this.db.pragma(`wal_autocheckpoint = ${BULK_CHECKPOINT_PAGES}`);
    target.writer.beginLoad();
    // The name-sort indexes take values in random order: built once at the end instead.
    dropSortIndexes(this.db, target.root);
    // Searches do not read a new index before its load ends: its FTS5 segments are merged then.
    setSegmentMerging(this.db, target.root, 'load');
  }

  async endBulkLoad(index: string): Promise<void> {
    const target = this.resolve(index, true);
    // Number postings move from the load's heaps in key order; the sort spills to temporary
    // files rather than memory (tens of millions of rows at 1M profiles).
    this.db.pragma('temp_store = FILE');
    try {
      target.writer.finishLoad();
    } finally {
      this.db.pragma('temp_store = MEMORY');
    }
    target.fresh = false;
    // Merge the FTS5 segments written during the load; planner statistics (with STAT4 samples)
    // let a join over number postings start from its most selective clause.
    setSegmentMerging(this.db, target.root, 'default');
    for (const table of ftsTables(target.root)) this.db.prepare(`INSERT INTO ${table} (${table}) VALUES ('optimize')`).run();
    ensureSortIndexes(this.db, target.root);
    this.db.exec('ANALYZE');
    // Pages the heaps and merged segments left free go back to the disk (files made with
    // incremental auto-vacuum; a no-op on older ones).
    this.db.pragma('incremental_vacuum');
    // The loader is done with this index: give back what the merge cached, then the usual cache
    // (the sorts above ran within the load's smaller one).
    this.db.pragma('shrink_memory');
    this.db.pragma(`cache_size = -${CACHE_KIB}`);
    this.db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  }

  async releaseMemory(): Promise<void> {
    // The writer connection's page cache refills on demand (read threads keep their own caches).
    this.db.pragma('shrink_memory');
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.db.close();
  }

  /** Interrupts every running read of this process, at once (shutdown). */
  abortReads(): void {
    this.budget.abortAll();
  }

  private meta(name: string): IndexHead | undefined {
    return this.catalog.head(name);
  }

  /** Resolves an index or (when allowed) an alias to an open index. */
  private resolve(name: string, allowAlias: boolean): OpenIndex {
    const head = this.catalog.resolve(name, allowAlias);
    const physical = head.name;
    const cached = this.open.get(physical);
    // The same name with another prefix is a later index (deleted and made again by another process).
    if (cached?.root.prefix === head.prefix) {
      absorbMultiValued(cached, head.multi_valued);
      return cached;
    }
    const body = this.catalog.body(head);
    const spec = JSON.parse(body.spec) as IndexSpec;
    const root = withSourceEncoding(
      buildCatalog(spec, head.prefix, foldingOfLayout(head.layout)),
      codecOfLayout(head.layout),
      body.source_dictionary,
    );
    ensureSortIndexes(this.db, root); // indices built before these existed gain them on first use
    const multiValued = new Set(JSON.parse(head.multi_valued) as string[]);
    const index: OpenIndex = {
      name: physical,
      spec,
      root,
      writer: new IndexWriter(this.db, root, multiValued, this.loadDirectoryMax),
      multiValued,
      multiValuedJson: head.multi_valued,
      fresh: false,
    };
    this.open.set(physical, index);
    return index;
  }
}

/**
 * Adds the fields the catalog row lists as multi-valued (`stored`, its JSON) to an open index's
 * set, in place (its writer holds the set): another process (the indexer) may have found some,
 * and a field that became multi-valued stays so.
 */
function absorbMultiValued(target: OpenIndex, stored: string): void {
  if (stored === target.multiValuedJson) return;
  for (const field of JSON.parse(stored) as string[]) target.multiValued.add(field);
  target.multiValuedJson = stored;
}
