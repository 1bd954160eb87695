import type { FromSchema } from 'json-schema-to-ts';
/**
 * PostFilters: the typed filters of post search (`filters.posts` on
 * `POST /api/v1/search/posts/preview` and `/with-people`), their JSON Schema and their
 * normalisation before the query builder (query-planner/build/posts-query.ts). Documented field
 * by field in docs/post-search.md. Every field is optional; an empty object matches every post.
 */
import { AUTHOR_ENTITY_TYPES, POST_ACTION_TYPES } from '../mappings/record-schemas.js';
import { cutValue, splitKeywords } from './build/normalize.js';
import { enumList, keywordsField, stringList, uuidList } from './input-schemas.js';
import { INPUT_CEILINGS, POST_SEARCH_LIMITS, type Receipt } from './limits.js';

export type PostActionType = (typeof POST_ACTION_TYPES)[number];
export type AuthorEntityType = (typeof AUTHOR_ENTITY_TYPES)[number];

/**
 * Reactions are not posts: no post is ever a like or a reaction. The schema accepts these values
 * only so that normalisation can strip them with a receipt (mixed with post, repost or comment)
 * or refuse them with a clear message (alone).
 */
export const REACTION_ACTION_TYPES = ['like', 'likes', 'reaction', 'reactions'] as const;
export type ReactionActionType = (typeof REACTION_ACTION_TYPES)[number];

/** Sort keys of post search (`sort_by`); `sort_order` applies to the three count sorts only. */
export const POST_SORT_KEYS = ['relevance', 'recent', 'engagement', 'reactions', 'comments'] as const;
export type PostSortKey = (typeof POST_SORT_KEYS)[number];

/** JSON pointer of `filters.posts` in a request body; receipts and problems are located under it. */
export const POST_FILTERS_POINTER = '/filters/posts';

/** `filters.posts` as a request sends it: the type of `postFiltersSchema` below (one declaration). */
export type PostFilters = FromSchema<typeof postFiltersSchema>;

/** An inclusive range of a count; a post without the count counts as 0. */
export type CountRange = NonNullable<PostFilters['reactions']>;

/** PostFilters after normalizePostFilters: what the query builder reads. */
export interface NormalizedPostFilters extends Omit<PostFilters, 'author_user_id_ints' | 'keywords' | 'action_types'> {
  /**
   * The whole author cohort (`author_user_ids` plus the resolved `author_user_id_ints`). Absent:
   * no cohort. Present and empty: a cohort was asked for and none of its authors is known, so
   * nothing matches.
   */
  author_user_ids?: string[];
  keywords?: string[];
  action_types?: PostActionType[];
}

/** Maps numeric author ids to author ids; ids it does not know are left out of the map. */
export type AuthorIdLookup = (ints: readonly number[]) => ReadonlyMap<number, string>;

/** An input that cannot be searched as given (the route answers 400 validation_failed). */
export interface PostFilterProblem {
  /** JSON pointer into the request body. */
  pointer: string;
  message: string;
}

/** What the author cohort became, for the route's `author_cohort_filter_status`. */
export interface AuthorCohortStatus {
  /** Distinct ids asked for (uuids and numeric ids, after the list limits). */
  requested: number;
  /** Author ids the search is restricted to. */
  applied: number;
  /** Numeric author ids the lookup did not know (not applied). */
  unknown_author_id_ints: number[];
}

export interface PostFiltersNormalization {
  filters: NormalizedPostFilters;
  /** Silent adjustments, located by JSON pointer under `/filters/posts`. */
  receipts: Receipt[];
  /** Inputs that fail validation; empty when the filters can be searched. */
  problems: PostFilterProblem[];
  /** Null when no author cohort was asked for. */
  authorCohort: AuthorCohortStatus | null;
}

const countRange = (what: string) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: {
      min: { type: 'integer', minimum: 0, description: `Fewest ${what} (inclusive).` },
      max: { type: 'integer', minimum: 0, description: `Most ${what} (inclusive).` },
    },
    description: `Number of ${what}; a post without the count counts as 0; min above max matches nothing.`,
  }) as const;
const instant = (description: string) =>
  ({
    type: 'string',
    // A date-time is at most 35 characters; the bound keeps the format check cheap.
    maxLength: 64,
    anyOf: [{ format: 'date' }, { format: 'date-time' }],
    description,
  }) as const;

