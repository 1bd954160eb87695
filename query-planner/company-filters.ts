/**
 * CompanyFilters: the typed filters of company search (`filters` on
 * `POST /api/v1/companies/search/preview`, the output of the company query parser, the input
 * of the company query builder). Documented field by field in docs/company-search.md. Every
 * field is optional; an empty object matches every company.
 */
import { FUNDING_STAGES } from '../mappings/record-schemas.js';
import {
  COMPANY_STATUS_VALUES,
  type FundingStage,
  type IncludeExclude,
  includeExclude,
  type NumberRange,
  stringList,
} from './advanced-filters.js';

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

export interface CompanyFilters {
  /** Companies by name (resolved to known companies; unresolved names match loosely). */
  names?: string[];
  /** Industries, matched loosely against the company's industry ("security" finds "Computer & Network Security"). */
  industries?: IncludeExclude;
  /** Category tags ("fintech", "saas", "robotics"), matched against the company's categories. */
  categories?: IncludeExclude;
  /** Headquarters: cities, metros, states, countries, regions such as Europe, Nordics or APAC. */
  locations?: IncludeExclude;
  employee_count?: NumberRange;
  founded_year?: NumberRange;
  funding_stages?: FundingStage[];
  /** Total funding raised in USD; companies without funding data never match. */
  total_funding_usd?: NumberRange;
  /** Annual revenue in USD; companies without revenue data never match. */
  revenue_usd?: NumberRange;
  status?: (typeof COMPANY_STATUS_VALUES)[number][];
  company_types?: CompanyType[];
  /** Words that must all appear in the name, description, industry or categories. */
  keywords?: string[];
  /** A company search whose result set (its matching companies) restricts this one. */
  search_id?: string;
}

const range = (what: string, note = '') => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    min: { type: 'number', minimum: 0, description: `Smallest ${what} (inclusive).` },
    max: { type: 'number', minimum: 0, description: `Largest ${what} (inclusive).` },
  },
  description: `${what[0]?.toUpperCase()}${what.slice(1)} range; min above max matches nothing.${note}`,
});

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
    funding_stages: { type: 'array', items: { enum: [...FUNDING_STAGES] }, description: 'Funding stages (any of them).' },
    total_funding_usd: range('total funding in USD', ' Companies without funding data never match.'),
    revenue_usd: range('annual revenue in USD', ' Companies without revenue data never match.'),
    status: { type: 'array', items: { enum: [...COMPANY_STATUS_VALUES] }, description: 'Company status (any of them).' },
    company_types: { type: 'array', items: { enum: [...COMPANY_TYPES] }, description: 'Company types (any of them).' },
    keywords: stringList('Words that must all appear in the name, description, industry or categories.'),
    search_id: { type: 'string', minLength: 1, description: 'Restrict to the companies an earlier company search matched.' },
  },
} as const;
