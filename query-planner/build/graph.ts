/**
 * The requester's graph in a people search: network modes, connection degrees, connected_to,
 * the requester's own exclusion and the `terms` limit fallback (docs/query-planner.md).
 */
import type { AdvancedFilters, ConnectionDegree } from '../advanced-filters.js';
import { PEOPLE_SEARCH_LIMITS } from '../limits.js';
import type { Clauses } from './clauses.js';
import { termsClauses, unique } from './dsl.js';

export type NetworkFilterMode = 'boost' | 'filter' | 'ignore' | 'connected_to';

export interface GraphContext {
  /** The requester's current 1st-degree profile ids (union of sources). */
  firstDegree: string[];
  /** 2nd-degree ids, strongest (most mutual connections) first; excludes 1st degree and the requester. */
  secondDegree: string[];
  /** The requester's own profile id (never returned). */
  self?: string | null;
  /**
   * The caller guarantees both lists hold no repeats, `secondDegree` holds nobody of
   * `firstDegree` and neither holds `self`: they are used as they are.
   */
  distinct?: boolean;
}

export interface GraphInput {
  filters: AdvancedFilters;
  graph: GraphContext | null;
  networkMode: NetworkFilterMode;
  connectedTo?: { include: string[]; exclude: string[] };
}

/** Score added to 1st-degree people in `boost` mode. */
export const FIRST_DEGREE_BOOST = 3;
/** Score added to 2nd-degree people in `boost` mode. */
export const SECOND_DEGREE_BOOST = 1.5;
/** Degrees `filter` mode keeps when `connection_degrees` is not given. */
export const DEFAULT_FILTER_DEGREES: readonly ConnectionDegree[] = ['1st', '2nd'];

const LIMIT = PEOPLE_SEARCH_LIMITS.maxTermsPerClause;
const MODE_PATH = '/network_filter_mode';

/**
 * Candidates must have an id in `ids`. Up to the `terms` limit that is a filter; beyond it the
 * ids stay out of the query and the caller checks candidates against them (`postFilter`).
 */
function requireIds(ids: string[], path: string, what: string, emptyReason: string, c: Clauses): void {
  if (!ids.length) {
    c.matchNothing(emptyReason);
    return;
  }
  if (ids.length <= LIMIT) {
    c.filter.push({ terms: { id: ids } });
    return;
  }
  c.oversizedIdFilters.push(new Set(ids));
  c.receipt(
    path,
    'normalized',
    `${what}: ${ids.length} people exceed the ${LIMIT} ids one terms query takes; candidates are checked against the set after the search.`,
  );
}

/** Candidates must not have an id in `ids` (one `terms` per run of at most the limit). */
function excludeIds(ids: string[], c: Clauses): void {
  c.mustNot.push(...termsClauses('id', ids));
}

function degreeFilter(degrees: ConnectionDegree[], first: string[], second: string[], hasGraph: boolean, c: Clauses): void {
  const want = new Set(degrees);
  if (want.size === 0 || want.size === 3) return;
  const path = '/connection_degrees';
  if (!want.has('3rd+')) {
    const ids = unique([...(want.has('1st') ? first : []), ...(want.has('2nd') ? second : [])]);
    const label = `${[...want].sort().join(' or ')}-degree`;
    const reason = hasGraph
      ? `connection_degrees: the requester has no ${label} connections`
      : `connection_degrees: the requester has no linked profile, so no ${label} connections`;
    requireIds(ids, path, `connection_degrees ${[...want].sort().join(', ')}`, reason, c);
    return;
  }
  // 3rd+ (with 1st or 2nd, or alone): rule out the degrees not asked for.
  excludeIds(unique([...(want.has('1st') ? [] : first), ...(want.has('2nd') ? [] : second)]), c);
}

/**
 * The first `n` ids of a list, kept per list: a requester's second degree is the same array from
 * search to search (the network cache), and copying 65,536 ids for every search cost about 2 ms.
 */
const heads = new WeakMap<readonly string[], { n: number; head: string[] }>();
function head(list: string[], n: number): string[] {
  if (list.length <= n) return list;
  const known = heads.get(list);
  if (known?.n === n) return known.head;
  const made = list.slice(0, n);
  heads.set(list, { n, head: made });
  return made;
}

