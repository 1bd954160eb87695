import type { Migration } from './index.js';

/**
 * Pending credit holds, and bounded people-search storage.
 *
 * `usage_ledger.pending_holder` names the process (its hold lease, server/billing/hold-lease.ts)
 * whose call a charge belongs to until that call produces its response; NULL is a final charge,
 * as every row written before this version is. Pending rows count in the window like final ones,
 * so the usage-bucket triggers of version 5 need no change: committing only clears this column,
 * which none of them watches, and releasing deletes the row, which they do.
 *
 * Stored searches and cohorts expire (server/store/retention.ts): `cohorts.last_used_at` is when
 * a cohort was made or last applied, and the indexes serve the purge. A stored page's request
 * and response are deflated (a page of 25 rows with evidence: about 34 KB as JSON, 5 KB
 * deflated); `people_searches.encoding` says which rows are. Long id lists of cohort
 * queries are kept once each, packed, in `cohort_id_lists` (keyed by a digest of the ids) and
 * referenced from the query through `cohort_id_list_uses`, instead of as JSON in every cohort.
 */
export const pendingHoldsAndRetention: Migration = {
  version: 7,
  name: 'pending-holds-and-retention',
  sql: `
ALTER TABLE usage_ledger ADD COLUMN pending_holder TEXT;
CREATE INDEX usage_ledger_pending ON usage_ledger (pending_holder) WHERE pending_holder IS NOT NULL;

CREATE INDEX people_searches_created ON people_searches (created_at);
-- 'deflate': request_json and response_json hold raw-deflated JSON (BLOBs); 'json': JSON text,
-- as in every row written before this version.
ALTER TABLE people_searches ADD COLUMN encoding TEXT NOT NULL DEFAULT 'json' CHECK (encoding IN ('json', 'deflate'));

ALTER TABLE cohorts ADD COLUMN last_used_at INTEGER NOT NULL DEFAULT 0;
UPDATE cohorts SET last_used_at = created_at;
CREATE INDEX cohorts_last_used ON cohorts (last_used_at);

CREATE TABLE cohort_id_lists (
  list_id INTEGER PRIMARY KEY,
  digest BLOB NOT NULL UNIQUE,
  id_count INTEGER NOT NULL,
  ids BLOB NOT NULL
);

CREATE TABLE cohort_id_list_uses (
  cohort_ref TEXT NOT NULL REFERENCES cohorts (cohort_ref) ON DELETE CASCADE,
  list_id INTEGER NOT NULL REFERENCES cohort_id_lists (list_id),
  PRIMARY KEY (cohort_ref, list_id)
) WITHOUT ROWID;
CREATE INDEX cohort_id_list_uses_list ON cohort_id_list_uses (list_id);
`,
};
