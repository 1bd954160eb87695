import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { loadIdLists, recordListUses, storeIdLists } from './cohort-id-lists.js';
import { type Db, prepared } from './database.js';
import { cohortsUsedSince, purgeIfDue, searchPagesSince } from './retention.js';

/** A stored full-search page: the results snapshot that enrich and replay read. */
export interface StoredSearch {
  searchId: string;
  ownerUserId: string;
  actingUserId: string;
  route: string;
  /** The bounded, normalised request the search used (never the raw body). */
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  profileIds: string[];
  createdAt: number;
}

/** JSON of a stored page, deflated: rows of person fields shrink about sevenfold. */
const deflateJson = (value: unknown): Buffer => zlib.deflateRawSync(JSON.stringify(value));

/** A stored page's request or response, as written in either encoding (migration 7). */
function readJson(stored: string | Buffer, encoding: 'json' | 'deflate'): Record<string, unknown> {
  const text = encoding === 'deflate' ? zlib.inflateRawSync(stored as Buffer).toString('utf8') : (stored as string);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * Repository for search snapshots, cohorts and the profiles an account has enriched. Pages and
 * cohorts expire (retention.ts): an expired one reads as unknown, and writes purge them.
 */
export class PeopleSearchStore {
  constructor(private readonly db: Db) {}

  /** Stores a page (at most `maxRows` rows kept) and returns its new search id. */
  saveSearch(input: Omit<StoredSearch, 'searchId'>, maxRows: number): string {
    purgeIfDue(this.db, input.createdAt);
    const searchId = `srch_${crypto.randomBytes(12).toString('hex')}`;
    const request = deflateJson(input.request);
    const response = deflateJson({ ...input.response, search_id: searchId });
    const insertRow = prepared(this.db, 'INSERT INTO people_search_rows (search_id, position, profile_id) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      prepared(
        this.db,
        `INSERT INTO people_searches (search_id, owner_user_id, acting_user_id, route, request_json, response_json, encoding, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 'deflate', ?)`,
      ).run(searchId, input.ownerUserId, input.actingUserId, input.route, request, response, input.createdAt);
      input.profileIds.slice(0, maxRows).forEach((id, i) => {
        insertRow.run(searchId, i, id);
      });
    })();
    return searchId;
  }

  /** A stored search of this owner alive at `now`, or null (another owner's or an expired one is not found either). */
  getSearch(searchId: string, ownerUserId: string, now: number): StoredSearch | null {
    const row = prepared(this.db, 'SELECT * FROM people_searches WHERE search_id = ? AND owner_user_id = ? AND created_at > ?').get(
      searchId,
      ownerUserId,
      searchPagesSince(now),
    ) as
      | {
          search_id: string;
          owner_user_id: string;
          acting_user_id: string;
          route: string;
          request_json: string | Buffer;
          response_json: string | Buffer;
          encoding: 'json' | 'deflate';
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
      request: readJson(row.request_json, row.encoding),
      response: readJson(row.response_json, row.encoding),
      profileIds: ids,
      createdAt: row.created_at,
    };
  }

  /**
   * Stores a cohort: the filter part of a search's query, so reusing the reference restricts a
   * later search to the people that search matches. `size` is the total when it was made. Long
   * id lists of the query are stored once, packed, and shared by every cohort that has them.
   */
  saveCohort(ownerUserId: string, query: Record<string, unknown>, size: number, now: number): string {
    purgeIfDue(this.db, now);
    const ref = `coh_${crypto.randomBytes(12).toString('hex')}`;
    const insert = prepared(
      this.db,
      'INSERT INTO cohorts (cohort_ref, owner_user_id, query_json, size, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      const stored = storeIdLists(this.db, query);
      insert.run(ref, ownerUserId, JSON.stringify(stored.query), size, now, now);
      recordListUses(this.db, ref, stored.listIds);
    })();
    return ref;
  }

  /**
   * Which of `refs` name no cohort of this owner alive at `now` (unknown, expired or another
   * owner's), in the order given. Reads only: checking does not count as a use.
   */
  unknownCohorts(refs: readonly string[], ownerUserId: string, now: number): string[] {
    const alive = prepared(this.db, 'SELECT 1 FROM cohorts WHERE cohort_ref = ? AND owner_user_id = ? AND last_used_at > ?');
    const since = cohortsUsedSince(now);
    return refs.filter((ref) => alive.get(ref, ownerUserId, since) === undefined);
  }

  /**
   * The query of a cohort of this owner alive at `now`, or null when the reference is unknown
   * or expired. Using a cohort keeps it alive for another idle period.
   */
  getCohort(ref: string, ownerUserId: string, now: number): Record<string, unknown> | null {
    const row = prepared(this.db, 'SELECT query_json FROM cohorts WHERE cohort_ref = ? AND owner_user_id = ? AND last_used_at > ?').get(
      ref,
      ownerUserId,
      cohortsUsedSince(now),
    ) as { query_json: string } | undefined;
    if (!row) return null;
    prepared(this.db, 'UPDATE cohorts SET last_used_at = max(last_used_at, ?) WHERE cohort_ref = ?').run(now, ref);
    return loadIdLists(this.db, ref, JSON.parse(row.query_json) as Record<string, unknown>);
  }

  /** Which of these profiles the owner has already enriched (read only: enrich prices the rest). */
  enrichedAmong(ownerUserId: string, profileIds: string[]): Set<string> {
    const get = prepared(this.db, 'SELECT 1 FROM enriched_profiles WHERE owner_user_id = ? AND profile_id = ?');
    return new Set(profileIds.filter((id) => get.get(ownerUserId, id) !== undefined));
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
