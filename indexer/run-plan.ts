/**
 * What `proxima index` is asked to do (docs/indexer.md): its options, the files it loads in load
 * order with their kinds, and how many prepare workers it starts by default.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { RecordKind } from '../mappings/record-schemas.js';
import type { SearchEngine } from '../search-engine/port.js';
import type { ChangeSink } from './change-sink.js';
import type { ConnectionSink } from './connection-sink.js';
import { isRecordKind, kindFromFileName, LOAD_ORDER } from './kinds.js';
import type { ProgressReporter } from './progress.js';
import { expandSnapshotPaths, NoSnapshotFiles } from './snapshot-files.js';

/** What one `proxima index` run is asked to load, and with what. */
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
