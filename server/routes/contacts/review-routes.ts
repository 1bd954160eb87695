import {
  bulkReview,
  confirmEntity,
  entityCandidates,
  listReview,
  PATH_ACTIONS,
  pathAction,
  REVIEW_ACTIONS,
  type ReviewAction,
} from '../../contacts/review.js';
import { BUCKETS, type Bucket } from '../../contacts/runs.js';
import { SEARCH_ENGINE_ERRORS } from '../../http/error-schema.js';
import { defineRoute } from '../../http/route.js';
import { acting } from '../projects/schemas.js';
import { type E, entityParams, READ, rowsOut, text, WRITE } from './schemas.js';

/** The review queue of contact reconciliation and the decisions taken on it (docs/contacts.md, "Review actions"). */
export const contactReviewRoutes = [
  defineRoute<
    Record<string, never>,
    { bucket?: Bucket; limit: number; offset: number; response_verbosity?: 'compact' | 'minimal' | 'detailed'; minimal_fields?: boolean }
  >({
    method: 'GET',
    path: '/api/v1/contacts/reconciliation/review',
    tag: 'contacts',
    summary: 'The review queue: the account’s entities by bucket, in three verbosities.',
    auth: READ,
    request: {
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          bucket: { enum: [...BUCKETS] },
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
          offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
          response_verbosity: { enum: ['compact', 'minimal', 'detailed'] },
          minimal_fields: { type: 'boolean', description: 'The same as response_verbosity=minimal.' },
        },
      },
    },
    response: {
      type: 'object',
      required: ['success', 'response_verbosity', 'pagination', 'total_count', 'limit', 'offset', 'has_more', 'items'],
      properties: {
        success: { const: true },
        ...acting,
        response_verbosity: { enum: ['compact', 'minimal', 'detailed'] },
        counts: { type: 'object' },
        pagination: { type: 'object' },
        total_count: { type: 'integer' },
        limit: { type: 'integer' },
        offset: { type: 'integer' },
        has_more: { type: 'boolean' },
        items: rowsOut,
      },
    },
    handler: ({ query, actor, services }) => listReview(services, actor!, query),
  }),
  defineRoute<{
    action: ReviewAction;
    entity_ids?: string[];
    items?: { entity_id: string; candidate_user_id?: string; candidate_snapshot?: Record<string, unknown> }[];
    user_confirmed?: boolean;
  }>({
    method: 'POST',
    path: '/api/v1/contacts/reconciliation/review/bulk',
    tag: 'contacts',
    summary: 'One review action over up to 100 entities; confirm with entity_ids alone uses each one’s proposed or top candidate.',
    auth: WRITE,
    request: {
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['action'],
        properties: {
          action: { enum: [...REVIEW_ACTIONS] },
          entity_ids: { type: 'array', maxItems: 100, items: { type: 'string', format: 'uuid' } },
          items: {
            type: 'array',
            maxItems: 100,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['entity_id'],
              properties: {
                entity_id: { type: 'string', format: 'uuid' },
                candidate_user_id: { type: 'string', format: 'uuid' },
                candidate_snapshot: { type: 'object', maxProperties: 50 },
              },
            },
          },
          user_confirmed: { type: 'boolean' },
        },
      },
    },
    errors: ['confirmation_required'],
    response: {
      type: 'object',
      required: ['success', 'action', 'requested_count', 'succeeded_count', 'failed_count', 'results'],
      properties: {
        success: { const: true },
        ...acting,
        action: { enum: [...REVIEW_ACTIONS] },
        requested_count: { type: 'integer' },
        succeeded_count: { type: 'integer' },
        failed_count: { type: 'integer' },
        results: rowsOut,
      },
    },
    handler: ({ body, actor, services }) => bulkReview(services, actor!, body),
  }),
  defineRoute<Record<string, never>, { query?: string; limit: number }, E>({
    method: 'GET',
    path: '/api/v1/contacts/reconciliation/review/:entityId/candidates',
    tag: 'contacts',
    summary: 'The entity’s row matched again (query replaces the name), with up to 25 candidates and their evidence.',
    auth: READ,
    request: {
      params: entityParams,
      query: {
        type: 'object',
        additionalProperties: false,
        properties: { query: text(300), limit: { type: 'integer', minimum: 1, maximum: 25, default: 10 } },
      },
    },
    errors: ['review_entity_not_found', ...SEARCH_ENGINE_ERRORS],
    response: {
      type: 'object',
      required: ['success', 'entity', 'candidates'],
      properties: { success: { const: true }, ...acting, entity: { type: 'object' }, candidates: rowsOut },
    },
    handler: ({ params, query, actor, services }) => entityCandidates(services, actor!, params.entityId, query),
  }),
  defineRoute<
    { candidate_user_id?: string; candidate_snapshot?: Record<string, unknown>; user_confirmed?: boolean },
    Record<string, never>,
    E
  >({
    method: 'POST',
    path: '/api/v1/contacts/reconciliation/review/:entityId/confirm',
    tag: 'contacts',
    summary: 'Confirms who the contact is: candidate_user_id, else the proposed or top candidate.',
    auth: WRITE,
    request: {
      params: entityParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          candidate_user_id: { type: 'string', format: 'uuid' },
          candidate_snapshot: {
            type: 'object',
            maxProperties: 50,
            description: 'What the user saw of the candidate (kept for the audit).',
          },
          user_confirmed: { type: 'boolean' },
        },
      },
    },
    errors: ['review_entity_not_found', 'candidate_not_found', 'candidate_required', 'confirmation_required', ...SEARCH_ENGINE_ERRORS],
    response: {
      type: 'object',
      required: ['success', 'entity'],
      properties: { success: { const: true }, ...acting, entity: { type: 'object' } },
    },
    handler: ({ params, body, actor, services }) => confirmEntity(services, actor!, params.entityId, body ?? {}),
  }),
  defineRoute<{ user_confirmed?: boolean }, Record<string, never>, E & { action: string }>({
    method: 'POST',
    path: '/api/v1/contacts/reconciliation/review/:entityId/:action',
    tag: 'contacts',
    summary: `One review action by path: ${Object.keys(PATH_ACTIONS).join(', ')}.`,
    auth: WRITE,
    request: {
      params: {
        type: 'object',
        required: ['entityId', 'action'],
        properties: { entityId: { type: 'string', format: 'uuid' }, action: { enum: Object.keys(PATH_ACTIONS) } },
      },
      body: { type: 'object', additionalProperties: false, properties: { user_confirmed: { type: 'boolean' } } },
    },
    errors: ['review_entity_not_found', 'confirmation_required'],
    response: {
      type: 'object',
      required: ['success', 'entity'],
      properties: { success: { const: true }, ...acting, entity: { type: 'object' } },
    },
    handler: ({ params, body, actor, services }) => pathAction(services, actor!, params.entityId, params.action, body ?? {}),
  }),
];
