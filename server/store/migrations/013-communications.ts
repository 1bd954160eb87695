import type { Migration } from './index.js';

/**
 * Communications (issue 14): the dispatch queue, the append-only event log, artifacts, webhook
 * deliveries, the in-service inbox (conversations, invites, introductions), the sandbox networks'
 * record of what they received, and professional-network history refresh runs. The
 * `communications` table of migration 3 (which people search reads for previous correspondence)
 * becomes the record of every communication. Times are epoch milliseconds. docs/communications.md.
 */
export const communicationsStore: Migration = {
  version: 13,
  name: 'communications',
  sql: `
ALTER TABLE communications ADD COLUMN connector_user_id TEXT;
ALTER TABLE communications ADD COLUMN target_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE communications ADD COLUMN context_json TEXT;
ALTER TABLE communications ADD COLUMN idempotency_key TEXT;
ALTER TABLE communications ADD COLUMN request_hash TEXT;
ALTER TABLE communications ADD COLUMN provider TEXT;
ALTER TABLE communications ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE communications ADD COLUMN next_attempt_at INTEGER;
ALTER TABLE communications ADD COLUMN lease_owner TEXT;
ALTER TABLE communications ADD COLUMN lease_until INTEGER;
ALTER TABLE communications ADD COLUMN dispatched_at INTEGER;
ALTER TABLE communications ADD COLUMN completed_at INTEGER;
ALTER TABLE communications ADD COLUMN result_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE communications ADD COLUMN warnings_json TEXT NOT NULL DEFAULT '[]';
ALTER TABLE communications ADD COLUMN substitution_json TEXT;
ALTER TABLE communications ADD COLUMN webhook_url TEXT;
ALTER TABLE communications ADD COLUMN webhook_secret TEXT;
ALTER TABLE communications ADD COLUMN last_sequence INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX communications_idempotency ON communications (owner_user_id, acting_user_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
CREATE INDEX communications_due ON communications (status, next_attempt_at) WHERE status IN ('queued', 'in_progress');
CREATE INDEX communications_daily ON communications (owner_user_id, channel, dispatched_at) WHERE dispatched_at IS NOT NULL;
CREATE INDEX communications_acting ON communications (acting_user_id, created_at);

CREATE TABLE communication_events (
  communication_id TEXT NOT NULL,
  sequence INTEGER NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  data_json TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL,
  PRIMARY KEY (communication_id, sequence)
) WITHOUT ROWID;

CREATE TABLE communication_artifacts (
  communication_id TEXT NOT NULL,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  kind TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (communication_id, filename)
) WITHOUT ROWID;

CREATE TABLE webhook_deliveries (
  communication_id TEXT NOT NULL,
  sequence INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  attempts_json TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (communication_id, sequence)
) WITHOUT ROWID;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at) WHERE state = 'pending';

CREATE TABLE conversations (
  conversation_id TEXT PRIMARY KEY,
  user_a TEXT NOT NULL,
  user_b TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_message_at INTEGER NOT NULL,
  UNIQUE (user_a, user_b)
);
CREATE INDEX conversations_b ON conversations (user_b, last_message_at);
CREATE INDEX conversations_a ON conversations (user_a, last_message_at);

CREATE TABLE conversation_messages (
  message_id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations (conversation_id),
  sender_user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'introduction')),
  body TEXT NOT NULL,
  communication_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX conversation_messages_by_conversation ON conversation_messages (conversation_id, created_at);

CREATE TABLE conversation_reads (
  user_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  read_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, conversation_id)
) WITHOUT ROWID;

CREATE TABLE service_invites (
  invite_id TEXT PRIMARY KEY,
  communication_id TEXT NOT NULL UNIQUE,
  from_user_id TEXT NOT NULL,
  to_user_id TEXT NOT NULL,
  note TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER
);
CREATE INDEX service_invites_to ON service_invites (to_user_id, status, created_at);
CREATE INDEX service_invites_pair ON service_invites (from_user_id, to_user_id, status);

CREATE TABLE introductions (
  introduction_id TEXT PRIMARY KEY,
  communication_id TEXT NOT NULL UNIQUE,
  requester_user_id TEXT NOT NULL,
  connector_user_id TEXT NOT NULL,
  target_user_id TEXT NOT NULL,
  message TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn')),
  decision_note TEXT,
  conversation_id TEXT,
  created_at INTEGER NOT NULL,
  decided_at INTEGER
);
CREATE INDEX introductions_connector ON introductions (connector_user_id, status, created_at);
CREATE INDEX introductions_requester ON introductions (requester_user_id, created_at);

CREATE TABLE sandbox_network_messages (
  network TEXT NOT NULL,
  communication_id TEXT NOT NULL,
  sender_user_id TEXT NOT NULL,
  recipient_handle TEXT NOT NULL,
  body TEXT NOT NULL,
  delivered_at INTEGER NOT NULL,
  PRIMARY KEY (network, communication_id)
) WITHOUT ROWID;

CREATE TABLE professional_history_runs (
  run_id TEXT PRIMARY KEY,
  acting_user_id TEXT NOT NULL,
  target_user_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  error TEXT,
  messages_found INTEGER,
  requested_at INTEGER NOT NULL,
  completed_at INTEGER
);
CREATE INDEX professional_history_runs_pair ON professional_history_runs (acting_user_id, target_user_id, requested_at);
`,
};
