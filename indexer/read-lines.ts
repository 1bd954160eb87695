import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** A line as quoted in a reject: at most 2,000 characters. */
export const excerpt = (text: string): string => (text.length > 2000 ? `${text.slice(0, 2000)}…` : text);

/** One line of a snapshot file, numbered from 1. */
export interface SnapshotLine {
  lineNo: number;
  text: string;
}

/** A line stream with the number of (compressed) bytes read so far, for progress and ETA. */
export interface LineSource {
  lines: AsyncIterable<SnapshotLine>;
  bytesRead: () => number;
  totalBytes: number;
}

/** A snapshot file could not be read to its end (gone, unreadable, or not the gzip its name says). */
export class SnapshotReadError extends Error {
  /** What went wrong, without the file's name. */
  readonly reason: string;

  /** `cause`: the stream's error, or (from a reader thread) the reason it already described. */
  constructor(
    readonly file: string,
    cause: Error | string,
  ) {
    const code = typeof cause === 'string' ? undefined : (cause as NodeJS.ErrnoException).code;
    const reason =
      typeof cause === 'string'
        ? cause
        : code === 'ENOENT'
          ? 'no such file (it was there when the run started)'
          : code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR' || code === 'ERR_ZLIB_INITIALIZATION_FAILED'
            ? `not a valid gzip file (${cause.message})`
            : cause.message;
    super(`${file}: ${reason}`);
    this.reason = reason;
  }
}

/** Runs `read`, turning a failure of the file's stream into a {@link SnapshotReadError}. */
async function* reading<T>(file: string, read: () => AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield* read();
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code && (e.syscall !== undefined || e.code.startsWith('Z_') || e.code.startsWith('ERR_ZLIB')))
      throw new SnapshotReadError(file, e);
    throw err;
  }
}

/**
 * Opens a snapshot file: the file's stream (`raw`, to close it) and its bytes (`input`, gunzipped
 * for a `.gz` file); `onRead` hears how many bytes of the file each read took, for progress.
 */
function openSnapshot(file: string, onRead: (bytes: number) => void): { raw: fs.ReadStream; input: Readable } {
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  raw.on('data', (chunk) => onRead(chunk.length));
  const input = file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
  raw.on('error', (err) => input.destroy(err));
  return { raw, input };
}

const LF = 0x0a;
const CR = 0x0d;

/** Whether bytes are only JSON whitespace (a blank line). */
function blank(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = buf[i];
    if (c !== 0x20 && c !== 0x09 && c !== CR) return false;
  }
  return true;
}

/**
 * Longest line a snapshot may have by default, in bytes (without its line end): two hundred
 * times the largest generated profile (4.9 KB). A longer line (a corrupt file, or one without
 * line ends) is refused as a whole, with its first bytes as the excerpt, and reading goes on
 * after it; without the bound, a file without line ends was gathered in memory until the process
 * failed, and a line of megabytes of JSON could exhaust a worker's heap as it was parsed.
 */
export const MAX_LINE_BYTES = 1024 * 1024;

/**
 * A batch of lines is cut at this many bytes as well as at its count of lines: a thousand lines
 * near the bound would otherwise make a batch of gigabytes. A worker holds the parsed records of
 * two or three batches, each a few times its bytes, within its 192 MiB heap. A batch of a
 * thousand generated profiles is about 3 MB.
 */
export const BATCH_BYTES = 8 * 1024 * 1024;

/** A line longer than the bound: its number, its length in bytes and its first bytes. */
export interface LongLine {
  lineNo: number;
  bytes: number;
  head: string;
}

/** Said of a refused line that holds a carriage return: the likely cause is a file with CR line ends. */
export const CR_HINT =
  'it holds a carriage return (CR): records are separated by line feeds (LF, \\n), so a file with CR line ends reads as one line';

/** Why a long line is refused (the reject's reason). */
export const longLineReason = (line: LongLine, maxBytes: number): string =>
  `line of ${line.bytes} bytes is longer than the ${maxBytes} a record may have; it was not read${line.head.includes('\r') ? `; ${CR_HINT}` : ''}`;

/**
 * Why a line whose bytes are not UTF-8 is refused. Decoding would turn each bad byte into U+FFFD
 * and store a different text than the snapshot's, silently; `text` is the line so decoded.
 */
export function notUtf8Reason(text: string): string {
  const at = text.indexOf('\uFFFD');
  const where = at >= 0 ? ` (the first bad byte is character ${at + 1}, shown as U+FFFD)` : '';
  return `line is not valid UTF-8${where}: snapshots must be encoded in UTF-8 (was this file written as Latin-1 or Windows-1252?); it was not read`;
}

/** Bytes of a long line kept for its excerpt (at most 2,000 characters are quoted). */
const HEAD_BYTES = 8 * 1024;

