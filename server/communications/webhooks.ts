import { request } from 'undici';
import type { CommunicationsConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { type Db, prepared } from '../store/database.js';
import { TERMINAL } from './channels.js';
import { signPayload } from './signing.js';
import type { CommunicationStore } from './store.js';
import { webhookDispatcher, webhookFailure } from './webhook-address.js';

/** One attempt to deliver one event, as the record's `webhook.attempts` shows it. */
export interface WebhookAttempt {
  event_sequence: number;
  attempt: number;
  at: string;
  http_status: number | null;
  error: string | null;
  duration_ms: number;
  next_attempt_at: string | null;
}

/** What the record's `webhook` object says of a communication's deliveries. */
export interface WebhookSummary {
  url: string;
  signed: boolean;
  events_total: number;
  delivered: number;
  pending: number;
  failed: number;
  last_attempt_at: string | null;
  attempts: WebhookAttempt[];
}

/** The JSON body POSTed for one event (docs/communications.md, "Webhooks"). */
export function webhookBody(store: CommunicationStore, communicationId: string, sequence: number): string | null {
  const c = store.get(communicationId);
  const event = store.events(communicationId, sequence - 1, 1)[0];
  if (!c || !event || event.sequence !== sequence) return null;
  return JSON.stringify({
    id: `evt_${communicationId}_${sequence}`,
    type: `communication.${event.type}`,
    created_at: new Date(event.createdAt).toISOString(),
    communication_id: communicationId,
    sequence,
    data: {
      event: { sequence, type: event.type, status: event.status, at: new Date(event.createdAt).toISOString(), data: event.data },
      communication: { id: c.id, channel: c.channel, status: c.status, terminal: TERMINAL.has(c.status) },
    },
  });
}

/**
 * Delivers each event of a communication with a webhook: POSTed as JSON, signed with its
 * secret (`Proxima-Signature`, signing.ts), retried with exponential backoff until a 2xx or
 * `webhookMaxAttempts`. Deliveries live in `webhook_deliveries`; a claim moves the due time past
 * the request timeout, so a delivery is attempted by one loop at a time and resumes after a crash.
 */
export class WebhookDeliverer {
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  private running = 0;
  private readonly inflight = new Set<Promise<void>>();
  private readonly busy = new Set<string>();
  /** The last account id {@link dueByAccount} read; the next pass starts after it. */
  private ownerCursor = '';
  /** Deliveries in flight per account ("account:<id>") and per receiver origin ("receiver:<origin>"). */
  private readonly load = new Map<string, number>();

  constructor(
    private readonly deps: { db: Db; store: CommunicationStore; config: CommunicationsConfig; clock: () => number; logger: Logger },
  ) {}

  start(): void {
    this.stopping = false;
    this.arm(0);
  }

  wake(): void {
    if (!this.stopping) this.arm(0);
  }

  async stop(graceMs = 3000): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.race([Promise.all([...this.inflight]), new Promise((r) => setTimeout(r, graceMs).unref())]);
  }

  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick(): void {
    this.timer = null;
    if (this.stopping) return;
    const { config, clock } = this.deps;
    const now = clock();
    const free = config.concurrency - this.running;
    if (free > 0) {
      // The earliest due deliveries (an index range, whatever the backlog), each with its
      // account and receiver. A fair share first: at most `share` in flight for one account and
      // for one receiver, so a receiver that never answers cannot hold every slot while others
      // wait; then slots still free go to any account (a receiver still at most its share), but
      // for one kept for a newcomer.
      const due = this.earliestDue(now);
      const started = this.launchFairly(due, now, free);
      // A full window may be one account's backlog, with others' deliveries due behind it: with
      // slots still free, each account's own earliest are read too.
      if (started < free && due.length === DUE_WINDOW) this.launchFairly(this.dueByAccount(now), now, free - started);
    }
    if (!this.stopping && !this.timer) this.arm(config.pollMs);
  }

  /** The earliest due deliveries of all accounts, at most {@link DUE_WINDOW}. */
  private earliestDue(now: number): DueDelivery[] {
    return prepared(
      this.deps.db,
      `SELECT d.communication_id, d.sequence, d.attempts, d.next_attempt_at, c.owner_user_id AS owner, c.webhook_url AS url
         FROM (SELECT communication_id, sequence, attempts, next_attempt_at FROM webhook_deliveries
                WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, communication_id, sequence LIMIT ?) d
         JOIN communications c ON c.communication_id = d.communication_id
        ORDER BY d.next_attempt_at, d.communication_id, d.sequence`,
    ).all(now, DUE_WINDOW) as DueDelivery[];
  }

  /**
   * The earliest due deliveries of each account with pending ones, a few per account, for up to
   * {@link ACCOUNTS_PER_PASS} accounts taken in turn (a cursor over account ids, so every account
   * comes up in time however many there are). Each account is one seek of the owner index.
   */
  private dueByAccount(now: number): DueDelivery[] {
    const { db, config } = this.deps;
    const owners = (prepared(db, OWNERS_SQL).all(this.ownerCursor, ACCOUNTS_PER_PASS) as { id: string }[]).map((r) => r.id);
    this.ownerCursor = owners.length < ACCOUNTS_PER_PASS ? '' : owners[owners.length - 1]!;
    const perAccount = fairShare(config.concurrency) + 1;
    const rows: DueDelivery[] = [];
    const read = prepared(
      db,
      `SELECT d.communication_id, d.sequence, d.attempts, d.next_attempt_at, c.owner_user_id AS owner, c.webhook_url AS url
         FROM (SELECT communication_id, sequence, attempts, next_attempt_at FROM webhook_deliveries
                INDEXED BY webhook_deliveries_owner_due
                WHERE state = 'pending' AND owner_user_id = ? AND next_attempt_at <= ?
                ORDER BY next_attempt_at LIMIT ?) d
         JOIN communications c ON c.communication_id = d.communication_id`,
    );
    for (const owner of owners) {
      if ((this.load.get(`account:${owner}`) ?? 0) >= perAccount - 1) continue;
      rows.push(...(read.all(owner, now, perAccount) as DueDelivery[]));
    }
    return rows.sort((a, b) => a.next_attempt_at - b.next_attempt_at);
  }

  /**
   * Starts deliveries of `due` in order, at most `free`: a fair pass (at most a share in flight
   * for one account and for one receiver), then a pass for any account (a receiver still at most
   * its share) but one slot kept for a newcomer. One delivery per communication at a time.
   * Returns how many started.
   */
  private launchFairly(due: DueDelivery[], now: number, free: number): number {
    const { config } = this.deps;
    const share = fairShare(config.concurrency);
    let started = 0;
    // Past the fair share, one slot stays free for whoever comes next (unless there is only one).
    const reserve = config.concurrency > 1 ? 1 : 0;
    for (const fair of [true, false]) {
      for (const d of due) {
        if (started >= free || (!fair && this.running >= config.concurrency - reserve)) break;
        const receiver = `receiver:${originOf(d.url)}`;
        const account = `account:${d.owner}`;
        if (this.busy.has(d.communication_id)) continue;
        // A receiver never holds more than its share: one that never answers leaves the other slots
        // to other receivers, the same account's included. An account may take more while free.
        if ((this.load.get(receiver) ?? 0) >= share || (fair && (this.load.get(account) ?? 0) >= share)) continue;
        if (this.launch(d, now, [receiver, account])) started++;
      }
    }
    return started;
  }

  /** Claims a due delivery and starts it; false when another loop claimed it first. */
  private launch(
    d: { communication_id: string; sequence: number; attempts: number; next_attempt_at: number },
    now: number,
    keys: string[],
  ): boolean {
    const { db, config } = this.deps;
    const claimed = prepared(
      db,
      `UPDATE webhook_deliveries SET next_attempt_at = ? WHERE communication_id = ? AND sequence = ? AND state = 'pending' AND next_attempt_at = ?`,
    ).run(now + 2 * config.webhookTimeoutMs + 1000, d.communication_id, d.sequence, d.next_attempt_at).changes;
    if (!claimed) return false;
    this.busy.add(d.communication_id);
    this.running++;
    for (const k of keys) this.load.set(k, (this.load.get(k) ?? 0) + 1);
    const p = this.deliver(d.communication_id, d.sequence, d.attempts + 1)
      .catch((err) => this.deps.logger.error({ err }, 'webhook delivery crashed'))
      .finally(() => {
        this.running--;
        this.busy.delete(d.communication_id);
        for (const k of keys) {
          const left = (this.load.get(k) ?? 1) - 1;
          if (left > 0) this.load.set(k, left);
          else this.load.delete(k);
        }
        this.inflight.delete(p);
        this.wake();
      });
    this.inflight.add(p);
    return true;
  }

  private async deliver(communicationId: string, sequence: number, attempt: number): Promise<void> {
    const { db, store, config, clock } = this.deps;
    const c = store.get(communicationId);
    const body = webhookBody(store, communicationId, sequence);
    if (!c?.webhookUrl || body === null) {
      prepared(db, `UPDATE webhook_deliveries SET state = 'failed', updated_at = ? WHERE communication_id = ? AND sequence = ?`).run(
        clock(),
        communicationId,
        sequence,
      );
      return;
    }
    const started = clock();
    const t0 = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    let permanent = false;
    try {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': 'Proxima-Webhooks/1',
        'proxima-event-id': `evt_${communicationId}_${sequence}`,
        'proxima-delivery-attempt': String(attempt),
      };
      if (c.webhookSecret) headers['proxima-signature'] = signPayload(c.webhookSecret, body, started);
      const res = await request(c.webhookUrl, {
        method: 'POST',
        body,
        headers,
        // The whole attempt (connect, headers, body) has WEBHOOK_TIMEOUT_MS.
        signal: AbortSignal.timeout(config.webhookTimeoutMs),
        headersTimeout: config.webhookTimeoutMs,
        bodyTimeout: config.webhookTimeoutMs,
        dispatcher: webhookDispatcher(config.webhookAddresses),
      });
      status = res.statusCode;
      // The answer read to its end within the attempt's time: a receiver that trickles its body
      // gave no complete answer (undici's dump() would swallow the timeout). Past 64 KiB, the rest
      // is not read.
      let read = 0;
      for await (const chunk of res.body) {
        read += (chunk as Buffer).length;
        if (read > ANSWER_READ_MAX) break;
      }
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (err) {
      // The account reads a general reason; the details (resolved addresses, names) stay here.
      ({ reason: error, permanent } = webhookFailure(err));
      this.deps.logger.info({ err, communication_id: communicationId, sequence, attempt }, 'webhook delivery failed');
    }
    const now = clock();
    const delivered = error === null;
    const giveUp = !delivered && (permanent || attempt >= config.webhookMaxAttempts);
    const next = delivered || giveUp ? null : now + config.webhookRetryBaseMs * 2 ** (attempt - 1);
    const record: WebhookAttempt = {
      event_sequence: sequence,
      attempt,
      at: new Date(started).toISOString(),
      http_status: status,
      error,
      duration_ms: Math.round(performance.now() - t0),
      next_attempt_at: next === null ? null : new Date(next).toISOString(),
    };
    prepared(
      db,
      `UPDATE webhook_deliveries SET state = ?, attempts = ?, next_attempt_at = ?, updated_at = ?,
         attempts_json = json_insert(attempts_json, '$[#]', json(?)) WHERE communication_id = ? AND sequence = ?`,
    ).run(delivered ? 'delivered' : giveUp ? 'failed' : 'pending', attempt, next, now, JSON.stringify(record), communicationId, sequence);
  }

  /** The `webhook` object of a record, or null when the communication has no webhook. */
  summary(communicationId: string, webhookUrl: string | null, signed: boolean, attemptsShown = 20): WebhookSummary | null {
    if (!webhookUrl) return null;
    const rows = prepared(
      this.deps.db,
      'SELECT sequence, state, attempts_json, updated_at FROM webhook_deliveries WHERE communication_id = ? ORDER BY sequence',
    ).all(communicationId) as { sequence: number; state: string; attempts_json: string; updated_at: number }[];
    const attempts = rows
      .flatMap((r) => JSON.parse(r.attempts_json) as WebhookAttempt[])
      .sort((a, b) => a.at.localeCompare(b.at) || a.event_sequence - b.event_sequence);
    return {
      url: redactUrl(webhookUrl),
      signed,
      events_total: rows.length,
      delivered: rows.filter((r) => r.state === 'delivered').length,
      pending: rows.filter((r) => r.state === 'pending').length,
      failed: rows.filter((r) => r.state === 'failed').length,
      last_attempt_at: attempts.at(-1)?.at ?? null,
      attempts: attempts.slice(-attemptsShown),
    };
  }
}

