/**
 * Where webhooks may be sent (docs/communications.md, "Webhooks"): with `WEBHOOK_ADDRESSES=public`
 * (the default) only to the public internet, so a webhook cannot reach this host, its private
 * network or a cloud metadata service (169.254.169.254) and read their answers back in the
 * delivery log; `any` allows local and private receivers (development, tests, an intranet).
 */
import type { Dispatcher } from 'undici';
import { isIpLiteral, isPublicAddress, publicAddressAgent } from '../oauth/public-address.js';

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
