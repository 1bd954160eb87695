import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CommunicationsConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { GraphStore } from '../store/graph.js';
import type { UserStore } from '../store/users.js';
import { type Channel, isServiceChannel } from './channels.js';
import type { InboxStore } from './inbox-store.js';
import { type ArtifactFile, type DispatchOutcome, ProviderError, type ProviderRegistry } from './providers/port.js';
import type { Communication, EventInput } from './record.js';
import type { ReplyStore } from './replies.js';
import type { CommunicationStore } from './store.js';

const DAY_MS = 86_400_000;
/** The start of the UTC day of `ms`. */
export const dayStart = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** Where a communication's artifacts are kept: DATA_DIR/communications/<id>/. */
export const artifactDir = (dataDir: string, communicationId: string): string => path.join(dataDir, 'communications', communicationId);

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

  constructor(
    private readonly deps: {
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
    },
  ) {}

  /**
   * A simulated reply: a communication delivered by a sandbox (or the mail outbox) whose context
   * has `sandbox_reply` is answered with that text, as a real recipient would answer, so project
   * metrics and streams can be exercised without a network.
   */
  private sandboxReply(c: Communication, provider: string, now: number): void {
    const text = c.context?.sandbox_reply;
    if (typeof text !== 'string' || !text.trim() || (provider !== 'sandbox' && provider !== 'outbox')) return;
    this.deps.replies.record({
      communicationId: c.id,
      key: 'sandbox',
      via: 'sandbox',
      from: c.recipientEmail ?? c.targetUserId ?? null,
      subject: c.subject ? `Re: ${c.subject}` : null,
      excerpt: text.trim().slice(0, 500),
      receivedAt: now,
    });
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
    const { store, config } = this.deps;
    const error = { code: failure.code, message: failure.message, transient: failure.transient, ...failure.detail };
    if (failure.transient && attempt < config.maxAttempts) {
      const next = now + config.retryBaseMs * 2 ** (attempt - 1);
      return store.transition(
        c.id,
        owner,
        { status: 'queued', nextAttemptAt: next, leaseOwner: null, leaseUntil: null, result: { ...c.result, last_error: error } },
        [{ type: 'retry_scheduled', data: { attempt, error, next_attempt_at: new Date(next).toISOString() } }],
        now,
      );
    }
    return store.transition(
      c.id,
      owner,
      {
        status: 'failed',
        completedAt: now,
        leaseOwner: null,
        leaseUntil: null,
        nextAttemptAt: null,
        result: { ...c.result, error, attempts: attempt },
      },
      [{ type: 'failed', data: { attempt, error } }],
      now,
    );
  }

  /** Records a successful dispatch (or a relay's acceptance) with its artifacts, in one transaction. */
  async complete(
    c: Communication,
    outcome: DispatchOutcome,
    now: number,
    cond: { from: readonly ('in_progress' | 'queued')[]; leaseOwner?: string },
  ): Promise<Communication | null> {
    const { store } = this.deps;
    const { files, warnings: artifactWarnings } = this.writeArtifacts(c.id, outcome.artifacts);
    const artifactEvents: EventInput[] = files.map((a) => ({
      type: 'artifact',
      data: { filename: a.filename, content_type: a.contentType, kind: a.kind, bytes: a.data.length },
    }));
    const result: Record<string, unknown> = {
      ...c.result,
      last_error: undefined,
      provider: outcome.provider,
      provider_message_id: outcome.providerMessageId,
      provider_outcome: outcome.outcome,
      ...outcome.detail,
    };
    delete result.last_error;
    const warnings = artifactWarnings.length ? { warnings: [...new Set([...c.warnings, ...artifactWarnings])] } : {};
    if (outcome.outcome === 'pending') {
      const waiting = store.transition(
        c.id,
        cond,
        { leaseOwner: 'relay-callback', leaseUntil: now + this.deps.config.relayCallbackTimeoutMs, result, ...warnings },
        [...artifactEvents, { type: 'awaiting_callback', data: { provider: outcome.provider } }],
        now,
        () => this.recordArtifacts(c.id, files, now),
      );
      if (!waiting) this.discardArtifacts(files);
      return waiting;
    }
    try {
      const done = store.transition(
        c.id,
        cond,
        { status: 'completed', completedAt: now, leaseOwner: null, leaseUntil: null, nextAttemptAt: null, result, ...warnings },
        [...artifactEvents, { type: 'completed', data: { provider: outcome.provider, provider_outcome: outcome.outcome } }],
        now,
        () => {
          this.recordArtifacts(c.id, files, now);
          if (isServiceChannel(c.channel)) store.setResult(c.id, Object.assign(result, this.deliverInService(c, now)));
        },
      );
      if (!done) this.discardArtifacts(files);
      else this.sandboxReply(c, outcome.provider, now);
      return done;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      // The in-service delivery was refused (already connected, invite pending): nothing was written.
      const error = { code: err.code, message: err.message, transient: false };
      return store.transition(
        c.id,
        cond,
        { status: 'failed', completedAt: now, leaseOwner: null, leaseUntil: null, nextAttemptAt: null, result: { ...c.result, error } },
        [{ type: 'failed', data: { error } }],
        now,
      );
    }
  }

  /** In-service delivery, inside the completion transaction: keyed by the communication id, so at most once. */
  private deliverInService(c: Communication, now: number): Record<string, unknown> {
    const { inbox, graph } = this.deps;
    const target = c.targetUserId!;
    const channel: Channel = c.channel;
    if (channel === 'service_direct_message') {
      const conversation = inbox.conversationOf(c.actingUserId, target, now);
      const message = inbox.postMessage({
        conversationId: conversation.conversationId,
        senderUserId: c.actingUserId,
        kind: 'message',
        body: c.body ?? '',
        communicationId: c.id,
        now,
      });
      return { conversation_id: conversation.conversationId, message_id: message.messageId };
    }
    if (channel === 'service_invite') {
      if (graph.firstDegree(c.actingUserId, ['service']).has(target))
        throw new ProviderError('already_connected', 'You are already connected to this member on the service.', false);
      const pending = inbox.pendingInvite(c.actingUserId, target);
      if (pending && pending.communicationId !== c.id)
        throw new ProviderError('invite_pending', 'An invite to this member is already pending.', false);
      const invite = inbox.createInvite({ communicationId: c.id, fromUserId: c.actingUserId, toUserId: target, note: c.body, now });
      return { invite_id: invite.inviteId, invite_status: invite.status };
    }
    const intro = inbox.createIntroduction({
      communicationId: c.id,
      requesterUserId: c.actingUserId,
      connectorUserId: c.connectorUserId!,
      targetUserId: target,
      message: c.body ?? '',
      now,
    });
    return { introduction_id: intro.introductionId, introduction_status: intro.status, connector_user_id: intro.connectorUserId };
  }

  /**
   * Writes the artifacts under temporary names; they get their real names inside the outcome's
   * transaction, so a refused outcome (a late or repeated relay callback) never replaces what is
   * stored. When a file cannot be written the artifacts are left out with a warning: the
   * delivery stands.
   */
  private writeArtifacts(id: string, files: ArtifactFile[]): { files: (ArtifactFile & { temp: string })[]; warnings: string[] } {
    if (!files.length) return { files: [], warnings: [] };
    const out: (ArtifactFile & { temp: string })[] = [];
    try {
      const dir = artifactDir(this.deps.dataDir, id);
      fs.mkdirSync(dir, { recursive: true });
      for (const f of files) {
        const temp = path.join(dir, `.tmp-${crypto.randomUUID()}`);
        fs.writeFileSync(temp, f.data);
        out.push({ ...f, temp });
      }
      return { files: out, warnings: [] };
    } catch (err) {
      this.deps.logger.warn({ err, communication_id: id }, 'dispatcher: an artifact could not be stored');
      this.discardArtifacts(out);
      return { files: [], warnings: ['artifacts_not_stored'] };
    }
  }

  /** Inside the outcome's transaction: gives the files their names and records them. */
  private recordArtifacts(id: string, files: (ArtifactFile & { temp: string })[], now: number): void {
    const dir = artifactDir(this.deps.dataDir, id);
    for (const f of files) {
      fs.renameSync(f.temp, path.join(dir, f.filename));
      this.deps.store.addArtifact(id, {
        filename: f.filename,
        contentType: f.contentType,
        bytes: f.data.length,
        kind: f.kind,
        createdAt: now,
      });
    }
  }

  private discardArtifacts(files: (ArtifactFile & { temp: string })[]): void {
    for (const f of files) fs.rmSync(f.temp, { force: true });
  }
}
