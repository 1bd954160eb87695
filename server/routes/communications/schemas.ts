/** Request and response schemas of the communications routes (docs/communications.md). */
import { CHANNELS, HISTORY_CHANNELS, INVITE_NOTE_MAX, MESSAGE_MAX, STATUSES, SUBJECT_MAX } from '../../communications/channels.js';

const str = (maxLength: number, description: string) => ({ type: 'string', maxLength, description }) as const;

/** Identity inputs shared by capabilities, create and history. */
export const identityProperties = {
  target_user_id: { type: 'string', format: 'uuid', description: 'The person (user id).' },
  professional_profile_url: str(500, 'Professional-network profile URL.'),
  professional_username: str(200, 'Professional-network username.'),
  microblog_profile_url: str(500, 'Microblog profile URL.'),
  microblog_username: str(200, 'Microblog handle (with or without @).'),
  photo_profile_url: str(500, 'Photo-network profile URL.'),
  photo_username: str(200, 'Photo-network handle.'),
  recipient_email: str(320, 'An email address: one of the person’s returned options, or a valid address you supply.'),
} as const;

export const capabilitiesBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...identityProperties,
    channels: {
      type: 'array',
      maxItems: 7,
      uniqueItems: true,
      items: { type: 'string', maxLength: 60 },
      description: 'Channels to check (default: all seven).',
    },
  },
} as const;

const waitMs = {
  type: 'integer',
  minimum: 0,
  maximum: 30000,
  description: 'Wait up to this many ms for `wait_until` (max 30000).',
} as const;
const waitUntil = { enum: ['terminal', 'first_progress'], description: 'What to wait for (default terminal).' } as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['channel'],
  properties: {
    ...identityProperties,
    mode: { enum: ['draft', 'send'], description: '`draft` saves a durable draft that is never sent.' },
    draft: { type: 'boolean', description: 'Alias of mode=draft.' },
    channel: str(60, `One of the seven send channels: ${CHANNELS.join(', ')}.`),
    connector_user_id: {
      type: 'string',
      format: 'uuid',
      description: 'Required for service_referral_request: who forwards the introduction.',
    },
    message: str(MESSAGE_MAX, `The message (an invite note: at most ${INVITE_NOTE_MAX} characters).`),
    subject: str(SUBJECT_MAX, 'Subject (required for email_send).'),
    dry_run: { type: 'boolean', default: true, description: 'Simulate delivery (default true): a live send must set false.' },
    idempotency_key: {
      ...str(200, 'The same key with the same body returns the same communication and sends once. Not empty.'),
      minLength: 1,
    },
    context: {
      type: 'object',
      maxProperties: 50,
      additionalProperties: true,
      description: 'Free metadata kept with the communication (sandbox providers read `sandbox_outcome`).',
    },
    wait_ms: waitMs,
    wait_until: waitUntil,
    webhook_url: {
      type: 'string',
      maxLength: 2000,
      pattern: '^https?://',
      format: 'http-url',
      description: 'Each event is POSTed here, signed with webhook_secret.',
    },
    webhook_secret: {
      type: 'string',
      minLength: 16,
      maxLength: 200,
      description: 'Signs webhook deliveries (HMAC-SHA256); never shown again.',
    },
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['communicationId'],
  properties: { communicationId: { type: 'string', format: 'uuid', description: 'Communication id.' } },
} as const;

export const fetchQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { wait_ms: waitMs, wait_until: waitUntil },
} as const;

export const cancelBody = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: str(500, 'Why (kept in the event log).') },
} as const;

export const eventsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    after_sequence: { type: 'integer', minimum: 0, default: 0, description: 'Only events after this sequence.' },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100, description: 'At most this many events (1-500, default 100).' },
  },
} as const;

export const historyBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...identityProperties,
    assignment_target_id: { type: 'string', format: 'uuid', description: 'A project target row id.' },
    history_channel: str(40, `${HISTORY_CHANNELS.join(', ')} (default all; unknown values fall back to all).`),
    channel: str(40, 'Legacy alias of history_channel.'),
    history_fresh: { type: 'boolean', description: 'Refresh the professional-network conversation history first.' },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 20, description: '1-50 (default 20).' },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0, description: '0-1000; larger offsets clamp to 1000.' },
  },
} as const;

