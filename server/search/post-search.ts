/**
 * Post search: filters and text to a page of posts, the deduplicated people who wrote them
 * (`/with-people`), the companies behind official company posts (`with_companies`), and a
 * binding that lets people search pivot into the authors. Routes only adapt shapes.
 */
import { INDICES } from '../../mappings/indices.js';
import { buildPostsQuery, collectsCompanyActors, companyActorFilters } from '../../query-planner/build/posts-query.js';
import { POST_SEARCH_LIMITS, type Receipt } from '../../query-planner/limits.js';
import {
  type AuthorCohortStatus,
  type NormalizedPostFilters,
  normalizePostFilters,
  type PostFilterProblem,
  type PostFilters,
  type PostSortKey,
} from '../../query-planner/post-filters.js';
import { SearchEngineError } from '../../search-engine/errors.js';
import type { Query, SearchBody } from '../../search-engine/port.js';
import type { Actor } from '../auth/actor.js';
import type { Services } from '../services.js';
import { GraphStore } from '../store/graph.js';
import { PeopleSearchStore } from '../store/people-searches.js';
import { type AuthorHandleStore, type SearchActivityKind, SearchActivityStore } from '../store/search-activities.js';
import { loadNetwork } from './network.js';

const POSTS = INDICES.posts.alias;
const PROFILES = INDICES.profiles.alias;
const COMPANIES = INDICES.companies.alias;
const L = POST_SEARCH_LIMITS;

/** Posts read to collect the authors of `/with-people` and the company actors of `with_companies`. */
export const AUTHOR_SCAN = 1_000;
/** Authors a people-search binding restricts to at most (read when people search uses it). */
export const BINDING_MAX_AUTHORS = 10_000;
/** Matched posts shown per company actor. */
export const COMPANY_MATCHED_POSTS = 3;

export interface PostSearchRequest {
  text: string | null;
  filters: PostFilters;
  limit: number;
  offset: number;
  sortBy: PostSortKey;
  sortOrder: 'asc' | 'desc' | undefined;
  withCompanies: boolean;
  /** Authors wanted (`/with-people`); 0 for the preview. */
  peopleLimit: number;
  receipts: Receipt[];
}

export interface PostSearchOutcome {
  /** Problems that make the request invalid (the route answers 400). */
  problems: PostFilterProblem[];
  results: Record<string, unknown>[];
  total: number;
  hasMore: boolean;
  filters: NormalizedPostFilters;
  authorCohort: (AuthorCohortStatus & { status: string }) | null;
  binding: Record<string, unknown>;
  companies: Record<string, unknown>[] | null;
  people: Record<string, unknown>[] | null;
  summary: string[];
  receipts: Receipt[];
  activityId: string | null;
}

type Doc = Record<string, unknown>;
type Hit = { id: string; source: Doc };

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const snippet = (text: unknown, max = 160): string | null => {
  const t = str(text);
  if (!t) return null;
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
};

async function searchPosts(services: Services, body: SearchBody): Promise<{ hits: Hit[]; total: number }> {
  try {
    const res = await services.engine.search<Doc>(POSTS, body);
    return { hits: res.hits.map((h) => ({ id: h.id, source: h.source })), total: res.total?.value ?? res.hits.length };
  } catch (e) {
    if (e instanceof SearchEngineError && e.code === 'index_not_found') return { hits: [], total: 0 };
    throw e;
  }
}

