import type Database from 'better-sqlite3';
import { allScopes, type Scope, type TextTable } from './catalog.js';
import { type Entries, extractEntries } from './extract.js';
import { IdDirectory } from './id-directory.js';
import type { PreparedBatch } from './prepare.js';
import { decodeSource, encodeSource } from './source-codec.js';
import {
  dropIdIndex,
  ensureIdIndex,
  ID_DIVERGES,
  idIndexDroppable,
  keywordTableDeletesByRowid,
  sortableFields,
  sortColumn,
  t,
} from './tables.js';

type Stmt = Database.Statement;

/**
 * The rows of a batch, one JSON array each, read as JSONB: `value->>i` on a text array parses the
 * row again for each column (a 38-column sort row cost 27 µs, 14 µs as JSONB).
 */
const BATCH_ROWS = 'jsonb_each(jsonb(?))';

/** Rows waiting to be written for one scope. */
interface ScopeBuffer {
  /** Keyword FTS5 rows: [rowid, tokens]. */
  kw: unknown[][];
  num: number[];
  fts: Record<TextTable, unknown[][]>;
  /** Nested scopes: [child rowid, parent rowid]. */
  rows: number[];
}

/** Statements of one scope: batched inserts, and the per-row deletes that replacement needs. */
interface ScopeStatements {
  kwInsert?: Stmt;
  numInsert: Stmt;
  ftsInsert: Partial<Record<TextTable, Stmt>>;
  rowsInsert?: Stmt;
  kwDelete?: Stmt;
  /** Whether {@link kwDelete} takes the row id alone, or the row id and its old tokens. */
  kwDeleteByRowid?: boolean;
  numDelete: Stmt;
  ftsDelete: Partial<Record<TextTable, Stmt>>;
  rowsByParent?: Stmt;
  rowsDelete?: Stmt;
  maxRowid?: Stmt;
  /** Prepared batches: the same inserts with batch-relative row ids offset by bound bases. */
  kwAt?: Stmt;
  numAt: Stmt;
  ftsAt: Partial<Record<TextTable, Stmt>>;
  rowsAt?: Stmt;
}

/**
 * Writes documents of one index. Between {@link beginBatch} and {@link flushBatch} (inside the
 * caller's transaction) new postings are buffered and written with one `INSERT ... SELECT FROM
 * jsonb_each(jsonb(?))` per table ({@link BATCH_ROWS}), which keeps the per-document cost to a
 * handful of native calls.
 * Old postings are removed exactly, recomputed from the stored source, so no reverse index is
 * needed; an id touched twice in one batch flushes the buffers first.
 */
export class IndexWriter {
  private readonly stmts = new Map<Scope, ScopeStatements>();
  private readonly buffers = new Map<Scope, ScopeBuffer>();
  private readonly nextChild = new Map<Scope, number>();
  private readonly touched = new Set<string>();
  private sortRows: unknown[][] = [];
  /** Prepared when first used: it needs the id index, which a bulk load drops. */
  private docUpsert: Stmt | null = null;
  private readonly docInsert: Stmt;
  private readonly docLookup: Stmt;
  private readonly docAt: Stmt;
  private readonly docIdAt: Stmt;
  private readonly docReplace: Stmt;
  private readonly docDelete: Stmt;
  private readonly sortInsert: Stmt;
  private readonly sortDelete: Stmt;
  private readonly sortPaths: string[];
  private readonly docInsertAt: Stmt;
  private readonly docMaxRowid: Stmt;
  private readonly sortInsertAt: Stmt;
  private readonly parentOf = new Map<Scope, Scope>();
  /** During a bulk load: per scope, the heap insert and delete of number postings. */
  private loading: Map<Scope, { insertAt: Stmt; remove: Stmt }> | null = null;
  /**
   * During a bulk load of tables whose id index can be dropped: where each document is, in place
   * of that index (id-directory.ts). Null otherwise, and once it outgrows {@link directoryMax}.
   */
  private directory: IdDirectory | null = null;
  /** Whether the id index is known to exist outside a bulk load (checked once). */
  private idIndexChecked = false;

