import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | null | undefined;

/**
 * Runs a full garbage collection now; returns false where the runtime does not allow it.
 *
 * For long batch jobs (the indexer) at the points where they know most of their heap has just
 * become garbage. V8 sizes its heap to the limit it was given (a quarter of the machine's memory
 * by default), not to what is alive, so a job that turns over gigabytes of short-lived strings
 * lets hundreds of megabytes of them wait for a collection. The function is the one `--expose-gc`
 * gives, taken from a fresh context as test runners do, so no command-line flag is needed.
 */
export function collectGarbage(): boolean {
  if (collect === undefined) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) collect = exposed;
    else {
      try {
        v8.setFlagsFromString('--expose-gc');
        collect = vm.runInNewContext('gc') as () => void;
      } catch {
        collect = null;
      }
    }
  }
  if (!collect) return false;
  collect();
  return true;
}
