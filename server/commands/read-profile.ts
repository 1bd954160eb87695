import { noLookups, toDocument } from '../../indexer/transform/documents.js';
import { INDICES } from '../../mappings/indices.js';
import { SearchEngineError } from '../../search-engine/errors.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { accountProfileRecord } from './account-profiles.js';

/** A profile document as indexed (the record plus index-time additions). */
export type ProfileDoc = Record<string, unknown> & { id: string };

/** A post document as indexed. */
export type PostDoc = Record<string, unknown> & { id: string; text?: string; posted_at: string };

/**
 * Fetches one indexed profile, or throws 404 `not_found`. An account that is not a corpus person
 * is read from its own minimal profile even before that is published to the people index.
 */
export async function readProfile(services: Services, id: string): Promise<ProfileDoc> {
  const [doc] = await services.engine.mget<ProfileDoc>(INDICES.profiles.alias, [id]);
  const profile = doc ?? accountProfileOf(services, id);
  if (profile) return profile;
  throw notFound(`No profile ${id}.`);
}

/** The profile of a member who has an account and no corpus profile, made from the account; else null. */
export function accountProfileOf(services: Services, id: string): ProfileDoc | null {
  const account = services.users.get(id);
  return account && !account.corpusPerson ? (toDocument('profiles', accountProfileRecord(account), noLookups()) as ProfileDoc) : null;
}

/** The person's most recent own posts, newest first; none when posts are not loaded. */
export async function recentPosts(services: Services, authorId: string, limit: number): Promise<PostDoc[]> {
  if (limit === 0) return [];
  try {
    const res = await services.engine.search<PostDoc>(INDICES.posts.alias, {
      query: { bool: { filter: [{ term: { author_id: authorId } }, { term: { author_entity_type: 'person' } }] } },
      sort: [{ posted_at: { order: 'desc' } }, { id: 'asc' }],
      size: limit,
      track_total_hits: false,
    });
    return res.hits.map((h) => h.source);
  } catch (err) {
    if (err instanceof SearchEngineError && err.code === 'index_not_found') return [];
    throw err;
  }
}