  /**
   * @param multiValued the index's fields seen with several values in one document (loaded from
   *   its metadata); the writer adds to it, searches read it.
   */
  constructor(
    private readonly db: Database.Database,
    private readonly root: Scope,
    readonly multiValued: Set<string>,
    /** Documents the load's directory lists at most; past that the id index is built and used. */
    private readonly directoryMax = DIRECTORY_MAX,
  ) {
    for (const scope of allScopes(root)) this.stmts.set(scope, this.prepareScope(scope));
    this.docInsert = db.prepare(`INSERT INTO ${t.docs(root)} (id, source) VALUES (?, ?) RETURNING rowid`);
    this.docLookup = db.prepare(`SELECT rowid, source FROM ${t.docs(root)} WHERE id = ?`);
    this.docAt = db.prepare(`SELECT rowid, source FROM ${t.docs(root)} WHERE rowid = ?`);
    this.docIdAt = db.prepare(`SELECT id FROM ${t.docs(root)} WHERE rowid = ?`).pluck();
    this.docReplace = db.prepare(`UPDATE ${t.docs(root)} SET source = ? WHERE rowid = ?`);
    this.docDelete = db.prepare(`DELETE FROM ${t.docs(root)} WHERE rowid = ?`);
    this.sortPaths = sortableFields(root);
    const cols = this.sortPaths.map(sortColumn);
    this.sortInsert = db.prepare(
      `INSERT OR REPLACE INTO ${t.sort(root)} (rowid, presence${cols.map((c) => `, ${c}`).join('')}) SELECT value->>0, value->>1${cols.map((_, i) => `, value->>${i + 2}`).join('')} FROM ${BATCH_ROWS}`,
    );
    this.sortDelete = db.prepare(`DELETE FROM ${t.sort(root)} WHERE rowid = ?`);
    this.docInsertAt = db.prepare(`INSERT INTO ${t.docs(root)} (rowid, id, source) VALUES (?, ?, ?)`);
    this.docMaxRowid = db.prepare(`SELECT coalesce(max(rowid), 0) AS m FROM ${t.docs(root)}`);
    this.sortInsertAt = db.prepare(
      `INSERT INTO ${t.sort(root)} (rowid, presence${cols.map((c) => `, ${c}`).join('')}) SELECT ? + value->>0, value->>1${cols.map((_, i) => `, value->>${i + 2}`).join('')} FROM ${BATCH_ROWS}`,
    );
    for (const scope of allScopes(root)) for (const child of scope.nested.values()) this.parentOf.set(child, scope);
  }

