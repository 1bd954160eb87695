/** JSON Schemas of the people-search routes (requests and responses). */
import { advancedFiltersSchema } from '../../../query-planner/advanced-filters.js';
import { enumList, stringList, textField, valueField } from '../../../query-planner/input-schemas.js';
import { INPUT_CEILINGS, receiptSchema } from '../../../query-planner/limits.js';
import { recognizedItemSchema } from '../../../query-planner/parse/recognized.js';
import { VISIBLE_TEXT_PATTERN } from '../../http/validation.js';
import { PERSON_FIELDS } from './person-row.js';

const nullableString = { type: ['string', 'null'] };
const nullableBool = { type: ['boolean', 'null'] };

export const NETWORK_MODES = ['boost', 'filter', 'ignore', 'connected_to'] as const;

/**
 * Shared request fields. Sizes up to the documented limits are clamped or truncated silently
 * (with receipts); beyond INPUT_CEILINGS they are refused (query-planner/limits.ts).
 */
export const commonRequest = {
  limit: { type: 'integer', description: 'Rows per page, 1-25 (default 10); values outside are clamped with a receipt.' },
  offset: { type: 'integer', description: 'Rows to skip, 0-10000 (default 0); values outside are clamped with a receipt.' },
  network_filter_mode: {
    enum: [...NETWORK_MODES],
    description:
      "How the requester's graph applies: boost (default) ranks 1st- then 2nd-degree people first; filter keeps only connection_degrees (default 1st and 2nd); ignore; connected_to keeps people connected to filters.connected_to.",
  },
  fields: enumList(PERSON_FIELDS, 'Columns to return (id and user_id always come).'),
  relationship_detail: {
    enum: ['none', 'summary', 'intro_paths'],
    description: 'Adds mutual-connection counts (summary) and up to three introduction paths.',
  },
  count_only: {
    type: 'boolean',
    description:
      'Count mode: no rows; `count` reports the matching people (for first-degree filtered searches a verified count with its basis and relation).',
  },
} as const;

const evidenceRequest = {
  include_evidence_text: { type: 'boolean', description: 'Adds evidence_text (the profile text in evidence_text_mode).' },
  evidence_text_mode: { enum: ['base', 'full'], description: 'base: the profile; full: adds recent posts and company signals.' },
  evidence_posts_limit: { type: 'integer', minimum: 0, description: 'Posts in full evidence text (0-20, default 3; clamped).' },
} as const;

const filtersField = {
  ...advancedFiltersSchema,
  $id: undefined,
  description: 'AdvancedFilters (docs/advanced-filters.md). Supplied filters bypass parsing of the text.',
};
const { $id: _drop, ...filtersSchema } = filtersField;

export const queryV2Request = {
  type: 'object',
  additionalProperties: false,
  required: ['query'],
  properties: {
    // A blank query would match the whole corpus and be billed for it: refuse it up front, zero-width
    // characters counting as blank as spaces do.
    query: {
      ...textField(
        'Natural-language query or pasted brief (up to 10,000 characters; longer is truncated with a receipt). Must not be blank.',
      ),
      pattern: VISIBLE_TEXT_PATTERN,
    },
    include_profile_text: { type: 'boolean', description: 'Adds profile_text to each row.' },
    ...commonRequest,
  },
} as const;

/** Deprecated required words: a text (one keyword) or a list; empty values are dropped, as they always were. */
const keywords = {
  anyOf: [
    textField('Required words, all of them (one keyword).'),
    { ...stringList('Keywords, each required.'), items: { type: 'string', maxLength: INPUT_CEILINGS.valueChars } },
  ],
  description: 'Deprecated: required words (text or list), limited as filters.keywords values are.',
} as const;

const searchText = {
  description: textField(
    'Natural-language description of the people wanted (up to 10,000 characters; longer is truncated with a receipt).',
  ),
  query: textField('Legacy alias of description.'),
  keywords,
  filters: filtersSchema,
  search_metadata: {
    type: 'object',
    properties: { filters: filtersSchema, keywords },
    description:
      'The search_metadata of an earlier response: its filters and keywords are reused (parsing is skipped), its other fields are ignored.',
  },
} as const;

