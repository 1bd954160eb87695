/**
 * An earlier company search as a set of companies: people and job search accept its
 * `search_id` in `companies[].where.search_id`, company search in `filters.search_id`.
 * Resolve-step helpers (I/O): they read the search activity store and the companies index.
 */
import { INDICES } from '../../../mappings/indices.js';
import type { CompanyFilter } from '../../../query-planner/advanced-filters.js';
import { companiesOfSearchBody } from '../../../query-planner/build/company-resolution.js';
import { COMPANY_SEARCH_LIMITS, type Receipt } from '../../../query-planner/limits.js';
import type { Query } from '../../../search-engine/port.js';
import type { Actor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import type { Services } from '../../services.js';
import { SEARCH_ACTIVITY_TTL_MS } from '../../store/retention.js';

const COMPANIES = INDICES.companies.alias;

/** 404 `search_not_found`: no company search of that id for this account. */
export function companySearchNotFound(id: string, pointer: string): AppError {
  return new AppError(
    404,
    'search_not_found',
    `No company search "${id}" for this account (at ${pointer}). Use the search_id a company search of this account returned in the last ${SEARCH_ACTIVITY_TTL_MS / 86_400_000} days.`,
  );
}

/** The filtering query an earlier company search of this account recorded; 404 when there is none. */
export function companySearchQuery(services: Services, actor: Actor, searchId: string, pointer: string): Query {
  const earlier = services.searchActivities.get(searchId, actor.ownerUserId, services.clock());
  if (earlier?.kind !== 'companies') throw companySearchNotFound(searchId, pointer);
  return earlier.query;
}

/**
 * The ids of the companies an earlier company search matched (at most `max`, largest first),
 * for people search's `companies[].where.search_id`.
 */
export async function companyIdsOfSearch(
  services: Services,
  actor: Actor,
  searchId: string,
  pointer: string,
  max: number,
): Promise<{ ids: string[]; total: number }> {
  const query = companySearchQuery(services, actor, searchId, pointer);
  const res = await services.engine.search(COMPANIES, companiesOfSearchBody(query, max));
  return { ids: res.hits.map((h) => h.id), total: res.total?.value ?? res.hits.length };
}

/**
 * Company filters with `where.search_id` (people and job search) get the ids of that search's
 * companies added to their identity, with a receipt when more matched than are used. `nothing`
 * names the first included company search that matches no company (the search then matches
 * nobody). An unknown search id throws 404 `search_not_found`.
 */
export async function expandCompanySearchIds(
  services: Services,
  actor: Actor,
  companies: CompanyFilter[],
  receipts: Receipt[],
): Promise<{ companies: CompanyFilter[]; nothing: string | null }> {
  const out: CompanyFilter[] = [];
  let nothing: string | null = null;
  for (const [i, company] of companies.entries()) {
    const searchId = company.where.search_id;
    if (!searchId) {
      out.push(company);
      continue;
    }
    const pointer = `/filters/companies/${i}/where/search_id`;
    const { ids, total } = await companyIdsOfSearch(services, actor, searchId, pointer, COMPANY_SEARCH_LIMITS.searchIdCompanies);
    if (total > ids.length)
      receipts.push({
        path: pointer,
        action: 'truncated',
        message: `The company search matched ${total} companies; the ${ids.length} largest were used.`,
      });
    const identity = company.where.identity ?? {};
    out.push({ ...company, where: { identity: { ...identity, ids: [...(identity.ids ?? []), ...ids] } } });
    if (!ids.length && !identity.names?.length && !identity.domains?.length && company.operator !== 'exclude')
      nothing ??= `The company search ${searchId} matches no company.`;
  }
  return { companies: out, nothing };
}
