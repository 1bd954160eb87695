import { INDICES } from '../mappings/indices.js';
import type { DocumentKind, RecordKind } from '../mappings/record-schemas.js';
import type { BulkOperation, PreparedDocuments, SearchEngine } from '../search-engine/port.js';
import type { ChangeSink } from './change-sink.js';
import type { FileCounters } from './checkpoint.js';
import type { ConnectionSink } from './connection-sink.js';
import { loadConnections } from './load-connections.js';
import { type CompanyCache, fetchLookups, needsOf, type Sources } from './lookups.js';
import type { BuildFormat, PreparePool } from './prepare-pool.js';
import { type ProgressReporter, startState } from './progress.js';
import {
  BATCH_BYTES,
  excerpt,
  type LineBatch,
  type LongLine,
  lineText,
  longLineReason,
  MAX_LINE_BYTES,
  readLineBatches,
  readLines,
} from './read-lines.js';
import type { RejectEntry } from './rejects-file.js';
import type { LoadTarget } from './targets.js';
import { toDocument } from './transform/documents.js';
import { checkLine } from './validate.js';

interface Pending {
  lineNo: number;
  /** The line's text (made only for a reject's excerpt). */
  text: () => string;
  op: 'index' | 'delete';
  id: string;
  record?: Record<string, unknown>;
}

export interface LoadFileOptions {
  file: string;
  kind: RecordKind;
  target: LoadTarget | null;
  /** Lines up to and including this one were committed by an earlier run. */
  skipThrough: number;
  batchSize: number;
  engine: SearchEngine;
  graph: ConnectionSink;
  /** Records what changed for signal watchers (absent: nothing is recorded). */
  changes?: { sink: ChangeSink; runId: number };
  counters: FileCounters;
  reject: (entry: RejectEntry) => void;
  progress: ProgressReporter;
  /** Connections: when the snapshot's data was synced; both ends of each edge are stamped synced then. */
  syncedAt?: number;
  /** Company facts fetched so far in this run. */
  companyCache: CompanyCache;
  /** Called after each batch is committed, with its last line number. */
  committed: (lineNo: number) => void;
  /** Told, when the load fails, of the batches it waited for that it could not commit (see {@link Uncommitted}). */
  uncommitted?: (u: Uncommitted) => void;
  /** Worker threads that parse, validate and build documents (absent: this thread does it). */
  pool?: PreparePool;
  /** Staged connections are merged into the graph every this many records (default `CONNECTION_MERGE_RECORDS` of load-connections.ts). */
  connectionMergeRecords?: number;
  /** Connections are read and parsed by a worker thread (connection-reader.ts); otherwise by this thread. */
  connectionReader?: boolean;
  /** Longest line read; a longer one is refused (default MAX_LINE_BYTES of read-lines.ts). */
  maxLineBytes?: number;
}

/**
 * Batches sent before a load failed and settled after it, from the first of them that failed on:
 * none is committed (the checkpoint cannot pass a batch that failed), but each that succeeded was
 * applied, and one that failed may be in part (an engine error part-way through a bulk request).
 */
export interface Uncommitted {
  /** The last line of the last of those batches: nothing after it was applied. */
  throughLine: number;
  /** Documents the batches that succeeded indexed, and deleted (the failed ones may have applied more). */
  indexed: number;
  deleted: number;
}

/** What a batch did to the file's counters. */
export interface Tally {
  read: number;
  indexed: number;
  deleted: number;
  rejected: number;
  /** Deletions of ids the index did not hold (counted in `deleted` too). */
  absent: number;
}
export const noTally = (): Tally => ({ read: 0, indexed: 0, deleted: 0, rejected: 0, absent: 0 });

