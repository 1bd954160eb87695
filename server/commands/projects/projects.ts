import { type Actor, actingFields } from '../../auth/actor.js';
import { AppError, invalidField } from '../../errors.js';
import type { EngagementMode, Project } from '../../projects/record.js';
import type { Services } from '../../services.js';
import { assertKnownPlaceholders } from './drafting.js';
import { presentTargets } from './targets.js';

export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A project of the caller's account, or 404 `project_not_found`. */
export function ownProject(services: Services, actor: Actor, projectId: string): Project {
  const p = services.projects.get(projectId);
  if (!p || p.ownerUserId !== actor.ownerUserId)
    throw new AppError(404, 'project_not_found', `No project ${projectId} on this account.`, { project_id: projectId });
  return p;
}

/**
 * A project drafts and sends in the name of the user it was created as. When that user was a
 * delegate whose grant has since ended, nothing more is drafted or sent in their name: 403
 * `delegate_not_allowed` (reading, exporting and archiving still work).
 */
export function assertProjectActor(services: Services, p: Project): void {
  if (p.actingUserId === p.ownerUserId || services.delegates.isAllowed(p.ownerUserId, p.actingUserId)) return;
  throw new AppError(
    403,
    'delegate_not_allowed',
    `Project ${p.projectId} drafts and sends as ${p.actingUserId}, whose delegation of this account has ended: nothing more is drafted or sent in their name. The owner can restore the grant (proxima delegates add, or the delegate accepts again), or start a new project as themself.`,
    { delegate_user_id: p.actingUserId },
  );
}

/**
 * An archived project is read-only for anything that changes its outreach (targets, templates,
 * drafts, activation, retries, its details): 409 `project_archived`. Reading, exporting and
 * unarchiving go on (docs/projects.md, "Archiving").
 */
export function assertNotArchived(p: Project): void {
  if (p.archivedAt === null) return;
  throw new AppError(
    409,
    'project_archived',
    `Project ${p.projectId} is archived, so its targets, templates, drafts and sends cannot change: unarchive it first (on REST, POST /api/v1/projects/${p.projectId}/archive with {"archived": false}; the connector has no archive mode).`,
    { project_id: p.projectId, archived_at: iso(p.archivedAt) },
  );
}

/**
 * A project of the caller's account that may change its outreach: not archived, and drafting in
 * the name of someone who may still send as the account (see the two checks above).
 */
export function writableProject(services: Services, actor: Actor, projectId: string): Project {
  const p = ownProject(services, actor, projectId);
  assertNotArchived(p);
  assertProjectActor(services, p);
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
    schedule_url: p.scheduleUrl,
    target_count: services.projects.countTargets(p.projectId, { includedOnly: true, excludeUserId: p.ownerUserId }),
    is_archived: p.archivedAt !== null,
    archived_at: iso(p.archivedAt),
    activated_at: iso(p.activatedAt),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

export interface CreateProjectInput {
  title: string;
  description?: string;
  pitch?: string;
  engagement_mode?: EngagementMode;
  schedule_url?: string;
}

export function createProject(services: Services, actor: Actor, input: CreateProjectInput, now: number): Record<string, unknown> {
  // As an update refuses it: a title of spaces is no title.
  if (!input.title.trim()) throw invalidField('body', '/title', 'must not be blank');
  assertKnownPlaceholders(input.title, '/title');
  assertKnownPlaceholders(input.pitch, '/pitch');
  const p = services.projects.create({
    ownerUserId: actor.ownerUserId,
    actingUserId: actor.actingUserId,
    title: input.title.trim(),
    description: input.description ?? null,
    pitch: input.pitch ?? null,
    engagementMode: input.engagement_mode,
    now,
  });
  if (input.schedule_url) services.projects.update(p.projectId, { scheduleUrl: input.schedule_url }, now);
  return { success: true, ...actingFields(actor), project: presentProject(services, services.projects.get(p.projectId)!) };
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
    project.targets = await presentTargets(services, p, list);
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
    schedule_url?: string | null;
  },
  now: number,
): Record<string, unknown> {
  const p = writableProject(services, actor, projectId);
  if (body.title !== undefined && !body.title.trim()) throw invalidField('body', '/title', 'must not be blank');
  assertKnownPlaceholders(body.title, '/title');
  assertKnownPlaceholders(body.pitch, '/pitch');
  const updated = services.projects.update(
    p.projectId,
    {
      title: body.title?.trim(),
      description: body.description,
      pitch: body.pitch,
      status: body.status,
      allowDiscovery: body.allow_discovery,
      engagementMode: body.engagement_mode,
      scheduleUrl: body.schedule_url,
    },
    now,
  );
  // The pitch and the title ({{project_title}}) feed every draft: a new one makes generated drafts stale.
  if ((body.pitch !== undefined && body.pitch !== p.pitch) || (body.title !== undefined && body.title.trim() !== p.title))
    services.projects.setTemplates(p.projectId, {}, now);
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
  // Archiving twice keeps the first archived_at (and the list's order); restoring twice is as once.
  if ((p.archivedAt !== null) === archived) return { success: true, project: presentProject(services, p), cancelled_count: 0 };
  const updated = services.projects.update(p.projectId, { archivedAt: archived ? now : null }, now);
  // A project put away sends nothing more: its sends still queued (a professional-network send
  // held by the daily cap above all) are cancelled. Activation queues them again once restored.
  const cancelled = archived ? cancelQueuedSends(services, actor, updated, now) : 0;
  return { success: true, project: presentProject(services, updated), cancelled_count: cancelled };
}

/** Cancels the project's communications still `queued` (not yet handed to a provider); returns how many. */
function cancelQueuedSends(services: Services, actor: Actor, p: Project, now: number): number {
  const store = services.communications.store;
  let cancelled = 0;
  for (const t of services.projects.targets(p.projectId, {
    includedOnly: false,
    limit: 100_000,
    offset: 0,
    excludeUserId: p.ownerUserId,
  })) {
    if (!t.communicationId || store.get(t.communicationId)?.status !== 'queued') continue;
    const done = store.transition(
      t.communicationId,
      { from: ['queued'] },
      { status: 'cancelled', completedAt: now, leaseOwner: null, leaseUntil: null, nextAttemptAt: null },
      [{ type: 'cancelled', data: { reason: 'project archived', previous_status: 'queued', by_user_id: actor.actingUserId } }],
      now,
    );
    if (done) cancelled++;
  }
  return cancelled;
}
