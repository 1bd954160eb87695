/**
 * The review queue of contact reconciliation (docs/contacts.md, "Review actions"): listing the
 * entities apply made, searching candidates again, and the actions that confirm, reject, flag,
 * ignore and restore them, one at a time or in bulk.
 */
import { INDICES } from '../../mappings/indices.js';
import { type Actor, actingFields } from '../auth/actor.js';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';
import { type Db, prepared } from '../store/database.js';
import { ContactMatcher, type ContactRow } from './matcher.js';
import { type EntityRow, presentCandidates } from './reconciliation.js';
import { BUCKETS, type Bucket, iso, requireConfirmation } from './runs.js';

/** What a review entity offers to do next (left out of the minimal projection). */
function nextActions(bucket: Bucket): string[] {
  if (bucket === 'ignored') return ['restore_entity'];
  if (bucket === 'approved') return ['reject_candidate', 'mark_needs_review', 'ignore_entity'];
  if (bucket === 'unresolved') return ['confirm_candidate', 'mark_needs_review', 'ignore_entity'];
  return ['confirm_candidate', 'reject_candidate', 'mark_needs_review', 'ignore_entity'];
}

export function presentEntity(e: EntityRow, verbosity: 'compact' | 'minimal' | 'detailed'): Record<string, unknown> {
  const row = JSON.parse(e.row_json) as Record<string, unknown>;
  const candidates = JSON.parse(e.candidates_json) as Record<string, unknown>[];
  if (verbosity === 'minimal')
    return {
      entity_id: e.entity_id,
      row_id: e.row_id,
      bucket: e.bucket,
      confidence: e.confidence,
      name: row.name ?? ([row.first_name, row.last_name].filter(Boolean).join(' ') || null),
      selected_user_id: e.confirmed_user_id ?? e.proposed_user_id,
    };
  const out: Record<string, unknown> = {
    entity_id: e.entity_id,
    row_id: e.row_id,
    run_id: e.run_id,
    batch_index: e.batch_index,
    bucket: e.bucket,
    status: e.match_status,
    confidence: e.confidence,
    reason: e.reason,
    proposed_user_id: e.proposed_user_id,
    confirmed_user_id: e.confirmed_user_id,
    row,
    candidates: verbosity === 'detailed' ? candidates : candidates.slice(0, 1).map(({ evidence: _e, ...c }) => c),
    next_actions: nextActions(e.bucket),
    created_at: iso(e.created_at),
    updated_at: iso(e.updated_at),
  };
  return out;
}

/** `GET /api/v1/contacts/reconciliation/review`: the account's review entities, by bucket. */
export function listReview(
  services: Services,
  actor: Actor,
  q: { bucket?: Bucket; limit: number; offset: number; response_verbosity?: 'compact' | 'minimal' | 'detailed'; minimal_fields?: boolean },
): Record<string, unknown> {
  const verbosity = q.minimal_fields ? 'minimal' : (q.response_verbosity ?? 'compact');
  const args = { owner: actor.ownerUserId, bucket: q.bucket ?? null, limit: q.limit, offset: q.offset };
  const where = 'owner_user_id = @owner AND (@bucket IS NULL OR bucket = @bucket)';
  const rows = prepared(
    services.db,
    `SELECT * FROM contact_entities WHERE ${where} ORDER BY created_at, batch_index, row_key LIMIT @limit OFFSET @offset`,
  ).all(args) as EntityRow[];
  const total = Number(prepared(services.db, `SELECT count(*) FROM contact_entities WHERE ${where}`).pluck().get(args));
  const pagination = { total_count: total, limit: q.limit, offset: q.offset, has_more: q.offset + rows.length < total };
  const out: Record<string, unknown> = {
    success: true,
    ...actingFields(actor),
    response_verbosity: verbosity,
    pagination,
    ...pagination,
    items: rows.map((e) => presentEntity(e, verbosity)),
  };
  if (verbosity !== 'compact') {
    const counts = Object.fromEntries(BUCKETS.map((b) => [b, 0])) as Record<string, number>;
    for (const r of prepared(services.db, 'SELECT bucket, count(*) AS n FROM contact_entities WHERE owner_user_id = ? GROUP BY bucket').all(
      actor.ownerUserId,
    ) as { bucket: string; n: number }[])
      counts[r.bucket] = r.n;
    // `resolved` counts what is settled on a person: approved entities.
    out.counts = { resolved: counts.approved ?? 0, ...counts };
  }
  return out;
}

// ---- review actions ----

