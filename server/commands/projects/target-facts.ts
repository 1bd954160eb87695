/**
 * What Proxima knows of a project's targets for drafting (docs/projects.md): each person's
 * profile, a mutual connection's name and the start of their latest post, read a batch of
 * targets at a time: a few engine reads for a few hundred targets, where reading them one by one
 * took two to four reads each and a project of thousands passed the request's time budget.
 */
import { INDICES } from '../../../mappings/indices.js';
import { SearchEngineError } from '../../../search-engine/errors.js';
import type { Project } from '../../projects/record.js';
import type { Services } from '../../services.js';
import type { Target } from '../communications/resolve-target.js';
import { accountProfileOf, type ProfileDoc, recentPosts } from '../read-profile.js';
import type { DraftFacts } from './drafting.js';

/** A target's facts, the profile they come from, and the person as channels see them. */
export interface TargetFacts {
  facts: DraftFacts;
  profile: Record<string, unknown> | null;
  target: Target;
}

/** Targets whose facts are read together: ids in one `mget` and in one posts query. */
export const FACTS_BATCH = 200;
/** Posts read for a batch's latest-post query; an author not among them is asked alone. */
const POSTS_PER_BATCH = 1000;

const PROFILES = INDICES.profiles.alias;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The facts of one target (see {@link targetFactsOf}). */
export async function targetFacts(services: Services, project: Project, targetUserId: string): Promise<TargetFacts> {
  return (await targetFactsOf(services, project, [targetUserId])).get(targetUserId)!;
}

/**
 * Facts of many targets, by target user id, {@link FACTS_BATCH} at a time. The same code reads one
 * target, so a draft's fingerprint (drafting.ts) is the same however its facts were read.
 */
export async function targetFactsOf(
  services: Services,
  project: Project,
  targetUserIds: readonly string[],
  /** Posts read per batch (tests make it small to reach the authors asked alone). */
  postsPerBatch = POSTS_PER_BATCH,
): Promise<Map<string, TargetFacts>> {
  const ids = [...new Set(targetUserIds)];
  const out = new Map<string, TargetFacts>();
  const sender = services.users.get(project.actingUserId);
  for (let i = 0; i < ids.length; i += FACTS_BATCH) {
    const chunk = ids.slice(i, i + FACTS_BATCH);
    const profiles = await profilesOf(services, chunk);
    const mutuals = chunk.map((id) => services.graph.mutualConnections(project.actingUserId, id, 1)[0] ?? null);
    const names = await namesOf(
      services,
      mutuals.filter((m): m is string => m !== null),
    );
    const posts = await latestPostsOf(services, chunk, postsPerBatch);
    for (const [k, id] of chunk.entries()) {
      const p = profiles[k] ?? null;
      const account = services.users.get(id);
      const known = p !== null || account !== null;
      const target: Target = {
        userId: known ? id : null,
        matchedBy: known ? 'target_user_id' : null,
        profile: p,
        account: known ? account : null,
        inputs: { target_user_id: id },
        unresolvedInputs: known ? [] : ['target_user_id'],
      };
      const text = posts.get(id) ?? null;
      out.set(id, {
        target,
        profile: p,
        facts: {
          first_name: str(p?.first_name) ?? str(p?.display_name)?.split(' ')[0] ?? null,
          full_name: str(p?.display_name),
          current_title: str(p?.current_title),
          current_company: str(p?.current_company_name),
          shared_connection: mutuals[k] ? (names.get(mutuals[k]!) ?? null) : null,
          recent_post_topic: text
            ? text
                .split(/[.!?\n]/)[0]!
                .trim()
                .split(/\s+/)
                .slice(0, 8)
                .join(' ')
            : null,
          sender_first_name: sender?.name?.split(' ')[0] ?? null,
          sender_name: sender?.name ?? null,
          pitch: project.pitch,
          // A title Proxima made up names the workspace, not anything to tell a person.
          project_title: project.titleIsAuto ? null : project.title,
          schedule_link: null,
        },
      });
    }
  }
  return out;
}

/** Profiles of `ids` as readProfile reads them (an account-only member's from the account), or null. */
async function profilesOf(services: Services, ids: string[]): Promise<(ProfileDoc | null)[]> {
  let docs: (ProfileDoc | null)[];
  try {
    docs = await services.engine.mget<ProfileDoc>(PROFILES, ids);
  } catch (err) {
    if (err instanceof SearchEngineError && err.code === 'index_not_found') docs = ids.map(() => null);
    else throw err;
  }
  return ids.map((id, i) => docs[i] ?? accountProfileOf(services, id));
}

/**
 * A read the engine shed (too many waiting): the whole call is refused and retried, rather than
 * facts made without a name or a post, whose fingerprint would mark the draft stale later.
 */
const shed = (err: unknown): boolean => err instanceof SearchEngineError && err.code === 'overloaded';

/** Display names of people (their profile's, else their account's); none when the read fails. */
async function namesOf(services: Services, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const docs = await services.engine.mget<Record<string, unknown>>(PROFILES, unique).catch((err: unknown) => {
    if (shed(err)) throw err;
    return unique.map(() => null);
  });
  const out = new Map<string, string>();
  for (const [i, id] of unique.entries()) {
    const name = str(docs[i]?.display_name) ?? services.users.get(id)?.name ?? null;
    if (name) out.set(id, name);
  }
  return out;
}

/**
 * The text of each author's latest own post (as recentPosts orders them: newest, then by id), in
 * one query for the batch. Posts come newest first across all the authors, so an author's first
 * post met is their latest; an author with none among a full page is asked alone. No text when
 * posts cannot be read.
 */
async function latestPostsOf(services: Services, authors: string[], pageSize: number): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  let full = false;
  try {
    const res = await services.engine.search<{ author_id?: string; text?: string }>(INDICES.posts.alias, {
      query: { bool: { filter: [{ terms: { author_id: authors } }, { term: { author_entity_type: 'person' } }] } },
      sort: [{ posted_at: { order: 'desc' } }, { id: 'asc' }],
      size: pageSize,
      _source: ['author_id', 'text'],
      track_total_hits: false,
    });
    for (const h of res.hits) if (h.source.author_id && !out.has(h.source.author_id)) out.set(h.source.author_id, h.source.text ?? null);
    full = res.hits.length >= pageSize;
  } catch (err) {
    if (shed(err)) throw err;
    return out;
  }
  if (full)
    for (const id of authors.filter((a) => !out.has(a)))
      out.set(
        id,
        (
          await recentPosts(services, id, 1).catch((err: unknown) => {
            if (shed(err)) throw err;
            return [];
          })
        )[0]?.text ?? null,
      );
  return out;
}
