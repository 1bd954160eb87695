import type { Migration } from './index.js';

/** Users, API keys, delegate grants and the usage ledger. Times are epoch milliseconds. */
export const accounts: Migration = {
  version: 1,
  name: 'accounts',
  sql: `
CREATE TABLE users (
  user_id TEXT PRIMARY KEY,
  email TEXT,
  name TEXT,
  tier TEXT NOT NULL CHECK (tier IN ('free','starter','starter_annual','pro','annual','team')),
  profile_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX users_email ON users (lower(email)) WHERE email IS NOT NULL;

CREATE TABLE api_keys (
  key_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (user_id),
  name TEXT NOT NULL,
  key_prefix TEXT NOT NULL UNIQUE,
  key_hash BLOB NOT NULL,
  scopes TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX api_keys_user ON api_keys (user_id);

CREATE TABLE delegate_grants (
  owner_user_id TEXT NOT NULL REFERENCES users (user_id),
  delegate_user_id TEXT NOT NULL REFERENCES users (user_id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (owner_user_id, delegate_user_id),
  CHECK (owner_user_id <> delegate_user_id)
);

CREATE TABLE usage_ledger (
  id INTEGER PRIMARY KEY,
  owner_user_id TEXT NOT NULL REFERENCES users (user_id),
  key_id TEXT REFERENCES api_keys (key_id),
  acting_user_id TEXT NOT NULL,
  operation TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  amount_micro INTEGER NOT NULL CHECK (amount_micro >= 0),
  request_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX usage_ledger_owner_time ON usage_ledger (owner_user_id, created_at);
CREATE INDEX usage_ledger_key_time ON usage_ledger (key_id, created_at);
`,
};
