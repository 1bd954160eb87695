import { BILLING_SEMANTICS, MICRO_PER_CREDIT, RATE_CARD, toCredits, WINDOW_DAYS } from '../../billing/rate-card.js';
import type { ApiKeyRecord } from '../../store/api-keys.js';
import type { UsageBreakdown } from '../../store/usage-ledger.js';
import type { UsageInterval } from './usage-range.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The current key, without its secret or hash. */
export function presentApiKey(key: ApiKeyRecord): Record<string, unknown> {
  return {
    id: key.keyId,
    key_prefix: key.keyPrefix,
    name: key.name,
    scopes: key.scopes,
    created_at: iso(key.createdAt),
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
  };
}

/** Usage over an interval with its per-day and per-operation breakdown. */
export function presentUsage(interval: UsageInterval, usage: UsageBreakdown): Record<string, unknown> {
  return {
    range: interval.label,
    start: new Date(interval.from).toISOString(),
    end: new Date(interval.to).toISOString(),
    total_credits: toCredits(usage.totalMicro),
    operation_count: usage.count,
    by_day: usage.byDay.map((d) => ({ date: d.date, credits: toCredits(d.amountMicro), operations: d.count })),
    by_operation: usage.byOperation.map((o) => ({
      operation: o.operation,
      credits: toCredits(o.amountMicro),
      units: o.quantity,
      calls: o.count,
    })),
  };
}

/** The rate card as served: prices in credits, with their unit and origin. */
export function presentRateCard(): Record<string, unknown> {
  return {
    currency: 'credit',
    micro_credits_per_credit: MICRO_PER_CREDIT,
    window_days: WINDOW_DAYS,
    operations: RATE_CARD.map((e) => ({
      operation: e.operation,
      price: toCredits(e.priceMicro),
      unit: e.unit,
      description: e.description,
      price_source: e.source,
    })),
  };
}

export const presentBillingSemantics = (): Record<string, unknown>[] => BILLING_SEMANTICS.map((s) => ({ ...s }));
