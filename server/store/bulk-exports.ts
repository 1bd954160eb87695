import type { Db } from './database.js';

export interface BulkExportRecord {
  exportId: string;
  ownerUserId: string;
  actingUserId: string;
  rowCount: number;
  bytes: number;
  createdAt: number;
  expiresAt: number;
}

/** Bulk CSV exports (table `bulk_exports`, migration 11); the files are DATA_DIR/exports/<id>.csv. */
export class BulkExportStore {
  constructor(private readonly db: Db) {}

  insert(r: BulkExportRecord): void {
    this.db
      .prepare(
        'INSERT INTO bulk_exports (export_id, owner_user_id, acting_user_id, row_count, bytes, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(r.exportId, r.ownerUserId, r.actingUserId, r.rowCount, r.bytes, r.createdAt, r.expiresAt);
  }

  get(exportId: string): BulkExportRecord | null {
    const row = this.db.prepare('SELECT * FROM bulk_exports WHERE export_id = ?').get(exportId) as
      | {
          export_id: string;
          owner_user_id: string;
          acting_user_id: string;
          row_count: number;
          bytes: number;
          created_at: number;
          expires_at: number;
        }
      | undefined;
    return row
      ? {
          exportId: row.export_id,
          ownerUserId: row.owner_user_id,
          actingUserId: row.acting_user_id,
          rowCount: row.row_count,
          bytes: row.bytes,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
        }
      : null;
  }

  /** Removes the records that expired before `now`; returns their ids (their files go too). */
  purgeExpired(now: number): string[] {
    const purge = this.db.transaction(() => {
      const ids = (this.db.prepare('SELECT export_id FROM bulk_exports WHERE expires_at <= ?').all(now) as { export_id: string }[]).map(
        (r) => r.export_id,
      );
      this.db.prepare('DELETE FROM bulk_exports WHERE expires_at <= ?').run(now);
      return ids;
    });
    return purge();
  }
}
