/**
 * Post search: free text + NormalizedPostFilters → one OpenSearch search body on the POSTS index
 * (mappings/indices.ts), run as is by both engines. Pure: no I/O, the same input always gives
 * the same body. docs/post-search.md describes every clause and sort.
 *
 * Every post criterion is an eligibility filter (`bool.filter` or `bool.must_not`); the free
 * text and the keywords are required too (`bool.must`) and are the only clauses that score.
 */
import type { Query, SearchBody, SortClause } from '../../search-engine/port.js';
import { POST_SEARCH_LIMITS, type Receipt } from '../limits.js';
import {
  type CountRange,
  DAY_MS,
  type NormalizedPostFilters,
  POST_FILTERS_POINTER,
  type PostSortKey,
  parsePostDate,
} from '../post-filters.js';
import { Clauses } from './clauses.js';
import { anyOf, distinctWords, lower, matchNone, present, termsClauses, unique } from './dsl.js';
import { ID_TIE_BREAK } from './sort.js';

export interface PostsQueryInput {
  /** Free text: every word must appear in the post text (stemmed); ranks by relevance. */
  query?: string;
  /** Already normalised (normalizePostFilters). */
  filters: NormalizedPostFilters;
  /** Default `relevance`. */
  sort_by?: PostSortKey;
  /** For engagement, reactions and comments only (default desc); ignored with a receipt otherwise. */
  sort_order?: 'asc' | 'desc';
  from: number;
  size: number;
  /** The request instant: `posted_within_days` counts back from it. */
  now: Date;
}

export interface BuiltPostsQuery {
  /** query, sort, from, size, track_total_hits: true. */
  body: SearchBody;
  /** What the builder adjusted or could not apply, located by JSON pointer in the request body. */
  receipts: Receipt[];
  /** True when the filters can match nothing (the query is then match-none). */
  matchesNothing: boolean;
  /** Why nothing can match (the first reason found), when matchesNothing. */
  reason?: string;
}

/** The count field each count sort orders by. */
export const POST_COUNT_SORT_FIELDS = {
  engagement: 'engagement_count',
  reactions: 'reaction_count',
  comments: 'comment_count',
} as const satisfies Partial<Record<PostSortKey, string>>;

/** Newest first, then id: the end of every post sort (and the whole of `recent`). */
export const RECENT_SORT: SortClause[] = [{ posted_at: 'desc' }, ID_TIE_BREAK];

/** One required text: every word of it in the post text. */
export function postTextQuery(text: string): Query {
  return { match: { text: { query: distinctWords(text), operator: 'and' } } };
}

const at = (field: string) => `${POST_FILTERS_POINTER}/${field}`;
const missing = (field: string): Query => ({ bool: { must_not: [{ exists: { field } }] } });

/** Mentions as written and with the other `@` form ("@Ada Lovelace" also finds "Ada Lovelace"). */
function mentionValues(mentions: string[]): string[] {
  return lower(
    mentions.flatMap((m) => {
      const bare = m.replace(/^@+/, '').trim();
      if (!bare) return [];
      return m.startsWith('@') ? [`@${bare}`, bare] : [bare, `@${bare}`];
    }),
  );
}

/**
 * An inclusive count range. A post without the count counts as 0: when the range includes 0
 * (no min, or min 0), posts without the field match too, unless the field is always indexed.
 * A range with no positive min and no max is no constraint at all.
 */
function countRange(field: string, r: CountRange | undefined, label: string, alwaysIndexed: boolean, c: Clauses): void {
  if (!r) return;
  const { min, max } = r;
  if (min !== undefined && max !== undefined && min > max) {
    c.matchNothing(`${label}: min ${min} is above max ${max}`);
    return;
  }
  const low = min ?? 0;
  if (low <= 0 && max === undefined) return;
  const bounds: Record<string, number> = {};
  if (low > 0) bounds.gte = low;
  if (max !== undefined) bounds.lte = max;
  const range: Query = { range: { [field]: bounds } };
  c.filter.push(low > 0 || alwaysIndexed ? range : anyOf([range, missing(field)]));
}

