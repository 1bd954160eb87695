/**
 * People search: from a request (text, filters or a lookup) to a page of person rows. Parses
 * text into filters (unless filters are supplied), resolves companies, connected people and
 * cohorts, builds the query for the requester's graph, runs it (verifying first-degree
 * connections when the rules ask for it), and presents the rows. Routes only adapt shapes.
 */

import { INDICES } from '../../mappings/indices.js';
import type { AdvancedFilters, ConnectionDegree } from '../../query-planner/advanced-filters.js';
import { anyOf, matchNone, termsClauses } from '../../query-planner/build/dsl.js';
import { ListNormalizer, normalizeFilters } from '../../query-planner/build/normalize.js';
import { buildPeopleQuery, type NetworkFilterMode } from '../../query-planner/build/people-query.js';
import { COUNT_MODE_MAX_EXAMINED, countRelation, type VerificationResult, verifyFirstDegree } from '../../query-planner/first-degree.js';
import { PEOPLE_SEARCH_LIMITS, type Receipt } from '../../query-planner/limits.js';
import { type ParsedPeopleQuery, parsePeopleQuery } from '../../query-planner/parse/index.js';
import { textKeywords } from '../../query-planner/parse/keywords.js';
import { resolveCompanyMentions } from '../../query-planner/parse/resolve-companies.js';
import type { Query, SearchBody } from '../../search-engine/port.js';
import type { Actor } from '../auth/actor.js';
import { AppError, invalidField } from '../errors.js';
import type { Services } from '../services.js';
import type { ConnectionSource } from '../store/graph.js';
import { GraphStore } from '../store/graph.js';
import { PeopleSearchStore } from '../store/people-searches.js';
import { membershipQuery } from './cohort-query.js';
import { expandCompanySearchIds } from './company-search.js';
import { loadNetwork, type RequesterNetwork } from './network.js';
import { findByUsername, resolvePeople } from './people-lookup.js';
import { presentRows, type RowOptions } from './person-rows.js';
import { BINDING_MAX_AUTHORS, postAuthorIds } from './post-search.js';

export type PeopleRoute = 'query_v2' | 'search' | 'preview';

/** A person lookup by professional-network identity. */
export interface Lookup {
  /** The input field used. */
  field: string;
  input: string;
  username: string;
}

export interface PeopleSearchRequest {
  route: PeopleRoute;
  text: string | null;
  /** Filters supplied by the caller (bypass parsing). */
  filters: Record<string, unknown> | null;
  /** Keywords supplied by the caller (`keywords`, or from `search_metadata`). */
  keywords: string[];
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
  companies: { text: string; relation: string; id: string | null; name: string | null }[];
  lookup: { field: string; input: string; username: string; found: boolean } | null;
  receipts: Receipt[];
}

export interface PeopleSearchOutcome {
  users: Record<string, unknown>[];
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
}

const PROFILES = INDICES.profiles.alias;
/** OpenSearch's default index.max_result_window: from + size never exceeds it. */
const RESULT_WINDOW = 10_000;

/** A brief rather than a query: long, or several sentences or lines. */
function inputModeOf(text: string): 'natural_language' | 'brief' {
  return text.length > 280 || /\n\s*\S/.test(text) || (text.match(/[.!?](\s|$)/g)?.length ?? 0) > 1 ? 'brief' : 'natural_language';
}

/**
 * The refusal of `filters.cohort_refs` naming no live cohort of the account (unknown, expired
 * after 30 days unused, or another account's): the search is never run without them.
 */
export function cohortNotFound(refs: string[]): AppError {
  return new AppError(
    404,
    'cohort_not_found',
    `No cohort ${refs.map((r) => `"${r}"`).join(', ')} for this account (at filters.cohort_refs): it is unknown, another account's, or expired (unused for 30 days). Use the cohort_refs of a search of this account, or run that search again.`,
    { unknown_cohort_refs: refs },
  );
}

