import type { DocumentKind } from '../../mappings/record-schemas.js';

/** Company facts copied onto people and postings (mapping `COMPANY_FACTS`). */
export interface CompanyFacts {
  industry: string | null;
  employee_count: number | null;
  funding_stage: string | null;
  total_funding_usd: number | null;
  revenue_usd: number | null;
  status: string | null;
  is_public: boolean | null;
  domain: string | null;
}

/** What transforms may look up: facts and names of companies, display names of post authors. */
export interface Lookups {
  companies: Map<string, CompanyFacts>;
  /** Names of companies, for postings whose record names only the company id. */
  companyNames: Map<string, string>;
  authorNames: Map<string, string>;
}

/** Lookups with nothing in them (a record transformed on its own). */
export const noLookups = (): Lookups => ({ companies: new Map(), companyNames: new Map(), authorNames: new Map() });

/** The ids a batch of records needs looked up before it can be transformed. */
export function lookupsNeeded(kind: DocumentKind, records: Record<string, unknown>[]): { companyIds: string[]; personIds: string[] } {
  const companyIds = new Set<string>();
  const personIds = new Set<string>();
  for (const r of records) {
    if (kind === 'profiles' && typeof r.current_company_id === 'string') companyIds.add(r.current_company_id);
    if (kind === 'jobs' && typeof r.company_id === 'string') companyIds.add(r.company_id);
    if (kind === 'posts') (r.author_entity_type === 'company' ? companyIds : personIds).add(r.author_id as string);
  }
  return { companyIds: [...companyIds], personIds: [...personIds] };
}

export function factsOf(company: Record<string, unknown>): CompanyFacts {
  return {
    industry: (company.industry as string | null) ?? null,
    employee_count: (company.employee_count as number | null) ?? null,
    funding_stage: (company.funding_stage as string | null) ?? null,
    total_funding_usd:
      company.total_funding_usd === null || company.total_funding_usd === undefined
        ? null
        : Math.round(company.total_funding_usd as number),
    revenue_usd: company.revenue_usd === null || company.revenue_usd === undefined ? null : Math.round(company.revenue_usd as number),
    status: (company.status as string | null) ?? null,
    is_public: (company.is_public as boolean | null) ?? null,
    domain: (company.domain as string | null) ?? null,
  };
}

/** Drops null, undefined and blank-string fields so "missing" is missing to the engine too. */
function compact(doc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) continue;
    out[k] = v;
  }
  return out;
}

/**
 * Turns a validated snapshot record into the document indexed for its kind. Blank names are
 * dropped (nameless profiles sort last), company facts are copied from the companies index.
 * Profile chunks are not stored: they repeat the profile's own text and are built when read
 * (transform/chunks.ts).
 */
export function toDocument(kind: DocumentKind, record: Record<string, unknown>, lookups: Lookups): Record<string, unknown> {
  switch (kind) {
    case 'profiles': {
      const companyId = record.current_company_id as string | null | undefined;
      const facts = companyId ? lookups.companies.get(companyId) : undefined;
      return compact({ ...record, current_company: facts ? compact({ ...facts }) : null });
    }
    case 'jobs': {
      const companyId = record.company_id as string;
      const facts = lookups.companies.get(companyId);
      // A posting that names only its company id gets the company's name, so text search and
      // name filters find it too (issue 12 §2.10).
      const blank = typeof record.company_name !== 'string' || record.company_name.trim() === '';
      const companyName = blank ? (lookups.companyNames.get(companyId) ?? null) : record.company_name;
      return compact({ ...record, company_name: companyName, company: facts ? compact({ ...facts }) : null });
    }
    case 'posts': {
      const engagement =
        ((record.reaction_count as number) ?? 0) + ((record.comment_count as number) ?? 0) + ((record.repost_count as number) ?? 0);
      return compact({ ...record, author_name: lookups.authorNames.get(record.author_id as string) ?? null, engagement_count: engagement });
    }
    default:
      return compact({ ...record });
  }
}
