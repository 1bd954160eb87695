import type { Migration } from './index.js';

/**
 * A delegate grant is in force once the delegate has accepted it (docs/authentication.md,
 * "Delegates"): an owner asking through the connector leaves it pending until the delegate,
 * signed in with a key of their own, accepts. Grants made before, which only an operator could
 * make, are in force from when they were made.
 */
export const delegateConsent: Migration = {
  version: 21,
  name: 'delegate-consent',
  sql: `
ALTER TABLE delegate_grants ADD COLUMN accepted_at INTEGER;
UPDATE delegate_grants SET accepted_at = created_at;
CREATE INDEX delegate_grants_delegate ON delegate_grants (delegate_user_id);
`,
};
