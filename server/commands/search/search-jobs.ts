/**
 * Job search, as one command: resolve (read the text into filters and resolve the employers it
 * names, expand earlier company searches, load the viewer and their network) → plan (the pure
 * jobs query builder) → execute (one page of postings, the hiring companies they need, the
 * viewer's people at those companies) → record the search. The route's presenter shapes the
 * response, flat (`/preview`) or grouped by company (`/with-people`).
 */
import { INDICES } from '../../../mappings/indices.js';
import type { CompanyFilter } from '../../../query-planner/advanced-filters.js';
import { buildJobsQuery } from '../../../query-planner/build/jobs-query.js';
import { type JobFilters, type JobFiltersInput, normalizeJobFilters } from '../../../query-planner/job-filters.js';
import type { Receipt } from '../../../query-planner/limits.js';
import { parseJobQuery } from '../../../query-planner/parse/job-query.js';
import { textKeywords } from '../../../query-planner/parse/keywords.js';
import { SearchEngineError } from '../../../search-engine/errors.js';
import type { SearchBody } from '../../../search-engine/port.js';
import type { Actor } from '../../auth/actor.js';
import type { Services } from '../../services.js';
import type { SearchActivityKind } from '../../store/search-activities.js';
import { expandCompanySearchIds } from './company-search-ids.js';
import { dropOverlongWords, NOTHING_LEFT } from './long-words.js';
import { type CompanyNetwork, loadViewer, networkAtCompanies, type OverlayStatus, overlayStatus, type Viewer } from './network-overlay.js';
import { resolveCompanyMentions } from './resolve-companies.js';

const JOBS = INDICES.jobs.alias;
const COMPANIES = INDICES.companies.alias;

type Doc = Record<string, unknown>;

export interface JobSearchRequest {
  text: string | null;
  filters: JobFiltersInput | null;
  limit: number;
  /** People per company in network blocks (with-people: the group's slice). */
  peoplePerCompany: number;
  grouped: boolean;
  receipts: Receipt[];
}

export interface JobSearchOutcome {
  /** The page's postings, in order, as stored. */
  docs: { id: string; source: Doc }[];
  total: number;
  /** The filters applied, as the request gave or the text yielded them (before company searches expand). */
  filters: JobFilters;
  keywords: string[];
  viewerProfile: Record<string, unknown> | null;
  overlay: OverlayStatus;
  networks: Map<string, CompanyNetwork>;
  /**
   * Hiring companies read from the companies index: every company of the page when grouped,
   * otherwise those whose postings carry no company name.
   */
  companies: Map<string, Doc | null>;
  receipts: Receipt[];
  activityId: string;
  /** The text held only words too long to search: nothing was searched, not charged. */
  searchedNothing: boolean;
}

/** Everything the resolve step read. */
interface ResolvedJobSearch {
  /** As applied (shown to the client). */
  applied: JobFilters;
  /** As planned: company searches expanded to their ids. */
  filters: JobFilters;
  keywords: string[];
  /** Why the filters match nothing before any query (an empty company search), or null. */
  nothing: string | null;
  /** The text held only words too long to search (`nothing` says so): no posting, uncharged. */
  nothingLeft: boolean;
  viewer: Viewer;
  receipts: Receipt[];
}

const missingIndex = (e: unknown) => e instanceof SearchEngineError && e.code === 'index_not_found';

/** The text's filters, its employers resolved to company ids (unresolved ones stay as keywords). */
async function filtersOfText(services: Services, text: string): Promise<{ filters: JobFilters; keywords: string[] }> {
  const parsed = parseJobQuery(text);
  const { filters, keywords } = parsed;
  if (parsed.companies.length) {
    const { resolved, unresolved } = await resolveCompanyMentions(parsed.companies, services.engine);
    if (resolved.length) filters.companies = [{ operator: 'include', where: { identity: { ids: resolved.map((r) => r.id) } } }];
    for (const u of unresolved) keywords.push(u.text);
  }
  return { filters, keywords };
}

/** Company names looked up per search at most; beyond, names match the posting's company name only. */
export const JOB_COMPANY_NAME_LOOKUPS = 25;

/**
 * The company names of the filters resolved to company ids (exact name or alias, as employers
 * are), added to each filter's ids: a posting whose record carries only its company id then
 * matches by name too. A name that resolves to nothing still matches the posting's company name.
 */
async function resolveCompanyNames(services: Services, companies: CompanyFilter[]): Promise<CompanyFilter[]> {
  const names = [...new Set(companies.flatMap((c) => c.where.identity?.names ?? []))].slice(0, JOB_COMPANY_NAME_LOOKUPS);
  if (!names.length) return companies;
  const mentions = names.map((text) => ({ text, relation: 'current_employment' as const }));
  const { resolved } = await resolveCompanyMentions(mentions, services.engine);
  const idOf = new Map(resolved.map((r) => [r.mention.text, r.id]));
  return companies.map((c) => {
    const identity = c.where.identity;
    const ids = (identity?.names ?? []).map((n) => idOf.get(n)).filter((id): id is string => id !== undefined);
    if (!identity || !ids.length) return c;
    return { ...c, where: { ...c.where, identity: { ...identity, ids: [...new Set([...(identity.ids ?? []), ...ids])] } } };
  });
}

