import type Database from 'better-sqlite3';
import { allScopes, type Scope, TEXT_TABLES, type TextTable } from './catalog.js';
import { type Entries, extractEntries } from './extract.js';
import { DIRECTORY_MAX, IdLocator } from './id-locator.js';
import type { PreparedBatch } from './prepare.js';
import { decodeSource, encodeSource } from './source-codec.js';
import { ID_DIVERGES, t } from './tables.js';
import {
  createLoadHeap,
  type DocStatements,
  type LoadHeap,
  mergeLoadHeap,
  prepareDocStatements,
  prepareScopeStatements,
  type ScopeStatements,
} from './writer-statements.js';

type Stmt = Database.Statement;

/** Rows waiting to be written for one scope. */
interface ScopeBuffer {
  /** Keyword FTS5 rows: [rowid, tokens]. */
  kw: unknown[][];
  num: number[];
  fts: Record<TextTable, unknown[][]>;
  /** Nested scopes: [child rowid, parent rowid]. */
  rows: number[];
}

/**
 * Writes documents of one index. Between {@link beginBatch} and {@link flushBatch} (inside the
 * caller's transaction) new postings are buffered and written with one `INSERT ... SELECT FROM
 * jsonb_each(jsonb(?))` per table (writer-statements.ts, BATCH_ROWS), which keeps the per-document cost to a
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
  private readonly doc: DocStatements;
  private readonly ids: IdLocator;
  private readonly parentOf = new Map<Scope, Scope>();
  /** During a bulk load: per scope, the heap insert and delete of number postings. */
  private loading: Map<Scope, LoadHeap> | null = null;

  /**
   * @param multiValued the index's fields seen with several values in one document (loaded from
   *   its metadata); the writer adds to it, searches read it.
   */
  constructor(
    private readonly db: Database.Database,
    private readonly root: Scope,
    readonly multiValued: Set<string>,
    /** Documents the load's directory lists at most; past that the id index is built and used. */
    directoryMax = DIRECTORY_MAX,
  ) {
    for (const scope of allScopes(root)) this.stmts.set(scope, prepareScopeStatements(db, root, scope));
    this.doc = prepareDocStatements(db, root);
    this.ids = new IdLocator(db, root, directoryMax);
    for (const scope of allScopes(root)) for (const child of scope.nested.values()) this.parentOf.set(child, scope);
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
    this.ids.beforeTransaction();
    let result: T;
    try {
      result = this.db.transaction(fn)();
    } catch (err) {
      this.ids.rolledBack();
      throw err;
    }
    this.ids.committed();
    return result;
  }

  /**
   * Writes a prepared batch (prepare.ts) of documents none of which the index holds: each table
   * gets one insert, its row ids offset by the table's next row id. Call inside
   * {@link transaction}. When an id repeats (in the batch, or already in the index) nothing is
   * written: the load's directory answers false, the id index throws SQLITE_CONSTRAINT_UNIQUE; the
   * caller then upserts the batch one document at a time.
   */
  writePrepared(batch: PreparedBatch): boolean {
    const directory = this.ids.directory;
    if (directory) {
      const seen = new Set<string>();
      for (const id of batch.ids) {
        if (seen.has(id) || directory.find(id) !== undefined) return false;
        seen.add(id);
      }
    }
    const base = new Map<Scope, number>();
    const rootBase = (this.doc.maxRowid.get() as { m: number }).m + 1;
    base.set(this.root, rootBase);
    batch.ids.forEach((id, i) => {
      this.doc.insertAt.run(rootBase + i, id, batch.sources[i]);
      directory?.add(id, rootBase + i);
    });
    if (batch.ids.length) this.doc.sortInsertAt.run(rootBase, batch.sort);
    allScopes(this.root).forEach((scope, i) => {
      const rows = batch.scopes[i]!;
      const s = this.stmts.get(scope)!;
      if (scope !== this.root) base.set(scope, (s.maxRowid!.get() as { m: number }).m + 1);
      const at = base.get(scope)!;
      if (rows.rows) s.rowsAt!.run(at, base.get(this.parentOf.get(scope)!)!, rows.rows);
      if (rows.kw) s.kwAt!.run(at, rows.kw);
      if (rows.num) (this.loading?.get(scope)?.insertAt ?? s.numAt).run(at, rows.num);
      for (const table of TEXT_TABLES) if (rows[table]) s.ftsAt[table]!.run(at, rows[table]);
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
    this.ids.beginLoad();
    this.loading = new Map();
    for (const scope of allScopes(this.root)) this.loading.set(scope, createLoadHeap(this.db, scope));
  }

  /** The bulk load ends: each heap's postings go into the postings table in key order (appends only). */
  finishLoad(): void {
    // The id index first: should its build fail, the load's state is still whole.
    this.ids.finishLoad();
    this.loading = null;
    for (const scope of allScopes(this.root)) mergeLoadHeap(this.db, scope);
  }

  /** Starts a batch; call inside the transaction that will also call {@link flushBatch}. */
  beginBatch(): void {
    this.touched.clear();
    this.sortRows = [];
    for (const scope of allScopes(this.root)) {
      this.buffers.set(scope, { kw: [], num: [], fts: { stem: [], name: [], title: [] }, rows: [] });
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
      for (const table of TEXT_TABLES) if (b.fts[table].length) s.ftsInsert[table]!.run(JSON.stringify(b.fts[table]));
      b.rows = [];
      b.kw = [];
      b.num = [];
      b.fts = { stem: [], name: [], title: [] };
    }
    if (this.sortRows.length) this.doc.sortInsert.run(JSON.stringify(this.sortRows));
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
    const directory = this.ids.directory;
    if (directory) {
      const old = this.ids.lookup(id);
      if (old) {
        this.removeEntries(this.root, old.rowid, decodeSource(this.root, old.source));
        this.doc.replace.run(source, old.rowid);
        rowid = old.rowid;
      } else {
        rowid = (this.doc.insert.get(id, source) as { rowid: number }).rowid;
        directory.add(id, rowid);
      }
    } else if (fresh) {
      try {
        rowid = (this.doc.insert.get(id, source) as { rowid: number }).rowid;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
      }
    }
    if (rowid === null) {
      const old = this.ids.lookup(id);
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
      ...this.doc.sortPaths.map((p) => (this.multiValued.has(p) ? null : (entries.sort.get(p) ?? null))),
    ]);
  }

  /** Deletes a document; returns false when it did not exist. */
  delete(id: string): boolean {
    if (this.touched.has(id)) this.flushBatch();
    this.touched.add(id);
    const old = this.ids.lookup(id);
    if (!old) return false;
    this.removeEntries(this.root, old.rowid, decodeSource(this.root, old.source));
    this.doc.delete.run(old.rowid);
    this.ids.directory?.remove(id, old.rowid);
    this.doc.sortDelete.run(old.rowid);
    return true;
  }

  private buffer(scope: Scope, rowid: number, e: Entries): void {
    const b = this.buffers.get(scope)!;
    if (e.kw.length > 0) b.kw.push([rowid, e.kw.join(' ')]);
    for (const [f, v] of e.num) b.num.push(f, v, rowid);
    for (const table of TEXT_TABLES) {
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
    for (const table of TEXT_TABLES) if (e.text[table].size > 0) s.ftsDelete[table]!.run(rowid);
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

/** Regroups a flat list into tuples of `width` for jsonb_each. */
function pairs(flat: (number | string)[], width: number): (number | string)[][] {
  const out: (number | string)[][] = [];
  for (let i = 0; i < flat.length; i += width) out.push(flat.slice(i, i + width));
  return out;
}
