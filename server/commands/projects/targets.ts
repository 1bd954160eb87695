import { type Actor, actingFields } from '../../auth/actor.js';
import { type Channel, isChannel } from '../../communications/channels.js';
import { AppError, invalidField } from '../../errors.js';
import type { Project, ProjectTarget } from '../../projects/record.js';
import type { Services } from '../../services.js';
import { chooseEmail } from '../communications/capabilities.js';
import { handleOnNetwork, isMember, resolveTarget, type Target } from '../communications/resolve-target.js';
import { factsFingerprint } from './drafting.js';
import { assertNotArchived, iso, ownProject } from './projects.js';
import { type TargetFacts, targetFacts, targetFactsOf } from './target-facts.js';

/** The tracked link of a target to the project's scheduling page (`GET /l/:token`), or null without one. */
export function trackedScheduleLink(services: Services, project: Project, targetId: string): string | null {
  if (!project.scheduleUrl) return null;
  return `${services.config.baseUrl}/l/${services.projects.linkFor(project.projectId, targetId, project.scheduleUrl, services.clock())}`;
}

/**
 * The channel a target's draft goes through: as set, else the professional network, then email,
 * then an in-service message. `target` is the person as targetFacts resolved them.
 */
export function deliveryChannel(
  services: Services,
  t: ProjectTarget,
  target: Target,
): { channel: Channel | null; recipientEmail: string | null } {
  const email = chooseEmail(target, t.recipientEmail ?? undefined, services.clock());
  if (t.contactChannel && isChannel(t.contactChannel)) return { channel: t.contactChannel, recipientEmail: email.address };
  if (handleOnNetwork(target, 'professional')) return { channel: 'professional_send_message', recipientEmail: null };
  if (email.address) return { channel: 'email_send', recipientEmail: email.address };
  if (isMember(target)) return { channel: 'service_direct_message', recipientEmail: null };
  return { channel: null, recipientEmail: null };
}

/** A draft's freshness: none, fresh, or stale (the template or the target changed after it was made). */
export function draftState(project: Project, t: ProjectTarget, fingerprint: string | null): 'none' | 'fresh' | 'stale' {
  if (!t.draftMessage) return 'none';
  if (t.messageSource === 'user_edited') return 'fresh';
  if (t.draftTemplateVersion !== project.templateVersion) return 'stale';
  if (fingerprint && t.draftTargetFingerprint && fingerprint !== t.draftTargetFingerprint) return 'stale';
  return 'fresh';
}

/** Targets as the project routes show them, in the order given (their facts read in batches: target-facts.ts). */
export async function presentTargets(
  services: Services,
  project: Project,
  list: readonly ProjectTarget[],
  opts: { mutuals?: boolean; known?: ReadonlyMap<string, TargetFacts> } = {},
): Promise<Record<string, unknown>[]> {
  // Facts the caller already read (drafting) are used as they are; the others are read here.
  const missing = list.map((t) => t.targetUserId).filter((id) => !opts.known?.has(id));
  const read = await targetFactsOf(services, project, missing);
  const known = (id: string) => opts.known?.get(id) ?? read.get(id);
  // In slices, with a turn of the event loop between them: 20,000 targets take about 150 ms.
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < list.length; i += PRESENT_SLICE) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    const slice = list.slice(i, i + PRESENT_SLICE);
    out.push(
      ...(await Promise.all(
        slice.map((t) => presentTarget(services, project, t, { mutuals: opts.mutuals, known: known(t.targetUserId) })),
      )),
    );
  }
  return out;
}

/** Targets presented between two turns of the event loop. */
const PRESENT_SLICE = 1000;

/** One target as the project routes show it. */
export async function presentTarget(
  services: Services,
  project: Project,
  t: ProjectTarget,
  opts: { mutuals?: boolean; known?: TargetFacts } = {},
): Promise<Record<string, unknown>> {
  const { facts, profile } = opts.known ?? (await targetFacts(services, project, t.targetUserId));
  const state = draftState(project, t, factsFingerprint(facts));
  const communication = t.communicationId ? services.communications.store.get(t.communicationId) : null;
  const out: Record<string, unknown> = {
    id: t.targetId,
    assignment_target_id: t.targetId,
    target_user_id: t.targetUserId,
    is_included: t.isIncluded,
    name: facts.full_name,
    headline: (profile?.headline as string | undefined) ?? null,
    current_title: facts.current_title,
    current_company: facts.current_company,
    draft_message: t.draftMessage,
    draft_subject: t.draftSubject,
    message_source: t.messageSource,
    review_action: t.reviewStatus === 'approved' ? 'approve' : t.reviewStatus === 'saved' ? 'save' : null,
    approved: t.reviewStatus === 'approved',
    draft_state: state,
    contact_channel: t.contactChannel,
    recipient_email: t.recipientEmail,
    sender_email_account_id: t.senderEmailAccountId,
    communication_id: t.communicationId,
    delivery_status: communication?.status ?? null,
    added_at: iso(t.addedAt),
    removed_at: iso(t.removedAt),
  };
  if (opts.mutuals) out.mutual_connection_ids = services.graph.mutualConnections(project.actingUserId, t.targetUserId, 5);
  return out;
}

