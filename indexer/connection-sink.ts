/**
 * Where the indexer writes connections: the social graph (the server's GraphStore implements
 * it). Declared here so the indexer depends on the data path only, not on the server.
 */
import type { ConnectionEdge } from '../mappings/record-schemas.js';

/** Edges as columns (one entry per edge, in snapshot order): what the readers produce and a load stages. */
export interface EdgeColumns {
  a: string[];
  b: string[];
  /** 1 service, 2 professional. */
  source: number[];
  /** Epoch milliseconds. */
  connectedAt: number[];
  removedAt: (number | null)[];
}

/** Edge objects as columns. */
export function columnsOf(edges: readonly ConnectionEdge[]): EdgeColumns {
  const out: EdgeColumns = { a: [], b: [], source: [], connectedAt: [], removedAt: [] };
  for (const e of edges) {
    out.a.push(e.userA);
    out.b.push(e.userB);
    out.source.push(e.source === 'service' ? 1 : 2);
    out.connectedAt.push(e.connectedAt);
    out.removedAt.push(e.removedAt);
  }
  return out;
}

/**
 * One load of connections (docs/indexer.md, "Connections"). Staged edges are kept in a
 * staging heap in snapshot order, invisible to readers, and `merge` moves them into the graph in
 * key order in one transaction: both directions of each edge, a later edge on the same key
 * winning, and each user at either end stamped synced for the edge's source at the time the
 * edge was staged with. Nothing staged survives the process: a killed load redoes what it had
 * staged since its last merge.
 */
export interface ConnectionLoad {
  /** Appends edges to the staging heap; `syncedAt` is the snapshot's sync time, if any. */
  stage(edges: EdgeColumns, syncedAt?: number): void;
  /** Edges staged since the last merge. */
  readonly staged: number;
  /**
   * Moves the staged edges into the graph, stamps their users and empties the heap, in one
   * transaction. With `report`, it is first given (in chunks, in snapshot order) every current
   * staged connection the graph did not hold yet, in that same transaction. Returns how many
   * edges were merged.
   */
  merge(report?: (newEdges: ConnectionEdge[]) => void): number;
  /** Drops whatever is staged and the load's memory. */
  close(): void;
}

export interface ConnectionSink {
  /** Starts a load; one at a time per store. */
  beginLoad(): ConnectionLoad;
}