/** posted_after (inclusive), posted_within_days (from `now`) and posted_before (exclusive) on posted_at. */
function dates(f: NormalizedPostFilters, now: Date, c: Clauses): void {
  const read = (field: 'posted_after' | 'posted_before'): number | undefined => {
    const value = f[field];
    if (value === undefined) return undefined;
    const ms = parsePostDate(value);
    if (ms === null) c.receipt(at(field), 'ignored', `"${value}" is not an RFC 3339 date or date-time; not applied.`);
    return ms ?? undefined;
  };
  const lows: number[] = [];
  const after = read('posted_after');
  if (after !== undefined) lows.push(after);
  if (f.posted_within_days !== undefined) {
    const days = Math.min(f.posted_within_days, POST_SEARCH_LIMITS.withinDays);
    lows.push(now.getTime() - days * DAY_MS);
  }
  const low = lows.length ? Math.max(...lows) : undefined;
  const high = read('posted_before');
  if (low === undefined && high === undefined) return;
  const iso = (ms: number) => new Date(ms).toISOString();
  if (low !== undefined && high !== undefined && low >= high) {
    c.matchNothing(`posted_at: no instant is both at or after ${iso(low)} and before ${iso(high)}`);
    return;
  }
  const bounds: Record<string, string> = {};
  if (low !== undefined) bounds.gte = iso(low);
  if (high !== undefined) bounds.lt = iso(high);
  c.filter.push({ range: { posted_at: bounds } });
}

function target(f: NormalizedPostFilters, c: Clauses): void {
  const ids = present(f.target_post_ids);
  if (ids.length && f.has_target === false) {
    c.matchNothing('target: has_target false asks for original posts, which have no target_post_ids');
    return;
  }
  if (ids.length) c.filter.push(anyOf(termsClauses('target_post_id', ids)));
  else if (f.has_target === true) c.filter.push({ exists: { field: 'target_post_id' } });
  else if (f.has_target === false) c.mustNot.push({ exists: { field: 'target_post_id' } });
}

