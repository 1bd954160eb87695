import { Client } from '@opensearch-project/opensearch';
import type { BulkOperation, BulkResult, IndexSpec, IndexStats, Query, SearchBody, SearchEngine, SearchResult } from '../port.js';
import { translate } from './errors.js';

/** Bulk requests flush at this many bytes; the helper runs this many at once and retries 429s. */
export const BULK_FLUSH_BYTES = 5 * 1024 * 1024;
export const BULK_CONCURRENCY = 4;
export const BULK_RETRIES = 5;

interface RawHit {
  _id: string;
  _score: number | null;
  _source?: Record<string, unknown>;
  sort?: unknown[];
}

/** The OpenSearch adapter, for production at any scale. */
export class OpenSearchEngine implements SearchEngine {
  readonly kind = 'opensearch' as const;
  readonly client: Client;
  /** Settings in force before beginBulkLoad, restored by endBulkLoad. */
  private readonly saved = new Map<string, { refresh_interval: string; number_of_replicas: string | number }>();

  constructor(urlOrClient: string | Client) {
    this.client = typeof urlOrClient === 'string' ? new Client({ node: urlOrClient, requestTimeout: 30_000, maxRetries: 2 }) : urlOrClient;
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
    await this.call('create index', () => this.client.indices.create({ index: name, body: spec as never }));
  }

  async deleteIndex(name: string): Promise<void> {
    await this.call('delete index', () => this.client.indices.delete({ index: name }));
  }

  async indexExists(name: string): Promise<boolean> {
    return Boolean(await this.call('index exists', () => this.client.indices.exists({ index: name })));
  }

  async bulk(index: string, ops: BulkOperation[]): Promise<BulkResult> {
    const result: BulkResult = { indexed: 0, deleted: 0, failed: [] };
    if (ops.length === 0) return result;
    // The helper sends each datasource item as the source line; deletes get an empty
    // placeholder that it never sends.
    const opOf = new WeakMap<object, BulkOperation>();
    const datasource = ops.map((op) => {
      const item = op.op === 'index' ? op.doc : {};
      opOf.set(item, op);
      return item;
    });
    try {
      const stats = await this.client.helpers.bulk({
        datasource,
        flushBytes: BULK_FLUSH_BYTES,
        concurrency: BULK_CONCURRENCY,
        retries: BULK_RETRIES,
        wait: 1000,
        onDocument: (doc: object) => {
          const op = opOf.get(doc) as BulkOperation;
          return op.op === 'index' ? { index: { _index: index, _id: op.id } } : { delete: { _index: index, _id: op.id } };
        },
        onDrop: (dropped) => {
          const op = opOf.get(dropped.document as object) as BulkOperation;
          result.failed.push({
            id: op.id,
            op: op.op,
            reason: dropped.status === 404 ? 'not_found' : `${dropped.error?.type}: ${dropped.error?.reason}`,
          });
        },
      });
      const failedIndex = result.failed.filter((f) => f.op === 'index').length;
      const deletes = ops.filter((o) => o.op === 'delete').length;
      const failedDeletes = result.failed.length - failedIndex;
      result.deleted = deletes - failedDeletes;
      result.indexed = stats.successful - result.deleted;
      return result;
    } catch (err) {
      throw translate(err, 'bulk');
    }
  }

  async search<T = Record<string, unknown>>(index: string, body: SearchBody): Promise<SearchResult<T>> {
    const res = await this.call('search', () => this.client.search({ index, body: body as never }));
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
    const res = await this.call('count', () => this.client.count({ index, body: query ? { query } : {} } as never));
    return (res as { count: number }).count;
  }

  async mget<T = Record<string, unknown>>(index: string, ids: string[]): Promise<(T | null)[]> {
    if (ids.length === 0) return [];
    const res = await this.call('mget', () => this.client.mget({ index, body: { ids } }));
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
    const res = await this.call('stats', () => this.client.indices.stats({ index, metric: ['docs', 'store'] } as never));
    const all = (res as { _all: { primaries: { docs?: { count: number }; store?: { size_in_bytes: number } } } })._all.primaries;
    return { docs: all.docs?.count ?? 0, sizeBytes: all.store?.size_in_bytes ?? 0 };
  }

  async beginBulkLoad(index: string): Promise<void> {
    const res = await this.call('get settings', () =>
      this.client.indices.getSettings({ index, name: 'index.refresh_interval,index.number_of_replicas', include_defaults: true } as never),
    );
    const entry = Object.values(
      res as Record<string, { settings?: { index?: Record<string, string> }; defaults?: { index?: Record<string, string> } }>,
    )[0];
    this.saved.set(index, {
      refresh_interval: entry?.settings?.index?.refresh_interval ?? entry?.defaults?.index?.refresh_interval ?? '1s',
      number_of_replicas: entry?.settings?.index?.number_of_replicas ?? 1,
    });
    await this.call('put settings', () =>
      this.client.indices.putSettings({ index, body: { index: { refresh_interval: '-1', number_of_replicas: 0 } } }),
    );
  }

  async endBulkLoad(index: string): Promise<void> {
    const saved = this.saved.get(index) ?? { refresh_interval: '1s', number_of_replicas: 1 };
    await this.call('put settings', () => this.client.indices.putSettings({ index, body: { index: saved } }));
    this.saved.delete(index);
    await this.refresh(index);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
