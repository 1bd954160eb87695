import crypto from 'node:crypto';
import { type Db, prepared } from './database.js';

/** A stored full-search page: the results snapshot that enrich and replay read. */
export interface StoredSearch {
  searchId: string;
  ownerUserId: string;
  actingUserId: string;
  route: string;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  profileIds: string[];
  createdAt: number;
}

/** Repository for search snapshots, cohorts and the profiles an account has enriched. */
export class PeopleSearchStore {
  constructor(private readonly db: Db) {}

  /** Stores a page (at most `maxRows` rows kept) and returns its new search id. */
  saveSearch(input: Omit<StoredSearch, 'searchId'>, maxRows: number): string {
    const searchId = `srch_${crypto.randomBytes(12).toString('hex')}`;
    const insertRow = prepared(this.db, 'INSERT INTO people_search_rows (search_id, position, profile_id) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      prepared(
        this.db,
        'INSERT INTO people_searches (search_id, owner_user_id, acting_user_id, route, request_json, response_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(
        searchId,
        input.ownerUserId,
        input.actingUserId,
        input.route,
        JSON.stringify(input.request),
        JSON.stringify({ ...input.response, search_id: searchId }),
        input.createdAt,
      );
      input.profileIds.slice(0, maxRows).forEach((id, i) => {
        insertRow.run(searchId, i, id);
      });
    })();
    return searchId;
  }

  /** A stored search of this owner, or null (another owner's search is not found either). */
  getSearch(searchId: string, ownerUserId: string): StoredSearch | null {
    const row = prepared(this.db, 'SELECT * FROM people_searches WHERE search_id = ? AND owner_user_id = ?').get(searchId, ownerUserId) as
      | {
          search_id: string;
          owner_user_id: string;
          acting_user_id: string;
          route: string;
          request_json: string;
          response_json: string;
          created_at: number;
        }
      | undefined;
    if (!row) return null;
    const ids = (
      prepared(this.db, 'SELECT profile_id FROM people_search_rows WHERE search_id = ? ORDER BY position').all(searchId) as {
        profile_id: string;
      }[]
    ).map((r) => r.profile_id);
    return {
      searchId: row.search_id,
      ownerUserId: row.owner_user_id,
      actingUserId: row.acting_user_id,
      route: row.route,
      request: JSON.parse(row.request_json) as Record<string, unknown>,
      response: JSON.parse(row.response_json) as Record<string, unknown>,
      profileIds: ids,
      createdAt: row.created_at,
    };
  }

  /**
   * Stores a cohort: the filter part of a search's query, so reusing the reference restricts a
   * later search to the people that search matches. `size` is the total when it was made.
   */
  saveCohort(ownerUserId: string, query: Record<string, unknown>, size: number, now: number): string {
    const ref = `coh_${crypto.randomBytes(12).toString('hex')}`;
    prepared(this.db, 'INSERT INTO cohorts (cohort_ref, owner_user_id, query_json, size, created_at) VALUES (?, ?, ?, ?, ?)').run(
      ref,
      ownerUserId,
      JSON.stringify(query),
      size,
      now,
    );
    return ref;
  }

  /** The query of a cohort of this owner, or null when the reference is unknown. */
  getCohort(ref: string, ownerUserId: string): Record<string, unknown> | null {
    const row = prepared(this.db, 'SELECT query_json FROM cohorts WHERE cohort_ref = ? AND owner_user_id = ?').get(ref, ownerUserId) as
      | { query_json: string }
      | undefined;
    return row ? (JSON.parse(row.query_json) as Record<string, unknown>) : null;
  }

  /** Marks profiles enriched for an owner; returns which of them were new. */
  markEnriched(ownerUserId: string, profileIds: string[], now: number): string[] {
    const insert = prepared(this.db, 'INSERT OR IGNORE INTO enriched_profiles (owner_user_id, profile_id, enriched_at) VALUES (?, ?, ?)');
    const fresh: string[] = [];
    this.db.transaction(() => {
      for (const id of profileIds) if (insert.run(ownerUserId, id, now).changes === 1) fresh.push(id);
    })();
    return fresh;
  }
}
