import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Folder of `DATA_DIR` holding one lease file per process that reserves credits. */
const LEASE_DIR = 'hold-leases';

/**
 * A dead holder's lease file is deleted only once it is this old, so a file just created by a
 * starting process, not yet locked, is never taken for a dead one.
 */
const STALE_FILE_MS = 60_000;

const LEASE_SUFFIX = '.lock';

const leaseFile = (dataDir: string, holder: string): string => path.join(dataDir, LEASE_DIR, `${holder}${LEASE_SUFFIX}`);

/**
 * Proof that a process holding pending credit holds is alive: an exclusive SQLite lock on a file
 * of its own. The operating system drops the lock when the process ends, however it ends
 * (`kill -9` included), so another process sharing the store can tell the holds of a call still
 * running (leave them) from those of a call that can never complete (release them). SQLite's
 * locks are the ones the store itself relies on, so this works wherever the store does.
 */
export class HoldLease {
  private constructor(
    /** The id written on this process's pending holds. */
    readonly holder: string,
    private readonly dataDir: string,
    private readonly lock: Database.Database,
  ) {}

  /** Creates and locks a new lease in `dataDir`. */
  static acquire(dataDir: string): HoldLease {
    const holder = crypto.randomUUID();
    fs.mkdirSync(path.join(dataDir, LEASE_DIR), { recursive: true });
    const lock = new Database(leaseFile(dataDir, holder));
    // Nothing is ever written: no journal file beside the lease.
    lock.pragma('journal_mode = MEMORY');
    // Held until the connection closes or the process dies.
    lock.exec('BEGIN EXCLUSIVE');
    return new HoldLease(holder, dataDir, lock);
  }

  /** Whether the process behind `holder` still holds its lease (a holder without a file has none). */
  static isLive(dataDir: string, holder: string): boolean {
    const file = leaseFile(dataDir, holder);
    // No file: the holder never had a lease, or gave it up.
    if (!fs.existsSync(file)) return false;
    let probe: Database.Database;
    try {
      probe = new Database(file, { fileMustExist: true, timeout: 0 });
    } catch (err) {
      // Removed since (its holder is gone). Any other failure is no verdict: let it surface.
      if ((err as { code?: string }).code === 'SQLITE_CANTOPEN') return false;
      throw err;
    }
    try {
      probe.exec('BEGIN IMMEDIATE');
      probe.exec('ROLLBACK');
      return false;
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
      throw err;
    } finally {
      probe.close();
    }
  }

  /** Deletes the lease files of processes that are gone (they hold no pending holds any more). */
  static removeDead(dataDir: string): void {
    const dir = path.join(dataDir, LEASE_DIR);
    const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    for (const name of names.filter((n) => n.endsWith(LEASE_SUFFIX))) {
      const file = path.join(dir, name);
      const holder = name.slice(0, -LEASE_SUFFIX.length);
      // File times are wall-clock times, whatever clock the services were given.
      if (Date.now() - fs.statSync(file).mtimeMs < STALE_FILE_MS || HoldLease.isLive(dataDir, holder)) continue;
      fs.rmSync(file, { force: true });
    }
  }

  /** Gives the lease up (at shutdown): from now on this holder's pending holds count as abandoned. */
  close(): void {
    this.lock.close();
    fs.rmSync(leaseFile(this.dataDir, this.holder), { force: true });
  }
}
