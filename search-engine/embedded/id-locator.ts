import type Database from 'better-sqlite3';
import type { Scope } from './catalog.js';
import { IdDirectory } from './id-directory.js';
import { dropIdIndex, ensureIdIndex, idIndexDroppable, t } from './tables.js';

type Stmt = Database.Statement;

/** A stored document as a lookup by id finds it. */
export interface StoredDoc {
  rowid: number;
  source: string | Uint8Array;
}

/**
 * Documents a bulk load's id directory lists at most (about 50 bytes each): past that the load
 * builds the id index and goes on with it.
 */
export const DIRECTORY_MAX = 4_000_000;

/**
 * Where the writer finds a document by its id: the id index, or during a bulk load of tables
 * whose id index can be dropped, the load's in-memory directory (id-directory.ts) until it
 * outgrows its bound. It drops, checks and builds the id index as the load begins and ends.
 */
export class IdLocator {
  /**
   * During a bulk load of tables whose id index can be dropped: where each document is, in place
   * of that index (id-directory.ts). Null otherwise, and once it outgrows {@link directoryMax}.
   */
  private loadDirectory: IdDirectory | null = null;
  /** Whether the id index is known to exist outside a bulk load (checked once). */
  private idIndexChecked = false;
  private readonly docLookup: Stmt;
  private readonly docAt: Stmt;
  private readonly docIdAt: Stmt;

  constructor(
    private readonly db: Database.Database,
    private readonly root: Scope,
    /** Documents the load's directory lists at most; past that the id index is built and used. */
    private readonly directoryMax = DIRECTORY_MAX,
  ) {
    this.docLookup = db.prepare(`SELECT rowid, source FROM ${t.docs(root)} WHERE id = ?`);
    this.docAt = db.prepare(`SELECT rowid, source FROM ${t.docs(root)} WHERE rowid = ?`);
    this.docIdAt = db.prepare(`SELECT id FROM ${t.docs(root)} WHERE rowid = ?`).pluck();
  }

  /** The load's directory, when documents are found there rather than by the id index. */
  get directory(): IdDirectory | null {
    return this.loadDirectory;
  }

  /**
   * Before a transaction outside a bulk load: makes sure the id index exists (a load that was
   * stopped and never resumed leaves it dropped).
   */
  beforeTransaction(): void {
    if (!this.loadDirectory && !this.idIndexChecked) {
      if (idIndexDroppable(this.db, this.root)) ensureIdIndex(this.db, this.root);
      this.idIndexChecked = true;
    }
  }

  /** The transaction failed: the directory forgets what it changed. */
  rolledBack(): void {
    this.loadDirectory?.rollback();
  }

  /** The transaction committed: the directory keeps what it changed. */
  committed(): void {
    this.loadDirectory?.commit();
    // Past its bound the directory costs more memory than the index costs time: the index is
    // built now (the load's ids are unique, so it cannot fail) and answers from here on.
    if (this.loadDirectory && this.loadDirectory.size > this.directoryMax) this.buildIdIndex();
  }

  /** Builds the id index in place of the directory, its sort spilling to temporary files. */
  private buildIdIndex(): void {
    this.loadDirectory = null;
    const was = this.db.pragma('temp_store', { simple: true }) as number;
    this.db.pragma('temp_store = FILE');
    try {
      ensureIdIndex(this.db, this.root);
    } finally {
      this.db.pragma(`temp_store = ${was}`);
    }
    this.idIndexChecked = true;
  }

  /** A bulk load begins: the id index gives way to the load's directory when it can. */
  beginLoad(): void {
    this.loadDirectory = null;
    if (idIndexDroppable(this.db, this.root)) {
      // The id index is built again, in key order, when the load ends. A resumed load lists the
      // documents the interrupted one wrote, unless they are more than the directory holds: then
      // the index stays (or is built again, if the interrupted load had dropped it).
      const count = this.db
        .prepare(`SELECT count(*) FROM ${t.docs(this.root)}`)
        .pluck()
        .get() as number;
      if (count > this.directoryMax) this.buildIdIndex();
      else {
        dropIdIndex(this.db, this.root);
        this.idIndexChecked = false;
        const directory = new IdDirectory((rowid) => this.docIdAt.get(rowid) as string | undefined);
        for (const [rowid, id] of this.db
          .prepare(`SELECT rowid, id FROM ${t.docs(this.root)}`)
          .raw()
          .iterate() as Iterable<[number, string]>)
          directory.add(id, rowid);
        directory.commit();
        this.loadDirectory = directory;
      }
    }
  }

  /** The bulk load ends: the id index is built, and answers from here on. */
  finishLoad(): void {
    if (idIndexDroppable(this.db, this.root)) ensureIdIndex(this.db, this.root);
    this.idIndexChecked = true;
    this.loadDirectory = null;
  }

  /** The stored document with this id: found in the load's directory during a bulk load, by the id index otherwise. */
  lookup(id: string): StoredDoc | undefined {
    if (!this.loadDirectory) return this.docLookup.get(id) as StoredDoc | undefined;
    const at = this.loadDirectory.find(id);
    return at === undefined ? undefined : (this.docAt.get(at) as StoredDoc);
  }
}
