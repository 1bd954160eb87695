import { TERMINAL } from '../../communications/channels.js';
import type { CommEvent, Communication } from '../../communications/record.js';
import type { Services } from '../../services.js';

/** Events shown inside a record (the newest); the events route pages the whole log. */
export const RECORD_EVENTS = 20;

export const presentEvent = (e: CommEvent): Record<string, unknown> => ({
  sequence: e.sequence,
  type: e.type,
  status: e.status,
  at: new Date(e.createdAt).toISOString(),
  data: e.data,
});

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** `delivery_receipt.state`: pending while queued or dispatching; succeeded once a live dispatch completed; otherwise not completed. */
export function receiptState(c: Communication): 'dispatch_pending' | 'dispatch_succeeded' | 'dispatch_not_completed' {
  if (c.status === 'queued' || c.status === 'in_progress') return 'dispatch_pending';
  if (c.status === 'completed' && c.mode === 'send') return 'dispatch_succeeded';
  return 'dispatch_not_completed';
}

export interface WaitReport {
  requested_ms: number;
  waited_ms: number;
  until: 'terminal' | 'first_progress';
  satisfied: boolean;
}

/** The communication record of the contract (docs/communications.md, "The record"). */
export function presentCommunication(
  services: Services,
  c: Communication,
  opts: { wait?: WaitReport | null; includeWebhook?: boolean; baseUrl?: string } = {},
): Record<string, unknown> {
  const base = opts.baseUrl ?? services.config.baseUrl;
  const store = services.communications.store;
  const events = store.recentEvents(c.id, RECORD_EVENTS).map(presentEvent);
  const artifacts = store.artifacts(c.id).map((a) => ({
    filename: a.filename,
    kind: a.kind,
    content_type: a.contentType,
    bytes: a.bytes,
    created_at: iso(a.createdAt),
    url: `${base}/api/v1/communications/${c.id}/artifacts/${encodeURIComponent(a.filename)}`,
  }));
  const terminal = TERMINAL.has(c.status);
  const warnings = [...c.warnings];
  const providerOutcome =
    (c.result.provider_outcome as string | undefined) ?? (c.mode === 'dry_run' ? 'simulated' : c.mode === 'draft' ? 'not_sent' : null);
  const record: Record<string, unknown> = {
    id: c.id,
    communication_id: c.id,
    channel: c.channel,
    status: c.status,
    mode: c.mode,
    dry_run: c.mode === 'dry_run',
    result: { ...c.result },
    task:
      c.mode === 'draft'
        ? null
        : {
            kind: c.mode === 'dry_run' ? 'simulated_dispatch' : 'dispatch',
            provider: c.provider,
            attempts: c.attempts,
            max_attempts: services.config.communications.maxAttempts,
            next_attempt_at: c.status === 'queued' ? iso(c.nextAttemptAt) : null,
            dispatched_at: iso(c.dispatchedAt),
            completed_at: iso(c.completedAt),
            created_at: iso(c.createdAt),
            updated_at: iso(c.updatedAt),
            idempotency_key: c.idempotencyKey,
          },
    reasoning_lookup: {
      owner_user_id: c.ownerUserId,
      acting_user_id: c.actingUserId,
      target_user_id: c.targetUserId,
      resolved_target: c.target.resolved_target ?? null,
      recipient_email: c.recipientEmail,
      recipient_email_source: c.target.recipient_email_source ?? null,
      recipient_handle: c.target.handle ?? null,
      connector_user_id: c.connectorUserId,
      subject: c.subject,
      message: c.body,
      context: c.context,
      checks: c.target.checks ?? [],
    },
    events,
    artifacts,
    delivery_receipt: {
      communication_id: c.id,
      channel: c.channel,
      status: c.status,
      terminal,
      state: receiptState(c),
      provider_outcome: providerOutcome,
      warnings,
      completed_at: iso(c.completedAt),
      latest_event_sequence: c.lastSequence,
      wait: opts.wait ?? null,
      status_call: { tool: 'send_communication', arguments: { mode: 'status', communication_id: c.id } },
    },
  };
  if (opts.includeWebhook !== false)
    record.webhook = services.communications.webhooks.summary(c.id, c.webhookUrl, c.webhookSecret !== null) ?? {
      url: null,
      signed: false,
      events_total: 0,
      delivered: 0,
      pending: 0,
      failed: 0,
      last_attempt_at: null,
      attempts: [],
    };
  if (c.substitution) record.recipient_email_substitution = c.substitution;
  // Replies that arrived outside the service (docs/communications.md, "Replies").
  record.replies = services.communications.replies.list(c.id).map((r) => ({
    via: r.via,
    from: r.from,
    subject: r.subject,
    excerpt: r.excerpt,
    received_at: iso(r.receivedAt),
  }));
  return record;
}

/** One line of the communications list. */
export function presentSummary(c: Communication): Record<string, unknown> {
  const text = (c.body ?? '').replace(/\s+/g, ' ').trim();
  return {
    communication_id: c.id,
    channel: c.channel,
    status: c.status,
    mode: c.mode,
    target_user_id: c.targetUserId,
    target_name: (c.target.name as string | null | undefined) ?? null,
    recipient_email: c.recipientEmail,
    subject: c.subject,
    snippet: text.length > 120 ? `${text.slice(0, 117)}…` : text,
    created_at: new Date(c.createdAt).toISOString(),
    completed_at: iso(c.completedAt),
    latest_event_sequence: c.lastSequence,
  };
}
