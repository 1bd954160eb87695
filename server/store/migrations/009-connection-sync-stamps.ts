import type { Migration } from './index.js';

/**
 * Connection sync times (issue 12 §2.12). From this version the indexer stamps each user's
 * source `synced` with the time of the snapshot that brought their connections from it, and a
 * stamp older than the freshness window (`CONNECTION_FRESHNESS_DAYS`) reads as `stale`.
 *
 * Edges loaded before had no stamp and counted as synced forever. Each (user, source) that has
 * stored edges and no recorded status gets one now, synced at the time of the upgrade: their
 * data is at least that old, so it goes stale one window after the upgrade unless a newer
 * snapshot is loaded. Recorded statuses (set by tests or a sync) are left as they are.
 */
export const connectionSyncStamps: Migration = {
  version: 9,
  name: 'connection-sync-stamps',
  sql: `
INSERT INTO connection_sync (user_id, source, status, synced_at, detail)
  SELECT e.user_id, e.source, 'synced', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), 'stamped at upgrade: loaded before sync times were recorded'
  FROM (SELECT DISTINCT user_id, source FROM graph_edges) e
  WHERE NOT EXISTS (SELECT 1 FROM connection_sync s WHERE s.user_id = e.user_id AND s.source = e.source);
`,
};