/** Runs one people search. Throws only for errors the caller must see as HTTP errors. */
export async function runPeopleSearch(services: Services, actor: Actor, req: PeopleSearchRequest): Promise<PeopleSearchOutcome> {
  const graph = services.graph;
  const store = services.peopleSearches;
  const receipts: Receipt[] = [...req.receipts];
  const warnings: SearchWarning[] = [];
  const degradations: { code: string; message: string }[] = [];
  const appliedRelations: PeopleSearchOutcome['appliedRelations'] = [];
  const acting = services.users.get(actor.actingUserId);
  const network = loadNetwork(graph, acting?.userId ?? null);

  const applied: AppliedSearch = {
    input_mode: 'empty',
    query: req.text,
    filters: {},
    keywords: [],
    network_filter_mode: req.networkMode,
    limit: req.limit,
    offset: req.offset,
    recognized: [],
    places: [],
    companies: [],
    lookup: null,
    receipts,
  };
  const empty = (reason: NoResultsReason | null): PeopleSearchOutcome => ({
    users: [],
    pagination: {
      limit: req.limit,
      offset: req.offset,
      returned: 0,
      has_more: false,
      total: 0,
      total_relation: 'eq',
      coverage_status: 'complete',
    },
    applied,
    warnings,
    degradations,
    noResultsReason: reason,
    count: req.countOnly
      ? { value: 0, basis: 'index', relation: reason?.conclusive === false ? 'lower_bound' : 'exact', examined_candidates: 0 }
      : null,
    appliedRelations,
    cohortQuery: null,
    total: 0,
    profileIds: [],
    body: null,
    verified: false,
  });

  // Lookup by professional-network identity: one person, no filters.
  if (req.lookup) {
    applied.input_mode = 'lookup';
    const id = await findByUsername(services, req.lookup.username);
    applied.lookup = { ...req.lookup, found: id !== null };
    if (!id)
      return empty({
        code: 'profile_not_found',
        message: `No profile with the professional username "${req.lookup.username}".`,
        conclusive: true,
      });
    const [doc] = await services.engine.mget<Record<string, unknown>>(PROFILES, [id]);
    const users = await presentRows(services, {
      docs: doc ? [doc] : [],
      network,
      actingUserId: actor.actingUserId,
      filters: {},
      keywords: [],
      // A lookup is enriched automatically: reasons and evidence text come with the row.
      options: { ...req.rows, reasons: true, evidenceText: true },
      verified: null,
    });
    return {
      ...empty(null),
      users,
      pagination: {
        limit: req.limit,
        offset: 0,
        returned: users.length,
        has_more: false,
        total: 1,
        total_relation: 'eq',
        coverage_status: 'complete',
      },
      total: 1,
      profileIds: [id],
    };
  }

  // Filters: supplied ones bypass parsing; otherwise the text is parsed.
  let parsedFilters: AdvancedFilters = {};
  let residual: string[] = [];
  if (req.filters) {
    applied.input_mode = req.text ? 'filters_and_text' : 'filters';
    if (req.text) residual = textKeywords(req.text);
  } else if (req.text?.trim()) {
    applied.input_mode = inputModeOf(req.text);
    const parsed = parsePeopleQuery(req.text);
    receipts.push(...parsed.receipts);
    parsedFilters = parsed.filters;
    residual = parsed.keywords;
    applied.recognized = parsed.recognized;
    applied.places = parsed.places.map((p) => ({ input: p.input, kind: p.kind, name: p.name }));
    if (parsed.companies.length) {
      const { resolved, unresolved } = await resolveCompanyMentions(parsed.companies, services.engine);
      const byRelation = new Map<string, string[]>();
      for (const r of resolved) byRelation.set(r.mention.relation, [...(byRelation.get(r.mention.relation) ?? []), r.id]);
      parsedFilters.companies = [
        ...(parsedFilters.companies ?? []),
        ...[...byRelation].map(([relation, ids]) => ({
          relation: relation as 'current_employment',
          operator: 'include' as const,
          where: { identity: { ids } },
        })),
      ];
      if (parsedFilters.companies.length === 0) delete parsedFilters.companies;
      // A company the corpus does not know stays in the search as text.
      for (const u of unresolved) residual.push(u.text);
      applied.companies = [
        ...resolved.map((r) => ({ text: r.mention.text, relation: r.mention.relation, id: r.id, name: r.name })),
        ...unresolved.map((u) => ({ text: u.text, relation: u.relation, id: null, name: null })),
      ];
    }
    for (const d of parsed.filters.connection_degrees ?? [])
      appliedRelations.push({ relation: 'connection_degree', values: [d], from: 'query text' });
  }
  const normalized = normalizeFilters({ ...parsedFilters, ...((req.filters ?? {}) as AdvancedFilters) });
  receipts.push(...normalized.receipts.map(underFilters));
  const filters = normalized.filters;
  // Without anyone to be connected to, this mode would answer a zero that looks conclusive.
  if (req.networkMode === 'connected_to' && !filters.connected_to?.length) {
    throw invalidField(
      'body',
      '/filters/connected_to',
      'is required when network_filter_mode is "connected_to": list the user ids whose connections to keep, or choose another network_filter_mode.',
    );
  }
  if (req.keywords.length) filters.keywords = withLegacyKeywords(filters.keywords ?? [], req.keywords, receipts);
  // A shallow copy: what the request asked for, before search ids become company ids below.
  applied.filters = { ...filters };
  applied.keywords = residual;

  // Cohorts from earlier searches fail closed: dropping an unknown one would widen the search.
  // Checked before anyone is searched (and without counting as a use); a refused search is not charged.
  const cohortRefs = filters.cohort_refs ?? [];
  const now = services.clock();
  const unknownCohorts = store.unknownCohorts(cohortRefs, actor.ownerUserId, now);
  if (unknownCohorts.length) throw cohortNotFound(unknownCohorts);

  // Company filters naming an earlier company search: its companies, as ids.
  if (filters.companies?.length) {
    const expanded = await expandCompanySearchIds(services, actor, filters.companies, receipts);
    if (expanded.nothing) return empty({ code: 'company_search_empty', message: expanded.nothing, conclusive: true });
    filters.companies = expanded.companies;
  }

  // Cohorts from earlier searches.
  const cohortQueries: Query[] = [];
  for (const ref of cohortRefs) {
    const q = store.getCohort(ref, actor.ownerUserId, now);
    if (!q) throw cohortNotFound([ref]);
    if ('post_authors' in q) {
      // A post search's binding: the people who wrote its posts.
      const ids = await postAuthorIds(services, q.post_authors as Query, BINDING_MAX_AUTHORS);
      cohortQueries.push(ids.length ? anyOf(termsClauses('id', ids)) : matchNone());
    } else cohortQueries.push(q);
  }

  // People the results must (not) be connected to.
  let connectedTo: { include: string[]; exclude: string[] } | undefined;
  if (filters.connected_to?.length || filters.exclude_connected_to?.length) {
    const inc = await resolvePeople(services, filters.connected_to ?? []);
    const exc = await resolvePeople(services, filters.exclude_connected_to ?? []);
    for (const u of inc.unresolved)
      receipts.push({ path: '/filters/connected_to', action: 'ignored', message: `"${u}" matches no known person and was ignored.` });
    if (exc.unresolved.length) {
      degradations.push({
        code: 'exclude_connected_to_unresolved',
        message: `Could not resolve ${exc.unresolved.map((u) => `"${u}"`).join(', ')} in exclude_connected_to; the zero result is inconclusive.`,
      });
      return empty({
        code: 'exclude_connected_to_unresolved',
        message: 'A person in exclude_connected_to could not be resolved, so nobody can be shown safely; this zero is inconclusive.',
        conclusive: false,
      });
    }
    const firstOf = (ids: string[]) => [...new Set(ids.flatMap((id) => [...graph.firstDegree(id).keys()]))];
    connectedTo = { include: inc.resolved.length ? firstOf(inc.resolved) : [], exclude: firstOf(exc.resolved) };
    if (inc.resolved.length) appliedRelations.push({ relation: 'connected_to', values: inc.resolved, from: 'filters.connected_to' });
  }

  const degrees = filters.connection_degrees ?? [];
  if (!network && (degrees.length || req.networkMode === 'filter') && req.networkMode !== 'ignore') {
    return empty({
      code: 'requester_has_no_network',
      message: 'The requester is not linked to a profile with connections, so connection filters match nobody.',
      conclusive: false,
    });
  }
  const firstDegreeOnly = req.networkMode === 'filter' && degrees.length > 0 && degrees.every((d: ConnectionDegree) => d === '1st');

  // The engines page within the first 10,000 results (max_result_window).
  const pageSize = Math.max(0, Math.min(req.limit, RESULT_WINDOW - req.offset));
  if (pageSize < req.limit)
    receipts.push({
      path: '/limit',
      action: 'clamped',
      message: `Only the first ${RESULT_WINDOW} results can be paged; this page returns at most ${pageSize}.`,
    });
  const built = buildPeopleQuery({
    filters,
    text: residual,
    textRequired: !hasStructuredFilter(filters) && residual.length > 0,
    graph: network ? { firstDegree: network.firstIds, secondDegree: network.secondIds, self: network.self, distinct: true } : null,
    networkMode: req.networkMode,
    connectedTo,
    from: req.offset,
    size: pageSize,
  });
  receipts.push(...built.receipts.map((r) => (r.path.startsWith('/network_filter_mode') ? r : underFilters(r))));
  if (built.matchesNothing) return empty({ code: 'filters_match_nothing', message: built.matchesNothing, conclusive: true });
  const body: SearchBody = cohortQueries.length
    ? { ...built.body, query: { bool: { must: [built.body.query ?? { match_all: {} }], filter: cohortQueries } } }
    : built.body;

  const verifying = firstDegreeOnly || built.postFilter !== null;
  let docs: Record<string, unknown>[];
  let pagination: PeoplePagination;
  let count: VerifiedCount | null = null;
  let verification: VerificationResult | null = null;
  let total: number | null;
  if (verifying) {
    const postIds = built.postFilter?.ids ?? null;
    const sources = network?.checkable ?? [];
    verification = await verifyFirstDegree({
      offset: req.countOnly ? 0 : req.offset,
      limit: req.countOnly ? 0 : req.limit,
      budget: req.countOnly ? COUNT_MODE_MAX_EXAMINED : undefined,
      fetch: async (from, size) => {
        const res = await services.engine.search(PROFILES, { ...body, from, size, _source: false, track_total_hits: true });
        return { ids: res.hits.map((h) => h.id), total: res.total?.value ?? 0 };
      },
      check: (ids) => {
        if (!network) return new Map();
        const candidates = postIds && !firstDegreeOnly ? ids.filter((id) => postIds.has(id)) : ids;
        if (!firstDegreeOnly) return new Map(candidates.map((id) => [id, new Set<ConnectionSource>(['service'])]));
        return graph.checkFirstDegree(network.self, candidates, sources);
      },
      onlyUncheckedSourceKnows: (id) => {
        const held = network?.firstDegree.get(id);
        return held !== undefined && [...held].every((s) => !sources.includes(s));
      },
    });
    if (firstDegreeOnly && network?.unchecked.length) {
      warnings.push({
        code: 'first_degree_count_not_fully_verified',
        message: `Connections held only by ${network.unchecked.join(' and ')} could not be checked (${network.unchecked
          .map((s) => `${s}: ${network.sync[s].status}`)
          .join(', ')}); ${verification.withheld} such candidate(s) were withheld.`,
        sources: network.unchecked,
      });
    }
    if (verification.coverage === 'partial_unpageable')
      warnings.push({
        code: 'bounded_partial_results',
        message: `Only ${verification.confirmed} confirmed people were found among the ${verification.examined} candidates this page may examine; more candidates remain but this page cannot be filled or paged further.`,
      });
    const ids = verification.page.map((p) => p.id);
    const fetched = ids.length ? await services.engine.mget<Record<string, unknown>>(PROFILES, ids) : [];
    docs = fetched.filter((d): d is Record<string, unknown> => d !== null);
    total = null;
    pagination = {
      limit: req.limit,
      offset: req.offset,
      returned: docs.length,
      has_more: verification.hasMore,
      total: null,
      total_relation: null,
      coverage_status: verification.coverage,
      examined_candidates: verification.examined,
      verification_batches: verification.batches,
    };
    if (req.countOnly) {
      count = {
        value: verification.confirmed,
        basis: 'verified_first_degree_candidates',
        relation: countRelation(verification, firstDegreeOnly ? (network?.unchecked.length ?? 0) : 0),
        examined_candidates: verification.examined,
      };
      docs = [];
      pagination.returned = 0;
      pagination.has_more = false;
    }
  } else {
    const res = await services.engine.search<Record<string, unknown>>(PROFILES, req.countOnly ? { ...body, size: 0 } : body);
    docs = res.hits.map((h) => h.source);
    total = res.total?.value ?? 0;
    pagination = {
      limit: req.limit,
      offset: req.offset,
      returned: docs.length,
      has_more: req.offset + docs.length < total,
      total,
      total_relation: res.total?.relation ?? 'eq',
      coverage_status: 'complete',
    };
    if (req.countOnly) count = { value: total, basis: 'index', relation: 'exact', examined_candidates: 0 };
  }

  const confirmedBy = new Map(verification?.page.map((p) => [p.id, [...p.sources]]) ?? []);
  const users = await presentRows(services, {
    docs,
    network,
    actingUserId: actor.actingUserId,
    filters,
    keywords: residual,
    options: req.rows,
    verified: verifying && firstDegreeOnly ? { confirmedBy, checked: network?.checkable ?? [] } : null,
  });
  const noResultsReason =
    users.length === 0 &&
    !req.countOnly &&
    (total === 0 || (verification && verification.confirmed === 0 && !verification.candidatesRemain))
      ? zeroReason(filters, network, firstDegreeOnly)
      : null;
  return {
    users,
    pagination,
    applied,
    warnings,
    degradations,
    noResultsReason,
    count,
    appliedRelations,
    cohortQuery: body.query ? membershipQuery(body.query) : null,
    total,
    profileIds: users.map((u) => u.id as string),
    body,
    verified: verifying,
  };
}

