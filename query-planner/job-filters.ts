/**
 * The filters of job search (`filters` on `POST /api/v1/search/jobs/preview` and
 * `/with-people`): AdvancedFilters fields that describe the hiring company (`companies`,
 * `industries`, `company_stage`, `company_size`, `company_status`), `locations` of the posting,
 * and the `hiring` object for the posting itself. docs/job-search.md documents every field.
 */
import { EMPLOYMENT_TYPES, FUNCTIONS, FUNDING_STAGES, SENIORITIES, WORKPLACE_TYPES } from '../mappings/record-schemas.js';
import {
  advancedFiltersSchema,
  type COMPANY_STATUS_VALUES,
  type CompanyFilter,
  type FundingStage,
  type IncludeExclude,
  includeExclude,
  type JobFunction,
  type NumberRange,
  type Seniority,
  stringList,
} from './advanced-filters.js';

export type WorkplaceType = (typeof WORKPLACE_TYPES)[number];
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export interface HiringFilters {
  /** Posting titles (any of them; abbreviations and their spellings match alike). */
  titles?: IncludeExclude;
  /** Posting locations; `locations` at the top level is the same filter. */
  locations?: IncludeExclude;
  workplace_types?: WorkplaceType[];
  employment_types?: EmploymentType[];
  functions?: JobFunction[];
  seniority?: Seniority[];
  /** Published in the last N days (hard filter). */
  published_within_days?: number;
  /** Published on or after this date (RFC 3339 date or date-time; hard filter). */
  published_after?: string;
  /** Published on or before this date (a bare date includes that whole day; hard filter). */
  published_before?: string;
}

export interface JobFilters {
  hiring?: HiringFilters;
  /** Hiring companies by identity (or an earlier company search), as in people search. */
  companies?: CompanyFilter[];
  /** Industry of the hiring company. */
  industries?: IncludeExclude;
  company_stage?: FundingStage[];
  company_size?: NumberRange;
  company_status?: (typeof COMPANY_STATUS_VALUES)[number][];
  /** Posting locations. */
  locations?: IncludeExclude;
  /** Words that must all appear in the title or description. */
  keywords?: string[];
}

const date = (description: string) => ({
  type: 'string',
  anyOf: [{ format: 'date' }, { format: 'date-time' }],
  description,
});
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
        workplace_types: {
          type: 'array',
          items: { enum: [...WORKPLACE_TYPES] },
          description: 'remote, hybrid, onsite, unknown (any of them).',
        },
        employment_types: { type: 'array', items: { enum: [...EMPLOYMENT_TYPES] } },
        functions: { type: 'array', items: { enum: [...FUNCTIONS] } },
        seniority: { type: 'array', items: { enum: [...SENIORITIES] } },
        published_within_days: { type: 'integer', minimum: 1, description: 'Published in the last N days (clamped to 3650).' },
        published_after: date('Published on or after this date.'),
        published_before: date('Published on or before this date (a bare date includes the whole day).'),
      },
    },
    companies: people.companies,
    industries: people.industries,
    company_stage: { type: 'array', items: { enum: [...FUNDING_STAGES] } },
    company_size: people.company_size,
    company_status: people.company_status,
    locations: includeExclude('Posting places (cities, metros, states, countries, regions)'),
    keywords: stringList('Words that must all appear in the title or description.'),
  },
} as const;
