import { PEOPLE_SEARCH_LIMITS } from '../../../query-planner/limits.js';
import type { PeopleSearchOutcome, PeopleSearchRequest } from '../../commands/search/people/search-people.js';
import type { RouteRequest } from '../../http/route.js';

/**
 * What a stored search keeps of its request: the bounded, normalised input the search used
 * (text as truncated, filters as normalised, paging as clamped, the lookup's username, the row
 * options), never the raw body, which may be a megabyte of which the search read 10,000
 * characters. The words left after parsing are not kept: the text gives them again.
 */
function storedRequest(request: PeopleSearchRequest, outcome: PeopleSearchOutcome): Record<string, unknown> {
  const applied = outcome.applied;
  return {
    route: request.route,
    input_mode: applied.input_mode,
    query: applied.query,
    filters: applied.filters,
    lookup: request.lookup ? { field: request.lookup.field, username: request.lookup.username } : null,
    network_filter_mode: applied.network_filter_mode,
    limit: applied.limit,
    offset: applied.offset,
    count_only: request.countOnly,
    rows: request.rows,
  };
}

/** Stores a full search page for enrich and replay, and its cohort; returns the ids. */
export function persistSearch(
  req: RouteRequest<Record<string, unknown>, unknown, unknown>,
  route: string,
  request: PeopleSearchRequest,
  outcome: PeopleSearchOutcome,
  response: Record<string, unknown>,
): { searchId: string; cohortRef: string | null } {
  const actor = req.actor!;
  const store = req.services.peopleSearches;
  const cohortRef =
    outcome.cohortQuery && outcome.total !== 0
      ? store.saveCohort(actor.ownerUserId, outcome.cohortQuery, outcome.total ?? outcome.rows.length, req.now)
      : null;
  const searchId = store.saveSearch(
    {
      ownerUserId: actor.ownerUserId,
      actingUserId: actor.actingUserId,
      route,
      request: storedRequest(request, outcome),
      response: { ...response, ...(cohortRef ? { cohort_refs: [cohortRef] } : {}) },
      profileIds: outcome.profileIds,
      createdAt: req.now,
    },
    PEOPLE_SEARCH_LIMITS.snapshotRows,
  );
  return { searchId, cohortRef };
}
