/**
 * Where the indexer writes connections: the social graph (the server's GraphStore implements
 * it). Declared here so the indexer depends on the data path only, not on the server.
 */
import type { ConnectionEdge } from '../mappings/record-schemas.js';

export interface ConnectionSink {
  /**
   * Writes edges in both directions, in one transaction, and stamps each user at either end as
   * synced for the edge's source at `syncedAt` (`stamped` collects the users already stamped
   * during one file, so each is stamped once).
   */
  upsertEdges(edges: ConnectionEdge[], syncedAt?: number, stamped?: Set<string>): void;
}
