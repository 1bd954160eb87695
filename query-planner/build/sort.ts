/**
 * Sort clauses of a people search. Every sort ends with `id` ascending, so both engines order
 * equal keys the same way (docs/search-engine.md).
 */
import type { SortClause } from '../../search-engine/port.js';
import type { AdvancedFilters, PeopleSortKey } from '../advanced-filters.js';

/** The indexed field of each field sort and its default order. */
const FIELD_SORTS: Record<Exclude<PeopleSortKey, 'relevance'>, { field: string; order: 'asc' | 'desc' }> = {
  last_name: { field: 'display_name.sort', order: 'asc' },
  name: { field: 'display_name.sort', order: 'asc' },
  full_name: { field: 'display_name.sort', order: 'asc' },
  years_experience: { field: 'years_experience', order: 'desc' },
  average_role_tenure_months: { field: 'average_role_tenure_months', order: 'desc' },
  last_active: { field: 'last_active_at', order: 'desc' },
  created_at: { field: 'created_at', order: 'desc' },
};

export const ID_TIE_BREAK: SortClause = { id: 'asc' };

/**
 * `relevance` (default): score descending (`sort_order` does not apply), then id. Field sorts:
 * the field in `sort_order` (default: ascending for names, descending otherwise), documents
 * without a value last, then id.
 */
export function peopleSort(filters: Pick<AdvancedFilters, 'sort_by' | 'sort_order'>): SortClause[] {
  const key = filters.sort_by ?? 'relevance';
  if (key === 'relevance') return [{ _score: 'desc' }, ID_TIE_BREAK];
  const { field, order } = FIELD_SORTS[key];
  return [{ [field]: { order: filters.sort_order ?? order, missing: '_last' } }, ID_TIE_BREAK];
}
