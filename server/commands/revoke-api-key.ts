import type { Services } from '../services.js';
import { CommandError } from './create-account.js';

/** Revokes a key at once; later requests with it get 401. */
export function revokeApiKey(services: Services, keyId: string): void {
  const key = services.apiKeys.get(keyId);
  if (!key) throw new CommandError(`no key ${keyId}`);
  if (key.revokedAt !== null) throw new CommandError(`key ${keyId} is already revoked`);
  services.apiKeys.revoke(keyId, services.clock());
}
