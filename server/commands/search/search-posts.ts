/**
 * Post search, as one command: resolve (normalise the criteria, reading the author handles they
 * name) → plan (the pure posts query builder) → execute (one page of posts; the person authors
 * for `/with-people`, the company actors for `with_companies`) → record the search and a cohort
 * of its authors that people search can pivot into. The route's presenter shapes the response.
 */
import { buildPostsQuery, collectsCompanyActors } from '../../../query-planner/build/posts-query.js';
import { POST_SEARCH_LIMITS, type Receipt } from '../../../query-planner/limits.js';
import { parsePostQuery } from '../../../query-planner/parse/post-query.js';
import {
  type AuthorCohortStatus,
  type NormalizedPostFilters,
  normalizePostFilters,
  type PostFilters,
  type PostSortKey,
} from '../../../query-planner/post-filters.js';
import type { Actor } from '../../auth/actor.js';
import { type ValidationProblem, validationFailed } from '../../errors.js';
import { loadNetwork } from '../../search/network.js';
import type { Services } from '../../services.js';
import type { SearchActivityKind } from '../../store/search-activities.js';
import { dropOverlongWords, NOTHING_LEFT } from './long-words.js';
import { type CompanyActor, companyActors, type PersonAuthor, type PostHit, personAuthors, searchPosts } from './post-authors.js';
import { resolveCompanyMentions } from './resolve-companies.js';

const L = POST_SEARCH_LIMITS;

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

/** A person author with the viewer's degree to them and their integer handle. */
export interface RankedAuthor extends PersonAuthor {
  degree: '1st' | '2nd' | '3rd+' | 'self' | null;
  handle: number | null;
}

export interface PostSearchOutcome {
  /** The page's posts, in order, as stored. */
  hits: PostHit[];
  /** Integer handles of the page's authors. */
  handles: Map<string, number>;
  total: number;
  hasMore: boolean;
  filters: NormalizedPostFilters;
  authorCohort: (AuthorCohortStatus & { status: string }) | null;
  /** The opaque cohort of this search's person authors, for people search. */
  cohortRef: string;
  /** Company actors (`with_companies`), or null when not asked. */
  companies: CompanyActor[] | null;
  /** Person authors (`/with-people`), or null for the preview. */
  people: RankedAuthor[] | null;
  /** The words every post had to contain, as read from the query (null without any). */
  text: string | null;
  receipts: Receipt[];
  activityId: string;
  /** The text held only words too long to search: nothing was searched, not charged. */
  searchedNothing: boolean;
}

/** Whether post criteria were given (they search without the text). */
const hasCriteria = (f: PostFilters): boolean =>
  Object.values(f ?? {}).some((v) => v !== undefined && v !== null && (!Array.isArray(v) || v.length > 0));

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

function cohortStatus(cohort: AuthorCohortStatus | null | undefined): PostSearchOutcome['authorCohort'] {
  if (!cohort) return null;
  const status = cohort.applied === 0 ? 'no_known_authors' : cohort.unknown_author_id_ints.length ? 'partially_applied' : 'applied';
  return { ...cohort, status };
}

/** The viewer's degree to each author and their handles (reads the graph and the handle store). */
function rankAuthors(services: Services, actor: Actor, authors: PersonAuthor[]): RankedAuthor[] {
  const acting = services.users.get(actor.actingUserId);
  const network = loadNetwork(services.graph, acting?.userId ?? null);
  const ints = services.authorHandles.handlesFor(authors.map((a) => a.id));
  return authors.map((a) => ({
    ...a,
    handle: ints.get(a.id) ?? null,
    degree: !network
      ? null
      : network.firstDegree.has(a.id)
        ? '1st'
        : network.secondDegree.has(a.id)
          ? '2nd'
          : a.id === network.self
            ? 'self'
            : '3rd+',
  }));
}

/**
 * The post text read (query-planner/parse/post-query.ts): the words a post must contain, and the
 * filters the text states, which fill only what the request's own filters leave unset. "By
 * <company>" resolved against the companies index becomes that company as author; a role ("by
 * CTOs") cannot be applied (posts carry no author title) and says so; any other "by <name>"
 * stays in the text. Each reading is reported as a receipt.
 */
