import type { Migration } from './index.js';

/**
 * Signals (issue 15, docs/signals.md). The indexer remembers a compact state per entity
 * (`entity_state`: a person's role, a company's headcount, a post's author and reactions, that a
 * job exists) and records what each run changed (`snapshot_changes`, one row per change with the
 * ids watchers match on). Watchers name signal types, a cohort and deliveries; the signals they
 * raise are kept once per watcher and key; email digests and agent webhooks are delivered from
 * `signal_deliveries` with retries. Replies that arrive outside the service (an email reply at the
 * inbound SMTP listener, a relay callback, a sandbox reply) are kept in `communication_replies`. Times are epoch milliseconds.
 */
export const signalsStore: Migration = {
  version: 15,
  name: 'signals',
  sql: `
CREATE TABLE snapshot_runs (
  run_id INTEGER PRIMARY KEY AUTOINCREMENT,
  run_key TEXT NOT NULL,
  files_json TEXT NOT NULL,
  baseline_json TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('loading', 'complete')),
  -- The order runs finished in (watchers follow it, not run_id: runs can finish out of order).
  complete_seq INTEGER UNIQUE,
  changes INTEGER NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX snapshot_runs_loading ON snapshot_runs (run_key) WHERE status = 'loading';

CREATE TABLE entity_state (
  kind TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  state_json TEXT NOT NULL,
  PRIMARY KEY (kind, entity_id)
) WITHOUT ROWID;

CREATE TABLE snapshot_changes (
  change_id INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id INTEGER NOT NULL,
  change_type TEXT NOT NULL,
  person_id TEXT,
  company_id TEXT,
  target_id TEXT,
  target_company_id TEXT,
  data_json TEXT NOT NULL
);
CREATE INDEX snapshot_changes_person ON snapshot_changes (run_id, person_id) WHERE person_id IS NOT NULL;
CREATE INDEX snapshot_changes_company ON snapshot_changes (run_id, company_id) WHERE company_id IS NOT NULL;
CREATE INDEX snapshot_changes_target ON snapshot_changes (run_id, target_id) WHERE target_id IS NOT NULL;
CREATE INDEX snapshot_changes_target_company ON snapshot_changes (run_id, target_company_id) WHERE target_company_id IS NOT NULL;

CREATE TABLE signal_watchers (
  watcher_id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL REFERENCES users (user_id),
  acting_user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  signal_types_json TEXT NOT NULL,
  project_id TEXT,
  person_ids_json TEXT NOT NULL DEFAULT '[]',
  company_ids_json TEXT NOT NULL DEFAULT '[]',
  cohort_source TEXT NOT NULL,
  deliveries_json TEXT NOT NULL,
  email_to TEXT,
  webhook_url TEXT,
  webhook_secret TEXT,
  options_json TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'deleted')),
  -- The complete_seq of the last run evaluated.
  last_run_seq INTEGER NOT NULL DEFAULT 0,
  connector_cursor INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX signal_watchers_owner ON signal_watchers (owner_user_id, created_at);

CREATE TABLE signals (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  signal_id TEXT NOT NULL UNIQUE,
  watcher_id TEXT NOT NULL,
  owner_user_id TEXT NOT NULL,
  project_id TEXT,
  run_id INTEGER,
  signal_type TEXT NOT NULL,
  dedupe_key TEXT NOT NULL,
  person_id TEXT,
  company_id TEXT,
  summary TEXT NOT NULL,
  data_json TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (watcher_id, dedupe_key)
);
CREATE INDEX signals_owner ON signals (owner_user_id, seq);
CREATE INDEX signals_project ON signals (project_id, seq) WHERE project_id IS NOT NULL;

CREATE TABLE signal_deliveries (
  watcher_id TEXT NOT NULL,
  run_id INTEGER NOT NULL,
  target TEXT NOT NULL CHECK (target IN ('email_digest', 'agent_webhook')),
  first_seq INTEGER NOT NULL,
  last_seq INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  last_status INTEGER,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (watcher_id, run_id, target)
);
CREATE INDEX signal_deliveries_due ON signal_deliveries (next_attempt_at) WHERE state = 'pending';

CREATE TABLE communication_replies (
  communication_id TEXT NOT NULL REFERENCES communications (communication_id),
  reply_key TEXT NOT NULL,
  via TEXT NOT NULL CHECK (via IN ('smtp', 'relay', 'sandbox')),
  from_address TEXT,
  subject TEXT,
  excerpt TEXT,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (communication_id, reply_key)
);
`,
};
