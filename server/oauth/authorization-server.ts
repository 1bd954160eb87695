import ipaddr from 'ipaddr.js';
import type { Context, Middleware } from 'koa';
import Provider, { type Configuration, errors } from 'oidc-provider';
import type { Dispatcher } from 'undici';
import { loadSecret } from '../auth/secrets.js';
import { notFound } from '../errors.js';
import { createWindowLimiter } from '../http/rate-limit.js';
import type { Services } from '../services.js';
import { clientMetadataFetcher } from './client-metadata.js';
import { interactionRoutes, renderOAuthError } from './interaction.js';
import type { AccessTokenVerifier } from './port.js';
import { DEFAULT_OAUTH_SCOPES, OAUTH_SCOPES } from './scopes.js';
import { loadSigningKeys } from './signing-keys.js';
import { sqliteAdapterFactory } from './sqlite-adapter.js';
import { SHOWN_METADATA, unshowableField } from './unshowable.js';
import { createVerifier } from './verifier.js';

/** Token lifetimes, in seconds (the contract's Authentication, item 6). */
export const OAUTH_TTL = {
  accessToken: 1800,
  refreshToken: 2_592_000,
  authorizationCode: 60,
  interaction: 900,
  session: 3600,
  /** The consent itself: a year, so rotating refresh tokens keep a used connection alive; then the holder consents again. */
  grant: 365 * 86_400,
} as const;

/** The connector URL: the only resource (RFC 8707) and the audience of every access token. */
export const connectorResource = (baseUrl: string): string => `${baseUrl}/mcp`;

export interface AuthorizationServer {
  provider: Provider;
  /** Serves the OAuth endpoints and discovery documents; passes anything else on. */
  middleware: Middleware;
  verifier: AccessTokenVerifier;
}

/** Loopback hosts of RFC 8252 redirect URIs. */
const isLoopbackHttp = (uri: string): boolean => {
  try {
    const u = new URL(uri);
    return u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === '[::1]');
  } catch {
    return false;
  }
};

/**
 * Proxima's OAuth 2.1 authorization server for the MCP connector: oidc-provider, configured for
 * authorization code + PKCE S256 only, dynamic registration, resource indicators with the
 * connector as the one audience, RS256 JWT access tokens (1800 s) and rotating refresh tokens
 * (30 days; reuse revokes the grant). State is in SQLite; the signing key in DATA_DIR. The
 * login and consent page is ours (interaction.ts). docs/oauth.md.
 */
