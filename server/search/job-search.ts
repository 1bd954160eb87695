/**
 * Job search: text and/or filters to a page of job postings, each decorated with the viewer's
 * network at the hiring company; `/with-people` groups the page by company with an inline
 * slice of the viewer's people there. Routes only adapt shapes.
 */
import { INDICES } from '../../mappings/indices.js';
import type { AdvancedFilters } from '../../query-planner/advanced-filters.js';
import { buildJobsQuery } from '../../query-planner/build/jobs-query.js';
import { type JobFilters, normalizeJobFilters, type WorkplaceType } from '../../query-planner/job-filters.js';
import type { Receipt } from '../../query-planner/limits.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { textKeywords } from '../../query-planner/parse/keywords.js';
import { resolveCompanyMentions } from '../../query-planner/parse/resolve-companies.js';
import { SearchEngineError } from '../../search-engine/errors.js';
import type { Actor } from '../auth/actor.js';
import type { Services } from '../services.js';
import { type SearchActivityKind, SearchActivityStore } from '../store/search-activities.js';
import { expandCompanySearchIds } from './company-search.js';
import { type CompanyNetwork, loadViewer, networkAtCompanies, type OverlayStatus, overlayStatus } from './network-overlay.js';

const JOBS = INDICES.jobs.alias;
const COMPANIES = INDICES.companies.alias;

export interface JobSearchRequest {
  text: string | null;
  filters: JobFilters | null;
  limit: number;
  /** People per company in network blocks (with-people: the group's slice). */
  peoplePerCompany: number;
  grouped: boolean;
  receipts: Receipt[];
}

export interface JobSearchOutcome {
  results: Record<string, unknown>[];
  total: number;
  filters: JobFilters;
  keywords: string[];
  summary: string[];
  viewerProfile: Record<string, unknown> | null;
  overlay: OverlayStatus;
  networks: Map<string, CompanyNetwork>;
  companies: Map<string, Record<string, unknown>>;
  receipts: Receipt[];
  activityId: string;
}

type Doc = Record<string, unknown>;

/** "posted in the last 7 days", "past 2 weeks", "this week", "today", "last month": days, and the text without it. */
export function publishedWithin(text: string): { days: number | null; rest: string } {
  const units: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7, month: 30, months: 30 };
  const numbered =
    /\b(?:posted|published|listed|opened)?\s*(?:in|within|over)?\s*the\s+(?:last|past)\s+(\d{1,4})\s+(days?|weeks?|months?)\b/i;
  const m = text.match(numbered);
  if (m) return { days: Number(m[1]) * units[m[2]!.toLowerCase()]!, rest: text.replace(m[0], ' ') };
  const single = /\b(?:posted|published|listed)?\s*(today|this week|this month|(?:in )?the (?:last|past) (?:day|week|month))\b/i;
  const s = text.match(single);
  if (s) {
    const phrase = s[1]!.toLowerCase();
    const days = phrase.includes('day') || phrase === 'today' ? 1 : phrase.includes('week') ? 7 : 30;
    return { days, rest: text.replace(s[0], ' ') };
  }
  return { days: null, rest: text };
}

/** Reads the text into job filters with the people parser's vocabulary (titles, places, employers, industries, stage, size, workplace). */
async function parseJobText(services: Services, text: string): Promise<{ filters: JobFilters; keywords: string[] }> {
  const { days, rest } = publishedWithin(text);
  const parsed = parsePeopleQuery(rest);
  const p: AdvancedFilters = parsed.filters;
  const filters: JobFilters = {};
  const hiring: NonNullable<JobFilters['hiring']> = {};
  if (p.job_titles?.include?.length) hiring.titles = { include: p.job_titles.include };
  if (p.seniority?.length) hiring.seniority = p.seniority;
  if (p.functions?.length) hiring.functions = p.functions;
  const workplaces = parsed.recognized.filter((r) => r.kind === 'workplace').map((r) => r.value as WorkplaceType);
  if (workplaces.length) hiring.workplace_types = [...new Set(workplaces)];
  if (days !== null) hiring.published_within_days = days;
  if (Object.keys(hiring).length) filters.hiring = hiring;
  if (p.locations) filters.locations = p.locations;
  if (p.industries) filters.industries = p.industries;
  if (p.company_stage) filters.company_stage = p.company_stage;
  if (p.company_size) filters.company_size = p.company_size;
  const keywords = parsed.keywords.filter((k) => !workplaces.includes(k as WorkplaceType));
  if (parsed.companies.length) {
    const { resolved, unresolved } = await resolveCompanyMentions(parsed.companies, services.engine);
    if (resolved.length) filters.companies = [{ operator: 'include', where: { identity: { ids: resolved.map((r) => r.id) } } }];
    for (const u of unresolved) keywords.push(u.text);
  }
  return { filters, keywords };
}

