import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { request } from 'undici';
import { signPayload } from '../communications/signing.js';
import { webhookDispatcher, webhookFailure } from '../communications/webhook-address.js';
import { type Config, mailDomain } from '../config.js';
import type { Logger } from '../logger.js';
import { type Db, prepared } from '../store/database.js';
import type { UserStore } from '../store/users.js';
import { type Signal, toSignal, type Watcher, webhookPayload } from './model.js';

/**
 * Delivers watchers' signals that go out of the service: one email digest and one signed agent
 * webhook per watcher and run (docs/signals.md, "Signals and deliveries"), retried with backoff
 * from `signal_deliveries`.
 */
export class SignalDeliverer {
  private transport: Transporter | null = null;
  private stopping = false;
  private readonly deliveriesInFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      clock: () => number;
      logger: Logger;
      users: UserStore;
      watcher: (id: string) => Watcher | null;
    },
  ) {}

  /** In-flight deliveries get a short grace; an unfinished one is claimed again after a restart. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.race([this.settled(), new Promise((r) => setTimeout(r, 3000).unref())]);
    this.transport?.close();
    this.transport = null;
  }

  /**
   * Starts the due deliveries (at most 8 at a time) without waiting for them: a slow receiver
   * never holds up evaluation or another watcher. Each is claimed first (its due time moves past
   * the attempt's timeout), so one delivery is attempted by one process at a time.
   */
  deliverDue(): void {
    const { db, clock, config } = this.deps;
    const free = 8 - this.deliveriesInFlight.size;
    if (free <= 0 || this.stopping) return;
    const now = clock();
    const due = prepared(
      db,
      `SELECT * FROM signal_deliveries WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?`,
    ).all(now, free) as Record<string, unknown>[];
    for (const d of due) {
      const claimed = prepared(
        db,
        `UPDATE signal_deliveries SET next_attempt_at = ? WHERE watcher_id = ? AND run_id = ? AND target = ? AND state = 'pending' AND next_attempt_at = ?`,
      ).run(now + 2 * config.communications.webhookTimeoutMs + 1000, d.watcher_id, d.run_id, d.target, d.next_attempt_at).changes;
      if (!claimed) continue;
      const p = this.deliver(d)
        .catch((err) => this.deps.logger.error({ err }, 'signal delivery crashed'))
        .finally(() => this.deliveriesInFlight.delete(p));
      this.deliveriesInFlight.add(p);
    }
  }

  /** Resolves when the deliveries started so far have finished. */
  async settled(): Promise<void> {
    while (this.deliveriesInFlight.size) await Promise.all([...this.deliveriesInFlight]);
  }

  private async deliver(d: Record<string, unknown>): Promise<void> {
    const { db, clock, config } = this.deps;
    const w = this.deps.watcher(d.watcher_id as string);
    const signals = w
      ? (
          prepared(db, 'SELECT * FROM signals WHERE watcher_id = ? AND seq BETWEEN ? AND ? ORDER BY seq').all(
            w.watcherId,
            d.first_seq,
            d.last_seq,
          ) as Record<string, unknown>[]
        ).map(toSignal)
      : [];
    let error: string | null = null;
    let status: number | null = null;
    let permanent = false;
    try {
      if (!w) throw new Error('watcher deleted');
      if (d.target === 'agent_webhook') status = await this.postWebhook(w, d.run_id as number, signals);
      else await this.mailDigest(w, d.run_id as number, signals);
    } catch (err) {
      status = (err as { status?: number }).status ?? null;
      if (w && d.target === 'agent_webhook' && status === null) {
        // As a communication's webhook: a general reason for the account, the details in the log.
        ({ reason: error, permanent } = webhookFailure(err));
        this.deps.logger.info({ err, watcher_id: w.watcherId, run_id: d.run_id }, 'signal webhook delivery failed');
      } else error = (err as Error).message || 'delivery failed';
    }
    const attempt = (d.attempts as number) + 1;
    const c = config.communications;
    const giveUp = error !== null && (attempt >= c.webhookMaxAttempts || !w || permanent);
    prepared(
      db,
      `UPDATE signal_deliveries SET state = ?, attempts = ?, next_attempt_at = ?, last_error = ?, last_status = ?, updated_at = ?
        WHERE watcher_id = ? AND run_id = ? AND target = ? AND state = 'pending'`,
    ).run(
      error === null ? 'delivered' : giveUp ? 'failed' : 'pending',
      attempt,
      error === null || giveUp ? 0 : clock() + c.webhookRetryBaseMs * 2 ** (attempt - 1),
      error,
      status,
      clock(),
      d.watcher_id,
      d.run_id,
      d.target,
    );
  }

  private async postWebhook(w: Watcher, runId: number, signals: Signal[]): Promise<number> {
    const timeout = this.deps.config.communications.webhookTimeoutMs;
    const body = webhookPayload(w, runId, signals);
    const res = await request(w.webhookUrl!, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Proxima-Webhooks/1',
        'proxima-event-id': `sigdel_${w.watcherId}_${runId}`,
        'proxima-signature': signPayload(w.webhookSecret!, body, this.deps.clock()),
      },
      signal: AbortSignal.timeout(timeout),
      dispatcher: webhookDispatcher(this.deps.config.communications.webhookAddresses),
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
    await res.body.dump();
    if (res.statusCode < 200 || res.statusCode >= 300) throw Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode });
    return res.statusCode;
  }

  private async mailDigest(w: Watcher, runId: number, signals: Signal[]): Promise<void> {
    const { config } = this.deps;
    const to = w.emailTo ?? this.deps.users.get(w.ownerUserId)?.email;
    if (!to) throw new Error('no address for the digest: set email_to or an account email');
    const domain = mailDomain(config.baseUrl);
    const lines = signals.map((s) => `• [${s.type}] ${s.summary}`);
    const mail = {
      from: config.communications.smtpFrom,
      to,
      subject: `Proxima signals: ${signals.length} new for “${w.name}”`,
      text: [
        `${signals.length} new signal${signals.length === 1 ? '' : 's'} for your watcher “${w.name}”:`,
        '',
        ...lines,
        '',
        `Feed: ${config.baseUrl}/api/v1/signals?watcher_id=${w.watcherId}`,
      ].join('\n'),
      messageId: `<sigdel_${w.watcherId}_${runId}@${domain}>`,
      headers: { 'X-Proxima-Watcher-Id': w.watcherId },
    };
    if (config.communications.smtpUrl) {
      this.transport ??= nodemailer.createTransport(config.communications.smtpUrl);
      await this.transport.sendMail(mail);
      return;
    }
    const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const info = await renderer.sendMail(mail);
    const dir = path.join(config.dataDir, 'outbox');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `signals-${w.watcherId}-${runId}.eml`), info.message as Buffer, { mode: 0o600 });
  }
}
