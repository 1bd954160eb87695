import fs from 'node:fs';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

const BOM = '\uFEFF';

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

/**
 * Streams the lines of a JSONL/NDJSON file, gunzipping `.gz` files, in constant memory
 * whatever the file size. Blank lines are skipped but still counted; a UTF-8 byte-order mark
 * at the start of the file is dropped.
 */
export function readLines(file: string): LineSource {
  const totalBytes = fs.statSync(file).size;
  let read = 0;
  // The file is opened when the lines are first asked for: a readline interface made earlier
  // emits lines while its reader awaits something else, and those lines are lost.
  async function* iterate(): AsyncIterable<SnapshotLine> {
    const { raw, input } = openSnapshot(file, (n) => {
      read += n;
    });
    const rl = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
    let lineNo = 0;
    try {
      for await (const line of rl) {
        lineNo++;
        const text = lineNo === 1 && line.startsWith(BOM) ? line.slice(BOM.length) : line;
        if (text.trim() === '') continue;
        yield { lineNo, text };
      }
    } finally {
      // A reader that stops early (a sample of the first lines) closes the file too.
      raw.destroy();
    }
  }
  return { lines: iterate(), bytesRead: () => read, totalBytes };
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
 * Streams a snapshot file (gunzipping `.gz`) as batches of up to `batchSize` lines, skipping
 * lines up to `skipThrough`. Lines end at LF (a CR before it is dropped); blank lines are skipped
 * but counted, and a UTF-8 byte-order mark at the start of the file is dropped, as readLines does.
 */
export function readLineBatches(
  file: string,
  batchSize: number,
  skipThrough = 0,
): { batches: AsyncIterable<LineBatch>; bytesRead: () => number; totalBytes: number } {
  const totalBytes = fs.statSync(file).size;
  let read = 0;
  async function* iterate(): AsyncIterable<LineBatch> {
    const { raw, input } = openSnapshot(file, (n) => {
      read += n;
    });
    let carry: Buffer = Buffer.alloc(0);
    let lineNo = 0;
    let parts: Buffer[] = [];
    let numbers: number[] = [];
    const take = (): LineBatch => {
      const offsets = new Float64Array(parts.length + 1);
      let total = 0;
      for (const [i, p] of parts.entries()) {
        offsets[i] = total;
        total += p.length;
      }
      offsets[parts.length] = total;
      const bytes = new Uint8Array(total);
      for (const [i, p] of parts.entries()) bytes.set(p, offsets[i]);
      const batch = { bytes, offsets, lineNos: Float64Array.from(numbers) };
      parts = [];
      numbers = [];
      return batch;
    };
    const line = (buf: Buffer, start: number, end: number) => {
      lineNo++;
      if (lineNo === 1 && buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf) start += 3;
      if (end > start && buf[end - 1] === CR) end--;
      if (lineNo <= skipThrough || blank(buf, start, end)) return;
      parts.push(buf.subarray(start, end));
      numbers.push(lineNo);
    };
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
        let start = 0;
        for (let nl = buf.indexOf(LF, start); nl !== -1; nl = buf.indexOf(LF, start)) {
          line(buf, start, nl);
          start = nl + 1;
          if (parts.length >= batchSize) yield take();
        }
        // The unfinished line, copied: the chunk's memory is not kept for its sake.
        carry = Buffer.from(buf.subarray(start));
      }
      if (carry.length) line(carry, 0, carry.length);
      if (parts.length) yield take();
    } finally {
      raw.destroy();
    }
  }
  return { batches: iterate(), bytesRead: () => read, totalBytes };
}
