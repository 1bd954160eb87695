import type { Migration } from './index.js';

/**
 * A counter bumped by every change to the graph or to a sync status, so a requester's network
 * (first and second degree) can be cached until the graph changes.
 */
export const graphVersion: Migration = {
  version: 4,
  name: 'graph-version',
  sql: `
CREATE TABLE graph_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
INSERT INTO graph_version (id, version) VALUES (1, 0);
`,
};
