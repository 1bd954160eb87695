/** Request and response schemas of the project routes (docs/projects.md). */
import type { ScopeRequirement } from '../../auth/scopes.js';
import { CHANNELS } from '../../communications/channels.js';
import { ENGAGEMENT_MODES, TEMPLATE_FIELDS } from '../../projects/record.js';

export const AUTH: ScopeRequirement = { anyOf: ['communications'] };
export const nullable = { type: ['string', 'null'] } as const;
export const uuid = { type: 'string', format: 'uuid' } as const;
export const text = (maxLength: number, description: string) => ({ type: 'string', maxLength, description }) as const;
export const templateValue = { type: ['string', 'null'], maxLength: 20_000 } as const;

export const targetSchema = {
  type: 'object',
  required: [
    'id',
    'assignment_target_id',
    'target_user_id',
    'is_included',
    'name',
    'headline',
    'current_title',
    'current_company',
    'draft_message',
    'draft_subject',
    'message_source',
    'review_action',
    'approved',
    'draft_state',
    'contact_channel',
    'recipient_email',
    'sender_email_account_id',
    'communication_id',
    'delivery_status',
    'added_at',
    'removed_at',
  ],
  properties: {
    id: uuid,
    assignment_target_id: uuid,
    target_user_id: { type: 'string' },
    is_included: { type: 'boolean' },
    name: nullable,
    headline: nullable,
    current_title: nullable,
    current_company: nullable,
    draft_message: nullable,
    draft_subject: nullable,
    message_source: { enum: ['ai_generated', 'user_edited', null] },
    review_action: { enum: ['save', 'approve', null] },
    approved: { type: 'boolean' },
    draft_state: { enum: ['none', 'fresh', 'stale'] },
    contact_channel: nullable,
    recipient_email: nullable,
    sender_email_account_id: nullable,
    communication_id: nullable,
    delivery_status: nullable,
    added_at: { type: 'string' },
    removed_at: nullable,
    mutual_connection_ids: { type: 'array', items: { type: 'string' } },
  },
} as const;

/**
 * A draft `messages/generate` wrote for someone not on the shortlist with `persist_target: false`:
 * a target as shown above, but unsaved (no row, so no ids and no date added; `persisted: false`).
 */
export const unsavedDraftSchema = {
  type: 'object',
  required: [...targetSchema.required, 'persisted'],
  properties: {
    ...targetSchema.properties,
    id: { type: 'null' },
    assignment_target_id: { type: 'null' },
    added_at: { type: 'null' },
    persisted: { const: false, description: 'The draft and the person were not stored: save the draft on a target to keep it.' },
  },
} as const;

export const projectSchema = {
  type: 'object',
  required: [
    'id',
    'project_id',
    'kind',
    'title',
    'description',
    'pitch',
    'status',
    'allow_discovery',
    'engagement_mode',
    ...TEMPLATE_FIELDS,
    'template_version',
    'owner_user_id',
    'acting_user_id',
    'agent_session_id',
    'schedule_url',
    'target_count',
    'is_archived',
    'archived_at',
    'activated_at',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: uuid,
    project_id: uuid,
    kind: { enum: ['project', 'search'] },
    title: { type: 'string' },
    description: nullable,
    pitch: nullable,
    status: { type: 'string' },
    allow_discovery: { type: 'boolean' },
    engagement_mode: { enum: [...ENGAGEMENT_MODES] },
    ...Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, nullable])),
    template_version: { type: 'integer' },
    owner_user_id: { type: 'string' },
    acting_user_id: { type: 'string' },
    agent_session_id: nullable,
    schedule_url: nullable,
    target_count: { type: 'integer' },
    is_archived: { type: 'boolean' },
    archived_at: nullable,
    activated_at: nullable,
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    targets: { type: 'array', items: targetSchema },
    search_results: { description: 'The search-results cache (include_search_results).' },
  },
} as const;

export const project = projectSchema;
export const pagination = {
  type: 'object',
  required: ['limit', 'offset', 'total', 'has_more'],
  properties: { limit: { type: 'integer' }, offset: { type: 'integer' }, total: { type: 'integer' }, has_more: { type: 'boolean' } },
} as const;
export const acting = {
  owner_user_id: { type: 'string' },
  acting_user_id: { type: 'string' },
  is_delegate: { type: 'boolean' },
} as const;
export const projectParams = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: { ...uuid, description: 'Project id.' } },
} as const;
export const projectResponse = {
  type: 'object',
  required: ['success', 'project'],
  properties: { success: { const: true }, project },
} as const;
/** The archive route's answer: the project, and how many of its queued sends archiving cancelled. */
export const archiveResponse = {
  type: 'object',
  required: ['success', 'project', 'cancelled_count'],
  properties: {
    success: { const: true },
    project,
    cancelled_count: {
      type: 'integer',
      minimum: 0,
      description: 'Sends of the project still queued that archiving cancelled (0 when restoring or archiving again).',
    },
  },
} as const;
/** The sender's scheduling page; `{{schedule_link}}` in a draft becomes a tracked link to it. */
export const scheduleUrl = {
  type: 'string',
  maxLength: 2000,
  format: 'http-url',
  description: 'Your scheduling page; {{schedule_link}} becomes a tracked link to it.',
} as const;

export const PROJECT_ERRORS = ['project_not_found'] as const;
/** The errors of a route that changes a project's outreach (an archived project refuses it). */
export const PROJECT_WRITE_ERRORS = [...PROJECT_ERRORS, 'project_archived'] as const;

export const messageBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    message: text(20_000, 'The draft (a change marks it user_edited unless message_source says otherwise).'),
    subject: {
      type: ['string', 'null'],
      maxLength: 300,
      description: 'The email subject of the draft (null clears it). An email_send draft needs one to be approved.',
    },
    message_source: { enum: ['ai_generated', 'user_edited'] },
    review_action: { enum: ['save', 'approve'], description: 'approve only after explicit approval; saving never sends.' },
    contact_channel: text(60, `One of ${CHANNELS.join(', ')}.`),
    recipient_email: text(320, 'The address an email_send goes to.'),
    sender_email_account_id: { ...uuid, description: 'A sender mail account (kept; sending uses SMTP_FROM until sender accounts exist).' },
  },
} as const;
export const messageResponse = (key: 'target_user_id' | 'assignment_target_id') =>
  ({
    type: 'object',
    required: ['success', 'owner_user_id', 'acting_user_id', 'is_delegate', 'project_id', key, 'target'],
    properties: { success: { const: true }, ...acting, project_id: uuid, [key]: { type: 'string' }, target: targetSchema },
  }) as const;

/**
 * A success body that carries the acting fields (`owner_user_id`, `acting_user_id`,
 * `is_delegate`) beside `properties`; every property is required except those in `optional`.
 */
export function actingResponse(properties: Record<string, unknown>, optional: readonly string[] = []): Record<string, unknown> {
  return {
    type: 'object',
    required: [
      'success',
      'owner_user_id',
      'acting_user_id',
      'is_delegate',
      ...Object.keys(properties).filter((k) => !optional.includes(k)),
    ],
    properties: { success: { const: true }, ...acting, ...properties },
  };
}
