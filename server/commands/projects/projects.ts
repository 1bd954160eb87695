import { INDICES } from '../../../mappings/indices.js';
import { type Actor, actingFields } from '../../auth/actor.js';
import { CHANNELS, type Channel, isChannel, TERMINAL } from '../../communications/channels.js';
import { AppError, invalidField } from '../../errors.js';
import { type EngagementMode, type Project, type ProjectTarget, TEMPLATE_FIELDS, type TemplateField } from '../../projects/store.js';
import type { Services } from '../../services.js';
import { chooseEmail } from '../communications/capabilities.js';
import { createCommunication } from '../communications/create.js';
import { handleOnNetwork, isMember, resolveTarget } from '../communications/resolve-target.js';
import { recentPosts } from '../read-profile.js';
import { type DraftFacts, factsFingerprint, fillTemplate, generalizeMessage, generateTemplate, type TemplateType } from './drafting.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A project of the caller's account, or 404 `project_not_found`. */
export function ownProject(services: Services, actor: Actor, projectId: string): Project {
  const p = services.projects.get(projectId);
  if (!p || p.ownerUserId !== actor.ownerUserId)
    throw new AppError(404, 'project_not_found', `No project ${projectId} on this account.`, { project_id: projectId });
  return p;
}

/** The project resource (docs/projects.md, "The project"). */
export function presentProject(services: Services, p: Project): Record<string, unknown> {
  return {
    id: p.projectId,
    project_id: p.projectId,
    kind: p.kind,
    title: p.title,
    description: p.description,
    pitch: p.pitch,
    status: p.status,
    allow_discovery: p.allowDiscovery,
    engagement_mode: p.engagementMode,
    ...p.templates,
    template_version: p.templateVersion,
    owner_user_id: p.ownerUserId,
    acting_user_id: p.actingUserId,
    agent_session_id: p.agentSessionId,
    target_count: services.projects.countTargets(p.projectId, { includedOnly: true, excludeUserId: p.ownerUserId }),
    is_archived: p.archivedAt !== null,
    archived_at: iso(p.archivedAt),
    activated_at: iso(p.activatedAt),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** What Proxima knows of a target for drafting, and the person's display facts. */
export async function targetFacts(
  services: Services,
  project: Project,
  targetUserId: string,
): Promise<{ facts: DraftFacts; profile: Record<string, unknown> | null }> {
  const target = await resolveTarget(services, { target_user_id: targetUserId });
  const p = target.profile;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const first = str(p?.first_name) ?? str(p?.display_name)?.split(' ')[0] ?? null;
  const mutual = services.graph.mutualConnections(project.actingUserId, targetUserId, 1);
  let shared: string | null = null;
  if (mutual[0]) {
    const [doc] = await services.engine.mget<Record<string, unknown>>(INDICES.profiles.alias, [mutual[0]]).catch(() => [null]);
    shared = str(doc?.display_name) ?? services.users.get(mutual[0])?.name ?? null;
  }
  const posts = await recentPosts(services, targetUserId, 1).catch(() => []);
  const topic = posts[0]?.text
    ? posts[0].text
        .split(/[.!?\n]/)[0]!
        .trim()
        .split(/\s+/)
        .slice(0, 8)
        .join(' ')
    : null;
  const sender = services.users.get(project.actingUserId);
  return {
    profile: p,
    facts: {
      first_name: first,
      full_name: str(p?.display_name),
      current_title: str(p?.current_title),
      current_company: str(p?.current_company_name),
      shared_connection: shared,
      recent_post_topic: topic,
      sender_first_name: sender?.name?.split(' ')[0] ?? null,
      sender_name: sender?.name ?? null,
      pitch: project.pitch,
      project_title: project.title,
      schedule_link: null,
    },
  };
}

/** The channel a target's draft goes through: as set, else the professional network, then email, then an in-service message. */
async function deliveryChannel(
  services: Services,
  project: Project,
  t: ProjectTarget,
): Promise<{ channel: Channel | null; recipientEmail: string | null }> {
  const target = await resolveTarget(services, { target_user_id: t.targetUserId });
  const email = chooseEmail(target, t.recipientEmail ?? undefined, services.clock());
  if (t.contactChannel && isChannel(t.contactChannel)) return { channel: t.contactChannel, recipientEmail: email.address };
  if (handleOnNetwork(target, 'professional')) return { channel: 'professional_send_message', recipientEmail: null };
  if (email.address) return { channel: 'email_send', recipientEmail: email.address };
  if (isMember(target)) return { channel: 'service_direct_message', recipientEmail: null };
  void project;
  return { channel: null, recipientEmail: null };
}

/** A draft's freshness: none, fresh, or stale (the template or the target changed after it was made). */
function draftState(project: Project, t: ProjectTarget, fingerprint: string | null): 'none' | 'fresh' | 'stale' {
  if (!t.draftMessage) return 'none';
  if (t.messageSource === 'user_edited') return 'fresh';
  if (t.draftTemplateVersion !== project.templateVersion) return 'stale';
  if (fingerprint && t.draftTargetFingerprint && fingerprint !== t.draftTargetFingerprint) return 'stale';
  return 'fresh';
}

/** One target as the project routes show it. */
export async function presentTarget(
  services: Services,
  project: Project,
  t: ProjectTarget,
  opts: { mutuals?: boolean } = {},
): Promise<Record<string, unknown>> {
  const { facts, profile } = await targetFacts(services, project, t.targetUserId);
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

export interface CreateProjectInput {
  title: string;
  description?: string;
  pitch?: string;
  engagement_mode?: EngagementMode;
}

export function createProject(services: Services, actor: Actor, input: CreateProjectInput, now: number): Record<string, unknown> {
  const p = services.projects.create({
    ownerUserId: actor.ownerUserId,
    actingUserId: actor.actingUserId,
    title: input.title.trim(),
    description: input.description ?? null,
    pitch: input.pitch ?? null,
    engagementMode: input.engagement_mode,
    now,
  });
  return { success: true, ...actingFields(actor), project: presentProject(services, p) };
}

export function listProjects(
  services: Services,
  actor: Actor,
  q: {
    status?: string;
    limit: number;
    offset: number;
    include_archived?: boolean;
    include_searches?: boolean;
    current_project_id?: string;
  },
): Record<string, unknown> {
  const { total, items } = services.projects.list(actor.ownerUserId, {
    status: q.status ?? null,
    includeArchived: q.include_archived === true,
    includeSearches: q.include_searches === true,
    limit: q.limit,
    offset: q.offset,
  });
  const out: Record<string, unknown> = {
    success: true,
    ...actingFields(actor),
    projects: items.map((p) => presentProject(services, p)),
    pagination: { limit: q.limit, offset: q.offset, total, has_more: q.offset + items.length < total },
  };
  if (q.current_project_id) {
    const inList = items.some((p) => p.projectId === q.current_project_id);
    const current = services.projects.get(q.current_project_id);
    const accessible = current !== null && current.ownerUserId === actor.ownerUserId;
    out.current_session_project_id = q.current_project_id;
    out.current_session_project = accessible ? presentProject(services, current) : null;
    out.current_session_project_included = accessible;
    out.current_session_project_reason = inList
      ? 'already_in_list'
      : accessible
        ? 'included_from_session_binding'
        : 'not_found_or_inaccessible';
  }
  return out;
}

export async function readProject(
  services: Services,
  actor: Actor,
  projectId: string,
  q: { include_targets?: boolean; include_search_results?: boolean; targets_limit: number; targets_offset: number },
): Promise<Record<string, unknown>> {
  const p = ownProject(services, actor, projectId);
  const project = presentProject(services, p);
  if (q.include_targets) {
    const list = services.projects.targets(p.projectId, {
      includedOnly: true,
      limit: q.targets_limit,
      offset: q.targets_offset,
      excludeUserId: p.ownerUserId,
    });
    project.targets = await Promise.all(list.map((t) => presentTarget(services, p, t)));
  }
  if (q.include_search_results) project.search_results = p.searchResults ?? null;
  return { success: true, ...actingFields(actor), project };
}

export function updateProject(
  services: Services,
  actor: Actor,
  projectId: string,
  body: {
    title?: string;
    description?: string | null;
    pitch?: string | null;
    status?: string;
    allow_discovery?: boolean;
    engagement_mode?: EngagementMode;
  },
  now: number,
): Record<string, unknown> {
  const p = ownProject(services, actor, projectId);
  if (body.title !== undefined && !body.title.trim()) throw invalidField('body', '/title', 'must not be blank');
  const updated = services.projects.update(
    p.projectId,
    {
      title: body.title?.trim(),
      description: body.description,
      pitch: body.pitch,
      status: body.status,
      allowDiscovery: body.allow_discovery,
      engagementMode: body.engagement_mode,
    },
    now,
  );
  // The pitch feeds every draft: a new pitch makes generated drafts stale.
  if (body.pitch !== undefined && body.pitch !== p.pitch) services.projects.setTemplates(p.projectId, {}, now);
  return { success: true, project: presentProject(services, updated) };
}

export function archiveProject(
  services: Services,
  actor: Actor,
  projectId: string,
  archived: boolean,
  now: number,
): Record<string, unknown> {
  const p = ownProject(services, actor, projectId);
  const updated = services.projects.update(p.projectId, { archivedAt: archived ? now : null }, now);
  return { success: true, project: presentProject(services, updated) };
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
    targets: await Promise.all(list.map((t) => presentTarget(services, p, t, { mutuals: q.include_mutuals === true }))),
    pagination: { limit: q.limit, offset: q.offset, total, has_more: q.offset + list.length < total },
  };
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
  const ids = [...new Set([...(body.target_user_ids ?? []), ...(body.target_user_id ? [body.target_user_id] : [])])];
  if (!ids.length && body.remove_all !== true)
    throw invalidField(
      'body',
      '/target_user_ids',
      'name the targets to remove (target_user_ids or target_user_id), or send remove_all=true to clear the shortlist',
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

export function putTemplates(
  services: Services,
  actor: Actor,
  projectId: string,
  body: Partial<Record<TemplateField, string | null>> & { clear_personalization?: boolean },
  now: number,
): Record<string, unknown> {
  const p = ownProject(services, actor, projectId);
  const templates = Object.fromEntries(TEMPLATE_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
  const updated = services.projects.setTemplates(p.projectId, templates, now);
  if (body.clear_personalization) services.projects.clearGeneratedDrafts(p.projectId);
  return { success: true, project: presentProject(services, updated) };
}

export function generateTemplates(
  services: Services,
  actor: Actor,
  projectId: string,
  body: Partial<Record<TemplateField, string>> & { template_type?: TemplateType; user_input?: string; message?: string },
  now: number,
): Record<string, unknown> {
  const p = ownProject(services, actor, projectId);
  const type: TemplateType = body.template_type ?? 'outreach_message_prompt';
  if (type === 'generalize_message_to_template') {
    if (!body.message?.trim()) throw invalidField('body', '/message', 'is required with template_type=generalize_message_to_template');
    const updated = services.projects.setTemplates(p.projectId, { outreach_message_prompt: generalizeMessage(body.message) }, now);
    return { success: true, project: presentProject(services, updated), generated_field: 'outreach_message_prompt' };
  }
  if (type === 'pitch') {
    const updated = services.projects.update(p.projectId, { pitch: generateTemplate('pitch', p, body.user_input ?? null) }, now);
    services.projects.setTemplates(p.projectId, {}, now);
    return { success: true, project: presentProject(services, services.projects.get(updated.projectId)!), generated_field: 'pitch' };
  }
  // Copy supplied for the very field asked for is saved as given; other supplied fields are ignored.
  const supplied = body[type as TemplateField];
  const text = typeof supplied === 'string' && supplied.trim() ? supplied : generateTemplate(type, p, body.user_input ?? null);
  const updated = services.projects.setTemplates(p.projectId, { [type]: text }, now);
  return { success: true, project: presentProject(services, updated), generated_field: type };
}

/** Generates a draft for each target that needs one (no draft, or a stale generated one); never sends. */
export async function generateMessages(
  services: Services,
  actor: Actor,
  projectId: string,
  body: { target_ids?: string[]; target_user_id?: string; persist_target?: boolean },
  now: number,
): Promise<Record<string, unknown>> {
  let p = ownProject(services, actor, projectId);
  if (body.target_user_id && body.persist_target !== false) services.projects.addTargets(p.projectId, [body.target_user_id], now);
  if (!p.templates.outreach_message_prompt)
    p = services.projects.setTemplates(p.projectId, { outreach_message_prompt: generateTemplate('outreach_message_prompt', p, null) }, now);
  let targets: ProjectTarget[];
  if (body.target_ids?.length)
    targets = body.target_ids
      .map((id) => services.projects.target(id))
      .filter((t): t is ProjectTarget => t !== null && t.projectId === p.projectId);
  else if (body.target_user_id)
    targets = [services.projects.targetByUser(p.projectId, body.target_user_id)].filter((t): t is ProjectTarget => t !== null);
  else targets = services.projects.targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId });
  const out: Record<string, unknown>[] = [];
  let generated = 0;
  for (const t of targets) {
    const { facts } = await targetFacts(services, p, t.targetUserId);
    const fingerprint = factsFingerprint(facts);
    const explicit = Boolean(body.target_ids?.length || body.target_user_id);
    const needs =
      !t.draftMessage ||
      (t.messageSource === 'ai_generated' && draftState(p, t, fingerprint) === 'stale') ||
      (explicit && t.messageSource !== 'user_edited');
    if (needs && !t.communicationId) {
      const { channel } = await deliveryChannel(services, p, t);
      services.projects.updateDraft(t.targetId, {
        draftMessage: fillTemplate(p.templates.outreach_message_prompt!, facts),
        draftSubject: fillTemplate(p.templates.email_subject_template ?? generateTemplate('email_subject_template', p, null), facts),
        messageSource: 'ai_generated',
        reviewStatus: 'none',
        contactChannel: t.contactChannel ?? channel,
        draftTemplateVersion: p.templateVersion,
        draftTargetFingerprint: fingerprint,
        draftUpdatedAt: now,
      });
      generated++;
    }
    out.push(await presentTarget(services, p, services.projects.target(t.targetId)!));
  }
  return { success: true, generated_count: generated, targets: out };
}

export interface MessageBody {
  message?: string;
  message_source?: 'ai_generated' | 'user_edited';
  review_action?: 'save' | 'approve';
  contact_channel?: string;
  recipient_email?: string;
  sender_email_account_id?: string;
}

/** Saves (or approves) a target's draft: never sends. */
export async function putMessage(
  services: Services,
  actor: Actor,
  projectId: string,
  by: { targetUserId?: string; targetId?: string },
  body: MessageBody,
  now: number,
): Promise<Record<string, unknown>> {
  const p = ownProject(services, actor, projectId);
  const t = by.targetId ? services.projects.target(by.targetId) : services.projects.targetByUser(p.projectId, by.targetUserId!);
  if (!t || t.projectId !== p.projectId) throw new AppError(404, 'target_not_found', 'No such target in this project; add it first.', {});
  if (body.contact_channel !== undefined && !isChannel(body.contact_channel))
    throw new AppError(
      400,
      'invalid_channel',
      `contact_channel must be one of the seven send channels; got ${JSON.stringify(body.contact_channel)}.`,
      {
        allowed_channels: [...CHANNELS],
      },
    );
  if (body.review_action === 'approve' && !(body.message ?? t.draftMessage)?.trim())
    throw invalidField('body', '/review_action', 'cannot approve an empty draft: send message or generate one first');
  const edited = body.message !== undefined && body.message !== t.draftMessage;
  const { facts } = await targetFacts(services, p, t.targetUserId);
  const updated = services.projects.updateDraft(t.targetId, {
    draftMessage: body.message,
    messageSource: body.message_source ?? (edited ? 'user_edited' : undefined),
    reviewStatus: body.review_action === 'approve' ? 'approved' : body.review_action === 'save' ? 'saved' : edited ? 'saved' : undefined,
    contactChannel: body.contact_channel,
    recipientEmail: body.recipient_email,
    senderEmailAccountId: body.sender_email_account_id,
    draftTemplateVersion: edited ? p.templateVersion : undefined,
    draftTargetFingerprint: edited ? factsFingerprint(facts) : undefined,
    draftUpdatedAt: body.message !== undefined || body.review_action ? now : undefined,
    previewedAt: body.review_action ? now : undefined,
  });
  const key = by.targetId ? { assignment_target_id: t.targetId } : { target_user_id: t.targetUserId };
  return { success: true, ...actingFields(actor), project_id: p.projectId, ...key, target: await presentTarget(services, p, updated) };
}

/** Which included targets can be sent, and why the others cannot yet. */
export async function sendReadiness(services: Services, actor: Actor, projectId: string): Promise<Record<string, unknown>> {
  const p = ownProject(services, actor, projectId);
  const targets = services.projects.targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId });
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
    stale_target_ids: [] as string[],
    not_previewed_target_ids: [] as string[],
    delivery_channels: Object.fromEntries(CHANNELS.map((c) => [c, 0])) as Record<string, number>,
  };
  for (const t of targets) {
    if (t.communicationId) {
      summary.already_queued_count++;
      continue;
    }
    const { facts } = await targetFacts(services, p, t.targetUserId);
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
    const { channel } = await deliveryChannel(services, p, t);
    if (!channel) summary.no_channel_count++;
    else summary.delivery_channels[channel]!++;
    if (channel && t.reviewStatus === 'approved' && state !== 'stale') summary.ready_count++;
  }
  return { success: true, ...actingFields(actor), project_id: p.projectId, summary };
}

