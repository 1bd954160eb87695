import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.js';

/**
 * A count of events per key in fixed windows that start at a key's first event
 * (`rate-limiter-flexible`'s memory store). Kept in this process's memory: several instances
 * behind a balancer each count their own.
 */
export interface WindowLimiter {
  /** Counts `events` for `key`: null when they fit in its window, else the seconds until it ends (at least 1). */
  take(key: string, events?: number): Promise<number | null>;
}

/** `limit` events a key per window of `seconds`; a limit of 0 counts nothing and refuses nothing. */
export function createWindowLimiter(limit: number, seconds: number): WindowLimiter {
  if (limit === 0) return { take: async () => null };
  const limiter = new RateLimiterMemory({ points: limit, duration: seconds });
  return {
    async take(key, events = 1) {
      try {
        await limiter.consume(key, events);
        return null;
      } catch (refused) {
        // The memory store refuses with the window's state; anything else is a fault of ours.
        if (!(refused instanceof RateLimiterRes)) throw refused;
        return Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
      }
    },
  };
}

/**
 * Requests an account may send a second (`RATE_LIMIT_PER_SECOND`, docs/errors.md "Rate limit").
 * Counted per account, whichever of its keys or OAuth tokens sends them, over REST and `/mcp`
 * alike; public routes and requests without a valid credential are not counted.
 */
export interface RequestRateLimiter {
  /** Counts `requests` for the account, or throws 429 `rate_limited` with `Retry-After` when its second is full. */
  take(accountId: string, requests?: number): Promise<void>;
}

/** The limiter for `perSecond` requests an account a second; 0 turns the limit off. */
export function createRequestRateLimiter(perSecond: number): RequestRateLimiter {
  const window = createWindowLimiter(perSecond, 1);
  return {
    async take(accountId, requests = 1) {
      const wait = await window.take(accountId, requests);
      if (wait !== null) throw rateLimited(perSecond, wait);
    },
  };
}

/** 429 `rate_limited`: the account's requests of this second are spent. */
export function rateLimited(perSecond: number, retryAfterSeconds: number): AppError {
  return new AppError(
    429,
    'rate_limited',
    `This account sent more than ${perSecond} requests in one second. Wait ${retryAfterSeconds} s (Retry-After) and send again, or spread the requests out; nothing was done or charged.`,
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
