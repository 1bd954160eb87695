/**
 * Worker threads that parse, validate and transform snapshot batches for the indexer
 * (docs/indexer.md, "Workers"), so the main thread only reads lines, fetches lookups, sends
 * bulk requests and commits. A batch is validated and built by the same worker (its records stay
 * there between the two steps); batches go to the worker with the fewest waiting.
 */
import { Worker } from 'node:worker_threads';
import { workerModule } from '../lib/worker-module.js';
import type { DocumentKind } from '../mappings/record-schemas.js';
import type { PreparedDocuments, SourceEncoding } from '../search-engine/port.js';
import type { LookupNeeds } from './lookups.js';
import type { LineBatch } from './read-lines.js';
import type { Lookups } from './transform/documents.js';

/**
 * What a worker builds: documents as objects, as JSON text (OpenSearch bulk lines), or the
 * embedded engine's prepared rows (search-engine/embedded/prepare.ts).
 */
export type BuildFormat = 'object' | 'json' | 'prepared';

const PREPARE_WORKER = workerModule(import.meta.url, 'prepare-worker');

/** Old-generation heap of a worker, in MiB, unless given (enough for batches of a few thousand profiles). */
export const DEFAULT_HEAP_MB = 192;

/**
 * Young generation of a worker, in MiB. A batch's documents and the rows made from them live
 * until the batch is sent: with 16 MiB they outgrew it and were copied into the old generation.
 * 32 MiB took 15% less CPU at 100k, and 64 or 128 no less than 32, with more memory
 * (docs/performance.md, "Issue 17").
 */
const YOUNG_GENERATION_MB = 32;

export type PrepareRequest =
  | { type: 'validate'; id: number; kind: DocumentKind; lines: LineBatch; keepRecords: boolean }
  | { type: 'build'; id: number; lookups: Lookups; format: BuildFormat; encoding: SourceEncoding | null };

/** A validated line: 0 rejected (with the reason), 1 a deletion (with the id), 2 a record (with its id). */
export type ValidatedLine = [lineNo: number, status: 0 | 1 | 2, idOrReason: string];

export type PrepareReply =
  | { type: 'validated'; id: number; lines: ValidatedLine[]; needs: LookupNeeds | null; records: Record<string, unknown>[] | null }
  | { type: 'built'; id: number; docs: (string | Record<string, unknown>)[]; prepared: PreparedDocuments | null }
  | { type: 'failed'; id: number; message: string };

interface Slot {
  worker: Worker;
  waiting: Map<number, { resolve: (r: PrepareReply) => void; reject: (e: Error) => void }>;
  /** Set when the worker failed or exited: nothing is sent to it again. */
  dead: Error | null;
}

export class PreparePool {
  private readonly slots: Slot[] = [];
  private readonly owner = new Map<number, Slot>();
  private nextId = 1;

  constructor(
    readonly size: number,
    opts: { heapMb?: number } = {},
  ) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(PREPARE_WORKER, {
        // A worker holds a few batches; bounded heaps are collected before they grow (about
        // 350 MB less peak RSS for a 2-worker load; docs/performance.md, "Issue 17").
        resourceLimits: { maxOldGenerationSizeMb: opts.heapMb ?? DEFAULT_HEAP_MB, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
      const slot: Slot = { worker, waiting: new Map(), dead: null };
      slot.worker.on('message', (reply: PrepareReply) => {
        const w = slot.waiting.get(reply.id);
        if (!w) return;
        slot.waiting.delete(reply.id);
        if (reply.type === 'failed') w.reject(new Error(`prepare worker: ${reply.message}`));
        else w.resolve(reply);
      });
      const die = (err: Error) => {
        slot.dead ??= err;
        for (const w of slot.waiting.values()) w.reject(slot.dead);
        slot.waiting.clear();
      };
      slot.worker.on('error', die);
      slot.worker.on('exit', (code) => die(new Error(`prepare worker exited (code ${code})`)));
      slot.worker.unref();
      this.slots.push(slot);
    }
  }

  private send(slot: Slot, msg: PrepareRequest): Promise<PrepareReply> {
    return new Promise((resolve, reject) => {
      if (slot.dead) {
        reject(slot.dead);
        return;
      }
      slot.waiting.set(msg.id, { resolve, reject });
      slot.worker.ref();
      slot.worker.postMessage(msg);
    }).finally(() => {
      if (slot.waiting.size === 0) slot.worker.unref();
    }) as Promise<PrepareReply>;
  }

  /**
   * Decodes, parses and validates a batch of lines (sent as bytes: the worker makes their
   * strings); the batch's records stay in its worker until {@link build} (or the pool closes).
   * `keepRecords` sends back each record's change-detection fields.
   */
  async validate(
    kind: DocumentKind,
    lines: LineBatch,
    keepRecords: boolean,
  ): Promise<{ id: number; lines: ValidatedLine[]; needs: LookupNeeds; records: Record<string, unknown>[] | null }> {
    const id = this.nextId++;
    const live = this.slots.filter((s) => !s.dead);
    if (!live.length) throw this.slots[0]?.dead ?? new Error('no prepare worker');
    const slot = live.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    this.owner.set(id, slot);
    const reply = (await this.send(slot, { type: 'validate', id, kind, lines, keepRecords })) as PrepareReply & { type: 'validated' };
    return { id, lines: reply.lines, needs: reply.needs!, records: reply.records };
  }

  /**
   * Builds the batch's documents (in the order of its valid records): as JSON text or objects in
   * `docs`, or (`prepared`) as the embedded engine's rows in `prepared`.
   */
  async build(
    id: number,
    lookups: Lookups,
    format: BuildFormat,
    /** `prepared`: how the target index compresses sources (null: the engine's default). */
    encoding: SourceEncoding | null = null,
  ): Promise<{ docs: (string | Record<string, unknown>)[]; prepared: PreparedDocuments | null }> {
    const slot = this.owner.get(id);
    if (!slot) throw new Error(`no prepared batch ${id}`);
    this.owner.delete(id);
    const reply = (await this.send(slot, { type: 'build', id, lookups, format, encoding })) as PrepareReply & { type: 'built' };
    return { docs: reply.docs, prepared: reply.prepared };
  }

  async close(): Promise<void> {
    for (const s of this.slots) s.dead ??= new Error('the prepare pool is closed');
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
