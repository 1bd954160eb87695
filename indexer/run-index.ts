/**
 * Runs `proxima index` (docs/indexer.md): loads the planned files in order into the engine and
 * the graph, checkpointing each committed batch, verifies a new index's count and swaps its alias.
 * Its options and plan are run-plan.ts's, its summary run-summary.ts's.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { collectGarbage } from '../lib/collect-garbage.js';
import type { DocumentKind, RecordKind } from '../mappings/record-schemas.js';
import { CHECKPOINT_VERSION, type Checkpoint, CheckpointFile, checkpointKey, type FileCounters, type RunInputs } from './checkpoint.js';
import { discardAbandonedRuns } from './discard-abandoned-runs.js';
import { loadFile, type Uncommitted } from './load-file.js';
import { acquireLoadLock } from './load-lock.js';
import type { CompanyCache } from './lookups.js';
import { DEFAULT_HEAP_MB, PreparePool } from './prepare-pool.js';
import { MAX_LINE_BYTES } from './read-lines.js';
import { type RejectEntry, RejectsFile } from './rejects-file.js';
import { describeRepeats, findRepeatedIds } from './repeated-ids.js';
import { defaultWorkers, type IndexRunOptions, planFiles } from './run-plan.js';
import { type FileSummary, type IndexRunSummary, stoppedLoads } from './run-summary.js';
import { createTargetIndex, dropRetired, resolveTarget, SwapRefused, sampleDocuments, verifyAndSwap } from './targets.js';

export { defaultWorkers, IndexerUsageError, type IndexRunOptions, planFiles } from './run-plan.js';
export { type FileSummary, type IndexRunSummary, type LoadCounts, type StoppedLoad, stoppedLoadOf } from './run-summary.js';

/**
 * A file's counts as the summary shows them: `deleted` the documents a deletion removed, and
 * `deleteNoops` the deletions of ids the index did not hold (the counters keep every deletion in
 * `deleted`, and those in `absent`, for the count check).
 */
const shownCounts = ({ read, indexed, deleted, rejected, absent = 0 }: FileCounters) => ({
  read,
  indexed,
  deleted: deleted - absent,
  deleteNoops: absent,
  rejected,
});

/** The first and last positions in `plan` of the files of `plan[i]`'s kind (they are adjacent: files are sorted by kind). */
function kindRange(plan: readonly { kind: RecordKind }[], i: number): [number, number] {
  let first = i;
  let last = i;
  while (first > 0 && plan[first - 1]!.kind === plan[i]!.kind) first--;
  while (last + 1 < plan.length && plan[last + 1]!.kind === plan[i]!.kind) last++;
  return [first, last];
}

/**
 * What the new index of files `first..last` must hold: every accepted upsert less the deletions
 * that removed something (a deletion of an id the snapshot never had is a no-op). A repeated id
 * in the snapshot makes it hold fewer, and the swap is refused. Where this process resumed a
 * killed run inside those files, a deletion the killed run had applied but not recorded reads as
 * a no-op when applied again, so the count may lie anywhere between the two.
 */
function expectedDocs(state: Checkpoint, first: number, last: number, resumedAt: number): number | { min: number; max: number } {
  let indexed = 0;
  let deleted = 0;
  let absent = 0;
  for (let f = first; f <= last; f++) {
    const c = state.counters[String(f)];
    indexed += c?.indexed ?? 0;
    deleted += c?.deleted ?? 0;
    absent += c?.absent ?? 0;
  }
  const exact = indexed - (deleted - absent);
  return resumedAt >= first && resumedAt <= last && absent > 0 ? { min: indexed - deleted, max: exact } : exact;
}

/** How many times its size a line of JSON may take once parsed (an array of empty objects, measured). */
const LINE_HEAP_FACTOR = 24;

/**
 * Loads snapshot files into the engine (documents) and the graph store (connections). Every bad
 * record goes to the rejects file; progress is checkpointed after each committed batch.
 */
export async function runIndex(opts: IndexRunOptions): Promise<IndexRunSummary> {
  const lock = acquireLoadLock(opts.checkpointDir);
  try {
    return await runIndexLocked(opts);
  } finally {
    lock.release();
  }
}

