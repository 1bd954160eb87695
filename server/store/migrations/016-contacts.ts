import type { Migration } from './index.js';

/**
 * Contact reconciliation (issue 16, docs/contacts.md): runs, their preview and apply batches
 * (one per run, mode and batch index, so a batch sent again is the same batch), the audit rows of
 * previews, and one review entity per applied row (keyed by run and row, so re-applying a batch
 * neither loses nor duplicates a row), and delegate-resolve evidence when asked to keep it.
 * Times are epoch milliseconds.
 */
export const contactsStore: Migration = {
  version: 16,
  name: 'contacts',
  sql: `
CREATE TABLE contact_runs (
  run_id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL REFERENCES users (user_id),
  acting_user_id TEXT NOT NULL,
  source_label TEXT,
  options_json TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finalized')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  finalized_at INTEGER
);
CREATE INDEX contact_runs_owner ON contact_runs (owner_user_id, created_at);

CREATE TABLE contact_batches (
  batch_id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES contact_runs (run_id),
  mode TEXT NOT NULL CHECK (mode IN ('preview', 'apply')),
  batch_index INTEGER NOT NULL,
  row_count INTEGER NOT NULL,
  summary_json TEXT NOT NULL,
  rows_json TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (run_id, mode, batch_index)
);

CREATE TABLE contact_entities (
  entity_id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL,
  acting_user_id TEXT NOT NULL,
  run_id TEXT NOT NULL REFERENCES contact_runs (run_id),
  batch_index INTEGER NOT NULL,
  row_key TEXT NOT NULL,
  row_id TEXT,
  row_json TEXT NOT NULL,
  match_status TEXT NOT NULL,
  bucket TEXT NOT NULL CHECK (bucket IN ('approved', 'likely_match', 'needs_review', 'unresolved', 'ignored')),
  confidence REAL NOT NULL,
  reason TEXT,
  proposed_user_id TEXT,
  confirmed_user_id TEXT,
  candidates_json TEXT NOT NULL,
  -- Candidates the user said are not this contact; the bucket to go back to after ignore.
  rejected_json TEXT NOT NULL DEFAULT '[]',
  previous_bucket TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (run_id, row_key)
);
CREATE INDEX contact_entities_owner_bucket ON contact_entities (owner_user_id, bucket, created_at);

-- Delegate-resolve evidence, kept only with persist_evidence on a live call; emails and phones as keyed hashes.
CREATE TABLE contact_evidence (
  audit_run_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  owner_user_id TEXT NOT NULL,
  delegate_user_id TEXT NOT NULL,
  row_id TEXT,
  status TEXT NOT NULL,
  confidence REAL NOT NULL,
  selected_user_id TEXT,
  evidence_json TEXT NOT NULL,
  email_hashes_json TEXT NOT NULL,
  phone_hashes_json TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (audit_run_id, position)
);
`,
};
