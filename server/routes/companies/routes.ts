/** `POST /api/v1/companies/search/preview`: natural-language or filtered company search. */
import { companyFiltersSchema } from '../../../query-planner/company-filters.js';
import { textField } from '../../../query-planner/input-schemas.js';
import { COMPANY_SEARCH_LIMITS, type Receipt } from '../../../query-planner/limits.js';
import { defineRoute } from '../../http/route.js';
import { type CompanyResultMode, type CompanySearchRequest, runCompanySearch } from '../../search/company-search.js';
import { clamp, truncateText } from '../input.js';

type Body = Record<string, unknown>;
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
          headquarters_location: { type: ['object', 'null'] },
          headcount_by_department: { type: 'object' },
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
    filters: { type: 'object', description: 'The CompanyFilters applied (parsed and supplied).' },
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
      required: ['query', 'input_mode', 'recognized', 'keywords'],
      properties: {
        query: { type: ['string', 'null'] },
        input_mode: { enum: ['natural_language', 'filters', 'filters_and_text', 'empty'] },
        recognized: { type: 'array', items: { type: 'object', required: ['kind', 'text'] } },
        keywords: { type: 'array', items: { type: 'string' } },
      },
    },
    receipts: { type: 'array' },
    no_results_reason: { type: 'object', required: ['code', 'message'] },
  },
} as const;

export const companyRoutes = [
  defineRoute<Body>({
    method: 'POST',
    path: '/api/v1/companies/search/preview',
    tag: 'companies',
    summary:
      'Company search: a natural-language query becomes company filters (industry, place, size, founding, funding, stage, type, status); returns a search_id that people search accepts.',
    auth: { anyOf: ['search'] },
    billing: { operation: 'company_search_preview' },
    request: { body: request },
    response,
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
        filters: (body.filters as CompanySearchRequest['filters'] | undefined) ?? null,
        limit,
        mode: (body.result_mode as CompanyResultMode | undefined) ?? 'preview',
        evidenceText: body.include_evidence_text === true,
        evidencePosts: clamp(body.evidence_post_limit, L.evidencePosts, '/evidence_post_limit', receipts),
        receipts,
      };
      const outcome = await runCompanySearch(req.services, req.actor!, search);
      const out: Record<string, unknown> = {
        success: true,
        search_id: outcome.searchId,
        companies: outcome.companies,
        pagination: {
          preview_limit: limit,
          returned: outcome.companies.length,
          total: outcome.total,
          total_relation: 'eq',
          has_more: outcome.total > outcome.companies.length,
        },
        filters: outcome.filters,
        company_resolution: outcome.resolution,
        annotationPayload: { query: text, input_mode: outcome.inputMode, recognized: outcome.recognized, keywords: outcome.keywords },
        receipts: outcome.receipts,
      };
      if (outcome.noResultsReason) out.no_results_reason = outcome.noResultsReason;
      return out;
    },
  }),
];
