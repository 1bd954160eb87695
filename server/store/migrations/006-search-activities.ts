import type { Migration } from './index.js';

/**
 * One row per company, job or post search: who ran it, the engine query it applied (so a
 * company search can restrict a later people search to its companies), and the ids it returned.
 * `search_activity_id` (jobs, posts) and the company `search_id` are this table's key.
 */
export const searchActivities: Migration = {
  version: 6,
  name: 'search-activities',
  sql: `
CREATE TABLE search_activities (
  activity_id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL,
  acting_user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('companies', 'jobs', 'jobs_with_people', 'posts', 'posts_with_people')),
  query_json TEXT NOT NULL,
  result_ids TEXT NOT NULL,
  total INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX search_activities_owner_time ON search_activities (owner_user_id, created_at);

-- Positive integer handles of post authors (person or company ids), handed out the first time an
-- author appears in post results (\`author_user_id_int\`) and accepted back by
-- \`filters.posts.author_user_id_ints\`.
CREATE TABLE author_handles (
  handle INTEGER PRIMARY KEY AUTOINCREMENT,
  author_id TEXT NOT NULL UNIQUE
);
`,
};
