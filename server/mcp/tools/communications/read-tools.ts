import { CHANNELS, STATUSES } from '../../../communications/channels.js';
import { invalidField } from '../../../errors.js';
import { recordSchema } from '../../../routes/communications/record-schema.js';
import { historyBody, identityProperties } from '../../../routes/communications/request-schemas.js';
import { eventsResponse, listResponse } from '../../../routes/communications/schemas.js';
import { inboxRoutes } from '../../../routes/inbox/routes.js';
import { defineTool } from '../../tool.js';
import { DELEGATE_ARGUMENT, findRoute, pickArgs, requireArg } from '../schema-tools.js';

type Args = Record<string, unknown> & { mode?: string; delegate_user_id?: string };
const pick = pickArgs;
const need = requireArg;
const responseOf = (method: string, path: string) => findRoute(inboxRoutes, method, path).response;

/** The conversation route's response, with `conversation_id` null when no conversation exists yet. */
function conversationOutput(): Record<string, unknown> {
  const base = responseOf('GET', '/api/v1/inbox/conversations/:conversationId') as { properties: Record<string, unknown> };
  return {
    ...base,
    properties: {
      ...base.properties,
      conversation_id: { type: ['string', 'null'], description: 'null: no conversation with that person yet.' },
    },
  };
}

/** `communication_read`: the sender's view: a communication (optionally waiting), its event log, or the list. */
export const communicationReadTool = defineTool<Args>({
  name: 'communication_read',
  title: 'Read communications',
  description: [
    'Read what you sent: mode=get returns one communication (status, events, artifacts with URLs, webhook deliveries, delivery receipt; wait_ms waits up to 30 s for wait_until=terminal or first_progress);',
    'mode=events pages its append-only event log (after_sequence, limit); mode=list lists the account’s communications newest first (status, channel, target_user_id filters). Free.',
  ].join(' '),
  auth: { anyOf: ['communications'] },
  kind: 'read',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      mode: {
        enum: ['get', 'events', 'list'],
        default: 'get',
        description: 'get (default): one communication; events: its event log; list: the communications.',
      },
      communication_id: { type: 'string', format: 'uuid', description: 'get, events: the communication.' },
      wait_ms: {
        type: 'integer',
        minimum: 0,
        maximum: 30000,
        description: 'get: wait up to this many milliseconds (0-30,000; default 0, no wait) for wait_until.',
      },
      wait_until: {
        enum: ['terminal', 'first_progress'],
        description: 'get, with wait_ms: what to wait for (a final status, or the first step).',
      },
      after_sequence: { type: 'integer', minimum: 0, description: 'events: only events after this sequence number (default 0, all).' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: 100,
        description: 'events: events a page, 1-100 (default 100); list: communications, 1-100 (default 20).',
      },
      offset: { type: 'integer', minimum: 0, maximum: 10000, description: 'list: communications to skip (0-10,000; default 0).' },
      status: { enum: [...STATUSES], description: 'list: only communications in this status.' },
      channel: { enum: [...CHANNELS], description: 'list: only communications sent on this channel.' },
      target_user_id: { type: 'string', format: 'uuid', description: 'list: only communications to this person (a person id).' },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: {
    type: 'object',
    required: ['success', 'mode'],
    properties: {
      success: { const: true },
      mode: { enum: ['get', 'events', 'list'] },
      communication: recordSchema,
      events: eventsResponse,
      list: listResponse,
    },
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    const mode = (args.mode as string) ?? 'get';
    if (mode === 'list')
      return {
        success: true,
        mode,
        list: (await ctx.route('GET /api/v1/communications', {
          query: pick(args, ['status', 'channel', 'target_user_id', 'limit', 'offset', 'delegate_user_id']),
        })) as Record<string, unknown>,
      };
    need(args, 'communication_id');
    const params = { communicationId: args.communication_id as string };
    if (mode === 'events')
      return {
        success: true,
        mode,
        events: (await ctx.route('GET /api/v1/communications/:communicationId/events', {
          params,
          query: pick(args, ['after_sequence', 'limit', 'delegate_user_id']),
        })) as Record<string, unknown>,
      };
    return {
      success: true,
      mode,
      communication: (await ctx.route('GET /api/v1/communications/:communicationId', {
        params,
        query: pick(args, ['wait_ms', 'wait_until', 'delegate_user_id']),
      })) as Record<string, unknown>,
    };
  },
});

