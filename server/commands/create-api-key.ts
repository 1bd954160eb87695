import { generateApiKey } from '../auth/api-key.js';
import type { Scope } from '../auth/scopes.js';
import type { Services } from '../services.js';
import type { ApiKeyRecord } from '../store/api-keys.js';
import { CommandError } from './create-account.js';

/** Creates a key for an account owner. The secret is returned once and never stored. */
export function createApiKey(
  services: Services,
  input: { userId: string; scopes: Scope[]; name?: string },
): { apiKey: string; record: ApiKeyRecord } {
  if (!services.users.get(input.userId)) throw new CommandError(`no user ${input.userId}`);
  if (input.scopes.length === 0) throw new CommandError('a key needs at least one scope');
  const generated = generateApiKey();
  const record = services.apiKeys.insert({
    userId: input.userId,
    name: input.name ?? 'default',
    keyPrefix: generated.keyPrefix,
    keyHash: generated.hash,
    scopes: [...new Set(input.scopes)],
    now: services.clock(),
  });
  return { apiKey: generated.apiKey, record };
}
