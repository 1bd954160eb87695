import { invalidField } from '../../errors.js';

/**
 * The connector's rule "a search says what it is looking for" (docs/mcp.md, "Connector rules"):
 * a search tool called with no criterion at all (`{}`, a blank description, empty filters) would
 * answer arbitrary rows of the whole corpus and be charged for them, which is almost surely a call
 * whose arguments went missing (a template variable left unfilled). It is refused before anything
 * runs or is charged, as `bulk_export` refuses an export of no one in particular. REST keeps
 * answering such a body (`input_mode: "empty"`, billed; docs/people-search.md).
 */

/** Whether a value asks for anything: a non-blank text, a number or boolean, or a list or object holding one. */
export function hasContent(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(hasContent);
  if (value && typeof value === 'object') return Object.values(value).some(hasContent);
  return false;
}

/** People filter keys that order or shape the rows but select no one. */
const PEOPLE_ORDER_KEYS: ReadonlySet<string> = new Set(['sort_by', 'sort_order']);

/** Whether people filters select anyone in particular (ordering alone does not), at the top or under `where`. */
function peopleFiltersSelect(filters: unknown): boolean {
  if (!filters || typeof filters !== 'object' || Array.isArray(filters)) return false;
  return Object.entries(filters).some(([key, value]) =>
    key === 'where' ? peopleFiltersSelect(value) : !PEOPLE_ORDER_KEYS.has(key) && hasContent(value),
  );
}

/** What a people search (people_search, discover_employers) may be given to say whom it looks for. */
export const PEOPLE_CRITERIA =
  'a description (or query), filters, keywords, an earlier search_metadata, a person_id or profile to look up, network_filter_mode "filter" (your own network)';

/** Whether people search arguments name anyone in particular. */
export function peopleCriterion(input: Record<string, unknown>): boolean {
  const metadata = input.search_metadata as Record<string, unknown> | undefined;
  return (
    hasContent(input.description) ||
    hasContent(input.query) ||
    hasContent(input.keywords) ||
    peopleFiltersSelect(input.filters) ||
    peopleFiltersSelect(metadata?.filters) ||
    hasContent(metadata?.keywords) ||
    hasContent(input.professional_username) ||
    hasContent(input.professional_profile_url) ||
    hasContent(input.professional_url) ||
    hasContent(input.person_id) ||
    input.network_filter_mode === 'filter'
  );
}

/** Whether company search arguments ask for anything. */
export const companyCriterion = (input: Record<string, unknown>): boolean =>
  hasContent(input.query) || hasContent(input.description) || hasContent(input.filters);

/** Whether job search arguments ask for anything. */
export const jobCriterion = (input: Record<string, unknown>): boolean =>
  hasContent(input.query) || hasContent(input.where) || hasContent(input.filters);

/** Whether post search arguments ask for anything (sorting alone does not). */
export const postCriterion = (input: Record<string, unknown>): boolean => hasContent(input.query) || hasContent(input.filters);

/**
 * Refuses a search of no criterion (`invalid_search_request` on a search tool, with a receipt
 * at `pointer`, or the root), naming what to give. Nothing is run or charged.
 */
export function requireCriterion(given: boolean, tool: string, what: string, pointer = ''): void {
  if (given) return;
  throw invalidField(
    'body',
    pointer,
    `is an empty search: ${tool} needs something to look for (${what}). Nothing was searched or charged; a search of nothing in particular would list arbitrary rows of the whole corpus.`,
  );
}
