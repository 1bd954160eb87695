import { type Actor, actingFields } from '../../auth/actor.js';
import { CHANNELS, TERMINAL } from '../../communications/channels.js';
import type { Communication } from '../../communications/record.js';
import { AppError } from '../../errors.js';
import type { Services } from '../../services.js';
import { createCommunication } from '../communications/create.js';
import { contactedTargets, deadOutsideSend } from './contacted.js';
import { factsFingerprint } from './drafting.js';
import { ownProject, presentProject, writableProject } from './projects.js';
import { targetFactsOf } from './target-facts.js';
import { deliveryChannel, draftState, trackedScheduleLink } from './targets.js';

/** Which included targets can be sent, and why the others cannot yet. */
export async function sendReadiness(
  services: Services,
  actor: Actor,
  projectId: string,
  opts: DeliveryOptions = {},
): Promise<Record<string, unknown>> {
  const p = ownProject(services, actor, projectId);
  // A send from outside the project that failed or was cancelled reached no one: as if none.
  const targets = services.projects
    .targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId })
    .map((t) => (deadOutsideSend(services, p, t) ? { ...t, communicationId: null } : t));
  const contacted = contactedTargets(services, p, targets);
  const summary = {
    total_targets: targets.length,
    ready_count: 0,
    previewed_count: 0,
    not_previewed_count: 0,
    edited_count: 0,
    stale_count: 0,
    no_draft_count: 0,
    already_queued_count: 0,
    no_channel_count: 0,
    no_email_subject_count: 0,
    already_contacted_count: 0,
    stale_target_ids: [] as string[],
    not_previewed_target_ids: [] as string[],
    already_contacted_target_ids: [] as string[],
    ...(opts.connector ? { no_recipient_email_count: 0, no_recipient_email_target_ids: [] as string[] } : {}),
    delivery_channels: Object.fromEntries(CHANNELS.map((c) => [c, 0])) as Record<string, number>,
  };
  const known = await targetFactsOf(
    services,
    p,
    targets.filter((t) => !t.communicationId).map((t) => t.targetUserId),
  );
  for (const t of targets) {
    // Reached by a send that is not this target's own activation: a direct send, another project's.
    if (contacted.has(t.targetId)) {
      summary.already_contacted_count++;
      summary.already_contacted_target_ids.push(t.targetId);
      continue;
    }
    if (t.communicationId) {
      summary.already_queued_count++;
      continue;
    }
    const { facts, target } = known.get(t.targetUserId)!;
    const state = draftState(p, t, factsFingerprint(facts));
    if (state === 'none') {
      summary.no_draft_count++;
      continue;
    }
    if (t.messageSource === 'user_edited') summary.edited_count++;
    if (state === 'stale') {
      summary.stale_count++;
      summary.stale_target_ids.push(t.targetId);
    }
    if (t.reviewStatus === 'none') {
      summary.not_previewed_count++;
      summary.not_previewed_target_ids.push(t.targetId);
    } else summary.previewed_count++;
    const { channel } = deliveryChannel(services, t, target);
    if (!channel) summary.no_channel_count++;
    else summary.delivery_channels[channel]!++;
    const subjectMissing = channel === 'email_send' && !t.draftSubject;
    if (subjectMissing) summary.no_email_subject_count++;
    // The connector's rule: an email goes to an address the agent set on the draft (reviewed), never one picked for it.
    const addressMissing = Boolean(opts.connector) && channel === 'email_send' && !t.recipientEmail;
    if (addressMissing) {
      summary.no_recipient_email_count!++;
      summary.no_recipient_email_target_ids!.push(t.targetId);
    }
    if (channel && !subjectMissing && !addressMissing && t.reviewStatus === 'approved' && state !== 'stale') summary.ready_count++;
  }
  return { success: true, ...actingFields(actor), project_id: p.projectId, summary };
}

/**
 * Queues every included, approved, fresh draft that has a channel and was not queued before, as
 * a live communication (idempotency key per target: re-activating never sends a target twice).
 * The dispatcher's daily caps pace the professional network (docs/projects.md, "Activation").
 */
