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

/** One silent adjustment REST made to the input, reported back so nothing is lost unseen. */
export interface Receipt {
  /** JSON pointer of the adjusted input. */
  path: string;
  action: 'truncated' | 'clamped' | 'ignored' | 'normalized' | 'defaulted';
  message: string;
}
