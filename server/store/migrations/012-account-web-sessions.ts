import type { Migration } from './index.js';

/**
 * Browser sessions of the connector-and-API settings page at /account (issue 13): a random id
 * whose SHA-256 is stored (a leaked database holds no usable session), the account, and when it
 * idles out. Times are epoch milliseconds.
 */
export const accountWebSessions: Migration = {
  version: 12,
  name: 'account-web-sessions',
  sql: `
CREATE TABLE account_web_sessions (
  session_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (user_id),
  signed_in_key_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX account_web_sessions_user ON account_web_sessions (user_id);
`,
};
