/**
 * A search worker: a read-only connection to the embedded index that runs searches, counts
 * and document reads off the main thread, each within the time budget it is sent with.
 * Spawned by ReadPool (read-pool.ts); the protocol is the two message types below.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { SearchEngineError } from '../errors.js';
import type { IndexSpec, Query, SearchBody } from '../port.js';
import { ConnectionBudget } from './budget.js';
import { buildCatalog, type Scope } from './catalog.js';
import { IndexCatalog } from './index-meta.js';
import { runMgetText } from './mget.js';
import { runCount, runSearch } from './search.js';
import { codecOfLayout, withSourceEncoding } from './source-codec.js';
import { foldingOfLayout } from './tables.js';

export type ReadOp =
  | { op: 'search'; index: string; body: SearchBody }
  | { op: 'count'; index: string; query?: Query }
  | { op: 'mget'; index: string; ids: string[] };

export interface ReadJobMessage {
  id: number;
  job: ReadOp;
  budgetMs: number;
}

export type ReadReplyMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { engineCode: string | null; message: string; stack?: string } };

export interface ReadWorkerData {
  file: string;
  cacheKib: number;
}

const { file, cacheKib } = workerData as ReadWorkerData;
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma(`cache_size = -${cacheKib}`);
db.pragma('temp_store = MEMORY');
const budget = new ConnectionBudget(db);

const catalog = new IndexCatalog(db);

/**
 * Catalog entries by physical index. The small part of the row is read again on every call (a
 * primary-key lookup), so alias swaps and fields that became multi-valued in a later load are
 * seen at once; the mapping and dictionary are read again only for a new index (a new prefix).
 */
const catalogs = new Map<string, { prefix: string; root: Scope; multiValuedJson: string; multiValued: Set<string> }>();

function open(name: string): { root: Scope; multiValued: Set<string> } {
  const head = catalog.resolve(name, true);
  let entry = catalogs.get(head.name);
  if (entry?.prefix !== head.prefix) {
    const body = catalog.body(head);
    entry = {
      prefix: head.prefix,
      root: withSourceEncoding(
        buildCatalog(JSON.parse(body.spec) as IndexSpec, head.prefix, foldingOfLayout(head.layout)),
        codecOfLayout(head.layout),
        body.source_dictionary,
      ),
      multiValuedJson: head.multi_valued,
      multiValued: new Set(JSON.parse(head.multi_valued) as string[]),
    };
    catalogs.set(head.name, entry);
  } else if (entry.multiValuedJson !== head.multi_valued) {
    entry.multiValuedJson = head.multi_valued;
    entry.multiValued = new Set(JSON.parse(head.multi_valued) as string[]);
  }
  return entry;
}

function execute(job: ReadOp): unknown {
  const index = open(job.index);
  // Sources go back as JSON text: one copy across threads, parsed there (engine.ts), instead of a clone of every node.
  if (job.op === 'search') return runSearch(db, index.root, index.multiValued, job.body, 'text');
  if (job.op === 'count') return runCount(db, index.root, index.multiValued, job.query);
  return runMgetText(db, index.root, job.ids);
}

parentPort?.on('message', (msg: ReadJobMessage) => {
  let reply: ReadReplyMessage;
  try {
    reply = { id: msg.id, ok: true, value: budget.run(msg.budgetMs, () => execute(msg.job)) };
  } catch (err) {
    const e = err as Error;
    reply = {
      id: msg.id,
      ok: false,
      error: { engineCode: err instanceof SearchEngineError ? err.code : null, message: e?.message ?? String(err), stack: e?.stack },
    };
  }
  parentPort?.postMessage(reply);
});
parentPort?.postMessage({ ready: true, budgetEnforced: budget.enforced });
