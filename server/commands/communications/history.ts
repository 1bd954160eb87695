import crypto from 'node:crypto';
import { type Actor, actingFields } from '../../auth/actor.js';
import { type Channel, HISTORY_CHANNELS, type HistoryChannel, historyChannelOf } from '../../communications/channels.js';
import type { Communication } from '../../communications/record.js';
import { AppError } from '../../errors.js';
import type { Services } from '../../services.js';
import { prepared } from '../../store/database.js';
import { hasIdentity } from './create.js';
import { handleOnNetwork, type IdentityInput, presentTarget, resolveTarget } from './resolve-target.js';

export interface HistoryInput extends IdentityInput {
  assignment_target_id?: string;
  history_channel?: string;
  channel?: string;
  history_fresh?: boolean;
  limit?: number;
  offset?: number;
}

/** The deepest offset history pages to (the contract: larger offsets clamp here and `has_more` is false). */
export const HISTORY_MAX_OFFSET = 1000;
/** Synced professional-network history counts as fresh for this long. */
const FRESH_MS = 24 * 3_600_000;

/** A send or received message between the acting user and the target. */
interface Entry {
  entry_id: string;
  channel: Exclude<HistoryChannel, 'all'>;
  send_channel: Channel | null;
  direction: 'outbound' | 'inbound';
  source: 'api' | 'service_inbox' | 'synced';
  status: string;
  communication_id: string | null;
  conversation_id: string | null;
  subject: string | null;
  snippet: string;
  recipient_email: string | null;
  sent_at: string;
  synced: boolean;
}

const snippet = (text: string | null): string => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > 160 ? `${t.slice(0, 157)}…` : t;
};

/** A live send counts as prior correspondence unless it failed or was cancelled (people search reads the same rule). */
const counts = (c: Communication): boolean => c.mode === 'send' && c.status !== 'failed' && c.status !== 'cancelled';

