import type { Migration } from './index.js';

/**
 * The social graph: each connection stored in both directions, so "who is connected to X" is
 * one primary-key range scan. Times are epoch milliseconds; `removed_at` ends a connection.
 */
export const graph: Migration = {
  version: 2,
  name: 'graph',
  sql: `
CREATE TABLE graph_edges (
  user_id TEXT NOT NULL,
  other_id TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('service', 'professional')),
  connected_at INTEGER NOT NULL,
  removed_at INTEGER,
  PRIMARY KEY (user_id, other_id, source)
) WITHOUT ROWID;
`,
};
