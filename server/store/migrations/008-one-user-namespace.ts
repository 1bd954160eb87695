import type { Migration } from './index.js';

/**
 * One user namespace (issue 12): a person has one id everywhere. Until now an account had its
 * own uuid and pointed at its corpus person through `users.profile_id`, so a `user_id` taken
 * from a search row was not an account's id and vice versa.
 *
 * From this version an account linked to a corpus person has that person's id as its user id,
 * and `users.corpus_person` says so. An account with no corpus person keeps its uuid, which is
 * also the id of the minimal profile the service publishes for it (server/commands/account-profiles.ts).
 *
 * Every reference to a moved account is rewritten in the same transaction: keys, delegate grants,
 * the usage ledger (whose triggers rebuild the usage buckets of both ids), stored searches,
 * cohorts, enriched profiles, communications and search activities. When two accounts were
 * linked to the same person, the older keeps the link and the other keeps its uuid, unlinked.
 */
export const oneUserNamespace: Migration = {
  version: 8,
  name: 'one-user-namespace',
  sql: `
PRAGMA defer_foreign_keys = ON;

ALTER TABLE users ADD COLUMN corpus_person INTEGER NOT NULL DEFAULT 0 CHECK (corpus_person IN (0, 1));

CREATE TEMP TABLE user_id_moves (old_id TEXT PRIMARY KEY, new_id TEXT NOT NULL UNIQUE);
INSERT INTO temp.user_id_moves (old_id, new_id)
  SELECT u.user_id, u.profile_id FROM users u
  WHERE u.profile_id IS NOT NULL AND u.profile_id <> u.user_id
    AND NOT EXISTS (SELECT 1 FROM users o WHERE o.user_id = u.profile_id)
    AND u.rowid = (SELECT x.rowid FROM users x WHERE x.profile_id = u.profile_id ORDER BY x.created_at, x.rowid LIMIT 1);

UPDATE users SET profile_id = NULL
  WHERE profile_id IS NOT NULL AND profile_id <> user_id AND user_id NOT IN (SELECT old_id FROM temp.user_id_moves);

UPDATE users SET user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = users.user_id)
  WHERE user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE users SET corpus_person = 1 WHERE profile_id IS NOT NULL AND profile_id = user_id;

UPDATE api_keys SET user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = api_keys.user_id)
  WHERE user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE delegate_grants SET owner_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = delegate_grants.owner_user_id)
  WHERE owner_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE delegate_grants SET delegate_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = delegate_grants.delegate_user_id)
  WHERE delegate_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE usage_ledger SET owner_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = usage_ledger.owner_user_id)
  WHERE owner_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE usage_ledger SET acting_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = usage_ledger.acting_user_id)
  WHERE acting_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE people_searches SET owner_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = people_searches.owner_user_id)
  WHERE owner_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE people_searches SET acting_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = people_searches.acting_user_id)
  WHERE acting_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE cohorts SET owner_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = cohorts.owner_user_id)
  WHERE owner_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE enriched_profiles SET owner_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = enriched_profiles.owner_user_id)
  WHERE owner_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE communications SET owner_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = communications.owner_user_id)
  WHERE owner_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE communications SET acting_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = communications.acting_user_id)
  WHERE acting_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE communications SET target_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = communications.target_user_id)
  WHERE target_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE search_activities SET owner_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = search_activities.owner_user_id)
  WHERE owner_user_id IN (SELECT old_id FROM temp.user_id_moves);
UPDATE search_activities SET acting_user_id = (SELECT new_id FROM temp.user_id_moves WHERE old_id = search_activities.acting_user_id)
  WHERE acting_user_id IN (SELECT old_id FROM temp.user_id_moves);

DROP TABLE temp.user_id_moves;
`,
};