/**
 * Queues every included, approved, fresh draft that has a channel and was not queued before, as
 * a live communication (idempotency key per target: re-activating never sends a target twice).
 * The dispatcher's daily caps pace the professional network (docs/projects.md, "Activation").
 */
export async function activateProject(services: Services, actor: Actor, projectId: string, now: number): Promise<Record<string, unknown>> {
  const p = ownProject(services, actor, projectId);
  const targets = services.projects.targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId });
  let queued = 0;
  const skipped: Record<string, number> = {};
  const skip = (why: string) => {
    skipped[why] = (skipped[why] ?? 0) + 1;
  };
  for (const t of targets) {
    if (t.communicationId) {
      skip('already_queued');
      continue;
    }
    if (t.reviewStatus !== 'approved') {
      skip('not_approved');
      continue;
    }
    const { facts } = await targetFacts(services, p, t.targetUserId);
    if (draftState(p, t, factsFingerprint(facts)) === 'stale') {
      skip('stale_draft');
      continue;
    }
    const { channel, recipientEmail } = await deliveryChannel(services, p, t);
    if (!channel) {
      skip('no_channel');
      continue;
    }
    try {
      const record = await createCommunication(
        services,
        actor,
        {
          channel,
          target_user_id: t.targetUserId,
          message: t.draftMessage ?? '',
          subject: channel === 'email_send' ? (t.draftSubject ?? p.title) : undefined,
          recipient_email: channel === 'email_send' ? (recipientEmail ?? undefined) : undefined,
          dry_run: false,
          idempotency_key: `project:${p.projectId}:target:${t.targetId}${t.sendAttempts ? `:retry:${t.sendAttempts}` : ''}`,
          context: { project_id: p.projectId, assignment_target_id: t.targetId },
        },
        now,
      );
      services.projects.updateDraft(t.targetId, { communicationId: record.id as string, queuedAt: now, contactChannel: channel });
      queued++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skip((err.extra.reason as string | undefined) ?? err.code);
    }
  }
  const updated = services.projects.update(p.projectId, { status: 'active', activatedAt: p.activatedAt ?? now }, now);
  const skippedText = Object.entries(skipped)
    .map(([k, v]) => `${v} ${k.replace(/_/g, ' ')}`)
    .join(', ');
  return {
    success: true,
    ...actingFields(actor),
    project_id: p.projectId,
    message: `Queued ${queued} message${queued === 1 ? '' : 's'}${skippedText ? `; skipped ${skippedText}` : ''}. Professional-network sends follow the daily cap and resume the next day.`,
    queued_count: queued,
    skipped,
    project: presentProject(services, updated),
  };
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
): Promise<Record<string, unknown>> {
  const p = ownProject(services, actor, projectId);
  const targets = services.projects.targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId });
  let reset = 0;
  for (const t of targets) {
    const c = t.communicationId ? services.communications.store.get(t.communicationId) : null;
    if (c?.channel !== 'professional_send_message' || c.status !== 'failed') continue;
    services.projects.updateDraft(t.targetId, { communicationId: null, queuedAt: null, sendAttempts: t.sendAttempts + 1 });
    reset++;
  }
  const activation = reset ? await activateProject(services, actor, projectId, now) : null;
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

/** Outreach metrics: sends, replies (in-service replies after the send), link clicks, statuses. */
export function projectMetrics(services: Services, actor: Actor, projectId: string): Record<string, unknown> {
  const p = ownProject(services, actor, projectId);
  const targets = services.projects.targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId });
  const outreach: Record<string, number> = {};
  const recipient: Record<string, number> = {};
  let sent = 0;
  let responses = 0;
  for (const t of targets) {
    const c = t.communicationId ? services.communications.store.get(t.communicationId) : null;
    const status = c ? c.status : 'not_queued';
    outreach[status] = (outreach[status] ?? 0) + 1;
    const delivered = c?.status === 'completed';
    if (delivered) sent++;
    const replied =
      delivered &&
      services.communications.inbox
        .messagesBetween(p.actingUserId, t.targetUserId)
        .some((m) => m.senderUserId === t.targetUserId && m.createdAt >= (c!.dispatchedAt ?? c!.createdAt));
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
    schedule_link_clicks: 0,
    schedule_link_click_rate: sent ? 0 : null,
    outreach_status_counts: outreach,
    recipient_status_counts: recipient,
  };
}
