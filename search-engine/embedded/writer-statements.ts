import type Database from 'better-sqlite3';
import { type Scope, TEXT_TABLES, type TextTable } from './catalog.js';
import { keywordTableDeletesByRowid, sortableFields, sortColumn, t } from './tables.js';

type Stmt = Database.Statement;

/**
 * The rows of a batch, one JSON array each, read as JSONB: `value->>i` on a text array parses the
 * row again for each column (a 38-column sort row cost 27 µs, 14 µs as JSONB).
 */
const BATCH_ROWS = 'jsonb_each(jsonb(?))';

/** Statements of one scope: batched inserts, and the per-row deletes that replacement needs. */
export interface ScopeStatements {
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

/** Statements on the root scope's documents and sort rows. */
export interface DocStatements {
  insert: Stmt;
  replace: Stmt;
  delete: Stmt;
  sortInsert: Stmt;
  sortDelete: Stmt;
  /** The sortable fields, in the order of the sort table's columns. */
  sortPaths: string[];
  /** Prepared batches: a document at a chosen row id, and sort rows offset by a bound base. */
  insertAt: Stmt;
  maxRowid: Stmt;
  sortInsertAt: Stmt;
}

/** During a bulk load: a scope's heap of number postings (its insert and delete). */
export interface LoadHeap {
  insertAt: Stmt;
  remove: Stmt;
}

/** Prepares the statements of the root scope's documents and sort rows. */
export function prepareDocStatements(db: Database.Database, root: Scope): DocStatements {
  const sortPaths = sortableFields(root);
  const cols = sortPaths.map(sortColumn);
  return {
    insert: db.prepare(`INSERT INTO ${t.docs(root)} (id, source) VALUES (?, ?) RETURNING rowid`),
    replace: db.prepare(`UPDATE ${t.docs(root)} SET source = ? WHERE rowid = ?`),
    delete: db.prepare(`DELETE FROM ${t.docs(root)} WHERE rowid = ?`),
    sortInsert: db.prepare(
      `INSERT OR REPLACE INTO ${t.sort(root)} (rowid, presence${cols.map((c) => `, ${c}`).join('')}) SELECT value->>0, value->>1${cols.map((_, i) => `, value->>${i + 2}`).join('')} FROM ${BATCH_ROWS}`,
    ),
    sortDelete: db.prepare(`DELETE FROM ${t.sort(root)} WHERE rowid = ?`),
    sortPaths,
    insertAt: db.prepare(`INSERT INTO ${t.docs(root)} (rowid, id, source) VALUES (?, ?, ?)`),
    maxRowid: db.prepare(`SELECT coalesce(max(rowid), 0) AS m FROM ${t.docs(root)}`),
    sortInsertAt: db.prepare(
      `INSERT INTO ${t.sort(root)} (rowid, presence${cols.map((c) => `, ${c}`).join('')}) SELECT ? + value->>0, value->>1${cols.map((_, i) => `, value->>${i + 2}`).join('')} FROM ${BATCH_ROWS}`,
    ),
  };
}

/** Prepares the statements of one scope of the index whose root is `root`. */
export function prepareScopeStatements(db: Database.Database, root: Scope, scope: Scope): ScopeStatements {
  const many = (table: string, cols: string[]) =>
    db.prepare(
      `INSERT OR IGNORE INTO ${table} (${cols.join(', ')}) SELECT ${cols.map((_, i) => `value->>${i}`).join(', ')} FROM ${BATCH_ROWS}`,
    );
  const s: ScopeStatements = {
    numInsert: many(t.num(scope), ['f', 'v', 'd']),
    ftsInsert: {},
    numDelete: db.prepare(`DELETE FROM ${t.num(scope)} WHERE f = ? AND v = ? AND d = ?`),
    ftsDelete: {},
    numAt: db.prepare(`INSERT OR IGNORE INTO ${t.num(scope)} (f, v, d) SELECT value->>0, value->>1, ? + value->>2 FROM ${BATCH_ROWS}`),
    ftsAt: {},
  };
  if (scope.hasKeywords) {
    s.kwInsert = db.prepare(`INSERT INTO ${t.kw(scope)} (rowid, tokens) SELECT value->>0, value->>1 FROM ${BATCH_ROWS}`);
    s.kwDeleteByRowid = keywordTableDeletesByRowid(db, t.kw(scope));
    s.kwDelete = s.kwDeleteByRowid
      ? db.prepare(`DELETE FROM ${t.kw(scope)} WHERE rowid = ?`)
      : db.prepare(`INSERT INTO ${t.kw(scope)} (${t.kw(scope)}, rowid, tokens) VALUES ('delete', ?, ?)`);
    s.kwAt = db.prepare(`INSERT INTO ${t.kw(scope)} (rowid, tokens) SELECT ? + value->>0, value->>1 FROM ${BATCH_ROWS}`);
  }
  for (const table of TEXT_TABLES) {
    const columns = scope.textColumns[table];
    if (columns.length === 0) continue;
    s.ftsInsert[table] = db.prepare(
      `INSERT INTO ${t.fts(scope, table)} (rowid, ${columns.join(', ')}) SELECT value->>0${columns.map((_, i) => `, value->>${i + 1}`).join('')} FROM ${BATCH_ROWS}`,
    );
    s.ftsDelete[table] = db.prepare(`DELETE FROM ${t.fts(scope, table)} WHERE rowid = ?`);
    s.ftsAt[table] = db.prepare(
      `INSERT INTO ${t.fts(scope, table)} (rowid, ${columns.join(', ')}) SELECT ? + value->>0${columns.map((_, i) => `, value->>${i + 1}`).join('')} FROM ${BATCH_ROWS}`,
    );
  }
  if (scope !== root) {
    s.rowsInsert = db.prepare(
      `INSERT INTO ${t.rows(scope)} (rowid, parent, presence) SELECT value->>0, value->>1, value->>2 FROM ${BATCH_ROWS}`,
    );
    s.rowsByParent = db.prepare(`SELECT rowid FROM ${t.rows(scope)} WHERE parent = ? ORDER BY rowid`);
    s.rowsDelete = db.prepare(`DELETE FROM ${t.rows(scope)} WHERE parent = ?`);
    s.maxRowid = db.prepare(`SELECT coalesce(max(rowid), 0) AS m FROM ${t.rows(scope)}`);
    s.rowsAt = db.prepare(
      `INSERT INTO ${t.rows(scope)} (rowid, parent, presence) SELECT ? + value->>0, ? + value->>1, value->>2 FROM ${BATCH_ROWS}`,
    );
  }
  return s;
}

/** Creates a scope's heap of number postings for a bulk load (kept if it exists: a resumed load). */
export function createLoadHeap(db: Database.Database, scope: Scope): LoadHeap {
  const heap = t.numLoad(scope);
  db.exec(`CREATE TABLE IF NOT EXISTS ${heap} (f INTEGER NOT NULL, v NUMERIC NOT NULL, d INTEGER NOT NULL)`);
  db.exec(`CREATE INDEX IF NOT EXISTS ${heap}_d ON ${heap} (d)`);
  return {
    insertAt: db.prepare(`INSERT INTO ${heap} (f, v, d) SELECT value->>0, value->>1, ? + value->>2 FROM ${BATCH_ROWS}`),
    remove: db.prepare(`DELETE FROM ${heap} WHERE f = ? AND v = ? AND d = ?`),
  };
}

/** Moves a scope's heap of number postings into its postings table in key order (appends only), and drops it. */
export function mergeLoadHeap(db: Database.Database, scope: Scope): void {
  const heap = t.numLoad(scope);
  if (!db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(heap)) return;
  db.transaction(() => {
    db.exec(`INSERT OR IGNORE INTO ${t.num(scope)} (f, v, d) SELECT f, v, d FROM ${heap} ORDER BY f, v, d`);
    db.exec(`DROP TABLE ${heap}`);
  })();
}
