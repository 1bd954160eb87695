/**
 * Loads a connections snapshot file into the social graph (docs/indexer.md, "Connections"). Lines
 * are read and parsed by a worker thread (or this thread), staged into the graph's load heap in
 * batches, and merged into the graph in key order every {@link CONNECTION_MERGE_RECORDS} records
 * and at the end of the file. A merge is the commit: the file's checkpoint advances with it, so a
 * killed load redoes at most what it staged since its last merge.
 */
import fs from 'node:fs';
import { collectGarbage } from '../lib/collect-garbage.js';
import type { ConnectionEdge } from '../mappings/record-schemas.js';
import { addLine, type EdgeBatch, emptyBatch, readConnections } from './connection-reader.js';
import { type LoadFileOptions, noTally } from './load-file.js';
import { startState } from './progress.js';
import { MAX_LINE_BYTES, readLines } from './read-lines.js';

/** Connection batches hold this many times `batchSize` lines: staging an edge costs far less than a document. */
export const CONNECTION_BATCH_FACTOR = 20;
/**
 * Staged connections are merged into the graph every this many records, and at the end of the
 * file: it bounds the staging heap's disk (about 30 bytes a record) and what a killed load
 * redoes. A merge into an empty graph appends; later merges land between the rows already there
 * and cost more, so a first load of the 1M corpus's 27.7M records merges once.
 */
export const CONNECTION_MERGE_RECORDS = 50_000_000;
/**
 * A full garbage collection runs after every this many staged records. Each record leaves two
 * id strings and its column slots behind (about 160 bytes); left to V8, they piled up to 350 MB
 * between collections in a 1M-user load, and a collection of a heap that size costs far less
 * than a second every 2M records.
 */
export const CONNECTION_COLLECT_RECORDS = 2_000_000;
/**
 * Longest line of a connections file (or `--max-line-bytes`, if smaller). A connection is five
 * short fields; a line of megabytes is not one, and parsing it could exhaust the reader's small
 * heap (a 15 MiB JSON array did).
 */
export const CONNECTION_MAX_LINE_BYTES = 1024 * 1024;
/** Batches the reader worker may read before this thread has taken them. */
const READ_AHEAD = 2;

export async function loadConnections(o: LoadFileOptions): Promise<void> {
  const batchRecords = o.batchSize * CONNECTION_BATCH_FACTOR;
  const maxLineBytes = Math.min(o.maxLineBytes ?? MAX_LINE_BYTES, CONNECTION_MAX_LINE_BYTES);
  const source = o.connectionReader
    ? {
        batches: readConnections({ file: o.file, skipThrough: o.skipThrough, batchRecords, ahead: READ_AHEAD, maxLineBytes }),
        totalBytes: null,
      }
    : readInThread(o.file, o.skipThrough, batchRecords, maxLineBytes);
  const state = startState(o.kind, o.file, source.totalBytes ?? fs.statSync(o.file).size);
  /** Counts of the batches staged since the last merge: they are committed with it. */
  let staged = noTally();
  let bytesRead = 0;
  const sync = () =>
    Object.assign(state, {
      read: o.counters.read + staged.read,
      indexed: o.counters.indexed + o.counters.deleted + staged.indexed,
      rejected: o.counters.rejected + staged.rejected,
      bytesRead,
    });
  o.progress.start(sync());
  const mergeEvery = o.connectionMergeRecords ?? CONNECTION_MERGE_RECORDS;
  const load = o.graph.beginLoad();
  const commit = (lastLine: number) => {
    if (load.staged > 0) {
      // With signals, the new connections are found and recorded in the merge's transaction.
      const merge = (report?: (newEdges: ConnectionEdge[]) => void) => load.merge(report);
      if (o.changes) o.changes.sink.recordEdges(o.changes.runId, merge);
      else merge();
    }
    for (const k of ['read', 'indexed', 'deleted', 'rejected'] as const) o.counters[k] += staged[k];
    staged = noTally();
    o.committed(lastLine);
    o.progress.update(sync());
  };
  let lastLine = o.skipThrough;
  let sinceCollect = 0;
  try {
    for await (const batch of source.batches) {
      for (const r of batch.rejects) o.reject({ file: o.file, line: r.lineNo, kind: o.kind, reason: r.reason, record: r.record });
      if (batch.a.length) load.stage(batch, o.syncedAt);
      sinceCollect += batch.read;
      if (sinceCollect >= CONNECTION_COLLECT_RECORDS) {
        sinceCollect = 0;
        collectGarbage();
      }
      staged.read += batch.read;
      staged.indexed += batch.a.length;
      staged.rejected += batch.rejects.length;
      if (batch.lastLine) lastLine = batch.lastLine;
      bytesRead = batch.bytesRead;
      if (load.staged >= mergeEvery) commit(lastLine);
      else o.progress.update(sync());
    }
    commit(lastLine);
  } finally {
    load.close();
  }
  o.progress.stop(sync());
}

/** The batches of a connections file read by this thread (no worker). */
function readInThread(
  file: string,
  skipThrough: number,
  batchRecords: number,
  maxLineBytes: number,
): { batches: AsyncIterable<EdgeBatch>; totalBytes: number } {
  const source = readLines(file, maxLineBytes);
  async function* batches(): AsyncIterable<EdgeBatch> {
    let batch = emptyBatch();
    for await (const line of source.lines) {
      if (line.lineNo <= skipThrough) continue;
      batch.lastLine = line.lineNo;
      batch.read++;
      addLine(batch, line, maxLineBytes);
      if (batch.read >= batchRecords) {
        batch.bytesRead = source.bytesRead();
        yield batch;
        batch = emptyBatch();
      }
    }
    batch.bytesRead = source.bytesRead();
    yield batch;
  }
  return { batches: batches(), totalBytes: source.totalBytes };
}
