/** Request schemas of the communications routes (docs/communications.md). */

import type { ScopeRequirement } from '../../auth/scopes.js';
import { CHANNELS, HISTORY_CHANNELS, INVITE_NOTE_MAX, MESSAGE_MAX, STATUSES, SUBJECT_MAX } from '../../communications/channels.js';
import { NOT_BLANK_PATTERN } from '../../http/validation.js';

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
      minItems: 1,
      maxItems: 7,
      uniqueItems: true,
      items: { type: 'string', maxLength: 60 },
      description: 'Channels to check (default, when left out: all seven); when given, at least one.',
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
      ...str(200, 'The same key with the same body returns the same communication and sends once. Not empty or blank.'),
      minLength: 1,
      pattern: NOT_BLANK_PATTERN,
    },
    context: {
      type: 'object',
      maxProperties: 50,
      additionalProperties: true,
      description:
        'Free metadata kept with the communication, at most 50 keys and 16,384 bytes as JSON (sandbox providers read `sandbox_outcome`).',
    },
    wait_ms: waitMs,
    wait_until: waitUntil,
    webhook_url: {
      type: 'string',
      maxLength: 2000,
      format: 'http-url',
      description: 'Each event is POSTed here, signed with webhook_secret.',
    },
    webhook_secret: {
      type: 'string',
      minLength: 16,
      maxLength: 200,
      pattern: NOT_BLANK_PATTERN,
      description: 'Signs webhook deliveries (HMAC-SHA256); never shown again. Not blank.',
    },
  },
} as const;

/** The scope every communications route (but the relay callback) requires. */
export const AUTH: ScopeRequirement = { anyOf: ['communications'] };

/** The path parameters of a route on one communication. */
export type IdParams = { communicationId: string };

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
