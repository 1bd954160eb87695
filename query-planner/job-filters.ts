import type { FromSchema } from 'json-schema-to-ts';
/**
 * The filters of job search (`filters` on `POST /api/v1/search/jobs/preview` and
 * `/with-people`): AdvancedFilters fields that describe the hiring company (`companies`,
 * `industries`, `company_stage`, `company_size`, `company_status`), `locations` of the posting,
 * and the `hiring` object for the posting itself. docs/job-search.md documents every field.
 */
import { EMPLOYMENT_TYPES, FUNCTIONS, FUNDING_STAGES, SENIORITIES, WORKPLACE_TYPES } from '../mappings/record-schemas.js';
import { advancedFiltersSchema, type CompanyFilter } from './advanced-filters.js';
import { ListNormalizer } from './build/normalize.js';
import { enumList, includeExclude, stringList } from './input-schemas.js';
import { JOB_SEARCH_LIMITS, type Receipt } from './limits.js';

export type WorkplaceType = (typeof WORKPLACE_TYPES)[number];
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** Job filters as a request gives them (`companies` in either form): the type of `jobFiltersSchema` below. */
export type JobFiltersInput = FromSchema<typeof jobFiltersSchema, { keepDefaultedPropertiesOptional: true }>;

/** The posting filters of `hiring`. */
export type HiringFilters = NonNullable<JobFiltersInput['hiring']>;

/**
 * The contract's short form of `companies`: company names or ids to include and to exclude
 * (a value shaped as a UUID is an id, anything else a name).
 */
export type CompanyIncludeExclude = Exclude<NonNullable<JobFiltersInput['companies']>, readonly unknown[]>;

/** Job filters after normalisation ({@link normalizeJobFilters}): `companies` in the relation-list form. */
export type JobFilters = Omit<JobFiltersInput, 'companies'> & { companies?: CompanyFilter[] };

const date = (description: string) =>
  ({
    type: 'string',
    // A date-time is at most 35 characters; the bound keeps the format check cheap.
    maxLength: 64,
    anyOf: [{ format: 'date' }, { format: 'date-time' }],
    description,
  }) as const;
const people = advancedFiltersSchema.properties;

/** The JSON Schema of job-search filters. Closed shapes: a misspelt field is an error. */
export const jobFiltersSchema = {
  $id: 'JobFilters',
  type: 'object',
  additionalProperties: false,
  properties: {
    hiring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        titles: includeExclude('Posting titles'),
        locations: includeExclude('Posting places (cities, metros, states, countries, regions)'),
        workplace_types: enumList(WORKPLACE_TYPES, 'remote, hybrid, onsite, unknown (any of them).'),
        employment_types: enumList(EMPLOYMENT_TYPES, 'Employment types (any of them).'),
        functions: enumList(FUNCTIONS, 'Job functions (any of them).'),
        seniority: enumList(SENIORITIES, 'Seniority levels (any of them).'),
        published_within_days: { type: 'integer', minimum: 1, description: 'Published in the last N days (clamped to 3650).' },
        published_after: date('Published on or after this date.'),
        published_before: date('Published on or before this date (a bare date includes the whole day).'),
      },
    },
    companies: {
      description:
        'Hiring companies: either `{include, exclude}` lists of company names or ids (a UUID is an id), or the relation list of people search (`[{operator, where: {identity | search_id}}]`).',
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            include: stringList('Company names or ids to match (any of them).'),
            exclude: stringList('Company names or ids to rule out.'),
          },
        },
        people.companies,
      ],
    },
    industries: people.industries,
    company_stage: enumList(FUNDING_STAGES, "The hiring company's funding stage (any of them)."),
    company_size: people.company_size,
    company_status: people.company_status,
    locations: includeExclude('Posting places (cities, metros, states, countries, regions)'),
    keywords: stringList('Words that must all appear in the title or description.'),
  },
} as const;

/** Assigns `value` to `out[key]` unless it is undefined. */
function set<T extends object, K extends keyof T>(out: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) out[key] = value;
}

function normalizeHiring(n: ListNormalizer, raw: HiringFilters): HiringFilters {
  const out: HiringFilters = { ...raw };
  set(out, 'titles', n.includeExclude('/hiring/titles', raw.titles));
  set(out, 'locations', n.includeExclude('/hiring/locations', raw.locations));
  set(out, 'workplace_types', n.enumList('/hiring/workplace_types', raw.workplace_types));
  set(out, 'employment_types', n.enumList('/hiring/employment_types', raw.employment_types));
  set(out, 'functions', n.enumList('/hiring/functions', raw.functions));
  set(out, 'seniority', n.enumList('/hiring/seniority', raw.seniority));
  if (raw.published_within_days !== undefined) {
    const days = withinDaysApplied(raw.published_within_days);
    if (days !== raw.published_within_days)
      n.receipt('/hiring/published_within_days', 'clamped', `published_within_days ${raw.published_within_days} was read as ${days}.`);
    out.published_within_days = days;
  }
  return out;
}

/** A `published_within_days` as applied: whole days from 1 to the largest window (3,650). */
export const withinDaysApplied = (days: number): number => Math.min(JOB_SEARCH_LIMITS.withinDays, Math.max(1, Math.floor(days)));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One company filter of the short form's values: UUIDs are ids, other values names. */
function identityFilter(operator: 'include' | 'exclude', values: string[] | undefined): CompanyFilter[] {
  const kept = (values ?? []).map((v) => v.trim()).filter(Boolean);
  if (!kept.length) return [];
  const ids = kept.filter((v) => UUID.test(v));
  const names = kept.filter((v) => !UUID.test(v));
  const identity: NonNullable<CompanyFilter['where']['identity']> = {};
  if (names.length) identity.names = names;
  if (ids.length) identity.ids = ids;
  return [{ operator, where: { identity } }];
}

/**
 * `companies` in the relation-list form: the short `{include, exclude}` form becomes one
 * include filter (any of its companies) and one exclude filter.
 */
export function companyFilterList(companies: JobFiltersInput['companies']): CompanyFilter[] | undefined {
  if (companies === undefined || Array.isArray(companies)) return companies;
  return [...identityFilter('include', companies.include), ...identityFilter('exclude', companies.exclude)];
}

/**
 * Applies JOB_SEARCH_LIMITS to schema-valid job filters: the short `companies` form read as the
 * relation list, lists trimmed, deduplicated (case-insensitively; ids exactly) and cut (100
 * values, 200 characters each), each adjustment with a receipt located under the filters.
 * Does not modify `raw`.
 */
export function normalizeJobFilters(raw: JobFiltersInput): { filters: JobFilters; receipts: Receipt[] } {
  const n = new ListNormalizer(JOB_SEARCH_LIMITS);
  const { companies, ...rest } = raw;
  const out: JobFilters = { ...rest };
  set(out, 'hiring', raw.hiring && normalizeHiring(n, raw.hiring));
  set(out, 'companies', n.companies(companyFilterList(companies), JOB_SEARCH_LIMITS.listValues));
  set(out, 'industries', n.includeExclude('/industries', raw.industries));
  set(out, 'locations', n.includeExclude('/locations', raw.locations));
  set(out, 'company_stage', n.enumList('/company_stage', raw.company_stage));
  set(out, 'company_status', n.enumList('/company_status', raw.company_status));
  set(out, 'keywords', n.list('/keywords', raw.keywords));
  return { filters: out, receipts: n.receipts };
}