function boosts(first: string[], second: string[], c: Clauses): void {
  const firstUsed = head(first, LIMIT);
  const secondUsed = head(second, LIMIT - firstUsed.length);
  if (firstUsed.length) c.graphBoosts.push({ constant_score: { filter: { terms: { id: firstUsed } }, boost: FIRST_DEGREE_BOOST } });
  if (secondUsed.length) c.graphBoosts.push({ constant_score: { filter: { terms: { id: secondUsed } }, boost: SECOND_DEGREE_BOOST } });
  if (firstUsed.length || secondUsed.length) c.graphRank = { first: firstUsed, second: secondUsed };
  const dropped = first.length + second.length - firstUsed.length - secondUsed.length;
  if (dropped > 0) {
    c.receipt(
      MODE_PATH,
      'truncated',
      `The network boost uses the first ${LIMIT} of ${first.length + second.length} connections (1st degree first, then 2nd degree strongest first); ${dropped} are not boosted.`,
    );
  }
}

/** Adds the graph clauses of a search. */
export function addGraphClauses(input: GraphInput, c: Clauses): void {
  const { filters, graph, networkMode } = input;
  const self = graph?.self ?? null;
  const skip = new Set<string>(self ? [self] : []);
  const degrees = unique(filters.connection_degrees ?? []) as ConnectionDegree[];
  // The graph is read only as far as the search needs it (the second degree of a well-connected
  // person holds tens of thousands of ids); lists the caller marks distinct are not de-duplicated.
  const usesGraph = networkMode !== 'ignore';
  const first = usesGraph ? (graph?.distinct ? graph.firstDegree.filter((id) => id !== self) : unique(graph?.firstDegree ?? [], skip)) : [];
  const kept = new Set<ConnectionDegree>(
    degrees.length ? degrees : networkMode === 'filter' ? DEFAULT_FILTER_DEGREES : ['1st', '2nd', '3rd+'],
  );
  const needsSecond = usesGraph && (kept.has('2nd') || (kept.has('3rd+') && kept.size < 3));
  const second = !needsSecond ? [] : graph?.distinct ? graph.secondDegree : unique(graph?.secondDegree ?? [], new Set([...skip, ...first]));

  switch (networkMode) {
    case 'ignore':
      if (degrees.length) c.receipt('/connection_degrees', 'ignored', 'connection_degrees is ignored when network_filter_mode is ignore.');
      break;
    case 'boost': {
      // Only degrees the filter keeps, and only when it keeps more than one, can rank apart.
      const ranks = kept.size > 1;
      boosts(ranks && kept.has('1st') ? first : [], ranks && kept.has('2nd') ? second : [], c);
      degreeFilter(degrees, first, second, graph !== null, c);
      break;
    }
    case 'filter':
      if (!degrees.length) {
        c.receipt('/connection_degrees', 'defaulted', 'network_filter_mode filter keeps 1st and 2nd degree connections.');
      }
      degreeFilter(degrees.length ? degrees : [...DEFAULT_FILTER_DEGREES], first, second, graph !== null, c);
      break;
    case 'connected_to':
      degreeFilter(degrees, first, second, graph !== null, c);
      break;
  }

  const connectedTo = input.connectedTo;
  const askedInclude = (filters.connected_to ?? []).length > 0;
  const askedExclude = (filters.exclude_connected_to ?? []).length > 0;
  if (!connectedTo && (askedInclude || askedExclude || networkMode === 'connected_to')) {
    if (networkMode === 'connected_to') c.matchNothing('connected_to: the connections of the given people are not known');
    else
      c.receipt(
        askedInclude ? '/connected_to' : '/exclude_connected_to',
        'ignored',
        'The connected people were not resolved; not applied.',
      );
  }
  if (connectedTo) {
    if (askedInclude || networkMode === 'connected_to' || connectedTo.include.length > 0) {
      requireIds(
        unique(connectedTo.include, skip),
        '/connected_to',
        'connected_to',
        'connected_to: the given people have no known connections',
        c,
      );
    }
    excludeIds(unique(connectedTo.exclude, skip), c);
  }

  if (self) c.mustNot.push({ term: { id: self } });
}
