import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
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
import { writeBulk } from './bulk-write.js';
import { buildCatalog } from './catalog.js';
import { BULK_CACHE_KIB, BULK_CHECKPOINT_PAGES, CACHE_KIB, CHECKPOINT_PAGES, openEngineDatabase } from './engine-connection.js';
import { IndexCatalog, type IndexHead } from './index-meta.js';
import { runMget } from './mget.js';
import { type OpenIndex, OpenIndexes } from './open-indexes.js';
import { PREPARED_FORMAT } from './prepare.js';
import { ReadPool } from './read-pool.js';
import type { ReadOp } from './read-worker.js';
import { parseTextSources, runCount, runSearch } from './search.js';
import { codecOfLayout, parseSourceText, sourceEncoding, trainSourceDictionary, withSourceEncoding } from './source-codec.js';
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

/** File name of the embedded index inside `DATA_DIR`. */
export const EMBEDDED_INDEX_FILE = 'search.sqlite';

/** Time budget of a read when none is configured. */
export const DEFAULT_TIMEOUT_MS = 10_000;

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
   * index (id-locator.ts, DIRECTORY_MAX; a smaller bound is for tests).
   */
  loadDirectoryMax?: number;
}

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
  private readonly catalog: IndexCatalog;
  private readonly open: OpenIndexes;
  private readonly budget: ConnectionBudget;
  private readonly pool: ReadPool | null;
  private readonly timeoutMs: number;

  constructor(dataDir: string, opts: EmbeddedEngineOptions = {}) {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, opts.file ?? EMBEDDED_INDEX_FILE);
    this.db = openEngineDatabase(file);
    this.budget = new ConnectionBudget(this.db);
    this.catalog = new IndexCatalog(this.db);
    this.open = new OpenIndexes(this.db, this.catalog, opts.loadDirectoryMax);
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
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
    this.open.forget(index.name);
  }

  async indexExists(name: string): Promise<boolean> {
    return this.meta(name) !== undefined || this.db.prepare('SELECT 1 FROM engine_aliases WHERE alias = ?').get(name) !== undefined;
  }

  async bulk(index: string, ops: BulkOperation[], prepared?: PreparedDocuments): Promise<BulkResult> {
    return writeBulk(this.resolve(index, true), ops, prepared, (target) => this.open.saveMultiValued(target));
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
    return this.open.resolve(name, allowAlias);
  }
}
