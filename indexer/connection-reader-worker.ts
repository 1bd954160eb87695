/**
 * The connection reader worker (connection-reader.ts): reads a connections snapshot file,
 * gunzips, splits, parses and validates its lines, and sends them to the main thread in batches
 * of columns, a few batches ahead of it at most.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { addLine, type EdgeBatch, emptyBatch, type ReaderMessage, type ReaderOptions } from './connection-reader.js';
import { readLines, SnapshotReadError } from './read-lines.js';

const opts = workerData as ReaderOptions;

let credit = opts.ahead;
let wake: (() => void) | null = null;
parentPort!.on('message', (msg: { type: 'credit' }) => {
  if (msg.type !== 'credit') return;
  credit++;
  wake?.();
  wake = null;
});

async function send(batch: EdgeBatch): Promise<void> {
  while (credit <= 0) await new Promise<void>((resolve) => (wake = resolve));
  credit--;
  parentPort!.postMessage({ type: 'batch', batch } satisfies ReaderMessage);
}

async function run(): Promise<void> {
  const source = readLines(opts.file, opts.maxLineBytes);
  let batch = emptyBatch();
  for await (const line of source.lines) {
    if (line.lineNo <= opts.skipThrough) continue;
    batch.lastLine = line.lineNo;
    batch.read++;
    addLine(batch, line, opts.maxLineBytes);
    if (batch.read >= opts.batchRecords) {
      batch.bytesRead = source.bytesRead();
      await send(batch);
      batch = emptyBatch();
    }
  }
  batch.bytesRead = source.bytesRead();
  await send(batch);
  parentPort!.postMessage({ type: 'end' } satisfies ReaderMessage);
}

run().catch((err: Error) =>
  parentPort!.postMessage(
    (err instanceof SnapshotReadError
      ? { type: 'failed', message: err.message, unreadable: err.reason }
      : { type: 'failed', message: err.stack ?? String(err) }) satisfies ReaderMessage,
  ),
);
