import type { Services } from '../services.js';
import { CommandError } from './create-account.js';

function requireUsers(services: Services, ownerUserId: string, delegateUserId: string): void {
  if (!services.users.get(ownerUserId)) throw new CommandError(`no user ${ownerUserId}`);
  if (!services.users.get(delegateUserId)) throw new CommandError(`no user ${delegateUserId}`);
  if (ownerUserId === delegateUserId) throw new CommandError('an owner cannot be their own delegate');
}

/** Authorises `delegateUserId` to act through the owner's keys. Idempotent. */
export function addDelegate(services: Services, ownerUserId: string, delegateUserId: string): { added: boolean } {
  requireUsers(services, ownerUserId, delegateUserId);
  return { added: services.delegates.add(ownerUserId, delegateUserId, services.clock()) };
}

/** Withdraws a delegate grant. */
export function removeDelegate(services: Services, ownerUserId: string, delegateUserId: string): void {
  requireUsers(services, ownerUserId, delegateUserId);
  if (!services.delegates.remove(ownerUserId, delegateUserId)) {
    throw new CommandError(`${delegateUserId} is not a delegate of ${ownerUserId}`);
  }
}
