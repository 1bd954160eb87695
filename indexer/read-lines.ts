import fs from 'node:fs';
import readline from 'node:readline';
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
    const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    raw.on('data', (chunk) => {
      read += chunk.length;
    });
    const input = file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
    raw.on('error', (err) => input.destroy(err));
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
