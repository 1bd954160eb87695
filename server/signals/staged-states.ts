import type { DocumentKind } from '../../mappings/record-schemas.js';
import { type Db, prepared } from '../store/database.js';

/**
 * A baseline's entity states (docs/signals.md, "Baselines"). A first load of a kind reports
 * nothing, so nothing reads its states while it runs: they are appended to `entity_state_load` in
 * arrival order, a few pages a batch, and merged into `entity_state` in key order when the run
 * finishes, or before anything reads states of the kind. Written straight into `entity_state`,
 * keyed by random ids, each batch dirtied about a page per record: 64 s of the indexer's main
 * thread for a million profiles, against 10 s for appending and merging (docs/performance.md,
 * "Issue 17").
 */

/** The kinds whose states a baseline stages (connections keep none: the graph is their state). */
export const STAGED_KINDS: readonly DocumentKind[] = ['companies', 'profiles', 'jobs', 'posts'];

/** Appends a batch's states in order, in one transaction: `[id, state JSON]`, or `[id, null]` for a deletion. */
export function stageStates(db: Db, kind: DocumentKind, rows: [id: string, state: string | null][]): void {
  const append = prepared(db, 'INSERT INTO entity_state_load (kind, seq, entity_id, state_json) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    let seq = Number(prepared(db, 'SELECT coalesce(max(seq), 0) FROM entity_state_load WHERE kind = ?').pluck().get(kind));
    for (const [id, state] of rows) append.run(kind, ++seq, id, state);
  })();
}

/** Moves a kind's staged states into `entity_state`: the last of each id, a deletion forgetting it. */
export function mergeStagedStates(db: Db, kind: string): void {
  if (!prepared(db, 'SELECT 1 FROM entity_state_load WHERE kind = ? LIMIT 1').get(kind)) return;
  const latest = `SELECT entity_id, state_json FROM (
      SELECT entity_id, state_json, row_number() OVER (PARTITION BY entity_id ORDER BY seq DESC) AS rn
      FROM entity_state_load WHERE kind = @kind) WHERE rn = 1`;
  db.transaction(() => {
    prepared(
      db,
      `INSERT INTO entity_state (kind, entity_id, state_json)
         SELECT @kind, entity_id, state_json FROM (${latest}) WHERE state_json IS NOT NULL
         ON CONFLICT (kind, entity_id) DO UPDATE SET state_json = excluded.state_json`,
    ).run({ kind });
    prepared(
      db,
      `DELETE FROM entity_state WHERE kind = @kind AND entity_id IN (SELECT entity_id FROM (${latest}) WHERE state_json IS NULL)`,
    ).run({
      kind,
    });
    prepared(db, 'DELETE FROM entity_state_load WHERE kind = ?').run(kind);
  })();
}
