import type { ScopeRequirement } from '../../auth/scopes.js';
import { appliedAgain } from '../../contacts/batch-identity.js';
import { type DelegateResolveBody, delegateResolve, EMAIL_QUALITIES } from '../../contacts/delegate-resolve.js';
import {
  applyBatch,
  BUCKETS,
  type Bucket,
  createRun,
  finalizeRun,
  previewBatch,
  readRun,
  reconciliationSchema,
  refuseBatch,
} from '../../contacts/reconciliation.js';
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
import { SEARCH_ENGINE_ERRORS } from '../../http/error-schema.js';
import { defineRoute } from '../../http/route.js';
import { acting } from '../projects/schemas.js';

/** Read routes accept `contacts-read` or, for older connector keys, `search`; writes need `contacts-write`. */
const READ: ScopeRequirement = { anyOf: ['contacts-read', 'search'] };
const WRITE: ScopeRequirement = { anyOf: ['contacts-write'] };
const RUN_ERRORS = ['reconciliation_run_not_found'] as const;

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const list = (maxItems: number, maxLength: number) => ({ type: 'array', maxItems, items: { type: 'string', maxLength } }) as const;

/** One contact row (docs/contacts.md, "Rows"); other fields are kept as `extra`, up to 30 of them. */
const row = {
  type: 'object',
  maxProperties: 40,
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 2000 },
  properties: {
    row_id: text(200),
    name: text(300),
    first_name: text(150),
    last_name: text(150),
    emails: list(20, 320),
    phone_numbers: list(20, 50),
    organization_names: list(20, 300),
    job_titles: list(20, 300),
    location: text(300),
    professional_url: text(500),
    notes: text(2000),
  },
} as const;

const batchBody = (write: boolean) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['rows'],
    properties: {
      batch_index: {
        type: 'integer',
        minimum: 0,
        maximum: 100_000,
        description: 'The batch’s place in the run; the same index again is the same batch.',
      },
      rows: { type: 'array', minItems: 1, maxItems: 100, items: row },
      options: {
        type: 'object',
        additionalProperties: false,
        properties: {
          allow_identity_resolution: { type: 'boolean', description: 'false: nothing is approved, clear matches become likely matches.' },
        },
      },
      ...(write ? { user_confirmed: { type: 'boolean', description: 'Must be true: the user agreed to change their contacts.' } } : {}),
    },
  }) as const;

const run = { type: 'object', description: 'A reconciliation run.' } as const;
const summary = { type: 'object', description: 'Counts by status and bucket.' } as const;
const rowsOut = { type: 'array', items: { type: 'object' } } as const;
const runParams = { type: 'object', required: ['runId'], properties: { runId: { type: 'string', format: 'uuid' } } } as const;
type R = { runId: string };
type E = { entityId: string };
const entityParams = { type: 'object', required: ['entityId'], properties: { entityId: { type: 'string', format: 'uuid' } } } as const;