async function readPostQuery(
  services: Services,
  raw: string,
  given: PostFilters,
): Promise<{ text: string; filters: PostFilters; receipts: Receipt[] }> {
  const parsed = parsePostQuery(raw);
  const receipts: Receipt[] = [];
  const filters: PostFilters = { ...given };
  const stated = parsed.filters as Record<string, unknown>;
  for (const [key, value] of Object.entries(stated)) {
    if ((given as Record<string, unknown>)[key] !== undefined) continue;
    (filters as Record<string, unknown>)[key] = value;
  }
  for (const r of parsed.read)
    receipts.push(
      (given as Record<string, unknown>)[r.field] === undefined
        ? { path: '/query', action: 'normalized', message: `"${r.phrase}" was read as filters.posts ${r.meaning}.` }
        : { path: '/query', action: 'ignored', message: `"${r.phrase}" was not applied: filters.posts.${r.field} was given.` },
    );
  let text = parsed.text;
  if (parsed.author?.role)
    receipts.push({
      path: '/query',
      action: 'ignored',
      message: `"by ${parsed.author.text}" names the authors' role, which posts do not carry: find those people with people search, then pass their ids in filters.posts.author_user_ids.`,
    });
  else if (parsed.author) {
    const { resolved } = await resolveCompanyMentions([{ text: parsed.author.text, relation: 'current_employment' }], services.engine);
    const company = resolved[0];
    if (company && !given.author_user_ids?.length && !given.author_user_id_ints?.length) {
      filters.author_user_ids = [company.id];
      receipts.push({
        path: '/query',
        action: 'normalized',
        message: `"by ${parsed.author.text}" was read as filters.posts.author_user_ids ["${company.id}"] (the company ${company.name}).`,
      });
    } else text = [text, parsed.author.text].filter(Boolean).join(' ');
  }
  if (parsed.dropped.length)
    receipts.push({
      path: '/query',
      action: 'normalized',
      message: `Words that say nothing a post must contain were not required: ${[...new Set(parsed.dropped.map((w) => w.toLowerCase()))].join(', ')}.`,
    });
  return { text, filters, receipts };
}

/**
 * Runs one post search page for an actor and records it. Criteria that cannot hold together
 * (post-filters.ts problems) are a 400 `validation_failed` naming each pointer.
 */
export async function searchPostsPage(
  services: Services,
  actor: Actor,
  req: PostSearchRequest,
  kind: SearchActivityKind,
): Promise<PostSearchOutcome> {
  // Resolve: the text read for what it states, then the criteria, with the author handles they
  // name read from the store.
  const now = new Date(services.clock());
  const handles = services.authorHandles;
  // Words longer than any searched are dropped with a receipt; nothing else left: no post.
  const dropped = req.text ? dropOverlongWords(req.text) : null;
  const reqText = dropped ? dropped.text : req.text;
  const nothingLeft = Boolean(dropped?.nothingLeft) && !hasCriteria(req.filters);
  const fromText = reqText && !nothingLeft ? await readPostQuery(services, reqText, req.filters) : null;
  const criteria = fromText ? fromText.filters : req.filters;
  const normalized = normalizePostFilters(criteria, now, { lookupAuthorIds: (ints) => handles.authorsOf(ints) });
  if (normalized.problems.length)
    throw validationFailed(normalized.problems.map((p): ValidationProblem => ({ in: 'body', pointer: p.pointer, message: p.message })));
  const receipts = [...req.receipts, ...(dropped?.receipts ?? []), ...(fromText?.receipts ?? []), ...normalized.receipts];
  if (nothingLeft) receipts.push({ path: '/query', action: 'normalized', message: NOTHING_LEFT });
  const text = fromText ? fromText.text || null : nothingLeft ? null : reqText;
  const filters = normalized.filters;

  // Plan.
  const size = Math.max(0, Math.min(req.limit, L.resultWindow - req.offset));
  if (size < req.limit)
    receipts.push({
      path: '/preview_limit',
      action: 'clamped',
      message: `Only the first ${L.resultWindow} posts can be paged; this page returns at most ${size}.`,
    });
  const built = buildPostsQuery({
    query: text ?? undefined,
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

  // Execute: the page, then who wrote it when asked.
  const empty = built.matchesNothing || nothingLeft;
  const { hits, total } = empty ? { hits: [], total: 0 } : await searchPosts(services, built.body);
  const pageHandles = handles.handlesFor(hits.map((h) => str(h.source.author_id)).filter((x): x is string => x !== null));
  let companies: CompanyActor[] | null = null;
  if (req.withCompanies) {
    if (nothingLeft) companies = [];
    else if (collectsCompanyActors(filters)) companies = await companyActors(services, filters, text, now);
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
  let people: RankedAuthor[] | null = null;
  if (req.peopleLimit > 0) people = empty ? [] : rankAuthors(services, actor, await personAuthors(services, built.body, req.peopleLimit));

  // Record: the authors' cohort (resolved when a people search uses it) and the search.
  const query = (built.body.query ?? { match_all: {} }) as Record<string, unknown>;
  const cohortRef = services.peopleSearches.saveCohort(actor.ownerUserId, { post_authors: query }, total, services.clock());
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
    hits,
    handles: pageHandles,
    total,
    hasMore: req.offset + hits.length < Math.min(total, L.resultWindow),
    filters,
    authorCohort: cohortStatus(normalized.authorCohort),
    cohortRef,
    companies,
    people,
    text,
    receipts,
    activityId,
    searchedNothing: nothingLeft,
  };
}
