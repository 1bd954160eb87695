/**
 * Rows of a batch worked through without holding the event loop (docs/performance.md, "Contact
 * batches"): before each row starts, the loop takes a turn, so other requests are served between
 * rows, and a batch whose caller has gone stops there, before anything is stored or charged.
 */
import { callBudget } from '../../search-engine/call-context.js';

/**
 * Waits for one turn of the event loop (timers and I/O run first), then throws the reason the
 * request's caller left, when it has (its signal, search-engine/call-context.ts).
 */
export async function nextTurn(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  callBudget(0).signal?.throwIfAborted();
}

/**
 * `work` applied to each item, `concurrency` items at a time (their engine calls overlap), with a
 * turn of the event loop before each item starts: a row's own reading is the longest the loop is
 * held. The results are in the items' order.
 */
export async function pacedRows<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => R | Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  // The first failure, kept until the items under way have settled (each has its handler from the
  // start: a row failing while the next waits for its turn is no unhandled rejection).
  let failed: { error: unknown } | null = null;
  for (let i = 0; i < items.length && !failed; i += concurrency) {
    const started: Promise<void>[] = [];
    try {
      for (let j = i; j < Math.min(items.length, i + concurrency) && !failed; j++) {
        await nextTurn();
        started.push(
          Promise.resolve()
            .then(() => work(items[j]!, j))
            .then(
              (r: R) => {
                out[j] = r;
              },
              (error: unknown) => {
                failed ??= { error };
              },
            ),
        );
      }
    } finally {
      await Promise.all(started);
    }
  }
  if (failed) throw (failed as { error: unknown }).error;
  return out;
}
