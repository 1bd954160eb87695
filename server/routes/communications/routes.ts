import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { actingFields } from '../../auth/actor.js';
import type { ScopeRequirement } from '../../auth/scopes.js';
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
import { CHANNELS, type Channel, isChannel, TERMINAL } from '../../communications/channels.js';
import { artifactDir } from '../../communications/dispatcher.js';
import { RELAY_MAX_ANSWER_BYTES, relayOutcome } from '../../communications/providers/network.js';
import { ProviderError } from '../../communications/providers/port.js';
import type { CommEvent } from '../../communications/record.js';
import type { WaitUntil } from '../../communications/service.js';
import { callbackToken, sameToken } from '../../communications/signing.js';
import { AppError, invalidField } from '../../errors.js';
import { SEARCH_ENGINE_ERRORS } from '../../http/error-schema.js';
import { defineRoute } from '../../http/route.js';
import { recordSchema } from './record-schema.js';
import { cancelBody, capabilitiesBody, createBody, eventsQuery, fetchQuery, historyBody, idParams, listQuery } from './request-schemas.js';
import { capabilitiesResponse, eventsResponse, historyResponse, listResponse } from './schemas.js';

/** Open streams per account, per app (at most `SSE_STREAMS_PER_ACCOUNT`, docs/communications.md, "Stream"). */
const openStreams = new WeakMap<object, Map<string, number>>();

const AUTH: ScopeRequirement = { anyOf: ['communications'] };
type IdParams = { communicationId: string };

/** An AbortSignal that fires when the client goes away (waits end early; nothing else is undone). */
function clientGone(ctx: Context | undefined): AbortSignal | undefined {
  if (!ctx) return undefined;
  const controller = new AbortController();
  ctx.req.once('close', () => controller.abort());
  return controller.signal;
}

/** One server-sent event frame: the sequence as id (so Last-Event-ID resumes), the type as event name. */
export function sseFrame(communicationId: string, e: CommEvent): string {
  return `id: ${e.sequence}\nevent: ${e.type}\ndata: ${JSON.stringify({ communication_id: communicationId, ...presentEvent(e) })}\n\n`;
}

const TERMINAL_EVENTS = new Set(['completed', 'failed', 'cancelled']);
/** A relay callback applies only to a job still waiting for it (not a finished or re-dispatched one). */
const AWAITING = { from: ['in_progress'] as const, leaseOwner: 'relay-callback' };
const SAFE_FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