/**
 * The JSON Schema of PostFilters (`filters.posts`). Shapes are closed (a misspelt field is an
 * error); sizes up to POST_SEARCH_LIMITS are served, REST truncating and clamping them silently
 * with receipts, and sizes beyond INPUT_CEILINGS are refused here. `action_types` accepts post, repost and comment, plus the reaction
 * values that normalisation strips or refuses with a message; any other value is an error.
 */
export const postFiltersSchema = {
  $id: 'PostFilters',
  type: 'object',
  additionalProperties: false,
  properties: {
    author_user_ids: uuidList('Hard author cohort: posts by any of these authors (profile or company ids).'),
    author_user_id_ints: {
      type: 'array',
      maxItems: INPUT_CEILINGS.idItems,
      items: { type: 'integer', minimum: 1 },
      description: 'Hard author cohort by numeric author ids, joined with author_user_ids; unknown ids match nothing.',
    },
    mentions: stringList('Literal mentions (any of them), case-insensitive, with or without a leading @.'),
    topics: stringList('Topic keywords (any of them), case-insensitive; a leading # is dropped.'),
    keywords: keywordsField('Words that must all appear in the post text.'),
    author_entity_types: enumList(AUTHOR_ENTITY_TYPES, 'Authored by a person or a company (any of them).'),
    action_types: enumList(
      [...POST_ACTION_TYPES, ...REACTION_ACTION_TYPES],
      'post, repost or comment (any of them). Likes and reactions are never posts: mixed with valid values they are stripped, alone they are refused.',
    ),
    reactions: countRange('reactions'),
    comments: countRange('comments'),
    reposts: countRange('reposts'),
    engagement: countRange('reactions, comments and reposts together'),
    posted_after: instant('Posted at or after this instant: an RFC 3339 date (the start of that UTC day) or date-time.'),
    posted_before: instant('Posted strictly before this instant: an RFC 3339 date (the start of that UTC day) or date-time.'),
    posted_within_days: { type: 'integer', minimum: 1, description: 'Posted within the last N days (N × 24 hours).' },
    target_post_ids: uuidList('Reposts or comments of any of these posts.'),
    has_target: { type: 'boolean', description: 'true: only reposts and comments of a post; false: only original posts.' },
  },
} as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:(\d{2})(\.\d+)?)?(z|[+-](\d{2}):(\d{2}))$/i;

/** True when year-month-day is a real calendar day (Date.parse accepts February 30). */
function isCalendarDay(y: string, m: string, d: string): boolean {
  // setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999.
  const day = new Date(0);
  day.setUTCFullYear(Number(y), Number(m) - 1, Number(d));
  return day.getUTCFullYear() === Number(y) && day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d);
}

/**
 * Epoch milliseconds of an RFC 3339 date (the start of that day in UTC) or date-time (with its
 * offset); null when `value` is neither or names no real instant.
 */
export function parsePostDate(value: string): number | null {
  const text = value.trim();
  const date = DATE_ONLY.exec(text);
  if (date) return isCalendarDay(date[1]!, date[2]!, date[3]!) ? Date.parse(`${text}T00:00:00Z`) : null;
  const t = WITH_ZONE.exec(text);
  if (!t || !isCalendarDay(t[1]!, t[2]!, t[3]!)) return null;
  const within = (v: string | undefined, max: number) => v === undefined || Number(v) <= max;
  if (!within(t[4], 23) || !within(t[5], 59) || !within(t[7], 59) || !within(t[10], 23) || !within(t[11], 59)) return null;
  const ms = Date.parse(text.toUpperCase());
  return Number.isFinite(ms) ? ms : null;
}

export const DAY_MS = 86_400_000;

const L = POST_SEARCH_LIMITS;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const isReaction = (v: unknown): v is ReactionActionType => (REACTION_ACTION_TYPES as readonly unknown[]).includes(v);
const isAction = (v: unknown): v is PostActionType => (POST_ACTION_TYPES as readonly unknown[]).includes(v);

class Normalizer {
  readonly receipts: Receipt[] = [];
  readonly problems: PostFilterProblem[] = [];

  receipt(field: string, action: Receipt['action'], message: string): void {
    this.receipts.push({ path: `${POST_FILTERS_POINTER}/${field}`, action, message });
  }

  problem(field: string, message: string): void {
    this.problems.push({ pointer: `${POST_FILTERS_POINTER}/${field}`, message });
  }

