import type { Migration } from './index.js';

/**
 * Each webhook delivery carries the account whose communication it reports (docs/communications.md,
 * "Webhooks"), with an index of each account's pending deliveries by due time: the deliverer
 * can then find every account's earliest due deliveries, however many one account has queued,
 * instead of only those among the earliest due overall. Deliveries queued before are given
 * their communication's owner.
 */
export const webhookOwner: Migration = {
  version: 20,
  name: 'webhook-owner',
  sql: `
ALTER TABLE webhook_deliveries ADD COLUMN owner_user_id TEXT;
UPDATE webhook_deliveries SET owner_user_id =
  (SELECT c.owner_user_id FROM communications c WHERE c.communication_id = webhook_deliveries.communication_id);
CREATE INDEX webhook_deliveries_owner_due ON webhook_deliveries (owner_user_id, next_attempt_at) WHERE state = 'pending';
`,
};
