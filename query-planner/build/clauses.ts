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
  /** The network boosts (`constant_score` over the boosted ids), kept apart from the text's should clauses. */
  readonly graphBoosts: Query[] = [];
  /** The ids the network boosts name, 1st degree and 2nd degree (null without boosts). */
  graphRank: { first: string[]; second: string[] } | null = null;

  receipt(path: string, action: Receipt['action'], message: string): void {
    this.receipts.push({ path, action, message });
  }

  matchNothing(reason: string): void {
    this.nothing.push(reason);
  }

  /** The bool query of everything collected (without the network boosts: `withBoosts` false); `match_all` when nothing was. */
  toQuery(withBoosts = true): Query {
    const bool: BoolQuery = {};
    const should = withBoosts ? [...this.should, ...this.graphBoosts] : this.should;
    if (this.must.length) bool.must = this.must;
    if (this.filter.length) bool.filter = this.filter;
    if (should.length) {
      bool.should = should;
      // Scoring only: without this a bool with no must/filter would require one should clause.
      bool.minimum_should_match = 0;
    }
    if (this.mustNot.length) bool.must_not = this.mustNot;
    return Object.keys(bool).length ? { bool } : { match_all: {} };
  }
}
