/**
 * The floor: a minimal hand-written SQLite FTS5 layout of the same profiles, with the same four
 * queries written by hand. What the embedded engine is measured against.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { analyzeTitle } from '../search-engine/embedded/analysis.js';

export const FLOOR_FILE = 'floor.sqlite';

/** Loads profiles into one FTS5 table and one narrow filter table; prints a JSON summary. */
export async function loadFloor(
  profilesFile: string,
  dir: string,
): Promise<{ profiles: number; seconds: number; sizeBytes: number; peakRssBytes: number }> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, FLOOR_FILE);
  fs.rmSync(file, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -262144');
  db.exec(`CREATE TABLE p (rowid INTEGER PRIMARY KEY, id TEXT, name TEXT, country TEXT, function TEXT, seniority TEXT, years REAL);
    CREATE VIRTUAL TABLE f USING fts5(headline, content='', tokenize='porter unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE ft USING fts5(title, content='', tokenize='unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE fs USING fts5(skills, content='', tokenize='unicode61 remove_diacritics 2');`);
  const insP = db.prepare('INSERT INTO p VALUES (?, ?, ?, ?, ?, ?, ?)');
  // Skills are analysed like the mapping's name fields (folded, not stemmed), and titles like
  // its title fields (plurals folded, in JS: analyzeTitle), so the floor computes the same
  // result as the engine.
  const insF = db.prepare('INSERT INTO f (rowid, headline) VALUES (?, ?)');
  const insT = db.prepare('INSERT INTO ft (rowid, title) VALUES (?, ?)');
  const insS = db.prepare('INSERT INTO fs (rowid, skills) VALUES (?, ?)');
  const started = performance.now();
  let n = 0;
  let batch: Record<string, unknown>[] = [];
  const flush = db.transaction((rows: Record<string, unknown>[]) => {
    for (const r of rows) {
      n++;
      const loc = r.location as { country?: string } | null;
      insP.run(
        n,
        r.id,
        r.display_name || null,
        loc?.country?.toLowerCase() ?? null,
        r.function ?? null,
        r.seniority ?? null,
        r.years_experience ?? null,
      );
      insF.run(n, r.headline ?? null);
      if (typeof r.current_title === 'string') insT.run(n, analyzeTitle(r.current_title, 'ascii'));
      insS.run(n, ((r.skills as string[]) ?? []).join('\n'));
    }
  });
  const rl = readline.createInterface({
    input: fs.createReadStream(profilesFile).pipe(zlib.createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of rl) {
    if (!line) continue;
    batch.push(JSON.parse(line) as Record<string, unknown>);
    if (batch.length === 5000) {
      flush(batch);
      batch = [];
    }
  }
  flush(batch);
  db.exec(
    'CREATE INDEX p_country ON p (country); CREATE INDEX p_function ON p (function); CREATE INDEX p_seniority ON p (seniority); CREATE INDEX p_name ON p (name); ANALYZE;',
  );
  db.exec("INSERT INTO f (f) VALUES ('optimize'); INSERT INTO ft (ft) VALUES ('optimize'); INSERT INTO fs (fs) VALUES ('optimize')");
  const seconds = (performance.now() - started) / 1000;
  db.close();
  const size = ['', '-wal'].reduce((s, x) => s + (fs.existsSync(file + x) ? fs.statSync(file + x).size : 0), 0);
  return { profiles: n, seconds, sizeBytes: size, peakRssBytes: process.resourceUsage().maxRSS * 1024 };
}

/** The floor's version of each benchmark query: total and the first page of ids. */
export class FloorQueries {
  private readonly db: Database.Database;
  constructor(dir: string) {
    this.db = new Database(path.join(dir, FLOOR_FILE), { readonly: true });
    this.db.pragma('cache_size = -262144');
  }
  private run(pageSql: string, countSql: string, params: unknown[]): { total: number; ids: string[] } {
    const ids = (this.db.prepare(pageSql).all(...params) as { id: string }[]).map((r) => r.id);
    const total = (this.db.prepare(countSql).get(...params) as { n: number }).n;
    return { total, ids };
  }
  selectiveText(term: string, country: string) {
    const hits =
      'SELECT rowid AS d, bm25(f) AS s FROM f WHERE f MATCH ? UNION ALL SELECT rowid, bm25(ft) FROM ft WHERE ft MATCH ? UNION ALL SELECT rowid, bm25(fs) FROM fs WHERE fs MATCH ?';
    const title = `"${analyzeTitle(term, 'ascii')}"`;
    return this.run(
      `SELECT p.id FROM (SELECT d, min(s) AS s FROM (${hits}) GROUP BY d) h JOIN p ON p.rowid = h.d WHERE p.country = ? ORDER BY h.s LIMIT 10`,
      `SELECT count(*) AS n FROM (SELECT DISTINCT d FROM (${hits})) h JOIN p ON p.rowid = h.d WHERE p.country = ?`,
      [`"${term}"`, title, `"${term}"`, country],
    );
  }
  broadText(term: string) {
    const hits = 'SELECT rowid AS d, bm25(f) AS s FROM f WHERE f MATCH ? UNION ALL SELECT rowid, bm25(ft) FROM ft WHERE ft MATCH ?';
    return this.run(
      `SELECT p.id FROM (SELECT d, sum(s) AS s FROM (${hits}) GROUP BY d) h JOIN p ON p.rowid = h.d ORDER BY h.s LIMIT 10`,
      `SELECT count(*) AS n FROM (SELECT DISTINCT d FROM (${hits}))`,
      [`"${term}"`, `"${analyzeTitle(term, 'ascii')}"`],
    );
  }
  filtersOnly(fn: string, seniority: string, country: string) {
    return this.run(
      'SELECT id FROM p WHERE function = ? AND seniority = ? AND country = ? ORDER BY rowid LIMIT 10',
      'SELECT count(*) AS n FROM p WHERE function = ? AND seniority = ? AND country = ?',
      [fn, seniority, country],
    );
  }
  sortedByName(country: string) {
    return this.run(
      'SELECT id FROM p WHERE country = ? ORDER BY name IS NULL, name, id LIMIT 10',
      'SELECT count(*) AS n FROM p WHERE country = ?',
      [country],
    );
  }
  close(): void {
    this.db.close();
  }
}
