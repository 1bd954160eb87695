import { INDICES } from '../mappings/indices.js';
import type { SearchEngine } from '../search-engine/port.js';
import { CheckpointFile } from './checkpoint.js';

/**
 * Drops what interrupted runs left in `checkpointDir`: the physical indices they were filling,
 * those their swaps replaced but had not yet deleted, and their checkpoints. A run is abandoned
 * when a run over the same inputs starts again without `--resume` (its key is `restartedKey`),
 * or when its input files have changed or gone so that it can never be resumed; any other
 * interrupted run is kept for `--resume`. An index an alias points at is never dropped: a
 * `--swap` run over several kinds that was killed part-way lists the indices it already swapped
 * in among its own, and one killed just before a swap lists the live index it would replace.
 * Returns the indices dropped.
 */
export async function discardAbandonedRuns(engine: SearchEngine, checkpointDir: string, restartedKey: string | null): Promise<string[]> {
  const abandoned = CheckpointFile.all(checkpointDir).filter((run) => run.key === restartedKey || !run.resumable());
  if (abandoned.length === 0) return [];
  const live = new Set((await Promise.all(Object.values(INDICES).map((def) => engine.getAlias(def.alias)))).flat());
  const dropped: string[] = [];
  for (const run of abandoned) {
    const state = run.read();
    // The indices it created, and those its swaps replaced (a run killed between a swap and their deletion).
    for (const index of [...Object.values(state?.swapTargets ?? {}), ...Object.values(state?.retiring ?? {}).flat()]) {
      if (typeof index !== 'string') continue; // a checkpoint is a file on disk, read as found
      // Gone already: the run was killed before creating it, or another file of the same kind listed it too (one index for all of a kind's files).
      if (live.has(index) || !(await engine.indexExists(index))) continue;
      await engine.deleteIndex(index);
      dropped.push(index);
    }
    run.remove();
  }
  return dropped;
}
