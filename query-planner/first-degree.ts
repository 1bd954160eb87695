/**
 * First-degree verification rules (the search behaviour rules), the pure part. With
 * `connection_degrees` = 1st and `network_filter_mode` = `filter`, the indexed candidates are
 * not trusted: each is checked against every included source that can be checked, in batches,
 * and only confirmed people are returned. Offsets count confirmed people. This module holds the
 * budget, the page cut and the count relation; the loop that fetches and checks candidates does
 * I/O and lives with the command (server/commands/search/people/execute.ts).
 * See docs/people-search.md.
 */
import type { ConnectionSource } from '../mappings/record-schemas.js';

/** Candidates are checked in batches of this many. */
export const VERIFICATION_BATCH = 1000;
/** A page examines at least this many candidates. */
export const MIN_EXAMINED = 200;
/** Deeper pages examine this much more than offset plus limit. */
export const DEPTH_FACTOR = 1.25;
/** Count mode verifies at most this many candidates; beyond it the count is a lower bound. */
export const COUNT_MODE_MAX_EXAMINED = 10_000;

/** How many candidates a page examines: at least 200, and 25% more than offset plus limit. */
export function examinationBudget(offset: number, limit: number): number {
  return Math.max(MIN_EXAMINED, Math.ceil(DEPTH_FACTOR * (offset + limit)));
}

export interface VerifiedPerson {
  id: string;
  /** Sources that confirmed the connection. */
  sources: Set<ConnectionSource>;
}

export interface VerificationResult {
  /** Confirmed people of the requested page, in search order. */
  page: VerifiedPerson[];
  /** Confirmed people found among the examined candidates (all pages up to the budget). */
  confirmed: number;
  /** Candidates examined, and the batch sizes used. */
  examined: number;
  batches: number[];
  /** Candidates the search had in all (the indexed, unverified figure). */
  candidates: number;
  /** Candidates that only an unchecked source could have confirmed. */
  withheld: number;
  /** Whether unexamined candidates remain. */
  candidatesRemain: boolean;
  hasMore: boolean;
  /** `partial_unpageable` when the page could not be filled while candidates remain. */
  coverage: 'complete' | 'partial_unpageable';
}

/** What the verification loop gathered: confirmed people in search order, and how far it got. */
export interface VerificationProgress {
  confirmed: VerifiedPerson[];
  examined: number;
  batches: number[];
  /** Candidates the search had in all; Infinity when no batch was fetched. */
  total: number;
  withheld: number;
}

/** Cuts the requested page from the confirmed people and says whether more can be paged. */
export function verifiedPage(progress: VerificationProgress, offset: number, limit: number): VerificationResult {
  const { confirmed, examined, total } = progress;
  const candidatesRemain = examined < total;
  const need = offset + limit;
  const filled = confirmed.length >= need;
  return {
    page: confirmed.slice(offset, need),
    confirmed: confirmed.length,
    examined,
    batches: progress.batches,
    candidates: Number.isFinite(total) ? total : 0,
    withheld: progress.withheld,
    candidatesRemain,
    hasMore: confirmed.length > need || (filled && candidatesRemain),
    coverage: !filled && candidatesRemain ? 'partial_unpageable' : 'complete',
  };
}

/**
 * How a verified count relates to the true number: `exact` only when every candidate was
 * examined, every included source could be checked (`uncheckedSources` is 0) and no candidate
 * was withheld; otherwise the confirmed people are a `lower_bound`. An unchecked source makes it
 * a lower bound even when nothing was withheld: its connections may not all be known yet.
 */
export function countRelation(
  result: Pick<VerificationResult, 'candidatesRemain' | 'withheld'>,
  uncheckedSources: number,
): 'exact' | 'lower_bound' {
  return result.candidatesRemain || result.withheld > 0 || uncheckedSources > 0 ? 'lower_bound' : 'exact';
}