/**
 * The keywords of the filters and the deprecated `keywords` together: duplicates removed, at
 * most the 100 a keyword list may hold (each is a required clause).
 */
function withLegacyKeywords(filtered: string[], legacy: string[], receipts: Receipt[]): string[] {
  const n = new ListNormalizer(PEOPLE_SEARCH_LIMITS);
  const keywords = n.list('/keywords', [...filtered, ...legacy]) ?? [];
  receipts.push(...n.receipts);
  return keywords;
}

/** A receipt about a filter, located under `/filters` of the request. */
function underFilters(r: Receipt): Receipt {
  return { ...r, path: `/filters${r.path}` };
}

/** Whether any filter narrows the set (so residual words only rank). */
function hasStructuredFilter(f: AdvancedFilters): boolean {
  return Object.entries(f).some(
    ([k, v]) => k !== 'sort_by' && k !== 'sort_order' && v !== undefined && (!Array.isArray(v) || v.length > 0),
  );
}

/** A deterministic reason for an empty result, when one exists. */
function zeroReason(filters: AdvancedFilters, network: RequesterNetwork | null, firstDegreeOnly: boolean): NoResultsReason | null {
  if (firstDegreeOnly && network && network.firstDegree.size === 0)
    return { code: 'no_first_degree_connections', message: 'The requester has no first-degree connections.', conclusive: true };
  if (firstDegreeOnly)
    return {
      code: 'no_confirmed_first_degree_matches',
      message: 'No first-degree connection of the requester matches these filters.',
      conclusive: network?.unchecked.length === 0,
    };
  if (Object.keys(filters).length === 0) return null;
  return { code: 'no_matching_profiles', message: 'No profile matches every filter; try removing one.', conclusive: true };
}
