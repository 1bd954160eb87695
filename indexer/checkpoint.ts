import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where a run stands, written after every committed batch so a killed run can resume. */
export interface Checkpoint {
  version: 1;
  key: string;
  /** Index of the file being loaded, in load order. */
  fileIndex: number;
  /** Last line of that file whose batch is committed. */
  linesDone: number;
  /** Physical indices being filled by a `--swap` run, by kind. */
  swapTargets: Record<string, string>;
  /** Per-file counters so far. */
  counters: Record<string, { read: number; indexed: number; deleted: number; rejected: number }>;
}

/** Identifies a run by its inputs, so `--resume` only continues the same work. */
export function checkpointKey(files: string[], kind: string | undefined, swap: boolean): string {
  const inputs = files.map((f) => {
    const st = fs.statSync(f);
    return `${path.resolve(f)}:${st.size}:${Math.round(st.mtimeMs)}`;
  });
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ inputs, kind: kind ?? null, swap }))
    .digest('hex')
    .slice(0, 16);
}

export class CheckpointFile {
  readonly path: string;

  constructor(
    dir: string,
    readonly key: string,
  ) {
    this.path = path.join(dir, `checkpoint-${key}.json`);
  }

  load(): Checkpoint | null {
    try {
      const cp = JSON.parse(fs.readFileSync(this.path, 'utf8')) as Checkpoint;
      return cp.version === 1 && cp.key === this.key ? cp : null;
    } catch {
      return null;
    }
  }

  /** Writes atomically (temp file + rename), so a kill never leaves half a checkpoint. */
  save(cp: Checkpoint): void {
    fs.mkdirSync(path.dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(cp));
    fs.renameSync(tmp, this.path);
  }

  remove(): void {
    fs.rmSync(this.path, { force: true });
  }
}
