import { Client, errors } from '@opensearch-project/opensearch';
import { callBudget } from '../call-context.js';
import { SearchEngineError } from '../errors.js';
import type { BulkOperation, BulkResult, IndexSpec, IndexStats, Query, SearchBody, SearchEngine, SearchResult } from '../port.js';
import { translate } from './errors.js';

/** Bulk requests flush at this many bytes; the helper runs this many at once and retries 429s. */
export const BULK_FLUSH_BYTES = 5 * 1024 * 1024;
export const BULK_CONCURRENCY = 4;
export const BULK_RETRIES = 5;
export const BULK_RETRY_WAIT_MS = 1000;
/** Item statuses worth sending again: too many requests, and a node or shard briefly unavailable. */
const RETRYABLE_ITEM = new Set([429, 502, 503, 504]);

/** How bulk loads are sent (OPENSEARCH_BULK_CONCURRENCY, OPENSEARCH_BULK_BYTES, OPENSEARCH_BULK_RETRY_MS). */
export interface OpenSearchBulkOptions {
  /** Requests in flight at once (per bulk call, and bulk calls a loader keeps in flight). */
  concurrency?: number;
  /** A request is sent when its NDJSON body reaches this many bytes. */
  flushBytes?: number;
  /** Wait before the first retry of a refused request or item; doubles with each retry. */
  retryWaitMs?: number;
}

/** A bulk result whose failures keep their item status (for the retry decision). */
type Failures = Omit<BulkResult, 'failed'> & { failed: (BulkResult['failed'][number] & { status?: number })[] };

interface RawHit {
  _id: string;
  _score: number | null;
  _source?: Record<string, unknown>;
  sort?: unknown[];
}

/** The OpenSearch adapter, for production at any scale. */
/** What a bulk load's end restores when it knows nothing better: the settings of every index definition (mappings/indices.ts). */
const LOAD_RESTORE = { refresh_interval: '1s', number_of_replicas: 1 } as const;

export class OpenSearchEngine implements SearchEngine {
  readonly kind = 'opensearch' as const;
  /** The budget goes out as each read's request timeout. */
  readonly budgetsEnforced = true;
  readonly client: Client;
  /** Settings in force before beginBulkLoad, restored by endBulkLoad. */
  private readonly saved = new Map<string, { refresh_interval: string; number_of_replicas: string | number }>();

  private readonly timeoutMs: number;
  readonly bulkConcurrency: number;
  private readonly flushBytes: number;
  private readonly retryWaitMs: number;

  /** `timeoutMs`: the time budget of a read made outside any request, and the most any read gets. */
  constructor(urlOrClient: string | Client, opts: { timeoutMs?: number; bulk?: OpenSearchBulkOptions } = {}) {
    this.client = typeof urlOrClient === 'string' ? new Client({ node: urlOrClient, requestTimeout: 30_000, maxRetries: 2 }) : urlOrClient;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.bulkConcurrency = opts.bulk?.concurrency ?? BULK_CONCURRENCY;
    this.flushBytes = opts.bulk?.flushBytes ?? BULK_FLUSH_BYTES;
    this.retryWaitMs = opts.bulk?.retryWaitMs ?? BULK_RETRY_WAIT_MS;
  }

  /**
   * A read (search, count, mget) within its time budget: the budget goes out as the client's
   * request timeout (OpenSearch then cancels the search task when the connection closes), with no
   * retry, and running past it is a `timeout`.
   */
  private async read<T>(what: string, fn: (options: { requestTimeout: number; maxRetries: number }) => Promise<{ body: T }>): Promise<T> {
    const { ms } = callBudget(this.timeoutMs);
    if (ms <= 0) throw new SearchEngineError('timeout', `the request had no time budget left for this ${what}`);
    try {
      return (await fn({ requestTimeout: ms, maxRetries: 0 })).body;
    } catch (err) {
      if (err instanceof errors.TimeoutError) throw new SearchEngineError('timeout', `the ${what} ran past its ${ms} ms time budget`, err);
      throw translate(err, what);
    }
  }

  private async call<T>(what: string, fn: () => Promise<{ body: T }>): Promise<T> {
    try {
      return (await fn()).body;
    } catch (err) {
      throw translate(err, what);
    }
  }

  async ping(): Promise<void> {
    await this.call('ping', () => this.client.info());
  }

  async createIndex(name: string, spec: IndexSpec): Promise<void> {
    await this.call('create index', () =>
      this.client.indices.create({ index: name, body: { settings: spec.settings, mappings: spec.mappings } }),
    );
  }

  async deleteIndex(name: string): Promise<void> {
    await this.call('delete index', () => this.client.indices.delete({ index: name }));
  }

