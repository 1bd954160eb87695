import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectGarbage } from '../lib/collect-garbage.js';
import type { DocumentKind, RecordKind } from '../mappings/record-schemas.js';
import type { SearchEngine } from '../search-engine/port.js';
import type { ChangeSink } from './change-sink.js';
import { CHECKPOINT_VERSION, type Checkpoint, CheckpointFile, checkpointKey, type FileCounters, type RunInputs } from './checkpoint.js';
import type { ConnectionSink } from './connection-sink.js';
import { discardAbandonedRuns } from './discard-abandoned-runs.js';
import { isRecordKind, kindFromFileName, LOAD_ORDER } from './kinds.js';
import { loadFile, type Uncommitted } from './load-file.js';
import { acquireLoadLock } from './load-lock.js';
import type { CompanyCache } from './lookups.js';
import { DEFAULT_HEAP_MB, PreparePool } from './prepare-pool.js';
import type { ProgressReporter } from './progress.js';
import { MAX_LINE_BYTES } from './read-lines.js';
import { type RejectEntry, RejectsFile } from './rejects-file.js';
import { describeRepeats, findRepeatedIds } from './repeated-ids.js';
import { expandSnapshotPaths, NoSnapshotFiles } from './snapshot-files.js';
import { createTargetIndex, dropRetired, resolveTarget, SwapRefused, sampleDocuments, verifyAndSwap } from './targets.js';

export interface IndexRunOptions {
  /** Snapshot files, and directories whose snapshot files are all loaded. */
  files: string[];
  /** Overrides the kind read from file names. */
  kind?: string;
  swap: boolean;
  resume: boolean;
  batchSize: number;
  /** Where refused records go (JSONL with file, line and reason). */
  rejectsFile: string;
  /**
   * `rejectsFile` is a default, not the user's choice (`proxima index` without `--rejects`): a
   * resumed run then keeps appending to the interrupted run's file.
   */
  rejectsFileIsDefault?: boolean;
  checkpointDir: string;
  engine: SearchEngine;
  graph: ConnectionSink;
  /** Records per-entity changes for signal watchers (docs/signals.md); absent with `--no-signals`. */
  changes?: ChangeSink;
  progress: ProgressReporter;
  /** Told about notable decisions (resuming, starting over). */
  notice?: (line: string) => void;
  /**
   * Epoch milliseconds now (default Date.now). A connection file's users are stamped synced at
   * the time its load started: connection records carry no sync time of their own.
   */
  clock?: () => number;
  /**
   * Worker threads that parse, validate and build documents (docs/indexer.md, "Workers").
   * Default: {@link defaultWorkers}.
   */
  workers?: number;
  /** Longest line read; a longer one is refused as a whole (default MAX_LINE_BYTES of read-lines.ts, 16 MiB). */
  maxLineBytes?: number;
  /** Staged connections are merged into the graph every this many records (default `CONNECTION_MERGE_RECORDS` of load-connections.ts, 10M). */
  connectionMergeRecords?: number;
}

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
 * Prepare workers by default: one per core up to 4. The embedded engine takes at least 1, since
 * posting extraction and source compression run in them and leave the writer only SQLite's own
 * work (1,807 profiles/s with 2 workers against 1,142 with none on 2 cores; docs/performance.md,
 * "Issue 17"). OpenSearch takes none on a single core, where a worker only adds its messages: on
 * 2 cores, sharing them with the bulk stand-in, 2 workers fed 8,754-9,430 profiles/s against
 * 7,800-7,826 with none (docs/performance.md, "The OpenSearch loader").
 */
export function defaultWorkers(engine: { kind: string }): number {
  const cores = os.availableParallelism();
  if (engine.kind === 'embedded') return Math.max(1, Math.min(4, cores));
  return cores >= 2 ? Math.min(4, cores) : 0;
}

/** What a load did: records read, indexed, deleted and rejected, how long it took and how fast. */
export interface LoadCounts {
  read: number;
  indexed: number;
  /** Documents a deletion record removed. */
  deleted: number;
  /** Deletion records of ids the index did not hold: no-ops, not counted in `deleted`. */
  deleteNoops: number;
  rejected: number;
  durationMs: number;
  ratePerSecond: number;
}