  /**
   * Trims, drops empty values, cuts long values, removes duplicates (case-insensitively unless
   * `exact`) and keeps the first `max`; one receipt per kind of adjustment.
   */
  list(field: string, values: readonly unknown[] | undefined, max: number, exact = false): string[] | undefined {
    if (values === undefined) return undefined;
    const strings = values.filter((v): v is string => typeof v === 'string').map((v) => v.trim());
    const nonEmpty = strings.filter((v) => v.length > 0);
    const dropped = values.length - nonEmpty.length;
    if (dropped > 0) this.receipt(field, 'ignored', `Dropped ${plural(dropped, 'empty or non-text value')}.`);
    const cut = nonEmpty.map((v) => cutValue(v, L.valueChars));
    const long = cut.filter((v, i) => v !== nonEmpty[i]).length;
    if (long > 0) this.receipt(field, 'truncated', `Cut ${plural(long, 'value')} to ${L.valueChars} characters.`);
    const seen = new Set<string>();
    const deduped = cut.filter((v) => {
      const key = exact ? v : v.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const duplicates = cut.length - deduped.length;
    if (duplicates > 0) {
      this.receipt(
        field,
        'normalized',
        `Removed ${plural(duplicates, 'duplicate value')}${exact ? '' : ' (compared case-insensitively)'}.`,
      );
    }
    return this.cap(field, deduped, max);
  }

  cap<T>(field: string, values: T[], max: number): T[] {
    if (values.length <= max) return values;
    this.receipt(field, 'truncated', `Used the first ${max} of ${values.length} values.`);
    return values.slice(0, max);
  }

  topics(values: string[] | undefined): string[] | undefined {
    if (values === undefined) return undefined;
    const stripped = values.map((v) => (typeof v === 'string' ? v.trim().replace(/^#+/, '') : v));
    const changed = stripped.filter((v, i) => v !== values[i]?.trim()).length;
    if (changed > 0) this.receipt('topics', 'normalized', `Removed the leading # of ${plural(changed, 'topic')}.`);
    return this.list('topics', stripped, L.listValues);
  }

  keywords(value: string | string[] | undefined): string[] | undefined {
    let keywords = value;
    if (typeof keywords === 'string') {
      const split = splitKeywords(keywords);
      this.receipt('keywords', 'normalized', `Split the keywords text into ${plural(split.length, 'keyword')}.`);
      keywords = split;
    }
    return this.list('keywords', keywords, L.listValues);
  }

  actionTypes(values: readonly unknown[] | undefined): PostActionType[] | undefined {
    if (values === undefined) return undefined;
    const unknown = values.filter((v) => !isAction(v) && !isReaction(v));
    if (unknown.length > 0) {
      const shown = unknown.map((v) => JSON.stringify(v)).join(', ');
      this.problem(
        'action_types',
        `${shown} ${unknown.length === 1 ? 'is not an action type' : 'are not action types'}; send post, repost or comment.`,
      );
      return undefined;
    }
    const reactions = [...new Set(values.filter(isReaction))];
    const valid = [...new Set(values.filter(isAction))];
    if (reactions.length > 0 && valid.length === 0) {
      this.problem(
        'action_types',
        `${reactions.map((v) => `"${v}"`).join(', ')} never match: likes and reactions are not posts. Send action_types with post, repost or comment, and use filters.posts.reactions ({"min": ...}) to filter posts by their number of reactions.`,
      );
      return undefined;
    }
    if (reactions.length > 0) {
      this.receipt(
        'action_types',
        'ignored',
        `Removed ${reactions.map((v) => `"${v}"`).join(', ')}: likes and reactions are not posts and never match; only post, repost and comment are action types.`,
      );
    }
    const duplicates = values.filter(isAction).length - valid.length;
    if (duplicates > 0) this.receipt('action_types', 'normalized', `Removed ${plural(duplicates, 'duplicate value')}.`);
    return valid;
  }

  entityTypes(values: AuthorEntityType[] | undefined): AuthorEntityType[] | undefined {
    if (values === undefined) return undefined;
    const out = [...new Set(values)];
    if (out.length < values.length)
      this.receipt('author_entity_types', 'normalized', `Removed ${plural(values.length - out.length, 'duplicate value')}.`);
    return out;
  }

  range(field: string, r: CountRange | undefined): CountRange | undefined {
    if (r === undefined) return undefined;
    const out: CountRange = {};
    for (const k of ['min', 'max'] as const) {
      const v = r[k];
      if (v === undefined) continue;
      if (v > L.countMax) {
        this.receipt(`${field}/${k}`, 'clamped', `${v} is above the largest count; used ${L.countMax}.`);
        out[k] = L.countMax;
      } else out[k] = v;
    }
    return out;
  }

  date(field: string, value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    if (parsePostDate(value) === null) {
      this.problem(field, 'must be an RFC 3339 date (2026-01-31) or date-time with an offset (2026-01-31T12:00:00Z)');
      return undefined;
    }
    return value;
  }

  withinDays(value: number | undefined): number | undefined {
    if (value === undefined) return undefined;
    if (value > L.withinDays) {
      this.receipt('posted_within_days', 'clamped', `${value} days is above the largest window; used ${L.withinDays} days.`);
      return L.withinDays;
    }
    return value;
  }

  cohort(
    uuids: string[] | undefined,
    ints: number[] | undefined,
    lookup: AuthorIdLookup | undefined,
  ): { ids?: string[]; status: AuthorCohortStatus | null } {
    const ids = this.list('author_user_ids', uuids, L.idValues, true) ?? [];
    let numbers: number[] = [];
    if (ints !== undefined) {
      numbers = [...new Set(ints)];
      if (numbers.length < ints.length) {
        this.receipt('author_user_id_ints', 'normalized', `Removed ${plural(ints.length - numbers.length, 'duplicate value')}.`);
      }
      numbers = this.cap('author_user_id_ints', numbers, L.idValues);
    }
    if (ids.length === 0 && numbers.length === 0) return { status: null };
    const resolved = numbers.length && lookup ? lookup(numbers) : new Map<number, string>();
    const unknown = numbers.filter((n) => !resolved.has(n));
    if (unknown.length > 0) {
      const shown = unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ', ...' : '');
      this.receipt('author_user_id_ints', 'ignored', `${plural(unknown.length, 'numeric author id')} matched no known author (${shown}).`);
    }
    const all = [...new Set([...ids, ...numbers.flatMap((n) => resolved.get(n) ?? [])])];
    return {
      ids: all,
      status: { requested: ids.length + numbers.length, applied: all.length, unknown_author_id_ints: unknown },
    };
  }
}

export interface NormalizePostFiltersOptions {
  /** Resolves `author_user_id_ints`; without it every numeric author id is unknown. */
  lookupAuthorIds?: AuthorIdLookup;
}

/**
 * Applies POST_SEARCH_LIMITS and the post-search rules to schema-valid `filters.posts`: lists
 * trimmed, deduplicated and cut (ids to 1,000 values each, mentions, topics and keywords to 50,
 * values to 200 characters), `keywords` text split, leading `#` of topics dropped, range bounds
 * clamped to the largest count, `posted_within_days` clamped to 36,500, numeric author ids
 * resolved and joined into `author_user_ids`, like and reaction action types stripped (each
 * adjustment with a receipt). Refused (in `problems`): action types that are only likes or
 * reactions, dates that name no instant. `now` places `posted_within_days` for the receipt that
 * reports which lower date bound applies. Does not modify `input`.
 */
export function normalizePostFilters(input: PostFilters, now: Date, options: NormalizePostFiltersOptions = {}): PostFiltersNormalization {
  const n = new Normalizer();
  const out: NormalizedPostFilters = {};
  const set = <K extends keyof NormalizedPostFilters>(key: K, value: NormalizedPostFilters[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  const cohort = n.cohort(input.author_user_ids, input.author_user_id_ints, options.lookupAuthorIds);
  set('author_user_ids', cohort.ids);
  set('mentions', n.list('mentions', input.mentions, L.listValues));
  set('topics', n.topics(input.topics));
  set('keywords', n.keywords(input.keywords));
  set('author_entity_types', n.entityTypes(input.author_entity_types));
  set('action_types', n.actionTypes(input.action_types));
  for (const key of ['reactions', 'comments', 'reposts', 'engagement'] as const) set(key, n.range(key, input[key]));
  set('posted_after', n.date('posted_after', input.posted_after));
  set('posted_before', n.date('posted_before', input.posted_before));
  set('posted_within_days', n.withinDays(input.posted_within_days));
  set('target_post_ids', n.list('target_post_ids', input.target_post_ids, L.idValues, true));
  set('has_target', input.has_target);

  if (out.posted_after !== undefined && out.posted_within_days !== undefined) {
    const after = parsePostDate(out.posted_after) as number;
    const within = now.getTime() - out.posted_within_days * DAY_MS;
    const [used, other] = after >= within ? ['posted_after', 'posted_within_days'] : ['posted_within_days', 'posted_after'];
    n.receipt(other, 'ignored', `Both posted_after and posted_within_days set a lower date bound; the later one (${used}) applies.`);
  }
  return { filters: out, receipts: n.receipts, problems: n.problems, authorCohort: cohort.status };
}
