import type { AdapterPayload } from 'oidc-provider';
import { type Dispatcher, request } from 'undici';
import type { Logger } from '../logger.js';
import { isIpLiteral, isPublicAddress, publicAddressAgent } from './public-address.js';
import { SHOWN_METADATA, unshowableField } from './unshowable.js';

/** Limits of a client-ID metadata document fetch. */
export const CLIENT_METADATA_LIMITS = { timeoutMs: 5_000, maxBytes: 64 * 1024, cacheMs: 5 * 60_000, cacheEntries: 500 } as const;

/**
 * Client-ID metadata documents: a client whose `client_id` is an HTTPS URL publishes its
 * metadata (client_name, redirect_uris, ...) at that URL instead of registering. The document is
 * fetched with undici (public addresses only, no redirects, a time limit, a size limit, JSON only), its `client_id` must
 * equal the URL, and a good one is cached for five minutes. It is a public client (no secret): PKCE
 * protects its codes. Anything wrong means "no such client" (oidc-provider answers
 * `invalid_client`), and the reason is logged.
 */
export function clientMetadataFetcher(opts: { logger: Logger; dispatcher?: Dispatcher }) {
  const cache = new Map<string, { at: number; payload: AdapterPayload | null }>();
  // A client id is a URL any stranger names: by default only public addresses are fetched (no
  // loopback, private networks or cloud metadata). A dispatcher given in (tests) brings its own rules.
  const publicOnly = opts.dispatcher === undefined;
  const dispatcher = opts.dispatcher ?? publicAddressAgent();

  async function fetchDocument(clientId: string): Promise<AdapterPayload | null> {
    const url = new URL(clientId);
    if (url.protocol !== 'https:' || url.hash || url.username || url.password)
      throw new Error('not an https URL without credentials or fragment');
    // Sockets connect to an IP literal without a lookup, so the agent's check does not see it.
    if (publicOnly && isIpLiteral(url.hostname) && !isPublicAddress(url.hostname))
      throw new Error(`${url.hostname} is not a public address`);
    const res = await request(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      dispatcher,
      headersTimeout: CLIENT_METADATA_LIMITS.timeoutMs,
      bodyTimeout: CLIENT_METADATA_LIMITS.timeoutMs,
      signal: AbortSignal.timeout(CLIENT_METADATA_LIMITS.timeoutMs),
    });
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new Error(`answered ${res.statusCode}`);
    }
    if (!/^application\/(.+\+)?json\b/i.test(String(res.headers['content-type'] ?? ''))) {
      await res.body.dump();
      throw new Error('not JSON');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > CLIENT_METADATA_LIMITS.maxBytes) {
        res.body.destroy();
        throw new Error(`larger than ${CLIENT_METADATA_LIMITS.maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    const doc = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new Error('not a JSON object');
    if (doc.client_id !== clientId) throw new Error('its client_id is not its own URL');
    for (const secretField of ['client_secret', 'client_secret_expires_at', 'registration_access_token']) {
      if (secretField in doc) throw new Error(`it carries ${secretField}`);
    }
    // What the consent page shows, as registration checks it (unshowable.ts): named, never echoed.
    const unshowable = unshowableField(doc, ['redirect_uris', ...SHOWN_METADATA]);
    if (unshowable) throw new Error(`its ${unshowable} is a character a consent page cannot show honestly`);
    return {
      ...doc,
      client_id: clientId,
      token_endpoint_auth_method: 'none',
      grant_types: Array.isArray(doc.grant_types) ? doc.grant_types : ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    } as AdapterPayload;
  }

  return async (clientId: string): Promise<AdapterPayload | null> => {
    const hit = cache.get(clientId);
    if (hit && Date.now() - hit.at < CLIENT_METADATA_LIMITS.cacheMs) return hit.payload;
    let payload: AdapterPayload | null = null;
    try {
      payload = await fetchDocument(clientId);
    } catch (err) {
      opts.logger.warn({ client_id: clientId, reason: (err as Error).message }, 'client metadata document refused');
    }
    // Only good documents are cached: a client fixing its document is seen at the next attempt.
    if (payload) {
      if (cache.size >= CLIENT_METADATA_LIMITS.cacheEntries) cache.delete(cache.keys().next().value as string);
      cache.set(clientId, { at: Date.now(), payload });
    }
    return payload;
  };
}
