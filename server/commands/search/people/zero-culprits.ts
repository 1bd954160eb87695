/**
 * People search, after a zero: which filter removed everyone. The search is counted again with
 * each filter left out in turn, a few count queries (size 0) at most, only when a plain search
 * of two to {@link MAX_DROPPED} filters found nobody (docs/people-search.md, "No results").
 */
import { INDICES } from '../../../../mappings/indices.js';
import type { AdvancedFilters } from '../../../../query-planner/advanced-filters.js';
import { type PlanInput, planPeopleSearch } from '../../../../query-planner/build/people-plan.js';
import type { Services } from '../../../services.js';

const PROFILES = INDICES.profiles.alias;

/** At most this many filters are each left out (one count query each); more, and none is. */
export const MAX_DROPPED = 4;
/** Filter fields that choose no one by themselves (order, references to resolve): never left out. */
const NOT_DROPPED: ReadonlySet<string> = new Set(['sort_by', 'sort_order', 'cohort_refs', 'connected_to', 'exclude_connected_to']);

/** A filter whose absence lets someone through, and how many. */
export interface Culprit {
  field: string;
  count: number;
}

/** The filters of a zero-result search that, left out alone, let people through; [] when none or not tried. */
export async function zeroCulprits(services: Services, input: PlanInput): Promise<Culprit[]> {
  const fields = Object.keys(input.filters).filter((f) => !NOT_DROPPED.has(f));
  if (fields.length < 2 || fields.length > MAX_DROPPED) return [];
  const culprits: Culprit[] = [];
  for (const field of fields) {
    const filters = { ...input.filters } as Record<string, unknown>;
    delete filters[field];
    const plan = planPeopleSearch({ ...input, filters: filters as AdvancedFilters, offset: 0, limit: 1 });
    // A verified plan counts by checking candidates in batches: not a few count queries.
    if (plan.matchesNothing || plan.verify) continue;
    const res = await services.engine.search(PROFILES, { ...plan.body, from: 0, size: 0, track_total_hits: true });
    const count = res.total?.value ?? 0;
    if (count > 0) culprits.push({ field, count });
  }
  return culprits;
}

/** The zero's message naming the culprits: "Without filters.skills, 2 people match". */
export function culpritMessage(filters: AdvancedFilters, culprits: readonly Culprit[]): string {
  const said = culprits.map((c) => {
    const value = (filters as Record<string, unknown>)[c.field];
    const include = (value as { include?: unknown } | undefined)?.include;
    const values = Array.isArray(include) ? ` (${include.map((v) => JSON.stringify(v)).join(', ')})` : '';
    return `without filters.${c.field}${values}, ${c.count.toLocaleString('en')} ${c.count === 1 ? 'person matches' : 'people match'}`;
  });
  return `No profile matches every filter: ${said.join('; ')}.`;
}
