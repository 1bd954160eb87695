import crypto from 'node:crypto';
import { AppError } from '../errors.js';
import type { Db } from '../store/database.js';
import { UsageLedger } from '../store/usage-ledger.js';
import type { Tier } from '../store/users.js';
import { HoldLease } from './hold-lease.js';
import { type Operation, rateFor, TIER_LIMIT_MICRO, toCredits, WINDOW_DAYS, WINDOW_MS } from './rate-card.js';

/** The Credit status resource, amounts in micro-credits and times in epoch ms. */
export interface CreditStatus {
  tier: Tier;
  limitMicro: number | null;
  usedMicro: number;
  remainingMicro: number | null;
  windowStart: number | null;
  windowDays: number;
  resetAt: number | null;
  asOf: number;
}

/**
 * A charge taken before the work runs. It stays pending (counted, but released if the process
 * dies) until it is committed with the response; settle it first to the actual quantity, or
 * release it when the work fails.
 */
export interface CreditHold {
  ledgerId: number;
  operation: Operation;
  quantity: number;
  amountMicro: number;
}

export interface ChargeRequest {
  ownerUserId: string;
  tier: Tier;
  keyId: string | null;
  actingUserId: string;
  operation: Operation;
  /** Units to reserve (1 for per-call prices; the maximum possible for per-result prices). */
  quantity: number;
  requestId: string | null;
  now: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Renders a status as the JSON resource of `GET /api/v1/credits/status`. */
export function presentCreditStatus(s: CreditStatus): Record<string, unknown> {
  return {
    tier: s.tier,
    limit: s.limitMicro === null ? null : toCredits(s.limitMicro),
    used: toCredits(s.usedMicro),
    remaining: s.remainingMicro === null ? null : toCredits(s.remainingMicro),
    window_start: iso(s.windowStart),
    window_days: s.windowDays,
    reset_at: iso(s.resetAt),
    as_of: new Date(s.asOf).toISOString(),
  };
}

/**
 * The `X-Service-Credits-*` headers. Limit and Remaining are omitted, never empty, for a tier
 * without a ceiling (none has one today); the other four are always present.
 */
export function creditHeaders(s: CreditStatus): Record<string, string> {
  // A header with no value is omitted rather than sent empty: clients parse what is present.
  const headers: Record<string, string> = {
    'X-Service-Credits-Tier': s.tier,
    'X-Service-Credits-Used': String(toCredits(s.usedMicro)),
    'X-Service-Credits-Window-Days': String(s.windowDays),
  };
  if (s.limitMicro !== null) headers['X-Service-Credits-Limit'] = String(toCredits(s.limitMicro));
  if (s.remainingMicro !== null) headers['X-Service-Credits-Remaining'] = String(toCredits(s.remainingMicro));
  // Every response carries Reset-At (the contract's six headers). With usage it is when the
  // oldest charge leaves the window; with none, the end of a window that would start now: a
  // charge made now leaves it then, and nothing held returns sooner. The body's reset_at stays null.
  headers['X-Service-Credits-Reset-At'] = iso(s.resetAt ?? s.asOf + s.windowDays * DAY_MS) as string;
  return headers;
}

/**
 * Meters usage against each owner's pool. Every method is synchronous and runs in one SQLite
 * transaction, so a check and its charge can never be split by another request.
 *
 * Reservations are written as pending charges of this process's holder: they count against the
 * pool at once (so concurrent calls cannot overspend) and become final only when committed,
 * once the call has produced its response. The pending charges of a process that ended before
 * committing them are charges for work that never completed: {@link releaseAbandoned} returns them.
 */
export class CreditService {
  private readonly ledger: UsageLedger;
  private readonly holder: string;

  /**
   * `lease` proves to other processes that this one is alive. Without one (tests, tools) the holds
   * are written under a fresh holder id that no lease protects: any server starting releases them.
   */
  constructor(
    private readonly db: Db,
    private readonly lease: HoldLease | null = null,
  ) {
    this.ledger = new UsageLedger(db);
    this.holder = lease?.holder ?? crypto.randomUUID();
  }

