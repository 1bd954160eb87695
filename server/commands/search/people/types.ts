/**
 * People search, the command's types: the request routes and tools build (plain values, never
 * `ctx`), and the outcome their presenters shape.
 */
import type { ConnectionSource } from '../../../../mappings/record-schemas.js';
import type { AdvancedFilters } from '../../../../query-planner/advanced-filters.js';
import type { NetworkFilterMode } from '../../../../query-planner/build/people-query.js';
import type { Receipt } from '../../../../query-planner/limits.js';
import type { ParsedPeopleQuery } from '../../../../query-planner/parse/index.js';
import type { Query, SearchBody } from '../../../../search-engine/port.js';
import type { PersonRowData, RowOptions } from './person-rows.js';

export type PeopleRoute = 'query_v2' | 'search' | 'preview';

/** A person lookup by professional-network identity, or by the person's id (a search row's `id`). */
export interface Lookup {
  /** The input field used. */
  field: string;
  input: string;
  /** The professional username looked up; null for a lookup by id. */
  username: string | null;
  /** The person id looked up (`person_id`), when the lookup is by id. */
  personId?: string;
}

export interface PeopleSearchRequest {
  route: PeopleRoute;
  text: string | null;
  /** Filters supplied by the caller (bypass parsing). */
  filters: Record<string, unknown> | null;
  /** Required keywords supplied by the caller (the deprecated `keywords`). */
  keywords: string[];
  /**
   * Words that rank, as an earlier search's did: the `keywords` of a `search_metadata` sent back
   * (that search's residual words), so it runs again as it ran.
   */
  rankingWords?: string[];
  lookup: Lookup | null;
  limit: number;
  offset: number;
  networkMode: NetworkFilterMode;
  countOnly: boolean;
  rows: RowOptions;
  /** Adjustments already made to the input (truncation, clamping), reported back. */
  receipts: Receipt[];
}

export interface SearchWarning {
  code: string;
  message: string;
  sources?: ConnectionSource[];
}

export interface NoResultsReason {
  code: string;
  message: string;
  /** False when the zero does not prove there is nobody to find. */
  conclusive: boolean;
}

export interface PeoplePagination {
  limit: number;
  offset: number;
  returned: number;
  has_more: boolean;
  /** Matching people in the index; omitted (null) on first-degree verified pages. */
  total: number | null;
  total_relation: 'eq' | 'gte' | null;
  coverage_status: 'complete' | 'partial_unpageable';
  /** First-degree verified searches: how many candidates this page examined. */
  examined_candidates?: number;
  verification_batches?: number[];
}

export interface VerifiedCount {
  value: number;
  basis: 'verified_first_degree_candidates' | 'index';
  relation: 'exact' | 'lower_bound';
  examined_candidates: number;
}

/** What was actually searched: shown as `search_metadata` (v1) and `applied_request` (v2). */
export interface AppliedSearch {
  input_mode: 'natural_language' | 'brief' | 'filters' | 'lookup' | 'filters_and_text' | 'empty';
  query: string | null;
  filters: AdvancedFilters;
  keywords: string[];
  network_filter_mode: NetworkFilterMode;
  limit: number;
  offset: number;
  recognized: ParsedPeopleQuery['recognized'];
  places: { input: string; kind: string; name: string }[];
  companies: { text: string; relation: string; id: string | null; name: string | null; exclude?: boolean }[];
  lookup: { field: string; input: string; username: string | null; found: boolean } | null;
  receipts: Receipt[];
}

export interface PeopleSearchOutcome {
  /** The page's people, in order (the presenter shapes them with `rowOptions`). */
  rows: PersonRowData[];
  /** The row options the rows were loaded for (a lookup adds reasons and evidence text). */
  rowOptions: RowOptions;
  pagination: PeoplePagination;
  applied: AppliedSearch;
  warnings: SearchWarning[];
  degradations: { code: string; message: string }[];
  noResultsReason: NoResultsReason | null;
  count: VerifiedCount | null;
  appliedRelations: { relation: string; values: string[]; from: string }[];
  /** What a cohort of this search stores: the query's clauses that decide who matches. */
  cohortQuery: Query | null;
  total: number | null;
  profileIds: string[];
  /** The engine body searched (null when nothing was searched); for benchmarks and logs, never returned. */
  body: SearchBody | null;
  /** Whether candidates were verified in batches. */
  verified: boolean;
  /** The searches of a page ranked by the network in tiers (execute.ts); null when `body` was searched as it is. */
  rankedBodies: SearchBody[] | null;
}
