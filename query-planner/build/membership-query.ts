import type { Query } from '../../search-engine/port.js';

/** Keys of a bool query that hold clauses. */
const CLAUSE_KEYS = ['must', 'filter', 'should', 'must_not'] as const;

/**
 * The part of a people-search query that decides who matches, which is all a cohort needs: it is
 * applied as a filter, where scores play no part. A bool's `should` with
 * `minimum_should_match: 0` only scores (the network boosts and ranking text), so it goes.
 * The boosts hold the requester's whole first and second degree (up to 65,536 ids): kept, they
 * made each cohort of a well-connected requester 50-500 KB. Everything else stays as it was.
 */
export function membershipQuery(query: Query): Query {
  const bool = query.bool as Record<string, unknown> | undefined;
  if (!bool) return query;
  const scoringOnly = bool.minimum_should_match === 0;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bool)) {
    if (scoringOnly && (key === 'should' || key === 'minimum_should_match')) continue;
    kept[key] = (CLAUSE_KEYS as readonly string[]).includes(key) && Array.isArray(value) ? (value as Query[]).map(membershipQuery) : value;
  }
  // A bool without clauses matches everything.
  return CLAUSE_KEYS.some((k) => k in kept) ? { bool: kept } : { match_all: {} };
}