/** Contact reconciliation (docs/contacts.md, "Reconciliation"). */
export const contactRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/contacts/reconciliation/schema',
    tag: 'contacts',
    summary: 'The row schema of reconciliation batches, the modes and the review actions.',
    auth: READ,
    response: {
      type: 'object',
      required: ['success', 'tool', 'source_type', 'row_schema', 'modes', 'review_actions', 'notes'],
      properties: {
        success: { const: true },
        tool: { type: 'string', description: 'A legacy tool name (fixed).' },
        source_type: { const: 'agent_reconciliation_sheet' },
        row_schema: { type: 'object' },
        modes: { type: 'array', items: { type: 'string' } },
        review_actions: { type: 'array', items: { type: 'string' } },
        notes: { type: 'array', items: { type: 'string' } },
      },
    },
    handler: () => reconciliationSchema(),
  }),
  defineRoute<{ source_label?: string; options?: { allow_identity_resolution?: boolean; identity_resolution_limit?: number } }>({
    method: 'POST',
    path: '/api/v1/contacts/reconciliation/runs',
    tag: 'contacts',
    summary: 'Starts a reconciliation run.',
    auth: READ,
    request: {
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          source_label: text(200),
          options: {
            type: 'object',
            additionalProperties: false,
            properties: {
              allow_identity_resolution: { type: 'boolean', description: 'Default true: apply approves clear, high-confidence matches.' },
              identity_resolution_limit: {
                type: 'integer',
                minimum: 0,
                maximum: 1_000_000,
                description: 'At most this many approvals in the run.',
              },
            },
          },
        },
      },
    },
    response: { type: 'object', required: ['success', 'run'], properties: { success: { const: true }, ...acting, run } },
    handler: ({ body, actor, services }) => createRun(services, actor!, body ?? {}),
  }),
  defineRoute<
    { batch_index?: number; rows: Record<string, unknown>[]; options?: { allow_identity_resolution?: boolean } },
    Record<string, never>,
    R
  >({
    method: 'POST',
    path: '/api/v1/contacts/reconciliation/runs/:runId/batches/preview',
    tag: 'contacts',
    summary: 'Matches up to 100 rows and says what apply would do; writes audit rows only, no contact changes.',
    auth: READ,
    billing: {
      operation: 'contacts_reconciliation_row',
      quantity: ({ body }) => body.rows.length,
      refuse: ({ params, body, actor, services }) => refuseBatch(services.db, actor, params.runId as string, body, 'preview'),
    },
    budgetItems: (body) => body?.rows?.length ?? 0,
    request: { params: runParams, body: batchBody(false) },
    errors: [...RUN_ERRORS, 'reconciliation_run_finalized', ...SEARCH_ENGINE_ERRORS],
    response: {
      type: 'object',
      required: ['success', 'run', 'batch_id', 'summary', 'rows'],
      properties: { success: { const: true }, ...acting, run, batch_id: { type: 'string' }, summary, rows: rowsOut },
    },
    handler: ({ params, body, actor, services }) => previewBatch(services, actor!, params.runId, body),
  }),
  defineRoute<
    { batch_index?: number; rows: Record<string, unknown>[]; options?: { allow_identity_resolution?: boolean }; user_confirmed?: boolean },
    Record<string, never>,
    R
  >({
    method: 'POST',
    path: '/api/v1/contacts/reconciliation/runs/:runId/batches',
    tag: 'contacts',
    summary:
      'Applies up to 100 rows: one review entity per row; clear matches approved, likely ones left to confirm. Idempotent per batch_index.',
    auth: WRITE,
    billing: {
      operation: 'contacts_reconciliation_row',
      quantity: ({ body, params, services }) => (appliedAgain(services.db, params.runId as string, body) ? 0 : body.rows.length),
      refuse: ({ params, body, actor, services }) => refuseBatch(services.db, actor, params.runId as string, body, 'apply'),
    },
    budgetItems: (body) => body?.rows?.length ?? 0,
    request: { params: runParams, body: batchBody(true) },
    errors: [...RUN_ERRORS, 'reconciliation_run_finalized', 'batch_index_reused', 'confirmation_required', ...SEARCH_ENGINE_ERRORS],
    response: {
      type: 'object',
      required: ['success', 'run', 'batch_id', 'summary', 'rows'],
      properties: { success: { const: true }, ...acting, run, batch_id: { type: 'string' }, summary, rows: rowsOut },
    },
    handler: ({ params, body, actor, services, settleBilling }) => applyBatch(services, actor!, params.runId, body, settleBilling),
  }),
  defineRoute<Record<string, never>, Record<string, never>, R>({
    method: 'GET',
    path: '/api/v1/contacts/reconciliation/runs/:runId',
    tag: 'contacts',
    summary: 'A run with its summary and batches.',
    auth: READ,
    request: { params: runParams },
    errors: [...RUN_ERRORS],
    response: {
      type: 'object',
      required: ['success', 'run', 'summary', 'batches'],
      properties: { success: { const: true }, ...acting, run, summary, batches: rowsOut },
    },
    handler: ({ params, actor, services }) => readRun(services, actor!, params.runId),
  }),
  defineRoute<{ user_confirmed?: boolean }, Record<string, never>, R>({
    method: 'POST',
    path: '/api/v1/contacts/reconciliation/runs/:runId/finalize',
    tag: 'contacts',
    summary: 'Closes a run (no more batches). Finalizing again changes nothing.',
    auth: WRITE,
    request: {
      params: runParams,
      body: { type: 'object', additionalProperties: false, properties: { user_confirmed: { type: 'boolean' } } },
    },
    errors: [...RUN_ERRORS, 'confirmation_required'],
    response: {
      type: 'object',
      required: ['success', 'run', 'summary'],
      properties: { success: { const: true }, ...acting, run, summary },
    },
    handler: ({ params, body, actor, services }) => finalizeRun(services, actor!, params.runId, body ?? {}),
  }),
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
  defineRoute<DelegateResolveBody>({
    method: 'POST',
    path: '/api/v1/contacts/delegate-resolve',
    tag: 'contacts',
    summary:
      'Resolves up to 100 contacts from a delegate’s perspective (API keys only). Dry run 0.01 credit per contact; live 0.10 per high-confidence resolved row, 0.04 per successful provider email enrichment; the rest 0.',
    auth: { anyOf: ['contacts-delegate-resolve'] },
    budgetItems: (body) => body?.contacts?.length ?? 0,
    request: {
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['delegate', 'contacts'],
        properties: {
          delegate: {
            type: 'object',
            additionalProperties: false,
            description: 'Exactly one of the four.',
            properties: {
              user_id: { type: 'string', maxLength: 100 },
              service_id: { type: 'string', maxLength: 100 },
              professional_url: text(500),
              professional_username: text(100),
            },
          },
          contacts: { type: 'array', minItems: 1, maxItems: 100, items: row },
          options: {
            type: 'object',
            additionalProperties: false,
            properties: {
              dry_run: { type: 'boolean', description: 'Default false. A dry run previews (0.01 credit per contact) and keeps nothing.' },
              persist_evidence: { type: 'boolean', description: 'Keep the evidence (live calls only; emails and phones hashed).' },
              include_email: { type: 'boolean', description: 'Project a known email of the selected person (free).' },
              include_email_enrichment: {
                type: 'boolean',
                description: 'Ask the email provider when no known email qualifies (0.04 credit per find).',
              },
              force_email_enrichment: { type: 'boolean', description: 'Ask the provider even when a known email qualifies.' },
              email_enrichment_provider: text(60),
              email_minimum_confidence: { enum: [...EMAIL_QUALITIES], description: 'The lowest email quality accepted (default sourced).' },
              fields: {
                type: 'array',
                maxItems: 10,
                items: { enum: ['name', 'headline', 'current_title', 'current_company', 'location', 'professional_url', 'service_url'] },
              },
              include_experiences: { type: 'boolean' },
              include_score_breakdown: { type: 'boolean' },
              max_candidates_per_contact: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
              contact_concurrency: { type: 'integer', minimum: 1, maximum: 10, default: 5 },
            },
          },
        },
      },
    },
    errors: ['credits_exhausted', ...SEARCH_ENGINE_ERRORS],
    response: {
      type: 'object',
      required: ['success', 'mode', 'dry_run', 'persisted_evidence_count', 'audit_run_id', 'billing', 'delegate', 'summary', 'results'],
      properties: {
        success: { const: true },
        ...acting,
        mode: { const: 'delegate_contact_resolve' },
        dry_run: { type: 'boolean' },
        persisted_evidence_count: { type: 'integer' },
        audit_run_id: { type: ['string', 'null'] },
        billing: { type: 'object' },
        delegate: { type: 'object' },
        summary: { type: 'object' },
        results: rowsOut,
      },
    },
    handler: ({ body, actor, services, requestId }) => delegateResolve(services, actor!, body, requestId),
  }),
];
