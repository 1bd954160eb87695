import type { FromSchema } from 'json-schema-to-ts';
/**
 * AdvancedFilters: the typed filters of people search (`filters` on the REST routes, the
 * output of the natural-language parser, the input of the query builders). Documented field by
 * field in docs/advanced-filters.md. Every field is optional; an empty object matches everyone.
 */
import { FUNCTIONS, FUNDING_STAGES, SENIORITIES } from '../mappings/record-schemas.js';
import { enumList, includeExclude, keywordsField, objectList, rangeBound, stringList, valueField } from './input-schemas.js';
import { INPUT_CEILINGS } from './limits.js';

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

/** An `{include, exclude}` pair of string lists: the type of the schema fragment that declares it. */
export type IncludeExclude = FromSchema<ReturnType<typeof includeExclude>>;

/** A numeric range (both bounds inclusive): the type of the schema fragment that declares it. */
export type NumberRange = FromSchema<ReturnType<typeof range>>;

/** AdvancedFilters as accepted on REST (`keywords` may be one text, `where` may nest fields): the schema's type. */
export type RawAdvancedFilters = FromSchema<typeof advancedFiltersSchema, { keepDefaultedPropertiesOptional: true }>;

/** One employment filter of `companies` (identity or an earlier company search's `search_id`). */
export type CompanyFilter = NonNullable<AdvancedFilters['companies']>[number];

/** One language of `languages`; the proficiency is matched case-insensitively. */
export type LanguageFilter = NonNullable<AdvancedFilters['languages']>[number];

/**
 * AdvancedFilters as the planner takes them: the type of the JSON Schema below (one declaration:
 * the schema), after normalisation (query-planner/build/normalize.ts) has turned `keywords` into a
 * list and merged `where` into the top level.
 */
export type AdvancedFilters = Omit<RawAdvancedFilters, 'keywords' | 'where'> & {
  keywords?: string[];
};

const range = (what: string) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: {
      min: rangeBound(`Smallest ${what} (inclusive).`),
      max: rangeBound(`Largest ${what} (inclusive).`),
    },
    description: `${what[0]?.toUpperCase()}${what.slice(1)} range. Profiles without a positive value never match; min above max matches nothing.`,
  }) as const;

/** The filter fields of the schema (every field but `where`). */
const filterProperties = {
  job_titles: {
    type: 'object',
    additionalProperties: false,
    properties: {
      include: stringList('Titles to match (any of them; plural and singular forms match alike).'),
      exclude: stringList('Titles to rule out.'),
      current_only: { type: 'boolean', description: 'Match the current title only (default true); false also matches past titles.' },
    },
  },
  seniority: enumList(SENIORITIES, 'Seniority levels (any of them).'),
  functions: enumList(FUNCTIONS, 'Job functions (any of them).'),
  companies: objectList(
    {
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
              ...valueField('The search_id of an earlier company search: the companies it matched (up to 10,000).'),
              minLength: 1,
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
    'Employment filters; each applies on its own (all must hold).',
  ),
  industries: includeExclude('Industries of the current company'),
  locations: includeExclude('Places: cities, metros, states, countries or regions such as EMEA or DACH'),
  years_experience: range('years of experience'),
  average_role_tenure_months: range('average months per role'),
  skills: includeExclude('Skills'),
  schools: stringList('Schools attended (any of them).'),
  degrees: stringList('Degrees held (any of them).'),
  languages: objectList(
    {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { ...valueField('Language name.'), minLength: 1 },
        proficiency: valueField('Matched case-insensitively; not validated on REST.'),
      },
    },
    'Languages spoken (all of them).',
  ),
  revenue: range('annual revenue of the current company in USD'),
  company_status: enumList(COMPANY_STATUS_VALUES, "Current company's status (any of them)."),
  company_size: range('employee count of the current company'),
  company_stage: enumList(FUNDING_STAGES, "Current company's funding stage (any of them)."),
  connection_degrees: enumList(CONNECTION_DEGREES, 'Relationship to the requester (any of them).'),
  connected_to: stringList('User ids: people connected to any of them (first 25 used).'),
  exclude_connected_to: stringList('User ids: people connected to none of them (first 25 used).'),
  keywords: keywordsField('Words that must all appear in the profile.'),
  additional_context_keywords_core: stringList('Context words, at least one required.'),
  additional_context_keywords_supporting: stringList('Context words that raise relevance only.'),
  cohort_refs: stringList('Opaque cohort references from earlier responses.'),
  sort_by: { enum: [...PEOPLE_SORT_KEYS] },
  sort_order: { enum: ['asc', 'desc'] },
} as const;

/**
 * The JSON Schema of AdvancedFilters. Shapes are closed (a misspelt field is an error). Sizes up
 * to the limits of query-planner/limits.ts are served: REST truncates and clamps them silently
 * with receipts, the connector rejects them; sizes beyond INPUT_CEILINGS are refused here.
 */
export const advancedFiltersSchema = {
  $id: 'AdvancedFilters',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...filterProperties,
    where: {
      type: 'object',
      maxProperties: INPUT_CEILINGS.objectFields,
      // Unknown fields are named back in receipts: their names are bounded like values.
      propertyNames: { maxLength: INPUT_CEILINGS.valueChars },
      properties: filterProperties,
      description:
        'Alternative nesting seen in some clients: its fields are merged into the top level (unknown fields are ignored with a receipt).',
    },
  },
} as const;
