/**
 * Company search: from a request (text and/or filters) to a page of company rows. Parses text
 * into CompanyFilters (unless filters are supplied), resolves the company names it mentions,
 * expands an earlier company search, builds and runs the query, presents the rows, and records
 * the search so its `search_id` can restrict a later people search. Routes only adapt shapes.
 */
import { INDICES } from '../../mappings/indices.js';
import type { CompanyFilter } from '../../query-planner/advanced-filters.js';
import { buildCompanyQuery } from '../../query-planner/build/company-query.js';
import {
  COMPANY_TYPE_INDUSTRIES,
  type CompanyFilters,
  type CompanyType,
  normalizeCompanyFilters,
} from '../../query-planner/company-filters.js';
import { COMPANY_SEARCH_LIMITS, type Receipt } from '../../query-planner/limits.js';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';
import { textKeywords } from '../../query-planner/parse/keywords.js';
import { companyLookupQuery } from '../../query-planner/parse/resolve-companies.js';
import { SearchEngineError } from '../../search-engine/errors.js';
import type { Query, SearchEngine } from '../../search-engine/port.js';
import type { Actor } from '../auth/actor.js';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';
import { SearchActivityStore } from '../store/search-activities.js';

const COMPANIES = INDICES.companies.alias;
const POSTS = INDICES.posts.alias;
const L = COMPANY_SEARCH_LIMITS;

export type CompanyResultMode = 'preview' | 'detailed';

export interface CompanySearchRequest {
  text: string | null;
  /** Filters supplied by the caller (bypass parsing of the text's filters; the text still ranks). */
  filters: CompanyFilters | null;
  limit: number;
  mode: CompanyResultMode;
  evidenceText: boolean;
  evidencePosts: number;
  receipts: Receipt[];
}

/** How one company name of the request resolved against the corpus. */
export interface CompanyResolution {
  input: string;
  /** `filter`: the results are restricted to it; `similar_to`: results resemble it ("companies like X"). */
  role: 'filter' | 'similar_to';
  status: 'resolved' | 'ambiguous' | 'unresolved';
  company: CompanyRef | null;
  /** Other companies the name could mean (ambiguous names), largest first. */
  alternatives: CompanyRef[];
}

export interface CompanyRef {
  id: string;
  name: string;
  domain: string | null;
  industry: string | null;
  employee_count: number | null;
}

export interface CompanySearchOutcome {
  companies: Record<string, unknown>[];
  total: number;
  filters: CompanyFilters;
  keywords: string[];
  inputMode: 'natural_language' | 'filters' | 'filters_and_text' | 'empty';
  resolution: { status: 'none' | 'resolved' | 'partial' | 'unresolved'; names: CompanyResolution[] };
  recognized: { kind: string; text: string; value: unknown }[];
  receipts: Receipt[];
  noResultsReason: { code: string; message: string } | null;
  searchId: string;
}

type Doc = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function refOf(doc: Doc, id: string): CompanyRef {
  return {
    id,
    name: str(doc.name) ?? id,
    domain: str(doc.domain),
    industry: str(doc.industry),
    employee_count: num(doc.employee_count),
  };
}

/**
 * Resolves one company name: exact name or alias matches (as people search resolves
 * employers). Several companies with the same name are ambiguous; the largest is used and the
 * others are listed as alternatives. Without a companies index nothing resolves.
 */
