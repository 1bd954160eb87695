import type { Migration } from './index.js';

/**
 * What rows an applied reconciliation batch was sent with (docs/contacts.md): the SHA-256 of its
 * rows in canonical JSON, so the same batch sent again is answered as stored and other rows under
 * its index are refused (409 `batch_index_reused`) instead of being lost. Batches applied before
 * have none and are answered as stored, as they were.
 */
export const batchRequestHash: Migration = {
  version: 19,
  name: 'batch-request-hash',
  sql: `
ALTER TABLE contact_batches ADD COLUMN request_hash TEXT;
`,
};
