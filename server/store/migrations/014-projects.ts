import type { Migration } from './index.js';

/**
 * Projects (issue 15): outreach workspaces with their templates, and their targets with the
 * per-target draft, its review state and what was sent. A search can leave a search-only shell
 * (`kind = 'search'`). A tracked schedule link (`project_links`) is one per target and URL; its
 * first click is what metrics count. Times are epoch milliseconds. docs/projects.md.
 */
export const projectsStore: Migration = {
  version: 14,
  name: 'projects',
  sql: `
CREATE TABLE projects (
  project_id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL REFERENCES users (user_id),
  acting_user_id TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'project' CHECK (kind IN ('project', 'search')),
  title TEXT NOT NULL,
  description TEXT,
  pitch TEXT,
  status TEXT NOT NULL DEFAULT 'draft',
  allow_discovery INTEGER NOT NULL DEFAULT 0,
  engagement_mode TEXT NOT NULL DEFAULT 'quick_text' CHECK (engagement_mode IN ('quick_text', 'schedule_live')),
  email_subject_template TEXT,
  outreach_message_prompt TEXT,
  engagement_meta_prompt TEXT,
  engagement_prompt TEXT,
  referral_intro_prompt TEXT,
  referral_forward_note_prompt TEXT,
  template_version INTEGER NOT NULL DEFAULT 0,
  agent_session_id TEXT,
  schedule_url TEXT,
  search_results_json TEXT,
  activated_at INTEGER,
  archived_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX projects_owner ON projects (owner_user_id, archived_at, updated_at);

CREATE TABLE project_targets (
  target_id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (project_id),
  target_user_id TEXT NOT NULL,
  is_included INTEGER NOT NULL DEFAULT 1,
  added_at INTEGER NOT NULL,
  removed_at INTEGER,
  draft_message TEXT,
  draft_subject TEXT,
  message_source TEXT CHECK (message_source IN ('ai_generated', 'user_edited')),
  review_status TEXT NOT NULL DEFAULT 'none' CHECK (review_status IN ('none', 'saved', 'approved')),
  contact_channel TEXT,
  recipient_email TEXT,
  sender_email_account_id TEXT,
  draft_template_version INTEGER,
  draft_target_fingerprint TEXT,
  draft_updated_at INTEGER,
  previewed_at INTEGER,
  communication_id TEXT,
  queued_at INTEGER,
  send_attempts INTEGER NOT NULL DEFAULT 0,
  UNIQUE (project_id, target_user_id)
);
CREATE INDEX project_targets_project ON project_targets (project_id, is_included, added_at);

CREATE TABLE project_links (
  token TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (project_id),
  target_id TEXT NOT NULL REFERENCES project_targets (target_id),
  url TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  first_clicked_at INTEGER,
  clicks INTEGER NOT NULL DEFAULT 0,
  UNIQUE (target_id, url)
);
CREATE INDEX project_links_project ON project_links (project_id, first_clicked_at);
`,
};
