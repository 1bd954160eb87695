import { type Db, prepared } from './database.js';
import { USAGE_BUCKET_MS } from './migrations/005-usage-buckets.js';

/** One billed operation. */
export interface LedgerEntry {
  ownerUserId: string;
  keyId: string | null;
  actingUserId: string;
  operation: string;
  quantity: number;
  amountMicro: number;
  requestId: string | null;
  createdAt: number;
  /** The holder of a pending charge (final once committed); absent or null: final at once. */
  pendingHolder?: string | null;
}

export interface UsageBreakdown {
  totalMicro: number;
  count: number;
  byDay: { date: string; amountMicro: number; count: number }[];
  byOperation: { operation: string; amountMicro: number; quantity: number; count: number }[];
}

/** Whose usage a report covers: a whole account's pool, or one key. */
export type UsageSubject = { ownerUserId: string } | { keyId: string };

/** Repository for the usage ledger. */
export class UsageLedger {
  constructor(private readonly db: Db) {}

  insert(entry: LedgerEntry): number {
    const info = prepared(
      this.db,
      `INSERT INTO usage_ledger (owner_user_id, key_id, acting_user_id, operation, quantity, amount_micro, request_id, created_at, pending_holder)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      entry.ownerUserId,
      entry.keyId,
      entry.actingUserId,
      entry.operation,
      entry.quantity,
      entry.amountMicro,
      entry.requestId,
      entry.createdAt,
      entry.pendingHolder ?? null,
    );
    return Number(info.lastInsertRowid);
  }

  setAmount(id: number, quantity: number, amountMicro: number): void {
    prepared(this.db, 'UPDATE usage_ledger SET quantity = ?, amount_micro = ? WHERE id = ?').run(quantity, amountMicro, id);
  }

  delete(id: number): void {
    prepared(this.db, 'DELETE FROM usage_ledger WHERE id = ?').run(id);
  }

  /** Makes a pending charge final. No bucket trigger watches this column: the amount was counted already. */
  finalize(id: number): void {
    prepared(this.db, 'UPDATE usage_ledger SET pending_holder = NULL WHERE id = ?').run(id);
  }

  /** Holders that have pending charges. */
  pendingHolders(): string[] {
    return prepared(this.db, 'SELECT DISTINCT pending_holder FROM usage_ledger WHERE pending_holder IS NOT NULL').pluck().all() as string[];
  }

  /** Deletes every pending charge of `holder` (the delete trigger keeps the buckets); returns how many. */
  deletePending(holder: string): number {
    return prepared(this.db, 'DELETE FROM usage_ledger WHERE pending_holder = ?').run(holder).changes;
  }

  /**
   * Sum and oldest time of an owner's charged usage after `since` (exclusive). Whole hours come
   * from the hourly buckets; only the hour that contains `since` is read row by row.
   */
  window(ownerUserId: string, since: number): { usedMicro: number; oldestAt: number | null } {
    const boundaryEnd = Math.floor(since / USAGE_BUCKET_MS) * USAGE_BUCKET_MS + USAGE_BUCKET_MS;
    const row = prepared(
      this.db,
      `SELECT coalesce(p.used, 0) + coalesce(b.used, 0) AS used, coalesce(p.oldest, b.oldest) AS oldest
       FROM (SELECT sum(amount_micro) AS used, min(created_at) AS oldest FROM usage_ledger
             WHERE owner_user_id = ? AND created_at > ? AND created_at < ? AND amount_micro > 0) AS p,
            (SELECT sum(amount_micro) AS used, min(oldest_at) AS oldest FROM usage_buckets
             WHERE owner_user_id = ? AND bucket_start >= ?) AS b`,
    ).get(ownerUserId, since, boundaryEnd, ownerUserId, boundaryEnd) as { used: number; oldest: number | null };
    return { usedMicro: row.used, oldestAt: row.oldest };
  }

  /** Usage in `[from, to)` broken down per UTC day and per operation. */
  breakdown(subject: UsageSubject, from: number, to: number): UsageBreakdown {
    const [column, id] = 'keyId' in subject ? ['key_id', subject.keyId] : ['owner_user_id', subject.ownerUserId];
    const where = `${column} = ? AND created_at >= ? AND created_at < ?`;
    const byDay = prepared(
      this.db,
      `SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS date, sum(amount_micro) AS amount, count(*) AS n
         FROM usage_ledger WHERE ${where} GROUP BY date ORDER BY date`,
    ).all(id, from, to) as { date: string; amount: number; n: number }[];
    const byOperation = prepared(
      this.db,
      `SELECT operation, sum(amount_micro) AS amount, sum(quantity) AS quantity, count(*) AS n
         FROM usage_ledger WHERE ${where} GROUP BY operation ORDER BY amount DESC, operation`,
    ).all(id, from, to) as { operation: string; amount: number; quantity: number; n: number }[];
    return {
      totalMicro: byDay.reduce((s, d) => s + d.amount, 0),
      count: byDay.reduce((s, d) => s + d.n, 0),
      byDay: byDay.map((d) => ({ date: d.date, amountMicro: d.amount, count: d.n })),
      byOperation: byOperation.map((o) => ({ operation: o.operation, amountMicro: o.amount, quantity: o.quantity, count: o.n })),
    };
  }

  /** Time of the first usage of a subject, for `all_time` reports. */
  firstAt(subject: UsageSubject): number | null {
    const [column, id] = 'keyId' in subject ? ['key_id', subject.keyId] : ['owner_user_id', subject.ownerUserId];
    return (prepared(this.db, `SELECT min(created_at) AS t FROM usage_ledger WHERE ${column} = ?`).get(id) as { t: number | null }).t;
  }
}
