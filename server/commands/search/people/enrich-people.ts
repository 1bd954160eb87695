/**
 * Enrich a stored full search: one person of its page (`target_user_id`) or rows of the page,
 * with match reasons, evidence text and JSON and relationship detail. Priced per person not yet
 * enriched by the account: `enrichQuantity` is what the route reserves before the work, and the
 * call settles to the people it newly enriched.
 */
import { INDICES } from '../../../../mappings/indices.js';
import type { AdvancedFilters } from '../../../../query-planner/advanced-filters.js';
import { PEOPLE_SEARCH_LIMITS } from '../../../../query-planner/limits.js';
import { AppError } from '../../../errors.js';
import { type OperationName, operationName, type Surface } from '../../../http/operation-names.js';
import { loadNetwork } from '../../../search/network.js';
import type { Services } from '../../../services.js';
import type { StoredSearch } from '../../../store/people-searches.js';
import { SEARCH_PAGE_TTL_MS } from '../../../store/retention.js';
import type { SearchActivityKind } from '../../../store/search-activities.js';
import { DEFAULT_ROW_OPTIONS, loadPersonRows, type PersonRowData, type RowOptions } from './person-rows.js';

type Body = Record<string, unknown>;

/** What each kind of recorded search is, and the operation that makes it. */
const ACTIVITY_KINDS: Record<SearchActivityKind, { what: string; operation: OperationName }> = {
  companies: { what: 'a company search', operation: 'company_search' },
  jobs: { what: 'a job search', operation: 'job_search' },
  jobs_with_people: { what: 'a job search', operation: 'job_search' },
  posts: { what: 'a post search', operation: 'post_search' },
  posts_with_people: { what: 'a post search', operation: 'post_search' },
};

/**
 * The answer to a search id that is unknown, expired, another account's or a preview's, worded
 * for the face it is said on (`surface`). `other` says what the id is instead, when it is known
 * (the search_id of a company search...).
 */
export const searchNotFound = (id: string, surface: Surface = 'rest', other = '') => {
  const days = SEARCH_PAGE_TTL_MS / 86_400_000;
  const also = other ? ` ${other}` : '';
  return new AppError(
    404,
    'search_not_found',
    surface === 'connector'
      ? `No recorded people_search page "${id}" for this account.${also} replay_search_result takes the search_id of a people_search result (kept ${days} days); discover_employers and the other searches record no page to replay.`
      : `No stored full search "${id}" for this account.${also} Only ${operationName('stored_people_searches', surface)} are stored, for ${days} days; preview results have no search_id and cannot be enriched.`,
  );
};

/**
 * A stored search of the owner, or 404 `search_not_found`: saying, when the id is the search_id
 * of the owner's company, job or post search, that it is one, and what takes it.
 */
export function storedSearch(
  services: Services,
  searchId: string,
  ownerUserId: string,
  now: number,
  surface: Surface = 'rest',
): StoredSearch {
  const stored = services.peopleSearches.getSearch(searchId, ownerUserId, now);
  if (stored) return stored;
  const activity = services.searchActivities.get(searchId, ownerUserId, now);
  const kind = activity ? ACTIVITY_KINDS[activity.kind] : null;
  const other = kind
    ? `It is the search_id of ${kind.what} (${operationName(kind.operation, surface)}), which is not recorded for replay: run that search again.${
        activity?.kind === 'companies'
          ? ` Its companies can narrow a people search: pass it as filters.companies[].where.search_id to ${operationName('people_search', surface)}.`
          : ''
      }`
    : '';
  throw searchNotFound(searchId, surface, other);
}

/** Which rows of a stored search to enrich. */
export interface EnrichSelection {
  stored: StoredSearch;
  /** Profile ids, in page order. */
  ids: string[];
  offset: number;
  limit: number;
  target: string | null;
}

export interface EnrichRequest {
  searchId: string;
  /** One person of the stored page; otherwise rows `offset`..`offset + limit` of it. */
  targetUserId: string | null;
  /** Already clamped to the stored page (0-24, 1-25); null limit: the rest of the page. */
  offset: number;
  limit: number | null;
}

/** The rows a request enriches; 404 for an unknown search or a person not in its page. */
export function selectEnrichRows(services: Services, ownerUserId: string, req: EnrichRequest, now: number): EnrichSelection {
  const stored = storedSearch(services, req.searchId, ownerUserId, now);
  if (req.targetUserId) {
    if (!stored.profileIds.includes(req.targetUserId))
      throw new AppError(
        404,
        'not_found',
        `Person ${req.targetUserId} is not in the results of search ${stored.searchId}; enrich a person that search returned.`,
      );
    return { stored, ids: [req.targetUserId], offset: 0, limit: stored.profileIds.length, target: req.targetUserId };
  }
  const limit = req.limit ?? PEOPLE_SEARCH_LIMITS.snapshotRows;
  return { stored, ids: stored.profileIds.slice(req.offset, req.offset + limit), offset: req.offset, limit, target: null };
}

/**
 * What an enrich call costs, in people: the selected rows this account has not enriched yet.
 * A row already enriched (by an earlier enrich of this search, or a lookup) costs nothing.
 */
export function enrichQuantity(services: Services, ownerUserId: string, selection: EnrichSelection): number {
  const done = services.peopleSearches.enrichedAmong(ownerUserId, selection.ids);
  return selection.ids.filter((id) => !done.has(id)).length;
}

/** The filters a stored search applied (for match reasons). */
function appliedOf(stored: StoredSearch): { filters: AdvancedFilters; keywords: string[] } {
  const r = stored.response as { search_metadata?: Body; request?: { applied_request?: Body } };
  const applied = r.search_metadata ?? r.request?.applied_request ?? {};
  return { filters: (applied.filters as AdvancedFilters | undefined) ?? {}, keywords: (applied.keywords as string[] | undefined) ?? [] };
}

/** Enriches the selected rows and marks them enriched; returns the rows, their options and the newly enriched ids. */
export async function enrichPeople(
  services: Services,
  input: { ownerUserId: string; selection: EnrichSelection; textMode: 'base' | 'full'; postsLimit: number; now: number },
): Promise<{ rows: PersonRowData[]; options: RowOptions; fresh: string[] }> {
  const { stored, ids } = input.selection;
  const docs = (await services.engine.mget<Record<string, unknown>>(INDICES.profiles.alias, ids)).filter(
    (d): d is Record<string, unknown> => d !== null,
  );
  const network = loadNetwork(services.graph, services.users.get(stored.actingUserId)?.userId ?? null);
  const { filters, keywords } = appliedOf(stored);
  const options: RowOptions = {
    ...DEFAULT_ROW_OPTIONS,
    reasons: true,
    evidenceText: true,
    evidenceJson: true,
    textMode: input.textMode,
    postsLimit: input.postsLimit,
    relationshipDetail: 'summary',
  };
  const rows = await loadPersonRows(services, {
    docs,
    network,
    actingUserId: stored.actingUserId,
    filters,
    keywords,
    options,
    verified: null,
  });
  const fresh = services.peopleSearches.markEnriched(
    input.ownerUserId,
    rows.map((r) => r.id),
    input.now,
  );
  return { rows, options, fresh };
}