/** Resolve: all I/O before planning. */
async function resolveJobSearch(services: Services, actor: Actor, req: JobSearchRequest): Promise<ResolvedJobSearch> {
  const receipts = [...req.receipts];
  let filters: JobFilters = {};
  let keywords: string[] = [];
  // Words longer than any searched are dropped with a receipt; nothing else left: no posting.
  const dropped = req.text ? dropOverlongWords(req.text) : null;
  const text = dropped ? dropped.text : req.text;
  receipts.push(...(dropped?.receipts ?? []));
  const nothingLeft = Boolean(dropped?.nothingLeft && !req.filters);
  if (nothingLeft) receipts.push({ path: '/query', action: 'normalized', message: NOTHING_LEFT });
  if (req.filters) {
    const normalized = normalizeJobFilters(req.filters);
    filters = normalized.filters;
    receipts.push(...normalized.receipts.map((r) => ({ ...r, path: `/filters${r.path}` })));
    if (text) keywords = textKeywords(text);
  } else if (text?.trim() && !nothingLeft) {
    ({ filters, keywords } = await filtersOfText(services, text));
  }
  const applied = structuredClone(filters);
  let nothing: string | null = nothingLeft ? NOTHING_LEFT : null;
  if (filters.companies?.length) {
    const expanded = await expandCompanySearchIds(services, actor, filters.companies, receipts);
    filters.companies = await resolveCompanyNames(services, expanded.companies);
    nothing ??= expanded.nothing;
  }
  const viewer = await loadViewer(services, actor);
  return { applied, filters, keywords, nothing, nothingLeft, viewer, receipts };
}

/** The hiring companies of `ids` from the companies index (null: not there). */
async function readCompanies(services: Services, ids: string[]): Promise<Map<string, Doc | null>> {
  const out = new Map<string, Doc | null>();
  if (!ids.length) return out;
  try {
    const found = await services.engine.mget<Doc>(COMPANIES, ids);
    for (const [i, id] of ids.entries()) out.set(id, found[i] ?? null);
  } catch (e) {
    if (!missingIndex(e)) throw e;
  }
  return out;
}

/** One page of postings; no jobs index yet reads as no postings. */
async function executeJobPage(services: Services, body: SearchBody): Promise<{ docs: JobSearchOutcome['docs']; total: number }> {
  try {
    const res = await services.engine.search<Doc>(JOBS, body);
    return { docs: res.hits.map((h) => ({ id: h.id, source: h.source })), total: res.total?.value ?? res.hits.length };
  } catch (e) {
    if (missingIndex(e)) return { docs: [], total: 0 };
    throw e;
  }
}

const hasName = (doc: Doc) => typeof doc.company_name === 'string' && doc.company_name.trim() !== '';

/** Runs one job search page for an actor (its delegate's graph when one acts) and records it. */
export async function searchJobs(services: Services, actor: Actor, req: JobSearchRequest): Promise<JobSearchOutcome> {
  const resolved = await resolveJobSearch(services, actor, req);
  const { receipts, viewer } = resolved;
  const built = buildJobsQuery({
    filters: resolved.filters,
    text: resolved.keywords,
    now: new Date(services.clock()),
    from: 0,
    size: req.limit,
  });
  receipts.push(...built.receipts.map((r) => ({ ...r, path: `/filters${r.path}` })));

  // Execute: the page, then what its rows need from other indices.
  const matchesNothing = resolved.nothing ?? built.matchesNothing;
  if (matchesNothing && !resolved.nothingLeft)
    receipts.push({ path: '/filters', action: 'normalized', message: `The filters match nothing: ${matchesNothing}.` });
  const { docs, total } = matchesNothing ? { docs: [], total: 0 } : await executeJobPage(services, built.body);
  const companyIds = [...new Set(docs.map((d) => d.source.company_id).filter((id): id is string => typeof id === 'string'))];
  const networks = await networkAtCompanies(services, viewer, companyIds, req.peoplePerCompany);
  // A posting record may carry only its company id: the name then comes from the companies index.
  const unnamed = new Set(docs.filter((d) => !hasName(d.source)).map((d) => d.source.company_id));
  const companies = await readCompanies(services, req.grouped ? companyIds : companyIds.filter((id) => unnamed.has(id)));

  const kind: SearchActivityKind = req.grouped ? 'jobs_with_people' : 'jobs';
  const activityId = services.searchActivities.record({
    ownerUserId: actor.ownerUserId,
    actingUserId: actor.actingUserId,
    kind,
    query: built.filterQuery as Record<string, unknown>,
    resultIds: docs.map((d) => d.id),
    total,
    createdAt: services.clock(),
  });
  return {
    docs,
    total,
    filters: resolved.applied,
    keywords: resolved.keywords,
    viewerProfile: viewer.profile,
    overlay: overlayStatus(viewer),
    networks,
    companies,
    receipts,
    activityId,
    searchedNothing: resolved.nothingLeft,
  };
}