/** Person authors of the posts a query matches, in the query's order, at most `max`. */
export async function postAuthorIds(services: Services, query: Query, max: number): Promise<string[]> {
  const { hits } = await searchPosts(services, {
    query: { bool: { must: [query], filter: [{ term: { author_entity_type: 'person' } }] } },
    size: Math.min(L.resultWindow, max * 4),
    sort: [{ posted_at: 'desc' }, { id: 'asc' }],
    track_total_hits: false,
    _source: ['author_id'],
  });
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

function presentPost(doc: Doc, id: string, handles: Map<string, number>): Record<string, unknown> {
  const author = str(doc.author_id);
  return {
    id,
    post_ref: `post://${id}`,
    author: {
      id: author,
      user_id_int: author ? (handles.get(author) ?? null) : null,
      entity_type: str(doc.author_entity_type),
      name: str(doc.author_name),
    },
    action_type: str(doc.action_type),
    text: str(doc.text),
    mentions: (doc.mentions as string[] | undefined) ?? [],
    topics: (doc.topics as string[] | undefined) ?? [],
    reaction_count: (doc.reaction_count as number | undefined) ?? 0,
    comment_count: (doc.comment_count as number | undefined) ?? 0,
    repost_count: (doc.repost_count as number | undefined) ?? 0,
    engagement_count: (doc.engagement_count as number | undefined) ?? 0,
    target_post_id: str(doc.target_post_id),
    target_post_ref: str(doc.target_post_id) ? `post://${doc.target_post_id}` : null,
    posted_at: str(doc.posted_at),
  };
}

/** One line per applied filter, in words. */
export function postFilterSummary(f: NormalizedPostFilters, text: string | null): string[] {
  const out: string[] = [];
  const list = (xs: readonly unknown[] | undefined) => (xs ?? []).join(', ');
  if (text) out.push(`Text (all words): ${text}`);
  if (f.author_user_ids) out.push(`Authors: ${f.author_user_ids.length} (hard cohort)`);
  if (f.mentions?.length) out.push(`Mentions: ${list(f.mentions)}`);
  if (f.topics?.length) out.push(`Topics: ${list(f.topics)}`);
  if (f.keywords?.length) out.push(`Keywords (all): ${list(f.keywords)}`);
  if (f.author_entity_types?.length) out.push(`Author type: ${list(f.author_entity_types)}`);
  if (f.action_types?.length) out.push(`Action: ${list(f.action_types)}`);
  for (const key of ['reactions', 'comments', 'reposts', 'engagement'] as const) {
    const r = f[key];
    if (r) out.push(`${key[0]!.toUpperCase()}${key.slice(1)}: ${r.min ?? 0}-${r.max ?? 'any'}`);
  }
  if (f.posted_after) out.push(`Posted at or after ${f.posted_after}`);
  if (f.posted_before) out.push(`Posted before ${f.posted_before}`);
  if (f.posted_within_days) out.push(`Posted in the last ${f.posted_within_days} days`);
  if (f.target_post_ids?.length) out.push(`Reposts or comments of: ${list(f.target_post_ids.map((id) => `post://${id}`))}`);
  if (f.has_target !== undefined) out.push(f.has_target ? 'Reposts and comments only' : 'Original posts only');
  return out;
}

/** Company actors of official company posts: deduplicated, with compact matched-post evidence. */
async function companyActors(
  services: Services,
  filters: NormalizedPostFilters,
  text: string | null,
  now: Date,
): Promise<Record<string, unknown>[]> {
  const built = buildPostsQuery({
    query: text ?? undefined,
    filters: companyActorFilters(filters),
    sort_by: 'recent',
    from: 0,
    size: AUTHOR_SCAN,
    now,
  });
  if (built.matchesNothing) return [];
  const { hits } = await searchPosts(services, { ...built.body, _source: ['author_id', 'author_name', 'text', 'posted_at'] });
  const groups = new Map<string, { name: string | null; posts: Hit[] }>();
  for (const h of hits) {
    const id = str(h.source.author_id);
    if (!id) continue;
    const g = groups.get(id) ?? { name: str(h.source.author_name), posts: [] };
    g.posts.push(h);
    groups.set(id, g);
  }
  const ids = [...groups.keys()];
  let docs: (Doc | null)[] = [];
  try {
    docs = ids.length ? await services.engine.mget<Doc>(COMPANIES, ids) : [];
  } catch (e) {
    if (!(e instanceof SearchEngineError && e.code === 'index_not_found')) throw e;
    docs = ids.map(() => null);
  }
  return ids
    .map((id, i) => {
      const g = groups.get(id)!;
      const doc = docs[i] ?? null;
      return {
        company_id: id,
        name: str(doc?.name) ?? g.name,
        identity_status: doc ? 'resolved' : 'observed',
        company: doc
          ? {
              id,
              name: str(doc.name),
              domain: str(doc.domain),
              industry: str(doc.industry),
              employee_count: (doc.employee_count as number | undefined) ?? null,
            }
          : null,
        matched_post_count: g.posts.length,
        matched_posts: g.posts.slice(0, COMPANY_MATCHED_POSTS).map((p) => ({
          id: p.id,
          post_ref: `post://${p.id}`,
          posted_at: str(p.source.posted_at),
          snippet: snippet(p.source.text),
        })),
      };
    })
    .sort((a, b) => b.matched_post_count - a.matched_post_count);
}

/** Deduplicated person authors of the matching posts, in result order, with their profiles. */
async function authors(services: Services, actor: Actor, body: SearchBody, limit: number, handles: AuthorHandleStore) {
  const { hits } = await searchPosts(services, {
    ...body,
    from: 0,
    size: AUTHOR_SCAN,
    _source: ['author_id', 'author_entity_type', 'posted_at'],
  });
  const order: string[] = [];
  const posts = new Map<string, Hit[]>();
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
  let docs: (Doc | null)[] = [];
  try {
    docs = order.length ? await services.engine.mget<Doc>(PROFILES, order) : [];
  } catch (e) {
    if (!(e instanceof SearchEngineError && e.code === 'index_not_found')) throw e;
  }
  const acting = services.users.get(actor.actingUserId);
  const network = loadNetwork(services.graph, acting?.userId ?? null);
  const ints = handles.handlesFor(order);
  return order.map((id, i) => {
    const doc = docs[i] ?? null;
    const matched = posts.get(id)!;
    const degree = !network
      ? null
      : network.firstDegree.has(id)
        ? '1st'
        : network.secondDegree.has(id)
          ? '2nd'
          : id === network.self
            ? 'self'
            : '3rd+';
    return {
      id,
      user_id: id,
      user_id_int: ints.get(id) ?? null,
      name: str(doc?.display_name),
      headline: str(doc?.headline),
      current_title: str(doc?.current_title),
      current_company_name: str(doc?.current_company_name),
      location: str((doc?.location as Doc | undefined)?.raw),
      connection_degree: degree,
      matched_post_count: matched.length,
      latest_post: { id: matched[0]!.id, post_ref: `post://${matched[0]!.id}`, posted_at: str(matched[0]!.source.posted_at) },
    };
  });
}

/** Runs one post search page for an actor and records it. */
export async function runPostSearch(
  services: Services,
  actor: Actor,
  req: PostSearchRequest,
  kind: SearchActivityKind,
): Promise<PostSearchOutcome> {
  const now = new Date(services.clock());
  const handles = services.authorHandles;
  const normalized = normalizePostFilters(req.filters, now, { lookupAuthorIds: (ints) => handles.authorsOf(ints) });
  const receipts = [...req.receipts, ...normalized.receipts];
  const filters = normalized.filters;
  const cohort = normalized.authorCohort
    ? {
        ...normalized.authorCohort,
        status:
          normalized.authorCohort.applied === 0
            ? 'no_known_authors'
            : normalized.authorCohort.unknown_author_id_ints.length
              ? 'partially_applied'
              : 'applied',
      }
    : null;
  const empty = (problems: PostFilterProblem[]): PostSearchOutcome => ({
    problems,
    results: [],
    total: 0,
    hasMore: false,
    filters,
    authorCohort: cohort,
    binding: {},
    companies: null,
    people: null,
    summary: [],
    receipts,
    activityId: null,
  });
  if (normalized.problems.length) return empty(normalized.problems);

  const size = Math.max(0, Math.min(req.limit, L.resultWindow - req.offset));
  if (size < req.limit)
    receipts.push({
      path: '/preview_limit',
      action: 'clamped',
      message: `Only the first ${L.resultWindow} posts can be paged; this page returns at most ${size}.`,
    });
  const built = buildPostsQuery({
    query: req.text ?? undefined,
    filters,
    sort_by: req.sortBy,
    sort_order: req.sortOrder,
    from: req.offset,
    size,
    now,
  });
  receipts.push(...built.receipts);
  if (built.matchesNothing && built.reason)
    receipts.push({ path: '/filters/posts', action: 'normalized', message: `The filters match nothing: ${built.reason}.` });
  const { hits, total } = built.matchesNothing ? { hits: [], total: 0 } : await searchPosts(services, built.body);
  const ints = handles.handlesFor(hits.map((h) => str(h.source.author_id)).filter((x): x is string => x !== null));
  const results = hits.map((h) => presentPost(h.source, h.id, ints));

  // The binding: a cohort of the authors, resolved when a people search uses it.
  const query = (built.body.query ?? { match_all: {} }) as Record<string, unknown>;
  const cohortRef = services.peopleSearches.saveCohort(actor.ownerUserId, { post_authors: query }, total, services.clock());
  const binding = {
    cohort_ref: cohortRef,
    filters: { cohort_refs: [cohortRef] },
    scope: 'person_authors',
    max_authors: BINDING_MAX_AUTHORS,
    description: `People who wrote the posts of this search (newest posts first; at most ${BINDING_MAX_AUTHORS} authors). Pass filters to POST /api/v1/search/people or /preview.`,
  };

  let companies: Record<string, unknown>[] | null = null;
  if (req.withCompanies) {
    if (collectsCompanyActors(filters)) companies = await companyActors(services, filters, req.text, now);
    else {
      companies = [];
      receipts.push({
        path: '/with_companies',
        action: 'ignored',
        message:
          'Companies are collected from official company posts: set filters.posts.author_entity_types to include "company" and action_types to include "post".',
      });
    }
  }
  const people =
    req.peopleLimit > 0 && !built.matchesNothing
      ? await authors(services, actor, built.body, req.peopleLimit, handles)
      : req.peopleLimit > 0
        ? []
        : null;

  const activityId = services.searchActivities.record({
    ownerUserId: actor.ownerUserId,
    actingUserId: actor.actingUserId,
    kind,
    query,
    resultIds: hits.map((h) => h.id),
    total,
    createdAt: services.clock(),
  });
  return {
    problems: [],
    results,
    total,
    hasMore: req.offset + hits.length < Math.min(total, L.resultWindow),
    filters,
    authorCohort: cohort,
    binding,
    companies,
    people,
    summary: postFilterSummary(filters, req.text),
    receipts,
    activityId,
  };
}
