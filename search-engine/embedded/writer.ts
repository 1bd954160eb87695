import type Database from 'better-sqlite3';
import { allScopes, type Scope, type TextTable } from './catalog.js';
import { type Entries, extractEntries } from './extract.js';
import { sortableFields, sortColumn, t } from './tables.js';

type Stmt = Database.Statement;

/** Prepared statements of one scope. */
interface ScopeStatements {
  kwInsert: Stmt;
  kwDelete: Stmt;
  numInsert: Stmt;
  numDelete: Stmt;
  hasInsert: Stmt;
  hasDelete: Stmt;
  fts: Partial<Record<TextTable, { insert: Stmt; delete: Stmt; columns: string[] }>>;
  rowsInsert?: Stmt;
  rowsByParent?: Stmt;
  rowsDelete?: Stmt;
}

/**
 * Writes documents of one index. Every call is synchronous; the caller wraps batches in a
 * transaction. Old postings are removed exactly, recomputed from the stored source, so no
 * reverse index is needed.
 */
export class IndexWriter {
  private readonly stmts = new Map<Scope, ScopeStatements>();
  private readonly docUpsert: Stmt;
  private readonly docInsert: Stmt;
  private readonly docLookup: Stmt;
  private readonly docDelete: Stmt;
  private readonly sortUpsert: Stmt;
  private readonly sortDelete: Stmt;
  private readonly sortPaths: string[];
  /** Sort fields seen with several values in one document (sorting on them is refused). */
  readonly multiValued = new Set<string>();

  constructor(
    private readonly db: Database.Database,
    private readonly root: Scope,
  ) {
    for (const scope of allScopes(root)) this.stmts.set(scope, this.prepareScope(scope));
    this.docUpsert = db.prepare(
      `INSERT INTO ${t.docs(root)} (id, source) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET source = excluded.source RETURNING rowid`,
    );
    this.docInsert = db.prepare(`INSERT INTO ${t.docs(root)} (id, source) VALUES (?, ?) RETURNING rowid`);
    this.docLookup = db.prepare(`SELECT rowid, source FROM ${t.docs(root)} WHERE id = ?`);
    this.docDelete = db.prepare(`DELETE FROM ${t.docs(root)} WHERE rowid = ?`);
    this.sortPaths = sortableFields(root);
    const cols = this.sortPaths.map(sortColumn);
    this.sortUpsert = db.prepare(
      `INSERT OR REPLACE INTO ${t.sort(root)} (rowid${cols.map((c) => `, ${c}`).join('')}) VALUES (?${cols.map(() => ', ?').join('')})`,
    );
    this.sortDelete = db.prepare(`DELETE FROM ${t.sort(root)} WHERE rowid = ?`);
  }

  private prepareScope(scope: Scope): ScopeStatements {
    const s: ScopeStatements = {
      kwInsert: this.db.prepare(`INSERT OR IGNORE INTO ${t.kw(scope)} (f, v, d) VALUES (?, ?, ?)`),
      kwDelete: this.db.prepare(`DELETE FROM ${t.kw(scope)} WHERE f = ? AND v = ? AND d = ?`),
      numInsert: this.db.prepare(`INSERT OR IGNORE INTO ${t.num(scope)} (f, v, d) VALUES (?, ?, ?)`),
      numDelete: this.db.prepare(`DELETE FROM ${t.num(scope)} WHERE f = ? AND v = ? AND d = ?`),
      hasInsert: this.db.prepare(`INSERT OR IGNORE INTO ${t.has(scope)} (f, d) VALUES (?, ?)`),
      hasDelete: this.db.prepare(`DELETE FROM ${t.has(scope)} WHERE f = ? AND d = ?`),
      fts: {},
    };
    for (const table of ['stem', 'name'] as const) {
      const columns = scope.textColumns[table];
      if (columns.length === 0) continue;
      s.fts[table] = {
        columns,
        insert: this.db.prepare(
          `INSERT INTO ${t.fts(scope, table)} (rowid, ${columns.join(', ')}) VALUES (?${columns.map(() => ', ?').join('')})`,
        ),
        delete: this.db.prepare(`DELETE FROM ${t.fts(scope, table)} WHERE rowid = ?`),
      };
    }
    if (scope !== this.root) {
      s.rowsInsert = this.db.prepare(`INSERT INTO ${t.rows(scope)} (parent) VALUES (?)`);
      s.rowsByParent = this.db.prepare(`SELECT rowid FROM ${t.rows(scope)} WHERE parent = ? ORDER BY rowid`);
      s.rowsDelete = this.db.prepare(`DELETE FROM ${t.rows(scope)} WHERE parent = ?`);
    }
    return s;
  }

  /**
   * Inserts or replaces a document. `fresh` (loads into an index that started empty) tries a
   * plain insert first and falls back to a full replace only when the id repeats.
   */
  upsert(id: string, doc: Record<string, unknown>, fresh = false): void {
    const source = JSON.stringify(doc);
    let rowid: number | null = null;
    if (fresh) {
      try {
        rowid = (this.docInsert.get(id, source) as { rowid: number }).rowid;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
      }
    }
    if (rowid === null) {
      const old = this.docLookup.get(id) as { rowid: number; source: string } | undefined;
      if (old) this.removeEntries(this.root, old.rowid, JSON.parse(old.source) as Record<string, unknown>);
      rowid = (this.docUpsert.get(id, source) as { rowid: number }).rowid;
    }
    const entries = extractEntries(this.root, doc, true);
    this.writeEntries(this.root, rowid, entries);
    for (const p of entries.multi) this.multiValued.add(p);
    this.sortUpsert.run(rowid, ...this.sortPaths.map((p) => entries.sort.get(p) ?? null));
  }

  /** Deletes a document; returns false when it did not exist. */
  delete(id: string): boolean {
    const old = this.docLookup.get(id) as { rowid: number; source: string } | undefined;
    if (!old) return false;
    this.removeEntries(this.root, old.rowid, JSON.parse(old.source) as Record<string, unknown>);
    this.docDelete.run(old.rowid);
    this.sortDelete.run(old.rowid);
    return true;
  }

  private writeEntries(scope: Scope, rowid: number, e: Entries): void {
    const s = this.stmts.get(scope)!;
    for (const [f, v] of e.kw) s.kwInsert.run(f, v, rowid);
    for (const [f, v] of e.num) s.numInsert.run(f, v, rowid);
    for (const f of e.has) s.hasInsert.run(f, rowid);
    for (const table of ['stem', 'name'] as const) {
      const fts = s.fts[table];
      if (!fts || e.text[table].size === 0) continue;
      fts.insert.run(rowid, ...fts.columns.map((c) => e.text[table].get(c) ?? null));
    }
    for (const [child, objects] of e.nested) {
      const cs = this.stmts.get(child)!;
      for (const object of objects) {
        const childRowid = Number(cs.rowsInsert!.run(rowid).lastInsertRowid);
        this.writeEntries(child, childRowid, extractEntries(child, object, false));
      }
    }
  }

  private removeEntries(scope: Scope, rowid: number, doc: Record<string, unknown>): void {
    const s = this.stmts.get(scope)!;
    const e = extractEntries(scope, doc, false);
    for (const [f, v] of e.kw) s.kwDelete.run(f, v, rowid);
    for (const [f, v] of e.num) s.numDelete.run(f, v, rowid);
    for (const f of e.has) s.hasDelete.run(f, rowid);
    for (const table of ['stem', 'name'] as const) if (e.text[table].size > 0) s.fts[table]!.delete.run(rowid);
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
