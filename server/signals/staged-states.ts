import type { DocumentKind } from '../../mappings/record-schemas.js';
import { type Db, prepared } from '../store/database.js';

/**
 * A baseline's entity states (docs/signals.md, "Baselines"). A first load of a kind reports
 * nothing, so nothing reads its states while it runs: they are appended to `entity_state_load` in
 * arrival order, a few pages a batch, and merged into `entity_state` in key order when the run
 * finishes, or before anything reads states of the kind. Written straight into `entity_state`,
 * keyed by random ids, each batch dirtied about a page per record: 64 s of the indexer's main
 * thread for a million profiles, against 12 s for appending and merging (docs/performance.md,
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
  }).immediate();
}

/**
 * Staged states merged per transaction: about 2 s of work at a million profiles, so the server
 * sharing the store file (busy timeout 5 s) is not kept waiting for a whole merge (one
 * transaction took 4.7 s at 1M; four chunks take 8 s in all).
 */
const MERGE_CHUNK = 250_000;

/**
 * Moves a kind's staged states into `entity_state`: the last of each id, a deletion forgetting it.
 * Chunks go in arrival order, each in its own transaction and in key order within it, so a later
 * chunk overrides an earlier one as a later batch would have; what a crash leaves staged is
 * merged by the next call.
 */
export function mergeStagedStates(db: Db, kind: string, chunk = MERGE_CHUNK): void {
  const firstSeq = prepared(db, 'SELECT min(seq) FROM entity_state_load WHERE kind = ?').pluck();
  const latest = `SELECT entity_id, state_json FROM (
      SELECT entity_id, state_json, row_number() OVER (PARTITION BY entity_id ORDER BY seq DESC) AS rn
      FROM entity_state_load WHERE kind = @kind AND seq >= @from AND seq < @to) WHERE rn = 1`;
  const upsert = prepared(
    db,
    `INSERT INTO entity_state (kind, entity_id, state_json)
       SELECT @kind, entity_id, state_json FROM (${latest}) WHERE state_json IS NOT NULL ORDER BY entity_id
       ON CONFLICT (kind, entity_id) DO UPDATE SET state_json = excluded.state_json`,
  );
  const forget = prepared(
    db,
    `DELETE FROM entity_state WHERE kind = @kind AND entity_id IN (SELECT entity_id FROM (${latest}) WHERE state_json IS NULL)`,
  );
  const unstage = prepared(db, 'DELETE FROM entity_state_load WHERE kind = @kind AND seq >= @from AND seq < @to');
  for (let from = firstSeq.get(kind) as number | null; from !== null; from = firstSeq.get(kind) as number | null) {
    const range = { kind, from, to: from + chunk };
    db.transaction(() => {
      upsert.run(range);
      forget.run(range);
      unstage.run(range);
    }).immediate();
  }
}
