/**
 * People search: AdvancedFilters + residual text + the requester's graph → one OpenSearch
 * search body, run as is by both engines (OpenSearch and the embedded SQLite FTS5 engine).
 * Pure: no I/O, the same input always gives the same body. docs/query-planner.md describes
 * every clause.
 */
import type { Query, SearchBody } from '../../search-engine/port.js';
import type { AdvancedFilters } from '../advanced-filters.js';
import type { Receipt } from '../limits.js';
import { Clauses } from './clauses.js';
import { matchNone } from './dsl.js';
import { addFilterClauses } from './filter-clauses.js';
import { addGraphClauses, type GraphContext, type NetworkFilterMode } from './graph.js';
import { peopleSort } from './sort.js';

export type { GraphContext, NetworkFilterMode } from './graph.js';
export { DEFAULT_FILTER_DEGREES, FIRST_DEGREE_BOOST, SECOND_DEGREE_BOOST } from './graph.js';

export interface PeopleQueryInput {
  /** Already normalised (normalizeFilters): keywords is string[], `where` merged, limits applied. */
  filters: AdvancedFilters;
  /** Residual words from the natural-language parser. */
  text?: string[];
  /** true: residual text is required (must, operator or); false: it only scores (should). */
  textRequired?: boolean;
  /** Null when the requester has no linked profile. */
  graph: GraphContext | null;
  networkMode: NetworkFilterMode;
  /** Already-resolved union of 1st-degree ids of the connected_to / exclude_connected_to people. */
  connectedTo?: { include: string[]; exclude: string[] };
  /** Ids from filters.cohort_refs, already resolved. */
  cohortIds?: string[];
  from: number;
  size: number;
}

export interface BuiltPeopleQuery {
  /** query, sort, from, size, track_total_hits: true, _source excludes ['chunks']. */
  body: SearchBody;
  /** What the builder adjusted or could not apply (unresolved places, capped connection sets, ...). */
  receipts: Receipt[];
  /** A deterministic reason when the filters can match nothing (the query then matches nothing). */
  matchesNothing: string | null;
  /**
   * Set when an id filter exceeds the `terms` limit: its ids are not in the query and the caller
   * must keep only candidates whose id is in `ids` (checked in batches).
   */
  postFilter: null | { kind: 'first_degree_ids'; ids: Set<string> };
  /**
   * Set when network boosts rank a relevance-sorted search: the query without the boosts and the
   * boosted ids, so the page can be ranked in tiers (docs/people-search.md, "How boosts run").
   * `body` keeps the boosts: it is the same ranking as one query.
   */
  graphRank: null | { baseQuery: Query; first: string[]; second: string[] };
}

/** Fields never returned by people search. */
export const PEOPLE_SOURCE_EXCLUDES = ['chunks'];

function intersect(sets: Set<string>[]): Set<string> {
  const [smallest, ...rest] = [...sets].sort((a, b) => a.size - b.size);
  const out = new Set<string>();
  for (const id of smallest ?? []) if (rest.every((s) => s.has(id))) out.add(id);
  return out;
}

export function buildPeopleQuery(input: PeopleQueryInput): BuiltPeopleQuery {
  const c = new Clauses();
  addFilterClauses(input.filters, { text: input.text, textRequired: input.textRequired, cohortIds: input.cohortIds }, c);
  addGraphClauses(input, c);

  let postFilter: BuiltPeopleQuery['postFilter'] = null;
  if (c.oversizedIdFilters.length) {
    const ids = intersect(c.oversizedIdFilters);
    if (ids.size === 0) c.matchNothing('network: no one is in every required connection set');
    else postFilter = { kind: 'first_degree_ids', ids };
  }
  const matchesNothing = c.nothing[0] ?? null;
  const relevance = (input.filters.sort_by ?? 'relevance') === 'relevance';
  const graphRank = matchesNothing === null && relevance && c.graphRank ? { baseQuery: c.toQuery(false), ...c.graphRank } : null;
  const body: SearchBody = {
    // A field sort does not read scores: the boosts would only cost.
    query: matchesNothing === null ? c.toQuery(relevance) : matchNone(),
    sort: peopleSort(input.filters),
    from: input.from,
    size: input.size,
    track_total_hits: true,
    _source: { excludes: [...PEOPLE_SOURCE_EXCLUDES] },
  };
  return { body, receipts: c.receipts, matchesNothing, postFilter: matchesNothing === null ? postFilter : null, graphRank };
}
