import type { ScopeRequirement } from '../../auth/scopes.js';
import {
  decideIntroduction,
  decideInvite,
  listIntroductions,
  listInvites,
  readConversation,
  readInbox,
} from '../../commands/communications/inbox.js';
import { defineRoute } from '../../http/route.js';

/**
 * The recipient's side of in-service communications (not in the contract's tables; the
 * connector's inbox_read, conversation_read and introduction_read call these):
 * docs/communications.md, "Inbox".
 */
const MESSAGES: ScopeRequirement = { anyOf: ['messages-read'] };
const INTRODUCTIONS: ScopeRequirement = { anyOf: ['introductions-read'] };
const ACT: ScopeRequirement = { anyOf: ['communications'] };
const nullable = { type: ['string', 'null'] } as const;

const messageSchema = {
  type: 'object',
  required: ['message_id', 'sender_user_id', 'from_me', 'kind', 'body', 'sent_at'],
  properties: {
    message_id: { type: 'string' },
    sender_user_id: { type: 'string' },
    from_me: { type: 'boolean' },
    kind: { enum: ['message', 'introduction'] },
    body: { type: 'string' },
    sent_at: { type: 'string' },
  },
} as const;

const inviteSchema = {
  type: 'object',
  required: ['invite_id', 'from_user_id', 'from_name', 'from_headline', 'to_user_id', 'note', 'status', 'sent_at', 'decided_at'],
  properties: {
    invite_id: { type: 'string' },
    from_user_id: { type: 'string' },
    from_name: nullable,
    from_headline: nullable,
    to_user_id: { type: 'string' },
    note: nullable,
    status: { enum: ['pending', 'accepted', 'declined', 'withdrawn'] },
    sent_at: { type: 'string' },
    decided_at: nullable,
  },
} as const;

const introductionSchema = {
  type: 'object',
  required: [
    'introduction_id',
    'requester_user_id',
    'requester_name',
    'connector_user_id',
    'connector_name',
    'target_user_id',
    'target_name',
    'message',
    'status',
    'decision_note',
    'conversation_id',
    'requested_at',
    'decided_at',
  ],
  properties: {
    introduction_id: { type: 'string' },
    requester_user_id: { type: 'string' },
    requester_name: nullable,
    connector_user_id: { type: 'string' },
    connector_name: nullable,
    target_user_id: { type: 'string' },
    target_name: nullable,
    message: { type: 'string' },
    status: { enum: ['pending', 'accepted', 'declined', 'withdrawn'] },
    decision_note: nullable,
    conversation_id: nullable,
    requested_at: { type: 'string' },
    decided_at: nullable,
  },
} as const;

const decisionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: {
    decision: { enum: ['accept', 'decline'] },
    note: { type: 'string', maxLength: 1000, description: 'Introductions: a note from the connector, posted with the introduction.' },
  },
} as const;