  private prepareScope(scope: Scope): ScopeStatements {
    const many = (table: string, cols: string[]) =>
      this.db.prepare(
        `INSERT OR IGNORE INTO ${table} (${cols.join(', ')}) SELECT ${cols.map((_, i) => `value->>${i}`).join(', ')} FROM ${BATCH_ROWS}`,
      );
    const s: ScopeStatements = {
      numInsert: many(t.num(scope), ['f', 'v', 'd']),
      ftsInsert: {},
      numDelete: this.db.prepare(`DELETE FROM ${t.num(scope)} WHERE f = ? AND v = ? AND d = ?`),
      ftsDelete: {},
      numAt: this.db.prepare(
        `INSERT OR IGNORE INTO ${t.num(scope)} (f, v, d) SELECT value->>0, value->>1, ? + value->>2 FROM ${BATCH_ROWS}`,
      ),
      ftsAt: {},
    };
    if (scope.hasKeywords) {
      s.kwInsert = this.db.prepare(`INSERT INTO ${t.kw(scope)} (rowid, tokens) SELECT value->>0, value->>1 FROM ${BATCH_ROWS}`);
      s.kwDeleteByRowid = keywordTableDeletesByRowid(this.db, t.kw(scope));
      s.kwDelete = s.kwDeleteByRowid
        ? this.db.prepare(`DELETE FROM ${t.kw(scope)} WHERE rowid = ?`)
        : this.db.prepare(`INSERT INTO ${t.kw(scope)} (${t.kw(scope)}, rowid, tokens) VALUES ('delete', ?, ?)`);
      s.kwAt = this.db.prepare(`INSERT INTO ${t.kw(scope)} (rowid, tokens) SELECT ? + value->>0, value->>1 FROM ${BATCH_ROWS}`);
    }
    for (const table of ['stem', 'name'] as const) {
      const columns = scope.textColumns[table];
      if (columns.length === 0) continue;
      s.ftsInsert[table] = this.db.prepare(
        `INSERT INTO ${t.fts(scope, table)} (rowid, ${columns.join(', ')}) SELECT value->>0${columns.map((_, i) => `, value->>${i + 1}`).join('')} FROM ${BATCH_ROWS}`,
      );
      s.ftsDelete[table] = this.db.prepare(`DELETE FROM ${t.fts(scope, table)} WHERE rowid = ?`);
      s.ftsAt[table] = this.db.prepare(
        `INSERT INTO ${t.fts(scope, table)} (rowid, ${columns.join(', ')}) SELECT ? + value->>0${columns.map((_, i) => `, value->>${i + 1}`).join('')} FROM ${BATCH_ROWS}`,
      );
    }
    if (scope !== this.root) {
      s.rowsInsert = this.db.prepare(
        `INSERT INTO ${t.rows(scope)} (rowid, parent, presence) SELECT value->>0, value->>1, value->>2 FROM ${BATCH_ROWS}`,
      );
      s.rowsByParent = this.db.prepare(`SELECT rowid FROM ${t.rows(scope)} WHERE parent = ? ORDER BY rowid`);
      s.rowsDelete = this.db.prepare(`DELETE FROM ${t.rows(scope)} WHERE parent = ?`);
      s.maxRowid = this.db.prepare(`SELECT coalesce(max(rowid), 0) AS m FROM ${t.rows(scope)}`);
      s.rowsAt = this.db.prepare(
        `INSERT INTO ${t.rows(scope)} (rowid, parent, presence) SELECT ? + value->>0, ? + value->>1, value->>2 FROM ${BATCH_ROWS}`,
      );
    }
    return s;
  }

  /**
   * Runs `fn` in a transaction of the index's connection. The load's id directory keeps what the
   * transaction changed only if it commits. Outside a bulk load it first makes sure the id index
   * exists (a load that was stopped and never resumed leaves it dropped).
   */
  transaction<T>(fn: () => T): T {
    // A nested call would be a savepoint, whose commit or rollback the directory cannot tell
    // from the outer transaction's.
    if (this.db.inTransaction) throw new Error('IndexWriter.transaction cannot be nested');
    if (!this.directory && !this.idIndexChecked) {
      if (idIndexDroppable(this.db, this.root)) ensureIdIndex(this.db, this.root);
      this.idIndexChecked = true;
    }
    let result: T;
    try {
      result = this.db.transaction(fn)();
    } catch (err) {
      this.directory?.rollback();
      throw err;
    }
    this.directory?.commit();
    // Past its bound the directory costs more memory than the index costs time: the index is
    // built now (the load's ids are unique, so it cannot fail) and answers from here on.
    if (this.directory && this.directory.size > this.directoryMax) this.buildIdIndex();
    return result;
  }

  /** Builds the id index in place of the directory, its sort spilling to temporary files. */
  private buildIdIndex(): void {
    this.directory = null;
    const was = this.db.pragma('temp_store', { simple: true }) as number;
    this.db.pragma('temp_store = FILE');
    try {
      ensureIdIndex(this.db, this.root);
    } finally {
      this.db.pragma(`temp_store = ${was}`);
    }
    this.idIndexChecked = true;
  }