export const searchRequest = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...searchText,
    professional_username: valueField('Look one person up by professional-network username.'),
    professional_profile_url: valueField('Look one person up by profile URL.'),
    professional_url: valueField('Alias of professional_profile_url.'),
    person_id: {
      type: 'string',
      format: 'uuid',
      description:
        'Look one person up by id (the id of a search row, a post author, a target): their row with reasons and evidence text, billed as a lookup (free when nobody has the id).',
    },
    include_evidence: { type: 'boolean', description: 'true implies text evidence.' },
    include_evidence_json: {
      type: 'boolean',
      description: 'Adds evidence_json to each row: its match reasons, connection degree and mutual-connection count.',
    },
    evidence_format: { enum: ['none', 'reasons', 'text', 'json', 'both'], description: 'reasons: deterministic light match reasons.' },
    defer_enrichment: { type: 'boolean', description: 'Skip evidence on calls not using the reasons format (enrich later).' },
    skip_match_reasons: { type: 'boolean', description: 'Skip match reasons unless evidence_format is reasons.' },
    ...evidenceRequest,
    ...commonRequest,
  },
} as const;

export const previewRequest = {
  type: 'object',
  additionalProperties: false,
  properties: { ...searchText, ...evidenceRequest, ...commonRequest },
} as const;

export const enrichRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['search_id'],
  properties: {
    search_id: { ...valueField('search_id of a full search (previews have none).'), minLength: 1 },
    limit: { type: 'integer', description: 'Rows of the stored page to enrich (1-25, default all; clamped).' },
    offset: { type: 'integer', description: 'First row of the stored page (0-24; clamped).' },
    target_user_id: { type: 'string', format: 'uuid', description: 'Enrich this one person of the stored page.' },
    ...evidenceRequest,
  },
} as const;

export const personRow = {
  type: 'object',
  required: ['id', 'user_id'],
  properties: {
    id: { type: 'string' },
    user_id: { type: 'string' },
    name: nullableString,
    first_name: nullableString,
    last_name: nullableString,
    headline: nullableString,
    current_title: nullableString,
    current_company: nullableString,
    current_company_id: nullableString,
    location: nullableString,
    bio: nullableString,
    picture: nullableString,
    professional_username: nullableString,
    professional_url: nullableString,
    service_url: nullableString,
    seniority: nullableString,
    function: nullableString,
    years_experience: { type: ['number', 'null'] },
    social_proximity_score: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    connection_degree: { enum: ['1st', '2nd', '3rd+', null] },
    service_connected: nullableBool,
    is_service_connection: nullableBool,
    professional_connected: nullableBool,
    is_professional_connection: nullableBool,
    has_previous_correspondence: { type: 'boolean' },
    correspondence_count: { type: 'integer', minimum: 0 },
    last_correspondence_at: nullableString,
    mutual_connection_count: { type: 'integer', minimum: 0, description: 'With relationship_detail summary or intro_paths.' },
    intro_paths: {
      type: 'array',
      description: 'With relationship_detail intro_paths: up to three people who know both.',
      items: {
        type: 'object',
        required: ['via_user_id', 'via_name'],
        properties: { via_user_id: { type: 'string' }, via_name: nullableString },
      },
    },
    match_reasons: { type: ['array', 'null'], items: { type: 'string' } },
    evidence_text: nullableString,
    evidence_json: {
      type: 'object',
      description: 'With include_evidence_json or evidence_format json/both.',
      required: ['match_reasons', 'connection_degree', 'mutual_connection_count'],
      properties: {
        match_reasons: { type: 'array', items: { type: 'string' } },
        connection_degree: { enum: ['1st', '2nd', '3rd+', null] },
        mutual_connection_count: { type: ['integer', 'null'] },
      },
    },
    profile_text: { ...nullableString, description: 'v2 with include_profile_text: the profile text (as enrich returns it).' },
  },
} as const;

const warning = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' }, sources: { type: 'array', items: { type: 'string' } } },
};

export const pagination = {
  type: 'object',
  required: ['limit', 'offset', 'returned', 'has_more', 'coverage_status'],
  properties: {
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    returned: { type: 'integer' },
    has_more: { type: 'boolean' },
    total: { type: ['integer', 'null'], description: 'Indexed total; null on first-degree verified pages (not a verified count).' },
    total_relation: { enum: ['eq', 'gte', null] },
    coverage_status: { enum: ['complete', 'partial_unpageable'] },
    examined_candidates: { type: 'integer' },
    verification_batches: { type: 'array', items: { type: 'integer' } },
  },
};

