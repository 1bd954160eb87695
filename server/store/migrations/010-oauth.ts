import type { Migration } from './index.js';

/**
 * The OAuth authorization server's records (server/oauth): one table for every oidc-provider
 * model (clients, grants, sessions, interactions, codes, refresh tokens), each a JSON payload
 * with the columns the adapter looks records up by. Times are epoch milliseconds.
 */
export const oauthStore: Migration = {
  version: 10,
  name: 'oauth',
  sql: `
CREATE TABLE oauth_records (
  model TEXT NOT NULL,
  id TEXT NOT NULL,
  payload TEXT NOT NULL,
  grant_id TEXT,
  uid TEXT,
  user_code TEXT,
  account_id TEXT,
  client_id TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  consumed_at INTEGER,
  PRIMARY KEY (model, id)
) WITHOUT ROWID;
CREATE INDEX oauth_records_grant ON oauth_records (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_records_uid ON oauth_records (uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_records_user_code ON oauth_records (user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oauth_records_account ON oauth_records (account_id, model) WHERE account_id IS NOT NULL;
CREATE INDEX oauth_records_expiry ON oauth_records (expires_at) WHERE expires_at IS NOT NULL;
`,
};
