/**
 * Reads a connections snapshot in a worker thread (connection-reader-worker.ts): the file is
 * read, gunzipped, split, parsed and validated there, and arrives here as batches of columns,
 * so this thread only numbers people, stages rows and merges (docs/indexer.md, "Connections").
 * The worker reads at most `ahead` batches before this thread has taken them (back-pressure).
 */
import { Worker } from 'node:worker_threads';
import { workerModule } from '../lib/worker-module.js';
import type { EdgeColumns } from './connection-sink.js';
import { excerpt, longLineReason, SnapshotReadError, type TextLine } from './read-lines.js';
import { checkLine } from './validate.js';

const READER_WORKER = workerModule(import.meta.url, 'connection-reader-worker');

export interface ReaderOptions {
  file: string;
  /** Lines up to and including this one were committed by an earlier run. */
  skipThrough: number;
  /** Lines per batch. */
  batchRecords: number;
  /** Batches the worker may send before this thread has taken them. */
  ahead: number;
  /** Longest line read (read-lines.ts, MAX_LINE_BYTES). */
  maxLineBytes: number;
}

/** A batch of lines: the accepted connections as columns (one entry per edge), and the refused lines. */
export interface EdgeBatch extends EdgeColumns {
  /** The last line read into this batch (0 when none). */
  lastLine: number;
  /** Lines read into this batch (blank lines excepted). */
  read: number;
  /** Compressed bytes of the file read when the batch was sent. */
  bytesRead: number;
  rejects: { lineNo: number; reason: string; record: string }[];
}

export type ReaderMessage =
  | { type: 'batch'; batch: EdgeBatch }
  | { type: 'end' }
  /** `unreadable`: the file could not be read (SnapshotReadError's reason). */
  | { type: 'failed'; message: string; unreadable?: string };

/** The batches of a connections file, from the line after `skipThrough`, in file order. */
export async function* readConnections(opts: ReaderOptions): AsyncGenerator<EdgeBatch> {
  const worker = new Worker(READER_WORKER, {
    workerData: opts,
    // Parsing makes short-lived garbage only (a batch is a few MB); a small heap is collected before it grows.
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
  });
  const inbox: ReaderMessage[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (msg: ReaderMessage) => {
    inbox.push(msg);
    notify();
  });
  worker.on('error', (err) => {
    failure ??= err;
    notify();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`the connection reader exited (code ${code})`);
    notify();
  });
  try {
    for (;;) {
      const msg = inbox.shift();
      if (!msg) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (msg.type === 'failed') {
        if (msg.unreadable !== undefined) throw new SnapshotReadError(opts.file, msg.unreadable);
        throw new Error(`connection reader: ${msg.message}`);
      }
      if (msg.type === 'end') return;
      worker.postMessage({ type: 'credit' });
      yield msg.batch;
    }
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}

/** A batch with nothing read into it yet. */
export function emptyBatch(): EdgeBatch {
  return { lastLine: 0, read: 0, bytesRead: 0, rejects: [], a: [], b: [], source: [], connectedAt: [], removedAt: [] };
}

/** Validates one line of a connections file into `batch`: an edge in its columns, or a reject. */
export function addLine(batch: EdgeBatch, { lineNo, text, long, notUtf8 }: TextLine, maxLineBytes: number): void {
  if (long) {
    batch.rejects.push({ lineNo, reason: longLineReason(long, maxLineBytes), record: excerpt(long.head) });
    return;
  }
  const checked = checkLine('connections', text, !notUtf8);
  if (!checked.ok) {
    batch.rejects.push({ lineNo, reason: checked.reason, record: excerpt(text) });
    return;
  }
  if (checked.deleted) return;
  const r = checked.record;
  batch.a.push(r.user_a as string);
  batch.b.push(r.user_b as string);
  batch.source.push(r.source === 'service' ? 1 : 2);
  batch.connectedAt.push(Date.parse(r.connected_at as string));
  batch.removedAt.push(r.removed_at ? Date.parse(r.removed_at as string) : null);
}
