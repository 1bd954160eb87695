import type { Tier } from '../store/users.js';

/** One credit in micro-credits. Every amount is stored and summed as an integer of these. */
export const MICRO_PER_CREDIT = 1_000_000;

/** Length of the rolling usage window. */
export const WINDOW_DAYS = 30;
export const WINDOW_MS = WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Credit ceiling per tier over the rolling window, in micro-credits (null: no ceiling). */
export const TIER_LIMIT_MICRO: Record<Tier, number | null> = {
  free: 5 * MICRO_PER_CREDIT,
  starter: 50 * MICRO_PER_CREDIT,
  starter_annual: 50 * MICRO_PER_CREDIT,
  pro: 1000 * MICRO_PER_CREDIT,
  annual: 1000 * MICRO_PER_CREDIT,
  team: 1000 * MICRO_PER_CREDIT,
};

/** How the price of an operation scales. */
export type PriceUnit = 'per_call' | 'per_result' | 'per_contact';

export interface RateCardEntry {
  operation: string;
  /** Price of one unit, in micro-credits. */
  priceMicro: number;
  unit: PriceUnit;
  description: string;
  /** Where the price comes from: fixed by the contract or chosen by Proxima. */
  source: 'contract' | 'proxima';
}

/**
 * The price of every billable operation. Prices fixed by the contract are marked `contract`;
 * the rest are Proxima's choice, sized so a free account (5 credits) can run twenty full
 * people searches or fifty previews a month.
 */
export const RATE_CARD = [
  {
    operation: 'people_search',
    priceMicro: 250_000,
    unit: 'per_call',
    source: 'proxima',
    description:
      'A full people search page (v1 search or v2 natural-language query), stored for enrich and replay; a lookup by username or profile URL that finds nobody is free.',
  },
  {
    operation: 'people_search_preview',
    priceMicro: 100_000,
    unit: 'per_call',
    source: 'proxima',
    description: 'A people search preview page; not stored, not enrichable.',
  },
  {
    operation: 'people_enrich',
    priceMicro: 50_000,
    unit: 'per_result',
    source: 'proxima',
    description: 'Enriching one person of a stored search that this account has not enriched before (re-enriching costs 0).',
  },
  { operation: 'search_replay', priceMicro: 0, unit: 'per_call', source: 'contract', description: 'Replaying a stored search page.' },
  {
    operation: 'bulk_export',
    priceMicro: 4_000,
    unit: 'per_result',
    source: 'proxima',
    description: 'One person written to a bulk CSV export (a preview page of 25 people per 0.10 credit, row for row).',
  },
  {
    operation: 'company_search_preview',
    priceMicro: 100_000,
    unit: 'per_call',
    source: 'proxima',
    description: 'A company search preview page.',
  },
  {
    operation: 'jobs_search_preview',
    priceMicro: 100_000,
    unit: 'per_call',
    source: 'proxima',
    description: 'A job posting search preview page.',
  },
  {
    operation: 'jobs_search_with_people',
    priceMicro: 100_000,
    unit: 'per_call',
    source: 'contract',
    description: 'A job search grouped with people; billed as one preview search.',
  },
  {
    operation: 'posts_search_preview',
    priceMicro: 100_000,
    unit: 'per_call',
    source: 'proxima',
    description: 'A post search preview page.',
  },
  {
    operation: 'posts_search_with_people',
    priceMicro: 200_000,
    unit: 'per_call',
    source: 'proxima',
    description: 'A post search page with its deduplicated authors.',
  },
  { operation: 'profile_read', priceMicro: 10_000, unit: 'per_call', source: 'proxima', description: 'One profile snapshot.' },
  {
    operation: 'profile_chunks',
    priceMicro: 20_000,
    unit: 'per_call',
    source: 'proxima',
    description: 'Cached profile chunks of one person.',
  },
  {
    operation: 'profile_text',
    priceMicro: 20_000,
    unit: 'per_call',
    source: 'proxima',
    description: 'Embedding-ready text of one person.',
  },
  {
    operation: 'contacts_reconciliation_row',
    priceMicro: 10_000,
    unit: 'per_contact',
    source: 'proxima',
    description:
      'One spreadsheet row matched by a reconciliation batch, previewed or applied (a batch applied again is answered as stored, at no cost).',
  },
  {
    operation: 'delegate_resolve_preview',
    priceMicro: 10_000,
    unit: 'per_contact',
    source: 'contract',
    description: 'Dry-run delegate resolve, per requested contact.',
  },
  {
    operation: 'delegate_resolve_resolved',
    priceMicro: 100_000,
    unit: 'per_result',
    source: 'contract',
    description: 'Live delegate resolve, per high-confidence resolved row (ambiguous, unresolved and delegate-not-found rows cost 0).',
  },
  {
    operation: 'delegate_resolve_email_enrichment',
    priceMicro: 40_000,
    unit: 'per_result',
    source: 'contract',
    description: 'A successful explicit provider email enrichment (cached, known and no-find results cost 0).',
  },
  {
    operation: 'communications',
    priceMicro: 0,
    unit: 'per_call',
    source: 'contract',
    description: 'Communications are not separately credit-billed.',
  },
] as const satisfies readonly RateCardEntry[];

export type Operation = (typeof RATE_CARD)[number]['operation'];

const BY_OPERATION = new Map<string, RateCardEntry>(RATE_CARD.map((e) => [e.operation, e]));

export function rateFor(operation: Operation): RateCardEntry {
  return BY_OPERATION.get(operation) as RateCardEntry;
}

/** Converts micro-credits to credits for presentation only (never for arithmetic). */
export const toCredits = (micro: number): number => micro / MICRO_PER_CREDIT;

/** The rules a client needs to predict its bill, served as `billing_semantics[]`. */
export const BILLING_SEMANTICS = [
  {
    id: 'shared_pool',
    text: "Every key of an account, and every delegate acting through it, draws on the account owner's single credit pool.",
  },
  {
    id: 'rolling_window',
    text: `The ceiling applies to usage in the last ${WINDOW_DAYS} days (a rolling window). Credits return as the usage that spent them ages out; reset_at is when the oldest usage in the window expires.`,
  },
  {
    id: 'whole_price_must_fit',
    text: 'A billable call runs only when its whole price fits in what remains; otherwise it returns 402 credits_exhausted and nothing is charged.',
  },
  {
    id: 'reserve_then_settle',
    text: 'Per-result prices are reserved at their maximum before the work starts and settled to the actual count afterwards; the difference is returned at once.',
  },
  { id: 'failures_free', text: 'A call that fails (any 4xx or 5xx response) is not charged.' },
  {
    id: 'interrupted_calls_free',
    text: 'A charge becomes final only when the call produces its response. While the call runs its reservation counts against the pool; a call cut off before its response (the service stopped or crashed) is not charged, and its reservation is returned when the service next starts.',
  },
  { id: 'atomic_charge', text: 'Check and charge happen in one transaction, so concurrent calls can never spend past the ceiling.' },
  {
    id: 'free_operations',
    text: 'Credit status, usage reports, documentation, replays of stored search pages and communications cost nothing and stay reachable at the ceiling.',
  },
  { id: 'jobs_with_people', text: 'A job search grouped with people is billed as one preview search.' },
  {
    id: 'integer_accounting',
    text: 'Amounts are kept as integer micro-credits (1 credit = 1,000,000); responses show credits as decimals.',
  },
] as const;
