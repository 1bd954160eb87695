import type { Services } from '../services.js';
import { CommandError } from './create-account.js';

function requireUsers(services: Services, ownerUserId: string, delegateUserId: string): void {
  if (!services.users.get(ownerUserId)) throw new CommandError(`no user ${ownerUserId}`);
  if (!services.users.get(delegateUserId)) throw new CommandError(`no user ${delegateUserId}`);
  if (ownerUserId === delegateUserId) throw new CommandError('an owner cannot be their own delegate');
}

/**
 * Authorises the owner to act for `delegateUserId` through the owner's keys. An operator's grant
 * (the CLI) is in force at once; an owner's own request (`consented: false`, the connector) waits
 * for the delegate to accept it with {@link acceptDelegation}, since acting for someone reads
 * their messages and sends in their name. Idempotent: `added` is false when nothing changed.
 */
export function addDelegate(
  services: Services,
  ownerUserId: string,
  delegateUserId: string,
  { consented = true }: { consented?: boolean } = {},
): { added: boolean; pending: boolean } {
  requireUsers(services, ownerUserId, delegateUserId);
  const added = services.delegates.add(ownerUserId, delegateUserId, services.clock(), consented);
  return { added, pending: services.delegates.get(ownerUserId, delegateUserId)?.acceptedAt === null };
}

/** The delegate's acceptance of an owner's pending request; false when none is pending. */
export function acceptDelegation(services: Services, ownerUserId: string, delegateUserId: string): boolean {
  return services.delegates.accept(ownerUserId, delegateUserId, services.clock());
}

/** Withdraws a delegate grant. */
export function removeDelegate(services: Services, ownerUserId: string, delegateUserId: string): void {
  requireUsers(services, ownerUserId, delegateUserId);
  if (!services.delegates.remove(ownerUserId, delegateUserId)) {
    throw new CommandError(`${delegateUserId} is not a delegate of ${ownerUserId}`);
  }
}