export function createAuthorizationServer(services: Services, opts: { metadataDispatcher?: Dispatcher } = {}): AuthorizationServer {
  const { baseUrl, dataDir } = services.config;
  const resource = connectorResource(baseUrl);
  const keys = loadSigningKeys(dataDir);
  const Adapter = sqliteAdapterFactory(
    services.db,
    clientMetadataFetcher({ logger: services.logger, dispatcher: opts.metadataDispatcher }),
  );

  const configuration: Configuration = {
    adapter: Adapter,
    jwks: { keys: [keys.privateJwk] as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: [loadSecret(dataDir, 'oauth-cookies').toString('base64url')] },
    // Listed here too so clients may register a `scope` (the MCP SDK registers the resource's scopes_supported).
    scopes: [...OAUTH_SCOPES],
    claims: { openid: ['sub'] },
    routes: {
      authorization: '/oauth/authorize',
      token: '/oauth/token',
      registration: '/oauth/register',
      revocation: '/oauth/revoke',
      jwks: '/.well-known/jwks.json',
      end_session: '/oauth/session/end',
      userinfo: '/oauth/userinfo',
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      // Off: oidc-provider turns it on by default and advertised it at "/request", outside the
      // "/oauth/" paths mounted here (404). No connector client pushes its requests, and the
      // checks of this file (default scope, resource) are written for the authorization and
      // token endpoints; a second way in would have to repeat them.
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`the only resource here is ${resource}`);
          return {
            scope: OAUTH_SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: OAUTH_TTL.accessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // Every client allowed the refresh_token grant gets one, without an `offline_access` scope.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // The grant id rides in the token, so a revoked grant (account page, refresh reuse) cuts it.
    extraTokenClaims: async (_ctx, token) => ({ gid: (token as { grantId?: string }).grantId }),
    ttl: {
      AccessToken: OAUTH_TTL.accessToken,
      AuthorizationCode: OAUTH_TTL.authorizationCode,
      RefreshToken: OAUTH_TTL.refreshToken,
      Interaction: OAUTH_TTL.interaction,
      Session: OAUTH_TTL.session,
      Grant: OAUTH_TTL.grant,
      // An `openid` request also gets an ID token: it lives as long as the access token.
      IdToken: OAUTH_TTL.accessToken,
    },
    interactions: { url: (_ctx, interaction) => `/oauth/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => (services.users.get(sub) ? { accountId: sub, claims: () => ({ sub }) } : undefined),
    renderError: async (ctx, out) => renderOAuthError(ctx as unknown as Context, out as unknown as Record<string, unknown>),
    enabledJWA: { authorizationSigningAlgValues: ['RS256'] },
  };

  const provider = new Provider(baseUrl, configuration);
  // oidc-provider writes its endpoints' URLs from the request's host and protocol. They are set
  // from BASE_URL on every request it handles (below), never taken from the client: a forged
  // Host header must not turn the metadata's token endpoint into another server's.
  provider.proxy = true;
  // The metadata advertises the contract's scopes only (Authentication 7). oidc-provider lists
  // `openid` because its claims define it; a client may still ask for it (docs/oauth.md).
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route === 'discovery' && ctx.body && typeof ctx.body === 'object')
      (ctx.body as { scopes_supported?: string[] }).scopes_supported = [...OAUTH_SCOPES];
  });
  // A path under /oauth/ that no endpoint answers (oidc-provider's router leaves it a bare 404,
  // "Not Found" as text): the service's JSON error body, as every other unknown path gets.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      const err = notFound(
        `No OAuth endpoint at ${ctx.method} ${ctx.path}. The endpoints are listed at ${baseUrl}/.well-known/oauth-authorization-server (revocation is /oauth/revoke).`,
      );
      ctx.status = 404;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = err.toBody();
    }
  });
  const publicOrigin = new URL(baseUrl);

  const registrations = createWindowLimiter(services.config.oauthRegistrationsPerHour, 3600);
  const handle = provider.callback();
  const pages = interactionRoutes(provider, services, resource).routes();
  const rfc8414 = '/.well-known/oauth-authorization-server';
  const prm = '/.well-known/oauth-protected-resource/mcp';

  const middleware: Middleware = async (ctx, next) => {
    // As oidc-provider routes it: without regard to case, a trailing slash ignored. Compared
    // as written, "/oauth/register/" escaped the checks below that "/oauth/register" gets.
    const p = ctx.path.toLowerCase().replace(/(.)\/+$/, '$1');
    // Every path oidc-provider reads a request on (its own and the interaction pages) sees the
    // public origin, never what the client sent (provider.proxy trusts these headers).
    if (p.startsWith('/oauth/') || p.startsWith('/.well-known/')) {
      ctx.req.headers['x-forwarded-host'] = publicOrigin.host;
      ctx.req.headers['x-forwarded-proto'] = publicOrigin.protocol.slice(0, -1);
      delete ctx.req.headers['x-forwarded-for'];
    }
    if (p === prm && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.body = {
        resource,
        authorization_servers: [baseUrl],
        scopes_supported: OAUTH_SCOPES,
        bearer_methods_supported: ['header'],
        resource_name: 'Proxima MCP connector',
        resource_documentation: `${baseUrl}/public/docs/mcp`,
      };
      return;
    }
    if (p.startsWith('/oauth/interaction/')) return pages(ctx as Parameters<typeof pages>[0], next);
    if (p === '/oauth/register' && ctx.method === 'POST') {
      // Open registration stores a client a call: one address may not fill the store.
      const wait = await registrations.take(registrantOf(ctx.request.socket.remoteAddress));
      if (wait !== null) {
        ctx.set('Retry-After', String(wait));
        oauthError(
          ctx,
          429,
          'rate_limited',
          `this address registered ${services.config.oauthRegistrationsPerHour} clients within the hour; reuse a registered client, or register again in ${wait} s`,
        );
        return;
      }
      const refusal = await checkRegistration(ctx);
      if (refusal) return;
    }
    if (p === '/oauth/token' && ctx.method === 'POST' && ctx.is('application/x-www-form-urlencoded')) {
      const refusal = await checkTokenResource(ctx, resource);
      if (refusal) return;
    }
    if (p === '/oauth/authorize' && ctx.method === 'GET' && !ctx.query.scope) {
      // No scope asked for: the default grant (the contract's Authentication, item 7).
      const q = new URLSearchParams(ctx.querystring);
      q.set('scope', DEFAULT_OAUTH_SCOPES.join(' '));
      ctx.req.url = `${p}?${q}`;
    }
    const isProviderPath =
      (p.startsWith('/oauth/') && !p.startsWith('/oauth/interaction/')) ||
      p === '/.well-known/openid-configuration' ||
      p === '/.well-known/jwks.json' ||
      p === rfc8414;
    if (!isProviderPath) return next();
    if (p === rfc8414) ctx.req.url = '/.well-known/openid-configuration';
    ctx.respond = false;
    await handle(ctx.req, ctx.res);
  };

  return { provider, middleware, verifier: createVerifier(services, keys.publicJwk, resource) };
}

/** The largest body the OAuth endpoints read (oidc-provider's own limit). */
const OAUTH_BODY_LIMIT = 56 * 1024;
/** Past this much, a body is no longer read to its end: the connection is closed. */
const OAUTH_BODY_DRAIN_LIMIT = 1024 * 1024;

/**
 * Reads a request body of at most `OAUTH_BODY_LIMIT` bytes; a longer one is read to its end
 * (up to a megabyte, so the answer reaches the client on an intact connection) and is null.
 */
async function readBoundedBody(ctx: Context): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > OAUTH_BODY_DRAIN_LIMIT) break;
    if (size <= OAUTH_BODY_LIMIT) chunks.push(chunk as Buffer);
  }
  return size > OAUTH_BODY_LIMIT ? null : Buffer.concat(chunks);
}

const oauthError = (ctx: Context, status: number, error: string, description: string): true => {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { error, error_description: description };
  return true;
};

/**
 * Refuses a token request naming a resource other than the connector (RFC 8707 `invalid_target`)
 * before oidc-provider reads it: the provider rotates a refresh token before it checks the
 * resource, so a refresh with a wrong one used the token up, and the client's next, correct
 * refresh was taken for a replay that revoked the whole grant. The body is handed on as read.
 */
async function checkTokenResource(ctx: Context, resource: string): Promise<boolean> {
  const raw = await readBoundedBody(ctx);
  if (raw === null) return oauthError(ctx, 400, 'invalid_request', `the token request body is larger than ${OAUTH_BODY_LIMIT} bytes`);
  const asked = new URLSearchParams(raw.toString('utf8')).getAll('resource');
  const other = asked.find((r) => r !== resource);
  if (other !== undefined)
    return oauthError(ctx, 400, 'invalid_target', `the only resource here is ${resource}; this request named ${other}`);
  (ctx.req as unknown as { body: unknown }).body = raw.toString('utf8');
  return false;
}

/**
 * Who a registration is counted against: an IPv4 address, or an IPv6 address's /64 (one host is
 * usually given a whole /64, so counting single addresses would give it 2^64 allowances).
 */
export function registrantOf(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  return `${(ip as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

/**
 * Client metadata that would have this server fetch a URL the registering client names (a
 * sector identifier, a key set, request objects). Open registration must not make the server
 * connect wherever a stranger says, loopback and cloud metadata addresses included; the
 * connector's clients are public clients with PKCE and need none of them.
 */
const FETCHED_METADATA = ['sector_identifier_uri', 'jwks_uri', 'request_uris'] as const;

/**
 * Refuses a registration whose redirect URIs are neither HTTPS nor loopback http, with the
 * RFC 7591 error; marks loopback-only clients `native` so any port works at request time
 * (RFC 8252 section 7.3). The body is read here and handed on to oidc-provider parsed.
 */
async function checkRegistration(ctx: Context): Promise<boolean> {
  const raw = await readBoundedBody(ctx);
  if (raw === null)
    return oauthError(ctx, 400, 'invalid_client_metadata', `the registration body is larger than ${OAUTH_BODY_LIMIT} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    body = undefined;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return oauthError(ctx, 400, 'invalid_client_metadata', 'the registration body must be a JSON object');
  const fetched = FETCHED_METADATA.filter((field) => field in body);
  if (fetched.length)
    return oauthError(
      ctx,
      400,
      'invalid_client_metadata',
      `${fetched.join(', ')} ${fetched.length === 1 ? 'is' : 'are'} not accepted: this server fetches no client documents at registration; register a public client (PKCE) without ${fetched.length === 1 ? 'it' : 'them'}`,
    );
  return checkRedirects(ctx, body as Record<string, unknown>);
}

/** The registration's redirect URIs, and its handing on to oidc-provider. */
function checkRedirects(ctx: Context, body: Record<string, unknown>): boolean {
  const uris = Array.isArray(body.redirect_uris) ? (body.redirect_uris as unknown[]) : [];
  // Named by field and code point, never echoed: the message would carry the very override.
  const unshowableUri = unshowableField(body, ['redirect_uris']);
  if (unshowableUri)
    return oauthError(
      ctx,
      400,
      'invalid_redirect_uri',
      `redirect URIs may not hold control characters, bidirectional controls, invisible format characters or lone surrogates; ${unshowableUri} does`,
    );
  const shown = unshowableField(body, SHOWN_METADATA);
  if (shown)
    return oauthError(
      ctx,
      400,
      'invalid_client_metadata',
      `shown metadata may not hold control characters, bidirectional controls, invisible format characters or lone surrogates; ${shown} does`,
    );
  const bad = uris.filter((u) => typeof u !== 'string' || !(u.startsWith('https://') || isLoopbackHttp(u)));
  if (bad.length > 0)
    return oauthError(
      ctx,
      400,
      'invalid_redirect_uri',
      `redirect URIs must be https, or http://127.0.0.1:<port>/... (RFC 8252); refused: ${bad.map(String).join(', ')}`,
    );
  if (uris.length > 0 && uris.every((u) => isLoopbackHttp(u as string)) && body.application_type === undefined) {
    body.application_type = 'native';
  }
  (ctx.req as unknown as { body: unknown }).body = body;
  return false;
}
