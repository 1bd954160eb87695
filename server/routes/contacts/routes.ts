import { appliedAgain } from '../../contacts/batch-identity.js';
import { type DelegateResolveBody, delegateResolve, EMAIL_QUALITIES } from '../../contacts/delegate-resolve.js';
import { applyBatch, previewBatch, refuseBatch } from '../../contacts/reconciliation.js';
import { createRun, finalizeRun, readRun, reconciliationSchema } from '../../contacts/runs.js';
import { SEARCH_ENGINE_ERRORS } from '../../http/error-schema.js';
import { defineRoute } from '../../http/route.js';
import { acting } from '../projects/schemas.js';
import { contactReviewRoutes } from './review-routes.js';
import { batchBody, type R, READ, RUN_ERRORS, row, rowsOut, run, runParams, summary, text, WRITE } from './schemas.js';

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
    handler: ({ params, body, actor, services, settleBilling }) => previewBatch(services, actor!, params.runId, body, settleBilling),
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
  ...contactReviewRoutes,
  defineRoute<DelegateResolveBody>({
    method: 'POST',
    path: '/api/v1/contacts/delegate-resolve',
    tag: 'contacts',
    summary:
      'Resolves up to 100 contacts from a delegate’s perspective (API keys only). Dry run 0.01 credit per contact; live 0.10 per high-confidence resolved row, 0.04 per successful provider email enrichment; the rest 0.',
    auth: { anyOf: ['contacts-delegate-resolve'] },
    charges: ['delegate_resolve_preview', 'delegate_resolve_resolved', 'delegate_resolve_email_enrichment'],
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
              include_email: {
                type: 'boolean',
                default: true,
                description: 'Project a known email of the selected person (free); on by default, false leaves it out.',
              },
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