async function runIndexLocked(opts: IndexRunOptions): Promise<IndexRunSummary> {
  const started = Date.now();
  const plan = planFiles(opts.files, opts.kind);
  const inputs: RunInputs = { files: plan.map((p) => path.resolve(p.file)), kind: opts.kind ?? null, swap: opts.swap };
  const checkpoint = new CheckpointFile(opts.checkpointDir, checkpointKey(inputs));
  const interrupted = checkpoint.load();
  const cp = opts.resume ? interrupted : null;
  if (interrupted && !opts.resume) {
    opts.notice?.('an earlier run over these files was interrupted; discarding it and starting over (pass --resume to continue it)');
  } else if (opts.resume && !cp) {
    opts.notice?.('nothing to resume for these files; starting from the beginning');
  } else if (cp) {
    opts.notice?.(`resuming at file ${cp.fileIndex + 1} of ${plan.length}, after line ${cp.linesDone}`);
  }
  // Without --resume the earlier run over these inputs is abandoned; runs over other inputs are too once they cannot be resumed.
  for (const index of await discardAbandonedRuns(opts.engine, opts.checkpointDir, opts.resume ? null : checkpoint.key))
    opts.notice?.(`dropped ${index}, the unfinished index of an abandoned run`);
  const resumed = cp !== null;
  const state: Checkpoint = cp ?? {
    version: CHECKPOINT_VERSION,
    key: checkpoint.key,
    inputs,
    fileIndex: 0,
    linesDone: 0,
    swapTargets: {},
    counters: {},
  };
  // A resumed run appends to the interrupted run's rejects file (unless told another), and does
  // not write again what that run already refused in the lines it reads again: the entries of the
  // same run past the checkpoint.
  const rejectsFile = cp?.rejects && opts.rejectsFileIsDefault ? cp.rejects.file : path.resolve(opts.rejectsFile);
  state.rejects = { file: rejectsFile, run: cp?.rejects?.run ?? crypto.randomUUID() };
  const run = state.rejects.run;
  const rereads = (e: { run?: unknown; file?: unknown; line?: unknown }): boolean => {
    if (!cp?.rejects || e.run !== run || typeof e.file !== 'string' || typeof e.line !== 'number') return false;
    const at = inputs.files.indexOf(e.file);
    return at > cp.fileIndex || (at === cp.fileIndex && e.line > cp.linesDone);
  };
  const rejects = await RejectsFile.open(rejectsFile, run, cp?.rejects ? rereads : null);
  const reject = (entry: RejectEntry) => rejects.write({ ...entry, file: path.resolve(entry.file) });
  // A new run is on record before it reads a line: one killed before its first commit (a
  // connections file merges only at its end) resumes as this run, and its rejects are not
  // written a second time under another run.
  if (!cp) checkpoint.save(state);

  const runId = opts.changes?.beginRun(checkpoint.key, inputs.files);
  const changes = opts.changes && runId !== undefined ? { sink: opts.changes, runId } : undefined;
  let changesRecorded: number | null = null;
  const summaries: FileSummary[] = [];
  const companyCache: CompanyCache = new Map();
  const workers = opts.workers ?? defaultWorkers(opts.engine);
  // A worker's heap holds a batch, and one line parsed. Parsed, a line of JSON can take about 24
  // times its text (an array of empty objects; 15 MiB of `[{},{},...]` exhausted a 192 MiB heap,
  // and V8 aborts the whole process when a worker's heap runs out inside JSON.parse). Only a
  // --max-line-bytes above the default asks for more than the default heap.
  const lineHeapMb = Math.ceil((LINE_HEAP_FACTOR * (opts.maxLineBytes ?? MAX_LINE_BYTES)) / 2 ** 20);
  const heapMb = Math.max(DEFAULT_HEAP_MB, Math.ceil(opts.batchSize / 5), lineHeapMb);
  let pool = workers > 0 && plan.some((p) => p.kind !== 'connections') ? new PreparePool(workers, { heapMb }) : undefined;
  /** The new index in bulk-load mode (from the first file of its kind to the last). */
  let bulkLoading: string | null = null;
  /** Where this process started reading: a kind whose files began before it was resumed. */
  const resumedAt = cp ? cp.fileIndex : -1;
  try {
    for (let i = 0; i < plan.length; i++) {
      const { file, kind } = plan[i] as { file: string; kind: RecordKind };
      const counters = state.counters[String(i)] ?? { read: 0, indexed: 0, deleted: 0, rejected: 0 };
      state.counters[String(i)] = counters;
      if (i < state.fileIndex) {
        summaries.push({
          file,
          kind,
          ...shownCounts(counters),
          durationMs: 0,
          ratePerSecond: 0,
          index: state.swapTargets[String(i)] ?? null,
          swapped: false,
        });
        continue;
      }
      const skipThrough = i === state.fileIndex ? state.linesDone : 0;
      let lastCommitted = skipThrough;
      let uncommitted: Uncommitted | undefined;
      if (pool && !plan.slice(i).some((p) => p.kind !== 'connections')) {
        // Connections load last and without workers: their heaps are given back first, and so is
        // the engine's page cache (filled by lookups of the document files).
        await pool.close();
        pool = undefined;
        await opts.engine.releaseMemory?.();
        // And the document files' garbage on this thread, before the connections add their own.
        collectGarbage();
      }
      const fileStarted = Date.now();
      // The files of one kind (a snapshot split into parts) fill one new index, swapped in once
      // after the last of them: swapping after each would keep only the last part.
      const [first, last] = kindRange(plan, i);
      const created = state.swapTargets[String(i)] ?? (i > first ? state.swapTargets[String(first)] : undefined);
      let target = kind === 'connections' ? null : await resolveTarget(opts.engine, kind, opts.swap, created);
      // Killed after this file's swap but before its checkpoint moved on: the index is loaded,
      // verified and live. What is left is to drop the indices it replaced; the lines past the
      // checkpoint (none, unless the file ends in lines that were never committed) are upserted
      // into the live index, which is never put back into bulk-load mode.
      const swappedIn =
        created !== undefined && target?.swapWhenDone === true && (await opts.engine.getAlias(target.alias)).includes(created);
      if (swappedIn && target) {
        await dropRetired(opts.engine, state.retiring?.[String(i)] ?? []);
        target = { ...target, swapWhenDone: false, freshLoad: false };
      }
      if (target?.swapWhenDone) {
        // Recorded before the index exists, so whenever this run is killed a later run can find and drop it.
        state.swapTargets[String(i)] = target.index;
        checkpoint.save({ ...state, fileIndex: i, linesDone: skipThrough });
        if (bulkLoading !== target.index) {
          // An engine that compresses sources trains its dictionary on the first file's first records.
          await createTargetIndex(opts.engine, target, () =>
            opts.engine.preparedFormat ? sampleDocuments(file, kind as DocumentKind) : Promise.resolve([]),
          );
          await opts.engine.beginBulkLoad(target.index);
          bulkLoading = target.index;
        }
      }
      const loading = loadFile({
        file,
        kind,
        target,
        skipThrough,
        batchSize: opts.batchSize,
        engine: opts.engine,
        graph: opts.graph,
        counters,
        reject,
        progress: opts.progress,
        syncedAt: kind === 'connections' ? (opts.clock ?? Date.now)() : undefined,
        companyCache,
        changes,
        pool,
        connectionMergeRecords: opts.connectionMergeRecords,
        maxLineBytes: opts.maxLineBytes,
        connectionReader: workers > 0,
        committed: (lineNo) => {
          lastCommitted = lineNo;
          checkpoint.save({ ...state, fileIndex: i, linesDone: lineNo });
        },
        uncommitted: (u) => {
          uncommitted = u;
        },
      });
      try {
        await loading;
      } catch (err) {
        // Told with the error: a file of upserts cut short has changed the live index up to here.
        if (typeof err === 'object' && err !== null)
          stoppedLoads.set(err, {
            files: [
              ...summaries,
              {
                file,
                kind,
                ...shownCounts(counters),
                durationMs: Date.now() - fileStarted,
                ratePerSecond: 0,
                index: target?.index ?? null,
                swapped: false,
              },
            ],
            stoppedAt: {
              file,
              kind,
              index: target?.index ?? null,
              live: !target?.swapWhenDone,
              linesCommitted: lastCommitted,
              ...(uncommitted ? { uncommitted } : {}),
            },
          });
        throw err;
      }
      let swapped = swappedIn;
      // The kind's parts went into one index: they are all swapped in when the last one is.
      const markSwapped = (index: string) => {
        for (const s of summaries) if (s.kind === kind && s.index === index) s.swapped = true;
      };
      if (swappedIn && target) markSwapped(target.index);
      if (target?.swapWhenDone && i === last) {
        await opts.engine.endBulkLoad(target.index);
        bulkLoading = null;
        try {
          await verifyAndSwap(
            opts.engine,
            target,
            expectedDocs(state, first, last, resumedAt),
            (previous) => {
              state.retiring = { ...state.retiring, [String(i)]: previous };
              checkpoint.save({ ...state, fileIndex: i, linesDone: lastCommitted });
            },
            async () =>
              describeRepeats(
                await findRepeatedIds(
                  plan.slice(first, last + 1).map((p) => p.file),
                  kind,
                  opts.maxLineBytes,
                ),
              ),
          );
        } catch (err) {
          // A refused swap dropped its index: nothing is left to resume, so the run is forgotten.
          if (err instanceof SwapRefused) checkpoint.remove();
          throw err;
        }
        swapped = true;
        markSwapped(target.index);
      }
      state.fileIndex = i + 1;
      state.linesDone = 0;
      checkpoint.save(state);
      const durationMs = Date.now() - fileStarted;
      summaries.push({
        file,
        kind,
        ...shownCounts(counters),
        durationMs,
        ratePerSecond: Math.round(counters.read / Math.max(0.001, durationMs / 1000)),
        index: target?.index ?? null,
        swapped,
      });
    }
    if (changes) changesRecorded = changes.sink.finishRun(changes.runId);
    checkpoint.remove();
  } finally {
    await pool?.close();
    await rejects.close();
  }
  const total = summaries.reduce(
    (acc, s) => ({
      read: acc.read + s.read,
      indexed: acc.indexed + s.indexed,
      deleted: acc.deleted + s.deleted,
      deleteNoops: acc.deleteNoops + s.deleteNoops,
      rejected: acc.rejected + s.rejected,
    }),
    { read: 0, indexed: 0, deleted: 0, deleteNoops: 0, rejected: 0 },
  );
  const durationMs = Date.now() - started;
  return {
    files: summaries,
    ...total,
    durationMs,
    ratePerSecond: Math.round(total.read / Math.max(0.001, durationMs / 1000)),
    rejectsFile: total.rejected > 0 ? rejectsFile : null,
    resumed,
    signalChanges: changesRecorded,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}
