/**
 * The first-degree verification loop: fetches candidates in the search's own order, in batches
 * of at most 1000, checks each batch against the sources that can be checked, and stops when
 * the budget is examined or candidates run out. The rules (budget, page cut, count relation)
 * are pure and live in query-planner/first-degree.ts.
 */
import type { ConnectionSource } from '../../../../mappings/record-schemas.js';
import {
  examinationBudget,
  VERIFICATION_BATCH,
  type VerificationResult,
  type VerifiedPerson,
  verifiedPage,
} from '../../../../query-planner/first-degree.js';

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
  return verifiedPage({ confirmed, examined, batches, total, withheld }, input.offset, input.limit);
}
