import { ListNormalizer, normalizeFilters, type RawAdvancedFilters } from '../../../query-planner/build/normalize.js';
import { type CompanyFilters, normalizeCompanyFilters } from '../../../query-planner/company-filters.js';
import { type JobFiltersInput, normalizeJobFilters } from '../../../query-planner/job-filters.js';
import { PEOPLE_SEARCH_LIMITS, type Receipt } from '../../../query-planner/limits.js';
import { normalizePostFilters, type PostFilters } from '../../../query-planner/post-filters.js';
import { MAX_WORD_CHARS, overlongWords } from '../../commands/search/long-words.js';
import { type ValidationProblem, validationFailed } from '../../errors.js';

/**
 * The contract's rule "REST applies input-size limits silently (truncation or clamping); the
 * connector rejects them", for every limit at once: the connector runs the very normalisers REST
 * runs (pure, no I/O, nothing charged) over the caller's own arguments, and each adjustment REST
 * would make by truncating or clamping becomes a problem, answered as `invalid_search_request`
 * with a `rejected` receipt per field. Other adjustments (duplicates removed, `where` merged,
 * keyword text split) change nothing the caller asked for and pass, as on REST.
 */

const VERB: Partial<Record<Receipt['action'], string>> = { truncated: 'truncates', clamped: 'clamps' };

/** The problems of the receipts that are over-limit adjustments, their pointers under `base`. */
export function overLimitProblems(receipts: readonly Receipt[], base = ''): ValidationProblem[] {
  return receipts.flatMap((r) => {
    const verb = VERB[r.action];
    if (!verb) return [];
    return [
      {
        in: 'body' as const,
        pointer: `${base}${r.path}`,
        message: `is over the connector's limit, which it refuses where REST ${verb} it (${r.message.replace(/\.$/, '')}): send no more than the limit`,
      },
    ];
  });
}

const objectAt = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** People search arguments (`people_search`, `discover_employers`, `bulk_export`): filters, an earlier search_metadata, legacy keywords. */
export function peopleLimitProblems(input: Record<string, unknown>): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const metadata = objectAt(input.search_metadata);
  for (const [base, filters] of [
    ['/filters', objectAt(input.filters)],
    ['/search_metadata/filters', objectAt(metadata?.filters)],
  ] as const)
    if (filters) problems.push(...overLimitProblems(normalizeFilters(filters as RawAdvancedFilters).receipts, base));
  // The deprecated keywords are cut as one filter list is (routes/people-search/routes.ts).
  for (const [path, value] of [
    ['/keywords', input.keywords],
    ['/search_metadata/keywords', metadata?.keywords],
  ] as const) {
    if (value === undefined) continue;
    const n = new ListNormalizer(PEOPLE_SEARCH_LIMITS);
    n.list(path, typeof value === 'string' ? [value] : (value as unknown[]));
    problems.push(...overLimitProblems(n.receipts));
  }
  return problems;
}

/** Company search arguments: `filters` as company search normalises them. */
export function companyLimitProblems(input: Record<string, unknown>, base = ''): ValidationProblem[] {
  const filters = objectAt(input.filters);
  return filters ? overLimitProblems(normalizeCompanyFilters(filters as CompanyFilters).receipts, `${base}/filters`) : [];
}

/** Job search arguments: the caller's own `filters` as job search normalises them. */
export function jobLimitProblems(input: Record<string, unknown>): ValidationProblem[] {
  const filters = objectAt(input.filters);
  return filters ? overLimitProblems(normalizeJobFilters(filters as JobFiltersInput).receipts, '/filters') : [];
}

/** Post search arguments: `filters.posts` as post search normalises them (receipts already carry `/filters/posts`). */
export function postLimitProblems(input: Record<string, unknown>, now: Date): ValidationProblem[] {
  const posts = objectAt(objectAt(input.filters)?.posts);
  return posts ? overLimitProblems(normalizePostFilters(posts as PostFilters, now).receipts) : [];
}

/**
 * The search texts of `input` (`fields`, under `base`): a word longer than any searched, which
 * REST drops with an `ignored` receipt, is refused here (one problem per text, naming the first).
 */
export function textLimitProblems(input: Record<string, unknown>, fields: readonly string[], base = ''): ValidationProblem[] {
  return fields.flatMap((field) => {
    const value = input[field];
    const [first, ...more] = typeof value === 'string' ? overlongWords(value) : [];
    if (!first) return [];
    const others = more.length ? ` and ${more.length} more` : '';
    return [
      {
        in: 'body' as const,
        pointer: `${base}/${field}`,
        message: `holds a word of ${first.chars} characters at character ${first.offset}${others}, over the ${MAX_WORD_CHARS} of any word searched; the connector refuses it where REST drops it: remove it or split it into words`,
      },
    ];
  });
}

/** Refuses the call when any problem was found (`invalid_search_request` on a search tool). */
export function rejectOverLimit(problems: readonly ValidationProblem[]): void {
  if (problems.length > 0) throw validationFailed([...problems]);
}
