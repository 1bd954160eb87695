/**
 * People search, execute: runs a plan. A plain page is one search; a verified plan fetches
 * candidates in batches and keeps those the requester's checkable sources confirm (or those in
 * an id set too large for the query), then reads the page's documents. Count mode counts
 * instead of paging.
 */
import { INDICES } from '../../../../mappings/indices.js';
import type { ConnectionSource } from '../../../../mappings/record-schemas.js';
import { type PeoplePlan, RESULT_WINDOW } from '../../../../query-planner/build/people-plan.js';
import { PEOPLE_SOURCE_EXCLUDES } from '../../../../query-planner/build/people-query.js';
import { COUNT_MODE_MAX_EXAMINED, countRelation, type VerificationResult } from '../../../../query-planner/first-degree.js';
import type { SearchBody } from '../../../../search-engine/port.js';
import type { RequesterNetwork } from '../../../search/network.js';
import type { Services } from '../../../services.js';
import { graphRankedPage } from './graph-ranked.js';
import type { PeoplePagination, SearchWarning, VerifiedCount } from './types.js';
import { verifyFirstDegree } from './verify-first-degree.js';

const PROFILES = INDICES.profiles.alias;

export interface ExecutedPage {
  /** The page's documents, whole. */
  docs: Record<string, unknown>[];
  pagination: PeoplePagination;
  count: VerifiedCount | null;
  /** Null on verified pages (the indexed figure is not a verified count). */
  total: number | null;
  verification: VerificationResult | null;
  warnings: SearchWarning[];
  /** The engine searches a page ranked in tiers made (null: the plan's body was searched as it is). */
  rankedBodies: SearchBody[] | null;
}

export interface ExecuteInput {
  plan: PeoplePlan;
  network: RequesterNetwork | null;
  offset: number;
  limit: number;
  countOnly: boolean;
}

/** Runs a plan whose query can match someone (`plan.matchesNothing` is null). */
export async function executePeoplePlan(services: Services, input: ExecuteInput): Promise<ExecutedPage> {
  return input.plan.verify ? verifiedPages(services, input, input.plan.verify) : plainPage(services, input);
}

/**
 * Whether a next page can return anyone: not in count mode (no page is read), and not past the
 * result window, where a page answers no one whatever the total (docs/people-search.md).
 */
export const morePages = (offset: number, returned: number, matched: number, countOnly: boolean): boolean =>
  !countOnly && offset + returned < Math.min(matched, RESULT_WINDOW);

async function plainPage(services: Services, input: ExecuteInput): Promise<ExecutedPage> {
  const { plan, offset, limit, countOnly } = input;
  if (plan.graphRank && !countOnly) {
    const ranked = await graphRankedPage(services.engine, plan, plan.graphRank, input.network, offset);
    if (ranked) {
      const fetched = ranked.ids.length ? await services.engine.mget<Record<string, unknown>>(PROFILES, ranked.ids) : [];
      const docs = fetched
        .filter((d): d is Record<string, unknown> => d !== null)
        .map((d) => Object.fromEntries(Object.entries(d).filter(([k]) => !PEOPLE_SOURCE_EXCLUDES.includes(k))));
      return {
        docs,
        total: ranked.total,
        pagination: {
          limit,
          offset,
          returned: docs.length,
          has_more: morePages(offset, docs.length, ranked.total, false),
          total: ranked.total,
          total_relation: ranked.relation,
          coverage_status: 'complete',
        },
        count: null,
        verification: null,
        warnings: [],
        rankedBodies: ranked.bodies,
      };
    }
  }
  const res = await services.engine.search<Record<string, unknown>>(PROFILES, countOnly ? { ...plan.body, size: 0 } : plan.body);
  const docs = res.hits.map((h) => h.source);
  const total = res.total?.value ?? 0;
  return {
    docs,
    total,
    pagination: {
      limit,
      offset,
      returned: docs.length,
      has_more: morePages(offset, docs.length, total, countOnly),
      total,
      total_relation: res.total?.relation ?? 'eq',
      coverage_status: 'complete',
    },
    count: countOnly ? { value: total, basis: 'index', relation: 'exact', examined_candidates: 0 } : null,
    verification: null,
    warnings: [],
    rankedBodies: null,
  };
}

async function verifiedPages(
  services: Services,
  { plan, network, offset, limit, countOnly }: ExecuteInput,
  verify: NonNullable<PeoplePlan['verify']>,
): Promise<ExecutedPage> {
  const { firstDegreeOnly, postFilterIds } = verify;
  const sources = network?.checkable ?? [];
  const warnings: SearchWarning[] = [];
  const verification = await verifyFirstDegree({
    offset: countOnly ? 0 : offset,
    limit: countOnly ? 0 : limit,
    budget: countOnly ? COUNT_MODE_MAX_EXAMINED : undefined,
    fetch: async (from, size) => {
      const res = await services.engine.search(PROFILES, { ...plan.body, from, size, _source: false, track_total_hits: true });
      return { ids: res.hits.map((h) => h.id), total: res.total?.value ?? 0 };
    },
    check: (ids) => {
      if (!network) return new Map();
      const candidates = postFilterIds && !firstDegreeOnly ? ids.filter((id) => postFilterIds.has(id)) : ids;
      if (!firstDegreeOnly) return new Map(candidates.map((id) => [id, new Set<ConnectionSource>(['service'])]));
      return services.graph.checkFirstDegree(network.self, candidates, sources);
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
  const pagination: PeoplePagination = {
    limit,
    offset,
    returned: 0,
    has_more: false,
    total: null,
    total_relation: null,
    coverage_status: verification.coverage,
    examined_candidates: verification.examined,
    verification_batches: verification.batches,
  };
  if (countOnly) {
    const count: VerifiedCount = {
      value: verification.confirmed,
      basis: 'verified_first_degree_candidates',
      relation: countRelation(verification, firstDegreeOnly ? (network?.unchecked.length ?? 0) : 0),
      examined_candidates: verification.examined,
    };
    return { docs: [], total: null, pagination, count, verification, warnings, rankedBodies: null };
  }
  const ids = verification.page.map((p) => p.id);
  const fetched = ids.length ? await services.engine.mget<Record<string, unknown>>(PROFILES, ids) : [];
  const docs = fetched.filter((d): d is Record<string, unknown> => d !== null);
  return {
    docs,
    total: null,
    pagination: {
      ...pagination,
      returned: docs.length,
      has_more: verification.hasMore && morePages(offset, docs.length, Number.POSITIVE_INFINITY, false),
    },
    count: null,
    verification,
    warnings,
    rankedBodies: null,
  };
}
