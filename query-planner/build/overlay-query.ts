/**
 * The network overlay of job search: the viewer's connections (given by id) who work now at any
 * of a page's companies, on the PROFILES index. Pure; the caller groups the hits by company.
 */
import type { SearchBody } from '../../search-engine/port.js';
import { anyOf, termsClauses } from './dsl.js';

/** Fields an overlay person is presented from. */
export const OVERLAY_FIELDS = ['id', 'display_name', 'headline', 'current_title', 'current_company_id'] as const;

/** The people among `ids` whose current company is one of `companyIds`, by id, at most `size`. */
export function connectionsAtCompaniesBody(companyIds: readonly string[], ids: readonly string[], size: number): SearchBody {
  return {
    query: { bool: { filter: [{ terms: { current_company_id: [...companyIds] } }, anyOf(termsClauses('id', ids))] } },
    size,
    sort: [{ id: 'asc' }],
    track_total_hits: true,
    _source: [...OVERLAY_FIELDS],
  };
}