/** Human-readable lines for the filters applied. */
export function jobFilterSummary(f: JobFilters, keywords: string[]): string[] {
  const out: string[] = [];
  const h = f.hiring ?? {};
  const list = (xs: readonly string[] | undefined) => (xs ?? []).join(', ');
  if (h.titles?.include?.length) out.push(`Title: ${list(h.titles.include)}`);
  if (h.titles?.exclude?.length) out.push(`Title not: ${list(h.titles.exclude)}`);
  const places = [...(f.locations?.include ?? []), ...(h.locations?.include ?? [])];
  if (places.length) out.push(`Location: ${places.join(', ')}`);
  if (h.workplace_types?.length) out.push(`Workplace: ${list(h.workplace_types)}`);
  if (h.employment_types?.length) out.push(`Employment: ${list(h.employment_types)}`);
  if (h.functions?.length) out.push(`Function: ${list(h.functions)}`);
  if (h.seniority?.length) out.push(`Seniority: ${list(h.seniority)}`);
  if (h.published_within_days) out.push(`Published in the last ${h.published_within_days} days`);
  if (h.published_after) out.push(`Published on or after ${h.published_after}`);
  if (h.published_before) out.push(`Published on or before ${h.published_before}`);
  for (const c of f.companies ?? []) {
    const names = [...(c.where.identity?.names ?? []), ...(c.where.identity?.domains ?? [])];
    const ids = c.where.identity?.ids?.length ?? 0;
    const what = [
      names.join(', '),
      ids ? `${ids} company id${ids === 1 ? '' : 's'}` : '',
      c.where.search_id ? `company search ${c.where.search_id}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    out.push(`${c.operator === 'exclude' ? 'Company not' : 'Company'}: ${what}`);
  }
  if (f.industries?.include?.length) out.push(`Industry: ${list(f.industries.include)}`);
  if (f.company_stage?.length) out.push(`Company stage: ${list(f.company_stage)}`);
  if (f.company_size) out.push(`Company size: ${f.company_size.min ?? 0}-${f.company_size.max ?? 'any'} employees`);
  if (f.company_status?.length) out.push(`Company status: ${list(f.company_status)}`);
  if (f.keywords?.length) out.push(`Keywords (all): ${list(f.keywords)}`);
  if (keywords.length) out.push(`Text: ${keywords.join(' ')}`);
  return out;
}

function presentJob(doc: Doc, id: string): Record<string, unknown> {
  const locations = ((doc.locations as Doc[] | undefined) ?? []).map((l) => (l.raw as string | undefined) ?? null).filter(Boolean);
  return {
    id,
    title: (doc.title as string | undefined) ?? null,
    company_id: (doc.company_id as string | undefined) ?? null,
    company_name: (doc.company_name as string | undefined) ?? null,
    locations,
    workplace_type: (doc.workplace_type as string | undefined) ?? 'unknown',
    employment_type: (doc.employment_type as string | undefined) ?? null,
    function: (doc.function as string | undefined) ?? null,
    seniority: (doc.seniority as string | undefined) ?? null,
    published_at: (doc.published_at as string | undefined) ?? null,
    url: (doc.url as string | undefined) ?? null,
    description: (doc.description as string | undefined) ?? null,
  };
}

/** Runs one job search page for an actor (its delegate's graph when one acts) and records it. */
export async function runJobSearch(services: Services, actor: Actor, req: JobSearchRequest): Promise<JobSearchOutcome> {
  const receipts = [...req.receipts];
  let filters: JobFilters = {};
  let keywords: string[] = [];
  if (req.filters) {
    const normalized = normalizeJobFilters(req.filters);
    filters = normalized.filters;
    receipts.push(...normalized.receipts.map((r) => ({ ...r, path: `/filters${r.path}` })));
    if (req.text) keywords = textKeywords(req.text);
  } else if (req.text?.trim()) {
    ({ filters, keywords } = await parseJobText(services, req.text));
  }
  const applied = structuredClone(filters);
  let emptyCompanies: string | null = null;
  if (filters.companies?.length) {
    const expanded = await expandCompanySearchIds(services, actor, filters.companies, receipts);
    filters.companies = expanded.companies;
    emptyCompanies = expanded.nothing;
  }

  const built = buildJobsQuery({ filters, text: keywords, now: new Date(services.clock()), from: 0, size: req.limit });
  receipts.push(...built.receipts.map((r) => ({ ...r, path: `/filters${r.path}` })));
  const matchesNothing = emptyCompanies ?? built.matchesNothing;
  let docs: { id: string; source: Doc }[] = [];
  let total = 0;
  if (!matchesNothing) {
    try {
      const res = await services.engine.search<Doc>(JOBS, built.body);
      docs = res.hits.map((h) => ({ id: h.id, source: h.source }));
      total = res.total?.value ?? docs.length;
    } catch (e) {
      if (!(e instanceof SearchEngineError && e.code === 'index_not_found')) throw e;
    }
  } else {
    receipts.push({ path: '/filters', action: 'normalized', message: `The filters match nothing: ${matchesNothing}.` });
  }

  const viewer = await loadViewer(services, actor);
  const companyIds = [...new Set(docs.map((d) => d.source.company_id as string).filter(Boolean))];
  const networks = await networkAtCompanies(services, viewer, companyIds, req.peoplePerCompany);
  const companies = new Map<string, Record<string, unknown>>();
  if (req.grouped && companyIds.length) {
    try {
      const found = await services.engine.mget<Doc>(COMPANIES, companyIds);
      found.forEach((doc, i) => {
        const id = companyIds[i]!;
        companies.set(id, {
          id,
          name: (doc?.name as string | undefined) ?? null,
          domain: (doc?.domain as string | undefined) ?? null,
          industry: (doc?.industry as string | undefined) ?? null,
          employee_count: (doc?.employee_count as number | undefined) ?? null,
          funding_stage: (doc?.funding_stage as string | undefined) ?? null,
        });
      });
    } catch (e) {
      if (!(e instanceof SearchEngineError && e.code === 'index_not_found')) throw e;
    }
  }

  const results = docs.map((d) => {
    const row = presentJob(d.source, d.id);
    if (!req.grouped) row.network = networks.get(row.company_id as string) ?? null;
    return row;
  });
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
    results,
    total,
    filters: applied,
    keywords,
    summary: jobFilterSummary(applied, keywords),
    viewerProfile: viewer.profile,
    overlay: overlayStatus(viewer),
    networks,
    companies,
    receipts,
    activityId,
  };
}
