/**
 * The clauses of a people search as they are collected: hard filters, exclusions, required and
 * scoring text, plus what the builder reports back (receipts, a reason the search can match
 * nothing, id sets too large for a `terms` query).
 */
import type { BoolQuery } from '@opensearch-project/opensearch/api/_types/_common.query_dsl.js';
import type { Query } from '../../search-engine/port.js';
import type { Receipt } from '../limits.js';

export class Clauses {
  readonly filter: Query[] = [];
  readonly must: Query[] = [];
  readonly should: Query[] = [];
  readonly mustNot: Query[] = [];
  readonly receipts: Receipt[] = [];
  /** Reasons the filters match nothing, in the order found; the first one is reported. */
  readonly nothing: string[] = [];
  /** Id sets a candidate must belong to, each beyond the `terms` limit (intersected by the builder). */
  readonly oversizedIdFilters: Set<string>[] = [];

  receipt(path: string, action: Receipt['action'], message: string): void {
    this.receipts.push({ path, action, message });
  }

  matchNothing(reason: string): void {
    this.nothing.push(reason);
  }

  /** The bool query of everything collected; `match_all` when nothing was. */
  toQuery(): Query {
    const bool: BoolQuery = {};
    if (this.must.length) bool.must = this.must;
    if (this.filter.length) bool.filter = this.filter;
    if (this.should.length) {
      bool.should = this.should;
      // Scoring only: without this a bool with no must/filter would require one should clause.
      bool.minimum_should_match = 0;
    }
    if (this.mustNot.length) bool.must_not = this.mustNot;
    return Object.keys(bool).length ? { bool } : { match_all: {} };
  }
}
