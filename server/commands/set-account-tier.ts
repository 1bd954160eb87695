import type { Services } from '../services.js';
import type { Tier } from '../store/users.js';
import { CommandError } from './create-account.js';

/** Moves an account to another tier; the new ceiling applies to the current window at once. */
export function setAccountTier(services: Services, userId: string, tier: Tier): void {
  if (!services.users.setTier(userId, tier)) throw new CommandError(`no user ${userId}`);
}
