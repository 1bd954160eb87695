import type { Migration } from './index.js';

/**
 * People search state: per-user sync status of each connection source, stored search pages
 * (results snapshots for enrich and replay), cohorts, profiles an account has enriched, and the
 * communications store that previous-correspondence fields read (the communications routes
 * add to it). Times are epoch milliseconds.
 */
export const peopleSearch: Migration = {
  version: 3,
  name: 'people-search',
  sql: `
CREATE TABLE connection_sync (
  user_id TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('service', 'professional')),
  status TEXT NOT NULL CHECK (status IN ('synced', 'syncing', 'stale', 'failed', 'not_synced')),
  synced_at INTEGER,
  detail TEXT,
  PRIMARY KEY (user_id, source)
) WITHOUT ROWID;

CREATE TABLE people_searches (
  search_id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL,
  acting_user_id TEXT NOT NULL,
  route TEXT NOT NULL,
  request_json TEXT NOT NULL,
  response_json TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX people_searches_owner ON people_searches (owner_user_id, created_at);

CREATE TABLE people_search_rows (
  search_id TEXT NOT NULL REFERENCES people_searches (search_id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  profile_id TEXT NOT NULL,
  PRIMARY KEY (search_id, position)
) WITHOUT ROWID;

CREATE TABLE cohorts (
  cohort_ref TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL,
  query_json TEXT NOT NULL,
  size INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE enriched_profiles (
  owner_user_id TEXT NOT NULL,
  profile_id TEXT NOT NULL,
  enriched_at INTEGER NOT NULL,
  PRIMARY KEY (owner_user_id, profile_id)
) WITHOUT ROWID;

CREATE TABLE communications (
  communication_id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL,
  acting_user_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  target_user_id TEXT,
  recipient_email TEXT,
  mode TEXT NOT NULL CHECK (mode IN ('send', 'draft', 'dry_run')),
  status TEXT NOT NULL,
  subject TEXT,
  body TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX communications_target ON communications (acting_user_id, target_user_id, created_at);
`,
};
