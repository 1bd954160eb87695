import type { Context } from 'koa';
import { actingFields } from '../../auth/actor.js';
import { checkChannel, serviceStanding } from '../../commands/communications/capabilities.js';
import {
  type CreateInput,
  cancelCommunication,
  createCommunication,
  hasIdentity,
  invalidChannel,
  ownCommunication,
  presentAfterWait,
  targetIdentityRequired,
} from '../../commands/communications/create.js';
import { communicationHistory, type HistoryInput } from '../../commands/communications/history.js';
import { presentEvent, presentSummary } from '../../commands/communications/present.js';
import { type IdentityInput, presentTarget, resolveTarget } from '../../commands/communications/resolve-target.js';
import { CHANNELS, type Channel, isChannel } from '../../communications/channels.js';
import type { WaitUntil } from '../../communications/service.js';
import { SEARCH_ENGINE_ERRORS } from '../../http/error-schema.js';
import { defineRoute } from '../../http/route.js';
import { artifactRoute } from './artifact-route.js';
import { recordSchema } from './record-schema.js';
import { relayCallbackRoute } from './relay-callback-route.js';
import {
  AUTH,
  cancelBody,
  capabilitiesBody,
  createBody,
  eventsQuery,
  fetchQuery,
  historyBody,
  type IdParams,
  idParams,
  listQuery,
} from './request-schemas.js';
import { capabilitiesResponse, eventsResponse, historyResponse, listResponse } from './schemas.js';
import { streamRoute } from './stream-route.js';

/** An AbortSignal that fires when the client goes away (waits end early; nothing else is undone). */
function clientGone(ctx: Context | undefined): AbortSignal | undefined {
  if (!ctx) return undefined;
  const controller = new AbortController();
  ctx.req.once('close', () => controller.abort());
  return controller.signal;
}

/**
 * The communications routes of the contract, plus the relay callback (docs/communications.md): the
 * resource's own routes here, its event stream, artifacts and relay callback each in their module.
 */
