import crypto from 'node:crypto';
import { type Actor, actingFields } from '../../auth/actor.js';
import { webhookUrlRefusal } from '../../communications/webhook-address.js';
import { redactUrl } from '../../communications/webhooks.js';
import { AppError, invalidField } from '../../errors.js';
import type { Services } from '../../services.js';
import { DEFAULT_OPTIONS, type Delivery, presentSignal, type SignalType, type Watcher, type WatcherOptions } from '../../signals/model.js';
import { iso, ownProject } from '../projects/projects.js';

/** Active watchers an account may keep (docs/signals.md). */
export const MAX_WATCHERS = 50;

/** Signal types that need people or companies to watch; liked_my_post watches the caller's own posts. */
const NEEDS_COHORT = new Set<SignalType>([
  'competitor_engagement',
  'role_change',
  'jobs',
  'employee_post',
  'company_growth',
  'hiring_spike',
  'warm_intro',
  'posts',
]);

export interface WatcherBody {
  name?: string;
  signal_types: SignalType[];
  cohort?: { project_id?: string; person_ids?: string[]; company_ids?: string[]; search_id?: string };
  deliveries?: Delivery[];
  project_id?: string;
  email_to?: string;
  webhook_url?: string;
  webhook_secret?: string;
  options?: Partial<WatcherOptions>;
}

/** A watcher of the caller's account, or 404 `watcher_not_found`. */
export function ownWatcher(services: Services, actor: Actor, watcherId: string): Watcher {
  const w = services.signals.watcher(watcherId);
  if (!w || w.ownerUserId !== actor.ownerUserId)
    throw new AppError(404, 'watcher_not_found', `No signal watcher ${watcherId} on this account.`, { watcher_id: watcherId });
  return w;
}

/** The watcher resource (docs/signals.md, "The watcher"). */
export function presentWatcher(services: Services, w: Watcher, detail = false): Record<string, unknown> {
  const out: Record<string, unknown> = {
    watcher_id: w.watcherId,
    name: w.name,
    status: w.status,
    signal_types: w.signalTypes,
    cohort: {
      source: w.cohortSource,
      project_id: w.cohortSource === 'project' ? w.projectId : null,
      person_ids: w.personIds.slice(0, 100),
      person_count: w.personIds.length,
      company_ids: w.companyIds.slice(0, 100),
      company_count: w.companyIds.length,
    },
    deliveries: w.deliveries,
    project_id: w.projectId,
    email_to: w.emailTo,
    webhook_url: w.webhookUrl ? redactUrl(w.webhookUrl) : null,
    options: w.options,
    last_run_seq: w.lastRunSeq,
    connector_cursor: w.connectorCursor,
    owner_user_id: w.ownerUserId,
    acting_user_id: w.actingUserId,
    created_at: iso(w.createdAt),
    updated_at: iso(w.updatedAt),
  };
  if (detail) {
    out.recent_deliveries = services.signals.deliveries(w.watcherId);
    out.recent_runs = services.signals.runs(5);
  }
  return out;
}

function unique<T>(list: T[] | undefined, pointer: string): T[] | undefined {
  if (list && new Set(list).size !== list.length) throw invalidField('body', pointer, 'must not repeat a value');
  return list;
}

