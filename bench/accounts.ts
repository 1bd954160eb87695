import { createAccount } from '../server/commands/create-account.js';
import type { Services } from '../server/services.js';
import type { Tier, User } from '../server/store/users.js';

/**
 * The account of corpus person `personId` (one id per person: an account that is a person has
 * the person's id), created on the first run against a data directory and reused by later runs
 * and by every variant of one run (with its usage cleared); with no person, a fresh account-only user.
 */
export function benchAccount(services: Services, personId: string | undefined, name: string, tier: Tier): User {
  if (personId === undefined) return createAccount(services, { tier, name });
  const existing = services.users.get(personId);
  if (existing) {
    services.users.setTier(personId, tier);
    // A bench data directory is disposable: each run starts with a full credit pool, as it did
    // when every run made fresh accounts.
    refillCredits(services, personId);
    return services.users.get(personId) as User;
  }
  return createAccount(services, { tier, name, personId });
}

/** Clears a bench account's usage, so that its next stretch of load starts with a full pool. */
export function refillCredits(services: Services, userId: string): void {
  services.db.prepare('DELETE FROM usage_ledger WHERE owner_user_id = ?').run(userId);
}