export const inboxRoutes = [
  defineRoute<Record<string, never>, { limit: number; offset: number; unread_only?: boolean }>({
    method: 'GET',
    path: '/api/v1/inbox',
    tag: 'inbox',
    summary: 'The acting member’s in-service conversations (newest first, with unread counts) and what awaits their decision.',
    auth: MESSAGES,
    request: {
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          offset: { type: 'integer', minimum: 0, maximum: 10000, default: 0 },
          unread_only: { type: 'boolean' },
        },
      },
    },
    response: {
      type: 'object',
      required: [
        'success',
        'user_id',
        'total_conversations',
        'unread_conversations',
        'pending_invites',
        'pending_introductions',
        'limit',
        'offset',
        'has_more',
        'conversations',
      ],
      properties: {
        success: { const: true },
        user_id: { type: 'string' },
        total_conversations: { type: 'integer' },
        unread_conversations: { type: 'integer' },
        pending_invites: { type: 'integer' },
        pending_introductions: { type: 'integer' },
        limit: { type: 'integer' },
        offset: { type: 'integer' },
        has_more: { type: 'boolean' },
        conversations: {
          type: 'array',
          items: {
            type: 'object',
            required: ['conversation_id', 'with_user_id', 'with_name', 'with_headline', 'unread_count', 'last_message', 'last_message_at'],
            properties: {
              conversation_id: { type: 'string' },
              with_user_id: { type: 'string' },
              with_name: nullable,
              with_headline: nullable,
              unread_count: { type: 'integer' },
              last_message: { anyOf: [messageSchema, { type: 'null' }] },
              last_message_at: { type: 'string' },
            },
          },
        },
      },
    },
    handler: ({ query, actor, services }) => readInbox(services, actor!, query),
  }),
  defineRoute<Record<string, never>, { limit: number; before?: string; with_user_id?: string }, { conversationId: string }>({
    method: 'GET',
    path: '/api/v1/inbox/conversations/:conversationId',
    tag: 'inbox',
    summary: 'One conversation, oldest message first (limit, before); reading it marks it read.',
    auth: MESSAGES,
    request: {
      params: {
        type: 'object',
        required: ['conversationId'],
        properties: { conversationId: { type: 'string', maxLength: 60, description: 'cv_<uuid> as the inbox lists it.' } },
      },
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
          before: {
            type: 'string',
            format: 'date-time',
            maxLength: 40,
            description: 'Only messages sent before this time (the next page).',
          },
        },
      },
    },
    errors: ['conversation_not_found'],
    response: {
      type: 'object',
      required: ['success', 'conversation_id', 'with_user_id', 'with_name', 'unread_before_reading', 'has_more', 'messages'],
      properties: {
        success: { const: true },
        conversation_id: { type: 'string' },
        with_user_id: { type: 'string' },
        with_name: nullable,
        unread_before_reading: { type: 'integer' },
        has_more: { type: 'boolean' },
        messages: { type: 'array', items: messageSchema },
      },
    },
    handler: ({ params, query, actor, services, now }) =>
      readConversation(services, actor!, { conversation_id: params.conversationId, limit: query.limit, before: query.before }, now),
  }),
  defineRoute<Record<string, never>, { status?: string; limit: number }>({
    method: 'GET',
    path: '/api/v1/inbox/invites',
    tag: 'inbox',
    summary: 'Connection invites the acting member received (status: pending by default, or accepted, declined, all).',
    auth: MESSAGES,
    request: {
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          status: { enum: ['pending', 'accepted', 'declined', 'all'], default: 'pending' },
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
        },
      },
    },
    response: {
      type: 'object',
      required: ['success', 'invites'],
      properties: { success: { const: true }, invites: { type: 'array', items: inviteSchema } },
    },
    handler: ({ query, actor, services }) => listInvites(services, actor!, query),
  }),
  defineRoute<{ decision: 'accept' | 'decline' }, Record<string, never>, { inviteId: string }>({
    method: 'POST',
    path: '/api/v1/inbox/invites/:inviteId',
    tag: 'inbox',
    summary: 'Accepts or declines an invite; accepting connects the two members on the service.',
    auth: ACT,
    request: {
      params: { type: 'object', required: ['inviteId'], properties: { inviteId: { type: 'string', maxLength: 60 } } },
      body: { ...decisionBody, properties: { decision: decisionBody.properties.decision } },
    },
    errors: ['invite_not_found', 'already_decided'],
    response: {
      type: 'object',
      required: ['success', 'invite', 'service_connected'],
      properties: { success: { const: true }, invite: inviteSchema, service_connected: { type: 'boolean' } },
    },
    handler: ({ params, body, actor, services, now }) => decideInvite(services, actor!, params.inviteId, body.decision, now),
  }),
  defineRoute<Record<string, never>, { role: 'connector' | 'requester'; status?: string; limit: number }>({
    method: 'GET',
    path: '/api/v1/introductions',
    tag: 'inbox',
    summary:
      'Introductions (referral requests): those you are asked to forward (role=connector, default) or those you asked for (role=requester).',
    auth: INTRODUCTIONS,
    request: {
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          role: { enum: ['connector', 'requester'], default: 'connector' },
          status: { enum: ['pending', 'accepted', 'declined', 'all'] },
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
        },
      },
    },
    response: {
      type: 'object',
      required: ['success', 'role', 'introductions'],
      properties: {
        success: { const: true },
        role: { enum: ['connector', 'requester'] },
        introductions: { type: 'array', items: introductionSchema },
      },
    },
    handler: ({ query, actor, services }) => listIntroductions(services, actor!, query),
  }),
  defineRoute<{ decision: 'accept' | 'decline'; note?: string }, Record<string, never>, { introductionId: string }>({
    method: 'POST',
    path: '/api/v1/introductions/:introductionId',
    tag: 'inbox',
    summary:
      'The connector forwards (accept) or declines an introduction; forwarding opens a conversation between the requester and the target.',
    auth: ACT,
    request: {
      params: { type: 'object', required: ['introductionId'], properties: { introductionId: { type: 'string', maxLength: 60 } } },
      body: decisionBody,
    },
    errors: ['introduction_not_found', 'already_decided'],
    response: {
      type: 'object',
      required: ['success', 'introduction'],
      properties: { success: { const: true }, introduction: introductionSchema },
    },
    handler: ({ params, body, actor, services, now }) =>
      decideIntroduction(services, actor!, params.introductionId, body.decision, body.note, now),
  }),
];