/** Adds the clauses of every post filter, in the order of the PostFilters fields. */
function addPostClauses(f: NormalizedPostFilters, now: Date, c: Clauses): void {
  if (f.author_user_ids !== undefined) {
    const ids = unique(present(f.author_user_ids));
    if (ids.length) c.filter.push(anyOf(termsClauses('author_id', ids)));
    else c.matchNothing('author cohort: none of the given authors is known');
  }
  const mentions = mentionValues(present(f.mentions));
  if (mentions.length) c.filter.push({ terms: { mentions } });
  const topics = lower(present(f.topics).map((t) => t.replace(/^#+/, '')));
  if (topics.length) c.filter.push({ terms: { topics } });
  const entityTypes = unique(f.author_entity_types ?? []);
  if (entityTypes.length) c.filter.push({ terms: { author_entity_type: entityTypes } });
  const actionTypes = unique(f.action_types ?? []);
  if (actionTypes.length) c.filter.push({ terms: { action_type: actionTypes } });
  countRange('reaction_count', f.reactions, 'reactions', false, c);
  countRange('comment_count', f.comments, 'comments', false, c);
  countRange('repost_count', f.reposts, 'reposts', false, c);
  // The indexer always writes engagement_count (reactions + comments + reposts, missing as 0).
  countRange('engagement_count', f.engagement, 'engagement', true, c);
  dates(f, now, c);
  target(f, c);
}

/**
 * Sort of a post search; every sort ends with posted_at descending, then id.
 * - `recent`: newest first (sort_order ignored, with a receipt).
 * - `relevance` (default): score, then newest; without query or keywords there is no relevance
 *   and it is `recent` (sort_order ignored, with a receipt).
 * - `engagement`, `reactions`, `comments`: the count in sort_order (default desc; a post without
 *   the count sorts as the lowest); with query or keywords, score first, then the count.
 */
export function postsSort(sortBy: PostSortKey, sortOrder: 'asc' | 'desc' | undefined, hasText: boolean, receipts: Receipt[]): SortClause[] {
  if (sortBy === 'recent' || sortBy === 'relevance') {
    if (sortOrder !== undefined) {
      const why = sortBy === 'recent' ? 'recent is always newest first' : 'relevance is always best match first';
      receipts.push({
        path: '/sort_order',
        action: 'ignored',
        message: `sort_order applies to the engagement, reactions and comments sorts only; ${why}.`,
      });
    }
    return sortBy === 'relevance' && hasText ? [{ _score: 'desc' }, ...RECENT_SORT] : [...RECENT_SORT];
  }
  const order = sortOrder ?? 'desc';
  const count: SortClause = { [POST_COUNT_SORT_FIELDS[sortBy]]: { order, missing: order === 'desc' ? '_last' : '_first' } };
  return hasText ? [{ _score: 'desc' }, count, ...RECENT_SORT] : [count, ...RECENT_SORT];
}

export function buildPostsQuery(input: PostsQueryInput): BuiltPostsQuery {
  const c = new Clauses();
  const f = input.filters;
  addPostClauses(f, input.now, c);
  const text = (input.query ?? '').replace(/\s+/g, ' ').trim();
  if (text) c.must.push(postTextQuery(text));
  const keywords = present(f.keywords);
  for (const k of keywords) c.must.push(postTextQuery(k));
  const hasText = text.length > 0 || keywords.length > 0;

  const sortBy = input.sort_by ?? 'relevance';
  if (input.sort_by === 'relevance' && !hasText) {
    c.receipt('/sort_by', 'defaulted', 'Without query or keywords there is no relevance to rank by; posts are ordered newest first.');
  }
  const sort = postsSort(sortBy, input.sort_order, hasText, c.receipts);
  const reason = c.nothing[0];
  const body: SearchBody = {
    query: reason === undefined ? c.toQuery() : matchNone(),
    sort,
    from: input.from,
    size: input.size,
    track_total_hits: true,
  };
  return reason === undefined
    ? { body, receipts: c.receipts, matchesNothing: false }
    : { body, receipts: c.receipts, matchesNothing: true, reason };
}

/**
 * True when the search asks for official company posts: `author_entity_types` contains
 * `company` and `action_types` contains `post`. With `with_companies=true` the route then
 * collects the matching company actors (searching with companyActorFilters).
 */
export function collectsCompanyActors(filters: NormalizedPostFilters): boolean {
  return (filters.author_entity_types ?? []).includes('company') && (filters.action_types ?? []).includes('post');
}

/** The same criteria narrowed to original posts by companies: the search that finds company actors. */
export function companyActorFilters(filters: NormalizedPostFilters): NormalizedPostFilters {
  return { ...filters, author_entity_types: ['company'], action_types: ['post'] };
}

/**
 * The posts whose authors `/with-people` and `with_companies` collect: the page's query from its
 * first post, `size` posts, reading only the fields the authors are grouped by.
 */
export function authorScanBody(body: SearchBody, size: number, fields: readonly string[]): SearchBody {
  return { ...body, from: 0, size, _source: [...fields] };
}

/**
 * The person authors of the posts `query` matches (people search's post-author cohorts): newest
 * posts first, enough of them (four per author wanted, at most `window`) to find `max` authors.
 */
export function personAuthorsBody(query: Query, max: number, window: number): SearchBody {
  return {
    query: { bool: { must: [query], filter: [{ term: { author_entity_type: 'person' } }] } },
    size: Math.min(window, max * 4),
    sort: [...RECENT_SORT],
    track_total_hits: false,
    _source: ['author_id'],
  };
}

/** A company's own most recent posts (company search's `evidence_text`). */
export function companyPostsBody(companyId: string, size: number): SearchBody {
  return {
    query: { bool: { filter: [{ term: { author_id: companyId } }, { term: { author_entity_type: 'company' } }] } },
    size,
    sort: [...RECENT_SORT],
    track_total_hits: false,
    _source: ['id', 'text', 'posted_at'],
  };
}
