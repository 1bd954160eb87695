import { request } from 'undici';
import type { Network } from '../channels.js';
import { signPayload } from '../signing.js';
import {
  type ArtifactFile,
  type ChannelProvider,
  type DispatchJob,
  type DispatchOutcome,
  ProviderError,
  type ProviderInfo,
  sleep,
} from './port.js';

const NETWORK_NAMES: Record<Network, string> = { professional: 'professional network', microblog: 'microblog', photo: 'photo network' };

/** The recipient's handle on a network, as create resolved it. */
export function handleOf(job: DispatchJob): string {
  const handle = job.communication.target.handle;
  if (typeof handle !== 'string' || !handle)
    throw new ProviderError('recipient_handle_missing', 'The recipient has no handle on this network.', false);
  return handle;
}

/** What the message context may ask of a sandbox provider (docs/communications.md, "Sandbox providers"). */
export const SANDBOX_OUTCOMES = ['deliver', 'fail', 'transient_failure', 'flaky', 'rate_limited'] as const;

const escapeXml = (s: string): string => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A screenshot-like SVG of the sent message as the network would show it. */
function screenshot(network: Network, handle: string, senderName: string, body: string, at: Date): ArtifactFile {
  const words = body.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if ((line ? `${line} ${w}` : w).length > 60) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
    if (lines.length >= 12) break;
  }
  if (line && lines.length < 12) lines.push(line);
  const height = 120 + lines.length * 22;
  const text = lines.map((l, i) => `<text x="32" y="${104 + i * 22}" font-size="15">${escapeXml(l)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="${height}" viewBox="0 0 560 ${height}" font-family="sans-serif">
<rect width="560" height="${height}" fill="#f3f4f6"/><rect x="12" y="12" width="536" height="${height - 24}" rx="12" fill="#ffffff" stroke="#d1d5db"/>
<text x="32" y="44" font-size="13" fill="#6b7280">${escapeXml(NETWORK_NAMES[network])} (sandbox) · to @${escapeXml(handle)} · ${at.toISOString()}</text>
<text x="32" y="72" font-size="16" font-weight="bold">${escapeXml(senderName)}</text>${text}
<text x="32" y="${height - 24}" font-size="12" fill="#059669">Delivered (simulated)</text></svg>\n`;
  return { filename: 'screenshot.svg', contentType: 'image/svg+xml', kind: 'screenshot', data: Buffer.from(svg) };
}

/**
 * The default provider of a network this machine cannot reach: it simulates a dispatch that
 * takes SANDBOX_DISPATCH_MS (so a queued send can be watched and cancelled), records what the
 * network received (once per communication), and returns a screenshot-like artifact. The message
 * context can ask for failures: `context.sandbox_outcome` is one of SANDBOX_OUTCOMES.
 */
export class SandboxNetworkProvider implements ChannelProvider {
  constructor(
    private readonly network: Network,
    private readonly dispatchMs: number,
    private readonly record: (delivery: {
      network: Network;
      communicationId: string;
      senderUserId: string;
      handle: string;
      body: string;
    }) => void,
  ) {}

  info(): ProviderInfo {
    return {
      provider: 'sandbox',
      cancellableInFlight: true,
      description: `Simulated ${NETWORK_NAMES[this.network]}: nothing leaves the machine (set ${this.network.toUpperCase()}_RELAY_URL to deliver through a relay).`,
    };
  }

