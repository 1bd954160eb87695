import { type Db, prepared } from './database.js';

/** Previous correspondence between the requester and one person. */
export interface Correspondence {
  count: number;
  lastAt: number | null;
  channels: string[];
}

/**
 * Read side of the communications store used by people search: what the requester has
 * already sent each person. Drafts and dry runs are not correspondence; failed and cancelled
 * sends are not either. A send's time is when it was dispatched, else when it was asked for (the
 * history route's `last_sent_at` reads the same).
 */
export class CorrespondenceReader {
  constructor(private readonly db: Db) {}

  forTargets(actingUserId: string, targetIds: readonly string[]): Map<string, Correspondence> {
    const rows = prepared(
      this.db,
      `SELECT target_user_id AS id, count(*) AS n, max(coalesce(dispatched_at, created_at)) AS last_at, group_concat(DISTINCT channel) AS channels
         FROM communications
         WHERE acting_user_id = ? AND target_user_id IN (SELECT value FROM json_each(?))
           AND mode = 'send' AND status NOT IN ('failed', 'cancelled')
         GROUP BY target_user_id`,
    ).all(actingUserId, JSON.stringify(targetIds)) as { id: string; n: number; last_at: number | null; channels: string | null }[];
    return new Map(
      rows.map((r) => [r.id, { count: r.n, lastAt: r.last_at, channels: (r.channels ?? '').split(',').filter(Boolean).sort() }]),
    );
  }
}