  /**
   * Writes a prepared batch (prepare.ts) of documents none of which the index holds: each table
   * gets one insert, its row ids offset by the table's next row id. Call inside
   * {@link transaction}. When an id repeats (in the batch, or already in the index) nothing is
   * written: the load's directory answers false, the id index throws SQLITE_CONSTRAINT_UNIQUE; the
   * caller then upserts the batch one document at a time.
   */
  writePrepared(batch: PreparedBatch): boolean {
    const directory = this.directory;
    if (directory) {
      const seen = new Set<string>();
      for (const id of batch.ids) {
        if (seen.has(id) || directory.find(id) !== undefined) return false;
        seen.add(id);
      }
    }
    const base = new Map<Scope, number>();
    const rootBase = (this.docMaxRowid.get() as { m: number }).m + 1;
    base.set(this.root, rootBase);
    batch.ids.forEach((id, i) => {
      this.docInsertAt.run(rootBase + i, id, batch.sources[i]);
      directory?.add(id, rootBase + i);
    });
    if (batch.ids.length) this.sortInsertAt.run(rootBase, batch.sort);
    allScopes(this.root).forEach((scope, i) => {
      const rows = batch.scopes[i]!;
      const s = this.stmts.get(scope)!;
      if (scope !== this.root) base.set(scope, (s.maxRowid!.get() as { m: number }).m + 1);
      const at = base.get(scope)!;
      if (rows.rows) s.rowsAt!.run(at, base.get(this.parentOf.get(scope)!)!, rows.rows);
      if (rows.kw) s.kwAt!.run(at, rows.kw);
      if (rows.num) (this.loading?.get(scope)?.insertAt ?? s.numAt).run(at, rows.num);
      for (const table of ['stem', 'name'] as const) if (rows[table]) s.ftsAt[table]!.run(at, rows[table]);
    });
    for (const p of batch.multi) this.multiValued.add(p);
    if (batch.idDiverges) this.multiValued.add(ID_DIVERGES);
    return true;
  }

