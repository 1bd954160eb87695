import type { Services } from '../services.js';
import type { Tier, User } from '../store/users.js';

/** Creates an account owner (a user with a tier). Emails are unique, case-insensitively. */
export function createAccount(services: Services, input: { tier: Tier; email?: string; name?: string; profileId?: string }): User {
  if (input.email && services.users.findByEmail(input.email)) {
    throw new CommandError(`a user with email ${input.email} already exists`);
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
