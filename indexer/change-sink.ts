/**
 * Where the indexer records what a snapshot changed (docs/signals.md): the server's
 * SnapshotChangeStore implements it. Declared here so the indexer depends on the data path only.
 *
 * A run is one `proxima index` invocation; its changes become visible to signal watchers when
 * it finishes. A kind with nothing recorded before the run is a baseline: its records are
 * remembered and nothing is reported as changed (a first load is not news).
 */
import type { ConnectionEdge, DocumentKind } from '../mappings/record-schemas.js';

export interface ChangeSink {
  /** Opens the run of these inputs, or reopens the unfinished one with the same key (a resumed or restarted run). */
  beginRun(key: string, files: string[]): number;
  /** Compares accepted records with what the last snapshot said of them and records the differences. */
  recordDocuments(runId: number, kind: DocumentKind, upserts: Record<string, unknown>[], deletedIds: string[]): void;
  /** Records connections the graph did not hold yet. Called before the edges are written. */
  recordEdges(runId: number, edges: ConnectionEdge[]): void;
  /** Marks the run complete: watchers evaluate it from now on. Returns how many changes it recorded. */
  finishRun(runId: number): number;
}
