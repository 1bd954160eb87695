import Database from 'better-sqlite3';
import { SearchEngineError } from '../errors.js';

/**
 * Runs `fn` (synchronous SQLite work), raising SQLite's own errors as SearchEngineError
 * `engine_error` with the SqliteError as its cause, so callers map failures by class and code.
 * SQLITE_INTERRUPT passes through unchanged: it is how a time budget stops a statement
 * (budget.ts turns it into `timeout`).
 */
export function translateSqliteErrors<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Database.SqliteError && err.code !== 'SQLITE_INTERRUPT') {
      throw new SearchEngineError('engine_error', `the embedded engine failed: ${err.message}`, err);
    }
    throw err;
  }
}