/** `communication_action`: change a communication or answer one: cancel a send, accept or decline an invite. */
export const communicationActionTool = defineTool<Args>({
  name: 'communication_action',
  title: 'Act on a communication',
  description: [
    'mode=cancel stops a queued or in-progress send (reason goes to its event log; a finished one is communication_already_terminal).',
    'mode=accept_invite or decline_invite answers a connection invite you received (invite_id from inbox_read mode=invites); accepting connects you on the service. Free.',
  ].join(' '),
  auth: { anyOf: ['communications'] },
  kind: 'action',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['mode'],
    properties: {
      mode: { enum: ['cancel', 'accept_invite', 'decline_invite'], description: 'cancel a queued communication, or answer an invite.' },
      communication_id: { type: 'string', format: 'uuid', description: 'cancel: the communication.' },
      reason: { type: 'string', maxLength: 500, description: 'cancel: why (up to 500 characters; kept in the event log).' },
      invite_id: { type: 'string', maxLength: 60, description: 'accept_invite, decline_invite: the invite.' },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: {
    type: 'object',
    required: ['success', 'mode'],
    properties: {
      success: { const: true },
      mode: { enum: ['cancel', 'accept_invite', 'decline_invite'], description: 'cancel a queued communication, or answer an invite.' },
      communication: recordSchema,
      invite: (responseOf('POST', '/api/v1/inbox/invites/:inviteId') as { properties: Record<string, unknown> }).properties
        .invite as Record<string, unknown>,
      service_connected: { type: 'boolean' },
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    if (args.mode === 'cancel') {
      need(args, 'communication_id');
      const communication = await ctx.route('POST /api/v1/communications/:communicationId/cancel', {
        params: { communicationId: args.communication_id as string },
        body: pick(args, ['reason', 'delegate_user_id']),
      });
      return { success: true, mode: args.mode, communication: communication as Record<string, unknown> };
    }
    need(args, 'invite_id');
    const res = (await ctx.route('POST /api/v1/inbox/invites/:inviteId', {
      params: { inviteId: args.invite_id as string },
      body: { decision: args.mode === 'accept_invite' ? 'accept' : 'decline', ...pick(args, ['delegate_user_id']) },
    })) as Record<string, unknown>;
    return {
      success: true,
      mode: args.mode as string,
      invite: res.invite as Record<string, unknown>,
      service_connected: res.service_connected as boolean,
    };
  },
});

/** `inbox_read`: the recipient's in-service inbox and pending invites. */
export const inboxReadTool = defineTool<Args>({
  name: 'inbox_read',
  title: 'Read the inbox',
  description: [
    'Your in-service inbox: mode=conversations (default) lists conversations newest first with unread counts and the last message, and how many invites and introductions await you;',
    'mode=invites lists connection invites you received (status pending by default). Read a conversation with conversation_read; answer invites with communication_action. Free.',
  ].join(' '),
  auth: { anyOf: ['messages-read'] },
  kind: 'read',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      mode: {
        enum: ['conversations', 'invites'],
        default: 'conversations',
        description: 'conversations (default): the inbox, newest first; invites: connection invites received.',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: 100,
        description: 'conversations: conversations a page, 1-100 (default 20); invites: invites, 1-100 (default 50).',
      },
      offset: { type: 'integer', minimum: 0, maximum: 10000, description: 'conversations: conversations to skip (0-10,000; default 0).' },
      unread_only: { type: 'boolean', description: 'conversations: only conversations with unread messages (default false).' },
      status: { enum: ['pending', 'accepted', 'declined', 'all'], description: 'invites: invites in this status (default pending).' },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: {
    type: 'object',
    required: ['success', 'mode'],
    properties: {
      success: { const: true },
      mode: { enum: ['conversations', 'invites'] },
      inbox: responseOf('GET', '/api/v1/inbox'),
      invites: (responseOf('GET', '/api/v1/inbox/invites') as { properties: Record<string, unknown> }).properties.invites as Record<
        string,
        unknown
      >,
    },
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    if (args.mode === 'invites') {
      const res = (await ctx.route('GET /api/v1/inbox/invites', { query: pick(args, ['status', 'limit', 'delegate_user_id']) })) as Record<
        string,
        unknown
      >;
      return { success: true, mode: 'invites', invites: res.invites as unknown as Record<string, unknown> };
    }
    const inbox = await ctx.route('GET /api/v1/inbox', { query: pick(args, ['limit', 'offset', 'unread_only', 'delegate_user_id']) });
    return { success: true, mode: 'conversations', inbox: inbox as Record<string, unknown> };
  },
});

/** `conversation_read`: one in-service conversation; reading marks it read. */
export const conversationReadTool = defineTool<Args>({
  name: 'conversation_read',
  title: 'Read a conversation',
  description:
    'Read one in-service conversation, oldest message first: by conversation_id (from inbox_read) or with_user_id (the other member). Reading marks it read. Reply with send_communication channel=service_direct_message. Free.',
  auth: { anyOf: ['messages-read'] },
  kind: 'read',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      conversation_id: { type: 'string', maxLength: 60, description: 'The conversation (cv_…, from inbox_read); or give with_user_id.' },
      with_user_id: { type: 'string', format: 'uuid', description: 'The other member (a person id), instead of conversation_id.' },
      limit: { type: 'integer', minimum: 1, maximum: 200, description: 'Messages, 1-200 (default 50).' },
      before: {
        type: 'string',
        format: 'date-time',
        maxLength: 40,
        description: 'Only messages sent before this time (ISO 8601), to page back through a long conversation.',
      },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: conversationOutput(),
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    let id = args.conversation_id as string | undefined;
    if (!id) {
      if (!args.with_user_id) throw invalidField('body', '', 'name the conversation: conversation_id, or with_user_id');
      const { actAsDelegate } = await import('../../../auth/authenticate.js');
      const actor = actAsDelegate(ctx.services, ctx.actor, args.delegate_user_id);
      const found = ctx.services.communications.inbox.findConversation(actor.actingUserId, args.with_user_id as string);
      // No conversation yet: an empty one, not an error (the first message starts it).
      if (!found)
        return {
          success: true,
          conversation_id: null,
          with_user_id: args.with_user_id as string,
          with_name: null,
          unread_before_reading: 0,
          has_more: false,
          messages: [],
        };
      id = found.conversationId;
    }
    return (await ctx.route('GET /api/v1/inbox/conversations/:conversationId', {
      params: { conversationId: id },
      query: pick(args, ['limit', 'before', 'delegate_user_id']),
    })) as Record<string, unknown>;
  },
});

/** `introduction_read`: referral requests you are asked to forward (or made), and the connector's decision. */
export const introductionReadTool = defineTool<Args>({
  name: 'introduction_read',
  title: 'Introductions',
  description: [
    'Referral requests (service_referral_request): mode=list shows those you are asked to forward (role=connector, default) or those you asked for (role=requester);',
    'mode=accept forwards one (introduction_id; an optional note goes with it) and opens a conversation between the requester and the person; mode=decline turns it down. Free.',
  ].join(' '),
  auth: { anyOf: ['introductions-read'] },
  kind: 'action',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      mode: { enum: ['list', 'accept', 'decline'], default: 'list', description: 'list (default), or accept or decline one introduction.' },
      role: {
        enum: ['connector', 'requester'],
        description: 'list: connector (default), the requests you are asked to forward; requester, the ones you made.',
      },
      status: { enum: ['pending', 'accepted', 'declined', 'all'], description: 'list: only introductions in this status.' },
      limit: { type: 'integer', minimum: 1, maximum: 100, description: 'list: introductions, 1-100 (default 50).' },
      introduction_id: { type: 'string', maxLength: 60, description: 'accept, decline (required): the introduction (intro_…, from list).' },
      note: { type: 'string', maxLength: 1000, description: 'accept: a note forwarded with it (up to 1,000 characters).' },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: {
    type: 'object',
    required: ['success', 'mode'],
    properties: {
      success: { const: true },
      mode: { enum: ['list', 'accept', 'decline'] },
      role: { enum: ['connector', 'requester'] },
      introductions: (responseOf('GET', '/api/v1/introductions') as { properties: Record<string, unknown> }).properties
        .introductions as Record<string, unknown>,
      introduction: (responseOf('POST', '/api/v1/introductions/:introductionId') as { properties: Record<string, unknown> }).properties
        .introduction as Record<string, unknown>,
    },
  },
  annotations: { readOnlyHint: false, openWorldHint: false },
  run: async (args, ctx) => {
    const mode = (args.mode as string) ?? 'list';
    if (mode === 'list') {
      const res = (await ctx.route('GET /api/v1/introductions', {
        query: pick(args, ['role', 'status', 'limit', 'delegate_user_id']),
      })) as Record<string, unknown>;
      return { success: true, mode, role: res.role as string, introductions: res.introductions as unknown as Record<string, unknown> };
    }
    need(args, 'introduction_id');
    const res = (await ctx.route('POST /api/v1/introductions/:introductionId', {
      params: { introductionId: args.introduction_id as string },
      body: { decision: mode === 'accept' ? 'accept' : 'decline', ...pick(args, ['note', 'delegate_user_id']) },
    })) as Record<string, unknown>;
    return { success: true, mode, introduction: res.introduction as Record<string, unknown> };
  },
});

/** `professional_conversation_status`: the research status of the professional-network conversation with a person. */
export const professionalConversationStatusTool = defineTool<Args>({
  name: 'professional_conversation_status',
  title: 'Professional-network conversation status',
  description: [
    'Research status of your professional-network conversation with a person: whether its history is tracked and fresh, the refresh runs, and the messages exchanged there (newest first).',
    'refresh=true syncs it first. Identify the person as in send_communication. An unresolved person is reported (tracking_status target_unresolved), not an error. Free.',
  ].join(' '),
  auth: { anyOf: ['communications'] },
  kind: 'read',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...identityProperties,
      refresh: { type: 'boolean', description: 'Sync the conversation history first.' },
      limit: historyBody.properties.limit,
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: {
    type: 'object',
    required: ['success', 'resolved_target', 'has_prior_send', 'professional_history', 'entries'],
    properties: {
      success: { const: true },
      resolved_target: { type: 'object', additionalProperties: true },
      has_prior_send: { type: ['boolean', 'null'] },
      professional_history: { type: 'object', additionalProperties: true, description: 'As professional_history of the history response.' },
      entries: { type: 'array', items: { type: 'object', additionalProperties: true } },
    },
  },
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  run: async (args, ctx) => {
    const h = (await ctx.route('POST /api/v1/communications/history', {
      body: {
        ...pick(args, [...Object.keys(identityProperties), 'limit', 'delegate_user_id']),
        history_channel: 'professional',
        history_fresh: args.refresh === true,
      },
    })) as Record<string, unknown>;
    return {
      success: true,
      resolved_target: h.resolved_target as Record<string, unknown>,
      has_prior_send: h.has_prior_send as boolean | null,
      professional_history: h.professional_history as Record<string, unknown>,
      entries: h.entries as unknown as Record<string, unknown>,
    };
  },
});
