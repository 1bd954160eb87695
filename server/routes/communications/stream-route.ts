import { PassThrough } from 'node:stream';
import { ownCommunication } from '../../commands/communications/create.js';
import { presentEvent } from '../../commands/communications/present.js';
import { TERMINAL } from '../../communications/channels.js';
import type { CommEvent } from '../../communications/record.js';
import { AppError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { AUTH, type IdParams, idParams } from './request-schemas.js';

/** Open streams per account, per app (at most `SSE_STREAMS_PER_ACCOUNT`, docs/communications.md, "Stream"). */
const openStreams = new WeakMap<object, Map<string, number>>();

/** One server-sent event frame: the sequence as id (so Last-Event-ID resumes), the type as event name. */
export function sseFrame(communicationId: string, e: CommEvent): string {
  return `id: ${e.sequence}\nevent: ${e.type}\ndata: ${JSON.stringify({ communication_id: communicationId, ...presentEvent(e) })}\n\n`;
}

const TERMINAL_EVENTS = new Set(['completed', 'failed', 'cancelled']);

/** A communication's event log as server-sent events, resumable by Last-Event-ID, a bounded number per account. */
export const streamRoute = defineRoute<Record<string, never>, Record<string, never>, IdParams>({
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
});
