/** `POST /api/v1/companies/search/preview`: natural-language or filtered company search. */
import { locationSchema } from '../../../mappings/record-schemas.js';
import { companyFiltersSchema } from '../../../query-planner/company-filters.js';
import { textField } from '../../../query-planner/input-schemas.js';
import { COMPANY_SEARCH_LIMITS, type Receipt, receiptSchema } from '../../../query-planner/limits.js';
import { recognizedItemSchema } from '../../../query-planner/parse/recognized.js';
import { type CompanySearchRequest, searchCompanies } from '../../commands/search/search-companies.js';
import { SEARCH_ENGINE_ERRORS, SEARCH_QUERY_ERRORS } from '../../http/error-schema.js';
import { defineRoute, type SchemaType } from '../../http/route.js';
import { clamp, truncateText } from '../input.js';
import { presentCompanySearch } from './presenter.js';

const L = COMPANY_SEARCH_LIMITS;

const { $id: _drop, ...filtersSchema } = companyFiltersSchema;

const request = {
  type: 'object',
  additionalProperties: false,
  properties: {
    query: textField('Natural-language description of the companies wanted (up to 10,000 characters; longer is truncated with a receipt).'),
    description: textField('Alias of query.'),
    filters: {
      ...filtersSchema,
      description: 'CompanyFilters (docs/company-search.md). Supplied filters bypass parsing; the text then only ranks.',
    },
    preview_limit: { type: 'integer', description: 'Companies per page, 1-50 (default 10); values outside are clamped with a receipt.' },
    result_mode: {
      enum: ['preview', 'detailed'],
      description: 'preview (default): compact rows; detailed: every field plus match reasons.',
    },
    include_evidence_text: { type: 'boolean', description: "Adds evidence_text: the company's most recent posts." },
    evidence_post_limit: { type: 'integer', description: 'Posts in evidence_text, 0-10 (default 3); clamped with a receipt.' },
  },
} as const;

const companyRef = {
  type: ['object', 'null'],
  required: ['id', 'name'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    domain: { type: ['string', 'null'] },
    industry: { type: ['string', 'null'] },
    employee_count: { type: ['number', 'null'] },
  },
} as const;

