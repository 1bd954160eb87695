import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { fromPackageRoot } from '../../lib/package-root.js';
import { SearchEngineError } from '../errors.js';

/** The compiled budget extension (native/budget.c, built by `npm install`). */
const EXTENSION = fromPackageRoot('search-engine/embedded/native/build', `budget.${process.platform === 'darwin' ? 'dylib' : 'so'}`);

/** Whether the budget extension was built; without it searches run with no time limit inside SQLite. */
export const budgetExtensionAvailable = (): boolean => fs.existsSync(EXTENSION);

/**
 * Time budgets on one connection. With the extension loaded, a statement still running when
 * its budget ends fails with SQLITE_INTERRUPT, raised here as SearchEngineError `timeout`.
 */
export class ConnectionBudget {
  readonly enforced: boolean;
  private readonly set: Database.Statement | null;
  private readonly abort: Database.Statement | null;

  constructor(db: Database.Database) {
    this.enforced = budgetExtensionAvailable();
    if (this.enforced) db.loadExtension(EXTENSION);
    this.set = this.enforced ? db.prepare('SELECT budget_set(?)').pluck() : null;
    this.abort = this.enforced ? db.prepare('SELECT budget_abort_all()').pluck() : null;
  }

  /** Runs `fn` (synchronous SQLite work) within `ms` milliseconds. */
  run<T>(ms: number, fn: () => T): T {
    if (ms <= 0) throw timedOut(0);
    if (!this.set) return fn();
    this.set.get(ms);
    try {
      return fn();
    } catch (err) {
      if ((err as { code?: unknown }).code === 'SQLITE_INTERRUPT') throw timedOut(ms);
      throw err;
    } finally {
      clear(this.set);
    }
  }

  /** Interrupts the running work of every connection in this process (shutdown). */
  abortAll(): void {
    this.abort?.get();
  }
}

/**
 * Clears the deadline. Past the deadline the watchdog interrupts the connection every
 * millisecond until this clears it, so this very statement may be interrupted: try again (an
 * attempt takes microseconds; the next one lands between two interrupts).
 */
function clear(set: Database.Statement): void {
  for (let attempt = 0; ; attempt++) {
    try {
      set.get(0);
      return;
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'SQLITE_INTERRUPT' || attempt >= 1000) throw err;
    }
  }
}

export const timedOut = (ms: number): SearchEngineError =>
  new SearchEngineError(
    'timeout',
    ms > 0 ? `the search ran past its ${ms} ms time budget` : 'the request had no time budget left for this search',
  );
