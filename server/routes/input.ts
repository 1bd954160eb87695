import { withoutInvisible } from '../../query-planner/build/normalize.js';
import { PEOPLE_SEARCH_LIMITS, type Receipt } from '../../query-planner/limits.js';

const L = PEOPLE_SEARCH_LIMITS;

/** Clamps a number into [min, max] with a receipt when it moved. */
export function clamp(value: unknown, bounds: { min: number; max: number; default: number }, path: string, receipts: Receipt[]): number {
  if (typeof value !== 'number') return bounds.default;
  const v = Math.min(bounds.max, Math.max(bounds.min, value));
  if (v !== value)
    receipts.push({ path, action: 'clamped', message: `${path.slice(1)} ${value} is outside ${bounds.min}-${bounds.max}; used ${v}.` });
  return v;
}

/**
 * Query text as searched: invisible format characters removed (`withoutInvisible`), then cut to
 * `max` characters (people search's limit unless given) with a receipt.
 */
export function truncateText(raw: string | null, path: string, receipts: Receipt[], max: number = L.queryChars): string | null {
  const text = raw === null ? null : withoutInvisible(raw);
  if (text === null || text.length <= max) return text;
  receipts.push({
    path,
    action: 'truncated',
    message: `${path.slice(1)} has ${text.length} characters; the first ${max} were used.`,
  });
  return text.slice(0, max);
}
