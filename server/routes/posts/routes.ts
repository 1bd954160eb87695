/** Post search: `POST /api/v1/search/posts/preview` and `POST /api/v1/search/posts/with-people`. */
import { textField } from '../../../query-planner/input-schemas.js';
import { POST_SEARCH_LIMITS, type Receipt, receiptSchema } from '../../../query-planner/limits.js';
import { POST_SORT_KEYS, postFiltersSchema } from '../../../query-planner/post-filters.js';
import { type PostSearchRequest, searchPostsPage } from '../../commands/search/search-posts.js';
import { PAGING_ERRORS, SEARCH_ENGINE_ERRORS, SEARCH_QUERY_ERRORS } from '../../http/error-schema.js';
import { defineRoute, type SchemaType } from '../../http/route.js';
import { clamp, truncateText } from '../input.js';
import { presentPostSearch, presentPostSearchWithPeople } from './presenter.js';

/** A post search body, typed from its schema. */
type Body = SchemaType<typeof previewRequest> & Partial<SchemaType<typeof withPeopleRequest>>;
const L = POST_SEARCH_LIMITS;
const { $id: _drop, ...postsSchema } = postFiltersSchema as typeof postFiltersSchema & { $id?: string };

const baseRequest = {
  query: textField(
    'What to find (up to 10,000 characters; longer is truncated with a receipt): its topic words must all appear in the post; a window, reposts or comments, company posts and "by <company>" it states become filters (docs/post-search.md).',
  ),
  filters: {
    type: 'object',
    additionalProperties: false,
    properties: { posts: { ...postsSchema, description: 'Post criteria (docs/post-search.md); always eligibility filters.' } },
  },
  preview_limit: { type: 'integer', description: 'Posts per page, 1-50 (default 10); clamped with a receipt.' },
  offset: { type: 'integer', description: 'Posts to skip, 0-10000 (default 0); clamped with a receipt.' },
  sort_by: { enum: [...POST_SORT_KEYS], description: 'relevance (default), recent, engagement, reactions, comments.' },
  sort_order: { enum: ['asc', 'desc'], description: 'For engagement, reactions and comments only (default desc).' },
  with_companies: { type: 'boolean', description: 'Collect the companies behind official company posts into companies[].' },
} as const;

const previewRequest = { type: 'object', additionalProperties: false, properties: baseRequest } as const;
const withPeopleRequest = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...baseRequest,
    people_limit: { type: 'integer', description: 'Authors returned, 1-100 (default 25); clamped with a receipt.' },
  },
} as const;