/** The communications routes of the contract, plus the relay callback (docs/communications.md). */
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
  defineRoute<Record<string, never>, Record<string, never>, IdParams>({
    method: 'GET',
    path: '/api/v1/communications/:communicationId/stream',
    tag: 'communications',
    summary:
      'Server-sent events: every event of the log (id = sequence, event = type, data = the event as JSON), heartbeat comments, closed after the terminal event. Last-Event-ID resumes; 204 when nothing is left to send.',
    auth: AUTH,
    request: { params: idParams },
    errors: ['communication_not_found', 'too_many_streams', 'invalid_last_event_id'],
    response: { type: 'string', description: 'text/event-stream (docs/communications.md, "Stream").' },
    responseContentType: 'text/event-stream',
    handler: ({ params, actor, services }, ctx) => {
      const c = ownCommunication(services, actor!, params.communicationId);
      const store = services.communications.store;
      const header = ctx.get('Last-Event-ID').trim();
      // Only an id this stream sent resumes; anything else would silently replay from the start.
      if (header !== '' && !/^\d{1,12}$/.test(header))
        throw new AppError(
          400,
          'invalid_last_event_id',
          `Last-Event-ID must be the id of an event this stream sent (a whole number, 0 or more); got ${JSON.stringify(header.slice(0, 40))}. Send it as received, or leave it out to read from the first event.`,
        );
      let last = header === '' ? 0 : Number(header);
      const ended = TERMINAL.has(c.status) || c.status === 'draft';
      if (ended && last >= c.lastSequence) {
        // Nothing more will come: 204 tells an EventSource to stop reconnecting.
        ctx.status = 204;
        return undefined;
      }
      ctx.status = 200;
      ctx.set('Content-Type', 'text/event-stream');
      ctx.set('Cache-Control', 'no-cache, no-transform');
      ctx.set('X-Accel-Buffering', 'no');
      if (ctx.method === 'HEAD') {
        ctx.body = '';
        return undefined;
      }
      // Streams hold a connection each for as long as the client keeps them: a bounded number per account.
      const counts = openStreams.get(services) ?? new Map<string, number>();
      openStreams.set(services, counts);
      const owner = actor!.ownerUserId;
      const limit = services.config.communications.sseStreamsPerAccount;
      if ((counts.get(owner) ?? 0) >= limit)
        throw new AppError(
          429,
          'too_many_streams',
          `This account has ${limit} event streams open: close one, or read events with GET /api/v1/communications/:id/events, before opening another.`,
          { limit },
        );
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      const out = new PassThrough();
      ctx.body = out;
      let open = true;
      const notifier = services.communications.notifier;
      const close = () => {
        if (!open) return;
        open = false;
        const left = (counts.get(owner) ?? 1) - 1;
        if (left > 0) counts.set(owner, left);
        else counts.delete(owner);
        clearInterval(heartbeat);
        notifier.off(c.id, flush);
        notifier.off('closing', close);
        out.end();
      };
      function flush(): void {
        while (open) {
          const batch = store.events(c.id, last, 100);
          for (const e of batch) {
            out.write(sseFrame(c.id, e));
            last = e.sequence;
            if (TERMINAL_EVENTS.has(e.type) && e.sequence >= store.get(c.id)!.lastSequence) {
              close();
              return;
            }
          }
          if (batch.length < 100) break;
        }
        const now = store.get(c.id)!;
        if (now.status === 'draft' || (TERMINAL.has(now.status) && last >= now.lastSequence)) close();
      }
      out.write(`retry: 3000\n: stream of communication ${c.id}\n\n`);
      const heartbeat = setInterval(
        () => open && out.write(`: heartbeat ${new Date().toISOString()}\n\n`),
        services.config.communications.sseHeartbeatMs,
      );
      heartbeat.unref();
      notifier.on(c.id, flush);
      notifier.once('closing', close);
      ctx.req.once('close', close);
      flush();
      return undefined;
    },
  }),
  defineRoute<Record<string, never>, Record<string, never>, IdParams & { filename: string }>({
    method: 'GET',
    path: '/api/v1/communications/:communicationId/artifacts/:filename',
    tag: 'communications',
    summary: 'One artifact of the communication (a rendered mail, a screenshot), with its content type.',
    auth: AUTH,
    request: {
      params: {
        type: 'object',
        required: ['communicationId', 'filename'],
        properties: {
          communicationId: { type: 'string', format: 'uuid' },
          filename: { type: 'string', maxLength: 80, description: 'As listed in the record’s artifacts.' },
        },
      },
    },
    errors: ['communication_not_found', 'artifact_not_found'],
    response: { type: 'string', format: 'binary', description: 'The artifact bytes.' },
    responseContentType: '*/*',
    handler: ({ params, actor, services }, ctx) => {
      const c = ownCommunication(services, actor!, params.communicationId);
      const missing = () =>
        new AppError(
          404,
          'artifact_not_found',
          `Communication ${c.id} has no artifact ${JSON.stringify(params.filename)}; its record lists the artifacts.`,
        );
      if (!SAFE_FILENAME.test(params.filename)) throw missing();
      const artifact = services.communications.store.artifact(c.id, params.filename);
      if (!artifact) throw missing();
      const dir = artifactDir(services.config.dataDir, c.id);
      const file = path.join(dir, artifact.filename);
      if (path.dirname(file) !== dir || !fs.existsSync(file)) throw missing();
      ctx.status = 200;
      ctx.type = artifact.contentType;
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.set(
        'Content-Disposition',
        `${artifact.contentType.startsWith('image/') ? 'inline' : 'attachment'}; filename="${artifact.filename}"`,
      );
      ctx.body = fs.readFileSync(file);
      return undefined;
    },
  }),
  defineRoute<Record<string, unknown>, { token: string }, IdParams>({
    method: 'POST',
    path: '/api/v1/communications/:communicationId/relay-callback',
    tag: 'communications',
    summary:
      'Where an HTTP relay that answered 202 reports the outcome of a job: the callback_url of the job, whose token only that relay knows. Not for API clients.',
    auth: 'none',
    // A callback carries what a relay's direct answer may (10 artifacts, up to 16 MiB), not the
    // general 1 MiB: a 900 KB screenshot had been 413 and left the send waiting until its timeout.
    // Only a caller holding the job's token is read past the general limit.
    bodyLimitBytes: ({ params, query, services }) => {
      const secret = services.config.communications.relaySecret;
      const token = typeof query.token === 'string' ? query.token : '';
      const known = !!secret && sameToken(callbackToken(secret, params.communicationId ?? ''), token);
      return known ? Math.max(RELAY_MAX_ANSWER_BYTES, services.config.bodyLimitBytes) : services.config.bodyLimitBytes;
    },
    request: {
      params: idParams,
      query: {
        type: 'object',
        required: ['token'],
        properties: { token: { type: 'string', maxLength: 128, description: 'As in the job’s callback_url.' } },
      },
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          status: { enum: ['delivered', 'sent', 'failed'] },
          provider_message_id: { type: 'string', maxLength: 200 },
          error: {
            type: 'object',
            additionalProperties: false,
            properties: {
              code: { type: 'string', maxLength: 60 },
              message: { type: 'string', maxLength: 500 },
              transient: { type: 'boolean' },
            },
          },
          artifacts: {
            type: 'array',
            maxItems: 10,
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                filename: { type: 'string', maxLength: 80 },
                content_type: { type: 'string', maxLength: 100 },
                base64: { type: 'string', maxLength: 14_000_000 },
              },
            },
          },
          detail: { type: 'object', maxProperties: 20, additionalProperties: true },
          reply: {
            type: 'object',
            additionalProperties: false,
            required: ['reply_id'],
            description: 'The recipient answered on the network: recorded once per reply_id as the communication’s reply.',
            properties: {
              reply_id: { type: 'string', minLength: 1, maxLength: 200 },
              from: { type: 'string', maxLength: 320 },
              text: { type: 'string', maxLength: 5000 },
            },
          },
        },
      },
    },
    errors: ['invalid_signature', 'communication_not_found'],
    response: {
      type: 'object',
      required: ['success', 'communication_id', 'status'],
      properties: { success: { const: true }, communication_id: { type: 'string' }, status: { type: 'string' } },
    },
    handler: async ({ params, query, body, services }) => {
      const secret = services.config.communications.relaySecret;
      if (!secret || !sameToken(callbackToken(secret, params.communicationId), query.token))
        throw new AppError(403, 'invalid_signature', 'Call back on the callback_url of the job, unchanged: its token does not match.');
      const c = services.communications.store.get(params.communicationId);
      if (!c)
        throw new AppError(404, 'communication_not_found', `No communication ${params.communicationId}.`, {
          communication_id: params.communicationId,
        });
      const network = c.channel.replace(/_send_message$/, '') as 'professional' | 'microblog' | 'photo';
      const now = services.clock();
      const reply = body.reply as { reply_id: string; from?: string; text?: string } | undefined;
      if (reply) {
        services.communications.replies.record({
          communicationId: c.id,
          key: `relay:${reply.reply_id}`,
          via: 'relay',
          from: reply.from ?? null,
          subject: null,
          excerpt: reply.text ? reply.text.trim().slice(0, 500) : null,
          receivedAt: now,
        });
        // A reply-only callback reports no outcome: the communication's status is left as it is.
        if (body.status === undefined) return { success: true, communication_id: c.id, status: c.status };
      }
      // A callback that reports nothing used to read as delivered.
      if (body.status === undefined)
        throw invalidField('body', '/status', 'is required: report "delivered", "sent" or "failed" (or only a reply, with reply)');
      try {
        const outcome = relayOutcome(network, body as Record<string, never>, 200);
        await services.communications.dispatcher.complete(c, outcome, now, AWAITING);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        // A transient failure is retried with backoff like any other attempt.
        services.communications.dispatcher.fail(c, c.attempts, err, now, AWAITING);
      }
      return { success: true, communication_id: c.id, status: services.communications.store.get(c.id)!.status };
    },
  }),
];
