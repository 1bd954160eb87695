/**
 * People-search responses: the v2 and v1 envelopes around a search outcome, the enrich response
 * and the replay of a stored page. Pure: shapes what the commands return.
 */

import type { Receipt } from '../../../query-planner/limits.js';
import type { EnrichSelection } from '../../commands/search/people/enrich-people.js';
import type { PersonRowData, RowOptions } from '../../commands/search/people/person-rows.js';
import type { PeopleSearchOutcome } from '../../commands/search/people/search-people.js';
import type { StoredSearch } from '../../store/people-searches.js';
import { presentPersonRows } from './person-row.js';

type Json = Record<string, unknown>;

/** The parts every search response shares: rows, paging, receipts, warnings, reasons, count. */
function commonResponse(outcome: PeopleSearchOutcome): Json {
  const out: Json = {
    users: presentPersonRows(outcome.rows, outcome.rowOptions),
    pagination: outcome.pagination,
    receipts: outcome.applied.receipts,
    warnings: outcome.warnings,
  };
  if (outcome.degradations.length) out.degradations = outcome.degradations;
  if (outcome.noResultsReason) out.no_results_reason = outcome.noResultsReason;
  if (outcome.count) out.count = outcome.count;
  return out;
}

/** POST /api/v2/search/people/query (before the stored ids are added). */
export function presentQueryV2(outcome: PeopleSearchOutcome): Json {
  const response: Json = {
    success: true,
    contract_version: '2',
    request: { input_mode: outcome.applied.input_mode, applied_request: outcome.applied },
    ...commonResponse(outcome),
  };
  if (outcome.appliedRelations.length) response.applied_relations = outcome.appliedRelations;
  return response;
}

/** POST /api/v1/search/people and its preview (before the stored ids are added). */
export function presentSearchV1(outcome: PeopleSearchOutcome): Json {
  return { success: true, search_metadata: outcome.applied, ...commonResponse(outcome) };
}

/** A stored search's ids added to its response. */
export function withStoredIds(response: Json, searchId: string | null, cohortRef: string | null): Json {
  return { ...response, search_id: searchId, ...(cohortRef ? { cohort_refs: [cohortRef] } : {}) };
}

/** POST /api/v1/search/people/enrich. */
export function presentEnrichment(input: {
  selection: EnrichSelection;
  rows: PersonRowData[];
  options: RowOptions;
  fresh: string[];
  textMode: string;
  receipts: Receipt[];
}): Json {
  const { selection } = input;
  const users = presentPersonRows(input.rows, input.options);
  const total = selection.stored.profileIds.length;
  return {
    success: true,
    users,
    pagination: {
      limit: selection.limit,
      offset: selection.offset,
      returned: users.length,
      has_more: !selection.target && selection.offset + users.length < total,
      total,
      total_relation: 'eq',
      coverage_status: 'complete',
    },
    enrichment: {
      search_id: selection.stored.searchId,
      status: 'completed',
      enriched: users.length,
      newly_enriched: input.fresh.length,
      target_user_id: selection.target,
      evidence_text_mode: input.textMode,
    },
    receipts: input.receipts,
  };
}

/** GET /api/v1/search/people/:search_id: the stored page as it was returned. */
export function presentReplay(stored: StoredSearch): Json {
  return { ...stored.response, search_id: stored.searchId, replayed: true, replayed_from: new Date(stored.createdAt).toISOString() };
}
