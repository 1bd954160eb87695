/**
 * First-degree verification (the search behaviour rules). With `connection_degrees` = 1st and
 * `network_filter_mode` = `filter`, the indexed candidates are not trusted: each is checked
 * against every included source that can be checked, in batches, and only confirmed people are
 * returned. Offsets count confirmed people. See docs/people-search.md.
 */
import type { ConnectionSource } from '../server/store/graph.js';

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

/** Fetches candidate ids in the search's own order. */
export type CandidateFetcher = (from: number, size: number) => Promise<{ ids: string[]; total: number }>;

/** Checks candidates against the sources that can be checked; returns who each confirms. */
export type FirstDegreeChecker = (ids: string[]) => Map<string, Set<ConnectionSource>>;

export interface VerificationInput {
  offset: number;
  limit: number;
  fetch: CandidateFetcher;
  check: FirstDegreeChecker;
  /**
   * Whether a candidate nobody could confirm is a connection only an unchecked source knows
   * (withheld) rather than no connection at all.
   */
  onlyUncheckedSourceKnows(id: string): boolean;
  /** Examine this many candidates at most (count mode); default: the page budget. */
  budget?: number;
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

/**
 * Verifies candidates in batches of at most 1000 until the budget is examined or candidates
 * run out, then cuts the page from the confirmed people. Never examines more than the budget.
 */
export async function verifyFirstDegree(input: VerificationInput): Promise<VerificationResult> {
  const budget = input.budget ?? examinationBudget(input.offset, input.limit);
  const confirmed: VerifiedPerson[] = [];
  const batches: number[] = [];
  let examined = 0;
  let withheld = 0;
  let total = Number.POSITIVE_INFINITY;
  while (examined < budget && examined < total) {
    const size = Math.min(VERIFICATION_BATCH, budget - examined);
    const batch = await input.fetch(examined, size);
    total = batch.total;
    if (batch.ids.length === 0) break;
    batches.push(batch.ids.length);
    examined += batch.ids.length;
    const found = input.check(batch.ids);
    for (const id of batch.ids) {
      const sources = found.get(id);
      if (sources && sources.size > 0) confirmed.push({ id, sources });
      else if (input.onlyUncheckedSourceKnows(id)) withheld++;
    }
    if (batch.ids.length < size) break;
  }
  const candidatesRemain = examined < total;
  const need = input.offset + input.limit;
  const page = confirmed.slice(input.offset, need);
  const filled = confirmed.length >= need;
  return {
    page,
    confirmed: confirmed.length,
    examined,
    batches,
    candidates: Number.isFinite(total) ? total : 0,
    withheld,
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
