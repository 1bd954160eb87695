/**
 * Company search, as one command: resolve (parse the text, look up the company names it
 * mentions, read an earlier company search) → plan (the pure company query builder) → execute
 * (one page, plus each row's evidence posts when asked) → record the search, whose `search_id`
 * can restrict a later people or job search. The route's presenter shapes the response.
 */
import { INDICES } from '../../../mappings/indices.js';
import { buildCompanyQuery } from '../../../query-planner/build/company-query.js';
import { companyNameCandidatesBody } from '../../../query-planner/build/company-resolution.js';
import { companyPostsBody } from '../../../query-planner/build/posts-query.js';
import { type CompanyFilters, normalizeCompanyFilters } from '../../../query-planner/company-filters.js';
import { COMPANY_SEARCH_LIMITS, type Receipt } from '../../../query-planner/limits.js';
import { parseCompanyQuery } from '../../../query-planner/parse/company-query.js';
import { textKeywords } from '../../../query-planner/parse/keywords.js';
import { type PlaceKind, resolvePlace } from '../../../query-planner/places.js';
import { SearchEngineError } from '../../../search-engine/errors.js';
import type { Query, SearchEngine } from '../../../search-engine/port.js';
import type { Actor } from '../../auth/actor.js';
import type { Services } from '../../services.js';
import { companySearchQuery } from './company-search-ids.js';
import { dropOverlongWords, NOTHING_LEFT } from './long-words.js';

const COMPANIES = INDICES.companies.alias;
const POSTS = INDICES.posts.alias;
const L = COMPANY_SEARCH_LIMITS;

type Doc = Record<string, unknown>;

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

