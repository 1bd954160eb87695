/**
 * Bodies of the company lookups that run before a search is planned (its resolve step): the
 * candidates a company name may mean, and the companies an earlier company search matched.
 * Pure; server/commands/search/ runs them.
 */
import type { Query, SearchBody } from '../../search-engine/port.js';
import { companyLookupQuery } from './company-lookup.js';

/** Companies named `input` exactly (name above alias), then larger first, then by id. */
export function companyNameCandidatesBody(input: string, size: number): SearchBody {
  return {
    query: companyLookupQuery(input),
    size,
    sort: [{ _score: 'desc' }, { employee_count: { order: 'desc', missing: '_last' } }, { id: 'asc' }],
    track_total_hits: false,
    _source: ['id', 'name', 'domain', 'industry', 'categories', 'employee_count'],
  };
}

/** The ids of the companies `query` (an earlier company search's) matches, largest first, at most `max`. */
export function companiesOfSearchBody(query: Query, max: number): SearchBody {
  return {
    query,
    size: max,
    sort: [{ employee_count: { order: 'desc', missing: '_last' } }, { id: 'asc' }],
    track_total_hits: true,
    _source: false,
  };
}
