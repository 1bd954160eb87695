import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** One refused record, as the rejects file keeps it (one JSON line each). */
export interface RejectEntry {
  /** The snapshot file (absolute, as the run's checkpoint names it). */
  file: string;
  /** The record's line (null only when the engine refused an id the batch cannot place: written every time). */
  line: number | null;
  [key: string]: unknown;
}

const keyOf = (file: string, line: number): string => `${file}\n${line}`;

/**
 * The rejects file of a run: one JSON line per refused record, appended (opened on the first
 * reject), each entry tagged with the run's id (`run`). A resumed run reads again the lines after
 * its checkpoint, and the interrupted run may already have refused some of them: connections
 * staged since the last merge, documents of a batch prepared but not committed. Those are not
 * written twice: on `--resume` the entries of the same run that lie past the checkpoint
 * (`rereads`) are remembered by file and line, and a last line the kill cut short is dropped
 * first (its record is refused again, whole). Entries of other runs sharing the file are left
 * alone and never suppress anything.
 */
export class RejectsFile {
  private stream: fs.WriteStream | null = null;
  private failed: Error | null = null;

  private constructor(
    readonly file: string,
    private readonly run: string,
    private readonly written: Set<string>,
  ) {}

  /**
   * Opens `file` for run `run`. `rereads` (on `--resume`) picks the entries already in the file
   * that the resumed run will meet again; null for a new run.
   */
  static async open(file: string, run: string, rereads: ((entry: Record<string, unknown>) => boolean) | null): Promise<RejectsFile> {
    checkWritable(file);
    const written = new Set<string>();
    if (rereads && fs.existsSync(file)) {
      dropCutLine(file);
      const lines = createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of lines) {
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue; // not one of ours: left as it is
        }
        if (rereads(entry)) written.add(keyOf(entry.file as string, entry.line as number));
      }
    }
    return new RejectsFile(file, run, written);
  }

  write(entry: RejectEntry): void {
    // Each line is read once more at most, so a remembered entry is met once: forgotten then.
    if (this.written.size > 0 && entry.line !== null && this.written.delete(keyOf(entry.file, entry.line))) return;
    if (this.failed) throw this.failed;
    if (!this.stream) {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      this.stream = fs.createWriteStream(this.file, { flags: 'a' });
      // A write that fails (a full disk) fails the run at the next reject or at the end.
      this.stream.on('error', (err) => {
        this.failed = new Error(`cannot write the rejects file ${this.file}: ${err.message}`);
      });
    }
    this.stream.write(`${JSON.stringify({ ...entry, run: this.run })}\n`);
  }

  async close(): Promise<void> {
    const stream = this.stream;
    if (stream && !this.failed) await new Promise<void>((resolve) => stream.end(resolve));
    if (this.failed) throw this.failed;
  }
}

/** Refused by {@link RejectsFile.open}: the rejects file cannot be written where asked. */
export class RejectsFileUnwritable extends Error {}

/**
 * Checks, before a run reads anything, that `file` can be appended to: its directory exists or
 * can be made, and the file, if it exists, is a regular file this process may write. The file
 * itself is made only at the first reject.
 */
function checkWritable(file: string): void {
  const dir = path.dirname(file);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (st && !st.isFile()) throw new RejectsFileUnwritable(`cannot write the rejects file ${file}: it is not a regular file`);
    fs.accessSync(st ? file : dir, fs.constants.W_OK);
  } catch (err) {
    if (err instanceof RejectsFileUnwritable) throw err;
    throw new RejectsFileUnwritable(`cannot write the rejects file ${file}: ${(err as Error).message}`);
  }
}

/** Cuts a file back to its last complete line (a write the kill interrupted). */
function dropCutLine(file: string): void {
  const size = fs.statSync(file).size;
  if (size === 0) return;
  const fd = fs.openSync(file, 'r+');
  try {
    const chunk = Buffer.alloc(Math.min(size, 1 << 16));
    let end = size;
    // Walk back until a newline; a line longer than the chunk is read in several steps.
    for (;;) {
      const start = Math.max(0, end - chunk.length);
      const n = fs.readSync(fd, chunk, 0, end - start, start);
      if (end === size && chunk[n - 1] === 0x0a) return;
      const at = chunk.subarray(0, n).lastIndexOf(0x0a);
      if (at >= 0) {
        fs.ftruncateSync(fd, start + at + 1);
        return;
      }
      if (start === 0) {
        fs.ftruncateSync(fd, 0);
        return;
      }
      end = start;
    }
  } finally {
    fs.closeSync(fd);
  }
}
