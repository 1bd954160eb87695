/**
 * Where webhooks may be sent (docs/communications.md, "Webhooks"): with `WEBHOOK_ADDRESSES=public`
 * (the default) only to the public internet, so a webhook cannot reach this host, its private
 * network or a cloud metadata service (169.254.169.254) and read their answers back in the
 * delivery log; `any` allows local and private receivers (development, tests, an intranet).
 */
import type { Dispatcher } from 'undici';
import { isIpLiteral, isPublicAddress, NOT_PUBLIC_CODE, publicAddressAgent } from '../oauth/public-address.js';

export type WebhookAddresses = 'public' | 'any';

/**
 * Why a webhook URL is refused, or null: a name of this host ("localhost") or an IP address that
 * is not public. A name is checked when a delivery connects (see {@link webhookDispatcher}).
 */
export function webhookUrlRefusal(url: string, allowed: WebhookAddresses): string | null {
  if (allowed === 'any') return null;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null; // the URL's own validation answers for it
  }
  const why =
    host === 'localhost' || host.endsWith('.localhost')
      ? `names this host (${host})`
      : isIpLiteral(host) && !isPublicAddress(host)
        ? `is a local, private or reserved address (${host})`
        : null;
  return why ? `${why}; webhooks go to public addresses only (WEBHOOK_ADDRESSES=any on the server allows others)` : null;
}

/** Why a webhook request failed, as the account's delivery log says it, and whether to retry. */
export interface WebhookFailure {
  /** A reason in general words: no resolved address, internal name or library message in it. */
  reason: string;
  /** True when no retry can succeed (the host is not public): the delivery ends at once. */
  permanent: boolean;
}

/** The `code` and `name` of an error and its causes (undici wraps socket errors). */
function errorCodes(err: unknown): Set<string> {
  const codes = new Set<string>();
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, name } = e as { code?: unknown; name?: unknown };
    if (typeof code === 'string') codes.add(code);
    if (typeof name === 'string') codes.add(name);
  }
  return codes;
}

const DNS_FAILURES = ['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_NONAME', 'EAI_FAIL', 'ESERVFAIL', 'ENODATA'];
const TIMEOUTS = ['TimeoutError', 'AbortError', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'];

/**
 * What a failed webhook request records in the delivery log the account reads, by the error's
 * code (never its message). A message such as "vm resolves to 127.0.0.1, which is not a public
 * address" or "getaddrinfo ENOTFOUND <name>" let a caller map this server's internal names and
 * addresses; the details go to the server's log only. A host that resolves to an address that is
 * not public is refused for good: retrying it cannot succeed.
 */
export function webhookFailure(err: unknown): WebhookFailure {
  const codes = errorCodes(err);
  const has = (list: readonly string[]) => list.some((c) => codes.has(c));
  if (codes.has(NOT_PUBLIC_CODE))
    return { reason: 'the webhook host does not resolve to a public address (webhooks go to public addresses only)', permanent: true };
  if (has(DNS_FAILURES)) return { reason: 'the webhook host could not be resolved', permanent: false };
  if (has(TIMEOUTS)) return { reason: 'the webhook host did not answer in time', permanent: false };
  if (codes.has('ECONNREFUSED')) return { reason: 'the webhook host refused the connection', permanent: false };
  if (has(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']))
    return { reason: 'the connection to the webhook host was closed before an answer', permanent: false };
  if ([...codes].some((c) => c.startsWith('ERR_TLS') || c.startsWith('CERT_') || c.includes('CERT') || c.includes('SELF_SIGNED')))
    return { reason: 'the webhook host’s TLS certificate was not accepted', permanent: false };
  return { reason: 'the webhook request failed', permanent: false };
}

let agent: Dispatcher | null = null;

/**
 * The dispatcher deliveries use: with `public`, one that resolves names itself and refuses to
 * connect to an address that is not public (a name pointed at 127.0.0.1 later, or at once);
 * undefined (undici's own) with `any`.
 */
export function webhookDispatcher(allowed: WebhookAddresses): Dispatcher | undefined {
  if (allowed === 'any') return undefined;
  agent ??= publicAddressAgent();
  return agent;
}