export interface FileSummary extends LoadCounts {
  file: string;
  kind: RecordKind;
  index: string | null;
  swapped: boolean;
}

export interface IndexRunSummary extends LoadCounts {
  files: FileSummary[];
  rejectsFile: string | null;
  resumed: boolean;
  /** Changes recorded for signal watchers (null when not recorded: `--no-signals`). */
  signalChanges: number | null;
  /** Peak resident memory of the indexing process, in bytes. */
  peakRssBytes: number;
}

/**
 * Where a failed run stopped: the files it finished, and the file it was loading with what of it
 * was committed (its counters, through `linesCommitted`) and whether that went into the live
 * index (an upsert load, or the graph) or into a new index the alias does not point at yet.
 */
export interface StoppedLoad {
  /** The files finished, then the file it stopped in, with its counts so far. */
  files: FileSummary[];
  stoppedAt: {
    file: string;
    kind: RecordKind;
    /** The index written (null for connections, which go to the graph). */
    index: string | null;
    /** What was committed of the file is live: it went into the index the alias points at, or the graph. */
    live: boolean;
    /** Lines of the file committed (its records through this line were applied; after it, only what `uncommitted` says). */
    linesCommitted: number;
    /**
     * A batch failed with others in flight: lines after `linesCommitted` through
     * `uncommitted.throughLine` were sent, may be partly applied (those counts at least), and are
     * not committed (a resumed run applies them again). Absent: nothing after `linesCommitted` was applied.
     */
    uncommitted?: Uncommitted;
  };
}

/** What a run that failed had done, by the error it failed with. */
const stoppedLoads = new WeakMap<object, StoppedLoad>();

/** Where the run that threw `err` stopped (docs/indexer.md, "Files that cannot be read"), if it was loading a file. */
export function stoppedLoadOf(err: unknown): StoppedLoad | undefined {
  return typeof err === 'object' && err !== null ? stoppedLoads.get(err) : undefined;
}

/** Bad command-line input to the indexer (unknown kind, missing file, empty directory). */
export class IndexerUsageError extends Error {}

/**
 * Expands directories into their snapshot files, orders the files by load order and resolves
 * each one's kind.
 */
export function planFiles(paths: string[], kindOverride?: string): { file: string; kind: RecordKind }[] {
  if (kindOverride !== undefined && !isRecordKind(kindOverride))
    throw new IndexerUsageError(`--kind must be one of ${LOAD_ORDER.join(', ')}`);
  let files: string[];
  try {
    files = expandSnapshotPaths(paths);
  } catch (err) {
    if (err instanceof NoSnapshotFiles) throw new IndexerUsageError(err.message);
    // A directory or an entry that cannot be read (a symbolic link loop, no permission).
    if ((err as NodeJS.ErrnoException).code) throw new IndexerUsageError(`cannot read a snapshot path: ${(err as Error).message}`);
    throw err;
  }
  const planned = files.map((file) => {
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(file, { throwIfNoEntry: false });
    } catch (err) {
      throw new IndexerUsageError(`cannot read ${file}: ${(err as Error).message}`);
    }
    if (!st) throw new IndexerUsageError(`no such file: ${file}`);
    // A pipe (or `<(...)`) cannot be read twice: a new index's first records are sampled, then
    // the whole file is read, and a resumed run reads it again from the start.
    if (!st.isFile())
      throw new IndexerUsageError(`${file} is not a regular file (a pipe or a device cannot be read twice); write it to a file first`);
    try {
      fs.accessSync(file, fs.constants.R_OK);
    } catch (err) {
      throw new IndexerUsageError(`cannot read ${file}: ${(err as Error).message}`);
    }
    const kind = (kindOverride as RecordKind | undefined) ?? kindFromFileName(file);
    if (!kind) throw new IndexerUsageError(`cannot tell the kind of ${file} from its name; pass --kind (${LOAD_ORDER.join(', ')})`);
    return { file, kind };
  });
  return planned.sort((a, b) => LOAD_ORDER.indexOf(a.kind) - LOAD_ORDER.indexOf(b.kind));
}

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
