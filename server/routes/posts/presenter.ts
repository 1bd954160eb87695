/**
 * Post search responses: post rows with `post://` refs, the applied criteria in words, the
 * people-search binding, the company actors and the person authors. Pure: shapes a command's
 * outcome.
 */
import type { NormalizedPostFilters } from '../../../query-planner/post-filters.js';
import { BINDING_MAX_AUTHORS, COMPANY_MATCHED_POSTS, type CompanyActor, type Doc } from '../../commands/search/post-authors.js';
import type { PostSearchOutcome, PostSearchRequest, RankedAuthor } from '../../commands/search/search-posts.js';
import { operationName, type Surface } from '../../http/operation-names.js';

type Row = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const snippet = (text: unknown, max = 160): string | null => {
  const t = str(text);
  if (!t) return null;
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
};

/** One post row. */
export function presentPost(doc: Doc, id: string, handles: Map<string, number>): Row {
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

/** A company actor, its identity resolved from the companies index or observed on its posts. */
export function presentCompanyActor(a: CompanyActor): Row {
  const doc = a.doc;
  return {
    company_id: a.id,
    name: str(doc?.name) ?? a.postedName,
    identity_status: doc ? 'resolved' : 'observed',
    company: doc
      ? {
          id: a.id,
          name: str(doc.name),
          domain: str(doc.domain),
          industry: str(doc.industry),
          employee_count: (doc.employee_count as number | undefined) ?? null,
        }
      : null,
    matched_post_count: a.posts.length,
    matched_posts: a.posts.slice(0, COMPANY_MATCHED_POSTS).map((p) => ({
      id: p.id,
      post_ref: `post://${p.id}`,
      posted_at: str(p.source.posted_at),
      snippet: snippet(p.source.text),
    })),
  };
}

/** A person author of the matched posts. */
export function presentAuthor(a: RankedAuthor): Row {
  const doc = a.doc;
  const latest = a.posts[0]!;
  return {
    id: a.id,
    user_id: a.id,
    user_id_int: a.handle,
    name: str(doc?.display_name),
    headline: str(doc?.headline),
    current_title: str(doc?.current_title),
    current_company_name: str(doc?.current_company_name),
    location: str((doc?.location as Doc | undefined)?.raw),
    connection_degree: a.degree,
    matched_post_count: a.posts.length,
    latest_post: { id: latest.id, post_ref: `post://${latest.id}`, posted_at: str(latest.source.posted_at) },
  };
}

/** The binding that pivots people search into the authors of this search, said as `surface` names people search. */
function binding(cohortRef: string, surface: Surface): Row {
  return {
    cohort_ref: cohortRef,
    filters: { cohort_refs: [cohortRef] },
    scope: 'person_authors',
    max_authors: BINDING_MAX_AUTHORS,
    description: `People who wrote the posts of this search (newest posts first; at most ${BINDING_MAX_AUTHORS} authors). Pass filters ${operationName('people_search_filters', surface)}.`,
  };
}

/** The response of `POST /api/v1/search/posts/preview` (and the base of `/with-people`'s). */
/** The sorts `sort_order` applies to. */
const COUNT_SORTS: ReadonlySet<string> = new Set(['engagement', 'reactions', 'comments']);

export function presentPostSearch(search: PostSearchRequest, outcome: PostSearchOutcome, durationMs: number, surface: Surface): Row {
  const out: Row = {
    success: true,
    durationMs,
    total: outcome.total,
    preview_limit: search.limit,
    offset: search.offset,
    has_more: outcome.hasMore,
    applied_filter_summary: {
      filters: outcome.filters,
      sort_by: search.sortBy,
      // The order applied: the count sorts' (default desc); none for relevance and recent, which ignore it.
      sort_order: COUNT_SORTS.has(search.sortBy) ? (search.sortOrder ?? 'desc') : null,
      lines: postFilterSummary(outcome.filters, outcome.text),
    },
    author_cohort_filter_status: outcome.authorCohort,
    people_search_binding: binding(outcome.cohortRef, surface),
    results: outcome.hits.map((h) => presentPost(h.source, h.id, outcome.handles)),
    search_activity_id: outcome.activityId,
    receipts: outcome.receipts,
  };
  if (outcome.companies) out.companies = outcome.companies.map(presentCompanyActor);
  return out;
}

/** The response of `POST /api/v1/search/posts/with-people`. */
export function presentPostSearchWithPeople(
  search: PostSearchRequest,
  outcome: PostSearchOutcome,
  durationMs: number,
  surface: Surface,
): Row {
  return {
    ...presentPostSearch(search, outcome, durationMs, surface),
    people_limit: search.peopleLimit,
    people: (outcome.people ?? []).map(presentAuthor),
  };
}