export async function activateProject(
  services: Services,
  actor: Actor,
  projectId: string,
  now: number,
  opts: DeliveryOptions & { includeAlreadyContacted?: boolean } = {},
): Promise<Record<string, unknown>> {
  const p = writableProject(services, actor, projectId);
  const listed = services.projects.targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId });
  // A message its owner cancelled was not sent: the target is queued again, with its draft as it
  // now stands, under a new idempotency key.
  // So is a send made outside the project that failed (one of the project's own is retried by
  // retry-failed-professional-sends).
  const targets = listed.map((t) => {
    if (!t.communicationId) return t;
    if (services.communications.store.get(t.communicationId)?.status !== 'cancelled' && !deadOutsideSend(services, p, t)) return t;
    return services.projects.updateDraft(t.targetId, { communicationId: null, queuedAt: null, sendAttempts: t.sendAttempts + 1 });
  });
  const contacted = contactedTargets(services, p, targets);
  const contactedIds: string[] = [];
  const addressIds: string[] = [];
  let queued = 0;
  const skipped: Record<string, number> = {};
  const skip = (why: string) => {
    skipped[why] = (skipped[why] ?? 0) + 1;
  };
  const known = await targetFactsOf(
    services,
    p,
    targets.filter((t) => (!t.communicationId || contacted.has(t.targetId)) && t.reviewStatus === 'approved').map((t) => t.targetUserId),
  );
  for (const t of targets) {
    // Someone the sender already reached (a direct send, another project's) gets no second
    // message unless asked: include_already_contacted sends the approved draft anyway.
    if (contacted.has(t.targetId) && !opts.includeAlreadyContacted) {
      skip('already_contacted');
      contactedIds.push(t.targetId);
      continue;
    }
    if (t.communicationId && !contacted.has(t.targetId)) {
      skip('already_queued');
      continue;
    }
    if (t.reviewStatus !== 'approved') {
      skip('not_approved');
      continue;
    }
    const { facts, target } = known.get(t.targetUserId)!;
    if (draftState(p, t, factsFingerprint(facts)) === 'stale') {
      skip('stale_draft');
      continue;
    }
    const { channel, recipientEmail } = deliveryChannel(services, t, target);
    if (!channel) {
      skip('no_channel');
      continue;
    }
    // Only the subject the approver saw is mailed (approval refuses an email draft without one;
    // a draft approved before that rule, or whose channel became email since, waits for one).
    if (channel === 'email_send' && !t.draftSubject) {
      skip('no_email_subject');
      continue;
    }
    // The connector's rule (as send_communication's recipient_email_required): no email to an
    // address the agent did not set on the draft.
    if (opts.connector && channel === 'email_send' && !t.recipientEmail) {
      skip('recipient_email_required');
      addressIds.push(t.targetId);
      continue;
    }
    try {
      const record = await createCommunication(
        services,
        actor,
        {
          channel,
          target_user_id: t.targetUserId,
          // A {{schedule_link}} left in the draft (a hand-written one) becomes the target's tracked link.
          message: (t.draftMessage ?? '')
            .replace(/\{\{\s*schedule_link\s*\}\}/g, trackedScheduleLink(services, p, t.targetId) ?? '')
            .trim(),
          subject: channel === 'email_send' ? t.draftSubject! : undefined,
          recipient_email: channel === 'email_send' ? (recipientEmail ?? undefined) : undefined,
          dry_run: false,
          idempotency_key: `project:${p.projectId}:target:${t.targetId}${t.sendAttempts ? `:retry:${t.sendAttempts}` : ''}`,
          context: { project_id: p.projectId, assignment_target_id: t.targetId },
        },
        now,
      );
      // Activations at once share each communication (its idempotency key): the one that records
      // it counts it; for the others it was already queued.
      if (services.projects.recordQueued(t.targetId, record.id as string, now, channel)) queued++;
      else skip('already_queued');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skip((err.extra.reason as string | undefined) ?? err.code);
    }
  }
  const skippedText = Object.entries(skipped)
    .map(([k, v]) => `${v} ${k.replace(/_/g, ' ')}`)
    .join(', ');
  // Activation needs an eligible target: one queued now, or queued by an earlier activation.
  if (queued === 0 && !skipped.already_queued)
    throw new AppError(
      409,
      'no_eligible_targets',
      targets.length
        ? `No target is ready to send (${skippedText}): approve drafts (review_action approve) that are not stale and have a channel, then activate.${hints(contactedIds, addressIds)}`
        : 'The project has no targets: add targets, generate and approve their drafts, then activate.',
      { skipped },
    );
  const updated = services.projects.update(p.projectId, { status: 'active', activatedAt: p.activatedAt ?? now }, now);
  return {
    success: true,
    ...actingFields(actor),
    project_id: p.projectId,
    message: `Queued ${queued} message${queued === 1 ? '' : 's'}${skippedText ? `; skipped ${skippedText}` : ''}. Professional-network sends follow the daily cap and resume the next day.${hints(contactedIds, addressIds)}`,
    queued_count: queued,
    skipped,
    already_contacted_target_ids: contactedIds,
    recipient_email_required_target_ids: addressIds,
    project: presentProject(services, updated),
  };
}