/**
 * Splits bytes into lines at LF, numbering them from 1. A CR before the LF and a UTF-8 byte-order
 * mark at the start of the first line are dropped. A line's bytes are gathered only up to
 * `maxBytes`: past that it is reported to `long` and skipped to its end. A line split across
 * chunks is joined once, when its end arrives (joining at every chunk would be quadratic).
 */
class LineSplitter {
  lineNo = 0;
  private carry: Buffer[] = [];
  private carried = 0;
  /** Length so far of a line past the bound (its bytes are dropped), or -1. */
  private skipped = -1;
  /** The last byte of the unfinished line (of a line past the bound, the last byte dropped). */
  private lastSkipped = -1;
  private head: Buffer = Buffer.alloc(0);

  constructor(
    private readonly maxBytes: number,
    private readonly line: (buf: Buffer, start: number, end: number, lineNo: number) => void,
    private readonly long: (line: LongLine) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(LF); nl !== -1; nl = chunk.indexOf(LF, start)) {
      this.finish(chunk, start, nl);
      start = nl + 1;
    }
    if (start === chunk.length) return;
    // One byte more may be the CR of a CRLF; the first line may also start with a byte-order mark.
    const allowed = this.maxBytes + 1 + (this.lineNo === 0 ? 3 : 0);
    if (this.skipped >= 0) {
      this.skipped += chunk.length - start;
    } else if (this.carried + chunk.length - start > allowed) {
      // Past the bound: keep the head, drop the rest.
      const pieces: Buffer[] = [];
      let kept = 0;
      for (const piece of [...this.carry, chunk.subarray(start)]) {
        if (kept >= HEAD_BYTES + 3) break;
        pieces.push(piece.subarray(0, HEAD_BYTES + 3 - kept));
        kept += pieces.at(-1)!.length;
      }
      const joined = Buffer.concat(pieces);
      const bom = this.lineNo === 0 && joined[0] === 0xef && joined[1] === 0xbb && joined[2] === 0xbf ? 3 : 0;
      this.head = Buffer.from(joined.subarray(bom, bom + HEAD_BYTES));
      this.skipped = this.carried + chunk.length - start - bom;
      this.carry = [];
      this.carried = 0;
    } else {
      // The unfinished line, copied: the chunk's memory is not kept for its sake.
      this.carry.push(Buffer.from(chunk.subarray(start)));
      this.carried += chunk.length - start;
    }
    this.lastSkipped = chunk[chunk.length - 1]!;
  }

  /** The last line, when the input does not end with a line end. */
  end(): void {
    if (this.carried > 0 || this.skipped >= 0) this.finish(Buffer.alloc(0), 0, 0);
  }

  private finish(chunk: Buffer, start: number, end: number): void {
    const lineNo = ++this.lineNo;
    if (this.skipped >= 0) {
      // A CR ending the line is not counted, as for a line within the bound.
      const last = end > start ? chunk[end - 1] : this.lastSkipped;
      const bytes = this.skipped + end - start - (last === CR ? 1 : 0);
      this.skipped = -1;
      this.long({ lineNo, bytes, head: this.head.toString('utf8') });
      return;
    }
    let buf = chunk;
    if (this.carried > 0) {
      buf = Buffer.concat([...this.carry, chunk.subarray(start, end)]);
      [start, end] = [0, buf.length];
      this.carry = [];
      this.carried = 0;
    }
    if (lineNo === 1 && buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf) start += 3;
    if (end > start && buf[end - 1] === CR) end--;
    if (end - start > this.maxBytes) {
      this.long({ lineNo, bytes: end - start, head: buf.toString('utf8', start, Math.min(end, start + HEAD_BYTES)) });
      return;
    }
    this.line(buf, start, end, lineNo);
  }
}

/**
 * One line of a snapshot as text, or a line longer than the bound (`long`; `text` is empty).
 * `notUtf8`: the line's bytes are not UTF-8 (its text has U+FFFD in their place).
 */
export type TextLine = SnapshotLine & { long?: LongLine; notUtf8?: true };

/**
 * Streams the lines of a JSONL/NDJSON file, gunzipping `.gz` files, in constant memory
 * whatever the file size. Lines end at LF (a CR before it is dropped); blank lines are skipped
 * but still counted; a UTF-8 byte-order mark at the start of the file is dropped. A line longer
 * than `maxBytes` comes with `long` set and no text.
 */