export const REVIEW_ACTIONS = ['confirm_candidate', 'reject_candidate', 'mark_needs_review', 'ignore_entity', 'restore_entity'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
/** The path form of the actions (`POST …/review/:entityId/:action`). */
export const PATH_ACTIONS: Record<string, ReviewAction> = {
  'needs-review': 'mark_needs_review',
  'not-a-match': 'reject_candidate',
  ignore: 'ignore_entity',
  restore: 'restore_entity',
};

function ownEntity(db: Db, actor: Actor, entityId: string): EntityRow {
  const e = prepared(db, 'SELECT * FROM contact_entities WHERE entity_id = ?').get(entityId) as
    | (EntityRow & { owner_user_id: string })
    | undefined;
  if (!e || e.owner_user_id !== actor.ownerUserId)
    throw new AppError(404, 'review_entity_not_found', `No review entity ${entityId} on this account.`, { entity_id: entityId });
  return e;
}

/** The bucket an entity goes back to: where it was before it was ignored, else what its match said. */
function restoredBucket(e: EntityRow & { previous_bucket?: string | null }): Bucket {
  if (e.previous_bucket && e.previous_bucket !== 'ignored') return e.previous_bucket as Bucket;
  if (e.confirmed_user_id) return 'approved';
  return e.match_status === 'resolved' ? 'likely_match' : e.match_status;
}

/**
 * Applies one review action to an entity (in the caller's transaction). Confirming names the
 * person (the given candidate, else the proposed or top one); rejecting sets the current
 * candidate aside and proposes the next; the other three move the entity between buckets.
 */
function actOn(
  db: Db,
  e: EntityRow & { rejected_json?: string; previous_bucket?: string | null },
  action: ReviewAction,
  candidate: string | null,
  now: number,
): EntityRow {
  const candidates = JSON.parse(e.candidates_json) as { user_id: string }[];
  const rejected = new Set(JSON.parse(e.rejected_json ?? '[]') as string[]);
  const set = (fields: Record<string, unknown>) => {
    const keys = Object.keys(fields);
    prepared(db, `UPDATE contact_entities SET ${keys.map((k) => `${k} = @${k}`).join(', ')}, updated_at = @now WHERE entity_id = @id`).run({
      ...fields,
      now,
      id: e.entity_id,
    });
  };
  switch (action) {
    case 'confirm_candidate': {
      const chosen =
        candidate ?? e.proposed_user_id ?? e.confirmed_user_id ?? candidates.find((c) => !rejected.has(c.user_id))?.user_id ?? null;
      if (!chosen)
        throw new AppError(400, 'candidate_required', 'This entity has no candidate to confirm: name one with candidate_user_id.', {
          entity_id: e.entity_id,
        });
      rejected.delete(chosen);
      set({
        bucket: 'approved',
        confirmed_user_id: chosen,
        proposed_user_id: null,
        rejected_json: JSON.stringify([...rejected]),
        previous_bucket: e.bucket,
      });
      break;
    }
    case 'reject_candidate': {
      const current = e.confirmed_user_id ?? e.proposed_user_id ?? candidates.find((c) => !rejected.has(c.user_id))?.user_id ?? null;
      if (current) rejected.add(current);
      const next = candidates.find((c) => !rejected.has(c.user_id))?.user_id ?? null;
      set({
        bucket: next ? 'needs_review' : 'unresolved',
        confirmed_user_id: null,
        proposed_user_id: next,
        rejected_json: JSON.stringify([...rejected]),
        previous_bucket: e.bucket,
      });
      break;
    }
    case 'mark_needs_review':
      set({ bucket: 'needs_review', previous_bucket: e.bucket });
      break;
    case 'ignore_entity':
      if (e.bucket !== 'ignored') set({ bucket: 'ignored', previous_bucket: e.bucket });
      break;
    case 'restore_entity':
      if (e.bucket === 'ignored') set({ bucket: restoredBucket(e), previous_bucket: null });
      break;
  }
  return prepared(db, 'SELECT * FROM contact_entities WHERE entity_id = ?').get(e.entity_id) as EntityRow;
}

/** Checks that a confirmed candidate is a person of the index (404 `candidate_not_found`). */
async function checkCandidate(services: Services, userId: string): Promise<void> {
  const [doc] = await services.engine.mget(INDICES.profiles.alias, [userId]);
  if (!doc) throw new AppError(404, 'candidate_not_found', `No person ${userId} to confirm.`, { candidate_user_id: userId });
}

export async function confirmEntity(
  services: Services,
  actor: Actor,
  entityId: string,
  body: { candidate_user_id?: string; candidate_snapshot?: Record<string, unknown>; user_confirmed?: boolean },
): Promise<Record<string, unknown>> {
  requireConfirmation(body);
  ownEntity(services.db, actor, entityId);
  if (body.candidate_user_id) await checkCandidate(services, body.candidate_user_id);
  const updated = services.db.transaction(() =>
    actOn(services.db, ownEntity(services.db, actor, entityId), 'confirm_candidate', body.candidate_user_id ?? null, services.clock()),
  )();
  return { success: true, ...actingFields(actor), entity: presentEntity(updated, 'detailed') };
}

export function pathAction(
  services: Services,
  actor: Actor,
  entityId: string,
  action: string,
  body: { user_confirmed?: boolean },
): Record<string, unknown> {
  const mapped = PATH_ACTIONS[action];
  if (!mapped)
    throw new AppError(404, 'not_found', `No review action "${action}": use ${Object.keys(PATH_ACTIONS).join(', ')} (or /confirm).`);
  requireConfirmation(body);
  const updated = services.db.transaction(() =>
    actOn(services.db, ownEntity(services.db, actor, entityId), mapped, null, services.clock()),
  )();
  return { success: true, ...actingFields(actor), entity: presentEntity(updated, 'detailed') };
}

/** `POST …/review/bulk`: one action over up to 100 entities; each succeeds or fails on its own. */
export async function bulkReview(
  services: Services,
  actor: Actor,
  body: {
    action: ReviewAction;
    entity_ids?: string[];
    items?: { entity_id: string; candidate_user_id?: string; candidate_snapshot?: Record<string, unknown> }[];
    user_confirmed?: boolean;
  },
): Promise<Record<string, unknown>> {
  requireConfirmation(body);
  const requests = [
    ...(body.items ?? []).map((i) => ({ entityId: i.entity_id, candidate: i.candidate_user_id ?? null })),
    ...(body.entity_ids ?? [])
      .filter((id) => !(body.items ?? []).some((i) => i.entity_id === id))
      .map((id) => ({ entityId: id, candidate: null })),
  ];
  // Up to 100 of each (the schema bounds both lists), so up to 200 entities in one action.
  if (!requests.length)
    throw new AppError(400, 'validation_failed', 'Name the entities: entity_ids or items (up to 100 of each).', {
      errors: [{ in: 'body', pointer: '/entity_ids', message: 'name at least one entity in entity_ids or items' }],
    });
  const results: Record<string, unknown>[] = [];
  for (const r of requests) {
    try {
      if (r.candidate && body.action === 'confirm_candidate') await checkCandidate(services, r.candidate);
      const updated = services.db.transaction(() =>
        actOn(services.db, ownEntity(services.db, actor, r.entityId), body.action, r.candidate, services.clock()),
      )();
      results.push({
        entity_id: r.entityId,
        success: true,
        bucket: updated.bucket,
        selected_user_id: updated.confirmed_user_id ?? updated.proposed_user_id,
        error: null,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ entity_id: r.entityId, success: false, bucket: null, selected_user_id: null, error: err.code, message: err.message });
    }
  }
  const succeeded = results.filter((r) => r.success).length;
  return {
    success: true,
    ...actingFields(actor),
    action: body.action,
    requested_count: requests.length,
    succeeded_count: succeeded,
    failed_count: requests.length - succeeded,
    results,
  };
}

/** `GET …/review/:entityId/candidates`: the row matched again (with `query` as the name when given). */
export async function entityCandidates(
  services: Services,
  actor: Actor,
  entityId: string,
  q: { query?: string; limit: number },
): Promise<Record<string, unknown>> {
  const e = ownEntity(services.db, actor, entityId);
  const stored = JSON.parse(e.row_json) as ContactRow & { extra?: unknown };
  const { extra: _extra, ...row } = stored;
  const asked: ContactRow = q.query?.trim() ? { ...row, name: q.query.trim(), first_name: null, last_name: null } : row;
  const result = await new ContactMatcher(services.engine, services.graph).match(asked, {
    perspectiveUserId: actor.actingUserId,
    maxCandidates: q.limit,
  });
  const rejected = new Set(JSON.parse((e as EntityRow & { rejected_json?: string }).rejected_json ?? '[]') as string[]);
  return {
    success: true,
    ...actingFields(actor),
    entity: presentEntity(e, 'compact'),
    candidates: presentCandidates(result, q.limit).map((c) => ({ ...c, rejected: rejected.has(c.user_id) })),
  };
}
