import { Worker } from 'node:worker_threads';
import { workerModule } from '../../lib/worker-module.js';
import { SearchEngineError, type SearchEngineErrorCode } from '../errors.js';
import { timedOut } from './budget.js';
import type { ReadJobMessage, ReadOp, ReadReplyMessage, ReadWorkerData } from './read-worker.js';

/**
 * The worker's entry: compiled JavaScript (dist/) runs read-worker.js directly; the TypeScript
 * sources (tests, development under tsx) go through the read-worker.mjs bootstrap, which
 * registers tsx in the worker thread.
 */
const READ_WORKER = workerModule(import.meta.url, 'read-worker');

export interface ReadPoolOptions {
  /** The embedded index file. */
  file: string;
  /** Worker threads, each with its own read-only connection. */
  workers: number;
  /** Calls waiting for a worker, over all tenants, before new ones are refused. */
  maxQueued: number;
  /** Calls one tenant may have waiting before its new ones are refused. */
  maxQueuedPerTenant: number;
  /** SQLite page cache of each worker, in KiB. */
  cacheKib: number;
}

interface Job {
  id: number;
  op: ReadOp;
  tenant: string;
  budgetMs: number;
  deadline: number;
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout | null;
  worker: Slot | null;
  /** Removes the call's listener on its request's signal. */
  unlisten?: () => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
}

/** How long past its budget a worker may stay silent before it is replaced (its SQLite work is interrupted at the budget). */
const STUCK_GRACE_MS = 2000;

/**
 * Runs embedded-engine reads on worker threads so that no search blocks the event loop.
 *
 * Fairness: calls carry a tenant (the account whose request made them). A free worker takes the
 * oldest call of the tenant with the fewest calls running, and one tenant never holds more than
 * `workers - 1` workers, so one account's expensive searches cannot keep every worker from the
 * others. Overload is refused up front (`overloaded`) rather than queued without bound; when the
 * whole queue is full, the account with the most calls waiting gives its newest one up to an
 * account with fewer, so no group of accounts can keep the others out. A
 * call still queued when its budget runs out fails with `timeout` without running.
 */
export class ReadPool {
  private readonly slots: Slot[] = [];
  /** Waiting calls per tenant, oldest first; tenants in arrival order for round robin. */
  private readonly queues = new Map<string, Job[]>();
  private readonly running = new Map<string, number>();
  private queued = 0;
  private nextId = 1;
  private closed = false;
  /** Whether the workers enforce budgets inside SQLite (the budget extension loaded). */
  budgetEnforced = true;

  constructor(private readonly opts: ReadPoolOptions) {}

  /** Most workers one tenant may hold at once. */
  private get perTenantCap(): number {
    return Math.max(1, this.slots.length - 1);
  }

