/**
 * What makes a reconciliation batch the same batch (docs/contacts.md, "Batches"): its rows'
 * fingerprint, kept when it is applied, so a batch sent again is answered as stored and other rows
 * under its index are refused; and row ids unique within a batch, since a row's entity is keyed
 * `batch_index:row_id`.
 */
import crypto from 'node:crypto';
import { AppError, invalidField } from '../errors.js';
import { type Db, prepared } from '../store/database.js';

/** Row ids name a row in the run (`batch_index:row_id`): two rows of a batch under one id would be one. */
export function requireDistinctRowIds(rows: Record<string, unknown>[]): void {
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const id = row.row_id;
    if (typeof id !== 'string') continue;
    if (seen.has(id))
      throw invalidField('body', `/rows/${i}/row_id`, `repeats row_id ${JSON.stringify(id)} of an earlier row; give each row its own id`);
    seen.add(id);
  }
}

/** JSON with object keys in order: the same row sent with its fields in another order is the same row. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The fingerprint of a batch's rows: SHA-256 of their canonical JSON (field order aside). */
export function rowsHash(rows: Record<string, unknown>[]): string {
  return crypto.createHash('sha256').update(canonical(rows)).digest('hex');
}

export const batchReused = (runId: string, index: number, batchId: string): AppError =>
  new AppError(
    409,
    'batch_index_reused',
    `Batch ${index} of run ${runId} was applied with other rows. Send the original rows unchanged to read it again, or send these rows under the next unused batch_index.`,
    { run_id: runId, batch_index: index, batch_id: batchId },
  );

/**
 * Whether these rows are a batch of the run already applied under this index (or one without its
 * fingerprint, from before it was kept): answered as stored, so it is priced at nothing before
 * anything is reserved, and a spent pool does not keep a client from reading it back.
 */
export function appliedAgain(db: Db, runId: string, body: { batch_index?: number; rows: Record<string, unknown>[] }): boolean {
  const stored = prepared(db, `SELECT request_hash FROM contact_batches WHERE run_id = ? AND mode = 'apply' AND batch_index = ?`).get(
    runId,
    body.batch_index ?? 0,
  ) as { request_hash: string | null } | undefined;
  return !!stored && (stored.request_hash === null || stored.request_hash === rowsHash(body.rows));
}
