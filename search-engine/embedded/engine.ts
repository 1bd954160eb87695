import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { callBudget } from '../call-context.js';
import { SearchEngineError } from '../errors.js';
import type { BulkOperation, BulkResult, IndexSpec, IndexStats, Query, SearchBody, SearchEngine, SearchResult } from '../port.js';
import { ConnectionBudget } from './budget.js';
import { buildCatalog, type Scope } from './catalog.js';
import { type IndexMeta, readIndexMeta, resolveIndexMeta } from './index-meta.js';
import { runMget } from './mget.js';
import { ReadPool } from './read-pool.js';
import type { ReadOp } from './read-worker.js';
import { runCount, runSearch } from './search.js';
import { strictProblem } from './strict.js';
import { createTables, dropTables, ensureSortIndexes, ftsTables, LAYOUT_VERSION, t } from './tables.js';
import { IndexWriter } from './writer.js';

/** File name of the embedded index inside `DATA_DIR`. */
export const EMBEDDED_INDEX_FILE = 'search.sqlite';

/** Time budget of a read when none is configured. */
export const DEFAULT_TIMEOUT_MS = 10_000;

interface OpenIndex {
  name: string;
  spec: IndexSpec;
  root: Scope;
  writer: IndexWriter;
  multiValued: Set<string>;
  /** Set between beginBulkLoad and endBulkLoad on an index that was empty. */
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
}

/** SQLite page cache per connection, in KiB. */
const CACHE_KIB = 262_144;

/**
 * The embedded engine: SQLite FTS5 in its own file beside the transactional store. Tables are
 * derived from each index's mapping; searches run the OpenSearch DSL subset compiled to SQL.
 * Every read has a time budget enforced inside SQLite (budget.ts); with `readers` it runs on a
 * pool of worker threads (read-pool.ts) so that no search blocks the caller's event loop.
 */
export class EmbeddedEngine implements SearchEngine {
  readonly kind = 'embedded' as const;
  private readonly db: Database.Database;
  private readonly open = new Map<string, OpenIndex>();
  private readonly budget: ConnectionBudget;
  private readonly pool: ReadPool | null;
  private readonly timeoutMs: number;

  constructor(dataDir: string, opts: EmbeddedEngineOptions = {}) {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, opts.file ?? EMBEDDED_INDEX_FILE);
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
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
    this.budget = new ConnectionBudget(this.db);
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

  async createIndex(name: string, spec: IndexSpec): Promise<void> {
    if (this.meta(name)) throw new SearchEngineError('index_already_exists', `index "${name}" already exists`);
    if (this.db.prepare('SELECT 1 FROM engine_aliases WHERE alias = ?').get(name))
      throw new SearchEngineError('index_already_exists', `"${name}" is an alias`);
    const prefix = `ix_${name.replace(/[^A-Za-z0-9]/g, '_').slice(0, 40)}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const root = buildCatalog(spec, prefix);
    this.db.transaction(() => {
      createTables(this.db, root);
      this.db
        .prepare('INSERT INTO engine_indices (name, prefix, spec, created_at, layout) VALUES (?, ?, ?, ?, ?)')
        .run(name, prefix, JSON.stringify(spec), Date.now(), LAYOUT_VERSION);
    })();
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

  async bulk(index: string, ops: BulkOperation[]): Promise<BulkResult> {
    const target = this.resolve(index, true);
    const result: BulkResult = { indexed: 0, deleted: 0, failed: [] };
    const properties = target.spec.mappings.properties as Record<string, Record<string, unknown>>;
    const strict = target.spec.mappings.dynamic === 'strict';
    const before = target.multiValued.size;
    this.db.transaction(() => {
      target.writer.beginBatch();
      for (const op of ops) {
        if (op.op === 'delete') {
          if (target.writer.delete(op.id)) result.deleted++;
          else result.failed.push({ id: op.id, op: 'delete', reason: 'not_found' });
          continue;
        }
        const doc = op.doc ?? (JSON.parse(op.json) as Record<string, unknown>);
        const problem = strict ? strictProblem(doc, properties) : null;
        if (problem) {
          result.failed.push({ id: op.id, op: 'index', reason: problem });
          continue;
        }
        target.writer.upsert(op.id, doc, target.fresh);
        result.indexed++;
      }
      target.writer.flushBatch();
      if (target.multiValued.size !== before) {
        this.db
          .prepare('UPDATE engine_indices SET multi_valued = ? WHERE name = ?')
          .run(JSON.stringify([...target.multiValued]), target.name);
      }
    })();
    return result;
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
    const { ms, tenant } = callBudget(this.timeoutMs);
    if (this.pool) return this.pool.run(op, tenant, ms);
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
    target.fresh = this.db.prepare(`SELECT 1 FROM ${t.docs(target.root)} LIMIT 1`).get() === undefined;
  }

  async endBulkLoad(index: string): Promise<void> {
    const target = this.resolve(index, true);
    target.fresh = false;
    // Merge the FTS5 segments written during the load; planner statistics (with STAT4 samples)
    // let a join over number postings start from its most selective clause.
    for (const table of ftsTables(target.root)) this.db.prepare(`INSERT INTO ${table} (${table}) VALUES ('optimize')`).run();
    this.db.exec('ANALYZE');
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.db.close();
  }

  /** Interrupts every running read of this process, at once (shutdown). */
  abortReads(): void {
    this.budget.abortAll();
  }

  private meta(name: string): IndexMeta | undefined {
    return readIndexMeta(this.db, name);
  }

  /** Resolves an index or (when allowed) an alias to an open index. */
  private resolve(name: string, allowAlias: boolean): OpenIndex {
    const meta = resolveIndexMeta(this.db, name, allowAlias);
    const physical = meta.name;
    const cached = this.open.get(physical);
    if (cached) return cached;
    const spec = JSON.parse(meta.spec) as IndexSpec;
    const root = buildCatalog(spec, meta.prefix);
    ensureSortIndexes(this.db, root); // indices built before these existed gain them on first use
    const multiValued = new Set(JSON.parse(meta.multi_valued) as string[]);
    const index: OpenIndex = {
      name: physical,
      spec,
      root,
      writer: new IndexWriter(this.db, root, multiValued),
      multiValued,
      fresh: false,
    };
    this.open.set(physical, index);
    return index;
  }
}
