import { invalidField } from '../../errors.js';

export const USAGE_RANGES = ['7d', '14d', '30d', '90d', 'today', 'all_time'] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

/** A resolved reporting interval `[from, to)` in epoch ms, and how it was asked for. */
export interface UsageInterval {
  label: UsageRange | 'custom';
  from: number;
  to: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The last instant an RFC 3339 timestamp can write (year 9999): an end past it is read as it. */
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Parses an ISO date (a whole UTC day) or date-time; `edge` picks the day's start or end. */
function parseBound(raw: string, edge: 'start' | 'end', pointer: string): number {
  const ms = Date.parse(DATE_ONLY.test(raw) ? `${raw}T00:00:00Z` : raw);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(raw)) {
    throw invalidField('query', pointer, 'must be an ISO 8601 date (2026-01-31) or date-time (2026-01-31T12:00:00Z)');
  }
  // Date.parse rolls a day past the month's end over (2026-02-30 reads as March 2).
  const [y, m, d] = raw.slice(0, 10).split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999.
  const day = new Date(0);
  day.setUTCFullYear(y, m - 1, d);
  if (day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d)
    throw invalidField('query', pointer, `is not a date of the calendar: ${raw.slice(0, 10)}`);
  return Math.min(DATE_ONLY.test(raw) && edge === 'end' ? ms + DAY_MS : ms, LAST_INSTANT);
}

/**
 * Resolves `range` or `start_date`/`end_date` to an interval. The default is the last 30 days.
 * A date-only `end_date` includes that whole day. Sending `range` with dates is ambiguous and
 * rejected, as is a start at or after the end.
 */
export function resolveUsageInterval(
  q: { range?: UsageRange; start_date?: string; end_date?: string },
  now: number,
  firstUsageAt: () => number | null,
): UsageInterval {
  if (q.range && (q.start_date || q.end_date)) {
    throw invalidField('query', '/range', 'cannot be combined with start_date or end_date; send one or the other');
  }
  if (q.start_date || q.end_date) {
    const from = q.start_date ? parseBound(q.start_date, 'start', '/start_date') : 0;
    const to = q.end_date ? parseBound(q.end_date, 'end', '/end_date') : now + 1;
    if (from >= to)
      throw !q.start_date
        ? invalidField('query', '/end_date', 'must be after 1970-01-01, the earliest start (no start_date was given)')
        : q.end_date
          ? invalidField('query', '/start_date', 'must be before end_date')
          : invalidField('query', '/start_date', 'must be before now, the end when no end_date is given; send an end_date too');
    return { label: 'custom', from, to };
  }
  const range = q.range ?? '30d';
  const to = now + 1;
  switch (range) {
    case 'today':
      return { label: range, from: now - (now % DAY_MS), to };
    case 'all_time':
      return { label: range, from: Math.min(firstUsageAt() ?? now, now), to };
    default:
      return { label: range, from: now - Number.parseInt(range, 10) * DAY_MS, to };
  }
}