export function readLines(file: string, maxBytes = MAX_LINE_BYTES): LineSource & { lines: AsyncIterable<TextLine> } {
  const totalBytes = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0; // a file gone fails when it is opened
  let read = 0;
  // The file is opened when the lines are first asked for, so that no chunk is read before a
  // consumer iterates.
  async function* iterate(): AsyncGenerator<TextLine> {
    const { raw, input } = openSnapshot(file, (n) => {
      read += n;
    });
    let ready: TextLine[] = [];
    const splitter = new LineSplitter(
      maxBytes,
      (buf, start, end, lineNo) => {
        if (blank(buf, start, end)) return;
        const line: TextLine = { lineNo, text: buf.toString('utf8', start, end) };
        if (!isUtf8(buf.subarray(start, end))) line.notUtf8 = true;
        ready.push(line);
      },
      (long) => ready.push({ lineNo: long.lineNo, text: '', long }),
    );
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        splitter.push(chunk);
        const lines = ready;
        ready = [];
        yield* lines;
      }
      splitter.end();
      yield* ready;
    } finally {
      // A reader that stops early (a sample of the first lines) closes the file too.
      raw.destroy();
    }
  }
  return { lines: reading(file, iterate), bytesRead: () => read, totalBytes };
}

/**
 * Lines of a snapshot as bytes, a batch at a time: line `i` of a batch is
 * `bytes[offsets[i]..offsets[i + 1])` and has number `lineNos[i]`. Prepare workers decode them
 * (prepare-worker.ts), so the reading thread makes no string of a line it does not need.
 * Offsets and numbers are doubles: a file may pass 2^31 lines, and a batch of long lines 2 GiB.
 */
export interface LineBatch {
  bytes: Uint8Array;
  offsets: Float64Array;
  lineNos: Float64Array;
}

/** The text of line `i` of a batch. */
export function lineText(batch: LineBatch, i: number): string {
  return Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength).toString(
    'utf8',
    batch.offsets[i],
    batch.offsets[i + 1],
  );
}

/** Whether line `i` of a batch is UTF-8 (see {@link notUtf8Reason}). */
export function lineIsUtf8(batch: LineBatch, i: number): boolean {
  return isUtf8(batch.bytes.subarray(batch.offsets[i], batch.offsets[i + 1]));
}

/**
 * Streams a snapshot file (gunzipping `.gz`) as batches of up to `batchSize` lines and about
 * {@link BATCH_BYTES}, skipping lines up to `skipThrough`. Lines are split as readLines splits
 * them. Lines longer than `maxBytes` are not in a batch's bytes: each is listed in `long` of the
 * batch it falls in (where it counts as one of its lines), or of a batch of its own if no line
 * follows it.
 */
export function readLineBatches(
  file: string,
  batchSize: number,
  skipThrough = 0,
  maxBytes = MAX_LINE_BYTES,
): { batches: AsyncIterable<LineBatch & { long: LongLine[] }>; bytesRead: () => number; totalBytes: number } {
  const totalBytes = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0; // a file gone fails when it is opened
  let read = 0;
  async function* iterate(): AsyncGenerator<LineBatch & { long: LongLine[] }> {
    const { raw, input } = openSnapshot(file, (n) => {
      read += n;
    });
    let parts: Buffer[] = [];
    let numbers: number[] = [];
    let long: LongLine[] = [];
    const take = (): LineBatch & { long: LongLine[] } => {
      const offsets = new Float64Array(parts.length + 1);
      let total = 0;
      for (const [i, p] of parts.entries()) {
        offsets[i] = total;
        total += p.length;
      }
      offsets[parts.length] = total;
      const bytes = new Uint8Array(total);
      for (const [i, p] of parts.entries()) bytes.set(p, offsets[i]);
      const batch = { bytes, offsets, lineNos: Float64Array.from(numbers), long };
      parts = [];
      numbers = [];
      long = [];
      return batch;
    };
    const full: (LineBatch & { long: LongLine[] })[] = [];
    let bytes = 0;
    // Long lines count towards a batch's lines too (each keeps its head), and a batch of long
    // lines within the bound is cut at BATCH_BYTES.
    const cut = () => {
      if (parts.length + long.length < batchSize && bytes < BATCH_BYTES) return;
      full.push(take());
      bytes = 0;
    };
    const splitter = new LineSplitter(
      maxBytes,
      (buf, start, end, lineNo) => {
        if (lineNo <= skipThrough || blank(buf, start, end)) return;
        parts.push(buf.subarray(start, end));
        numbers.push(lineNo);
        bytes += end - start;
        cut();
      },
      (line) => {
        if (line.lineNo <= skipThrough) return;
        long.push(line);
        cut();
      },
    );
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        splitter.push(chunk);
        while (full.length) yield full.shift()!;
      }
      splitter.end();
      while (full.length) yield full.shift()!;
      if (parts.length || long.length) yield take();
    } finally {
      raw.destroy();
    }
  }
  return { batches: reading(file, iterate), bytesRead: () => read, totalBytes };
}
