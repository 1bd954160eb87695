import type { FromSchema } from 'json-schema-to-ts';
/**
 * Input-size limits of people search, in one place. REST applies them silently (truncating or
 * clamping, with a receipt in the response); the connector rejects input beyond them.
 */
export const PEOPLE_SEARCH_LIMITS = {
  /** Characters of `query` / `description`. */
  queryChars: 10_000,
  limit: { min: 1, max: 25, default: 10 },
  offset: { min: 0, max: 10_000, default: 0 },
  /** Names in one company identity filter. */
  companyNames: 100,
  /** People used from `connected_to` and `exclude_connected_to`. */
  connectedTo: 25,
  /** Values in any other list filter (titles, skills, locations, ...). */
  listValues: 100,
  /** Characters of one filter value. */
  valueChars: 200,
  /** Recent posts in full evidence text. */
  evidencePosts: { min: 0, max: 20, default: 3 },
  /** Rows kept in a results snapshot. */
  snapshotRows: 25,
  /** OpenSearch's `index.max_terms_count`: values in one `terms` query. */
  maxTermsPerClause: 65_536,
} as const;

/**
 * Input-size limits of post search (`POST /api/v1/search/posts/preview` and `/with-people`),
 * applied the same way: REST truncates or clamps silently with a receipt. docs/post-search.md.
 */
export const POST_SEARCH_LIMITS = {
  /** Characters of `query`: the same as every other search. */
  queryChars: PEOPLE_SEARCH_LIMITS.queryChars,
  /** Posts per page of results. */
  previewLimit: { min: 1, max: 50, default: 10 },
  /**
   * Posts skipped before the page. Both engines stop at 10,000 results (`max_result_window`):
   * a page starting near the end is shortened so that offset + page size stays within it.
   */
  offset: { min: 0, max: 10_000, default: 0 },
  /** Deduplicated post authors returned by `/with-people`. */
  peopleLimit: { min: 1, max: 100, default: 25 },
  /** Results reachable by paging (offset + page size), as OpenSearch's `max_result_window`. */
  resultWindow: 10_000,
  /** Values in `author_user_ids`, in `author_user_id_ints` (each list) and in `target_post_ids`. */
  idValues: 1_000,
  /** Values in `mentions`, `topics` and `keywords` (each list). */
  listValues: 50,
  /** Characters of one mention, topic or keyword. */
  valueChars: 200,
  /** Largest `posted_within_days` (about 100 years; larger windows are clamped to it). */
  withinDays: 36_500,
  /** Largest bound of an engagement range (the count fields are 32-bit integers). */
  countMax: 2_147_483_647,
} as const;

/**
 * One silent adjustment REST made to the input, reported back so nothing is lost unseen: the
 * JSON pointer of the adjusted input, what was done and a message. Every response schema that
 * carries receipts uses this one declaration.
 */
export const receiptSchema = {
  type: 'object',
  required: ['path', 'action', 'message'],
  properties: {
    path: { type: 'string', description: 'JSON pointer of the adjusted input.' },
    action: { enum: ['truncated', 'clamped', 'ignored', 'normalized', 'defaulted'] },
    message: { type: 'string' },
  },
} as const;

export type Receipt = FromSchema<typeof receiptSchema>;

/**
 * Input-size limits of company search (`POST /api/v1/companies/search/preview`), applied the
 * same way: REST truncates or clamps silently with a receipt. docs/company-search.md.
 */
export const COMPANY_SEARCH_LIMITS = {
  /** Characters of `query` / `description`. */
  queryChars: 10_000,
  /** Companies per page. */
  previewLimit: { min: 1, max: 50, default: 10 },
  /** Recent company posts in evidence text. */
  evidencePosts: { min: 0, max: 10, default: 3 },
  /** Company names resolved per request (`filters.names` plus names in the text). */
  names: 100,
  /** Values in any other list filter (industries, categories, locations, keywords). */
  listValues: 100,
  /** Characters of one filter value. */
  valueChars: 200,
  /** Candidates read when resolving one name (the chosen one and its alternatives). */
  resolutionCandidates: 5,
  /** Companies of an earlier company search used by people search's `companies[].where.search_id`. */
  searchIdCompanies: 10_000,
} as const;

/** Input-size limits of job search (`POST /api/v1/search/jobs/preview` and `/with-people`). docs/job-search.md. */
export const JOB_SEARCH_LIMITS = {
  queryChars: 10_000,
  previewLimit: { min: 1, max: 25, default: 10 },
  peoplePerCompany: { min: 1, max: 10, default: 3 },
  /** People shown in a posting's network block (per degree). */
  networkPeople: 3,
  /** Largest `hiring.published_within_days`. */
  withinDays: 3_650,
  /** Values in any list filter (titles, locations, industries, keywords, company names, ...). */
  listValues: 100,
  /** Characters of one filter value. */
  valueChars: 200,
} as const;

/**
 * Sizes REST refuses outright: the request schemas answer 400 `validation_failed` before any
 * other work. They sit ten times above the limits REST applies silently (above, truncating or
 * clamping with a receipt), so a client that sends a little too much is still served, while
 * absurd input (a 100,000-entry list, a quarter of a megabyte in one field) costs no more than
 * a schema check. docs/advanced-filters.md#limits-on-rest.
 */
export const INPUT_CEILINGS = {
  /** Characters of free text: `query`, `description`, keywords text (ten times `queryChars`). */
  textChars: 100_000,
  /** Characters of any other string: a filter value, an id, a username (ten times `valueChars`). */
  valueChars: 2_000,
  /** Entries of a list (ten times `listValues`). */
  listItems: 1_000,
  /** Entries of a list of post-search ids (ten times `POST_SEARCH_LIMITS.idValues`). */
  idItems: 10_000,
  /** Fields of an object whose unknown fields are ignored with a receipt (`where`). */
  objectFields: 100,
} as const;