/** How the two held-back groups can go out, for activation's message. */
function hints(contactedIds: readonly string[], addressIds: readonly string[]): string {
  const out: string[] = [];
  if (contactedIds.length)
    out.push(
      ` ${contactedIds.length} target${contactedIds.length === 1 ? ' was' : 's were'} already contacted outside this project (already_contacted_target_ids): activate with include_already_contacted=true to send them the draft as well.`,
    );
  if (addressIds.length)
    out.push(
      ` ${addressIds.length} email draft${addressIds.length === 1 ? ' has' : 's have'} no reviewed recipient_email (recipient_email_required_target_ids): review the options (project_action mode=recipient_emails), set one with mode=update_message recipient_email, then activate.`,
    );
  return out.join('');
}

/** Which face asks: the connector adds its own rules (docs/mcp.md, "Connector rules"). */
export interface DeliveryOptions {
  connector?: boolean;
}

/**
 * Requeues the targets whose professional-network send failed: their draft is queued again at
 * the next activation (a new idempotency key per retry, so each retry sends once).
 */
export async function retryFailedProfessionalSends(
  services: Services,
  actor: Actor,
  projectId: string,
  now: number,
  opts: DeliveryOptions = {},
): Promise<Record<string, unknown>> {
  const p = writableProject(services, actor, projectId);
  const targets = services.projects.targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId });
  let reset = 0;
  for (const t of targets) {
    const c = t.communicationId ? services.communications.store.get(t.communicationId) : null;
    if (c?.channel !== 'professional_send_message' || c.status !== 'failed') continue;
    services.projects.updateDraft(t.targetId, { communicationId: null, queuedAt: null, sendAttempts: t.sendAttempts + 1 });
    reset++;
  }
  // A retried target the channel now refuses leaves nothing to queue: the retry still happened.
  const activation = reset
    ? await activateProject(services, actor, projectId, now, opts).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'no_eligible_targets') return null;
        throw err;
      })
    : null;
  return {
    success: true,
    ...actingFields(actor),
    project_id: p.projectId,
    retried_count: reset,
    queued_count: (activation?.queued_count as number | undefined) ?? 0,
    message: reset
      ? `Requeued ${reset} failed professional-network send${reset === 1 ? '' : 's'}.`
      : 'No failed professional-network sends to retry.',
    project: presentProject(services, services.projects.get(p.projectId)!),
  };
}

/**
 * Whether the target answered a delivered communication: an in-service message from them after
 * the send, or a reply recorded against the communication (an email reply that reached the
 * inbound SMTP listener, a relay's reply callback, a sandbox reply).
 */
export function targetReplied(services: Services, actingUserId: string, targetUserId: string, c: Communication): boolean {
  const since = c.dispatchedAt ?? c.createdAt;
  if (services.communications.replies.has(c.id)) return true;
  return services.communications.inbox
    .messagesBetween(actingUserId, targetUserId)
    .some((m) => m.senderUserId === targetUserId && m.createdAt >= since);
}

/** Outreach metrics: sends, replies (in-service replies after the send), link clicks, statuses. */
export function projectMetrics(services: Services, actor: Actor, projectId: string): Record<string, unknown> {
  const p = ownProject(services, actor, projectId);
  const targets = services.projects.targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId });
  const outreach: Record<string, number> = {};
  const recipient: Record<string, number> = {};
  let sent = 0;
  let responses = 0;
  // Clicks count once per recipient: targets who opened their tracked link at least once.
  const clicked = services.projects.clickedTargets(p.projectId);
  const clicks = targets.filter((t) => clicked.has(t.targetId)).length;
  for (const t of targets) {
    const c = t.communicationId ? services.communications.store.get(t.communicationId) : null;
    const status = c ? c.status : 'not_queued';
    outreach[status] = (outreach[status] ?? 0) + 1;
    const delivered = c?.status === 'completed';
    if (delivered) sent++;
    const replied = delivered && targetReplied(services, p.actingUserId, t.targetUserId, c!);
    if (replied) responses++;
    const state = replied
      ? 'responded'
      : delivered
        ? 'contacted'
        : c && !TERMINAL.has(c.status)
          ? 'queued'
          : c
            ? c.status
            : t.reviewStatus === 'approved'
              ? 'approved'
              : t.draftMessage
                ? 'drafted'
                : 'no_draft';
    recipient[state] = (recipient[state] ?? 0) + 1;
  }
  return {
    success: true,
    project_id: p.projectId,
    total_targets: targets.length,
    messages_sent: sent,
    responses,
    response_rate: sent ? responses / sent : null,
    target_response_rate: targets.length ? responses / targets.length : null,
    schedule_link_clicks: clicks,
    schedule_link_click_rate: sent ? clicks / sent : null,
    outreach_status_counts: outreach,
    recipient_status_counts: recipient,
  };
}
