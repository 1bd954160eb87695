import type { Query } from '../port.js';

const asList = (v: unknown): Query[] => (v === undefined ? [] : Array.isArray(v) ? (v as Query[]) : [v as Query]);
const boostOf = (body: Record<string, unknown>): number => Number(body.boost ?? 1);

/**
 * The score every matching document gets, when the query gives all of them the same one (filters,
 * constant_score, exact-value leaves, bools of those); null when scores vary (text relevance,
 * should clauses, function_score). Lets a search without a sort page in row order and stop early.
 */
export function constantScore(q: Query | undefined): number | null {
  if (!q) return 1;
  const kind = Object.keys(q)[0];
  const body = (q as Record<string, Record<string, unknown>>)[kind as string] ?? {};
  switch (kind) {
    case 'match_all':
    case 'constant_score':
    case 'ids':
    case 'exists':
      return boostOf(body);
    case 'term':
    case 'terms':
    case 'range':
    case 'prefix': {
      const field = Object.keys(body).find((k) => k !== 'boost' && k !== '_name');
      const inner = field ? body[field] : undefined;
      const innerBoost = inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>).boost : undefined;
      return Number(innerBoost ?? body.boost ?? 1);
    }
    case 'bool': {
      if (asList(body.should).length > 0) return null;
      let total = 0;
      for (const m of asList(body.must)) {
        const c = constantScore(m);
        if (c === null) return null;
        total += c;
      }
      return total * boostOf(body);
    }
    default:
      return null;
  }
}