const appliedSearch = {
  type: 'object',
  required: ['input_mode', 'filters', 'keywords', 'network_filter_mode', 'limit', 'offset', 'receipts'],
  properties: {
    input_mode: { enum: ['natural_language', 'brief', 'filters', 'lookup', 'filters_and_text', 'empty'] },
    query: nullableString,
    filters: {
      type: 'object',
      additionalProperties: true,
      description: 'Echo of the AdvancedFilters applied (docs/advanced-filters.md): an open map, as the filters are.',
    },
    keywords: { type: 'array', items: { type: 'string' } },
    network_filter_mode: { enum: [...NETWORK_MODES] },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    recognized: {
      type: 'array',
      description: 'What the parser recognised in the text.',
      items: recognizedItemSchema,
    },
    places: {
      type: 'array',
      description: 'What each place of the text resolved to.',
      items: {
        type: 'object',
        required: ['input', 'kind', 'name'],
        properties: { input: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' } },
      },
    },
    companies: {
      type: 'array',
      description:
        'Employer mentions and the company each resolved to (id and name null when unresolved); exclude: true for one the query ruled out ("not at Google").',
      items: {
        type: 'object',
        required: ['text', 'relation', 'id', 'name'],
        properties: {
          text: { type: 'string' },
          relation: { type: 'string' },
          id: nullableString,
          name: nullableString,
          exclude: { type: 'boolean' },
        },
      },
    },
    lookup: {
      type: ['object', 'null'],
      description: 'The lookup (by username, profile URL or person_id), when the request was one.',
      required: ['field', 'input', 'username', 'found'],
      properties: {
        field: { type: 'string' },
        input: { type: 'string' },
        username: { type: ['string', 'null'], description: 'null for a lookup by person_id.' },
        found: { type: 'boolean' },
      },
    },
    receipts: { type: 'array', items: receiptSchema },
  },
};

const common = {
  users: { type: 'array', items: personRow },
  pagination,
  receipts: { type: 'array', items: receiptSchema },
  warnings: { type: 'array', items: warning },
  degradations: { type: 'array', items: warning },
  no_results_reason: {
    type: 'object',
    required: ['code', 'message', 'conclusive'],
    properties: { code: { type: 'string' }, message: { type: 'string' }, conclusive: { type: 'boolean' } },
  },
  count: {
    type: 'object',
    required: ['value', 'basis', 'relation'],
    properties: {
      value: { type: 'integer' },
      basis: { enum: ['verified_first_degree_candidates', 'index'] },
      relation: { enum: ['exact', 'lower_bound'] },
      examined_candidates: { type: 'integer' },
    },
  },
} as const;

export const queryV2Response = {
  type: 'object',
  required: ['success', 'contract_version', 'request', 'users', 'pagination'],
  properties: {
    success: { const: true },
    contract_version: { const: '2' },
    search_id: nullableString,
    request: {
      type: 'object',
      required: ['input_mode', 'applied_request'],
      properties: { input_mode: { type: 'string' }, applied_request: appliedSearch },
    },
    cohort_refs: { type: 'array', items: { type: 'string' } },
    applied_relations: {
      type: 'array',
      description: 'Relations to the requester applied as filters, and where each came from.',
      items: {
        type: 'object',
        required: ['relation', 'values', 'from'],
        properties: { relation: { type: 'string' }, values: { type: 'array', items: { type: 'string' } }, from: { type: 'string' } },
      },
    },
    ...common,
  },
};

export const searchResponse = {
  type: 'object',
  required: ['success', 'search_id', 'users', 'pagination', 'search_metadata'],
  properties: {
    success: { const: true },
    search_id: nullableString,
    search_metadata: appliedSearch,
    cohort_refs: { type: 'array', items: { type: 'string' } },
    ...common,
  },
};

export const enrichResponse = {
  type: 'object',
  required: ['success', 'users', 'pagination', 'enrichment'],
  properties: {
    success: { const: true },
    users: { type: 'array', items: personRow },
    pagination,
    enrichment: {
      type: 'object',
      required: ['search_id', 'status', 'enriched', 'newly_enriched', 'target_user_id', 'evidence_text_mode'],
      properties: {
        search_id: { type: 'string' },
        status: { const: 'completed' },
        enriched: { type: 'integer' },
        newly_enriched: { type: 'integer' },
        target_user_id: nullableString,
        evidence_text_mode: { enum: ['base', 'full'] },
      },
    },
    receipts: { type: 'array', items: receiptSchema },
  },
};

/** What a replay adds to the stored response. */
const replayFields = {
  replayed: { const: true },
  replayed_from: { type: 'string', format: 'date-time', description: 'When the search ran.' },
} as const;

/** GET /api/v1/search/people/:search_id: the stored page of a v1 or a v2 full search, as it was returned. */
export const replayResponse = {
  anyOf: [
    {
      ...searchResponse,
      required: [...searchResponse.required, 'replayed', 'replayed_from'],
      properties: { ...searchResponse.properties, ...replayFields },
    },
    {
      ...queryV2Response,
      required: [...queryV2Response.required, 'replayed', 'replayed_from'],
      properties: { ...queryV2Response.properties, ...replayFields },
    },
  ],
};
