import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** One refused record, as the rejects file keeps it (one JSON line each). */
export interface RejectEntry {
  file: string;
  /** The record's line (null only when the engine refused an id the batch cannot place: written every time). */
  line: number | null;
  [key: string]: unknown;
}

const keyOf = (file: string, line: number): string => `${path.resolve(file)}\n${line}`;

/**
 * The rejects file of a run: one JSON line per refused record, appended (opened on the first
 * reject). A resumed run reads again the lines after its checkpoint, and the interrupted run may
 * already have refused some of them and written them down: connections staged since the last
 * merge, documents of a batch prepared but not committed. Those are not written twice: on
 * `--resume` the entries already in the file are remembered by file and line, and a last line
 * the kill cut short is dropped first (its record is refused again, whole).
 */
export class RejectsFile {
  private stream: fs.WriteStream | null = null;

  private constructor(
    readonly file: string,
    private readonly written: Set<string>,
  ) {}

  static async open(file: string, resume: boolean): Promise<RejectsFile> {
    const written = new Set<string>();
    if (resume && fs.existsSync(file)) {
      dropCutLine(file);
      const lines = createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of lines) {
        try {
          const entry = JSON.parse(line) as Partial<RejectEntry>;
          if (typeof entry.file === 'string' && typeof entry.line === 'number') written.add(keyOf(entry.file, entry.line));
        } catch {
          // Not one of ours: left as it is.
        }
      }
    }
    return new RejectsFile(file, written);
  }

  write(entry: RejectEntry): void {
    if (this.written.size > 0 && entry.line !== null) {
      const key = keyOf(entry.file, entry.line);
      if (this.written.has(key)) return;
      this.written.add(key);
    }
    if (!this.stream) {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      this.stream = fs.createWriteStream(this.file, { flags: 'a' });
    }
    this.stream.write(`${JSON.stringify(entry)}\n`);
  }

  async close(): Promise<void> {
    const stream = this.stream;
    if (stream) await new Promise<void>((resolve) => stream.end(resolve));
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
