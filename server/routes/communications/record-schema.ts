/** The communication record and its events as every face shows them (docs/communications.md). */
import { CHANNELS, STATUSES } from '../../communications/channels.js';

const open = (description: string) => ({ type: 'object', additionalProperties: true, description }) as const;
/** A string field that may be null. */
export const nullableString = { type: ['string', 'null'] } as const;

/** One entry of a communication's event log. */
export const eventSchema = {
  type: 'object',
  required: ['sequence', 'type', 'status', 'at', 'data'],
  properties: {
    sequence: { type: 'integer' },
    type: { type: 'string' },
    status: { enum: [...STATUSES] },
    at: { type: 'string' },
    data: open('Event payload (docs/communications.md, "Events").'),
  },
} as const;

const webhookSchema = {
  type: 'object',
  required: ['url', 'signed', 'events_total', 'delivered', 'pending', 'failed', 'last_attempt_at', 'attempts'],
  properties: {
    url: nullableString,
    signed: { type: 'boolean' },
    events_total: { type: 'integer' },
    delivered: { type: 'integer' },
    pending: { type: 'integer' },
    failed: { type: 'integer' },
    last_attempt_at: nullableString,
    attempts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['event_sequence', 'attempt', 'at', 'http_status', 'error', 'duration_ms', 'next_attempt_at'],
        properties: {
          event_sequence: { type: 'integer' },
          attempt: { type: 'integer' },
          at: { type: 'string' },
          http_status: { type: ['integer', 'null'] },
          error: nullableString,
          duration_ms: { type: 'integer' },
          next_attempt_at: nullableString,
        },
      },
    },
  },
} as const;

/** `recipient_email_substitution`: the address asked for, the one used, and why (docs/communications.md). */
export const substitutionSchema = {
  type: 'object',
  required: ['requested_recipient_email', 'recipient_email', 'reason'],
  properties: { requested_recipient_email: { type: 'string' }, recipient_email: { type: 'string' }, reason: { type: 'string' } },
} as const;

/** The communication record. */
export const recordSchema = {
  type: 'object',
  required: [
    'id',
    'communication_id',
    'channel',
    'status',
    'mode',
    'dry_run',
    'result',
    'task',
    'reasoning_lookup',
    'events',
    'artifacts',
    'delivery_receipt',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    communication_id: { type: 'string', format: 'uuid' },
    channel: { enum: [...CHANNELS] },
    status: { enum: [...STATUSES] },
    mode: { enum: ['send', 'draft', 'dry_run'] },
    dry_run: { type: 'boolean' },
    result: open(
      'Provider outcome: provider, provider_message_id, provider_outcome, and per channel conversation_id, invite_id, introduction_id; error on failure.',
    ),
    task: {
      anyOf: [
        {
          type: 'object',
          required: [
            'kind',
            'provider',
            'attempts',
            'max_attempts',
            'next_attempt_at',
            'dispatched_at',
            'completed_at',
            'created_at',
            'updated_at',
            'idempotency_key',
          ],
          properties: {
            kind: { enum: ['dispatch', 'simulated_dispatch'] },
            provider: nullableString,
            attempts: { type: 'integer' },
            max_attempts: { type: 'integer' },
            next_attempt_at: nullableString,
            dispatched_at: nullableString,
            completed_at: nullableString,
            created_at: { type: 'string' },
            updated_at: { type: 'string' },
            idempotency_key: nullableString,
          },
        },
        { type: 'null' },
      ],
    },
    reasoning_lookup: {
      type: 'object',
      required: [
        'owner_user_id',
        'acting_user_id',
        'target_user_id',
        'resolved_target',
        'recipient_email',
        'recipient_email_source',
        'recipient_handle',
        'connector_user_id',
        'subject',
        'message',
        'context',
        'checks',
      ],
      properties: {
        owner_user_id: { type: 'string' },
        acting_user_id: { type: 'string' },
        target_user_id: nullableString,
        resolved_target: { anyOf: [open('The resolved target.'), { type: 'null' }] },
        recipient_email: nullableString,
        recipient_email_source: { enum: ['profile', 'user_supplied', 'substituted', null] },
        recipient_handle: nullableString,
        connector_user_id: nullableString,
        subject: nullableString,
        message: nullableString,
        context: { anyOf: [open('The context sent on create.'), { type: 'null' }] },
        checks: { type: 'array', items: open('One check made before the communication was accepted.') },
      },
    },
    events: { type: 'array', items: eventSchema },
    artifacts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['filename', 'kind', 'content_type', 'bytes', 'created_at', 'url'],
        properties: {
          filename: { type: 'string' },
          kind: { type: 'string' },
          content_type: { type: 'string' },
          bytes: { type: 'integer' },
          created_at: { type: 'string' },
          url: { type: 'string' },
        },
      },
    },
    webhook: webhookSchema,
    replies: {
      type: 'array',
      description: 'Replies that arrived outside the service: an email reply at the inbound SMTP listener, a relay reply, a sandbox reply.',
      items: {
        type: 'object',
        required: ['via', 'from', 'subject', 'excerpt', 'received_at'],
        properties: {
          via: { enum: ['smtp', 'relay', 'sandbox'] },
          from: nullableString,
          subject: nullableString,
          excerpt: nullableString,
          received_at: { type: 'string' },
        },
      },
    },
    delivery_receipt: {
      type: 'object',
      required: [
        'communication_id',
        'channel',
        'status',
        'terminal',
        'state',
        'provider_outcome',
        'warnings',
        'completed_at',
        'latest_event_sequence',
        'wait',
        'status_call',
      ],
      properties: {
        communication_id: { type: 'string' },
        channel: { type: 'string' },
        status: { enum: [...STATUSES] },
        terminal: { type: 'boolean' },
        state: { enum: ['dispatch_pending', 'dispatch_succeeded', 'dispatch_not_completed'] },
        provider_outcome: nullableString,
        warnings: { type: 'array', items: { type: 'string' } },
        completed_at: nullableString,
        latest_event_sequence: { type: 'integer' },
        wait: {
          anyOf: [
            {
              type: 'object',
              required: ['requested_ms', 'waited_ms', 'until', 'satisfied'],
              properties: {
                requested_ms: { type: 'integer' },
                waited_ms: { type: 'integer' },
                until: { enum: ['terminal', 'first_progress'] },
                satisfied: { type: 'boolean' },
              },
            },
            { type: 'null' },
          ],
        },
        status_call: {
          type: 'object',
          required: ['tool', 'arguments'],
          properties: {
            tool: { const: 'send_communication' },
            arguments: {
              type: 'object',
              required: ['mode', 'communication_id'],
              properties: { mode: { const: 'status' }, communication_id: { type: 'string' } },
            },
          },
        },
      },
    },
    recipient_email_substitution: substitutionSchema,
  },
} as const;