/** Streams one snapshot file into its target in batches, rejecting bad records with their line. */
export async function loadFile(o: LoadFileOptions): Promise<void> {
  if (o.kind === 'connections') return loadConnections(o);
  // With workers, lines go to them as bytes, a batch at a time; without, this thread reads lines.
  const maxLineBytes = o.maxLineBytes ?? MAX_LINE_BYTES;
  const lineSource = o.pool ? null : readLines(o.file, maxLineBytes);
  const batchSource = o.pool ? readLineBatches(o.file, o.batchSize, o.skipThrough, maxLineBytes) : null;
  /** A line too long to read is refused here, whichever thread would have parsed it. */
  const refuseLong = (line: LongLine, t = tally) => {
    t.read++;
    t.rejected++;
    o.reject({ file: o.file, line: line.lineNo, kind: o.kind, reason: longLineReason(line, maxLineBytes), record: excerpt(line.head) });
  };
  const source = (lineSource ?? batchSource)!;
  const state = startState(o.kind, o.file, source.totalBytes);
  const sync = () =>
    Object.assign(state, {
      read: o.counters.read,
      indexed: o.counters.indexed + o.counters.deleted,
      rejected: o.counters.rejected,
      bytesRead: source.bytesRead(),
    });
  o.progress.start(sync());
  const sources: Sources = {
    companies: (await o.engine.getAlias(INDICES.companies.alias)).length > 0,
    profiles: o.kind === 'posts' && (await o.engine.getAlias(INDICES.profiles.alias)).length > 0,
  };
  let batch: Pending[] = [];
  /**
   * Counts of the batch being read. Each batch keeps its own, added to the file's counters only
   * when the batch is committed, so a checkpoint's counters describe exactly the lines it covers
   * (a killed run resumed must not count a later batch that was applied twice).
   */
  let tally: Tally = noTally();
  const take = (): Tally => {
    const t = tally;
    tally = noTally();
    return t;
  };
  const settle = (t: Tally, lastLine: number) => {
    o.counters.read += t.read;
    o.counters.indexed += t.indexed;
    o.counters.deleted += t.deleted;
    o.counters.rejected += t.rejected;
    if (t.absent) o.counters.absent = (o.counters.absent ?? 0) + t.absent;
    o.committed(lastLine);
    o.progress.update(sync());
  };

  /**
   * Document batches in flight (up to the engine's bulk concurrency; one for a single writer).
   * A batch is committed (checkpoint, progress) only when every batch before it is done, and a
   * batch naming an id still in flight waits for it, so a snapshot's own order (an upsert, then
   * a delete of the same id) is kept.
   */
  const inFlight: { lastLine: number; ids: Set<string>; done: Promise<void>; idsReady?: Promise<Set<string>>; tally: Tally }[] = [];
  const maxInFlight = Math.max(1, o.engine.bulkConcurrency ?? 1);
  const settleOldest = async () => {
    const oldest = inFlight[0]!;
    await oldest.done;
    inFlight.shift();
    settle(oldest.tally, oldest.lastLine);
  };
  const drain = async () => {
    while (inFlight.length) await settleOldest();
  };
  /**
   * The load failed (the file could not be read to its end, a batch or a worker failed): every
   * batch already sent is waited for, whatever it ends in, so none writes after the failure is
   * told (they were left running, unrecorded, and wrote to a live index after the message, even
   * after the engine was closed). Those before the first that failed are committed as usual, so
   * the counters and the checkpoint say exactly what of the file was applied; from the first that
   * failed on, none is, and what they applied is told apart (`uncommitted`).
   */
  const stopLoading = async (err: unknown): Promise<never> => {
    // The lines read since the last batch was sent are dropped with their counts: none was sent.
    batch = [];
    take();
    let failed = false;
    const past: Uncommitted = { throughLine: 0, indexed: 0, deleted: 0 };
    for (let b = inFlight.shift(); b; b = inFlight.shift()) {
      const ok = await b.done.then(
        () => true,
        () => false,
      );
      if (ok && !failed) settle(b.tally, b.lastLine);
      else {
        failed = true;
        past.throughLine = b.lastLine;
        if (ok) {
          past.indexed += b.tally.indexed;
          past.deleted += b.tally.deleted - b.tally.absent;
        }
      }
    }
    if (failed) o.uncommitted?.(past);
    throw err;
  };

  const sendDocuments = async (kind: DocumentKind, pending: Pending[], t: Tally) => {
    const lookups = await fetchLookups(
      o.engine,
      kind,
      needsOf(
        kind,
        pending.filter((p) => p.record).map((p) => p.record as Record<string, unknown>),
      ),
      sources,
      o.companyCache,
    );
    const ops: BulkOperation[] = pending.map((p) =>
      p.op === 'delete' ? { op: 'delete', id: p.id } : { op: 'index', id: p.id, doc: toDocument(kind, p.record!, lookups) },
    );
    await applyBulk(kind, pending, ops, t);
  };

  /** Sends a batch's operations and accounts for them: rejects, counters, the change set. */
  const applyBulk = async (kind: DocumentKind, pending: Pending[], ops: BulkOperation[], t: Tally, prepared?: PreparedDocuments) => {
    const result = await o.engine.bulk(o.target!.index, ops, prepared);
    const byId = new Map(pending.map((p) => [p.id, p]));
    let failedIndex = 0;
    let missingDeletes = 0;
    for (const f of result.failed) {
      // Deleting what is already absent is a no-op, which keeps a resumed run idempotent.
      if (f.op === 'delete' && f.reason === 'not_found') {
        missingDeletes++;
        continue;
      }
      const p = byId.get(f.id);
      o.reject({
        file: o.file,
        line: p?.lineNo ?? null,
        kind: o.kind,
        id: f.id,
        reason: `engine refused the document: ${f.reason}`,
        record: p ? excerpt(p.text()) : null,
      });
      failedIndex++;
    }
    if (o.changes) {
      const refused = new Set(result.failed.filter((f) => f.op === 'index').map((f) => f.id));
      o.changes.sink.recordDocuments(
        o.changes.runId,
        kind,
        pending
          .filter((p) => p.op === 'delete' || !refused.has(p.id))
          .map((p) => (p.op === 'delete' ? { op: 'delete', id: p.id } : { op: 'index', record: p.record as Record<string, unknown> })),
      );
    }
    t.indexed += result.indexed;
    t.deleted += result.deleted + missingDeletes;
    t.absent += missingDeletes + (result.absent ?? 0);
    t.rejected += failedIndex;
  };

  const flush = async (lastLine: number) => {
    if (batch.length) {
      const pending = batch;
      batch = [];
      const ids = new Set(pending.map((p) => p.id));
      // An id still in flight: everything before it finishes first.
      if (inFlight.some((f) => pending.some((p) => f.ids.has(p.id)))) await drain();
      while (inFlight.length >= maxInFlight) await settleOldest();
      const t = take();
      const done = sendDocuments(o.kind as DocumentKind, pending, t);
      // Awaited in order by settleOldest; until then a failure must not count as unhandled.
      done.catch(() => undefined);
      inFlight.push({ lastLine, ids, done, tally: t });
    } else inFlight.push({ lastLine, ids: new Set(), done: Promise.resolve(), tally: take() });
    // With one in flight (a single writer) every batch is settled before the next is read, as before.
    if (maxInFlight === 1) await drain();
  };

  let lastLine = o.skipThrough;
  if (o.pool) {
    // Workers parse, validate and build; this thread reads, fetches lookups, sends and commits.
    const pool = o.pool;
    const kind = o.kind as DocumentKind;
    // Two batches a worker (one being validated or built, one waiting for this thread's lookups or
    // write) and two more: while this thread writes a batch, every worker still has one to work on.
    // With one batch a worker, all three threads stood idle a quarter of the time (measured).
    const poolInFlight = Math.max(o.engine.bulkConcurrency ?? 1, 2 * pool.size) + 2;
    // A new index of an engine that takes prepared batches gets its rows made in the workers
    // (a live index is upserted document by document, from objects).
    const format: BuildFormat =
      o.engine.kind === 'opensearch' ? 'json' : o.engine.preparedFormat && o.target?.freshLoad ? 'prepared' : 'object';
    const encoding = format === 'prepared' ? ((await o.engine.sourceEncoding?.(o.target!.index)) ?? null) : null;
    /** The batch applied last: a single writer applies batches in file order, whichever worker finishes first. */
    let lastApplied: Promise<void> = Promise.resolve();
    /** Settled when the rejects of the batches dispatched so far are written. */
    let rejectsWritten: Promise<void> = Promise.resolve();
    const dispatch = (lines: LineBatch, long: LongLine[], last: number) => {
      const t = take();
      const earlier = [...inFlight];
      const before = lastApplied;
      const validating = pool.validate(kind, lines, Boolean(o.changes));
      const ids = validating.then((v) => new Set(v.lines.filter((l) => l[1] !== 0).map((l) => l[2])));
      const previousRejects = rejectsWritten;
      const outcomes = (async () => {
        const v = await validating;
        // Workers finish in any order; rejects are written in the file's.
        await previousRejects;
        const pending: Pending[] = [];
        let r = 0;
        let l = 0;
        // One outcome a line, in the batch's order; the batch's long lines are refused in their place.
        for (const [i, [lineNo, status, x]] of v.lines.entries()) {
          while (l < long.length && long[l]!.lineNo < lineNo) refuseLong(long[l++]!, t);
          if (status === 0) {
            t.rejected++;
            o.reject({ file: o.file, line: lineNo, kind: o.kind, reason: x, record: excerpt(lineText(lines, i)) });
          } else
            pending.push({
              lineNo,
              text: () => lineText(lines, i),
              op: status === 1 ? 'delete' : 'index',
              id: x,
              record: status === 2 ? (v.records?.[r++] ?? undefined) : undefined,
            });
        }
        while (l < long.length) refuseLong(long[l++]!, t);
        return { v, pending };
      })();
      rejectsWritten = outcomes.then(
        () => undefined,
        () => undefined,
      );
      const done = (async () => {
        const { v, pending } = await outcomes;
        // A batch naming an id that an earlier batch still in flight holds waits for it (snapshot order).
        const mine = await ids;
        for (const e of earlier) {
          const theirs = await (e.idsReady ?? e.ids);
          const [small, large] = mine.size < theirs.size ? [mine, theirs] : [theirs, mine];
          for (const id of small)
            if (large.has(id)) {
              await e.done;
              break;
            }
        }
        const lookups = await fetchLookups(o.engine, kind, v.needs, sources, o.companyCache);
        const { docs, prepared } = await pool.build(v.id, lookups, format, encoding);
        let d = 0;
        const ops: BulkOperation[] = pending.map((p) => {
          if (p.op === 'delete') return { op: 'delete', id: p.id };
          if (prepared) return { op: 'index', id: p.id, prepared: true };
          const doc = docs[d++]!;
          return typeof doc === 'string' ? { op: 'index', id: p.id, json: doc } : { op: 'index', id: p.id, doc };
        });
        if (maxInFlight === 1) await before;
        if (ops.length) await applyBulk(kind, pending, ops, t, prepared ?? undefined);
      })();
      done.catch(() => undefined);
      lastApplied = done;
      inFlight.push({ lastLine: last, ids: new Set(), done, idsReady: ids.catch(() => new Set<string>()), tally: t });
    };
    try {
      for await (const { long, ...lines } of batchSource!.batches) {
        lastLine = Math.max(lines.lineNos[lines.lineNos.length - 1] ?? 0, long.at(-1)?.lineNo ?? 0);
        tally.read += lines.lineNos.length;
        while (inFlight.length >= poolInFlight) await settleOldest();
        if (lines.lineNos.length) dispatch(lines, long, lastLine);
        else {
          // Long lines alone, refused after the rejects of the batches before them.
          const t = take();
          const done = rejectsWritten.then(() => {
            for (const line of long) refuseLong(line, t);
          });
          rejectsWritten = done;
          inFlight.push({ lastLine, ids: new Set(), done, tally: t });
        }
      }
      inFlight.push({ lastLine, ids: new Set(), done: Promise.resolve(), tally: take() });
      await drain();
    } catch (err) {
      await stopLoading(err);
    }
    o.progress.stop(sync());
    return;
  }
  // A batch is also cut at about BATCH_BYTES of lines (counted in characters), as the workers' batches are.
  let batchChars = 0;
  try {
    for await (const { lineNo, text, long, notUtf8 } of lineSource!.lines) {
      if (lineNo <= o.skipThrough) continue;
      lastLine = lineNo;
      if (long) {
        refuseLong(long);
        continue;
      }
      tally.read++;
      const checked = checkLine(o.kind, text, !notUtf8);
      if (!checked.ok) {
        tally.rejected++;
        o.reject({ file: o.file, line: lineNo, kind: o.kind, reason: checked.reason, record: excerpt(text) });
      } else if (checked.deleted) {
        batch.push({ lineNo, text: () => text, op: 'delete', id: checked.id });
      } else {
        batch.push({ lineNo, text: () => text, op: 'index', id: checked.record.id as string, record: checked.record });
      }
      batchChars += text.length;
      if (batch.length >= o.batchSize || batchChars >= BATCH_BYTES) {
        batchChars = 0;
        await flush(lineNo);
      }
    }
    await flush(lastLine);
    await drain();
  } catch (err) {
    await stopLoading(err);
  }
  o.progress.stop(sync());
}
