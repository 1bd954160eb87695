/**
 * The people-search plan: a typed `PlanInput` (what resolve found: normalised filters, the
 * residual words, the requester's graph, the connected people's connections, the cohorts) →
 * the search body and how to run it. Pure, and the only place a people-search query is built:
 * filters, text, graph, `connected_to`, cohort membership, paging within the result window.
 */
import type { Query, SearchBody } from '../../search-engine/port.js';
import type { AdvancedFilters, ConnectionDegree } from '../advanced-filters.js';
import type { Receipt } from '../limits.js';
import { anyOf, matchNone, termsClauses } from './dsl.js';
import { membershipQuery } from './membership-query.js';
import { buildPeopleQuery, type GraphContext, type NetworkFilterMode } from './people-query.js';

/** OpenSearch's default index.max_result_window: from + size never exceeds it. */
export const RESULT_WINDOW = 10_000;

/** One cohort of an earlier search: its stored membership query, or the ids it stands for. */
export type CohortMembership = { kind: 'query'; query: Query } | { kind: 'ids'; ids: string[] };

export interface PlanInput {
  /** Normalised filters, company search ids already expanded to company ids. */
  filters: AdvancedFilters;
  /** Words left after parsing (they rank, or are required when nothing else narrows). */
  residual: string[];
  /** The requester's graph; null without a linked profile. */
  graph: GraphContext | null;
  networkMode: NetworkFilterMode;
  /** The union of the first degrees of the connected_to / exclude_connected_to people. */
  connectedTo?: { include: string[]; exclude: string[] };
  /** Cohorts of `filters.cohort_refs`, in order. */
  cohorts: CohortMembership[];
  offset: number;
  limit: number;
}

export interface PeoplePlan {
  body: SearchBody;
  receipts: Receipt[];
  /** A deterministic reason when nobody can match (nothing is searched then). */
  matchesNothing: string | null;
  /**
   * Null: one plain page. Otherwise the candidates are verified in batches: against the
   * requester's checkable sources (`firstDegreeOnly`), or against an id set too large for the
   * query (`postFilterIds`).
   */
  verify: null | { firstDegreeOnly: boolean; postFilterIds: Set<string> | null };
  /** What a cohort of this search stores: the clauses that decide who matches. */
  cohortQuery: Query | null;
  /**
   * Network boosts of a plain relevance page, to be ranked in tiers (the boosted `body` is the
   * same ranking in one query): `baseQuery` without the boosts, the boosted 1st- and 2nd-degree
   * ids (docs/people-search.md, "How boosts run"). Null for verified, counted or unboosted searches.
   */
  graphRank: null | { baseQuery: Query; first: string[]; second: string[] };
}

/** Whether only confirmed first-degree connections may be returned (the verification rules). */
export function isFirstDegreeOnly(filters: AdvancedFilters, networkMode: NetworkFilterMode): boolean {
  const degrees = filters.connection_degrees ?? [];
  return networkMode === 'filter' && degrees.length > 0 && degrees.every((d: ConnectionDegree) => d === '1st');
}

/** Whether any filter narrows the set (so residual words only rank). */
export function hasStructuredFilter(f: AdvancedFilters): boolean {
  return Object.entries(f).some(
    ([k, v]) => k !== 'sort_by' && k !== 'sort_order' && v !== undefined && (!Array.isArray(v) || v.length > 0),
  );
}

/** A receipt about a filter, located under `/filters` of the request. */
export function underFilters(r: Receipt): Receipt {
  return { ...r, path: `/filters${r.path}` };
}

function cohortClause(c: CohortMembership): Query {
  if (c.kind === 'query') return c.query;
  return c.ids.length ? anyOf(termsClauses('id', c.ids)) : matchNone();
}

/** Plans one people search. */
export function planPeopleSearch(input: PlanInput): PeoplePlan {
  const receipts: Receipt[] = [];
  // The engines page within the first 10,000 results (max_result_window).
  const pageSize = Math.max(0, Math.min(input.limit, RESULT_WINDOW - input.offset));
  if (pageSize < input.limit)
    receipts.push({
      path: '/limit',
      action: 'clamped',
      message: `Only the first ${RESULT_WINDOW} results can be paged; this page returns at most ${pageSize}.`,
    });
  const built = buildPeopleQuery({
    filters: input.filters,
    text: input.residual,
    textRequired: !hasStructuredFilter(input.filters) && input.residual.length > 0,
    graph: input.graph,
    networkMode: input.networkMode,
    connectedTo: input.connectedTo,
    from: input.offset,
    size: pageSize,
  });
  receipts.push(...built.receipts.map((r) => (r.path.startsWith('/network_filter_mode') ? r : underFilters(r))));
  const cohorts = input.cohorts.map(cohortClause);
  const withCohorts = (query: Query): Query => (cohorts.length ? { bool: { must: [query], filter: cohorts } } : query);
  const body: SearchBody = cohorts.length ? { ...built.body, query: withCohorts(built.body.query ?? { match_all: {} }) } : built.body;
  const firstDegreeOnly = isFirstDegreeOnly(input.filters, input.networkMode);
  const verifying = firstDegreeOnly || built.postFilter !== null;
  return {
    body,
    receipts,
    matchesNothing: built.matchesNothing,
    verify: verifying ? { firstDegreeOnly, postFilterIds: built.postFilter?.ids ?? null } : null,
    cohortQuery: body.query ? membershipQuery(body.query) : null,
    graphRank: built.graphRank && !verifying ? { ...built.graphRank, baseQuery: withCohorts(built.graphRank.baseQuery) } : null,
  };
}