  async send(job: DispatchJob): Promise<DispatchOutcome> {
    const handle = handleOf(job);
    const outcome = String(job.communication.context?.sandbox_outcome ?? 'deliver');
    await sleep(this.dispatchMs, job.signal);
    if (outcome === 'fail')
      throw new ProviderError(
        'recipient_unreachable',
        `The ${NETWORK_NAMES[this.network]} (sandbox) refused the message to @${handle}.`,
        false,
      );
    if (outcome === 'transient_failure' || ((outcome === 'flaky' || outcome === 'rate_limited') && job.attempt === 1))
      throw new ProviderError(
        outcome === 'rate_limited' ? 'provider_rate_limited' : 'provider_unavailable',
        `The ${NETWORK_NAMES[this.network]} (sandbox) ${outcome === 'rate_limited' ? 'rate-limited' : 'did not answer'} this attempt.`,
        true,
      );
    const c = job.communication;
    this.record({ network: this.network, communicationId: c.id, senderUserId: c.actingUserId, handle, body: c.body ?? '' });
    return {
      provider: 'sandbox',
      providerMessageId: `sandbox-${this.network}-${c.id}`,
      outcome: 'delivered',
      detail: { network: this.network, recipient_handle: handle, simulated: true },
      artifacts: [screenshot(this.network, handle, job.sender.name ?? 'Proxima member', c.body ?? '', new Date())],
    };
  }
}

/** The JSON job a relay receives (docs/communications.md, "HTTP relay"). */
export function relayJob(network: Network, job: DispatchJob, callbackUrl: string): Record<string, unknown> {
  const c = job.communication;
  return {
    job_id: c.id,
    network,
    channel: c.channel,
    attempt: job.attempt,
    sender: { user_id: job.sender.userId, name: job.sender.name },
    recipient: {
      user_id: c.targetUserId,
      handle: c.target.handle ?? null,
      profile_url: c.target.profile_url ?? null,
      name: c.target.name ?? null,
    },
    message: c.body ?? '',
    context: c.context ?? {},
    callback_url: callbackUrl,
  };
}

/** A relay's answer: its status and, on failure, whether to retry. */
interface RelayAnswer {
  status?: string;
  provider_message_id?: string;
  error?: { code?: string; message?: string; transient?: boolean };
  artifacts?: { filename?: string; content_type?: string; base64?: string }[];
  detail?: Record<string, unknown>;
}

const SAFE_FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

/** Turns a relay's artifacts into files, dropping any with an unsafe name or type. */
export function relayArtifacts(list: RelayAnswer['artifacts']): ArtifactFile[] {
  const out: ArtifactFile[] = [];
  for (const a of (Array.isArray(list) ? list : []).slice(0, 10)) {
    if (
      !a ||
      typeof a !== 'object' ||
      typeof a.filename !== 'string' ||
      !SAFE_FILENAME.test(a.filename) ||
      typeof a.base64 !== 'string' ||
      !a.base64
    )
      continue;
    const contentType = /^(image\/(png|jpeg|svg\+xml|webp)|application\/(pdf|json)|text\/plain)$/.test(a.content_type ?? '')
      ? (a.content_type as string)
      : 'application/octet-stream';
    out.push({
      filename: a.filename,
      contentType,
      kind: contentType.startsWith('image/') ? 'screenshot' : 'receipt',
      data: Buffer.from(a.base64, 'base64'),
    });
  }
  return out;
}

/** The outcomes a relay may report (docs/communications.md, "HTTP relay"). */
const RELAY_STATUSES = new Set(['delivered', 'sent', 'accepted', 'failed']);

/** A relay's answer this service cannot read as an outcome: retried (same Idempotency-Key) until the attempts run out. */
const badRelayAnswer = (what: string): ProviderError =>
  new ProviderError(
    'relay_bad_response',
    `The relay's answer ${what}; it must be a JSON object with "status" "delivered", "sent", "accepted" or "failed".`,
    true,
  );

/**
 * Maps a relay's answer (from its response or its callback) to an outcome, or throws the failure
 * it reports. Only a 202 may leave out `status` (it means accepted); any other answer without a
 * known status is a bad answer, not a delivery (an empty 200 used to read as delivered).
 */
