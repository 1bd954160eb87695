/**
 * One load at a time in a data directory. A second `proxima index` started while one runs (an
 * overlapping cron job) would take the first run's checkpoint for an abandoned one and drop the
 * index it is writing, even one it has just swapped live. The lock is an exclusive SQLite lock on
 * a file of the checkpoint folder, as the credit hold leases are (server/billing/hold-lease.ts):
 * the operating system drops it when the process ends, however it ends, so a killed load never
 * leaves a stale lock behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** A load is already running in this data directory. */
export class LoadInProgress extends Error {}

/** Locks `checkpointDir` for one load; `release` when the load ends. */
export function acquireLoadLock(checkpointDir: string): { release(): void } {
  fs.mkdirSync(checkpointDir, { recursive: true });
  const lock = new Database(path.join(checkpointDir, 'load.lock'), { timeout: 0 });
  try {
    // Nothing is ever written: no journal file beside the lock.
    lock.pragma('journal_mode = MEMORY');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    lock.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY')
      throw new LoadInProgress(
        `another load is running in this data directory (${checkpointDir}); wait for it to end, or stop it and run this one with --resume if it was this one`,
      );
    throw err;
  }
  return { release: () => lock.close() };
}
