import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SearchEngineError } from '../errors.js';
import type { BulkOperation, BulkResult, IndexSpec, IndexStats, Query, SearchBody, SearchEngine, SearchResult } from '../port.js';
import { buildCatalog, type Scope } from './catalog.js';
import { runCount, runSearch } from './search.js';
import { strictProblem } from './strict.js';
import { createTables, dropTables, ensureSortIndexes, ftsTables, LAYOUT_VERSION, t } from './tables.js';
import { IndexWriter } from './writer.js';

/** File name of the embedded index inside `DATA_DIR`. */
export const EMBEDDED_INDEX_FILE = 'search.sqlite';

interface OpenIndex {
  name: string;
  spec: IndexSpec;
  root: Scope;
  writer: IndexWriter;
  multiValued: Set<string>;
  /** Set between beginBulkLoad and endBulkLoad on an index that was empty. */
  fresh: boolean;
}

/**
 * The embedded engine: SQLite FTS5 in its own file beside the transactional store. Tables are
 * derived from each index's mapping; searches run the OpenSearch DSL subset compiled to SQL.
 */
export class EmbeddedEngine implements SearchEngine {
  readonly kind = 'embedded' as const;
  private readonly db: Database.Database;
  private readonly open = new Map<string, OpenIndex>();

  constructor(dataDir: string, file = EMBEDDED_INDEX_FILE) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, file));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 10000');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('cache_size = -262144');
    this.db.pragma('temp_store = MEMORY');
    this.db.exec(`CREATE TABLE IF NOT EXISTS engine_indices (
      name TEXT PRIMARY KEY, prefix TEXT NOT NULL UNIQUE, spec TEXT NOT NULL, multi_valued TEXT NOT NULL DEFAULT '[]', created_at INTEGER NOT NULL)`);
    this.db.exec('CREATE TABLE IF NOT EXISTS engine_aliases (alias TEXT PRIMARY KEY, idx TEXT NOT NULL)');
    if (!this.db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get('engine_indices', 'layout')) {
      // Indices from before layout versions used layout 1.
      this.db.exec('ALTER TABLE engine_indices ADD COLUMN layout INTEGER NOT NULL DEFAULT 1');
    }
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
        const problem = strict ? strictProblem(op.doc, properties) : null;
        if (problem) {
          result.failed.push({ id: op.id, op: 'index', reason: problem });
          continue;
        }
        target.writer.upsert(op.id, op.doc, target.fresh);
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
    const target = this.resolve(index, true);
    return runSearch<T>(this.db, target.root, target.multiValued, body);
  }

  async count(index: string, query?: Query): Promise<number> {
    const target = this.resolve(index, true);
    return runCount(this.db, target.root, target.multiValued, query);
  }

  async mget<T = Record<string, unknown>>(index: string, ids: string[]): Promise<(T | null)[]> {
    const target = this.resolve(index, true);
    const rows = this.db
      .prepare(`SELECT id, source FROM ${t.docs(target.root)} WHERE id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids)) as { id: string; source: string }[];
    const byId = new Map(rows.map((r) => [r.id, JSON.parse(r.source) as T]));
    return ids.map((id) => byId.get(id) ?? null);
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
    this.db.close();
  }

  private meta(name: string): { name: string; prefix: string; spec: string; multi_valued: string; layout: number } | undefined {
    return this.db.prepare('SELECT name, prefix, spec, multi_valued, layout FROM engine_indices WHERE name = ?').get(name) as
      | { name: string; prefix: string; spec: string; multi_valued: string; layout: number }
      | undefined;
  }

  /** Resolves an index or (when allowed) an alias to an open index. */
  private resolve(name: string, allowAlias: boolean): OpenIndex {
    let physical = name;
    if (!this.meta(name) && allowAlias) {
      const targets = this.db.prepare('SELECT idx FROM engine_aliases WHERE alias = ?').all(name) as { idx: string }[];
      if (targets.length === 1) physical = (targets[0] as { idx: string }).idx;
    }
    const cached = this.open.get(physical);
    if (cached) return cached;
    const meta = this.meta(physical);
    if (!meta) throw new SearchEngineError('index_not_found', `no index or alias "${name}"`);
    if (meta.layout !== LAYOUT_VERSION) {
      throw new SearchEngineError(
        'engine_error',
        `index "${physical}" was built with table layout ${meta.layout}; this build reads layout ${LAYOUT_VERSION}: rebuild it with \`proxima index --swap\``,
      );
    }
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
