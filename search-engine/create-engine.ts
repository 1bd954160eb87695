import { EmbeddedEngine } from './embedded/engine.js';
import { type OpenSearchBulkOptions, OpenSearchEngine } from './opensearch/engine.js';
import type { SearchEngine } from './port.js';

/** Builds the adapter chosen by configuration. */
export function createEngine(opts: {
  kind: 'embedded' | 'opensearch';
  dataDir: string;
  opensearchUrl: string | null;
  /** Time budget of a call made outside any request, and the most any call gets. */
  timeoutMs?: number;
  /** Embedded engine: worker threads for reads (0: reads on the calling thread). */
  readers?: number;
  /** Embedded engine: reads that may wait for a worker. */
  maxQueued?: number;
  /** OpenSearch: bulk requests in flight, their size, and the first retry's wait (docs/indexer.md). */
  bulk?: OpenSearchBulkOptions;
}): SearchEngine {
  if (opts.kind === 'opensearch') {
    if (!opts.opensearchUrl) throw new Error('OPENSEARCH_URL is required for the opensearch engine');
    return new OpenSearchEngine(opts.opensearchUrl, { timeoutMs: opts.timeoutMs, bulk: opts.bulk });
  }
  return new EmbeddedEngine(opts.dataDir, {
    readers: opts.readers,
    timeoutMs: opts.timeoutMs,
    maxQueued: opts.maxQueued,
    maxQueuedPerTenant: opts.maxQueued === undefined ? undefined : Math.max(1, Math.ceil(opts.maxQueued / 4)),
  });
}
