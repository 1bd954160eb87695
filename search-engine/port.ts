/**
 * The search-engine port: the only way the server and the indexer talk to a search engine.
 * Two adapters implement it: embedded (SQLite FTS5, the default) and OpenSearch.
 */
export interface SearchEngine {
  readonly kind: 'embedded' | 'opensearch';
  /** Resolves when the engine answers; rejects with the reason when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