  /**
   * A bulk load begins: prepared batches put number postings in a heap per scope (created if
   * absent, kept by a resumed load), moved into the postings table by {@link finishLoad}.
   */
  beginLoad(): void {
    this.directory = null;
    if (idIndexDroppable(this.db, this.root)) {
      // The id index is built again, in key order, when the load ends. A resumed load lists the
      // documents the interrupted one wrote, unless they are more than the directory holds: then
      // the index stays (or is built again, if the interrupted load had dropped it).
      const count = this.db
        .prepare(`SELECT count(*) FROM ${t.docs(this.root)}`)
        .pluck()
        .get() as number;
      if (count > this.directoryMax) this.buildIdIndex();
      else {
        dropIdIndex(this.db, this.root);
        this.idIndexChecked = false;
        const directory = new IdDirectory((rowid) => this.docIdAt.get(rowid) as string | undefined);
        for (const [rowid, id] of this.db
          .prepare(`SELECT rowid, id FROM ${t.docs(this.root)}`)
          .raw()
          .iterate() as Iterable<[number, string]>)
          directory.add(id, rowid);
        directory.commit();
        this.directory = directory;
      }
    }
    this.loading = new Map();
    for (const scope of allScopes(this.root)) {
      const heap = t.numLoad(scope);
      this.db.exec(`CREATE TABLE IF NOT EXISTS ${heap} (f INTEGER NOT NULL, v NUMERIC NOT NULL, d INTEGER NOT NULL)`);
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${heap}_d ON ${heap} (d)`);
      this.loading.set(scope, {
        insertAt: this.db.prepare(`INSERT INTO ${heap} (f, v, d) SELECT value->>0, value->>1, ? + value->>2 FROM ${BATCH_ROWS}`),
        remove: this.db.prepare(`DELETE FROM ${heap} WHERE f = ? AND v = ? AND d = ?`),
      });
    }
  }

  /** The bulk load ends: each heap's postings go into the postings table in key order (appends only). */
  finishLoad(): void {
    // The id index first: should its build fail, the load's state is still whole.
    if (idIndexDroppable(this.db, this.root)) ensureIdIndex(this.db, this.root);
    this.idIndexChecked = true;
    this.directory = null;
    this.loading = null;
    for (const scope of allScopes(this.root)) {
      const heap = t.numLoad(scope);
      if (!this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(heap)) continue;
      this.db.transaction(() => {
        this.db.exec(`INSERT OR IGNORE INTO ${t.num(scope)} (f, v, d) SELECT f, v, d FROM ${heap} ORDER BY f, v, d`);
        this.db.exec(`DROP TABLE ${heap}`);
      })();
    }
  }

  /** Starts a batch; call inside the transaction that will also call {@link flushBatch}. */
  beginBatch(): void {
    this.touched.clear();
    this.sortRows = [];
    for (const scope of allScopes(this.root)) {
      this.buffers.set(scope, { kw: [], num: [], fts: { stem: [], name: [] }, rows: [] });
      const s = this.stmts.get(scope)!;
      if (s.maxRowid) this.nextChild.set(scope, (s.maxRowid.get() as { m: number }).m + 1);
    }
  }

  /** Writes every buffered row. */
  flushBatch(): void {
    for (const [scope, b] of this.buffers) {
      const s = this.stmts.get(scope)!;
      if (b.rows.length) s.rowsInsert!.run(JSON.stringify(pairs(b.rows, 3)));
      if (b.kw.length) s.kwInsert!.run(JSON.stringify(b.kw));
      if (b.num.length) s.numInsert.run(JSON.stringify(pairs(b.num, 3)));
      for (const table of ['stem', 'name'] as const) if (b.fts[table].length) s.ftsInsert[table]!.run(JSON.stringify(b.fts[table]));
      b.rows = [];
      b.kw = [];
      b.num = [];
      b.fts = { stem: [], name: [] };
    }
    if (this.sortRows.length) this.sortInsert.run(JSON.stringify(this.sortRows));
    this.sortRows = [];
    this.touched.clear();
  }

  /**
   * Inserts or replaces a document. `fresh` (loads into an index that started empty) tries a
   * plain insert first and falls back to a full replace only when the id repeats.
   */
  upsert(id: string, given: Record<string, unknown>, fresh = false): void {
    if (this.touched.has(id)) this.flushBatch();
    this.touched.add(id);
    const json = JSON.stringify(given);
    const source = encodeSource(this.root, json);
    // Indexed as stored: a delete recomputes the keyword tokens and number postings from the
    // stored source, so they must come from the document as it reads back. A value JSON cannot
    // hold (NaN, a Date) would otherwise index as one thing and be stored as another.
    const doc = JSON.parse(json) as Record<string, unknown>;
    let rowid: number | null = null;
    if (this.directory) {
      const old = this.lookup(id);
      if (old) {
        this.removeEntries(this.root, old.rowid, decodeSource(this.root, old.source));
        this.docReplace.run(source, old.rowid);
        rowid = old.rowid;
      } else {
        rowid = (this.docInsert.get(id, source) as { rowid: number }).rowid;
        this.directory.add(id, rowid);
      }
    } else if (fresh) {
      try {
        rowid = (this.docInsert.get(id, source) as { rowid: number }).rowid;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
      }
    }
    if (rowid === null) {
      const old = this.lookup(id);
      if (old) this.removeEntries(this.root, old.rowid, decodeSource(this.root, old.source));
      this.docUpsert ??= this.db.prepare(
        `INSERT INTO ${t.docs(this.root)} (id, source) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET source = excluded.source RETURNING rowid`,
      );
      rowid = (this.docUpsert.get(id, source) as { rowid: number }).rowid;
    }
    const entries = extractEntries(this.root, doc, true);
    this.buffer(this.root, rowid, entries);
    for (const p of entries.multi) this.multiValued.add(p);
    if (doc.id !== id) this.multiValued.add(ID_DIVERGES);
    // Fields known to hold several values are never read from the value row.
    this.sortRows.push([
      rowid,
      entries.presence,
      ...this.sortPaths.map((p) => (this.multiValued.has(p) ? null : (entries.sort.get(p) ?? null))),
    ]);
  }

  /** Deletes a document; returns false when it did not exist. */
  delete(id: string): boolean {
    if (this.touched.has(id)) this.flushBatch();
    this.touched.add(id);
    const old = this.lookup(id);
    if (!old) return false;
    this.removeEntries(this.root, old.rowid, decodeSource(this.root, old.source));
    this.docDelete.run(old.rowid);
    this.directory?.remove(id, old.rowid);
    this.sortDelete.run(old.rowid);
    return true;
  }

  /** The stored document with this id: found in the load's directory during a bulk load, by the id index otherwise. */
  private lookup(id: string): { rowid: number; source: string | Uint8Array } | undefined {
    if (!this.directory) return this.docLookup.get(id) as { rowid: number; source: string | Uint8Array } | undefined;
    const at = this.directory.find(id);
    return at === undefined ? undefined : (this.docAt.get(at) as { rowid: number; source: string | Uint8Array });
  }

  private buffer(scope: Scope, rowid: number, e: Entries): void {
    const b = this.buffers.get(scope)!;
    if (e.kw.length > 0) b.kw.push([rowid, e.kw.join(' ')]);
    for (const [f, v] of e.num) b.num.push(f, v, rowid);
    for (const table of ['stem', 'name'] as const) {
      const columns = scope.textColumns[table];
      if (columns.length === 0 || e.text[table].size === 0) continue;
      b.fts[table].push([rowid, ...columns.map((c) => e.text[table].get(c) ?? null)]);
    }
    for (const [child, objects] of e.nested) {
      const cb = this.buffers.get(child)!;
      for (const object of objects) {
        const childRowid = this.nextChild.get(child)!;
        this.nextChild.set(child, childRowid + 1);
        const childEntries = extractEntries(child, object, false);
        cb.rows.push(childRowid, rowid, childEntries.presence);
        this.buffer(child, childRowid, childEntries);
      }
    }
  }

  private removeEntries(scope: Scope, rowid: number, doc: Record<string, unknown>): void {
    const s = this.stmts.get(scope)!;
    const e = extractEntries(scope, doc, false);
    if (e.kw.length > 0) {
      if (s.kwDeleteByRowid) s.kwDelete!.run(rowid);
      else s.kwDelete!.run(rowid, e.kw.join(' '));
    }
    const heap = this.loading?.get(scope)?.remove;
    for (const [f, v] of e.num) {
      s.numDelete.run(f, v, rowid);
      heap?.run(f, v, rowid);
    }
    for (const table of ['stem', 'name'] as const) if (e.text[table].size > 0) s.ftsDelete[table]!.run(rowid);
    for (const child of scope.nested.values()) {
      const cs = this.stmts.get(child)!;
      const childRows = (cs.rowsByParent!.all(rowid) as { rowid: number }[]).map((r) => r.rowid);
      const objects = e.nested.get(child) ?? [];
      childRows.forEach((childRowid, i) => {
        const object = objects[i];
        if (object) this.removeEntries(child, childRowid, object);
      });
      cs.rowsDelete!.run(rowid);
    }
  }
}

/**
 * Documents a bulk load's id directory lists at most (about 50 bytes each): past that the load
 * builds the id index and goes on with it.
 */
export const DIRECTORY_MAX = 4_000_000;

/** Regroups a flat list into tuples of `width` for jsonb_each. */
function pairs(flat: (number | string)[], width: number): (number | string)[][] {
  const out: (number | string)[][] = [];
  for (let i = 0; i < flat.length; i += width) out.push(flat.slice(i, i + width));
  return out;
}
