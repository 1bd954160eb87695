/**
 * The search-engine port: the only way the server and the indexer talk to a search engine.
 * Two adapters implement it: embedded (SQLite FTS5, the default) and OpenSearch. Both take the
 * same OpenSearch query DSL and return the same shapes.
 */

import type { Property, TypeMapping } from '@opensearch-project/opensearch/api/_types/_common.mapping.js';
import type { QueryContainer } from '@opensearch-project/opensearch/api/_types/_common.query_dsl.js';
import type { IndexSettings } from '@opensearch-project/opensearch/api/_types/indices._common.js';

/**
 * A query DSL object, typed by the OpenSearch client's own query types (the planner emits the
 * subset listed in docs/search-engine.md; the embedded engine refuses the rest).
 */
export type Query = QueryContainer;

/** A sort clause: a field name, or a field with its order and where missing values go. */
export type SortClause = string | Record<string, 'asc' | 'desc' | { order?: 'asc' | 'desc'; missing?: '_first' | '_last' }>;

/** The body of a search: query, sort, paging, totals and source filtering. */
export interface SearchBody {
  query?: Query;
  sort?: SortClause[];
  from?: number;
  size?: number;
  track_total_hits?: boolean | number;
  _source?: boolean | string[] | { includes?: string[]; excludes?: string[] };
}

export interface SearchHit<T = Record<string, unknown>> {
  id: string;
  /** Null when sorted by fields only (as OpenSearch does without track_scores). */
  score: number | null;
  source: T;
  /** Sort values, present when the body sorts. */
  sort?: unknown[];
}

export interface SearchTotal {
  value: number;
  relation: 'eq' | 'gte';
}

export interface SearchResult<T = Record<string, unknown>> {
  /** Null when `track_total_hits` is false. */
  total: SearchTotal | null;
  hits: SearchHit<T>[];
  tookMs: number;
}

/**
 * An upsert carries its document as an object, already serialised (`json`, as the indexer's
 * workers make it for OpenSearch), or `prepared` in the batch passed beside the operations (the
 * embedded engine's rows, made by the indexer's workers: see {@link SearchEngine.preparedFormat}).
 */
export type BulkOperation =
  | { op: 'index'; id: string; doc: Record<string, unknown>; json?: undefined; prepared?: undefined }
  | { op: 'index'; id: string; json: string; doc?: undefined; prepared?: undefined }
  | { op: 'index'; id: string; prepared: true; doc?: undefined; json?: undefined }
  | { op: 'delete'; id: string };

/** Documents an engine's own prepare step turned into its rows, away from the writer; opaque to callers. */
/** A codec of stored sources (search-engine/embedded/source-codec.ts). */
export type SourceCodec = 'deflate' | 'zstd';

/**
 * How an index folds letters before it compares them (docs/search-engine.md, "Where it differs
 * from OpenSearch", Folding):
 * - `marks`: letters that decompose into a letter and marks lose the marks (é, ü, ñ); others are
 *   kept (ø, ł, đ, ı, ß, æ). The embedded engine's table layouts 4-9.
 * - `ascii`: that, then Lucene's ASCII folding, as OpenSearch's `asciifolding` filter does
 *   (ø → o, ł → l, ß → ss, æ → ae). Table layout 10 on.
 */
export type Folding = 'marks' | 'ascii';

/**
 * How an index stores what it is given: how it compresses the sources of its documents and how
 * it folds the letters of their postings. A batch prepared for it must be made the same way.
 */
export interface SourceEncoding {
  codec: SourceCodec;
  /** The index's trained preset dictionary (null: the dictionary of its field names). */
  dictionary: Uint8Array | null;
  folding: Folding;
}

export interface PreparedDocuments {
  format: string;
}

export interface BulkResult {
  indexed: number;
  /** Deletions applied, including `absent` ones. */
  deleted: number;
  /** Deletions of ids the index did not hold that the engine did not report as `not_found` failures (a deletion an upsert of the same batch replaced). */
  absent?: number;
  /** Operations the engine refused, with the reason; the others were applied. */
  failed: { id: string; op: BulkOperation['op']; reason: string }[];
}

/** Index settings and mappings, as sent to OpenSearch's create-index API. */
/** Settings and mappings of an index, typed by the OpenSearch client. */
export interface IndexSpec {
  settings: IndexSettings;
  mappings: TypeMapping & { properties: Record<string, Property> };
}

export interface IndexStats {
  docs: number;
  sizeBytes: number;
}

export interface SearchEngine {
  readonly kind: 'embedded' | 'opensearch';
  /** Whether a read that runs past its time budget is stopped by the engine itself. */
  readonly budgetsEnforced: boolean;
  /** Bulk calls a loader may keep in flight at once (absent: one at a time, as for a single writer). */
  readonly bulkConcurrency?: number;
  /**
   * The format of prepared batches this engine takes beside bulk operations (absent: none). The
   * indexer's workers then make them (search-engine/embedded/prepare.ts) and the writer only
   * writes rows.
   */
  readonly preparedFormat?: string;
  /**
   * How an index's prepared batches must compress sources: its codec and preset dictionary
   * (null: the engine's default); only engines with a preparedFormat.
   */
  sourceEncoding?(index: string): Promise<SourceEncoding>;
  /** Resolves when the engine answers; rejects with the reason when it does not. */
  ping(): Promise<void>;
  /**
   * Creates an index. `sourceSamples` are typical documents of it, known before any is written
   * (the first records of a snapshot): an engine that compresses stored sources may train its
   * dictionary from them (the embedded engine does; OpenSearch ignores them).
   */
  createIndex(name: string, spec: IndexSpec, opts?: { sourceSamples?: Record<string, unknown>[] }): Promise<void>;
  deleteIndex(name: string): Promise<void>;
  indexExists(name: string): Promise<boolean>;
  /**
   * Applies upserts and deletes; reports per-operation failures instead of throwing. `prepared`
   * holds the documents of the operations marked `prepared`, in the engine's preparedFormat.
   */
  bulk(index: string, ops: BulkOperation[], prepared?: PreparedDocuments): Promise<BulkResult>;
  search<T = Record<string, unknown>>(index: string, body: SearchBody): Promise<SearchResult<T>>;
  count(index: string, query?: Query): Promise<number>;
  /** Documents by id, in the order asked; null where an id is unknown. */
  mget<T = Record<string, unknown>>(index: string, ids: string[]): Promise<(T | null)[]>;
  /** Physical indices behind an alias (empty when the alias does not exist). */
  getAlias(alias: string): Promise<string[]>;
  /** Points `alias` at `index` and away from every other index, atomically. */
  swapAlias(alias: string, index: string): Promise<void>;
  refresh(index: string): Promise<void>;
  stats(index: string): Promise<IndexStats>;
  /** Prepares an index for a large load (OpenSearch: no refresh, no replicas). */
  beginBulkLoad(index: string): Promise<void>;
  /** Restores normal operation after a load and makes every document searchable. */
  endBulkLoad(index: string): Promise<void>;
  /** Gives back the memory the engine caches (a loader done with documents); optional. */
  releaseMemory?(): Promise<void>;
  /**
   * Stops the reads running now, at once (shutdown). Embedded: SQLite interrupts them; OpenSearch:
   * nothing to do, each read already ends at its budget (its request timeout).
   */
  abortReads(): void;
  close(): Promise<void>;
}
