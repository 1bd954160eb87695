/**
 * AdvancedFilters: the typed filters of people search (`filters` on the REST routes, the
 * output of the natural-language parser, the input of the query builders). Documented field by
 * field in docs/advanced-filters.md. Every field is optional; an empty object matches everyone.
 */
import { FUNCTIONS, FUNDING_STAGES, SENIORITIES } from '../mappings/record-schemas.js';

export const CONNECTION_DEGREES = ['1st', '2nd', '3rd+'] as const;
export type ConnectionDegree = (typeof CONNECTION_DEGREES)[number];

export const EMPLOYMENT_RELATIONS = ['current_employment', 'past_employment', 'any_employment'] as const;
export type EmploymentRelation = (typeof EMPLOYMENT_RELATIONS)[number];

export const COMPANY_STATUS_VALUES = ['active', 'acquired', 'closed'] as const;

/** Sort keys; `name` and `full_name` are REST aliases of `last_name`. */
export const PEOPLE_SORT_KEYS = [
  'relevance',
  'last_name',
  'name',
  'full_name',
  'years_experience',
  'average_role_tenure_months',
  'last_active',
  'created_at',
] as const;
export type PeopleSortKey = (typeof PEOPLE_SORT_KEYS)[number];

export type Seniority = (typeof SENIORITIES)[number];
export type JobFunction = (typeof FUNCTIONS)[number];
export type FundingStage = (typeof FUNDING_STAGES)[number];

export interface IncludeExclude {
  include?: string[];
  exclude?: string[];
}

export interface NumberRange {
  min?: number;
  max?: number;
}

export interface CompanyFilter {
  relation?: EmploymentRelation;
  operator?: 'include' | 'exclude';
  where: {
    identity?: { names?: string[]; ids?: string[]; domains?: string[] };
    /** The `search_id` of an earlier company search: the companies it matched (docs/company-search.md). */
    search_id?: string;
  };
}

export interface LanguageFilter {
  name: string;
  /** Matched case-insensitively; not validated on REST. */
  proficiency?: string;
}

export interface AdvancedFilters {
  job_titles?: IncludeExclude & { current_only?: boolean };
  seniority?: Seniority[];
  functions?: JobFunction[];
  companies?: CompanyFilter[];
  /** Industry of the current company. */
  industries?: IncludeExclude;
  /** Cities, metros, US states and other first-level regions, countries, named regions. */
  locations?: IncludeExclude;
  years_experience?: NumberRange;
  average_role_tenure_months?: NumberRange;
  /** Any of these skills. */
  skills?: IncludeExclude;
  /** Attended any of these schools. */
  schools?: string[];
  /** Holds any of these degrees ("MBA", "PhD", "Bachelor"). */
  degrees?: string[];
  /** Speaks every one of these languages (at the proficiency, when given). */
  languages?: LanguageFilter[];
  /** Current company's annual revenue in USD; companies without revenue data never match. */
  revenue?: NumberRange;
  /** Current company's status. */
  company_status?: (typeof COMPANY_STATUS_VALUES)[number][];
  /** Current company's employee count. */
  company_size?: NumberRange;
  /** Current company's funding stage. */
  company_stage?: FundingStage[];
  connection_degrees?: ConnectionDegree[];
  /** People connected to any of these (user ids); the first 25 are used. */
  connected_to?: string[];
  /** People connected to none of these (user ids); the first 25 are used. */
  exclude_connected_to?: string[];
  /** Required words: every keyword must appear somewhere in the profile. */
  keywords?: string[];
  /** Context words at least one of which must appear. */
  additional_context_keywords_core?: string[];
  /** Context words that only raise relevance. */
  additional_context_keywords_supporting?: string[];
  /** Opaque references to earlier result sets (`cohort_refs` of a search response). */
  cohort_refs?: string[];
  sort_by?: PeopleSortKey;
  sort_order?: 'asc' | 'desc';
}

