import { AppError } from '../errors.js';
import type { AccessTokenVerifier } from '../oauth/port.js';
import { DEFAULT_OAUTH_SCOPES } from '../oauth/scopes.js';
import type { Services } from '../services.js';
import type { Actor } from './actor.js';
import { parseApiKey } from './api-key.js';
import { authenticateApiKey } from './authenticate.js';

/**
 * 401 of the connector: the Bearer challenge names the protected-resource metadata, from which
 * an MCP client discovers the authorization server (RFC 9728, MCP authorization).
 */
export function connectorUnauthorized(services: Services, message: string, tokenPresented: boolean): AppError {
  const metadata = `${services.config.baseUrl}/.well-known/oauth-protected-resource/mcp`;
  // The scope a client should ask for: the default grant (MCP clients prefer the challenge's scope).
  const base = `Bearer resource_metadata="${metadata}", scope="${DEFAULT_OAUTH_SCOPES.join(' ')}"`;
  const challenge = tokenPresented ? `${base}, error="invalid_token", error_description="${message.replace(/["\\]/g, "'")}"` : base;
  return new AppError(401, 'unauthorized', message, {}, { 'WWW-Authenticate': challenge });
}

/**
 * The connector's caller from `Authorization: Bearer <credential>`: an API key as issued
 * (`prx_<id>_<secret>`, the contract's `<key_prefix>_<API_KEY>`), or an OAuth access token.
 * `X-API-Key` is not read here: the connector speaks Bearer only.
 */
export async function authenticateBearer(
  services: Services,
  authorization: string,
  verifier: AccessTokenVerifier | null,
  now: number,
): Promise<Actor> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) {
    throw connectorUnauthorized(
      services,
      authorization === ''
        ? 'Send Authorization: Bearer <API key or OAuth access token>.'
        : 'The Authorization header must be "Bearer <API key or OAuth access token>".',
      false,
    );
  }
  const credential = match[1] as string;
  if (parseApiKey(credential)) {
    try {
      return authenticateApiKey(services, credential, now);
    } catch (err) {
      if (err instanceof AppError && err.code === 'unauthorized') throw connectorUnauthorized(services, err.message, true);
      throw err;
    }
  }
  const claims = verifier ? await verifier.verify(credential) : null;
  if (!claims) throw connectorUnauthorized(services, 'The access token is invalid, expired or revoked; authorize again.', true);
  const owner = services.users.get(claims.userId);
  if (!owner) throw connectorUnauthorized(services, 'The access token belongs to an account that no longer exists.', true);
  return {
    owner,
    ownerUserId: owner.userId,
    actingUserId: owner.userId,
    isDelegate: false,
    keyId: null,
    keyPrefix: `oauth:${claims.clientId}`,
    scopes: claims.scopes,
    via: 'oauth',
    clientId: claims.clientId,
  };
}