interface RunRow {
  run_id: string;
  status: string;
  error: string | null;
  messages_found: number | null;
  requested_at: number;
  completed_at: number | null;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * Professional-network conversation history: refresh runs that read the thread from the
 * network's provider. The sandbox provider answers from what the sandbox network received; a
 * relay has no history interface yet, so its runs fail with `history_sync_unsupported`.
 */
function professionalHistory(
  services: Services,
  actor: Actor,
  targetUserId: string | null,
  handle: string | null,
  refreshRequested: boolean,
  now: number,
): { object: Record<string, unknown>; synced: Set<string> } {
  const db = services.db;
  const synced = new Set<string>();
  const base = {
    refresh_requested: refreshRequested,
    queued_run_ids: [] as string[],
  };
  if (targetUserId === null)
    return {
      object: {
        history_fetched_at: null,
        history_is_fresh: false,
        next_scheduled_refresh_at: null,
        last_refresh_error: null,
        tracking_status: 'target_unresolved',
        latest_run_id: null,
        ...base,
        refresh_status: refreshRequested ? 'skipped' : 'not_requested',
        runs: [],
        ...(refreshRequested ? { refresh_skipped_reason: 'target_unresolved' } : {}),
      },
      synced,
    };
  if (refreshRequested && handle) {
    const runId = `phr_${crypto.randomUUID()}`;
    const sandbox = services.communications.isSandbox('professional_send_message');
    const found = sandbox ? services.communications.inbox.sandboxDeliveries('professional', actor.actingUserId, handle) : [];
    prepared(
      db,
      `INSERT INTO professional_history_runs (run_id, acting_user_id, target_user_id, status, error, messages_found, requested_at, completed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      runId,
      actor.actingUserId,
      targetUserId,
      sandbox ? 'completed' : 'failed',
      sandbox ? null : 'history_sync_unsupported',
      found.length,
      now,
      now,
    );
  }
  const runs = prepared(
    db,
    'SELECT * FROM professional_history_runs WHERE acting_user_id = ? AND target_user_id = ? ORDER BY requested_at DESC, run_id DESC LIMIT 10',
  ).all(actor.actingUserId, targetUserId) as RunRow[];
  const lastOk = runs.find((r) => r.status === 'completed') ?? null;
  if (lastOk && handle)
    for (const d of services.communications.inbox.sandboxDeliveries('professional', actor.actingUserId, handle))
      if (d.deliveredAt <= (lastOk.completed_at ?? 0)) synced.add(d.communicationId);
  const latest = runs[0] ?? null;
  return {
    object: {
      history_fetched_at: iso(lastOk?.completed_at ?? null),
      history_is_fresh: lastOk !== null && now - (lastOk.completed_at ?? 0) < FRESH_MS,
      next_scheduled_refresh_at: lastOk ? iso((lastOk.completed_at ?? now) + FRESH_MS) : null,
      last_refresh_error: runs.find((r) => r.status === 'failed')?.error ?? null,
      tracking_status: !handle ? 'no_professional_identity' : runs.length ? 'tracked' : 'not_tracked',
      latest_run_id: latest?.run_id ?? null,
      ...base,
      refresh_status: !refreshRequested ? 'not_requested' : !handle ? 'skipped' : (latest?.status ?? 'failed'),
      runs: runs.map((r) => ({
        run_id: r.run_id,
        status: r.status,
        error: r.error,
        messages_found: r.messages_found,
        requested_at: iso(r.requested_at),
        completed_at: iso(r.completed_at),
      })),
      ...(refreshRequested && !handle ? { refresh_skipped_reason: 'no_professional_identity' } : {}),
    },
    synced,
  };
}

/** `POST /api/v1/communications/history`: what the acting user and the target have exchanged, on every channel. */
export async function communicationHistory(
  services: Services,
  actor: Actor,
  input: HistoryInput,
  now: number,
): Promise<Record<string, unknown>> {
  if (!hasIdentity(input as unknown as Record<string, unknown>, ['assignment_target_id']))
    throw new AppError(
      400,
      'target_identity_required',
      'Name whose history to read: target_user_id, assignment_target_id, a professional/microblog/photo profile URL or username, or recipient_email.',
    );
  const requested = input.history_channel ?? input.channel ?? 'all';
  const selected: HistoryChannel = (HISTORY_CHANNELS as readonly string[]).includes(requested) ? (requested as HistoryChannel) : 'all';
  const limit = input.limit ?? 20;
  const offset = Math.min(input.offset ?? 0, HISTORY_MAX_OFFSET);
  // A project target row (of this account) names its person when no other input does.
  const row = input.assignment_target_id ? services.projects.target(input.assignment_target_id) : null;
  const rowUser = row && services.projects.get(row.projectId)?.ownerUserId === actor.ownerUserId ? row.targetUserId : null;
  let target = await resolveTarget(services, input);
  if (target.userId === null && rowUser) {
    target = await resolveTarget(services, { target_user_id: rowUser });
    target.matchedBy = 'assignment_target_id';
    target.inputs = { ...target.inputs, assignment_target_id: input.assignment_target_id! };
  } else if (input.assignment_target_id && !rowUser) target.unresolvedInputs.push('assignment_target_id');
  const common = {
    success: true,
    ...actingFields(actor),
    resolved_target: presentTarget(target),
    target_user_id: target.userId,
    limit,
    offset,
    selected_channel: selected,
  };
  const channelCounts = Object.fromEntries(HISTORY_CHANNELS.filter((c) => c !== 'all').map((c) => [c, 0])) as Record<string, number>;
  // An address alone names no one: its history is what the account sent to that address.
  const address = target.userId === null ? (target.inputs.recipient_email?.toLowerCase() ?? null) : null;
  if (target.userId === null && !address) {
    return {
      ...common,
      has_prior_send: null,
      history_coverage: 'target_unresolved',
      most_recent_send: null,
      total_count: 0,
      filtered_count: 0,
      last_sent_at: null,
      has_more: false,
      channel_counts: channelCounts,
      professional_history: professionalHistory(services, actor, null, null, input.history_fresh === true, now).object,
      entries: [],
    };
  }
  const handle = target.userId ? handleOnNetwork(target, 'professional') : null;
  const pro = professionalHistory(services, actor, target.userId, handle, input.history_fresh === true, now);
  const sends = (
    target.userId
      ? services.communications.store.withTarget(actor.actingUserId, target.userId)
      : services.communications.store.toAddress(actor.actingUserId, address as string)
  ).filter((c) => c.mode === 'send');
  const entries: Entry[] = sends.map((c) => ({
    entry_id: `comm_${c.id}`,
    channel: historyChannelOf(c.channel),
    send_channel: c.channel,
    direction: 'outbound',
    source: 'api',
    status: c.status,
    communication_id: c.id,
    conversation_id: (c.result.conversation_id as string | undefined) ?? null,
    subject: c.subject,
    snippet: snippet(c.body),
    recipient_email: c.recipientEmail,
    sent_at: new Date(c.dispatchedAt ?? c.createdAt).toISOString(),
    synced: pro.synced.has(c.id),
  }));
  // What the target wrote back in the in-service conversation.
  for (const m of target.userId ? services.communications.inbox.messagesBetween(actor.actingUserId, target.userId) : []) {
    if (m.senderUserId !== target.userId) continue;
    entries.push({
      entry_id: m.messageId,
      channel: 'service',
      send_channel: null,
      direction: 'inbound',
      source: 'service_inbox',
      status: 'received',
      communication_id: null,
      conversation_id: m.conversationId,
      subject: null,
      snippet: snippet(m.body),
      recipient_email: null,
      sent_at: new Date(m.createdAt).toISOString(),
      synced: false,
    });
  }
  entries.sort((a, b) => b.sent_at.localeCompare(a.sent_at) || a.entry_id.localeCompare(b.entry_id));
  for (const e of entries) channelCounts[e.channel] = (channelCounts[e.channel] ?? 0) + 1;
  const filtered = selected === 'all' ? entries : entries.filter((e) => e.channel === selected);
  const priorSends = sends.filter(counts);
  // Sent when dispatched (a send held by a daily cap was sent later than it was asked for), else
  // when asked for: the rule people search's `last_correspondence_at` uses too.
  const sentAt = (c: (typeof sends)[number]): number => c.dispatchedAt ?? c.createdAt;
  const mostRecent = priorSends.reduce<(typeof sends)[number] | null>((a, c) => (a && sentAt(a) >= sentAt(c) ? a : c), null);
  const page = filtered.slice(offset, offset + limit);
  return {
    ...common,
    // An address alone resolves to no person: whether they were written to on other channels or
    // addresses is unknown (the contract's null and target_unresolved); the entries are the
    // account's own sends to the address.
    ...(target.userId === null
      ? { has_prior_send: null, history_coverage: 'target_unresolved' }
      : { has_prior_send: priorSends.length > 0 }),
    most_recent_send: mostRecent
      ? {
          communication_id: mostRecent.id,
          channel: mostRecent.channel,
          history_channel: historyChannelOf(mostRecent.channel),
          status: mostRecent.status,
          sent_at: new Date(mostRecent.dispatchedAt ?? mostRecent.createdAt).toISOString(),
        }
      : null,
    total_count: entries.length,
    filtered_count: filtered.length,
    last_sent_at: mostRecent ? new Date(mostRecent.dispatchedAt ?? mostRecent.createdAt).toISOString() : null,
    has_more: offset < HISTORY_MAX_OFFSET && offset + page.length < filtered.length,
    channel_counts: channelCounts,
    professional_history: pro.object,
    entries: page,
  };
}
