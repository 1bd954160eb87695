import crypto from 'node:crypto';
import type { Actor } from '../../auth/actor.js';
import { CHANNELS, type Channel, INVITE_NOTE_MAX, isChannel, networkOf, TERMINAL } from '../../communications/channels.js';
import { PLAIN_EMAIL_RULE } from '../../communications/email-address.js';
import type { Communication, EventInput } from '../../communications/record.js';
import type { WaitUntil } from '../../communications/service.js';
import { webhookUrlRefusal } from '../../communications/webhook-address.js';
import { AppError, invalidField } from '../../errors.js';
import type { Services } from '../../services.js';
import { recordSendOnTargets } from '../projects/contacted.js';
import { checkChannel, REASON_TEXT } from './capabilities.js';
import { presentCommunication, type WaitReport } from './present.js';
import { IDENTITY_FIELDS, type IdentityInput, presentTarget, resolveTarget } from './resolve-target.js';

/** The most a communication's `context` may take as JSON (docs/communications.md). */
export const CONTEXT_MAX_BYTES = 16_384;

/** The create body (validated by the route's schema). */
export interface CreateInput extends IdentityInput {
  mode?: 'draft' | 'send';
  draft?: boolean;
  channel: string;
  connector_user_id?: string;
  message?: string;
  subject?: string;
  dry_run?: boolean;
  idempotency_key?: string;
  context?: Record<string, unknown>;
  wait_ms?: number;
  wait_until?: WaitUntil;
  webhook_url?: string;
  webhook_secret?: string;
  delegate_user_id?: string;
}

export const invalidChannel = (channel: unknown): AppError =>
  new AppError(
    400,
    'invalid_channel',
    `channel must be one of the seven send channels (${CHANNELS.join(', ')}); got ${JSON.stringify(channel)}. History filters such as "email" are not send channels.`,
    { allowed_channels: [...CHANNELS] },
  );

/** Whether the input names a target at all (the contract's `target_identity_required` rule). */
export const hasIdentity = (input: Record<string, unknown>, extra: readonly string[] = []): boolean =>
  [...IDENTITY_FIELDS, ...extra].some((f) => typeof input[f] === 'string' && (input[f] as string).trim() !== '');

/** 400 `target_identity_required`: create and capabilities were given no one to reach. */
export const targetIdentityRequired = (): AppError =>
  new AppError(
    400,
    'target_identity_required',
    'Name the recipient: target_user_id, a professional/microblog/photo profile URL or username, or recipient_email.',
  );

/** JSON with object keys sorted at every depth, so key order never changes a comparison. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * What an idempotency key is compared on: the body as validated (defaults filled in), without
 * the wait and the delegate (neither changes what is sent), keys in any order.
 */
function requestHash(actor: Actor, input: CreateInput): string {
  const { wait_ms: _w, wait_until: _u, delegate_user_id: _d, ...rest } = input;
  return crypto
    .createHash('sha256')
    .update(`${actor.actingUserId}\n${canonicalJson(rest)}`)
    .digest('hex');
}

/** Waits as asked (`wait_ms`, `wait_until`), then presents the record. */
export async function presentAfterWait(
  services: Services,
  c: Communication,
  waitMs: number | undefined,
  until: WaitUntil | undefined,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  let wait: WaitReport | null = null;
  if (waitMs !== undefined && waitMs > 0) {
    const u = until ?? 'terminal';
    const r = await services.communications.waitFor(c.id, u, waitMs, signal);
    wait = { requested_ms: waitMs, waited_ms: r.waitedMs, until: u, satisfied: r.satisfied };
  }
  return presentCommunication(services, services.communications.store.get(c.id)!, { wait });
}

/**
 * `POST /api/v1/communications`: a draft, a dry run (the default) or a queued live send. Checks
 * come first and write nothing when they fail; a live send is handed to the dispatcher.
 */
