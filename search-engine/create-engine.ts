import { EmbeddedEngine } from './embedded/engine.js';
import { OpenSearchEngine } from './opensearch/engine.js';
import type { SearchEngine } from './port.js';

/** Builds the adapter chosen by configuration. */
export function createEngine(opts: { kind: 'embedded' | 'opensearch'; dataDir: string; opensearchUrl: string | null }): SearchEngine {
  if (opts.kind === 'opensearch') {
    if (!opts.opensearchUrl) throw new Error('OPENSEARCH_URL is required for the opensearch engine');
    return new OpenSearchEngine(opts.opensearchUrl);
  }
  return new EmbeddedEngine(opts.dataDir);
}
