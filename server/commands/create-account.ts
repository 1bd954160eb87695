import type { Services } from '../services.js';
import type { Tier, User } from '../store/users.js';

/**
 * Creates an account owner (a user with a tier). Emails are unique, case-insensitively. With
 * `personId` the account is that corpus person: its user id is the person's id (one id per
 * person, docs/authentication.md); without, it gets a fresh uuid and a minimal profile of its
 * own, published to the people index by {@link publishAccountProfiles}.
 */
export function createAccount(services: Services, input: { tier: Tier; email?: string; name?: string; personId?: string }): User {
  if (input.email && services.users.findByEmail(input.email)) {
    throw new CommandError(`a user with email ${input.email} already exists`);
  }
  if (input.personId && services.users.get(input.personId)) {
    throw new CommandError(`person ${input.personId} already has an account`);
  }
  return services.users.create({ ...input, now: services.clock() });
}

/** A domain failure of a command, reported to a CLI user or mapped to an HTTP error. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}