export async function createCommunication(
  services: Services,
  actor: Actor,
  input: CreateInput,
  now: number,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  if (!isChannel(input.channel)) throw invalidChannel(input.channel);
  const channel: Channel = input.channel;
  // The alias must agree with the mode it stands for.
  if ((input.mode === 'send' && input.draft === true) || (input.mode === 'draft' && input.draft === false))
    throw invalidField('body', '/draft', `contradicts mode "${input.mode}": send one of them, or the two alike`);
  const draft = input.mode === 'draft' || input.draft === true;
  const dryRun = !draft && input.dry_run !== false;
  if (!hasIdentity(input as unknown as Record<string, unknown>)) throw targetIdentityRequired();
  // Control characters (a NUL) were mailed as written; tab, line feed and carriage return are text.
  for (const field of ['subject', 'message'] as const) {
    const found = controlCharacterAt(input[field]);
    if (found)
      throw invalidField(
        'body',
        `/${field}`,
        `holds the control character ${found.code} at character ${found.index + 1}: remove it (only tab, line feed and carriage return are kept)`,
      );
  }
  if (channel === 'email_send' && isBlankText(input.subject))
    throw new AppError(400, 'email_subject_required', 'email_send needs a subject: add "subject" to the request.');
  // Metadata kept with every record, read by every listing: bounded, as a record's other fields are.
  const contextBytes = input.context ? Buffer.byteLength(JSON.stringify(input.context)) : 0;
  if (contextBytes > CONTEXT_MAX_BYTES)
    throw new AppError(
      400,
      'context_too_large',
      `context is ${contextBytes} bytes as JSON; at most ${CONTEXT_MAX_BYTES} are kept with a communication. Keep references (ids, URLs) in it rather than documents.`,
      { max_bytes: CONTEXT_MAX_BYTES },
    );
  if (channel === 'service_referral_request' && !input.connector_user_id)
    throw new AppError(
      400,
      'connector_user_id_required',
      'service_referral_request needs connector_user_id: the person, connected to both of you, who is asked to forward the introduction (capabilities lists candidate_connectors).',
    );
  if (channel !== 'service_invite' && isBlankText(input.message))
    throw invalidField('body', '/message', `is required for ${channel} (white space and invisible characters alone are no message)`);
  // Characters are code points (an emoji is one), as the connector cuts notes.
  const noteLength = Array.from(input.message ?? '').length;
  if (channel === 'service_invite' && noteLength > INVITE_NOTE_MAX)
    throw invalidField('body', '/message', `an invite note holds at most ${INVITE_NOTE_MAX} characters (got ${noteLength})`);
  if (input.webhook_secret && !input.webhook_url) throw invalidField('body', '/webhook_secret', 'is only meaningful with webhook_url');
  const hookRefusal = input.webhook_url ? webhookUrlRefusal(input.webhook_url, services.config.communications.webhookAddresses) : null;
  if (hookRefusal) throw invalidField('body', '/webhook_url', hookRefusal);

  const hash = requestHash(actor, input);
  if (input.idempotency_key != null) {
    const existing = services.communications.store.byIdempotencyKey(actor.ownerUserId, actor.actingUserId, input.idempotency_key);
    if (existing) {
      if (existing.requestHash !== hash)
        throw new AppError(
          409,
          'idempotency_key_reused',
          'This idempotency_key was already used with a different request. Use a new key for a new communication, or resend the original body unchanged.',
          { communication_id: existing.id },
        );
      return presentAfterWait(services, existing, input.wait_ms, input.wait_until, signal);
    }
  }

  const target = await resolveTarget(services, input);
  const checks: Record<string, unknown>[] = [];
  const verdict = await checkChannel(services, actor, target, channel, { recipientEmail: input.recipient_email, now });
  checks.push({ check: 'channel', channel, can_send: verdict.can_send, reason: verdict.reason, provider: verdict.provider });
  if (channel === 'service_referral_request' && input.connector_user_id && verdict.can_send) {
    const ok = (verdict.candidate_connectors ?? []).some((c) => c.user_id === input.connector_user_id);
    const connected =
      ok ||
      (services.graph.firstDegree(actor.actingUserId).has(input.connector_user_id) &&
        target.userId !== null &&
        services.graph.firstDegree(target.userId).has(input.connector_user_id));
    checks.push({ check: 'connector', connector_user_id: input.connector_user_id, connected_to_both: connected });
    if (!connected)
      throw new AppError(
        400,
        'connector_not_connected',
        'connector_user_id must be connected to both you and the recipient; capabilities lists candidate_connectors.',
        { candidate_connectors: (verdict.candidate_connectors ?? []).map((c) => c.user_id as string) },
      );
  }
  if (!draft && !verdict.can_send) {
    // A copy of this very request (same key) that won a race is answered as a repeat, not as a second invite.
    if (verdict.reason === 'invite_pending' && input.idempotency_key != null) {
      const twin = services.communications.store.byIdempotencyKey(actor.ownerUserId, actor.actingUserId, input.idempotency_key);
      if (twin && twin.requestHash === hash) return presentAfterWait(services, twin, input.wait_ms, input.wait_until, signal);
    }
    if (verdict.reason === 'recipient_email_invalid') throw invalidField('body', '/recipient_email', PLAIN_EMAIL_RULE);
    if (verdict.reason === 'target_unresolved')
      throw new AppError(404, 'target_not_found', 'No person matches the identity given; check the id, URL, username or email.', {
        channel,
        reason: verdict.reason,
      });
    throw new AppError(409, 'channel_unavailable', `${channel} cannot reach this person: ${verdict.message}`, {
      channel,
      reason: verdict.reason,
    });
  }

  const network = networkOf(channel);
  const recipientEmail = channel === 'email_send' ? (verdict.recipient_email ?? input.recipient_email ?? null) : null;
  const status = draft ? 'draft' : dryRun ? 'completed' : 'queued';
  const provider = verdict.provider;
  const events: EventInput[] = [{ type: 'created', data: { mode: draft ? 'draft' : dryRun ? 'dry_run' : 'send', channel } }];
  if (draft) events.push({ type: 'draft_saved', data: {} });
  else if (dryRun) events.push({ type: 'completed', data: { dry_run: true, provider, provider_outcome: 'simulated' } });
  else events.push({ type: 'queued', data: { provider } });
  const warnings = [...verdict.warnings];
  if (input.webhook_url && !input.webhook_secret) warnings.push('webhook_unsigned');
  if (draft) warnings.push('draft_not_sent');
  if (dryRun) warnings.push('dry_run_not_sent');
  let record: Communication;
  try {
    record = services.communications.store.insert(
      {
        ownerUserId: actor.ownerUserId,
        actingUserId: actor.actingUserId,
        channel,
        mode: draft ? 'draft' : dryRun ? 'dry_run' : 'send',
        status,
        targetUserId: target.userId,
        recipientEmail,
        connectorUserId: input.connector_user_id ?? null,
        subject: input.subject ?? null,
        body: input.message ?? null,
        target: {
          resolved_target: presentTarget(target),
          handle: network ? (verdict.recipient_handle ?? null) : null,
          profile_url: network === 'professional' ? ((target.profile?.professional_url as string | undefined) ?? null) : null,
          name: (target.profile?.display_name as string | undefined) ?? target.account?.name ?? null,
          recipient_email_source:
            channel === 'email_send'
              ? verdict.recipient_email_substitution
                ? 'substituted'
                : recipientEmail && verdict.recipient_email_options?.some((o) => o.address === recipientEmail)
                  ? 'profile'
                  : recipientEmail
                    ? 'user_supplied'
                    : null
              : null,
          checks,
        },
        context: input.context ?? null,
        idempotencyKey: input.idempotency_key ?? null,
        requestHash: hash,
        provider,
        result: dryRun
          ? {
              dry_run: true,
              provider,
              provider_outcome: 'simulated',
              would_deliver_to: recipientEmail ?? verdict.recipient_handle ?? target.userId,
            }
          : draft
            ? { draft: true }
            : {},
        warnings,
        substitution: verdict.recipient_email_substitution ?? null,
        webhookUrl: input.webhook_url ?? null,
        webhookSecret: input.webhook_secret ?? null,
        completedAt: dryRun ? now : null,
      },
      events,
      now,
      // Checked again where the insert cannot be raced: two invites sent at once both passed the
      // check above, and all but one then failed at dispatch (each counted against the daily cap).
      channel === 'service_invite' && status === 'queued'
        ? () => {
            const other = services.communications.store.activeSendTo(actor.actingUserId, target.userId!, 'service_invite');
            // The same key: the insert's unique key answers it as a repeat, below.
            if (other && (input.idempotency_key == null || other.idempotencyKey !== input.idempotency_key))
              throw new AppError(409, 'channel_unavailable', `${channel} cannot reach this person: ${REASON_TEXT.invite_pending}`, {
                channel,
                reason: 'invite_pending',
              });
          }
        : undefined,
    );
  } catch (err) {
    // Two requests with one new key raced: the loser answers as a repeat of the winner.
    if (input.idempotency_key != null && /UNIQUE constraint failed/.test(String((err as Error).message))) {
      const existing = services.communications.store.byIdempotencyKey(actor.ownerUserId, actor.actingUserId, input.idempotency_key);
      if (existing && existing.requestHash === hash) return presentAfterWait(services, existing, input.wait_ms, input.wait_until, signal);
      throw new AppError(409, 'idempotency_key_reused', 'This idempotency_key was already used with a different request.', {
        communication_id: existing?.id,
      });
    }
    throw err;
  }
  // A live send to someone on the sender's shortlists shows on those targets (H1, 2026-11-30):
  // a project activated later does not send them its draft as well.
  if (record.status === 'queued') recordSendOnTargets(services, record, now);
  return presentAfterWait(services, record, input.wait_ms, input.wait_until, signal);
}

