/**
 * Company search responses: rows (compact or detailed, with deterministic match reasons), the
 * pagination block and what the request was read as. Pure: shapes a command's outcome.
 */
import { COMPANY_TYPE_INDUSTRIES, type CompanyFilters, type CompanyType } from '../../../query-planner/company-filters.js';
import type { CompanyResultMode, CompanySearchOutcome } from '../../commands/search/search-companies.js';

type Doc = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

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
  const wanted = (f.categories?.include ?? []).map((w) => w.toLowerCase());
  // A category value also matches the industry of that name (the parser adds an industry as an
  // alternative of its sector) and, as a phrase, the description.
  if (industry && [...(f.industries?.include ?? []).map((i) => i.toLowerCase()), ...wanted].includes(industry.toLowerCase()))
    out.push(`Industry: ${industry}`);
  const categories = ((doc.categories as string[] | undefined) ?? []).filter((c) => wanted.includes(c.toLowerCase()));
  if (categories.length) out.push(`Categories: ${categories.join(', ')}`);
  const description = str(doc.description)?.toLowerCase() ?? '';
  const described = wanted.filter((w) => description.includes(w));
  if (!categories.length && described.length) out.push(`Description mentions ${described.join(', ')}`);
  // A row only comes back when its headquarters matched an included place.
  const hq = str((doc.headquarters as Doc | null | undefined)?.raw);
  if (hq && (f.locations?.include ?? []).length) out.push(`Headquartered in ${hq}`);
  const employees = num(doc.employee_count);
  if (within(employees, f.employee_count)) out.push(`${employees!.toLocaleString('en-US')} employees`);
  const founded = num(doc.founded_year);
  if (within(founded, f.founded_year)) out.push(`Founded in ${founded}`);
  const stage = str(doc.funding_stage);
  if (stage && (f.funding_stages ?? []).some((s) => s === stage)) out.push(`Funding stage: ${stage}`);
  const funding = num(doc.total_funding_usd);
  if (within(funding, f.total_funding_usd)) out.push(`${usd(funding!)} raised`);
  const revenue = num(doc.revenue_usd);
  if (within(revenue, f.revenue_usd)) out.push(`${usd(revenue!)} annual revenue`);
  const type = companyType(doc);
  if (type && (f.company_types ?? []).includes(type)) out.push(`Company type: ${type}`);
  const status = str(doc.status);
  if (status && (f.status ?? []).some((s) => s === status)) out.push(`Status: ${status}`);
  return out;
}

/** One company row: compact in preview mode, every stored field in detailed mode. */
export function presentCompany(doc: Doc, id: string, mode: CompanyResultMode, filters: CompanyFilters): Record<string, unknown> {
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

/** The response of `POST /api/v1/companies/search/preview`. */
export function presentCompanySearch(
  outcome: CompanySearchOutcome,
  request: { text: string | null; limit: number; mode: CompanyResultMode },
): Record<string, unknown> {
  const companies = outcome.docs.map((d) => {
    const row = presentCompany(d.source, d.id, request.mode, outcome.filters);
    if (outcome.evidence) row.evidence_text = outcome.evidence.get(d.id) ?? null;
    return row;
  });
  const out: Record<string, unknown> = {
    success: true,
    search_id: outcome.searchId,
    companies,
    pagination: {
      preview_limit: request.limit,
      returned: companies.length,
      total: outcome.total,
      total_relation: 'eq',
      has_more: outcome.total > companies.length,
    },
    filters: outcome.filters,
    company_resolution: outcome.resolution,
    annotationPayload: {
      query: request.text,
      input_mode: outcome.inputMode,
      recognized: outcome.recognized,
      keywords: outcome.keywords,
      places: outcome.places,
    },
    receipts: outcome.receipts,
  };
  if (outcome.noResultsReason) out.no_results_reason = outcome.noResultsReason;
  return out;
}
