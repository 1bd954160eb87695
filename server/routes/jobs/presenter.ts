/**
 * Job search responses: posting rows (the hiring company's name from the companies index when
 * the posting carries none), the applied-filter summary in words, and the grouping of
 * `/with-people`. Pure: shapes a command's outcome.
 */
import { type JobFilters, withinDaysApplied } from '../../../query-planner/job-filters.js';
import type { JobSearchOutcome } from '../../commands/search/search-jobs.js';

type Doc = Record<string, unknown>;
type Row = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

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
  if (h.published_within_days !== undefined) {
    const days = withinDaysApplied(h.published_within_days);
    out.push(`Published in the last ${days} day${days === 1 ? '' : 's'}`);
  }
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

/** One posting row; `company` is the hiring company's document when it was read. */
export function presentJob(doc: Doc, id: string, company: Doc | null | undefined): Row {
  const locations = ((doc.locations as Doc[] | undefined) ?? []).map((l) => str(l.raw)).filter(Boolean);
  return {
    id,
    title: str(doc.title),
    company_id: str(doc.company_id),
    company_name: str(doc.company_name) ?? str(company?.name),
    locations,
    workplace_type: str(doc.workplace_type) ?? 'unknown',
    employment_type: str(doc.employment_type),
    function: str(doc.function),
    seniority: str(doc.seniority),
    published_at: str(doc.published_at),
    url: str(doc.url),
    description: str(doc.description),
  };
}

/** The compact company of a `/with-people` group. */
function presentGroupCompany(id: string, doc: Doc | null | undefined): Row | null {
  if (doc === undefined) return null;
  return {
    id,
    name: str(doc?.name),
    domain: str(doc?.domain),
    industry: str(doc?.industry),
    employee_count: (doc?.employee_count as number | undefined) ?? null,
    funding_stage: str(doc?.funding_stage),
  };
}

/** The fields both job routes answer with. */
function commonResponse(outcome: JobSearchOutcome, durationMs: number, delegateUserId: string | null): Row {
  return {
    success: true,
    durationMs,
    total: outcome.total,
    delegate_user_id: delegateUserId,
    viewer_profile: outcome.viewerProfile,
    applied_filter_summary: {
      filters: outcome.filters,
      keywords: outcome.keywords,
      lines: jobFilterSummary(outcome.filters, outcome.keywords),
    },
    network_overlay_status: outcome.overlay,
    search_activity_id: outcome.activityId,
    receipts: outcome.receipts,
  };
}

const rowsOf = (outcome: JobSearchOutcome) =>
  outcome.docs.map((d) => presentJob(d.source, d.id, outcome.companies.get(d.source.company_id as string)));

/** The response of `POST /api/v1/search/jobs/preview`: each posting with the viewer's network at its company. */
export function presentJobsPreview(outcome: JobSearchOutcome, limit: number, durationMs: number, delegateUserId: string | null): Row {
  const results = rowsOf(outcome).map((row) => ({ ...row, network: outcome.networks.get(row.company_id as string) ?? null }));
  return { ...commonResponse(outcome, durationMs, delegateUserId), preview_limit: limit, results };
}

/** The response of `POST /api/v1/search/jobs/with-people`: postings grouped by company, in result order. */
export function presentJobsWithPeople(
  outcome: JobSearchOutcome,
  request: { limit: number; peoplePerCompany: number },
  durationMs: number,
  delegateUserId: string | null,
): Row {
  const order: string[] = [];
  const jobs = new Map<string, Row[]>();
  for (const row of rowsOf(outcome)) {
    const id = row.company_id as string;
    if (!jobs.has(id)) {
      order.push(id);
      jobs.set(id, []);
    }
    jobs.get(id)!.push(row);
  }
  const groups = order.map((id) => {
    const network = outcome.networks.get(id) ?? null;
    const people = network ? [...network.first_degree.people, ...network.second_degree.people].slice(0, request.peoplePerCompany) : [];
    return { company_id: id, company: presentGroupCompany(id, outcome.companies.get(id)), jobs: jobs.get(id)!, people, network };
  });
  return {
    ...commonResponse(outcome, durationMs, delegateUserId),
    preview_limit: request.limit,
    people_per_company: request.peoplePerCompany,
    companies_in_order: order,
    groups,
  };
}