/** Checks what the types and deliveries need of each other (a cohort, a project, an address, a URL). */
function checkShape(
  services: Services,
  actor: Actor,
  w: Pick<Watcher, 'signalTypes' | 'deliveries' | 'projectId' | 'emailTo' | 'webhookUrl' | 'cohortSource' | 'personIds' | 'companyIds'>,
  /** On PATCH the cohort and project are fixed: a refusal names what was sent, and says so. */
  patching = false,
): void {
  // A watcher's cohort and project are set when it is made; PATCH cannot change them.
  const fixed = (field: string, what: string, needs: string) =>
    invalidField(
      'body',
      field,
      `${what} needs ${needs}, which this watcher was made without; a watcher's cohort and project are set when it is created, so create another watcher for it`,
    );
  const cohortless = w.cohortSource !== 'project' && !w.personIds.length && !w.companyIds.length;
  const needing = w.signalTypes.filter((t) => NEEDS_COHORT.has(t));
  if (cohortless && needing.length)
    throw patching
      ? fixed('/signal_types', needing.join(', '), 'a cohort (a project, people, companies or a search)')
      : invalidField('body', '/cohort', `is required for ${needing.join(', ')}: name a project_id, person_ids, company_ids or a search_id`);
  if (w.signalTypes.includes('competitor_engagement') && !w.companyIds.length)
    throw patching
      ? fixed('/signal_types', 'competitor_engagement', 'a cohort of company_ids')
      : invalidField('body', '/cohort/company_ids', 'is required for competitor_engagement: the competitors whose posts to watch');
  if (w.signalTypes.includes('follow_up') && w.cohortSource !== 'project')
    throw patching
      ? fixed('/signal_types', 'follow_up', 'a project cohort')
      : invalidField('body', '/cohort/project_id', 'is required for follow_up: it follows up the project’s sent messages');
  if (w.deliveries.includes('project_feed') && !w.projectId)
    throw patching
      ? fixed('/deliveries', 'the project_feed delivery', 'a project')
      : invalidField('body', '/project_id', 'is required for the project_feed delivery (or watch a project cohort)');
  if (w.deliveries.includes('agent_webhook') && !w.webhookUrl)
    throw invalidField('body', '/webhook_url', 'is required for the agent_webhook delivery');
  const hookRefusal = w.webhookUrl ? webhookUrlRefusal(w.webhookUrl, services.config.communications.webhookAddresses) : null;
  if (hookRefusal) throw invalidField('body', '/webhook_url', hookRefusal);
  if (w.deliveries.includes('email_digest') && !w.emailTo && !actor.owner.email)
    throw invalidField('body', '/email_to', 'is required for the email_digest delivery: the account has no email address');
  if (w.projectId) ownProject(services, actor, w.projectId);
}

/** `POST /api/v1/signals/watchers`. */
export function createWatcher(services: Services, actor: Actor, body: WatcherBody): Record<string, unknown> {
  const types = unique(body.signal_types, '/signal_types')!;
  const deliveries = unique(body.deliveries, '/deliveries') ?? ['connector'];
  const cohort = body.cohort ?? {};
  const sources = (['project_id', 'person_ids', 'company_ids', 'search_id'] as const).filter((k) => cohort[k] !== undefined);
  if (sources.includes('project_id') && sources.includes('search_id'))
    throw invalidField('body', '/cohort', 'takes a project_id or a search_id, not both');
  let personIds = unique(cohort.person_ids, '/cohort/person_ids') ?? [];
  const companyIds = unique(cohort.company_ids, '/cohort/company_ids') ?? [];
  if (cohort.search_id) {
    const search = services.peopleSearches.getSearch(cohort.search_id, actor.ownerUserId, services.clock());
    if (!search)
      throw new AppError(404, 'search_not_found', `No recorded search ${cohort.search_id} on this account (it may have expired).`, {
        search_id: cohort.search_id,
      });
    // The people of the recorded result, frozen now: a watcher never re-runs the search.
    personIds = [...new Set([...personIds, ...search.profileIds])].slice(0, 1000);
  }
  if (cohort.project_id && body.project_id && cohort.project_id !== body.project_id)
    throw invalidField('body', '/project_id', 'must be the cohort’s project when both are given');
  const projectId = cohort.project_id ?? body.project_id ?? null;
  const cohortSource: Watcher['cohortSource'] = cohort.project_id
    ? 'project'
    : cohort.search_id
      ? 'search'
      : personIds.length || !companyIds.length
        ? 'people'
        : 'companies';
  const shape = {
    signalTypes: types,
    deliveries,
    projectId,
    emailTo: body.email_to ?? null,
    webhookUrl: body.webhook_url ?? null,
    cohortSource,
    personIds,
    companyIds,
  };
  checkShape(services, actor, shape);
  if (services.signals.watchers(actor.ownerUserId, { limit: 1, offset: 0 }).total >= MAX_WATCHERS)
    throw new AppError(409, 'watcher_limit_reached', `An account keeps at most ${MAX_WATCHERS} watchers; delete one first.`);
  // An agent webhook is always signed: a secret the caller did not choose is made and shown once.
  const secret = body.webhook_url ? (body.webhook_secret ?? crypto.randomBytes(24).toString('base64url')) : null;
  const w = services.signals.createWatcher({
    ownerUserId: actor.ownerUserId,
    actingUserId: actor.actingUserId,
    name: body.name ?? `${types.join(', ')} watcher`,
    ...shape,
    webhookSecret: secret,
    options: { ...DEFAULT_OPTIONS, ...body.options },
  });
  return {
    success: true,
    ...actingFields(actor),
    watcher: presentWatcher(services, w, true),
    ...(secret && !body.webhook_secret ? { webhook_secret: secret } : {}),
  };
}

