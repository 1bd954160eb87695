import crypto from 'node:crypto';
import { type Db, prepared } from '../store/database.js';
import type { Channel, Status } from './channels.js';
import {
  type Artifact,
  type CommEvent,
  type Communication,
  type EventInput,
  type NewCommunication,
  PATCH_COLUMNS,
  type Patch,
  type Row,
  toCommunication,
} from './record.js';

/**
 * Repository of communications, their event logs, artifacts and webhook deliveries. Every change
 * of status appends its event in the same transaction, and (when the communication has a
 * webhook) queues that event's delivery in it too, so the log, the record and the webhook queue
 * never disagree. `onEvent` hears each event after its transaction commits.
 */
export class CommunicationStore {
  onEvent: (communicationId: string, event: CommEvent) => void = () => {};

  constructor(private readonly db: Db) {}

  /**
   * Inserts a communication with its first events. `guard` runs first, in the same transaction,
   * so a check it makes (no other invite on its way) cannot be raced by a concurrent insert.
   */
  insert(input: NewCommunication, events: EventInput[], now: number, guard?: () => void): Communication {
    const id = crypto.randomUUID();
    const emitted: CommEvent[] = [];
    this.db.transaction(() => {
      guard?.();
      prepared(
        this.db,
        `INSERT INTO communications (communication_id, owner_user_id, acting_user_id, channel, target_user_id, recipient_email, mode,
           status, subject, body, created_at, updated_at, connector_user_id, target_json, context_json, idempotency_key, request_hash,
           provider, next_attempt_at, completed_at, result_json, warnings_json, substitution_json, webhook_url, webhook_secret)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        input.ownerUserId,
        input.actingUserId,
        input.channel,
        input.targetUserId,
        input.recipientEmail,
        input.mode,
        input.status,
        input.subject,
        input.body,
        now,
        now,
        input.connectorUserId,
        JSON.stringify(input.target),
        input.context ? JSON.stringify(input.context) : null,
        input.idempotencyKey,
        input.requestHash,
        input.provider,
        input.status === 'queued' ? now : null,
        input.completedAt,
        JSON.stringify(input.result),
        JSON.stringify(input.warnings),
        input.substitution ? JSON.stringify(input.substitution) : null,
        input.webhookUrl,
        input.webhookSecret,
      );
      for (const e of events) emitted.push(this.append(id, e, now));
    })();
    for (const e of emitted) this.onEvent(id, e);
    return this.get(id)!;
  }

  get(id: string): Communication | null {
    const row = prepared(this.db, 'SELECT * FROM communications WHERE communication_id = ?').get(id) as Row | undefined;
    return row ? toCommunication(row) : null;
  }

  byIdempotencyKey(ownerUserId: string, actingUserId: string, key: string): Communication | null {
    const row = prepared(
      this.db,
      'SELECT * FROM communications WHERE owner_user_id = ? AND acting_user_id = ? AND idempotency_key = ?',
    ).get(ownerUserId, actingUserId, key) as Row | undefined;
    return row ? toCommunication(row) : null;
  }

  /**
   * Applies `patch` when the communication is in one of `from` (and, with `leaseOwner`, still
   * leased by that dispatcher), and appends `events`; all in one transaction. Returns the updated
   * record, or null when the condition did not hold (someone else moved it first).
   */
  transition(
    id: string,
    cond: { from: readonly Status[]; leaseOwner?: string | null; leaseExpiredBefore?: number },
    patch: Patch,
    events: EventInput[],
    now: number,
    inside?: () => void,
  ): Communication | null {
    const emitted: CommEvent[] = [];
    const ok = this.db.transaction(() => {
      const sets = ['updated_at = ?'];
      const values: unknown[] = [now];
      for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof Patch, string][]) {
        if (!(key in patch)) continue;
        const v = patch[key];
        sets.push(`${column} = ?`);
        values.push(key === 'result' || key === 'warnings' ? JSON.stringify(v) : v);
      }
      const where = [`communication_id = ?`, `status IN (SELECT value FROM json_each(?))`];
      values.push(id, JSON.stringify(cond.from));
      if (cond.leaseOwner !== undefined) {
        where.push('lease_owner IS ?');
        values.push(cond.leaseOwner);
      }
      if (cond.leaseExpiredBefore !== undefined) {
        where.push('lease_until < ?');
        values.push(cond.leaseExpiredBefore);
      }
      const changed = prepared(this.db, `UPDATE communications SET ${sets.join(', ')} WHERE ${where.join(' AND ')}`).run(...values).changes;
      if (changed === 0) return false;
      inside?.();
      for (const e of events) emitted.push(this.append(id, e, now));
      return true;
    })();
    for (const e of emitted) this.onEvent(id, e);
    return ok ? this.get(id) : null;
  }

  /** Replaces the result object (inside a transition's transaction). */
  setResult(id: string, result: Record<string, unknown>): void {
    prepared(this.db, 'UPDATE communications SET result_json = ? WHERE communication_id = ?').run(JSON.stringify(result), id);
  }

  /** Appends one event without a status change (artifacts, later outcomes of a referral). */
  addEvent(id: string, event: EventInput, now: number): CommEvent {
    const e = this.db.transaction(() => this.append(id, event, now))();
    this.onEvent(id, e);
    return e;
  }

  /** Inside a transaction: the next sequence, the event row, and its webhook delivery. */
  private append(id: string, event: EventInput, now: number): CommEvent {
    const row = prepared(
      this.db,
      'UPDATE communications SET last_sequence = last_sequence + 1, updated_at = ? WHERE communication_id = ? RETURNING last_sequence, status, webhook_url, owner_user_id',
    ).get(now, id) as { last_sequence: number; status: Status; webhook_url: string | null; owner_user_id: string };
    const e: CommEvent = { sequence: row.last_sequence, type: event.type, status: row.status, data: event.data ?? {}, createdAt: now };
    prepared(
      this.db,
      'INSERT INTO communication_events (communication_id, sequence, type, status, data_json, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(id, e.sequence, e.type, e.status, JSON.stringify(e.data), now);
    if (row.webhook_url)
      prepared(
        this.db,
        `INSERT INTO webhook_deliveries (communication_id, sequence, owner_user_id, state, attempts, next_attempt_at, created_at, updated_at)
         VALUES (?, ?, ?, 'pending', 0, ?, ?, ?)`,
      ).run(id, e.sequence, row.owner_user_id, now, now, now);
    return e;
  }

  events(id: string, afterSequence: number, limit: number): CommEvent[] {
    const rows = prepared(
      this.db,
      'SELECT * FROM communication_events WHERE communication_id = ? AND sequence > ? ORDER BY sequence LIMIT ?',
    ).all(id, afterSequence, limit) as { sequence: number; type: string; status: Status; data_json: string; created_at: number }[];
    return rows.map((r) => ({
      sequence: r.sequence,
      type: r.type,
      status: r.status,
      data: JSON.parse(r.data_json) as Record<string, unknown>,
      createdAt: r.created_at,
    }));
  }

  /** The newest `limit` events, oldest first. */
  recentEvents(id: string, limit: number): CommEvent[] {
    const c = this.get(id);
    if (!c) return [];
    return this.events(id, Math.max(0, c.lastSequence - limit), limit);
  }

  /**
   * Claims up to `limit` communications ready to dispatch for `owner` (a dispatcher instance):
   * queued ones whose time has come, and in-progress ones whose lease ran out (their dispatcher
   * died mid-dispatch). Each claim is a conditional update, so two dispatchers never hold one.
   */
  claimDue(
    owner: string,
    leaseMs: number,
    now: number,
    limit: number,
    exclude: ReadonlySet<string> = new Set(),
  ): { communication: Communication; resumed: boolean }[] {
    const candidates = prepared(
      this.db,
      `SELECT communication_id, status, lease_owner FROM communications
        WHERE (status = 'queued' AND next_attempt_at <= ?) OR (status = 'in_progress' AND lease_until < ?)
        ORDER BY next_attempt_at LIMIT ?`,
    ).all(now, now, limit + exclude.size) as { communication_id: string; status: Status; lease_owner: string | null }[];
    const out: { communication: Communication; resumed: boolean }[] = [];
    for (const c of candidates) {
      if (exclude.has(c.communication_id) || out.length >= limit) continue;
      const resumed = c.status === 'in_progress';
      // A resumed claim holds only if the lease is still the expired one it saw: two claimers
      // (or a stalled holder) never both get it.
      const claimed = this.transition(
        c.communication_id,
        resumed ? { from: ['in_progress'], leaseOwner: c.lease_owner, leaseExpiredBefore: now } : { from: ['queued'] },
        { status: 'in_progress', leaseOwner: owner, leaseUntil: now + leaseMs },
        resumed ? [{ type: 'dispatch_resumed', data: { reason: 'the previous dispatcher stopped before recording an outcome' } }] : [],
        now,
      );
      if (claimed) out.push({ communication: claimed, resumed });
    }
    return out;
  }

  renewLease(id: string, owner: string, until: number): void {
    prepared(
      this.db,
      `UPDATE communications SET lease_until = ? WHERE communication_id = ? AND lease_owner = ? AND status = 'in_progress'`,
    ).run(until, id, owner);
  }

  /** When the next queued communication is due (for the dispatcher's timer), or null. */
  nextDueAt(): number | null {
    const row = prepared(
      this.db,
      `SELECT min(t) AS t FROM (
         SELECT min(next_attempt_at) AS t FROM communications WHERE status = 'queued'
         UNION ALL SELECT min(lease_until) FROM communications WHERE status = 'in_progress')`,
    ).get() as { t: number | null };
    return row.t;
  }

  /** Live dispatches of `channel` by `ownerUserId` since `since` (the daily cap). */
  dispatchedSince(ownerUserId: string, channel: Channel, since: number): number {
    return prepared(
      this.db,
      `SELECT count(*) FROM communications WHERE owner_user_id = ? AND channel = ? AND dispatched_at >= ? AND mode = 'send'`,
    )
      .pluck()
      .get(ownerUserId, channel, since) as number;
  }

  addArtifact(id: string, a: Artifact): void {
    prepared(
      this.db,
      `INSERT OR REPLACE INTO communication_artifacts (communication_id, filename, content_type, bytes, kind, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(id, a.filename, a.contentType, a.bytes, a.kind, a.createdAt);
  }

  artifacts(id: string): Artifact[] {
    const rows = prepared(this.db, 'SELECT * FROM communication_artifacts WHERE communication_id = ? ORDER BY created_at, filename').all(
      id,
    ) as {
      filename: string;
      content_type: string;
      bytes: number;
      kind: string;
      created_at: number;
    }[];
    return rows.map((r) => ({ filename: r.filename, contentType: r.content_type, bytes: r.bytes, kind: r.kind, createdAt: r.created_at }));
  }

  artifact(id: string, filename: string): Artifact | null {
    return this.artifacts(id).find((a) => a.filename === filename) ?? null;
  }

  /** An account's communications, newest first, optionally of one status and channel; with the total. */
  listForOwner(
    ownerUserId: string,
    filter: { status: string | null; channel: string | null; targetUserId: string | null },
    limit: number,
    offset: number,
  ): { total: number; items: Communication[] } {
    const where = `owner_user_id = ? AND (? IS NULL OR status = ?) AND (? IS NULL OR channel = ?) AND (? IS NULL OR target_user_id = ?)`;
    const args = [ownerUserId, filter.status, filter.status, filter.channel, filter.channel, filter.targetUserId, filter.targetUserId];
    const total = prepared(this.db, `SELECT count(*) FROM communications WHERE ${where}`)
      .pluck()
      .get(...args) as number;
    const rows = prepared(
      this.db,
      `SELECT * FROM communications WHERE ${where} ORDER BY created_at DESC, communication_id LIMIT ? OFFSET ?`,
    ).all(...args, limit, offset) as Row[];
    return { total, items: rows.map(toCommunication) };
  }

  /** Communications of an acting user with a target, newest first (history). */
  /** A send on `channel` from `actingUserId` to `targetUserId` still on its way (queued or in progress), if any. */
  activeSendTo(actingUserId: string, targetUserId: string, channel: Channel): { id: string; idempotencyKey: string | null } | null {
    const r = prepared(
      this.db,
      `SELECT communication_id, idempotency_key FROM communications
         WHERE acting_user_id = ? AND target_user_id = ? AND channel = ? AND mode = 'send' AND status IN ('queued', 'in_progress') LIMIT 1`,
    ).get(actingUserId, targetUserId, channel) as { communication_id: string; idempotency_key: string | null } | undefined;
    return r ? { id: r.communication_id, idempotencyKey: r.idempotency_key } : null;
  }

  /**
   * The live sends (mode `send`, neither failed nor cancelled: queued, going out or delivered) of
   * an account's acting user to each of `targetUserIds`, oldest first, with their context.
   */
  liveSendsTo(
    ownerUserId: string,
    actingUserId: string,
    targetUserIds: readonly string[],
  ): Map<string, { id: string; context: Record<string, unknown> | null }[]> {
    const out = new Map<string, { id: string; context: Record<string, unknown> | null }[]>();
    for (let i = 0; i < targetUserIds.length; i += 500) {
      const slice = targetUserIds.slice(i, i + 500);
      const rows = prepared(
        this.db,
        `SELECT communication_id, target_user_id, context_json FROM communications
           WHERE owner_user_id = ? AND acting_user_id = ? AND mode = 'send' AND status NOT IN ('failed', 'cancelled')
             AND target_user_id IN (SELECT value FROM json_each(?))
           ORDER BY created_at, communication_id`,
      ).all(ownerUserId, actingUserId, JSON.stringify(slice)) as {
        communication_id: string;
        target_user_id: string;
        context_json: string | null;
      }[];
      for (const r of rows) {
        const list = out.get(r.target_user_id) ?? [];
        list.push({ id: r.communication_id, context: r.context_json ? (JSON.parse(r.context_json) as Record<string, unknown>) : null });
        out.set(r.target_user_id, list);
      }
    }
    return out;
  }

  /** The acting user's communications to an email address (any case), newest first. */
  toAddress(actingUserId: string, address: string): Communication[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM communications WHERE acting_user_id = ? AND lower(recipient_email) = ? ORDER BY created_at DESC, communication_id`,
    ).all(actingUserId, address.toLowerCase()) as Row[];
    return rows.map(toCommunication);
  }

  withTarget(actingUserId: string, targetUserId: string): Communication[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM communications WHERE acting_user_id = ? AND target_user_id = ? ORDER BY created_at DESC, communication_id`,
    ).all(actingUserId, targetUserId) as Row[];
    return rows.map(toCommunication);
  }
}
