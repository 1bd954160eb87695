import { discardArtifacts, recordArtifacts, writeArtifacts } from './artifact-files.js';
import { isServiceChannel } from './channels.js';
import type { DispatcherDeps } from './dispatcher.js';
import { deliverInService } from './in-service-delivery.js';
import { type DispatchOutcome, ProviderError } from './providers/port.js';
import type { Communication, EventInput } from './record.js';

/** Which in-progress (or queued) communication a recorded outcome may apply to. */
export type OutcomeCondition = { from: readonly ('in_progress' | 'queued')[]; leaseOwner?: string };

/**
 * Records the outcome of an attempt, each in one transaction with its events: a failure goes back
 * to `queued` with exponential backoff while it is transient and attempts remain, else `failed`;
 * a success (or a relay's acceptance, then awaiting its callback) is `completed` with its
 * artifacts, an in-service channel delivered inside that transaction.
 */
export class OutcomeRecorder {
  constructor(private readonly deps: DispatcherDeps) {}

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
  async complete(c: Communication, outcome: DispatchOutcome, now: number, cond: OutcomeCondition): Promise<Communication | null> {
    const { store } = this.deps;
    const { files, warnings: artifactWarnings } = writeArtifacts(this.deps.dataDir, this.deps.logger, c.id, outcome.artifacts);
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
        () => recordArtifacts(store, this.deps.dataDir, c.id, files, now),
      );
      if (!waiting) discardArtifacts(files);
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
          recordArtifacts(store, this.deps.dataDir, c.id, files, now);
          if (isServiceChannel(c.channel))
            store.setResult(c.id, Object.assign(result, deliverInService(this.deps.inbox, this.deps.graph, c, now)));
        },
      );
      if (!done) discardArtifacts(files);
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
}