export function listWatchers(
  services: Services,
  actor: Actor,
  q: { project_id?: string; limit: number; offset: number },
): Record<string, unknown> {
  const page = services.signals.watchers(actor.ownerUserId, { projectId: q.project_id, limit: q.limit, offset: q.offset });
  return {
    success: true,
    ...actingFields(actor),
    watchers: page.watchers.map((w) => presentWatcher(services, w)),
    pagination: { limit: q.limit, offset: q.offset, total: page.total, has_more: q.offset + page.watchers.length < page.total },
  };
}

export function readWatcher(services: Services, actor: Actor, watcherId: string): Record<string, unknown> {
  return { success: true, ...actingFields(actor), watcher: presentWatcher(services, ownWatcher(services, actor, watcherId), true) };
}

/** `PATCH`: name, status (active or paused), types, deliveries, addresses, options; checked as on create. */
export function updateWatcher(
  services: Services,
  actor: Actor,
  watcherId: string,
  body: Partial<Pick<WatcherBody, 'name' | 'signal_types' | 'deliveries' | 'email_to' | 'webhook_url' | 'webhook_secret' | 'options'>> & {
    status?: 'active' | 'paused';
  },
): Record<string, unknown> {
  const w = ownWatcher(services, actor, watcherId);
  const next = {
    signalTypes: unique(body.signal_types, '/signal_types') ?? w.signalTypes,
    deliveries: unique(body.deliveries, '/deliveries') ?? w.deliveries,
    projectId: w.projectId,
    emailTo: body.email_to ?? w.emailTo,
    webhookUrl: body.webhook_url ?? w.webhookUrl,
    cohortSource: w.cohortSource,
    personIds: w.personIds,
    companyIds: w.companyIds,
  };
  checkShape(services, actor, next, true);
  const newSecret = body.webhook_url && !w.webhookSecret && !body.webhook_secret ? crypto.randomBytes(24).toString('base64url') : undefined;
  const updated = services.signals.updateWatcher(w.watcherId, {
    name: body.name,
    signalTypes: body.signal_types,
    deliveries: body.deliveries,
    emailTo: body.email_to,
    webhookUrl: body.webhook_url,
    webhookSecret: body.webhook_secret ?? newSecret,
    options: body.options ? { ...w.options, ...body.options } : undefined,
    status: body.status,
  });
  return {
    success: true,
    ...actingFields(actor),
    watcher: presentWatcher(services, updated, true),
    ...(newSecret ? { webhook_secret: newSecret } : {}),
  };
}

export function deleteWatcher(services: Services, actor: Actor, watcherId: string): Record<string, unknown> {
  const w = ownWatcher(services, actor, watcherId);
  services.signals.deleteWatcher(w.watcherId);
  return { success: true, ...actingFields(actor), watcher_id: w.watcherId, deleted: true };
}

/** `GET /api/v1/signals`: the feed (a project's feed with project_id), oldest first after a cursor. */
export function listSignals(
  services: Services,
  actor: Actor,
  q: { watcher_id?: string; project_id?: string; signal_type?: string; after: number; limit: number },
): Record<string, unknown> {
  if (q.watcher_id) ownWatcher(services, actor, q.watcher_id);
  if (q.project_id) ownProject(services, actor, q.project_id);
  const page = services.signals.signals(actor.ownerUserId, {
    watcherId: q.watcher_id,
    projectId: q.project_id,
    type: q.signal_type,
    after: q.after,
    limit: q.limit,
  });
  return {
    success: true,
    ...actingFields(actor),
    signals: page.signals.map(presentSignal),
    next_cursor: page.signals.at(-1)?.seq ?? q.after,
    has_more: page.hasMore,
  };
}

/** `POST .../poll`: the connector stream; each call returns what the previous ones did not. */
export function pollWatcher(services: Services, actor: Actor, watcherId: string, limit: number): Record<string, unknown> {
  const w = ownWatcher(services, actor, watcherId);
  const page = services.signals.poll(w, limit);
  return {
    success: true,
    ...actingFields(actor),
    watcher_id: w.watcherId,
    signals: page.signals.map(presentSignal),
    cursor: page.signals.at(-1)?.seq ?? w.connectorCursor,
    has_more: page.hasMore,
  };
}
