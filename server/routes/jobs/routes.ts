/** Job search: `POST /api/v1/search/jobs/preview` and `POST /api/v1/search/jobs/with-people`. */
import { textField } from '../../../query-planner/input-schemas.js';
import { jobFiltersSchema } from '../../../query-planner/job-filters.js';
import { JOB_SEARCH_LIMITS, type Receipt, receiptSchema } from '../../../query-planner/limits.js';
import { type JobSearchRequest, searchJobs } from '../../commands/search/search-jobs.js';
import { SEARCH_ENGINE_ERRORS, SEARCH_QUERY_ERRORS } from '../../http/error-schema.js';
import { defineRoute, type RouteRequest, type SchemaType } from '../../http/route.js';
import { clamp, truncateText } from '../input.js';
import { presentJobsPreview, presentJobsWithPeople } from './presenter.js';

/** A job search body, typed from its schema (the with-people body adds `people_per_company`). */
type Body = SchemaType<typeof previewRequest> & Partial<SchemaType<typeof withPeopleRequest>>;
const L = JOB_SEARCH_LIMITS;
const { $id: _drop, ...filtersSchema } = jobFiltersSchema;

const baseRequest = {
  query: textField('Natural-language description of the jobs wanted (up to 10,000 characters; longer is truncated with a receipt).'),
  filters: {
    ...filtersSchema,
    description: 'Job filters (docs/job-search.md). Supplied filters bypass parsing; the text then only ranks.',
  },
  preview_limit: { type: 'integer', description: 'Postings per page, 1-25 (default 10); values outside are clamped with a receipt.' },
} as const;

const previewRequest = { type: 'object', additionalProperties: false, properties: baseRequest } as const;
const withPeopleRequest = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...baseRequest,
    people_per_company: {
      type: 'integer',
      description: "The viewer's people shown per company, 1-10 (default 3); clamped with a receipt.",
    },
  },
} as const;

const person = {
  type: 'object',
  required: ['id', 'name', 'connection_degree'],
  properties: {
    id: { type: 'string' },
    name: { type: ['string', 'null'] },
    headline: { type: ['string', 'null'] },
    current_title: { type: ['string', 'null'] },
    connection_degree: { enum: ['1st', '2nd'] },
    mutual_connections: { type: ['integer', 'null'] },
  },
} as const;
const degreeBlock = {
  type: 'object',
  required: ['count', 'people'],
  properties: { count: { type: 'integer' }, people: { type: 'array', items: person } },
} as const;
const networkBlock = {
  type: ['object', 'null'],
  required: ['first_degree', 'second_degree', 'count_relation'],
  properties: { first_degree: degreeBlock, second_degree: degreeBlock, count_relation: { enum: ['exact', 'lower_bound'] } },
} as const;
const posting = {
  type: 'object',
  required: ['id', 'title', 'company_id', 'company_name', 'locations', 'workplace_type', 'published_at'],
  properties: {
    id: { type: 'string' },
    title: { type: ['string', 'null'] },
    company_id: { type: ['string', 'null'] },
    company_name: { type: ['string', 'null'] },
    locations: { type: 'array', items: { type: 'string' } },
    workplace_type: { type: 'string' },
    employment_type: { type: ['string', 'null'] },
    function: { type: ['string', 'null'] },
    seniority: { type: ['string', 'null'] },
    published_at: { type: ['string', 'null'] },
    url: { type: ['string', 'null'] },
    description: { type: ['string', 'null'] },
    network: networkBlock,
  },
} as const;
const overlay = {
  type: 'object',
  required: ['status', 'viewer_profile_id', 'first_degree_connections', 'second_degree_connections', 'unchecked_sources'],
  properties: {
    status: { enum: ['applied', 'no_viewer_profile', 'no_connections'] },
    viewer_profile_id: { type: ['string', 'null'] },
    first_degree_connections: { type: 'integer' },
    second_degree_connections: { type: 'integer' },
    unchecked_sources: { type: 'array', items: { type: 'string' } },
  },
} as const;
const summary = {
  type: 'object',
  required: ['filters', 'keywords', 'lines'],
  properties: {
    filters: {
      type: 'object',
      additionalProperties: true,
      description: 'Echo of the JobFilters applied (docs/job-search.md): an open map, as the filters are.',
    },
    keywords: { type: 'array', items: { type: 'string' } },
    lines: { type: 'array', items: { type: 'string' } },
  },
} as const;
const common = {
  success: { const: true },
  durationMs: { type: 'number' },
  total: { type: 'integer' },
  delegate_user_id: { type: ['string', 'null'] },
  viewer_profile: {
    type: ['object', 'null'],
    description: 'Whose network the overlay used; null when the caller has no profile.',
    required: ['id', 'user_id', 'name', 'headline', 'current_company_id'],
    properties: {
      id: { type: 'string' },
      user_id: { type: 'string' },
      name: { type: ['string', 'null'] },
      headline: { type: ['string', 'null'] },
      current_company_id: { type: ['string', 'null'] },
    },
  },
  applied_filter_summary: summary,
  network_overlay_status: overlay,
  search_activity_id: { type: ['string', 'null'] },
  receipts: { type: 'array', items: receiptSchema },
} as const;

