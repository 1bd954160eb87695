import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Version of the checkpoint format; a checkpoint of another version is never resumed. */
export const CHECKPOINT_VERSION = 3;

/** What a run was started on; its checkpoint key is derived from these. */
export interface RunInputs {
  /** Absolute paths, in load order. */
  files: string[];
  kind: string | null;
  swap: boolean;
}

/**
 * A file's counts so far. `deleted` counts every deletion applied, `absent` those of ids the
 * index did not hold (no-ops, which a new index's count check must not subtract).
 */
export interface FileCounters {
  read: number;
  indexed: number;
  deleted: number;
  rejected: number;
  absent?: number;
}

/** Where a run stands, written after every committed batch so a killed run can resume. */
export interface Checkpoint {
  version: typeof CHECKPOINT_VERSION;
  key: string;
  inputs: RunInputs;
  /** Index of the file being loaded, in load order. */
  fileIndex: number;
  /** Last line of that file whose batch is committed. */
  linesDone: number;
  /** Physical indices created by the run (a `--swap` or a first load), by file; recorded before each is created. */
  swapTargets: Record<string, string>;
  /**
   * The indices each file's swap replaces, by file, recorded before the alias moves: a run killed
   * between the swap and their deletion drops them when resumed (they are no longer aliased, so
   * nothing else names them). Absent in checkpoints of older builds.
   */
  retiring?: Record<string, string[]>;
  /** Per-file counters so far. */
  counters: Record<string, FileCounters>;
  /**
   * The run's rejects file (absolute) and the id its entries carry, so that `--resume` appends to
   * the same file and writes no record twice (indexer/rejects-file.ts). Absent in checkpoints of
   * older builds: their resumed runs compare with nothing.
   */
  rejects?: { file: string; run: string };
}

/** Identifies a run by its inputs (files with their sizes and times, kind, `--swap`), so `--resume` only continues the same work. */
export function checkpointKey(inputs: RunInputs): string {
  const stamps = inputs.files.map((f) => {
    const st = fs.statSync(f);
    return `${path.resolve(f)}:${st.size}:${Math.round(st.mtimeMs)}`;
  });
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ inputs: stamps, kind: inputs.kind, swap: inputs.swap }))
    .digest('hex')
    .slice(0, 16);
}

const CHECKPOINT_NAME = /^checkpoint-([0-9a-f]{16})\.json$/;

export class CheckpointFile {
  readonly path: string;

  constructor(
    dir: string,
    readonly key: string,
  ) {
    this.path = path.join(dir, `checkpoint-${key}.json`);
  }

  /** The checkpoint of every run in `dir` that has not finished: interrupted, or still under way. */
  static all(dir: string): CheckpointFile[] {
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir).flatMap((name) => {
      const key = CHECKPOINT_NAME.exec(name)?.[1];
      return key ? [new CheckpointFile(dir, key)] : [];
    });
  }

  /** The checkpoint as written, of any version; null when there is none or it cannot be read. */
  read(): Partial<Checkpoint> | null {
    try {
      return JSON.parse(fs.readFileSync(this.path, 'utf8')) as Partial<Checkpoint>;
    } catch {
      return null;
    }
  }

  load(): Checkpoint | null {
    const cp = this.read();
    return cp?.version === CHECKPOINT_VERSION && cp.key === this.key ? (cp as Checkpoint) : null;
  }

  /** Whether `--resume` could still continue this run: its format is current and its input files are unchanged. */
  resumable(): boolean {
    const cp = this.load();
    if (!cp) return false;
    try {
      return checkpointKey(cp.inputs) === this.key;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false; // an input file is gone
      throw err;
    }
  }

  /** Writes atomically (temp file + rename), so a kill never leaves half a checkpoint. */
  save(cp: Checkpoint): void {
    fs.mkdirSync(path.dirname(this.path), { recursive: true });
    fs.writeFileSync(this.tmpPath, JSON.stringify(cp));
    fs.renameSync(this.tmpPath, this.path);
  }

  /** Removes the checkpoint, and the temp file a kill during `save` can leave. */
  remove(): void {
    fs.rmSync(this.path, { force: true });
    fs.rmSync(this.tmpPath, { force: true });
  }

  private get tmpPath(): string {
    return `${this.path}.tmp`;
  }
}