  /**
   * The credit service of a server or CLI process: takes a hold lease in `dataDir`, then releases
   * the pending holds of every process sharing the store that has ended.
   */
  static start(db: Db, dataDir: string): CreditService {
    const credits = new CreditService(db, HoldLease.acquire(dataDir));
    credits.releaseAbandoned(dataDir);
    return credits;
  }

  status(ownerUserId: string, tier: Tier, now: number): CreditStatus {
    const { usedMicro, oldestAt } = this.ledger.window(ownerUserId, now - WINDOW_MS);
    const limitMicro = TIER_LIMIT_MICRO[tier];
    return {
      tier,
      limitMicro,
      usedMicro,
      remainingMicro: limitMicro === null ? null : Math.max(0, limitMicro - usedMicro),
      windowStart: oldestAt,
      windowDays: WINDOW_DAYS,
      resetAt: oldestAt === null ? null : oldestAt + WINDOW_MS,
      asOf: now,
    };
  }

  /**
   * Checks that the whole price fits in what remains and records it, atomically. Throws 402
   * `credits_exhausted` (charging nothing) when it does not fit. Free operations always pass.
   */
  reserve(req: ChargeRequest): CreditHold {
    const amountMicro = rateFor(req.operation).priceMicro * req.quantity;
    const run = this.db.transaction((): CreditHold => {
      if (amountMicro > 0) {
        const status = this.status(req.ownerUserId, req.tier, req.now);
        if (status.remainingMicro !== null && amountMicro > status.remainingMicro) throw creditsExhausted(status, amountMicro);
      }
      const ledgerId = this.ledger.insert({
        ownerUserId: req.ownerUserId,
        keyId: req.keyId,
        actingUserId: req.actingUserId,
        operation: req.operation,
        quantity: req.quantity,
        amountMicro,
        requestId: req.requestId,
        createdAt: req.now,
        pendingHolder: this.holder,
      });
      return { ledgerId, operation: req.operation, quantity: req.quantity, amountMicro };
    });
    // IMMEDIATE takes the write lock before reading the sum, so another process sharing the
    // file (the CLI, a second server) cannot interleave between the check and the insert.
    return run.immediate();
  }

  /** Lowers a hold to the quantity actually delivered (never raises it). */
  settle(hold: CreditHold, actualQuantity: number): CreditHold {
    const quantity = Math.max(0, Math.min(actualQuantity, hold.quantity));
    const amountMicro = rateFor(hold.operation).priceMicro * quantity;
    this.ledger.setAmount(hold.ledgerId, quantity, amountMicro);
    return { ...hold, quantity, amountMicro };
  }

  /** Makes a hold final: call it once the call's response is produced. */
  commit(hold: CreditHold): void {
    this.ledger.finalize(hold.ledgerId);
  }

  /** Returns a hold in full, for work that failed. */
  release(hold: CreditHold): void {
    this.ledger.delete(hold.ledgerId);
  }

  /**
   * Releases the pending holds of every other holder whose process has ended (its lease is gone),
   * and returns how many. Holds of live processes are calls still running: they stay.
   */
  releaseAbandoned(dataDir: string): number {
    const gone = this.ledger.pendingHolders().filter((h) => h !== this.holder && !HoldLease.isLive(dataDir, h));
    // A holder found dead stays dead (ids are never reused), so checking before the write is safe.
    const release = this.db.transaction(() => gone.reduce((n, h) => n + this.ledger.deletePending(h), 0));
    const released = gone.length ? release.immediate() : 0;
    HoldLease.removeDead(dataDir);
    return released;
  }

  /** Gives up this process's lease (shutdown); its holds still pending are released by the next start. */
  close(): void {
    this.lease?.close();
  }

  get usage(): UsageLedger {
    return this.ledger;
  }
}

function creditsExhausted(status: CreditStatus, priceMicro: number): AppError {
  const body = presentCreditStatus(status);
  return new AppError(
    402,
    'credits_exhausted',
    `This call costs ${toCredits(priceMicro)} credits but the account has ${body.remaining} of its ${body.limit} left in the ${WINDOW_DAYS}-day window. Credits return from ${body.reset_at ?? 'the next usage expiry'}; upgrade the tier for a higher ceiling.`,
    {
      remaining: body.remaining,
      reset_at: body.reset_at,
      limit: body.limit,
      tier: status.tier,
      used: body.used,
      price: toCredits(priceMicro),
    },
  );
}
