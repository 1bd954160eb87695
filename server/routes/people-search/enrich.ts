import { INDICES } from '../../../mappings/indices.js';
import type { AdvancedFilters } from '../../../query-planner/advanced-filters.js';
import { PEOPLE_SEARCH_LIMITS, type Receipt } from '../../../query-planner/limits.js';
import { AppError } from '../../errors.js';
import type { RouteRequest } from '../../http/route.js';
import { loadNetwork } from '../../search/network.js';
import { DEFAULT_ROW_OPTIONS, presentRows } from '../../search/person-rows.js';
import { GraphStore } from '../../store/graph.js';
import { PeopleSearchStore, type StoredSearch } from '../../store/people-searches.js';
import { SEARCH_PAGE_TTL_MS } from '../../store/retention.js';
import { clamp } from '../input.js';

type Body = Record<string, unknown>;

const searchNotFound = (id: string) =>
  new AppError(
    404,
    'search_not_found',
    `No stored full search "${id}" for this account. Only full searches (POST /api/v1/search/people or /api/v2/search/people/query) are stored, for ${SEARCH_PAGE_TTL_MS / 86_400_000} days; preview results have no search_id and cannot be enriched.`,
  );

function storedOrThrow(req: RouteRequest<unknown, unknown, unknown>, id: string): StoredSearch {
  const stored = req.services.peopleSearches.getSearch(id, req.actor!.ownerUserId, req.now);
  if (!stored) throw searchNotFound(id);
  return stored;
}

/** The filters a stored search applied (for match reasons). */
function appliedOf(stored: StoredSearch): { filters: AdvancedFilters; keywords: string[] } {
  const r = stored.response as { search_metadata?: Body; request?: { applied_request?: Body } };
  const applied = r.search_metadata ?? r.request?.applied_request ?? {};
  return { filters: (applied.filters as AdvancedFilters | undefined) ?? {}, keywords: (applied.keywords as string[] | undefined) ?? [] };
}

/** POST /api/v1/search/people/enrich: one person or the stored page, with evidence. */
export async function enrichPage(req: RouteRequest<Body, unknown, unknown>): Promise<Record<string, unknown>> {
  const body = req.body;
  const stored = storedOrThrow(req, body.search_id as string);
  const receipts: Receipt[] = [];
  let ids: string[];
  let offset = 0;
  let limit = stored.profileIds.length;
  const target = (body.target_user_id as string | undefined) ?? null;
  if (target) {
    if (!stored.profileIds.includes(target))
      throw new AppError(
        404,
        'not_found',
        `Person ${target} is not in the results of search ${stored.searchId}; enrich a person that search returned.`,
      );
    ids = [target];
  } else {
    offset = clamp(body.offset, { min: 0, max: PEOPLE_SEARCH_LIMITS.snapshotRows - 1, default: 0 }, '/offset', receipts);
    limit = clamp(
      body.limit,
      { min: 1, max: PEOPLE_SEARCH_LIMITS.snapshotRows, default: PEOPLE_SEARCH_LIMITS.snapshotRows },
      '/limit',
      receipts,
    );
    ids = stored.profileIds.slice(offset, offset + limit);
  }
  const docs = (await req.services.engine.mget<Record<string, unknown>>(INDICES.profiles.alias, ids)).filter(
    (d): d is Record<string, unknown> => d !== null,
  );
  const network = loadNetwork(req.services.graph, req.services.users.get(stored.actingUserId)?.userId ?? null);
  const { filters, keywords } = appliedOf(stored);
  const users = await presentRows(req.services, {
    docs,
    network,
    actingUserId: stored.actingUserId,
    filters,
    keywords,
    options: {
      ...DEFAULT_ROW_OPTIONS,
      reasons: true,
      evidenceText: true,
      evidenceJson: true,
      textMode: (body.evidence_text_mode as 'base' | 'full' | undefined) ?? 'base',
      postsLimit: clamp(body.evidence_posts_limit, PEOPLE_SEARCH_LIMITS.evidencePosts, '/evidence_posts_limit', receipts),
      relationshipDetail: 'summary',
    },
    verified: null,
  });
  const fresh = req.services.peopleSearches.markEnriched(
    req.actor!.ownerUserId,
    users.map((u) => u.id as string),
    req.now,
  );
  req.settleBilling(users.length);
  return {
    success: true,
    users,
    pagination: {
      limit,
      offset,
      returned: users.length,
      has_more: !target && offset + users.length < stored.profileIds.length,
      total: stored.profileIds.length,
      total_relation: 'eq',
      coverage_status: 'complete',
    },
    enrichment: {
      search_id: stored.searchId,
      status: 'completed',
      enriched: users.length,
      newly_enriched: fresh.length,
      target_user_id: target,
      evidence_text_mode: (body.evidence_text_mode as string | undefined) ?? 'base',
    },
    receipts,
  };
}

/** GET /api/v1/search/people/:search_id: the stored page as it was returned. */
export async function replaySearch(req: RouteRequest<unknown, unknown, { search_id: string }>): Promise<Record<string, unknown>> {
  const stored = storedOrThrow(req, req.params.search_id);
  return { ...stored.response, search_id: stored.searchId, replayed: true, replayed_from: new Date(stored.createdAt).toISOString() };
}
