import { requireConfirmation } from '../../contacts/runs.js';
import { defineTool } from '../tool.js';
import { DELEGATE_ARGUMENT, modeResultSchema, pickArgs, requireArg } from './schema-tools.js';

type Args = Record<string, unknown> & { mode?: string; run_id?: string; entity_id?: string };
const uuid = { type: 'string', format: 'uuid' } as const;

const READS = ['schema', 'start_run', 'preview', 'run_status', 'review', 'candidates'] as const;
const WRITES = ['apply', 'finalize', 'confirm', 'not_a_match', 'needs_review', 'ignore', 'restore', 'bulk'] as const;
const MODES = [...READS, ...WRITES] as const;
const PATH: Record<string, string> = { not_a_match: 'not-a-match', needs_review: 'needs-review', ignore: 'ignore', restore: 'restore' };

/** `contacts_action`: contact reconciliation over its REST routes (docs/contacts.md). Writes need `user_confirmed`. */
export const contactsActionTool = defineTool<Args>({
  name: 'contacts_action',
  title: 'Reconcile contacts',
  description: [
    `Modes: ${MODES.join(', ')}.`,
    'schema gives the row fields; start_run opens a run; preview (rows, batch_index) says who each contact is and what apply would do, changing nothing;',
    'apply stores the batch (only clear matches are approved; likely ones wait for confirm); run_status and finalize; review lists the queue by bucket; candidates searches again for one entity;',
    'confirm (candidate_user_id), not_a_match, needs_review, ignore, restore act on one entity; bulk acts on up to 100 (action, entity_ids or items).',
    'Every write (apply, finalize, confirm and the other entity actions, bulk) needs user_confirmed: true after the user agreed; without it the answer is confirmation_required. Batches (preview, apply) cost 0.01 credit a row; the rest is free.',
  ].join(' '),
  auth: { anyOf: ['contacts-read', 'contacts-write', 'search'] },
  kind: 'action',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['mode'],
    properties: {
      mode: { enum: [...MODES], description: 'The operation (see the tool description); write modes need user_confirmed: true.' },
      run_id: { ...uuid, description: 'preview, apply, run_status, finalize: the run, from start_run.' },
      entity_id: {
        ...uuid,
        description: 'candidates, confirm, not_a_match, needs_review, ignore, restore: the review entity (review lists them).',
      },
      source_label: { type: 'string', maxLength: 200, description: 'start_run: a name for the run (up to 200 characters).' },
      allow_identity_resolution: {
        type: 'boolean',
        description: 'start_run: default true, apply approves clear matches; false approves nothing (clear matches become likely ones).',
      },
      identity_resolution_limit: {
        type: 'integer',
        minimum: 0,
        maximum: 1_000_000,
        description: 'start_run: at most this many approvals in the run (0-1,000,000; default no limit).',
      },
      batch_index: {
        type: 'integer',
        minimum: 0,
        maximum: 100_000,
        description:
          'preview, apply: the batch number, 0, 1, 2... (up to 100,000); applying the same rows under the same batch_index again replays the stored batch.',
      },
      rows: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        items: { type: 'object', maxProperties: 100, additionalProperties: true },
        description:
          'preview, apply: 1-100 contact rows (fields from mode schema; at most 100 fields a row). apply takes the same rows as their preview.',
      },
      bucket: {
        enum: ['approved', 'likely_match', 'needs_review', 'unresolved', 'ignored'],
        description: 'review: only entities in this bucket (default all).',
      },
      response_verbosity: {
        enum: ['compact', 'minimal', 'detailed'],
        description:
          'review: compact (default: top candidate, next actions), minimal (ids, bucket, name) or detailed (every candidate with evidence).',
      },
      query: {
        type: 'string',
        maxLength: 300,
        description: "candidates: text that replaces the row's name in the new search (up to 300 characters).",
      },
      candidate_user_id: {
        ...uuid,
        description: 'confirm: the person to confirm (a candidate id); default the proposed or top candidate.',
      },
      candidate_snapshot: {
        type: 'object',
        maxProperties: 50,
        description: 'confirm: what the user saw of the candidate, kept for the audit.',
      },
      action: {
        enum: ['confirm_candidate', 'reject_candidate', 'mark_needs_review', 'ignore_entity', 'restore_entity'],
        description: 'bulk (required): the action applied to every entity.',
      },
      entity_ids: { type: 'array', maxItems: 100, items: uuid, description: 'bulk: up to 100 entity ids.' },
      items: {
        type: 'array',
        maxItems: 100,
        items: { type: 'object', maxProperties: 3, additionalProperties: true },
        description: 'bulk: up to 100 {entity_id, candidate_user_id, candidate_snapshot}, to name the candidate of each entity.',
      },
      user_confirmed: {
        type: 'boolean',
        description:
          'Write modes (apply, finalize, confirm, not_a_match, needs_review, ignore, restore, bulk): true once the user agreed; without it, confirmation_required.',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: 100,
        description: 'review: entities a page, 1-100 (default 25); candidates: candidates, 1-25 (default 10; more is read as 25).',
      },
      offset: { type: 'integer', minimum: 0, maximum: 1_000_000, description: 'review: entities to skip (default 0).' },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: modeResultSchema(MODES, 'docs/contacts.md'),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  run: async (args, ctx) => {
    const mode = args.mode as (typeof MODES)[number];
    const delegate = pickArgs(args, ['delegate_user_id']);
    // Writes never proceed without the user's confirmation (checked before anything is read).
    if ((WRITES as readonly string[]).includes(mode)) requireConfirmation({ user_confirmed: args.user_confirmed as boolean | undefined });
    const confirmed = { user_confirmed: true };
    const run = () => {
      requireArg(args, 'run_id');
      return { runId: args.run_id as string };
    };
    const entity = () => {
      requireArg(args, 'entity_id');
      return { entityId: args.entity_id as string };
    };
    const result = async (): Promise<unknown> => {
      switch (mode) {
        case 'schema':
          return ctx.route('GET /api/v1/contacts/reconciliation/schema', { query: delegate });
        case 'start_run': {
          const options = pickArgs(args, ['allow_identity_resolution', 'identity_resolution_limit']);
          return ctx.route('POST /api/v1/contacts/reconciliation/runs', {
            body: { ...pickArgs(args, ['source_label']), ...(Object.keys(options).length ? { options } : {}), ...delegate },
          });
        }
        case 'preview':
          requireArg(args, 'rows');
          return ctx.route('POST /api/v1/contacts/reconciliation/runs/:runId/batches/preview', {
            params: run(),
            body: { ...pickArgs(args, ['rows', 'batch_index']), ...delegate },
          });
        case 'apply':
          requireArg(args, 'rows');
          return ctx.route('POST /api/v1/contacts/reconciliation/runs/:runId/batches', {
            params: run(),
            body: { ...pickArgs(args, ['rows', 'batch_index']), ...confirmed, ...delegate },
          });
        case 'run_status':
          return ctx.route('GET /api/v1/contacts/reconciliation/runs/:runId', { params: run(), query: delegate });
        case 'finalize':
          return ctx.route('POST /api/v1/contacts/reconciliation/runs/:runId/finalize', {
            params: run(),
            body: { ...confirmed, ...delegate },
          });
        case 'review':
          return ctx.route('GET /api/v1/contacts/reconciliation/review', {
            query: { ...pickArgs(args, ['bucket', 'response_verbosity', 'limit', 'offset']), ...delegate },
          });
        case 'candidates':
          return ctx.route('GET /api/v1/contacts/reconciliation/review/:entityId/candidates', {
            params: entity(),
            query: {
              ...pickArgs(args, ['query']),
              ...(args.limit !== undefined ? { limit: Math.min(25, args.limit as number) } : {}),
              ...delegate,
            },
          });
        case 'confirm':
          return ctx.route('POST /api/v1/contacts/reconciliation/review/:entityId/confirm', {
            params: entity(),
            body: { ...pickArgs(args, ['candidate_user_id', 'candidate_snapshot']), ...confirmed, ...delegate },
          });
        case 'bulk':
          requireArg(args, 'action');
          return ctx.route('POST /api/v1/contacts/reconciliation/review/bulk', {
            body: { ...pickArgs(args, ['action', 'entity_ids', 'items']), ...confirmed, ...delegate },
          });
        default:
          return ctx.route('POST /api/v1/contacts/reconciliation/review/:entityId/:action', {
            params: { ...entity(), action: PATH[mode]! },
            body: { ...confirmed, ...delegate },
          });
      }
    };
    return { success: true, mode, result: (await result()) as Record<string, unknown> };
  },
});
