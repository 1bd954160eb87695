import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What an engine call inherits from the request that made it, without threading it through
 * every search function: the request's time budget and whose work it is.
 */
export interface SearchCallContext {
  /** `performance.now()` by which every engine call of the request must have answered. */
  deadline: number;
  /** Whose work this is (the account owner); the embedded engine's worker pool shares its workers fairly by it. */
  tenant: string;
  /** Aborted when the request's client has gone away: its calls still waiting for a worker are dropped. */
  signal?: AbortSignal;
}

const storage = new AsyncLocalStorage<SearchCallContext>();

/**
 * Runs `fn` with a time budget of `budgetMs` (from now) and a tenant for every engine call it
 * makes, and the signal of the request's client (aborted when it goes away), when there is one.
 */
export function withSearchBudget<T>(budgetMs: number, tenant: string, fn: () => T, signal?: AbortSignal): T {
  return storage.run({ deadline: performance.now() + budgetMs, tenant, ...(signal ? { signal } : {}) }, fn);
}

/** The budget an engine call has: what remains of its request's, else the engine's default. */
export function callBudget(defaultMs: number): { ms: number; tenant: string; signal?: AbortSignal } {
  const ctx = storage.getStore();
  if (!ctx) return { ms: defaultMs, tenant: '' };
  return {
    ms: Math.min(defaultMs, Math.floor(ctx.deadline - performance.now())),
    tenant: ctx.tenant,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  };
}
