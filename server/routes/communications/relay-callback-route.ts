import { RELAY_MAX_ANSWER_BYTES, relayOutcome } from '../../communications/providers/network.js';
import { ProviderError } from '../../communications/providers/port.js';
import { callbackToken, sameToken } from '../../communications/signing.js';
import { AppError, invalidField } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { type IdParams, idParams } from './request-schemas.js';

/** A relay callback applies only to a job still waiting for it (not a finished or re-dispatched one). */
const AWAITING = { from: ['in_progress'] as const, leaseOwner: 'relay-callback' };

const relayCallbackQuery = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 128, description: 'As in the job’s callback_url.' } },
} as const;

const relayCallbackBody = {
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
} as const;

const relayCallbackResponse = {
  type: 'object',
  required: ['success', 'communication_id', 'status'],
  properties: { success: { const: true }, communication_id: { type: 'string' }, status: { type: 'string' } },
} as const;

/** Where an HTTP relay that answered 202 reports a job's outcome (or a reply), authorised by the job's callback token. */
export const relayCallbackRoute = defineRoute<Record<string, unknown>, { token: string }, IdParams>({
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
    query: relayCallbackQuery,
    body: relayCallbackBody,
  },
  errors: ['invalid_signature', 'communication_not_found'],
  response: relayCallbackResponse,
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
});