const previewResponse = {
  type: 'object',
  required: [
    'success',
    'durationMs',
    'total',
    'preview_limit',
    'delegate_user_id',
    'viewer_profile',
    'applied_filter_summary',
    'network_overlay_status',
    'results',
    'search_activity_id',
  ],
  properties: { ...common, preview_limit: { type: 'integer' }, results: { type: 'array', items: posting } },
} as const;
const withPeopleResponse = {
  type: 'object',
  required: [
    'success',
    'durationMs',
    'total',
    'companies_in_order',
    'network_overlay_status',
    'groups',
    'viewer_profile',
    'search_activity_id',
  ],
  properties: {
    ...common,
    preview_limit: { type: 'integer' },
    people_per_company: { type: 'integer' },
    companies_in_order: { type: 'array', items: { type: 'string' } },
    groups: {
      type: 'array',
      items: {
        type: 'object',
        required: ['company_id', 'company', 'jobs', 'people', 'network'],
        properties: {
          company_id: { type: 'string' },
          company: {
            type: ['object', 'null'],
            description: 'The hiring company from the companies index; null when it is not there.',
            required: ['id', 'name', 'domain', 'industry', 'employee_count', 'funding_stage'],
            properties: {
              id: { type: 'string' },
              name: { type: ['string', 'null'] },
              domain: { type: ['string', 'null'] },
              industry: { type: ['string', 'null'] },
              employee_count: { type: ['integer', 'null'] },
              funding_stage: { type: ['string', 'null'] },
            },
          },
          jobs: { type: 'array', items: posting },
          people: { type: 'array', items: person },
          network: networkBlock,
        },
      },
    },
  },
} as const;

function jobRequest(body: Body, grouped: boolean): JobSearchRequest {
  const receipts: Receipt[] = [];
  return {
    text: truncateText(typeof body.query === 'string' ? body.query : null, '/query', receipts, L.queryChars),
    filters: body.filters ?? null,
    limit: clamp(body.preview_limit, L.previewLimit, '/preview_limit', receipts),
    peoplePerCompany: grouped ? clamp(body.people_per_company, L.peoplePerCompany, '/people_per_company', receipts) : L.networkPeople,
    grouped,
    receipts,
  };
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 100) / 100;
const delegateOf = (req: RouteRequest<Body, unknown, unknown>) => (req.actor!.isDelegate ? req.actor!.actingUserId : null);

export const jobRoutes = [
  defineRoute<SchemaType<typeof previewRequest>>({
    method: 'POST',
    path: '/api/v1/search/jobs/preview',
    tag: 'jobs',
    summary: "Job search: postings matching the query or filters, each with the viewer's 1st- and 2nd-degree people at the hiring company.",
    auth: { anyOf: ['search'] },
    billing: { operation: 'jobs_search_preview' },
    request: { body: previewRequest },
    response: previewResponse,
    errors: ['search_not_found', ...SEARCH_ENGINE_ERRORS, ...SEARCH_QUERY_ERRORS],
    handler: async (req) => {
      const started = performance.now();
      const search = jobRequest(req.body, false);
      const outcome = await searchJobs(req.services, req.actor!, search);
      if (outcome.searchedNothing) req.settleBilling(0);
      return presentJobsPreview(outcome, search.limit, elapsed(started), delegateOf(req));
    },
  }),
  defineRoute<SchemaType<typeof withPeopleRequest>>({
    method: 'POST',
    path: '/api/v1/search/jobs/with-people',
    tag: 'jobs',
    summary:
      "Job search grouped by hiring company, each group with an inline slice of the viewer's 1st- and 2nd-degree people there; billed as one preview search.",
    auth: { anyOf: ['search'] },
    billing: { operation: 'jobs_search_with_people' },
    request: { body: withPeopleRequest },
    response: withPeopleResponse,
    errors: ['search_not_found', ...SEARCH_ENGINE_ERRORS, ...SEARCH_QUERY_ERRORS],
    handler: async (req) => {
      const started = performance.now();
      const search = jobRequest(req.body, true);
      const outcome = await searchJobs(req.services, req.actor!, search);
      if (outcome.searchedNothing) req.settleBilling(0);
      return presentJobsWithPeople(outcome, search, elapsed(started), delegateOf(req));
    },
  }),
];
