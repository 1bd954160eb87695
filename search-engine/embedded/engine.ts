import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SearchEngine } from '../port.js';

/** File name of the embedded index inside `DATA_DIR`. */
export const EMBEDDED_INDEX_FILE = 'search.sqlite';

/** The embedded engine: SQLite FTS5 in its own file beside the transactional store. */
export class EmbeddedEngine implements SearchEngine {
  readonly kind = 'embedded' as const;
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, EMBEDDED_INDEX_FILE));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