/**
 * Accounts with pending deliveries, in account id order after a cursor, at most a number: a seek
 * of the owner index per account. INDEXED BY: the planner otherwise takes the due index for
 * "state = 'pending'" and reads every pending delivery at each step (2 s at 52,000, against 0.4 ms).
 */
export const OWNERS_SQL = `WITH RECURSIVE o(id, n) AS (
   SELECT (SELECT owner_user_id FROM webhook_deliveries INDEXED BY webhook_deliveries_owner_due
            WHERE state = 'pending' AND owner_user_id > ? ORDER BY owner_user_id LIMIT 1), 1
   UNION ALL
   SELECT (SELECT owner_user_id FROM webhook_deliveries INDEXED BY webhook_deliveries_owner_due
            WHERE state = 'pending' AND owner_user_id > o.id ORDER BY owner_user_id LIMIT 1), n + 1
     FROM o WHERE o.id IS NOT NULL AND n < ?)
 SELECT id FROM o WHERE id IS NOT NULL`;

/** A due delivery with its account and receiver URL. */
interface DueDelivery {
  communication_id: string;
  sequence: number;
  attempts: number;
  next_attempt_at: number;
  owner: string;
  url: string | null;
}

/**
 * How many of the earliest due deliveries one pass looks at: an index range, so a backlog of any
 * size costs the same. When all of them are one backlog, accounts are read one by one as well.
 */
const DUE_WINDOW = 512;

/** How much of a receiver's answer is read; the rest is dropped. */
const ANSWER_READ_MAX = 64 * 1024;

/** Accounts whose own earliest due deliveries one pass reads when the window is one backlog. */
const ACCOUNTS_PER_PASS = 64;

/**
 * How many of the `concurrency` delivery slots one account, or one receiver, may hold at once:
 * half of them (at least one), so that a receiver that never answers leaves the rest to others.
 */
function fairShare(concurrency: number): number {
  return Math.max(1, Math.floor(concurrency / 2));
}

/** The origin a webhook URL delivers to (scheme, host and port), the unit of a receiver's share. */
function originOf(url: string | null): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}

/** A webhook URL without credentials in it (user:password@ or a query string may hold secrets). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username || u.password) {
      u.username = '***';
      u.password = '';
    }
    // The query is shown hidden as a readable "?…": set through URL.search, the ellipsis was
    // percent-encoded ("?%E2%80%A6").
    const hidden = u.search ? '?…' : '';
    const { hash } = u;
    u.search = '';
    u.hash = '';
    return `${u.toString()}${hidden}${hash}`;
  } catch {
    return '(invalid url)';
  }
}
