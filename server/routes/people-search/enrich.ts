/**
 * The enrich and replay handlers: read the request, call the command, present. Enrich is priced
 * per person not yet enriched (`enrichReservation`, reserved before the work; settled to the
 * people newly enriched).
 */
import { PEOPLE_SEARCH_LIMITS, type Receipt } from '../../../query-planner/limits.js';
import type { Actor } from '../../auth/actor.js';
import {
  type EnrichRequest,
  enrichPeople,
  enrichQuantity,
  selectEnrichRows,
  storedSearch,
} from '../../commands/search/people/enrich-people.js';
import type { RouteRequest, SchemaType } from '../../http/route.js';
import type { Services } from '../../services.js';
import { clamp } from '../input.js';
import { presentEnrichment, presentReplay } from './presenter.js';
import type { enrichRequest } from './schemas.js';

/** The enrich request body, typed from its schema. */
type Body = SchemaType<typeof enrichRequest>;
const ROWS = PEOPLE_SEARCH_LIMITS.snapshotRows;

function enrichRequestOf(body: Body, receipts: Receipt[]): EnrichRequest {
  const target = body.target_user_id ?? null;
  return {
    searchId: body.search_id,
    targetUserId: target,
    offset: target ? 0 : clamp(body.offset, { min: 0, max: ROWS - 1, default: 0 }, '/offset', receipts),
    limit: target ? null : clamp(body.limit, { min: 1, max: ROWS, default: ROWS }, '/limit', receipts),
  };
}

/**
 * People to reserve before enriching: the selected rows the account has not enriched yet. An
 * unknown search or person reserves nothing: the handler answers its 404.
 */
export function enrichReservation(input: { body: Body; actor: Actor; services: Services; now: number }): number {
  try {
    const selection = selectEnrichRows(input.services, input.actor.ownerUserId, enrichRequestOf(input.body, []), input.now);
    return enrichQuantity(input.services, input.actor.ownerUserId, selection);
  } catch {
    return 0;
  }
}

/** POST /api/v1/search/people/enrich: one person or the stored page, with evidence. */
export async function enrichPage(req: RouteRequest<Body, unknown, unknown>): Promise<Record<string, unknown>> {
  const body = req.body;
  const receipts: Receipt[] = [];
  const owner = req.actor!.ownerUserId;
  const selection = selectEnrichRows(req.services, owner, enrichRequestOf(body, receipts), req.now);
  const textMode = body.evidence_text_mode ?? 'base';
  const postsLimit = clamp(body.evidence_posts_limit, PEOPLE_SEARCH_LIMITS.evidencePosts, '/evidence_posts_limit', receipts);
  const { rows, options, fresh } = await enrichPeople(req.services, { ownerUserId: owner, selection, textMode, postsLimit, now: req.now });
  // Charged: the people this call enriched for the first time.
  req.settleBilling(fresh.length);
  return presentEnrichment({ selection, rows, options, fresh, textMode, receipts });
}

/** GET /api/v1/search/people/:search_id: the stored page as it was returned. */
export async function replaySearch(req: RouteRequest<unknown, unknown, { search_id: string }>): Promise<Record<string, unknown>> {
  return presentReplay(storedSearch(req.services, req.params.search_id, req.actor!.ownerUserId, req.now, req.surface));
}
