/**
 * Where the indexer records what a snapshot changed (docs/signals.md): the server's
 * SnapshotChangeStore implements it. Declared here so the indexer depends on the data path only.
 *
 * A run is one `proxima index` invocation; its changes become visible to signal watchers when
 * it finishes. A kind with nothing recorded before the run is a baseline: its records are
 * remembered and nothing is reported as changed (a first load is not news).
 */
import type { ConnectionEdge, DocumentKind } from '../mappings/record-schemas.js';

/**
 * The fields of a record that change detection reads, per kind: the indexer's workers send back
 * only these (a record's other fields never reach the change set).
 */
export const CHANGE_FIELDS: Record<DocumentKind, readonly string[]> = {
  profiles: ['id', 'current_title', 'current_company_id', 'current_company_name'],
  companies: ['id', 'name', 'employee_count'],
  jobs: ['id', 'company_id', 'title', 'company_name', 'published_at'],
  posts: ['id', 'author_id', 'author_entity_type', 'reaction_count', 'target_post_id', 'action_type', 'text', 'topics', 'posted_at'],
};

/** A record cut down to the fields change detection reads. */
export function changeFields(kind: DocumentKind, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of CHANGE_FIELDS[kind]) if (record[f] !== undefined) out[f] = record[f];
  return out;
}

/** One accepted operation of a batch. */
export type DocumentOp = { op: 'index'; record: Record<string, unknown> } | { op: 'delete'; id: string };

export interface ChangeSink {
  /**
   * Opens the run of these inputs, or reopens the unfinished one with the same key (a resumed or
   * restarted run). Unfinished runs of other inputs are closed as they stand: what they recorded
   * did change (the state already says so), so watchers get it rather than never.
   */
  beginRun(key: string, files: string[]): number;
  /**
   * Compares accepted records with what the last snapshot said of them and records the
   * differences; `ops` in the order the engine applied them (an upsert or a deletion).
   */
  recordDocuments(runId: number, kind: DocumentKind, ops: DocumentOp[]): void;
  /**
   * Calls `merge` (which moves a load's staged connections into the graph) in one transaction
   * with recording, from what it reports, the connections the graph did not hold yet.
   */
  recordEdges(runId: number, merge: (report?: (newEdges: ConnectionEdge[]) => void) => void): void;
  /** Marks the run complete: watchers evaluate it from now on. Returns how many changes it recorded. */
  finishRun(runId: number): number;
}