  run(op: ReadOp, tenant: string, budgetMs: number, signal?: AbortSignal): Promise<unknown> {
    if (this.closed) return Promise.reject(new SearchEngineError('engine_unavailable', 'the search engine is shutting down'));
    if (budgetMs <= 0) return Promise.reject(timedOut(0));
    if (signal?.aborted) return Promise.reject(abandoned());
    // Workers start with the first read, so commands that never search never pay for them.
    while (this.slots.length < this.opts.workers) this.slots.push(this.spawn());
    const waiting = this.queues.get(tenant)?.length ?? 0;
    if (waiting >= this.opts.maxQueuedPerTenant) {
      return Promise.reject(new SearchEngineError('overloaded', `this account already has ${waiting} searches waiting for a worker`));
    }
    // A full queue makes room for a tenant with fewer calls waiting than another: the newest call
    // of the tenant with the most waiting gives its place up (and fails as overloaded, free), so a
    // few busy accounts together can never keep everyone else out.
    if (this.queued >= this.opts.maxQueued && !this.makeRoomFor(tenant, waiting)) {
      return Promise.reject(new SearchEngineError('overloaded', `${this.queued} searches are already waiting for a worker`));
    }
    return new Promise((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        op,
        tenant,
        budgetMs,
        deadline: performance.now() + budgetMs,
        resolve,
        reject,
        timer: null,
        worker: null,
      };
      // Queued past its budget: fail without running. Running past budget + grace: the worker is stuck.
      job.timer = setTimeout(() => this.onDeadline(job), budgetMs);
      // The request's client went away: a call still waiting is dropped (one running ends on its own).
      if (signal) {
        const onAbort = () => {
          if (job.worker === null && this.unqueue(job)) this.finish(job, abandoned());
        };
        signal.addEventListener('abort', onAbort, { once: true });
        job.unlisten = () => signal.removeEventListener('abort', onAbort);
      }
      const queue = this.queues.get(tenant) ?? [];
      this.queues.set(tenant, queue);
      queue.push(job);
      this.queued++;
      this.dispatch();
    });
  }

  /** Stops the workers. Calls still waiting fail with `engine_unavailable`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values()) {
      for (const job of queue) this.finish(job, new SearchEngineError('engine_unavailable', 'the search engine is shutting down'));
    }
    this.queues.clear();
    this.queued = 0;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const data: ReadWorkerData = { file: this.opts.file, cacheKib: this.opts.cacheKib };
    const worker = new Worker(READ_WORKER, { workerData: data });
    const slot: Slot = { worker, ready: false, job: null };
    worker.on('message', (msg: ReadReplyMessage | { ready: true; budgetEnforced: boolean }) => {
      if ('ready' in msg) {
        slot.ready = true;
        this.budgetEnforced &&= msg.budgetEnforced;
        this.dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = null;
      this.release(job);
      this.finish(job, msg.ok ? null : toError(msg.error), msg.ok ? msg.value : undefined);
      this.dispatch();
    });
    worker.on('error', (err) => this.replace(slot, new SearchEngineError('engine_error', 'a search worker failed', err)));
    worker.on('exit', () => {
      if (!this.closed) this.replace(slot, new SearchEngineError('engine_error', 'a search worker stopped'));
    });
    worker.unref();
    return slot;
  }

  /** Fails the slot's call, if any, and starts a new worker in its place. */
  private replace(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0 || this.closed) return;
    const job = slot.job;
    slot.job = null;
    if (job) {
      this.release(job);
      this.finish(job, err);
    }
    this.slots[i] = this.spawn();
    void slot.worker.terminate();
  }

  private onDeadline(job: Job): void {
    job.timer = null;
    if (job.worker === null) {
      // Still waiting for a worker.
      this.unqueue(job);
      this.finish(job, timedOut(job.budgetMs));
      return;
    }
    // Running: SQLite interrupts it at the budget. A worker that still has not answered after a
    // grace period is stuck outside SQLite (or budgets are not enforced); replace it.
    const slot = job.worker;
    job.timer = setTimeout(() => {
      job.timer = null;
      if (slot.job === job) this.replace(slot, timedOut(job.budgetMs));
    }, STUCK_GRACE_MS);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue;
      const job = this.pickJob();
      if (!job) return;
      slot.job = job;
      job.worker = slot;
      this.running.set(job.tenant, (this.running.get(job.tenant) ?? 0) + 1);
      const budgetMs = Math.floor(job.deadline - performance.now());
      const msg: ReadJobMessage = { id: job.id, job: job.op, budgetMs };
      slot.worker.postMessage(msg);
    }
  }

  /** The oldest call of the least-served tenant that is under its cap. */
  private pickJob(): Job | null {
    let best: string | null = null;
    for (const [tenant, queue] of this.queues) {
      if (queue.length === 0) continue;
      const running = this.running.get(tenant) ?? 0;
      if (running >= this.perTenantCap) continue;
      if (best === null || running < (this.running.get(best) ?? 0)) best = tenant;
    }
    if (best === null) return null;
    const queue = this.queues.get(best) as Job[];
    const job = queue.shift() as Job;
    this.queued--;
    // Re-append the tenant so that tenants with equal shares take turns.
    this.queues.delete(best);
    if (queue.length > 0) this.queues.set(best, queue);
    return job;
  }

  /** Fails the newest waiting call of the tenant with the most calls waiting, if it has more than `waiting` + 1; whether it did. */
  private makeRoomFor(tenant: string, waiting: number): boolean {
    let heaviest: Job[] | null = null;
    // Calls made outside any request (tenant '') are the service's own: never given up.
    for (const [t, queue] of this.queues) if (t !== tenant && t !== '' && queue.length > (heaviest?.length ?? 0)) heaviest = queue;
    if (!heaviest || heaviest.length <= waiting + 1) return false;
    const job = heaviest.pop() as Job;
    this.queued--;
    if (heaviest.length === 0) this.queues.delete(job.tenant);
    this.finish(job, new SearchEngineError('overloaded', `${this.queued + 1} searches were waiting; this account had the most of them`));
    return true;
  }

  private release(job: Job): void {
    const n = (this.running.get(job.tenant) ?? 1) - 1;
    if (n > 0) this.running.set(job.tenant, n);
    else this.running.delete(job.tenant);
  }

  /** Takes a waiting call out of its tenant's queue; whether it was there. */
  private unqueue(job: Job): boolean {
    const queue = this.queues.get(job.tenant);
    const at = queue?.indexOf(job) ?? -1;
    if (!queue || at < 0) return false;
    queue.splice(at, 1);
    this.queued--;
    if (queue.length === 0) this.queues.delete(job.tenant);
    return true;
  }

  private finish(job: Job, err: Error | null, value?: unknown): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    job.unlisten?.();
    if (err) job.reject(err);
    else job.resolve(value);
  }
}

/** The error of a call whose request's client went away before a worker took it. */
function abandoned(): SearchEngineError {
  return new SearchEngineError('abandoned', 'the search was dropped: its client went away before a worker took it');
}

function toError(e: { engineCode: string | null; message: string; stack?: string }): Error {
  if (e.engineCode) return new SearchEngineError(e.engineCode as SearchEngineErrorCode, e.message);
  const err = new SearchEngineError('engine_error', `search worker: ${e.message}`);
  if (e.stack) err.stack = e.stack;
  return err;
}