  async indexExists(name: string): Promise<boolean> {
    return Boolean(await this.call('index exists', () => this.client.indices.exists({ index: name })));
  }

  async bulk(index: string, ops: BulkOperation[]): Promise<BulkResult> {
    if (ops.length === 0) return { indexed: 0, deleted: 0, failed: [] };
    if (ops.some((op) => op.op === 'index' && op.prepared))
      throw new SearchEngineError('invalid_query', 'OpenSearch takes no prepared batches: send documents or their JSON');
    // Items refused for a passing reason (429 after the helper's own retries, 502-504) are sent
    // again with backoff; the rest are final. Re-sending is safe: index by id replaces, and a
    // repeated delete reports not_found.
    const total: BulkResult = { indexed: 0, deleted: 0, failed: [] };
    // One operation per id, the last: the helper retries refused items itself and sends large
    // batches in parallel chunks, so two operations on one id could land in either order. An
    // earlier operation is superseded (its effect would be overwritten) and counted as done.
    const last = new Map<string, BulkOperation>();
    // Ids upserted earlier in this batch: their deletion's not_found only means the upsert was never sent.
    const upsertedBefore = new Set<string>();
    const replacedDeletes: string[] = [];
    for (const op of ops) {
      const before = last.get(op.id);
      if (before) {
        if (before.op === 'index') {
          total.indexed++;
          upsertedBefore.add(op.id);
        } else {
          total.deleted++;
          // A deletion never sent. Followed by another deletion, it removes nothing (the last
          // one does, if anything). Followed by an upsert, it removed the document if one was
          // there: an upsert earlier in this batch, or one already in the index (looked up
          // below). Otherwise it is a no-op (`absent`), which a new index's count check does
          // not subtract.
          if (op.op === 'delete') total.absent = (total.absent ?? 0) + 1;
          else if (!upsertedBefore.has(op.id)) replacedDeletes.push(op.id);
        }
        last.delete(op.id);
      }
      last.set(op.id, op);
    }
    if (replacedDeletes.length > 0) {
      const found = await this.mget(index, replacedDeletes);
      total.absent = (total.absent ?? 0) + found.filter((d) => d === null).length;
    }
    const settled = (failed: Failures['failed']) =>
      failed.filter((f) => {
        if (f.op === 'delete' && f.reason === 'not_found' && upsertedBefore.has(f.id)) {
          total.deleted++;
          return false;
        }
        return true;
      });
    let pending = last.size === ops.length ? ops : [...last.values()];
    for (let round = 0; ; round++) {
      const result = await this.bulkRequests(index, pending);
      total.indexed += result.indexed;
      total.deleted += result.deleted;
      const again = result.failed.filter((f) => f.status !== undefined && RETRYABLE_ITEM.has(f.status));
      if (again.length === 0 || round >= BULK_RETRIES) {
        total.failed.push(...settled(result.failed).map(({ status: _status, ...f }) => f));
        return total;
      }
      total.failed.push(...settled(result.failed.filter((f) => !again.includes(f))).map(({ status: _status, ...f }) => f));
      const ids = new Set(again.map((f) => f.id));
      pending = pending.filter((o) => ids.has(o.id));
      await new Promise((resolve) => setTimeout(resolve, this.retryWaitMs * 2 ** round));
    }
  }

