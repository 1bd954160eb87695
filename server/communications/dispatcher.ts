import crypto from 'node:crypto';
import type { CommunicationsConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { GraphStore } from '../store/graph.js';
import type { UserStore } from '../store/users.js';
import { isServiceChannel } from './channels.js';
import type { InboxStore } from './inbox-store.js';
import { type OutcomeCondition, OutcomeRecorder } from './outcome-recorder.js';
import { type DispatchOutcome, ProviderError, type ProviderRegistry } from './providers/port.js';
import type { Communication } from './record.js';
import type { ReplyStore } from './replies.js';
import type { CommunicationStore } from './store.js';

const DAY_MS = 86_400_000;
/** The start of the UTC day of `ms`. */
export const dayStart = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** What the dispatcher works with: the stores, the providers by channel, its settings, a clock and a logger. */
export interface DispatcherDeps {
  store: CommunicationStore;
  inbox: InboxStore;
  graph: GraphStore;
  users: UserStore;
  providers: ProviderRegistry;
  config: CommunicationsConfig;
  dataDir: string;
  clock: () => number;
  logger: Logger;
  replies: ReplyStore;
}

/**
 * The durable dispatcher (docs/communications.md, "Dispatch"). Live sends wait in SQLite as
 * `queued`; the dispatcher claims the due ones with a lease (`in_progress`), runs the channel's
 * provider off any transaction, and records the outcome in one transaction with its events. A
 * transient failure goes back to `queued` with exponential backoff; after `maxAttempts`, or on a
 * permanent failure, `failed`. A dispatcher that dies mid-dispatch leaves its lease to expire;
 * whoever claims it next resumes the dispatch (in-service deliveries and sandbox/outbox records
 * are keyed by the communication id, SMTP mail keeps its Message-ID, relays get it as
 * Idempotency-Key), so nothing is delivered twice by us.
 */
export class Dispatcher {
  readonly instanceId = `dispatcher-${crypto.randomUUID()}`;
  private readonly inflight = new Map<string, { controller: AbortController; done: Promise<void>; shutdown: boolean }>();
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  private ticking = false;
  private readonly outcomes: OutcomeRecorder;

  constructor(private readonly deps: DispatcherDeps) {
    this.outcomes = new OutcomeRecorder(deps);
  }

  start(): void {
    this.stopping = false;
    this.arm(0);
  }

  /** Look for due work soon (after a create, a cancel or a retry). */
  wake(): void {
    if (!this.stopping) this.arm(0);
  }

  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.stopping || this.ticking) return;
    this.ticking = true;
    try {
      const free = this.deps.config.concurrency - this.inflight.size;
      if (free > 0) {
        const claimed = this.deps.store.claimDue(
          this.instanceId,
          this.deps.config.leaseMs,
          this.deps.clock(),
          free,
          new Set(this.inflight.keys()),
        );
        for (const { communication } of claimed) this.launch(communication);
      }
    } catch (err) {
      this.deps.logger.error({ err }, 'dispatcher: claiming due communications failed');
    } finally {
      this.ticking = false;
    }
    if (!this.stopping && !this.timer) this.arm(this.deps.config.pollMs);
  }

  /** Aborts an in-flight dispatch (after its cancel was recorded). */
  abort(id: string): void {
    this.inflight.get(id)?.controller.abort();
  }

  /** Stops claiming, interrupts in-flight dispatches that can be interrupted and waits up to `graceMs` for the rest. */
  async stop(graceMs = 5000): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const job of this.inflight.values()) {
      job.shutdown = true;
      job.controller.abort();
    }
    const all = Promise.all([...this.inflight.values()].map((j) => j.done));
    await Promise.race([all, new Promise((r) => setTimeout(r, graceMs).unref())]);
  }

  private launch(c: Communication): void {
    const controller = new AbortController();
    const entry = { controller, done: Promise.resolve(), shutdown: false };
    this.inflight.set(c.id, entry);
    entry.done = this.dispatch(c, controller.signal, () => entry.shutdown)
      .catch((err) => this.deps.logger.error({ err, communication_id: c.id }, 'dispatcher: dispatch crashed'))
      .finally(() => {
        this.inflight.delete(c.id);
        this.wake();
      });
  }

  private async dispatch(c: Communication, signal: AbortSignal, isShutdown: () => boolean): Promise<void> {
    const { store, config, clock } = this.deps;
    const owner = { from: ['in_progress'] as const, leaseOwner: this.instanceId };
    const now = clock();
    // A send resumed after its attempts ran out (a dispatcher that kept dying, or a relay that
    // accepted the job and never called back) ends here instead of being tried forever.
    if (c.attempts >= config.maxAttempts) {
      const awaited = c.result.provider_outcome === 'pending';
      const error = {
        code: awaited ? 'relay_callback_timeout' : 'attempts_exhausted',
        message: awaited
          ? `The relay accepted the job but never reported its outcome (${config.maxAttempts} attempts).`
          : `No attempt recorded an outcome (${config.maxAttempts} attempts).`,
        transient: false,
      };
      store.transition(
        c.id,
        owner,
        { status: 'failed', completedAt: now, leaseOwner: null, leaseUntil: null, nextAttemptAt: null, result: { ...c.result, error } },
        [{ type: 'failed', data: { error } }],
        now,
      );
      return;
    }
    // The daily cap: a live send beyond it waits for the next UTC day.
    const cap = config.dailyCaps[c.channel] ?? Number.POSITIVE_INFINITY;
    if (c.dispatchedAt === null && store.dispatchedSince(c.ownerUserId, c.channel, dayStart(now)) >= cap) {
      const until = dayStart(now) + DAY_MS;
      store.transition(
        c.id,
        owner,
        {
          status: 'queued',
          nextAttemptAt: until,
          leaseOwner: null,
          leaseUntil: null,
          warnings: [...new Set([...c.warnings, 'daily_cap_reached'])],
        },
        [{ type: 'deferred', data: { reason: 'daily_cap_reached', daily_cap: cap, next_attempt_at: new Date(until).toISOString() } }],
        now,
      );
      return;
    }
    const attempt = c.attempts + 1;
    const started = store.transition(
      c.id,
      owner,
      { attempts: attempt, dispatchedAt: c.dispatchedAt ?? now },
      [{ type: 'dispatch_started', data: { attempt, provider: c.provider } }],
      now,
    );
    if (!started) return;
    const renew = setInterval(() => store.renewLease(c.id, this.instanceId, clock() + config.leaseMs), Math.max(100, config.leaseMs / 3));
    renew.unref();
    let outcome: DispatchOutcome | null = null;
    let failure: ProviderError | null = null;
    try {
      if (isServiceChannel(c.channel))
        outcome = { provider: 'service', providerMessageId: null, outcome: 'delivered', detail: {}, artifacts: [] };
      else {
        const sender = this.sender(c.actingUserId);
        outcome = await this.deps.providers[c.channel as keyof ProviderRegistry].send({ communication: started, attempt, sender, signal });
      }
    } catch (err) {
      failure = err instanceof ProviderError ? err : new ProviderError('provider_error', (err as Error).message ?? String(err), true);
    } finally {
      clearInterval(renew);
    }
    const end = clock();
    if (failure?.code === 'dispatch_aborted' && isShutdown()) {
      store.transition(
        c.id,
        owner,
        { status: 'queued', nextAttemptAt: end, leaseOwner: null, leaseUntil: null, attempts: c.attempts },
        [{ type: 'dispatch_interrupted', data: { reason: 'server_shutdown' } }],
        end,
      );
      return;
    }
    if (failure) {
      this.fail(started, attempt, failure, end, owner);
      return;
    }
    try {
      await this.complete(started, outcome!, end, owner);
    } catch (err) {
      // The provider delivered but the outcome could not be recorded (the store failed): say so
      // rather than leave the lease to run out, which would deliver it again.
      this.deps.logger.error({ err, communication_id: c.id }, 'dispatcher: the outcome of a dispatch could not be recorded');
      const error = {
        code: 'outcome_not_recorded',
        message: 'The provider finished but its outcome could not be recorded.',
        transient: false,
      };
      try {
        store.transition(
          c.id,
          owner,
          { status: 'failed', completedAt: end, leaseOwner: null, leaseUntil: null, result: { ...started.result, error } },
          [{ type: 'failed', data: { error } }],
          end,
        );
      } catch (again) {
        this.deps.logger.error({ err: again, communication_id: c.id }, 'dispatcher: could not record the failure either');
      }
    }
  }

  private sender(userId: string): { userId: string; name: string | null; email: string | null } {
    const user = this.deps.users.get(userId);
    return { userId, name: user?.name ?? null, email: user?.email ?? null };
  }

  /** Records a failed attempt: back to `queued` with backoff when transient and attempts remain, else `failed`. */
  fail(
    c: Communication,
    attempt: number,
    failure: ProviderError,
    now: number,
    owner: { from: readonly 'in_progress'[]; leaseOwner?: string },
  ): Communication | null {
    return this.outcomes.fail(c, attempt, failure, now, owner);
  }

  /** Records a successful dispatch (or a relay's acceptance) with its artifacts, in one transaction. */
  complete(c: Communication, outcome: DispatchOutcome, now: number, cond: OutcomeCondition): Promise<Communication | null> {
    return this.outcomes.complete(c, outcome, now, cond);
  }
}