const post = {
  type: 'object',
  required: [
    'id',
    'post_ref',
    'author',
    'action_type',
    'text',
    'reaction_count',
    'comment_count',
    'repost_count',
    'engagement_count',
    'posted_at',
  ],
  properties: {
    id: { type: 'string' },
    post_ref: { type: 'string', pattern: '^post://' },
    author: {
      type: 'object',
      required: ['id', 'user_id_int', 'entity_type', 'name'],
      properties: {
        id: { type: ['string', 'null'] },
        user_id_int: { type: ['integer', 'null'] },
        entity_type: { type: ['string', 'null'] },
        name: { type: ['string', 'null'] },
      },
    },
    action_type: { type: ['string', 'null'] },
    text: { type: ['string', 'null'] },
    mentions: { type: 'array', items: { type: 'string' } },
    topics: { type: 'array', items: { type: 'string' } },
    reaction_count: { type: 'integer' },
    comment_count: { type: 'integer' },
    repost_count: { type: 'integer' },
    engagement_count: { type: 'integer' },
    target_post_id: { type: ['string', 'null'] },
    target_post_ref: { type: ['string', 'null'] },
    posted_at: { type: ['string', 'null'] },
  },
} as const;
const company = {
  type: 'object',
  required: ['company_id', 'name', 'identity_status', 'company', 'matched_post_count', 'matched_posts'],
  properties: {
    company_id: { type: 'string' },
    name: { type: ['string', 'null'] },
    identity_status: { enum: ['resolved', 'observed'] },
    company: {
      type: ['object', 'null'],
      description: 'The company from the companies index; null when only observed on its posts.',
      required: ['id', 'name', 'domain', 'industry', 'employee_count'],
      properties: {
        id: { type: 'string' },
        name: { type: ['string', 'null'] },
        domain: { type: ['string', 'null'] },
        industry: { type: ['string', 'null'] },
        employee_count: { type: ['integer', 'null'] },
      },
    },
    matched_post_count: { type: 'integer' },
    matched_posts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'post_ref', 'posted_at', 'snippet'],
        properties: {
          id: { type: 'string' },
          post_ref: { type: 'string', pattern: '^post://' },
          posted_at: { type: ['string', 'null'] },
          snippet: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;
const person = {
  type: 'object',
  required: ['id', 'user_id', 'user_id_int', 'name', 'connection_degree', 'matched_post_count', 'latest_post'],
  properties: {
    id: { type: 'string' },
    user_id: { type: 'string' },
    user_id_int: { type: ['integer', 'null'] },
    name: { type: ['string', 'null'] },
    headline: { type: ['string', 'null'] },
    current_title: { type: ['string', 'null'] },
    current_company_name: { type: ['string', 'null'] },
    location: { type: ['string', 'null'] },
    connection_degree: { enum: ['1st', '2nd', '3rd+', 'self', null] },
    matched_post_count: { type: 'integer' },
    latest_post: {
      type: 'object',
      required: ['id', 'post_ref', 'posted_at'],
      properties: {
        id: { type: 'string' },
        post_ref: { type: 'string', pattern: '^post://' },
        posted_at: { type: ['string', 'null'] },
      },
    },
  },
} as const;
const common = {
  success: { const: true },
  durationMs: { type: 'number' },
  total: { type: 'integer' },
  preview_limit: { type: 'integer' },
  offset: { type: 'integer' },
  has_more: { type: 'boolean' },
  applied_filter_summary: {
    type: 'object',
    required: ['filters', 'sort_by', 'lines'],
    properties: {
      filters: {
        type: 'object',
        additionalProperties: true,
        description: 'Echo of the normalised post criteria applied (docs/post-search.md): an open map, as the filters are.',
      },
      sort_by: { enum: [...POST_SORT_KEYS] },
      sort_order: { enum: ['asc', 'desc', null] },
      lines: { type: 'array', items: { type: 'string' } },
    },
  },
  author_cohort_filter_status: {
    type: ['object', 'null'],
    required: ['status', 'requested', 'applied', 'unknown_author_id_ints'],
    properties: {
      status: { enum: ['applied', 'partially_applied', 'no_known_authors'] },
      requested: { type: 'integer' },
      applied: { type: 'integer' },
      unknown_author_id_ints: { type: 'array', items: { type: 'integer' } },
    },
  },
  people_search_binding: {
    type: 'object',
    required: ['cohort_ref', 'filters', 'scope', 'max_authors', 'description'],
    properties: {
      cohort_ref: { type: 'string' },
      filters: {
        type: 'object',
        required: ['cohort_refs'],
        properties: { cohort_refs: { type: 'array', items: { type: 'string' } } },
      },
      scope: { const: 'person_authors' },
      max_authors: { type: 'integer' },
      description: { type: 'string' },
    },
  },
  results: { type: 'array', items: post },
  companies: { type: 'array', items: company },
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
    'offset',
    'has_more',
    'applied_filter_summary',
    'author_cohort_filter_status',
    'people_search_binding',
    'results',
    'search_activity_id',
  ],
  properties: common,
} as const;
const withPeopleResponse = {
  type: 'object',
  required: [
    'success',
    'durationMs',
    'total',
    'results',
    'people',
    'author_cohort_filter_status',
    'people_search_binding',
    'search_activity_id',
  ],
  properties: { ...common, people_limit: { type: 'integer' }, people: { type: 'array', items: person } },
} as const;

function postRequest(body: Body, people: boolean): PostSearchRequest {
  const receipts: Receipt[] = [];
  return {
    text: truncateText(typeof body.query === 'string' && body.query.trim() ? body.query : null, '/query', receipts, L.queryChars),
    filters: body.filters?.posts ?? {},
    limit: clamp(body.preview_limit, L.previewLimit, '/preview_limit', receipts),
    offset: clamp(body.offset, L.offset, '/offset', receipts),
    sortBy: body.sort_by ?? 'relevance',
    sortOrder: body.sort_order,
    withCompanies: body.with_companies === true,
    peopleLimit: people ? clamp(body.people_limit, L.peopleLimit, '/people_limit', receipts) : 0,
    receipts,
  };
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 100) / 100;

export const postRoutes = [
  defineRoute<SchemaType<typeof previewRequest>>({
    method: 'POST',
    path: '/api/v1/search/posts/preview',
    tag: 'posts',
    summary:
      'Post search: posts matching the text and post criteria (always eligibility filters), with a binding to pivot into the authors in people search.',
    auth: { anyOf: ['search'] },
    billing: { operation: 'posts_search_preview' },
    request: { body: previewRequest },
    response: previewResponse,
    errors: [...SEARCH_ENGINE_ERRORS, ...SEARCH_QUERY_ERRORS, ...PAGING_ERRORS],
    handler: async (req) => {
      const started = performance.now();
      const search = postRequest(req.body, false);
      const outcome = await searchPostsPage(req.services, req.actor!, search, 'posts');
      if (outcome.searchedNothing) req.settleBilling(0);
      return presentPostSearch(search, outcome, elapsed(started), req.surface);
    },
  }),
  defineRoute<SchemaType<typeof withPeopleRequest>>({
    method: 'POST',
    path: '/api/v1/search/posts/with-people',
    tag: 'posts',
    summary: 'Post search plus the deduplicated people who wrote the matching posts.',
    auth: { anyOf: ['search'] },
    billing: { operation: 'posts_search_with_people' },
    request: { body: withPeopleRequest },
    response: withPeopleResponse,
    errors: [...SEARCH_ENGINE_ERRORS, ...SEARCH_QUERY_ERRORS, ...PAGING_ERRORS],
    handler: async (req) => {
      const started = performance.now();
      const search = postRequest(req.body, true);
      const outcome = await searchPostsPage(req.services, req.actor!, search, 'posts_with_people');
      if (outcome.searchedNothing) req.settleBilling(0);
      return presentPostSearchWithPeople(search, outcome, elapsed(started), req.surface);
    },
  }),
];