export function relayOutcome(network: Network, answer: RelayAnswer, httpStatus: number): DispatchOutcome {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) throw badRelayAnswer('is not a JSON object');
  const status = answer.status ?? (httpStatus === 202 ? 'accepted' : undefined);
  if (status === undefined) throw badRelayAnswer('has no status');
  if (typeof status !== 'string' || !RELAY_STATUSES.has(status))
    throw badRelayAnswer(`has an unknown status ${JSON.stringify(status).slice(0, 60)}`);
  if (status === 'failed') {
    const e = answer.error && typeof answer.error === 'object' ? answer.error : {};
    throw new ProviderError(
      typeof e.code === 'string' && /^[a-z][a-z0-9_]{0,60}$/.test(e.code) ? e.code : 'relay_failed',
      typeof e.message === 'string' ? e.message.slice(0, 500) : 'The relay reported a failure.',
      e.transient === true,
    );
  }
  return {
    provider: 'relay',
    providerMessageId: typeof answer.provider_message_id === 'string' ? answer.provider_message_id.slice(0, 200) : null,
    outcome: status === 'accepted' ? 'pending' : status === 'sent' ? 'sent' : 'delivered',
    detail: {
      network,
      relay_status: status,
      ...(answer.detail && typeof answer.detail === 'object' ? { relay_detail: answer.detail } : {}),
    },
    artifacts: relayArtifacts(answer.artifacts),
  };
}

/** The largest answer read from a relay (its artifacts in base64 included); past it the answer is refused unread. */
export const RELAY_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** A body as UTF-8 text, or null (the rest discarded) once it passes `max` bytes. */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }, max: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    if (bytes > max) {
      body.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Delivery through an HTTP relay that can reach the network: the job is POSTed as signed JSON
 * (`Proxima-Signature`, as webhooks) with the communication id as `Idempotency-Key`. A 200/201
 * answer carries the outcome; a 202 means the relay will POST it to the callback URL. 408, 429
 * and 5xx (and network errors) are retried with backoff; other 4xx end the communication.
 */
export class RelayNetworkProvider implements ChannelProvider {
  constructor(
    private readonly network: Network,
    private readonly url: string,
    private readonly secret: string,
    private readonly timeoutMs: number,
    private readonly callbackUrl: (communicationId: string) => string,
    private readonly now: () => number,
  ) {}

  info(): ProviderInfo {
    return { provider: 'relay', cancellableInFlight: false, description: `Delivered by the HTTP relay at ${new URL(this.url).origin}.` };
  }

  async send(job: DispatchJob): Promise<DispatchOutcome> {
    const body = JSON.stringify(relayJob(this.network, job, this.callbackUrl(job.communication.id)));
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await request(this.url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'idempotency-key': job.communication.id,
          'proxima-signature': signPayload(this.secret, body, this.now()),
        },
        signal: job.signal,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
    } catch (err) {
      // Stopped by us (a shutdown), not the relay's doing: the dispatcher requeues it without counting an attempt.
      if (job.signal.aborted) throw new ProviderError('dispatch_aborted', 'The dispatch was stopped.', false);
      throw new ProviderError('relay_unreachable', `The relay could not be reached: ${(err as Error).message}`, true);
    }
    const status = res.statusCode;
    const text = await readCapped(res.body, RELAY_MAX_ANSWER_BYTES);
    if (text === null) throw badRelayAnswer(`is larger than ${RELAY_MAX_ANSWER_BYTES} bytes`);
    if (status === 408 || status === 429 || status >= 500)
      throw new ProviderError('relay_unavailable', `The relay answered ${status}; the dispatch will be retried.`, true, {
        http_status: status,
      });
    if (status >= 400)
      throw new ProviderError('relay_rejected', `The relay refused the job (HTTP ${status}): ${text.slice(0, 300)}`, false, {
        http_status: status,
      });
    // A redirect is not followed (the job is signed for this URL): the relay URL is wrong.
    if (status >= 300)
      throw new ProviderError(
        'relay_rejected',
        `The relay answered HTTP ${status}${res.headers.location ? ` to ${String(res.headers.location).slice(0, 200)}` : ''}; set the relay URL to the address that answers jobs.`,
        false,
        { http_status: status },
      );
    if (status !== 200 && status !== 201 && status !== 202) throw badRelayAnswer(`came with HTTP ${status} (200, 201 or 202 expected)`);
    let answer: RelayAnswer = {};
    try {
      answer = text ? (JSON.parse(text) as RelayAnswer) : {};
    } catch {
      throw badRelayAnswer('is not JSON');
    }
    return relayOutcome(this.network, answer, status);
  }
}
