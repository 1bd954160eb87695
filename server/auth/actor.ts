import type { User } from '../store/users.js';

/** Who is calling: the key's owner, the user acting through it, and what the key may do. */
export interface Actor {
  owner: User;
  ownerUserId: string;
  actingUserId: string;
  isDelegate: boolean;
  /** The API key used; null for an OAuth access token (the connector only). */
  keyId: string | null;
  /** The key's public prefix, or `oauth:<client_id>` for an OAuth access token (logs only). */
  keyPrefix: string;
  scopes: string[];
  /** How the caller authenticated: an API key (REST and connector) or an OAuth access token (connector only). */
  via: 'api_key' | 'oauth';
  /** The OAuth client acting for the owner; null for an API key. */
  clientId: string | null;
}

/** The `owner_user_id` / `acting_user_id` / `is_delegate` triple that many responses carry. */
export function actingFields(actor: Actor): { owner_user_id: string; acting_user_id: string; is_delegate: boolean } {
  return { owner_user_id: actor.ownerUserId, acting_user_id: actor.actingUserId, is_delegate: actor.isDelegate };
}
