/**
 * What an index run reports (docs/indexer.md): its counts per file and in all, and,
 * for a run that failed, where it stopped.
 */
import type { RecordKind } from '../mappings/record-schemas.js';
import type { Uncommitted } from './load-file.js';

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

/** One file's load: its counts, the index it went into, and whether that index was swapped in. */
export interface FileSummary extends LoadCounts {
  file: string;
  kind: RecordKind;
  index: string | null;
  swapped: boolean;
}

/** A whole run: its files, the counts of all, and what it recorded beside. */
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
export const stoppedLoads = new WeakMap<object, StoppedLoad>();

/** Where the run that threw `err` stopped (docs/indexer.md, "Files that cannot be read"), if it was loading a file. */
export function stoppedLoadOf(err: unknown): StoppedLoad | undefined {
  return typeof err === 'object' && err !== null ? stoppedLoads.get(err) : undefined;
}