export const communicationRoutes = [
  defineRoute<IdentityInput & { channels?: string[] }>({
    method: 'POST',
    path: '/api/v1/communications/capabilities',
    tag: 'communications',
    summary:
      'Which channels can reach a person: per channel can_send, the reason when not, the provider, email options with their quality, candidate connectors; and the person’s standing on the service.',
    auth: AUTH,
    request: { body: capabilitiesBody },
    errors: ['invalid_channel', 'target_identity_required', ...SEARCH_ENGINE_ERRORS],
    response: capabilitiesResponse,
    handler: async ({ body, actor, services, now }) => {
      const channels = body.channels?.length ? body.channels : [...CHANNELS];
      const bad = channels.find((c) => !isChannel(c));
      if (bad !== undefined) throw invalidChannel(bad);
      // As create answers: no identity input at all names no one to check channels for.
      if (!hasIdentity(body as Record<string, unknown>)) throw targetIdentityRequired();
      const target = await resolveTarget(services, body);
      const verdicts = [];
      for (const channel of channels as Channel[])
        verdicts.push(await checkChannel(services, actor!, target, channel, { recipientEmail: body.recipient_email, now }));
      return {
        success: true,
        ...actingFields(actor!),
        resolved_target: presentTarget(target),
        channels: verdicts,
        service: serviceStanding(services, actor!, target),
      };
    },
  }),
  defineRoute<CreateInput>({
    method: 'POST',
    path: '/api/v1/communications',
    tag: 'communications',
    summary:
      'Creates a communication: a draft (mode=draft), a dry run (the default) or a live send (dry_run=false), queued for the dispatcher. Optionally waits (wait_ms).',
    auth: AUTH,
    request: { body: createBody },
    errors: [
      'invalid_channel',
      'email_subject_required',
      'context_too_large',
      'target_identity_required',
      'connector_user_id_required',
      'connector_not_connected',
      'target_not_found',
      'channel_unavailable',
      'idempotency_key_reused',
      ...SEARCH_ENGINE_ERRORS,
    ],
    response: recordSchema,
    handler: ({ body, actor, services, now }, ctx) => createCommunication(services, actor!, body, now, clientGone(ctx)),
  }),
  defineRoute<Record<string, never>, { status?: string; channel?: string; target_user_id?: string; limit: number; offset: number }>({
    method: 'GET',
    path: '/api/v1/communications',
    tag: 'communications',
    summary:
      'The account’s communications, newest first (status, channel, target_user_id filters; limit, offset): a short line each; fetch one for its record.',
    auth: AUTH,
    request: { query: listQuery },
    response: listResponse,
    handler: ({ query, actor, services }) => {
      const { total, items } = services.communications.store.listForOwner(
        actor!.ownerUserId,
        { status: query.status ?? null, channel: query.channel ?? null, targetUserId: query.target_user_id ?? null },
        query.limit,
        query.offset,
      );
      return {
        success: true,
        total,
        limit: query.limit,
        offset: query.offset,
        has_more: query.offset + items.length < total,
        communications: items.map((c) => presentSummary(c)),
      };
    },
  }),
  defineRoute<Record<string, never>, { wait_ms?: number; wait_until?: WaitUntil }, IdParams>({
    method: 'GET',
    path: '/api/v1/communications/:communicationId',
    tag: 'communications',
    summary:
      'A communication: status, recent events, task, artifacts, webhook deliveries and the delivery receipt. Optionally waits (wait_ms, wait_until).',
    auth: AUTH,
    request: { params: idParams, query: fetchQuery },
    errors: ['communication_not_found'],
    response: recordSchema,
    handler: ({ params, query, actor, services }, ctx) =>
      presentAfterWait(
        services,
        ownCommunication(services, actor!, params.communicationId),
        query.wait_ms,
        query.wait_until,
        clientGone(ctx),
      ),
  }),
  defineRoute<HistoryInput>({
    method: 'POST',
    path: '/api/v1/communications/history',
    tag: 'communications',
    summary: 'Prior correspondence with a person across channels: sends, replies and synced professional-network history.',
    auth: AUTH,
    request: { body: historyBody },
    errors: ['target_identity_required', ...SEARCH_ENGINE_ERRORS],
    response: historyResponse,
    handler: ({ body, actor, services, now }) => communicationHistory(services, actor!, body, now),
  }),
  defineRoute<{ reason?: string }, Record<string, never>, IdParams>({
    method: 'POST',
    path: '/api/v1/communications/:communicationId/cancel',
    tag: 'communications',
    summary: 'Cancels a queued or in-progress communication (or a draft); the reason goes to the event log. A terminal one is 409.',
    auth: AUTH,
    request: { params: idParams, body: cancelBody },
    errors: ['communication_not_found', 'communication_already_terminal', 'communication_not_cancellable'],
    response: recordSchema,
    handler: ({ params, body, actor, services, now }) => cancelCommunication(services, actor!, params.communicationId, body.reason, now),
  }),
  defineRoute<Record<string, never>, { after_sequence: number; limit: number }, IdParams>({
    method: 'GET',
    path: '/api/v1/communications/:communicationId/events',
    tag: 'communications',
    summary: 'The append-only event log, in sequence order (after_sequence, limit).',
    auth: AUTH,
    request: { params: idParams, query: eventsQuery },
    errors: ['communication_not_found'],
    response: eventsResponse,
    handler: ({ params, query, actor, services }) => {
      const c = ownCommunication(services, actor!, params.communicationId);
      const events = services.communications.store.events(c.id, query.after_sequence, query.limit);
      const last = events.at(-1)?.sequence ?? query.after_sequence;
      return {
        communication_id: c.id,
        events: events.map(presentEvent),
        latest_event_sequence: c.lastSequence,
        has_more: last < c.lastSequence,
      };
    },
  }),
  streamRoute,
  artifactRoute,
  relayCallbackRoute,
];