export interface CompanyRef {
  id: string;
  name: string;
  domain: string | null;
  industry: string | null;
  employee_count: number | null;
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

/** What one headquarters place of the filters resolved to (`kind` and `name` null: matched as text). */
export interface PlaceResolution {
  input: string;
  kind: PlaceKind | null;
  name: string | null;
  operator: 'include' | 'exclude';
}

export type CompanyInputMode = 'natural_language' | 'filters' | 'filters_and_text' | 'empty';

export interface CompanySearchOutcome {
  /** The page's companies, in order, as stored. */
  docs: { id: string; source: Doc }[];
  /** `evidence_text` per company id, when asked. */
  evidence: Map<string, string | null> | null;
  total: number;
  filters: CompanyFilters;
  keywords: string[];
  inputMode: CompanyInputMode;
  resolution: { status: 'none' | 'resolved' | 'partial' | 'unresolved'; names: CompanyResolution[] };
  places: PlaceResolution[];
  recognized: { kind: string; text: string; value: unknown }[];
  receipts: Receipt[];
  noResultsReason: { code: string; message: string } | null;
  searchId: string;
}

/** Everything the resolve step read: the filters, the names resolved, the earlier search. */
interface ResolvedCompanySearch {
  filters: CompanyFilters;
  keywords: string[];
  inputMode: CompanyInputMode;
  recognized: CompanySearchOutcome['recognized'];
  names: CompanyResolution[];
  /** Companies the text names as references, with what "like them" means. */
  similarTo: { id: string; industry: string | null; categories: string[] }[];
  restrictTo: Query | null;
  receipts: Receipt[];
  /** The text held only words too long to search: no company, uncharged. */
  nothingLeft: boolean;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const missingIndex = (e: unknown) => e instanceof SearchEngineError && e.code === 'index_not_found';

function refOf(doc: Doc, id: string): CompanyRef {
  return { id, name: str(doc.name) ?? id, domain: str(doc.domain), industry: str(doc.industry), employee_count: num(doc.employee_count) };
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
  const unresolved: CompanyResolution = { input, role, status: 'unresolved', company: null, alternatives: [] };
  try {
    const res = await engine.search<Doc>(COMPANIES, companyNameCandidatesBody(input, L.resolutionCandidates));
    for (const h of res.hits) categories.set(h.id, (h.source.categories as string[] | undefined) ?? []);
    const refs = res.hits.map((h) => ({ ref: refOf(h.source, h.id), score: h.score ?? 0 }));
    if (!refs.length) return unresolved;
    const [top, ...rest] = refs;
    const tied = rest.some((r) => r.score === top!.score);
    return { input, role, status: tied ? 'ambiguous' : 'resolved', company: top!.ref, alternatives: rest.map((r) => r.ref) };
  } catch (e) {
    if (missingIndex(e)) return unresolved;
    throw e;
  }
}

/** Resolve: all I/O before planning (company names, an earlier company search). */
async function resolveCompanySearch(services: Services, actor: Actor, req: CompanySearchRequest): Promise<ResolvedCompanySearch> {
  const receipts = [...req.receipts];
  let filters: CompanyFilters = {};
  let keywords: string[] = [];
  let recognized: ResolvedCompanySearch['recognized'] = [];
  let similarNames: string[] = [];
  let inputMode: CompanyInputMode = 'empty';
  // Words longer than any searched are dropped with a receipt; nothing else left: no company.
  const dropped = req.text ? dropOverlongWords(req.text) : null;
  const text = dropped ? dropped.text : req.text;
  receipts.push(...(dropped?.receipts ?? []));
  const nothingLeft = Boolean(dropped?.nothingLeft && !req.filters);
  if (req.filters) {
    const normalized = normalizeCompanyFilters(req.filters);
    filters = normalized.filters;
    receipts.push(...normalized.receipts.map((r) => ({ ...r, path: `/filters${r.path}` })));
    inputMode = text ? 'filters_and_text' : 'filters';
    if (text) keywords = textKeywords(text);
  } else if (nothingLeft) {
    inputMode = 'natural_language';
  } else if (text?.trim()) {
    const parsed = parseCompanyQuery(text);
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
  const similarTo = names
    .filter((r) => r.role === 'similar_to' && r.company)
    .map((r) => ({ id: r.company!.id, industry: r.company!.industry, categories: categoriesById.get(r.company!.id) ?? [] }));
  // A "like X" name that resolved to nothing stays in the search as text.
  for (const r of names) if (r.role === 'similar_to' && !r.company) keywords.push(r.input);

  // An earlier company search restricts this one to its companies.
  const restrictTo = filters.search_id ? companySearchQuery(services, actor, filters.search_id, '/filters/search_id') : null;
  return { filters, keywords, inputMode, recognized, names, similarTo, restrictTo, receipts, nothingLeft };
}

/** What each headquarters place of the filters resolved to, included ones first (pure). */
export function placeResolutions(locations: CompanyFilters['locations']): PlaceResolution[] {
  const of = (input: string, operator: PlaceResolution['operator']): PlaceResolution => {
    const place = resolvePlace(input);
    return { input, kind: place?.kind ?? null, name: place?.name ?? null, operator };
  };
  return [...(locations?.include ?? []).map((p) => of(p, 'include')), ...(locations?.exclude ?? []).map((p) => of(p, 'exclude'))];
}

/** Plan: the pure builder makes the query from what was resolved. */
function planCompanySearch(r: ResolvedCompanySearch, limit: number) {
  return buildCompanyQuery({
    filters: r.filters,
    text: r.keywords,
    nameIds: r.names.filter((n) => n.role === 'filter').map((n) => ({ name: n.input, ids: n.company ? [n.company.id] : [] })),
    similarTo: r.similarTo,
    restrictTo: r.restrictTo,
    from: 0,
    size: limit,
  });
}

/** Recent posts of the company, as evidence text. */
async function evidenceText(engine: SearchEngine, companyId: string, limit: number): Promise<string | null> {
  if (limit <= 0) return null;
  try {
    const res = await engine.search<Doc>(POSTS, companyPostsBody(companyId, limit));
    if (!res.hits.length) return null;
    return res.hits.map((h) => `[${String(h.source.posted_at ?? '').slice(0, 10)}] ${str(h.source.text) ?? ''}`.trim()).join('\n');
  } catch (e) {
    if (missingIndex(e)) return null;
    throw e;
  }
}

const hasFilter = (f: CompanyFilters): boolean => Object.values(f).some((v) => v !== undefined && (!Array.isArray(v) || v.length > 0));

/** Runs one company search page for an actor and records it. */
export async function searchCompanies(services: Services, actor: Actor, req: CompanySearchRequest): Promise<CompanySearchOutcome> {
  const resolved = await resolveCompanySearch(services, actor, req);
  const { filters, names, receipts } = resolved;
  const built = planCompanySearch(resolved, req.limit);
  receipts.push(...built.receipts);

  // Execute: one page, or nothing when the filters contradict each other.
  let docs: CompanySearchOutcome['docs'] = [];
  let total = 0;
  let noResultsReason: CompanySearchOutcome['noResultsReason'] = null;
  if (resolved.nothingLeft) {
    noResultsReason = { code: 'nothing_searchable', message: NOTHING_LEFT };
  } else if (built.matchesNothing) {
    noResultsReason = { code: 'filters_match_nothing', message: built.matchesNothing };
  } else {
    try {
      const res = await services.engine.search<Doc>(COMPANIES, built.body);
      docs = res.hits.map((h) => ({ id: h.id, source: h.source }));
      total = res.total?.value ?? docs.length;
    } catch (e) {
      if (!missingIndex(e)) throw e;
      noResultsReason = { code: 'no_companies_indexed', message: 'No companies are loaded yet; load a corpus with `proxima index`.' };
    }
    if (total === 0 && !noResultsReason)
      noResultsReason = hasFilter(filters)
        ? { code: 'no_company_matches_filters', message: 'No company matches every filter; widen a range or drop a filter.' }
        : { code: 'no_company_matches_text', message: 'No company matches the words of the query.' };
  }
  let evidence: Map<string, string | null> | null = null;
  if (req.evidenceText) {
    evidence = new Map();
    for (const d of docs) evidence.set(d.id, await evidenceText(services.engine, d.id, req.evidencePosts));
  }

  const searchId = services.searchActivities.record({
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
    docs,
    evidence,
    total,
    filters,
    keywords: resolved.keywords,
    inputMode: resolved.inputMode,
    resolution: {
      status: names.length === 0 ? 'none' : resolvedCount === names.length ? 'resolved' : resolvedCount === 0 ? 'unresolved' : 'partial',
      names,
    },
    places: placeResolutions(filters.locations),
    recognized: resolved.recognized,
    receipts,
    noResultsReason,
    searchId,
  };
}