async function resolveName(
  engine: SearchEngine,
  input: string,
  role: CompanyResolution['role'],
  categories: Map<string, string[]>,
): Promise<CompanyResolution> {
  try {
    const res = await engine.search<Doc>(COMPANIES, {
      query: companyLookupQuery(input),
      size: L.resolutionCandidates,
      sort: [{ _score: 'desc' }, { employee_count: { order: 'desc', missing: '_last' } }, { id: 'asc' }],
      track_total_hits: false,
      _source: ['id', 'name', 'domain', 'industry', 'categories', 'employee_count'],
    });
    for (const h of res.hits) categories.set(h.id, (h.source.categories as string[] | undefined) ?? []);
    const refs = res.hits.map((h) => ({ ref: refOf(h.source, h.id), score: h.score ?? 0 }));
    if (!refs.length) return { input, role, status: 'unresolved', company: null, alternatives: [] };
    const [top, ...rest] = refs;
    const tied = rest.filter((r) => r.score === top!.score).length > 0;
    return { input, role, status: tied ? 'ambiguous' : 'resolved', company: top!.ref, alternatives: rest.map((r) => r.ref) };
  } catch (e) {
    if (e instanceof SearchEngineError && e.code === 'index_not_found')
      return { input, role, status: 'unresolved', company: null, alternatives: [] };
    throw e;
  }
}

function companyType(doc: Doc): CompanyType | null {
  const industry = str(doc.industry);
  if (industry === COMPANY_TYPE_INDUSTRIES.government_agency) return 'government_agency';
  if (industry === COMPANY_TYPE_INDUSTRIES.nonprofit) return 'nonprofit';
  if (doc.is_public === true) return 'public_company';
  if (doc.is_public === false) return 'privately_held';
  return null;
}

const within = (v: number | null, r: { min?: number; max?: number } | undefined): boolean =>
  v !== null && r !== undefined && (r.min === undefined || v >= r.min) && (r.max === undefined || v <= r.max);

const usd = (v: number): string =>
  v >= 1e9 ? `$${+(v / 1e9).toFixed(1)}B` : v >= 1e6 ? `$${+(v / 1e6).toFixed(1)}M` : `$${Math.round(v).toLocaleString('en-US')}`;

/** Deterministic reasons a company matched, from the filters that apply to it. */
export function companyMatchReasons(doc: Doc, f: CompanyFilters): string[] {
  const out: string[] = [];
  const industry = str(doc.industry);
  if (industry && (f.industries?.include ?? []).some((i) => i.toLowerCase() === industry.toLowerCase())) out.push(`Industry: ${industry}`);
  const categories = ((doc.categories as string[] | undefined) ?? []).filter((c) =>
    (f.categories?.include ?? []).some((w) => w.toLowerCase() === c.toLowerCase()),
  );
  if (categories.length) out.push(`Categories: ${categories.join(', ')}`);
  // A row only comes back when its headquarters matched an included place.
  const hq = str((doc.headquarters as Doc | null | undefined)?.raw);
  if (hq && (f.locations?.include ?? []).length) out.push(`Headquartered in ${hq}`);
  const employees = num(doc.employee_count);
  if (within(employees, f.employee_count)) out.push(`${employees!.toLocaleString('en-US')} employees`);
  const founded = num(doc.founded_year);
  if (within(founded, f.founded_year)) out.push(`Founded in ${founded}`);
  const stage = str(doc.funding_stage);
  if (stage && (f.funding_stages ?? []).includes(stage as never)) out.push(`Funding stage: ${stage}`);
  const funding = num(doc.total_funding_usd);
  if (within(funding, f.total_funding_usd)) out.push(`${usd(funding!)} raised`);
  const revenue = num(doc.revenue_usd);
  if (within(revenue, f.revenue_usd)) out.push(`${usd(revenue!)} annual revenue`);
  const type = companyType(doc);
  if (type && (f.company_types ?? []).includes(type)) out.push(`Company type: ${type}`);
  const status = str(doc.status);
  if (status && (f.status ?? []).includes(status as never)) out.push(`Status: ${status}`);
  return out;
}

/** Recent posts of the company, as evidence text. */
async function evidenceText(engine: SearchEngine, companyId: string, limit: number): Promise<string | null> {
  if (limit <= 0) return null;
  try {
    const res = await engine.search<Doc>(POSTS, {
      query: { bool: { filter: [{ term: { author_id: companyId } }, { term: { author_entity_type: 'company' } }] } },
      size: limit,
      sort: [{ posted_at: { order: 'desc' } }, { id: 'asc' }],
      track_total_hits: false,
      _source: ['id', 'text', 'posted_at'],
    });
    if (!res.hits.length) return null;
    return res.hits.map((h) => `[${String(h.source.posted_at ?? '').slice(0, 10)}] ${str(h.source.text) ?? ''}`.trim()).join('\n');
  } catch (e) {
    if (e instanceof SearchEngineError && e.code === 'index_not_found') return null;
    throw e;
  }
}