  /** One pass of the helper; a whole request refused with 429 is retried here. */
  private async bulkRequests(index: string, ops: BulkOperation[]): Promise<Failures> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.bulkOnce(index, ops);
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status !== 429 || attempt >= BULK_RETRIES) throw translate(err, 'bulk');
        await new Promise((resolve) => setTimeout(resolve, this.retryWaitMs * 2 ** attempt));
      }
    }
  }

  private async bulkOnce(index: string, ops: BulkOperation[]): Promise<Failures> {
    const failed: Failures['failed'] = [];
    const stats = await this.client.helpers.bulk<BulkOperation>({
      datasource: ops,
      flushBytes: this.flushBytes,
      concurrency: this.bulkConcurrency,
      retries: BULK_RETRIES,
      wait: this.retryWaitMs,
      // An index action with its own source line; a delete action alone.
      onDocument: (op) =>
        op.op === 'index' ? [{ index: { _index: index, _id: op.id } }, op.json ?? op.doc] : { delete: { _index: index, _id: op.id } },
      onDrop: (dropped) => {
        // The helper hands back a re-parsed copy of the document, so the id comes from the action.
        const [verb, meta] = Object.entries(dropped.operation as unknown as Record<string, { _id: string }>)[0] as [
          string,
          { _id: string },
        ];
        const reason =
          dropped.status === 404 && verb === 'delete'
            ? 'not_found'
            : dropped.error
              ? `${dropped.error.type}: ${dropped.error.reason}`
              : `rejected with status ${dropped.status} after ${BULK_RETRIES} retries`;
        failed.push({ id: meta._id, op: verb === 'delete' ? 'delete' : 'index', reason, status: dropped.status });
      },
    });
    const deletes = ops.filter((o) => o.op === 'delete').length;
    const deleted = deletes - failed.filter((f) => f.op === 'delete').length;
    return { indexed: stats.successful - deleted, deleted, failed };
  }

  async search<T = Record<string, unknown>>(index: string, body: SearchBody): Promise<SearchResult<T>> {
    const res = await this.read('search', (options) => this.client.search({ index, body }, options));
    const hits = (res as { hits: { total?: { value: number; relation: 'eq' | 'gte' }; hits: RawHit[] }; took: number }).hits;
    return {
      total: hits.total ? { value: hits.total.value, relation: hits.total.relation } : null,
      hits: hits.hits.map((h) => ({
        id: h._id,
        score: h._score ?? null,
        source: (h._source ?? {}) as T,
        ...(h.sort ? { sort: h.sort } : {}),
      })),
      tookMs: (res as { took: number }).took,
    };
  }

  async count(index: string, query?: Query): Promise<number> {
    const res = await this.read('count', (options) => this.client.count({ index, body: query ? { query } : {} }, options));
    return (res as { count: number }).count;
  }

  async mget<T = Record<string, unknown>>(index: string, ids: string[]): Promise<(T | null)[]> {
    if (ids.length === 0) return [];
    const res = await this.read('mget', (options) => this.client.mget({ index, body: { ids } }, options));
    return (res as { docs: { found?: boolean; _source?: T }[] }).docs.map((d) => (d.found ? (d._source as T) : null));
  }

  async getAlias(alias: string): Promise<string[]> {
    try {
      return Object.keys((await this.client.indices.getAlias({ name: alias })).body as object).sort();
    } catch (err) {
      const e = translate(err, 'get alias');
      if ((err as { statusCode?: number }).statusCode === 404) return [];
      throw e;
    }
  }

  async swapAlias(alias: string, index: string): Promise<void> {
    const current = await this.getAlias(alias);
    const actions = [...current.filter((i) => i !== index).map((i) => ({ remove: { index: i, alias } })), { add: { index, alias } }];
    await this.call('swap alias', () => this.client.indices.updateAliases({ body: { actions } }));
  }

  async refresh(index: string): Promise<void> {
    await this.call('refresh', () => this.client.indices.refresh({ index }));
  }

  async stats(index: string): Promise<IndexStats> {
    const res = await this.call('stats', () => this.client.indices.stats({ index, metric: ['docs', 'store'] }));
    const all = (res as { _all: { primaries: { docs?: { count: number }; store?: { size_in_bytes: number } } } })._all.primaries;
    return { docs: all.docs?.count ?? 0, sizeBytes: all.store?.size_in_bytes ?? 0 };
  }

  async beginBulkLoad(index: string): Promise<void> {
    const res = await this.call('get settings', () =>
      this.client.indices.getSettings({ index, name: 'index.refresh_interval,index.number_of_replicas', include_defaults: true }),
    );
    const entry = Object.values(
      res as Record<string, { settings?: { index?: Record<string, string> }; defaults?: { index?: Record<string, string> } }>,
    )[0];
    const refresh = entry?.settings?.index?.refresh_interval ?? entry?.defaults?.index?.refresh_interval ?? '1s';
    // Already in load mode: a resumed load (its process was killed mid-load, with what it had
    // saved). The indexer only bulk-loads indices it created, with the index definitions'
    // settings, so those are what the load's end puts back, not the load mode found here.
    this.saved.set(
      index,
      refresh === '-1' ? LOAD_RESTORE : { refresh_interval: refresh, number_of_replicas: entry?.settings?.index?.number_of_replicas ?? 1 },
    );
    await this.call('put settings', () =>
      this.client.indices.putSettings({ index, body: { index: { refresh_interval: '-1', number_of_replicas: 0 } } }),
    );
  }

  async endBulkLoad(index: string): Promise<void> {
    const saved = this.saved.get(index) ?? LOAD_RESTORE;
    await this.call('put settings', () => this.client.indices.putSettings({ index, body: { index: saved } }));
    this.saved.delete(index);
    await this.refresh(index);
  }

  abortReads(): void {
    // Each read ends at its budget (its request timeout); nothing to interrupt here.
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