/** Schema of a list of non-empty strings (shared by the filter schemas). */
export const stringList = (description: string) => ({
  type: 'array',
  items: { type: 'string', minLength: 1 },
  description,
});
/** Schema of an `{include, exclude}` pair of string lists (shared by the filter schemas). */
export const includeExclude = (what: string) => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    include: stringList(`${what} to match (any of them).`),
    exclude: stringList(`${what} to rule out.`),
  },
});
const range = (what: string) => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    min: { type: 'number', minimum: 0, description: `Smallest ${what} (inclusive).` },
    max: { type: 'number', minimum: 0, description: `Largest ${what} (inclusive).` },
  },
  description: `${what[0]?.toUpperCase()}${what.slice(1)} range. Profiles without a positive value never match; min above max matches nothing.`,
});

/**
 * The JSON Schema of AdvancedFilters. Shapes are closed (a misspelt field is an error), but
 * sizes are not limited here: REST truncates and clamps them silently with receipts
 * (query-planner/limits.ts), the connector rejects them.
 */
export const advancedFiltersSchema = {
  $id: 'AdvancedFilters',
  type: 'object',
  additionalProperties: false,
  properties: {
    job_titles: {
      type: 'object',
      additionalProperties: false,
      properties: {
        include: stringList('Titles to match (any of them; plural and singular forms match alike).'),
        exclude: stringList('Titles to rule out.'),
        current_only: { type: 'boolean', description: 'Match the current title only (default true); false also matches past titles.' },
      },
    },
    seniority: { type: 'array', items: { enum: [...SENIORITIES] }, description: 'Seniority levels (any of them).' },
    functions: { type: 'array', items: { enum: [...FUNCTIONS] }, description: 'Job functions (any of them).' },
    companies: {
      type: 'array',
      description: 'Employment filters; each applies on its own (all must hold).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['where'],
        properties: {
          relation: { enum: [...EMPLOYMENT_RELATIONS], default: 'current_employment' },
          operator: { enum: ['include', 'exclude'], default: 'include' },
          where: {
            type: 'object',
            additionalProperties: false,
            anyOf: [{ required: ['identity'] }, { required: ['search_id'] }],
            properties: {
              search_id: {
                type: 'string',
                minLength: 1,
                description: 'The search_id of an earlier company search: the companies it matched (up to 10,000).',
              },
              identity: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  names: stringList('Company names, matched loosely (at most 100; REST uses the first 100).'),
                  ids: stringList('Company ids.'),
                  domains: stringList('Company web domains ("acme.com").'),
                },
              },
            },
          },
        },
      },
    },
    industries: includeExclude('Industries of the current company'),
    locations: includeExclude('Places: cities, metros, states, countries or regions such as EMEA or DACH'),
    years_experience: range('years of experience'),
    average_role_tenure_months: range('average months per role'),
    skills: includeExclude('Skills'),
    schools: stringList('Schools attended (any of them).'),
    degrees: stringList('Degrees held (any of them).'),
    languages: {
      type: 'array',
      description: 'Languages spoken (all of them).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1 },
          proficiency: { type: 'string', description: 'Matched case-insensitively; not validated on REST.' },
        },
      },
    },
    revenue: range('annual revenue of the current company in USD'),
    company_status: { type: 'array', items: { enum: [...COMPANY_STATUS_VALUES] } },
    company_size: range('employee count of the current company'),
    company_stage: { type: 'array', items: { enum: [...FUNDING_STAGES] } },
    connection_degrees: { type: 'array', items: { enum: [...CONNECTION_DEGREES] } },
    connected_to: stringList('User ids: people connected to any of them (first 25 used).'),
    exclude_connected_to: stringList('User ids: people connected to none of them (first 25 used).'),
    keywords: {
      anyOf: [{ type: 'string' }, stringList('Words that must all appear in the profile.')],
    },
    additional_context_keywords_core: stringList('Context words, at least one required.'),
    additional_context_keywords_supporting: stringList('Context words that raise relevance only.'),
    cohort_refs: stringList('Opaque cohort references from earlier responses.'),
    sort_by: { enum: [...PEOPLE_SORT_KEYS] },
    sort_order: { enum: ['asc', 'desc'] },
    where: {
      type: 'object',
      description: 'Alternative nesting seen in some clients: its fields are merged into the top level.',
    },
  },
} as const;