export async function listTargets(
  services: Services,
  actor: Actor,
  projectId: string,
  q: { limit: number; offset: number; include_mutuals?: boolean },
): Promise<Record<string, unknown>> {
  const p = ownProject(services, actor, projectId);
  const total = services.projects.countTargets(p.projectId, { includedOnly: true, excludeUserId: p.ownerUserId });
  const list = services.projects.targets(p.projectId, {
    includedOnly: true,
    limit: q.limit,
    offset: q.offset,
    excludeUserId: p.ownerUserId,
  });
  return {
    success: true,
    ...actingFields(actor),
    project_id: p.projectId,
    targets: await presentTargets(services, p, list, { mutuals: q.include_mutuals === true }),
    pagination: { limit: q.limit, offset: q.offset, total, has_more: q.offset + list.length < total },
  };
}

/**
 * Refuses, before anything is written, a change that would take the project past the included
 * targets it may hold (`PROJECT_TARGET_LIMIT`, 5,000 by default). Every whole-project route
 * (send-readiness, drafting all targets, activation) reads the shortlist in full within its
 * 10-second budget: at 5,000 targets they take 2-5 s on two cores, at 20,000 readiness neared the
 * budget (docs/performance.md, "Large projects"). Removed targets do not count. `userIds` are the people about to be included; those
 * already included take no new place. No await may come between this check and the write.
 */
export function assertRoomForTargets(services: Services, p: Project, userIds: readonly string[]): void {
  const fresh = userIds.filter((id) => !services.projects.targetByUser(p.projectId, id)?.isIncluded).length;
  if (!fresh) return;
  const held = services.projects.countTargets(p.projectId, { includedOnly: true, excludeUserId: p.ownerUserId });
  const limit = services.config.projectTargetLimit;
  if (held + fresh <= limit) return;
  const room = Math.max(0, limit - held);
  throw new AppError(
    409,
    'project_target_limit',
    `A project includes at most ${limit.toLocaleString('en-US')} targets; this one includes ${held.toLocaleString('en-US')}, so ${
      room ? `${room.toLocaleString('en-US')} more fit, not ${fresh.toLocaleString('en-US')}` : 'no more fit'
    }. Nothing was added: remove targets (project_action mode=remove_targets on the connector, DELETE /api/v1/projects/${p.projectId}/targets on REST) or start another project.`,
    { limit, included: held, requested: fresh },
  );
}

/** Adds targets by user id: each must be a person the service knows; the owner is never a target. */
export async function addTargets(
  services: Services,
  actor: Actor,
  projectId: string,
  body: { target_user_ids?: string[]; target_user_id?: string },
  now: number,
): Promise<Record<string, unknown>> {
  const p = ownProject(services, actor, projectId);
  assertNotArchived(p);
  const ids = [...new Set([...(body.target_user_ids ?? []), ...(body.target_user_id ? [body.target_user_id] : [])])];
  if (!ids.length) throw invalidField('body', '/target_user_ids', 'name at least one target (target_user_ids or target_user_id)');
  const added: Record<string, unknown>[] = [];
  const valid: string[] = [];
  for (const id of ids) {
    if (id === p.ownerUserId || id === actor.actingUserId) {
      added.push({ target_user_id: id, added: false, reason: 'owner_not_a_target' });
      continue;
    }
    const target = await resolveTarget(services, { target_user_id: id });
    if (!target.userId) added.push({ target_user_id: id, added: false, reason: 'user_not_found' });
    else valid.push(id);
  }
  assertRoomForTargets(services, p, valid);
  for (const r of services.projects.addTargets(p.projectId, valid, now))
    added.push({
      target_user_id: r.target.targetUserId,
      assignment_target_id: r.target.targetId,
      added: r.added,
      reason: r.added ? null : 'already_a_target',
    });
  services.projects.update(p.projectId, {}, now);
  return {
    success: true,
    ...actingFields(actor),
    project_id: p.projectId,
    added_targets: added,
    total_targets: services.projects.countTargets(p.projectId, { includedOnly: true, excludeUserId: p.ownerUserId }),
  };
}

export function removeTargets(
  services: Services,
  actor: Actor,
  projectId: string,
  body: { target_user_ids?: string[]; target_user_id?: string; remove_all?: boolean },
  now: number,
): Record<string, unknown> {
  const p = ownProject(services, actor, projectId);
  assertNotArchived(p);
  const ids = [...new Set([...(body.target_user_ids ?? []), ...(body.target_user_id ? [body.target_user_id] : [])])];
  if (!ids.length && body.remove_all !== true)
    throw invalidField(
      'body',
      '/target_user_ids',
      'name the targets to remove (target_user_ids or target_user_id), or send remove_all=true to clear the shortlist',
    );
  // Both at once is ambiguous, and a mistaken remove_all would clear the whole shortlist.
  if (ids.length && body.remove_all === true)
    throw invalidField(
      'body',
      '/remove_all',
      'send either the targets to remove (target_user_ids or target_user_id) or remove_all=true, not both',
    );
  const results = services.projects.removeTargets(p.projectId, body.remove_all === true ? 'all' : ids, now);
  return {
    success: true,
    ...actingFields(actor),
    project_id: p.projectId,
    removed_count: results.filter((r) => r.removed).length,
    results: results.map((r) => ({ target_user_id: r.userId, removed: r.removed, reason: r.reason })),
  };
}