const response = {
  type: 'object',
  required: ['success', 'search_id', 'companies', 'pagination', 'filters', 'company_resolution', 'annotationPayload', 'receipts'],
  properties: {
    success: { const: true },
    search_id: { type: 'string', description: 'Pass as filters.companies[].where.search_id to people search, or filters.search_id here.' },
    companies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'industry', 'headquarters', 'employee_count', 'founded_year', 'funding_stage', 'status', 'company_type'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          domain: { type: ['string', 'null'] },
          industry: { type: ['string', 'null'] },
          headquarters: { type: ['string', 'null'] },
          country_code: { type: ['string', 'null'] },
          employee_count: { type: ['number', 'null'] },
          founded_year: { type: ['number', 'null'] },
          funding_stage: { type: ['string', 'null'] },
          status: { type: ['string', 'null'] },
          company_type: { type: ['string', 'null'] },
          professional_url: { type: ['string', 'null'] },
          aliases: { type: 'array', items: { type: 'string' } },
          categories: { type: 'array', items: { type: 'string' } },
          description: { type: ['string', 'null'] },
          headquarters_location: {
            ...locationSchema,
            type: ['object', 'null'],
            description: 'The headquarters as the company record holds it (mappings/record-schemas.ts).',
          },
          headcount_by_department: {
            type: 'object',
            additionalProperties: { type: 'integer', minimum: 0 },
            description: 'An open map: department name to headcount.',
          },
          total_funding_usd: { type: ['number', 'null'] },
          revenue_usd: { type: ['number', 'null'] },
          is_public: { type: ['boolean', 'null'] },
          match_reasons: { type: 'array', items: { type: 'string' } },
          evidence_text: { type: ['string', 'null'] },
        },
      },
    },
    pagination: {
      type: 'object',
      required: ['preview_limit', 'returned', 'total', 'total_relation', 'has_more'],
      properties: {
        preview_limit: { type: 'integer' },
        returned: { type: 'integer' },
        total: { type: 'integer' },
        total_relation: { enum: ['eq'] },
        has_more: { type: 'boolean' },
      },
    },
    filters: {
      type: 'object',
      additionalProperties: true,
      description: 'Echo of the CompanyFilters applied, parsed and supplied (docs/company-search.md): an open map, as the filters are.',
    },
    company_resolution: {
      type: 'object',
      required: ['status', 'names'],
      properties: {
        status: { enum: ['none', 'resolved', 'partial', 'unresolved'] },
        names: {
          type: 'array',
          items: {
            type: 'object',
            required: ['input', 'role', 'status', 'company', 'alternatives'],
            properties: {
              input: { type: 'string' },
              role: { enum: ['filter', 'similar_to'] },
              status: { enum: ['resolved', 'ambiguous', 'unresolved'] },
              company: companyRef,
              alternatives: { type: 'array', items: companyRef },
            },
          },
        },
      },
    },
    annotationPayload: {
      type: 'object',
      required: ['query', 'input_mode', 'recognized', 'keywords', 'places'],
      properties: {
        query: { type: ['string', 'null'] },
        input_mode: { enum: ['natural_language', 'filters', 'filters_and_text', 'empty'] },
        recognized: {
          type: 'array',
          items: recognizedItemSchema,
        },
        keywords: { type: 'array', items: { type: 'string' } },
        places: {
          type: 'array',
          description: 'What each headquarters place of the filters resolved to, included ones first.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['input', 'kind', 'name', 'operator'],
            properties: {
              input: { type: 'string', description: 'The place as the filters hold it.' },
              kind: {
                enum: ['city', 'metro', 'state', 'country', 'region', null],
                description: 'null: not a known place (matched as text).',
              },
              name: { type: ['string', 'null'], description: 'Canonical name ("Lyon, France", "United States"); null when unresolved.' },
              operator: { enum: ['include', 'exclude'] },
            },
          },
        },
      },
    },
    receipts: { type: 'array', items: receiptSchema },
    no_results_reason: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
  },
} as const;

export const companyRoutes = [
  defineRoute<SchemaType<typeof request>>({
    method: 'POST',
    path: '/api/v1/companies/search/preview',
    tag: 'companies',
    summary:
      'Company search: a natural-language query becomes company filters (industry, place, size, founding, funding, stage, type, status); returns a search_id that people search accepts.',
    auth: { anyOf: ['search'] },
    billing: { operation: 'company_search_preview' },
    request: { body: request },
    response,
    errors: ['search_not_found', ...SEARCH_ENGINE_ERRORS, ...SEARCH_QUERY_ERRORS],
    handler: async (req) => {
      const body = req.body;
      const receipts: Receipt[] = [];
      const query = typeof body.query === 'string' ? body.query : null;
      const description = typeof body.description === 'string' ? body.description : null;
      if (query !== null && description !== null && query !== description)
        receipts.push({
          path: '/description',
          action: 'ignored',
          message: 'Both query and its alias description were given; query was used.',
        });
      const text = truncateText(query ?? description, query !== null ? '/query' : '/description', receipts, L.queryChars);
      const limit = clamp(body.preview_limit, L.previewLimit, '/preview_limit', receipts);
      const search: CompanySearchRequest = {
        text,
        filters: body.filters ?? null,
        limit,
        mode: body.result_mode ?? 'preview',
        evidenceText: body.include_evidence_text === true,
        evidencePosts: clamp(body.evidence_post_limit, L.evidencePosts, '/evidence_post_limit', receipts),
        receipts,
      };
      const outcome = await searchCompanies(req.services, req.actor!, search);
      // A text of nothing but words too long to search searched no company: not charged.
      if (outcome.noResultsReason?.code === 'nothing_searchable') req.settleBilling(0);
      return presentCompanySearch(outcome, search);
    },
  }),
];
