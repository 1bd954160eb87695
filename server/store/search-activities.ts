import crypto from 'node:crypto';
import { type Db, prepared } from './database.js';
import { searchActivitiesSince } from './retention.js';

export type SearchActivityKind = 'companies' | 'jobs' | 'jobs_with_people' | 'posts' | 'posts_with_people';

/** A recorded company, job or post search. */
export interface SearchActivity {
  activityId: string;
  ownerUserId: string;
  actingUserId: string;
  kind: SearchActivityKind;
  /** The engine query the search applied (its `query` clause, without paging or sorting). */
  query: Record<string, unknown>;
  /** Ids of the rows returned, in order. */
  resultIds: string[];
  total: number | null;
  createdAt: number;
}

interface Row {
  activity_id: string;
  owner_user_id: string;
  acting_user_id: string;
  kind: SearchActivityKind;
  query_json: string;
  result_ids: string;
  total: number | null;
  created_at: number;
}

/** Repository for search activities. */
export class SearchActivityStore {
  constructor(private readonly db: Db) {}

  /** Records a search and returns its id (a UUID). */
  record(input: Omit<SearchActivity, 'activityId'>): string {
    const activityId = crypto.randomUUID();
    prepared(
      this.db,
      `INSERT INTO search_activities (activity_id, owner_user_id, acting_user_id, kind, query_json, result_ids, total, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      activityId,
      input.ownerUserId,
      input.actingUserId,
      input.kind,
      JSON.stringify(input.query),
      JSON.stringify(input.resultIds),
      input.total,
      input.createdAt,
    );
    return activityId;
  }

  /**
   * A search of this owner still usable at `now`, or null (another owner's search, or one older
   * than SEARCH_ACTIVITY_TTL_MS, is not found either).
   */
  get(activityId: string, ownerUserId: string, now: number): SearchActivity | null {
    const row = prepared(this.db, 'SELECT * FROM search_activities WHERE activity_id = ? AND owner_user_id = ? AND created_at > ?').get(
      activityId,
      ownerUserId,
      searchActivitiesSince(now),
    ) as Row | undefined;
    if (!row) return null;
    return {
      activityId: row.activity_id,
      ownerUserId: row.owner_user_id,
      actingUserId: row.acting_user_id,
      kind: row.kind,
      query: JSON.parse(row.query_json) as Record<string, unknown>,
      resultIds: JSON.parse(row.result_ids) as string[],
      total: row.total,
      createdAt: row.created_at,
    };
  }
}

/** Positive integer handles of post authors (`author_user_id_int` on post rows). */
export class AuthorHandleStore {
  constructor(private readonly db: Db) {}

  /** The handle of each author id, handing out new ones as needed. */
  handlesFor(authorIds: readonly string[]): Map<string, number> {
    const unique = [...new Set(authorIds)];
    const out = new Map<string, number>();
    if (!unique.length) return out;
    const insert = prepared(this.db, 'INSERT OR IGNORE INTO author_handles (author_id) VALUES (?)');
    const read = prepared(this.db, 'SELECT handle, author_id FROM author_handles WHERE author_id IN (SELECT value FROM json_each(?))');
    this.db.transaction(() => {
      for (const id of unique) insert.run(id);
    })();
    for (const r of read.all(JSON.stringify(unique)) as { handle: number; author_id: string }[]) out.set(r.author_id, r.handle);
    return out;
  }

  /** Author ids of known handles; unknown handles are left out. */
  authorsOf(handles: readonly number[]): Map<number, string> {
    const rows = prepared(this.db, 'SELECT handle, author_id FROM author_handles WHERE handle IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(handles),
    ) as { handle: number; author_id: string }[];
    return new Map(rows.map((r) => [r.handle, r.author_id]));
  }
}
