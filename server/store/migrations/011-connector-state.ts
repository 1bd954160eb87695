import type { Migration } from './index.js';

/**
 * State of the MCP connector (issue 13): agent sessions (an agent's current project and recent
 * searches, across calls of a stateless transport), feedback reports, and bulk CSV exports
 * (the file lives in DATA_DIR/exports; the row says whose it is and until when). Times are
 * epoch milliseconds.
 */
export const connectorState: Migration = {
  version: 11,
  name: 'connector-state',
  sql: `
CREATE TABLE agent_sessions (
  session_id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL REFERENCES users (user_id),
  acting_user_id TEXT NOT NULL,
  label TEXT,
  project_id TEXT,
  recent_searches TEXT NOT NULL DEFAULT '[]',
  bound_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  closed_at INTEGER
);
CREATE INDEX agent_sessions_owner ON agent_sessions (owner_user_id, last_used_at);

CREATE TABLE feedback_reports (
  feedback_id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL REFERENCES users (user_id),
  acting_user_id TEXT NOT NULL,
  category TEXT NOT NULL,
  message TEXT NOT NULL,
  tool TEXT,
  search_id TEXT,
  rating INTEGER,
  via TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX feedback_reports_owner ON feedback_reports (owner_user_id, created_at);

CREATE TABLE bulk_exports (
  export_id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL REFERENCES users (user_id),
  acting_user_id TEXT NOT NULL,
  row_count INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX bulk_exports_expiry ON bulk_exports (expires_at);
`,
};
