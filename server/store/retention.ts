import { type Db, prepared } from './database.js';

const DAY_MS = 86_400_000;

/** How long a stored full-search page can be replayed and enriched after the search. */
export const SEARCH_PAGE_TTL_MS = 30 * DAY_MS;

/** How long a cohort stays usable after it was made or last applied by a search. */
export const COHORT_IDLE_TTL_MS = 30 * DAY_MS;

/**
 * How long a company, job or post search's `search_id` / `search_activity_id` can be used after
 * the search (as a company filter of a later search).
 */
export const SEARCH_ACTIVITY_TTL_MS = 30 * DAY_MS;

/** Writes purge at most this often per connection; every start purges. */
const PURGE_EVERY_MS = 10 * 60_000;

/** When each connection last purged (by the clock its callers pass). */
const lastPurge = new WeakMap<Db, number>();

/** Oldest `created_at` of a search page still alive at `now` (exclusive). */
export const searchPagesSince = (now: number): number => now - SEARCH_PAGE_TTL_MS;

/** Oldest `created_at` of a search activity still usable at `now` (exclusive). */
export const searchActivitiesSince = (now: number): number => now - SEARCH_ACTIVITY_TTL_MS;

/** Oldest `last_used_at` of a cohort still alive at `now` (exclusive). */
export const cohortsUsedSince = (now: number): number => now - COHORT_IDLE_TTL_MS;

export interface PurgeCounts {
  searches: number;
  cohorts: number;
  idLists: number;
  activities: number;
}

/**
 * Deletes the search pages (their rows go with them), cohorts and company/job/post search
 * activities that expired by `now`, then the id lists no cohort uses any more. Reads already treat expired ones as unknown, so this
 * only gives the space back; it runs in one transaction.
 */
export function purgeExpiredSearches(db: Db, now: number): PurgeCounts {
  const purge = db.transaction(
    (): PurgeCounts => ({
      searches: prepared(db, 'DELETE FROM people_searches WHERE created_at <= ?').run(searchPagesSince(now)).changes,
      cohorts: prepared(db, 'DELETE FROM cohorts WHERE last_used_at <= ?').run(cohortsUsedSince(now)).changes,
      idLists: prepared(
        db,
        'DELETE FROM cohort_id_lists WHERE NOT EXISTS (SELECT 1 FROM cohort_id_list_uses u WHERE u.list_id = cohort_id_lists.list_id)',
      ).run().changes,
      activities: prepared(db, 'DELETE FROM search_activities WHERE created_at <= ?').run(searchActivitiesSince(now)).changes,
    }),
  );
  const counts = purge.immediate();
  lastPurge.set(db, now);
  return counts;
}

/** Purges when this connection has not for a while: called by the writes that add pages and cohorts. */
export function purgeIfDue(db: Db, now: number): void {
  const last = lastPurge.get(db);
  if (last === undefined || now - last >= PURGE_EVERY_MS) purgeExpiredSearches(db, now);
}