/** One company row: compact in preview mode, every stored field in detailed mode. */
function presentCompany(doc: Doc, id: string, mode: CompanyResultMode, filters: CompanyFilters): Record<string, unknown> {
  const hq = (doc.headquarters as Doc | null | undefined) ?? null;
  const row: Record<string, unknown> = {
    id,
    name: str(doc.name) ?? id,
    domain: str(doc.domain),
    industry: str(doc.industry),
    headquarters: hq ? str(hq.raw) : null,
    country_code: hq ? str(hq.country_code) : null,
    employee_count: num(doc.employee_count),
    founded_year: num(doc.founded_year),
    funding_stage: str(doc.funding_stage),
    status: str(doc.status),
    company_type: companyType(doc),
    professional_url: str(doc.professional_url),
  };
  if (mode === 'detailed') {
    Object.assign(row, {
      aliases: (doc.aliases as string[] | undefined) ?? [],
      categories: (doc.categories as string[] | undefined) ?? [],
      description: str(doc.description),
      headquarters_location: hq,
      headcount_by_department: (doc.headcount_by_department as Doc | undefined) ?? {},
      total_funding_usd: num(doc.total_funding_usd),
      revenue_usd: num(doc.revenue_usd),
      is_public: typeof doc.is_public === 'boolean' ? doc.is_public : null,
      match_reasons: companyMatchReasons(doc, filters),
    });
  }
  return row;
}

const hasFilter = (f: CompanyFilters): boolean => Object.values(f).some((v) => v !== undefined && (!Array.isArray(v) || v.length > 0));

