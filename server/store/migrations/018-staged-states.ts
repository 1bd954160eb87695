import type { Migration } from './index.js';

/**
 * A baseline run's entity states, staged (issue 17, docs/signals.md "Baselines"). A first load of
 * a kind reports nothing, so nothing reads its states until the run ends: they are appended here
 * in arrival order (`seq` per kind; a null state is a deletion) and merged into `entity_state` in
 * key order when the run finishes (server/signals/change-store.ts). Appending touches a few pages a
 * batch, where upserting a batch of random ids into `entity_state` touched about one per record.
 */
export const stagedStates: Migration = {
  version: 18,
  name: 'staged-states',
  sql: `
CREATE TABLE entity_state_load (
  kind TEXT NOT NULL,
  seq INTEGER NOT NULL,
  entity_id TEXT NOT NULL,
  state_json TEXT,
  PRIMARY KEY (kind, seq)
) WITHOUT ROWID;
`,
};
