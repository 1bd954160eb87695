/**
 * Who wrote the posts of a post search: the person authors (`/with-people`, and people search's
 * post-author cohorts) and the company actors of official company posts (`with_companies`).
 * Execute-step helpers: each reads posts by a planned body, then the authors' documents.
 */
import { INDICES } from '../../../mappings/indices.js';
import { authorScanBody, buildPostsQuery, companyActorFilters, personAuthorsBody } from '../../../query-planner/build/posts-query.js';
import { POST_SEARCH_LIMITS } from '../../../query-planner/limits.js';
import type { NormalizedPostFilters } from '../../../query-planner/post-filters.js';
import { SearchEngineError } from '../../../search-engine/errors.js';
import type { Query, SearchBody } from '../../../search-engine/port.js';
import type { Services } from '../../services.js';

const POSTS = INDICES.posts.alias;
const PROFILES = INDICES.profiles.alias;
const COMPANIES = INDICES.companies.alias;

/** Posts read to collect the authors of `/with-people` and the company actors of `with_companies`. */
export const AUTHOR_SCAN = 1_000;
/** Authors a people-search binding restricts to at most (read when people search uses it). */
export const BINDING_MAX_AUTHORS = 10_000;
/** Matched posts kept per company actor. */
export const COMPANY_MATCHED_POSTS = 3;

export type Doc = Record<string, unknown>;
export type PostHit = { id: string; source: Doc };

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const missingIndex = (e: unknown) => e instanceof SearchEngineError && e.code === 'index_not_found';

/** Runs one posts search; no posts index yet reads as no posts. */
export async function searchPosts(services: Services, body: SearchBody): Promise<{ hits: PostHit[]; total: number }> {
  try {
    const res = await services.engine.search<Doc>(POSTS, body);
    return { hits: res.hits.map((h) => ({ id: h.id, source: h.source })), total: res.total?.value ?? res.hits.length };
  } catch (e) {
    if (missingIndex(e)) return { hits: [], total: 0 };
    throw e;
  }
}

async function mgetOrNulls(services: Services, index: string, ids: string[]): Promise<(Doc | null)[]> {
  if (!ids.length) return [];
  try {
    return await services.engine.mget<Doc>(index, ids);
  } catch (e) {
    if (missingIndex(e)) return ids.map(() => null);
    throw e;
  }
}

/** Person authors of the posts a query matches, in the query's order, at most `max`. */
export async function postAuthorIds(services: Services, query: Query, max: number): Promise<string[]> {
  const { hits } = await searchPosts(services, personAuthorsBody(query, max, POST_SEARCH_LIMITS.resultWindow));
  const out: string[] = [];
  const seen = new Set<string>();
  for (const h of hits) {
    const id = str(h.source.author_id);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    if (out.length >= max) break;
  }
  return out;
}

/** A company actor: the company behind official posts, with its matched posts. */
export interface CompanyActor {
  id: string;
  /** The name the posts carry (the company document's name wins when there is one). */
  postedName: string | null;
  /** The company's document, when the companies index has it. */
  doc: Doc | null;
  /** Matched posts, newest first. */
  posts: PostHit[];
}

/** Company actors of the official company posts matching the search, most matched posts first. */
export async function companyActors(
  services: Services,
  filters: NormalizedPostFilters,
  text: string | null,
  now: Date,
): Promise<CompanyActor[]> {
  const built = buildPostsQuery({
    query: text ?? undefined,
    filters: companyActorFilters(filters),
    sort_by: 'recent',
    from: 0,
    size: AUTHOR_SCAN,
    now,
  });
  if (built.matchesNothing) return [];
  const { hits } = await searchPosts(services, authorScanBody(built.body, AUTHOR_SCAN, ['author_id', 'author_name', 'text', 'posted_at']));
  const groups = new Map<string, { name: string | null; posts: PostHit[] }>();
  for (const h of hits) {
    const id = str(h.source.author_id);
    if (!id) continue;
    const g = groups.get(id) ?? { name: str(h.source.author_name), posts: [] };
    g.posts.push(h);
    groups.set(id, g);
  }
  const ids = [...groups.keys()];
  const docs = await mgetOrNulls(services, COMPANIES, ids);
  return ids
    .map((id, i) => ({ id, postedName: groups.get(id)!.name, doc: docs[i] ?? null, posts: groups.get(id)!.posts }))
    .sort((a, b) => b.posts.length - a.posts.length);
}

/** A person author of the matched posts. */
export interface PersonAuthor {
  id: string;
  /** The author's profile, when the people index has it. */
  doc: Doc | null;
  /** Their matched posts, in result order. */
  posts: PostHit[];
}

/** Deduplicated person authors of the matching posts, in result order, at most `limit`, with their profiles. */
export async function personAuthors(services: Services, body: SearchBody, limit: number): Promise<PersonAuthor[]> {
  const { hits } = await searchPosts(services, authorScanBody(body, AUTHOR_SCAN, ['author_id', 'author_entity_type', 'posted_at']));
  const order: string[] = [];
  const posts = new Map<string, PostHit[]>();
  for (const h of hits) {
    if (h.source.author_entity_type !== 'person') continue;
    const id = str(h.source.author_id);
    if (!id) continue;
    if (!posts.has(id)) {
      if (order.length >= limit) continue;
      order.push(id);
      posts.set(id, []);
    }
    posts.get(id)!.push(h);
  }
  const docs = await mgetOrNulls(services, PROFILES, order);
  return order.map((id, i) => ({ id, doc: docs[i] ?? null, posts: posts.get(id)! }));
}