const open = (description: string) => ({ type: 'object', additionalProperties: true, description }) as const;
const nullableString = { type: ['string', 'null'] } as const;

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
const substitutionSchema = {
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

export const resolvedTargetSchema = {
  type: 'object',
  required: [
    'resolved',
    'user_id',
    'matched_by',
    'name',
    'headline',
    'current_title',
    'current_company',
    'professional_url',
    'service_url',
    'is_service_member',
    'details_withheld',
    'inputs',
    'unresolved_inputs',
  ],
  properties: {
    resolved: { type: 'boolean' },
    user_id: nullableString,
    matched_by: nullableString,
    name: nullableString,
    headline: nullableString,
    current_title: nullableString,
    current_company: nullableString,
    professional_url: nullableString,
    service_url: nullableString,
    is_service_member: { type: 'boolean' },
    details_withheld: { type: 'boolean', description: 'Found through a private email address: who it is is not described.' },
    inputs: { type: 'object', additionalProperties: { type: 'string' }, description: 'The identity inputs given.' },
    unresolved_inputs: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const capabilitiesResponse = {
  type: 'object',
  required: ['success', 'owner_user_id', 'acting_user_id', 'is_delegate', 'resolved_target', 'channels', 'service'],
  properties: {
    success: { const: true },
    owner_user_id: { type: 'string' },
    acting_user_id: { type: 'string' },
    is_delegate: { type: 'boolean' },
    resolved_target: resolvedTargetSchema,
    channels: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'channel',
          'can_send',
          'reason',
          'message',
          'provider',
          'provider_description',
          'cancellable_in_flight',
          'requires',
          'daily_cap',
          'warnings',
        ],
        properties: {
          channel: { enum: [...CHANNELS] },
          can_send: { type: 'boolean' },
          reason: nullableString,
          message: nullableString,
          provider: { enum: ['service', 'smtp', 'outbox', 'sandbox', 'relay'] },
          provider_description: { type: 'string' },
          cancellable_in_flight: { type: 'boolean' },
          requires: { type: 'array', items: { type: 'string' } },
          daily_cap: {
            type: 'object',
            required: ['limit', 'used_today', 'remaining', 'resets_at'],
            properties: {
              limit: { type: 'integer' },
              used_today: { type: 'integer' },
              remaining: { type: 'integer' },
              resets_at: { type: 'string' },
            },
          },
          warnings: { type: 'array', items: { type: 'string' } },
          recipient_handle: nullableString,
          recipient_email: nullableString,
          recipient_email_options: {
            type: 'array',
            items: {
              type: 'object',
              required: ['address', 'quality', 'kind', 'last_seen_at', 'stale', 'deliverable', 'recommended'],
              properties: {
                address: { type: 'string' },
                quality: { type: 'string' },
                kind: nullableString,
                last_seen_at: nullableString,
                stale: { type: 'boolean' },
                deliverable: { type: 'boolean' },
                recommended: { type: 'boolean' },
              },
            },
          },
          recipient_email_substitution: { anyOf: [substitutionSchema, { type: 'null' }] },
          candidate_connectors: {
            type: 'array',
            items: {
              type: 'object',
              required: ['user_id', 'name', 'headline', 'connected_to_you_via', 'connected_to_target_via'],
              properties: {
                user_id: { type: 'string' },
                name: nullableString,
                headline: nullableString,
                connected_to_you_via: { type: 'array', items: { type: 'string' } },
                connected_to_target_via: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    service: {
      type: 'object',
      required: [
        'member',
        'user_id',
        'service_url',
        'has_account',
        'service_connected',
        'connection_sources',
        'invite_pending',
        'conversation_id',
      ],
      properties: {
        member: { type: 'boolean' },
        user_id: nullableString,
        service_url: nullableString,
        has_account: { type: 'boolean' },
        service_connected: { type: 'boolean' },
        connection_sources: { type: 'array', items: { type: 'string' } },
        invite_pending: { type: 'boolean' },
        conversation_id: nullableString,
      },
    },
  },
} as const;

const entrySchema = {
  type: 'object',
  required: [
    'entry_id',
    'channel',
    'send_channel',
    'direction',
    'source',
    'status',
    'communication_id',
    'conversation_id',
    'subject',
    'snippet',
    'recipient_email',
    'sent_at',
    'synced',
  ],
  properties: {
    entry_id: { type: 'string' },
    channel: { enum: HISTORY_CHANNELS.filter((c) => c !== 'all') },
    send_channel: { enum: [...CHANNELS, null] },
    direction: { enum: ['outbound', 'inbound'] },
    source: { enum: ['api', 'service_inbox', 'synced'] },
    status: { type: 'string' },
    communication_id: nullableString,
    conversation_id: nullableString,
    subject: nullableString,
    snippet: { type: 'string' },
    recipient_email: nullableString,
    sent_at: { type: 'string' },
    synced: { type: 'boolean' },
  },
} as const;

export const historyResponse = {
  type: 'object',
  required: [
    'success',
    'owner_user_id',
    'acting_user_id',
    'is_delegate',
    'resolved_target',
    'target_user_id',
    'has_prior_send',
    'most_recent_send',
    'total_count',
    'filtered_count',
    'last_sent_at',
    'limit',
    'offset',
    'has_more',
    'selected_channel',
    'channel_counts',
    'professional_history',
    'entries',
  ],
  properties: {
    success: { const: true },
    owner_user_id: { type: 'string' },
    acting_user_id: { type: 'string' },
    is_delegate: { type: 'boolean' },
    resolved_target: resolvedTargetSchema,
    target_user_id: nullableString,
    has_prior_send: { type: ['boolean', 'null'] },
    history_coverage: { const: 'target_unresolved' },
    most_recent_send: {
      anyOf: [
        {
          type: 'object',
          required: ['communication_id', 'channel', 'history_channel', 'status', 'sent_at'],
          properties: {
            communication_id: { type: 'string' },
            channel: { type: 'string' },
            history_channel: { type: 'string' },
            status: { type: 'string' },
            sent_at: { type: 'string' },
          },
        },
        { type: 'null' },
      ],
    },
    total_count: { type: 'integer' },
    filtered_count: { type: 'integer' },
    last_sent_at: nullableString,
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    has_more: { type: 'boolean' },
    selected_channel: { enum: [...HISTORY_CHANNELS] },
    channel_counts: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Entries per history channel.' },
    professional_history: {
      type: 'object',
      required: [
        'history_fetched_at',
        'history_is_fresh',
        'next_scheduled_refresh_at',
        'last_refresh_error',
        'tracking_status',
        'latest_run_id',
        'refresh_requested',
        'refresh_status',
        'queued_run_ids',
        'runs',
      ],
      properties: {
        history_fetched_at: nullableString,
        history_is_fresh: { type: 'boolean' },
        next_scheduled_refresh_at: nullableString,
        last_refresh_error: nullableString,
        tracking_status: { enum: ['tracked', 'not_tracked', 'no_professional_identity', 'target_unresolved'] },
        latest_run_id: nullableString,
        refresh_requested: { type: 'boolean' },
        refresh_status: { enum: ['not_requested', 'skipped', 'queued', 'running', 'completed', 'failed'] },
        queued_run_ids: { type: 'array', items: { type: 'string' } },
        runs: {
          type: 'array',
          items: {
            type: 'object',
            required: ['run_id', 'status', 'error', 'messages_found', 'requested_at', 'completed_at'],
            properties: {
              run_id: { type: 'string' },
              status: { type: 'string' },
              error: nullableString,
              messages_found: { type: ['integer', 'null'] },
              requested_at: { type: 'string' },
              completed_at: nullableString,
            },
          },
        },
        refresh_skipped_reason: { enum: ['target_unresolved', 'no_professional_identity'] },
      },
    },
    entries: { type: 'array', items: entrySchema },
  },
} as const;

export const eventsResponse = {
  type: 'object',
  required: ['communication_id', 'events', 'latest_event_sequence', 'has_more'],
  properties: {
    communication_id: { type: 'string' },
    events: { type: 'array', items: eventSchema },
    latest_event_sequence: { type: 'integer' },
    has_more: { type: 'boolean' },
  },
} as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { enum: [...STATUSES] },
    channel: { enum: [...CHANNELS] },
    target_user_id: { type: 'string', format: 'uuid' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: 10000, default: 0 },
  },
} as const;

export const summarySchema = {
  type: 'object',
  required: [
    'communication_id',
    'channel',
    'status',
    'mode',
    'target_user_id',
    'target_name',
    'recipient_email',
    'subject',
    'snippet',
    'created_at',
    'completed_at',
    'latest_event_sequence',
  ],
  properties: {
    communication_id: { type: 'string' },
    channel: { enum: [...CHANNELS] },
    status: { enum: [...STATUSES] },
    mode: { enum: ['send', 'draft', 'dry_run'] },
    target_user_id: nullableString,
    target_name: nullableString,
    recipient_email: nullableString,
    subject: nullableString,
    snippet: { type: 'string' },
    created_at: { type: 'string' },
    completed_at: nullableString,
    latest_event_sequence: { type: 'integer' },
  },
} as const;

export const listResponse = {
  type: 'object',
  required: ['total', 'limit', 'offset', 'has_more', 'communications'],
  properties: {
    total: { type: 'integer' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    has_more: { type: 'boolean' },
    communications: { type: 'array', items: summarySchema },
  },
} as const;
