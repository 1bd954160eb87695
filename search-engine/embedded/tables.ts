import type Database from 'better-sqlite3';
import { allScopes, FTS_TOKENIZER, type Scope, type TextTable } from './catalog.js';

/** Version of the table layout; indices built by another layout must be rebuilt. */
export const LAYOUT_VERSION = 2;

/** Table names of one scope. */
export const t = {
  docs: (s: Scope) => `${s.prefix}_docs`,
  rows: (s: Scope) => `${s.prefix}_rows`,
  kw: (s: Scope) => `${s.prefix}_kw`,
  num: (s: Scope) => `${s.prefix}_num`,
  fts: (s: Scope, table: TextTable) => `${s.prefix}_fts_${table}`,
  sort: (s: Scope) => `${s.prefix}_sort`,
  /** Documents per keyword value, for choosing which clause drives a conjunction. */
  df: (s: Scope) => `${s.prefix}_df`,
};

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
      db.exec(`CREATE TABLE ${t.docs(scope)} (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, source TEXT NOT NULL)`);
      const cols = sortableFields(root).map((p) => `${sortColumn(p)}`);
      db.exec(
        `CREATE TABLE ${t.sort(scope)} (rowid INTEGER PRIMARY KEY, presence INTEGER NOT NULL DEFAULT 0${cols.map((c) => `, ${c}`).join('')})`,
      );
    } else {
      db.exec(`CREATE TABLE ${t.rows(scope)} (rowid INTEGER PRIMARY KEY, parent INTEGER NOT NULL, presence INTEGER NOT NULL DEFAULT 0)`);
      db.exec(`CREATE INDEX ${t.rows(scope)}_parent ON ${t.rows(scope)} (parent)`);
    }
    db.exec(`CREATE TABLE ${t.kw(scope)} (f INTEGER NOT NULL, v TEXT NOT NULL, d INTEGER NOT NULL, PRIMARY KEY (f, v, d)) WITHOUT ROWID`);
    db.exec(`CREATE TABLE ${t.df(scope)} (f INTEGER NOT NULL, v TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (f, v)) WITHOUT ROWID`);
    db.exec(
      `CREATE TABLE ${t.num(scope)} (f INTEGER NOT NULL, v NUMERIC NOT NULL, d INTEGER NOT NULL, PRIMARY KEY (f, v, d)) WITHOUT ROWID`,
    );
    for (const table of ['stem', 'name'] as const) {
      const columns = scope.textColumns[table];
      if (columns.length === 0) continue;
      db.exec(
        `CREATE VIRTUAL TABLE ${t.fts(scope, table)} USING fts5(${columns.join(', ')}, content='', contentless_delete=1, tokenize='${FTS_TOKENIZER[table]}')`,
      );
    }
  }
}

/** Drops every table of an index. */
export function dropTables(db: Database.Database, root: Scope): void {
  for (const scope of allScopes(root)) {
    const names = scope === root ? [t.docs(scope), t.sort(scope)] : [t.rows(scope)];
    names.push(t.kw(scope), t.df(scope), t.num(scope));
    for (const table of ['stem', 'name'] as const) if (scope.textColumns[table].length > 0) names.push(t.fts(scope, table));
    for (const n of names) db.exec(`DROP TABLE IF EXISTS ${n}`);
  }
}

/** Recounts documents per keyword value (one pass over the postings, in key order). */
export function rebuildDocumentFrequencies(db: Database.Database, root: Scope): void {
  for (const scope of allScopes(root)) {
    db.exec(`DELETE FROM ${t.df(scope)}`);
    db.exec(`INSERT INTO ${t.df(scope)} (f, v, n) SELECT f, v, count(*) FROM ${t.kw(scope)} GROUP BY f, v`);
  }
}

/** Adds the document-frequency tables to an index created before they existed (left empty). */
export function ensureFrequencyTables(db: Database.Database, root: Scope): void {
  for (const scope of allScopes(root)) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${t.df(scope)} (f INTEGER NOT NULL, v TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (f, v)) WITHOUT ROWID`,
    );
  }
}
