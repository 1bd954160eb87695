import type { FromSchema } from 'json-schema-to-ts';
/**
 * CompanyFilters: the typed filters of company search (`filters` on
 * `POST /api/v1/companies/search/preview`, the output of the company query parser, the input
 * of the company query builder). Documented field by field in docs/company-search.md. Every
 * field is optional; an empty object matches every company.
 */
import { FUNDING_STAGES } from '../mappings/record-schemas.js';
import { COMPANY_STATUS_VALUES } from './advanced-filters.js';
import { ListNormalizer } from './build/normalize.js';
import { enumList, includeExclude, rangeBound, stringList, valueField } from './input-schemas.js';
import { COMPANY_SEARCH_LIMITS, type Receipt } from './limits.js';

/**
 * Company types. The corpus stores `is_public` and an industry; the types are read from them:
 * `public_company` is a listed company, `privately_held` one that is not listed and is not a
 * government body or a non-profit, `government_agency` and `nonprofit` are the companies of
 * those industries.
 */
export const COMPANY_TYPES = ['public_company', 'privately_held', 'government_agency', 'nonprofit'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Industries of the corpus that the two non-commercial company types stand for. */
export const COMPANY_TYPE_INDUSTRIES: Record<'government_agency' | 'nonprofit', string> = {
  government_agency: 'Government Administration',
  nonprofit: 'Non-profit Organization Management',
};

/**
 * Company search filters: the type of `companyFiltersSchema` below (one declaration: the schema,
 * whose descriptions document each field; docs/company-search.md has the matching rules).
 */
export type CompanyFilters = FromSchema<typeof companyFiltersSchema>;

const range = (what: string, note = '') =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: {
      min: rangeBound(`Smallest ${what} (inclusive).`),
      max: rangeBound(`Largest ${what} (inclusive).`),
    },
    description: `${what[0]?.toUpperCase()}${what.slice(1)} range; min above max matches nothing.${note}`,
  }) as const;

/** The JSON Schema of CompanyFilters. Closed shapes: a misspelt field is an error. */
export const companyFiltersSchema = {
  $id: 'CompanyFilters',
  type: 'object',
  additionalProperties: false,
  properties: {
    names: stringList('Company names (any of them).'),
    industries: includeExclude('Industries'),
    categories: includeExclude('Category tags'),
    locations: includeExclude('Headquarters places: cities, metros, states, countries or regions'),
    employee_count: range('employee count', ' Companies without a head count never match.'),
    founded_year: range('founding year', ' Companies without a founding year never match.'),
    funding_stages: enumList(FUNDING_STAGES, 'Funding stages (any of them).'),
    total_funding_usd: range('total funding in USD', ' Companies without funding data never match.'),
    revenue_usd: range('annual revenue in USD', ' Companies without revenue data never match.'),
    status: enumList(COMPANY_STATUS_VALUES, 'Company status (any of them).'),
    company_types: enumList(COMPANY_TYPES, 'Company types (any of them).'),
    keywords: stringList('Words that must all appear in the name, description, industry or categories.'),
    search_id: { ...valueField('Restrict to the companies an earlier company search matched.'), minLength: 1 },
  },
} as const;

/**
 * Applies COMPANY_SEARCH_LIMITS to schema-valid CompanyFilters: lists trimmed, deduplicated
 * (case-insensitively) and cut (names to 100, other lists to 100 values, values to 200
 * characters), each adjustment with a receipt located under the filters. Does not modify `raw`.
 */
export function normalizeCompanyFilters(raw: CompanyFilters): { filters: CompanyFilters; receipts: Receipt[] } {
  const n = new ListNormalizer(COMPANY_SEARCH_LIMITS);
  const out: CompanyFilters = { ...raw };
  const set = <K extends keyof CompanyFilters>(key: K, value: CompanyFilters[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('names', n.list('/names', raw.names, COMPANY_SEARCH_LIMITS.names));
  for (const key of ['industries', 'categories', 'locations'] as const) set(key, n.includeExclude(`/${key}`, raw[key]));
  set('funding_stages', n.enumList('/funding_stages', raw.funding_stages));
  set('status', n.enumList('/status', raw.status));
  set('company_types', n.enumList('/company_types', raw.company_types));
  set('keywords', n.list('/keywords', raw.keywords));
  return { filters: out, receipts: n.receipts };
}
