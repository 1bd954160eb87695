import crypto from 'node:crypto';

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** The visible part of a server-rendered page (its <main>), for error messages. */
const mainOf = (html: string): string =>
  (/<main>([\s\S]*)<\/main>/.exec(html)?.[1] ?? html)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 2000);

/** A tiny cookie jar for a browser-less walk through the authorization flow. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq > 0) this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface RegisteredClient {
  client_id: string;
  redirect_uris: string[];
  [k: string]: unknown;
}

/** Dynamic registration (RFC 7591) of a public client with a loopback redirect URI. */
export async function registerClient(baseUrl: string, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const res = await fetch(`${baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Test agent',
      redirect_uris: ['http://127.0.0.1:9/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    }),
  });
  const body = (await res.json()) as RegisteredClient;
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export interface FlowResult {
  /** Where the authorization server sent the browser back (with `code` or `error`). */
  callback: URL;
  tokens: { access_token: string; refresh_token?: string; scope?: string; expires_in: number; token_type: string } | null;
  /** The consent page as the browser saw it. */
  page: { status: number; html: string; headers: Headers };
}

/**
 * Walks the authorization code flow as a browser would, without one: authorize (PKCE S256,
 * resource = the connector), the consent page, the form post with `api_key`, `csrf` and
 * `decision`, the redirect back with the code, and the token exchange.
 */
export async function authorize(
  baseUrl: string,
  opts: {
    apiKey: string;
    client?: RegisteredClient;
    scope?: string;
    decision?: 'allow' | 'deny';
    resource?: string;
    formOverrides?: Record<string, string>;
  },
): Promise<FlowResult> {
  const client = opts.client ?? (await registerClient(baseUrl));
  const redirectUri = client.redirect_uris[0] as string;
  const { verifier, challenge } = pkcePair();
  const jar = new CookieJar();
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st4te',
    resource: opts.resource ?? `${baseUrl}/mcp`,
  });
  if (opts.scope !== undefined) q.set('scope', opts.scope);
  let url = `${baseUrl}/oauth/authorize?${q}`;
  let res: Response;
  // Follow redirects by hand, keeping cookies, until the consent page (200) or the client's callback.
  for (;;) {
    res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url).toString();
      if (url.startsWith(redirectUri)) return { callback: new URL(url), tokens: null, page: { status: 0, html: '', headers: res.headers } };
      continue;
    }
    break;
  }
  const html = await res.text();
  const page = { status: res.status, html, headers: res.headers };
  if (res.status !== 200) throw new Error(`consent page answered ${res.status}: ${mainOf(html)}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !csrf) throw new Error('no consent form on the page');
  const form = new URLSearchParams({ csrf, api_key: opts.apiKey, decision: opts.decision ?? 'allow', ...opts.formOverrides });
  res = await fetch(new URL(action, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  jar.store(res);
  for (;;) {
    const location = res.headers.get('location');
    if (!(res.status >= 300 && res.status < 400 && location)) {
      throw new Error(`expected a redirect, got ${res.status}: ${mainOf(await res.text())}`);
    }
    url = new URL(location, url).toString();
    if (url.startsWith(redirectUri)) break;
    res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
  }
  const callback = new URL(url);
  const code = callback.searchParams.get('code');
  if (!code) return { callback, tokens: null, page };
  const tokenRes = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.client_id,
      code_verifier: verifier,
      resource: opts.resource ?? `${baseUrl}/mcp`,
    }),
  });
  const tokens = (await tokenRes.json()) as FlowResult['tokens'];
  if (tokenRes.status !== 200) throw new Error(`token exchange failed: ${tokenRes.status} ${JSON.stringify(tokens)}`);
  return { callback, tokens, page };
}

/** Exchanges a refresh token; returns the status and body. */
export async function refresh(
  baseUrl: string,
  clientId: string,
  refreshToken: string,
  resource = `${baseUrl}/mcp`,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, resource }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The claims of a JWT (not verified: tests read what the server issued). */
export const claimsOf = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

/** tools/list over the connector with a Bearer credential: the HTTP status. */
export async function connectorStatus(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  await res.arrayBuffer();
  return res.status;
}