/** Runs one company search page for an actor and records it. */
export async function runCompanySearch(services: Services, actor: Actor, req: CompanySearchRequest): Promise<CompanySearchOutcome> {
  const receipts = [...req.receipts];
  const activities = services.searchActivities;
  let filters: CompanyFilters = {};
  let keywords: string[] = [];
  let recognized: CompanySearchOutcome['recognized'] = [];
  let similarNames: string[] = [];
  let inputMode: CompanySearchOutcome['inputMode'] = 'empty';
  if (req.filters) {
    const normalized = normalizeCompanyFilters(req.filters);
    filters = normalized.filters;
    receipts.push(...normalized.receipts.map((r) => ({ ...r, path: `/filters${r.path}` })));
    inputMode = req.text ? 'filters_and_text' : 'filters';
    if (req.text) keywords = textKeywords(req.text);
  } else if (req.text?.trim()) {
    const parsed = parseCompanyQuery(req.text);
    filters = parsed.filters;
    keywords = parsed.keywords;
    recognized = parsed.recognized;
    similarNames = parsed.names;
    inputMode = 'natural_language';
  }

  // Names: supplied filter names restrict; names parsed from the text ("like X") are references.
  const names: CompanyResolution[] = [];
  /** Categories of the candidates read while resolving, for "companies like X". */
  const categoriesById = new Map<string, string[]>();
  for (const n of filters.names ?? []) names.push(await resolveName(services.engine, n, 'filter', categoriesById));
  for (const n of similarNames.slice(0, L.names)) names.push(await resolveName(services.engine, n, 'similar_to', categoriesById));
  const similarTo: { id: string; industry: string | null; categories: string[] }[] = [];
  for (const r of names.filter((x) => x.role === 'similar_to' && x.company)) {
    similarTo.push({ id: r.company!.id, industry: r.company!.industry, categories: categoriesById.get(r.company!.id) ?? [] });
  }
  // A "like X" name that resolved to nothing stays in the search as text.
  for (const r of names) if (r.role === 'similar_to' && !r.company) keywords.push(r.input);

  // An earlier company search restricts this one to its companies.
  let restrictTo: Query | null = null;
  if (filters.search_id) {
    const earlier = activities.get(filters.search_id, actor.ownerUserId);
    if (earlier?.kind !== 'companies') throw companySearchNotFound(filters.search_id, '/filters/search_id');
    restrictTo = earlier.query;
  }

  const built = buildCompanyQuery({
    filters,
    text: keywords,
    nameIds: names.filter((n) => n.role === 'filter').map((n) => ({ name: n.input, ids: n.company ? [n.company.id] : [] })),
    similarTo,
    restrictTo,
    from: 0,
    size: req.limit,
  });
  receipts.push(...built.receipts);

  let docs: { id: string; source: Doc }[] = [];
  let total = 0;
  let noResultsReason: CompanySearchOutcome['noResultsReason'] = null;
  if (built.matchesNothing) {
    noResultsReason = { code: 'filters_match_nothing', message: built.matchesNothing };
  } else {
    try {
      const res = await services.engine.search<Doc>(COMPANIES, built.body);
      docs = res.hits.map((h) => ({ id: h.id, source: h.source }));
      total = res.total?.value ?? docs.length;
    } catch (e) {
      if (!(e instanceof SearchEngineError && e.code === 'index_not_found')) throw e;
      noResultsReason = { code: 'no_companies_indexed', message: 'No companies are loaded yet; load a corpus with `proxima index`.' };
    }
    if (total === 0 && !noResultsReason)
      noResultsReason = hasFilter(filters)
        ? { code: 'no_company_matches_filters', message: 'No company matches every filter; widen a range or drop a filter.' }
        : { code: 'no_company_matches_text', message: 'No company matches the words of the query.' };
  }

  const companies = docs.map((d) => presentCompany(d.source, d.id, req.mode, filters));
  if (req.evidenceText) {
    for (const [i, d] of docs.entries()) companies[i]!.evidence_text = await evidenceText(services.engine, d.id, req.evidencePosts);
  }

  const searchId = activities.record({
    ownerUserId: actor.ownerUserId,
    actingUserId: actor.actingUserId,
    kind: 'companies',
    query: built.filterQuery as Record<string, unknown>,
    resultIds: docs.map((d) => d.id),
    total,
    createdAt: services.clock(),
  });

  const resolvedCount = names.filter((n) => n.company).length;
  return {
    companies,
    total,
    filters,
    keywords,
    inputMode,
    resolution: {
      status: names.length === 0 ? 'none' : resolvedCount === names.length ? 'resolved' : resolvedCount === 0 ? 'unresolved' : 'partial',
      names,
    },
    recognized,
    receipts,
    noResultsReason,
    searchId,
  };
}

export function companySearchNotFound(id: string, pointer: string): AppError {
  return new AppError(
    404,
    'search_not_found',
    `No company search "${id}" for this account (at ${pointer}). Use the search_id of a POST /api/v1/companies/search/preview response of this account.`,
  );
}

/**
 * The ids of the companies an earlier company search matched (at most `max`, by its relevance
 * order), for people search's `companies[].where.search_id`.
 */
export async function companyIdsOfSearch(
  services: Services,
  actor: Actor,
  searchId: string,
  pointer: string,
  max: number,
): Promise<{ ids: string[]; total: number }> {
  const earlier = services.searchActivities.get(searchId, actor.ownerUserId);
  if (earlier?.kind !== 'companies') throw companySearchNotFound(searchId, pointer);
  const res = await services.engine.search(COMPANIES, {
    query: earlier.query,
    size: max,
    sort: [{ employee_count: { order: 'desc', missing: '_last' } }, { id: 'asc' }],
    track_total_hits: true,
    _source: false,
  });
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
    const { ids, total } = await companyIdsOfSearch(services, actor, searchId, pointer, L.searchIdCompanies);
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
