/**
 * People search, as one command: resolve (all reads: network, lookup, companies, cohorts,
 * connected people) → plan (pure, query-planner/build/people-plan.ts) → execute (a plain page
 * or verified first-degree pages) → the page's person rows. Called with plain values by the
 * routes (and tools); their presenters shape the response (server/routes/people-search/presenter.ts).
 */
import type { AdvancedFilters } from '../../../../query-planner/advanced-filters.js';
import { isFirstDegreeOnly, type PlanInput, planPeopleSearch } from '../../../../query-planner/build/people-plan.js';
import type { Actor } from '../../../auth/actor.js';
import type { RequesterNetwork } from '../../../search/network.js';
import type { Services } from '../../../services.js';
import { executePeoplePlan } from './execute.js';
import { loadPersonRows } from './person-rows.js';
import { requesterNetwork, resolveLookup, resolvePeopleSearch } from './resolve.js';
import type { AppliedSearch, NoResultsReason, PeopleSearchOutcome, PeopleSearchRequest } from './types.js';
import { culpritMessage, zeroCulprits } from './zero-culprits.js';

export type * from './types.js';

/** Runs one people search. Throws only for errors the caller must see as HTTP errors. */
export async function searchPeople(services: Services, actor: Actor, req: PeopleSearchRequest): Promise<PeopleSearchOutcome> {
  const receipts = [...req.receipts];
  const network = requesterNetwork(services, actor);
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
  const outcome = (reason: NoResultsReason | null, extra: Partial<PeopleSearchOutcome> = {}): PeopleSearchOutcome => ({
    rows: [],
    rowOptions: req.rows,
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
    warnings: [],
    degradations: [],
    noResultsReason: reason,
    count: req.countOnly
      ? { value: 0, basis: 'index', relation: reason?.conclusive === false ? 'lower_bound' : 'exact', examined_candidates: 0 }
      : null,
    appliedRelations: [],
    cohortQuery: null,
    total: 0,
    profileIds: [],
    body: null,
    verified: false,
    rankedBodies: null,
    ...extra,
  });

  // Lookup by professional-network identity: one person, no filters.
  if (req.lookup) {
    applied.input_mode = 'lookup';
    const found = await resolveLookup(services, req.lookup);
    const { personId: _id, ...shown } = req.lookup;
    applied.lookup = { ...shown, found: found !== null };
    if (!found)
      return outcome({
        code: 'profile_not_found',
        message:
          req.lookup.personId !== undefined
            ? `No person with the id "${req.lookup.personId}".`
            : `No profile with the professional username "${req.lookup.username}".`,
        conclusive: true,
      });
    // A lookup is enriched automatically: reasons and evidence text come with the row.
    const rowOptions = { ...req.rows, reasons: true, evidenceText: true };
    const rows = await loadPersonRows(services, {
      docs: found.doc ? [found.doc] : [],
      network,
      actingUserId: actor.actingUserId,
      filters: {},
      keywords: [],
      options: rowOptions,
      verified: null,
    });
    // ...and marks the person enriched for the account (a later enrich of them is free).
    services.peopleSearches.markEnriched(actor.ownerUserId, [found.id], services.clock());
    return outcome(null, {
      rows,
      rowOptions,
      pagination: {
        limit: req.limit,
        offset: 0,
        returned: rows.length,
        has_more: false,
        total: 1,
        total_relation: 'eq',
        coverage_status: 'complete',
      },
      total: 1,
      profileIds: [found.id],
    });
  }

  const resolved = await resolvePeopleSearch(services, actor, req, { network, applied, receipts });
  const reported = { degradations: resolved.degradations, warnings: resolved.warnings, appliedRelations: resolved.appliedRelations };
  if (resolved.stop) return outcome(resolved.stop, reported);
  const { filters } = resolved;

  const degrees = filters.connection_degrees ?? [];
  if (!network && (degrees.length || req.networkMode === 'filter') && req.networkMode !== 'ignore') {
    return outcome(
      {
        code: 'requester_has_no_network',
        message: 'The requester is not linked to a profile with connections, so connection filters match nobody.',
        conclusive: false,
      },
      reported,
    );
  }

  const planInput: PlanInput = {
    filters,
    residual: resolved.residual,
    graph: network ? { firstDegree: network.firstIds, secondDegree: network.secondIds, self: network.self, distinct: true } : null,
    networkMode: req.networkMode,
    connectedTo: resolved.connectedTo,
    cohorts: resolved.cohorts,
    offset: req.offset,
    limit: req.limit,
  };
  const plan = planPeopleSearch(planInput);
  receipts.push(...plan.receipts);
  if (plan.matchesNothing) {
    // A first-degree search of a requester with no first-degree connections matches nothing for
    // that reason, not for a filter's: said so, and not conclusive while a source is unchecked.
    const noFirst = isFirstDegreeOnly(filters, req.networkMode) && network !== null && network.firstDegree.size === 0;
    return outcome(
      resolved.inconclusiveZero ??
        (noFirst ? noFirstDegree(network) : { code: 'filters_match_nothing', message: plan.matchesNothing, conclusive: true }),
      reported,
    );
  }

  const page = await executePeoplePlan(services, { plan, network, offset: req.offset, limit: req.limit, countOnly: req.countOnly });
  const firstDegreeOnly = isFirstDegreeOnly(filters, req.networkMode);
  const { verification } = page;
  const confirmedBy = new Map(verification?.page.map((p) => [p.id, [...p.sources]]) ?? []);
  const rows = await loadPersonRows(services, {
    docs: page.docs,
    network,
    actingUserId: actor.actingUserId,
    filters,
    keywords: resolved.residual,
    options: req.rows,
    verified: plan.verify && firstDegreeOnly ? { confirmedBy, checked: network?.checkable ?? [] } : null,
  });
  let noResultsReason =
    rows.length === 0 &&
    !req.countOnly &&
    (page.total === 0 || (verification && verification.confirmed === 0 && !verification.candidatesRemain))
      ? (resolved.inconclusiveZero ?? zeroReason(filters, network, firstDegreeOnly))
      : null;
  // Which filter removed everyone: a few count queries, on a plain search's zero only.
  if (noResultsReason?.code === 'no_matching_profiles' && !plan.verify) {
    const culprits = await zeroCulprits(services, planInput);
    if (culprits.length) noResultsReason = { ...noResultsReason, message: culpritMessage(filters, culprits) };
  }
  return {
    rows,
    rowOptions: req.rows,
    pagination: page.pagination,
    applied,
    warnings: [...resolved.warnings, ...page.warnings],
    degradations: resolved.degradations,
    noResultsReason,
    count: page.count,
    appliedRelations: resolved.appliedRelations,
    cohortQuery: plan.cohortQuery,
    total: page.total,
    profileIds: rows.map((r) => r.id),
    body: plan.body,
    verified: plan.verify !== null,
    rankedBodies: page.rankedBodies,
  };
}

/** No first-degree connections: conclusive only when every connection source was checked. */
function noFirstDegree(network: RequesterNetwork): NoResultsReason {
  return {
    code: 'no_first_degree_connections',
    message: 'The requester has no first-degree connections.',
    conclusive: network.unchecked.length === 0,
  };
}

/** A deterministic reason for an empty result, when one exists. */
function zeroReason(filters: AdvancedFilters, network: RequesterNetwork | null, firstDegreeOnly: boolean): NoResultsReason | null {
  if (firstDegreeOnly && network && network.firstDegree.size === 0) return noFirstDegree(network);
  if (firstDegreeOnly)
    return {
      code: 'no_confirmed_first_degree_matches',
      message: 'No first-degree connection of the requester matches these filters.',
      conclusive: network?.unchecked.length === 0,
    };
  if (Object.keys(filters).length === 0) return null;
  return { code: 'no_matching_profiles', message: 'No profile matches every filter; try removing one.', conclusive: true };
}
