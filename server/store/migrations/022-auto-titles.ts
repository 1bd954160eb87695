import type { Migration } from './index.js';

/**
 * A project title Proxima made up (a connector draft's `Drafts: <session label>`, a search-only
 * shell's `Searches: <session label>`) is marked, so drafting never mails it as if the owner had
 * written it (docs/projects.md, "Templates and drafts"). A title given or changed by a person is
 * not auto. Titles made before are found by their shape on projects bound to an agent session.
 */
export const autoTitles: Migration = {
  version: 22,
  name: 'auto-titles',
  sql: `
ALTER TABLE projects ADD COLUMN title_is_auto INTEGER NOT NULL DEFAULT 0;
UPDATE projects SET title_is_auto = 1
  WHERE kind = 'search' OR (agent_session_id IS NOT NULL AND (title LIKE 'Drafts: %' OR title LIKE 'Drafts of %'));
`,
};