/** A communication of the caller's account, or 404 `communication_not_found`. */
export function ownCommunication(services: Services, actor: Actor, id: string): Communication {
  const c = services.communications.store.get(id);
  if (!c || c.ownerUserId !== actor.ownerUserId)
    throw new AppError(404, 'communication_not_found', `No communication ${id} on this account.`, { communication_id: id });
  return c;
}

/**
 * `POST /api/v1/communications/:id/cancel`: a draft, a queued item, or one in progress whose
 * provider can still stop it becomes `cancelled`, with the reason in its event log; a terminal
 * one is 409 `communication_already_terminal`; an in-flight mail is 409 `communication_not_cancellable`.
 */
export function cancelCommunication(
  services: Services,
  actor: Actor,
  id: string,
  reason: string | undefined,
  now: number,
): Record<string, unknown> {
  const c = ownCommunication(services, actor, id);
  if (TERMINAL.has(c.status))
    throw new AppError(
      409,
      'communication_already_terminal',
      `This communication is already ${c.status}; only drafts and queued or in-progress sends can be cancelled.`,
      {
        communication_id: c.id,
        status: c.status,
      },
    );
  const info = services.communications.providerInfo(c.channel);
  // In progress can be cancelled when the provider can stop, or when nothing is in flight on our
  // side (a relay accepted the job and its callback has not come).
  const awaitingCallback = c.status === 'in_progress' && c.leaseOwner === 'relay-callback';
  const from = info.cancellableInFlight ? (['draft', 'queued', 'in_progress'] as const) : (['draft', 'queued'] as const);
  const cancelled = services.communications.store.transition(
    c.id,
    awaitingCallback ? { from: ['in_progress'], leaseOwner: 'relay-callback' } : { from },
    { status: 'cancelled', completedAt: now, leaseOwner: null, leaseUntil: null, nextAttemptAt: null },
    [{ type: 'cancelled', data: { reason: reason ?? null, previous_status: c.status, by_user_id: actor.actingUserId } }],
    now,
  );
  if (!cancelled) {
    const current = services.communications.store.get(c.id)!;
    if (TERMINAL.has(current.status))
      throw new AppError(409, 'communication_already_terminal', `This communication is already ${current.status}.`, {
        communication_id: c.id,
        status: current.status,
      });
    throw new AppError(
      409,
      'communication_not_cancellable',
      `The ${info.provider} provider is already delivering this communication and cannot stop it; wait for its outcome.`,
      { communication_id: c.id, status: current.status },
    );
  }
  if (c.status === 'in_progress') services.communications.dispatcher.abort(c.id);
  return presentCommunication(services, cancelled);
}

/**
 * Whether text is missing or holds nothing a reader sees: white space, zero-width and other
 * invisible characters (format characters, default-ignorable code points such as U+200B) only.
 */
export function isBlankText(text: string | undefined | null): boolean {
  return !text || /^[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]*$/u.test(text);
}

/** The first control character of text other than tab, line feed and carriage return (C0, DEL, C1), or null. */
export function controlCharacterAt(text: string | undefined | null): { index: number; code: string } | null {
  if (!text) return null;
  const match = /(?![\t\n\r])\p{Cc}/u.exec(text);
  if (!match) return null;
  return { index: match.index, code: `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` };
}
