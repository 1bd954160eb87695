import { delegateNotAllowed, unauthorized } from '../errors.js';
import type { Services } from '../services.js';
import type { Actor } from './actor.js';
import { apiKeyMatches, parseApiKey } from './api-key.js';

/**
 * Resolves an `X-API-Key` value to the key's owner. Missing, malformed, unknown and revoked
 * keys are all 401 `unauthorized`, each with a message saying which.
 */
/** How stale `last_used_at` may get before a call writes it again. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export function authenticateApiKey(services: Services, presented: string | undefined, now: number): Actor {
  if (presented === undefined || presented.trim() === '') {
    throw unauthorized('Send your API key in the X-API-Key header.');
  }
  const parsed = parseApiKey(presented.trim());
  if (!parsed) throw unauthorized('The X-API-Key value is not a Proxima API key (expected prx_<id>_<secret>).');
  const key = services.apiKeys.findByPrefix(parsed.keyPrefix);
  if (!key || !apiKeyMatches(presented.trim(), key.keyHash)) throw unauthorized('The API key is not recognised.');
  if (key.revokedAt !== null) throw unauthorized('The API key has been revoked; create a new one.');
  const owner = services.users.get(key.userId);
  if (!owner) throw unauthorized('The API key belongs to an account that no longer exists.');
  // last_used_at is kept to the minute: one write a minute per key, not one per request.
  if (key.lastUsedAt === null || now - key.lastUsedAt >= LAST_USED_RESOLUTION_MS) services.apiKeys.touch(key.keyId, now);
  return {
    owner,
    ownerUserId: owner.userId,
    actingUserId: owner.userId,
    isDelegate: false,
    keyId: key.keyId,
    keyPrefix: key.keyPrefix,
    scopes: key.scopes,
    via: 'api_key',
    clientId: null,
  };
}

/**
 * Makes `delegateUserId` the acting user when the owner authorised them; naming the owner
 * themself is allowed and changes nothing. Anyone else is 403 `delegate_not_allowed` (saying so when
 * the grant is pending the delegate's acceptance).
 */
export function actAsDelegate(services: Services, actor: Actor, delegateUserId: string | undefined): Actor {
  if (delegateUserId === undefined || delegateUserId === actor.ownerUserId) return actor;
  if (!services.delegates.isAllowed(actor.ownerUserId, delegateUserId))
    throw delegateNotAllowed(delegateUserId, { pending: services.delegates.get(actor.ownerUserId, delegateUserId) !== null });
  return { ...actor, actingUserId: delegateUserId, isDelegate: true };
}
