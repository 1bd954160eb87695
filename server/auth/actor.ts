import type { User } from '../store/users.js';

/** Who is calling: the key's owner, the user acting through it, and what the key may do. */
export interface Actor {
  owner: User;
  ownerUserId: string;
  actingUserId: string;
  isDelegate: boolean;
  keyId: string;
  keyPrefix: string;
  scopes: string[];
  /** How the caller authenticated. OAuth arrives with the connector. */
  via: 'api_key';
}

/** The `owner_user_id` / `acting_user_id` / `is_delegate` triple that many responses carry. */
export function actingFields(actor: Actor): { owner_user_id: string; acting_user_id: string; is_delegate: boolean } {
  return { owner_user_id: actor.ownerUserId, acting_user_id: actor.actingUserId, is_delegate: actor.isDelegate };
}
