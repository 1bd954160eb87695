import { createHash } from 'node:crypto';
import type { IndexSpec } from '../port.js';
import { allScopes, type Scope, TEXT_TABLES } from './catalog.js';
import { type Entries, extractEntries } from './extract.js';
import { encodeSource, sourceEncodingKey } from './source-codec.js';
import { strictProblem } from './strict.js';
import { sortableFields } from './tables.js';

/** Names the layout of {@link PreparedBatch}; an engine refuses a batch of another format. */
export const PREPARED_FORMAT = 'embedded-postings-2';

/** One scope's rows of a prepared batch, as JSON arrays for `jsonb_each`, with batch-relative row ids. */
export interface PreparedScope {
  /** Keyword postings: `[rel, tokens]`. */
  kw: string | null;
  /** Number postings: `[field, value, rel]`. */
  num: string | null;
  /** Text postings per FTS5 table: `[rel, column values...]`. */
  stem: string | null;
  name: string | null;
  title: string | null;
  /** Nested objects: `[rel, parent rel, presence]`. */
  rows: string | null;
  /** Objects of this scope in the batch (row ids 0..count-1). */
  count: number;
}

/**
 * A batch of documents turned into the rows of the embedded engine's tables, away from the
 * writer (docs/indexer.md, "Workers"): posting extraction, serialisation and source compression
 * are most of a document's cost, and they need no database. Row ids are relative to the batch;
 * the writer adds each table's next row id when it writes the batch (a fresh bulk load only).
 */
export interface PreparedBatch {
  format: typeof PREPARED_FORMAT;
  /** Digest of the mapping the rows were derived from: field ids come from it. */
  mappingKey: string;
  /** How the sources were compressed: codec and dictionary digest (source-codec.ts, sourceEncodingKey). */
  encodingKey: string;
  /**
   * Accepted documents in order: their ids and compressed sources (row id = position). The
   * sources are views of one buffer ({@link preparedTransfer}).
   */
  ids: string[];
  sources: Uint8Array[];
  /** Per operation of the batch: the position of its document, or -1 - k for `failed[k]`. */
  slots: number[];
  /** Documents refused by a strict mapping. */
  failed: { id: string; reason: string }[];
  /** Root sort rows: `[rel, presence, value per sortable field...]`. */
  sort: string;
  /** Per scope, in {@link allScopes} order. */
  scopes: PreparedScope[];
  /** Fields seen with several values, and whether some document's `id` differs from its id. */
  multi: string[];
  idDiverges: boolean;
}

const mappingKeys = new WeakMap<object, string>();

/** Digest of a mapping (what field ids and tables derive from). */
export function mappingKey(spec: IndexSpec): string {
  let key = mappingKeys.get(spec.mappings);
  if (!key) {
    key = createHash('sha256').update(JSON.stringify(spec.mappings)).digest('hex').slice(0, 32);
    mappingKeys.set(spec.mappings, key);
  }
  return key;
}

interface ScopeRows {
  kw: unknown[][];
  num: unknown[][];
  stem: unknown[][];
  name: unknown[][];
  title: unknown[][];
  rows: unknown[][];
  count: number;
}

/**
 * Turns documents into a {@link PreparedBatch} for an index of this mapping and catalog. The
 * documents must be JSON values as `JSON.parse` returns them: their postings are extracted from
 * them as given, and a delete later recomputes them from the stored JSON.
 */
export function prepareBatch(
  spec: IndexSpec,
  root: Scope,
  /** `json`, when given, is the document's JSON text (what is stored), so it is not serialised again. */
  docs: { id: string; doc: Record<string, unknown>; json?: string }[],
): PreparedBatch {
  const scopes = allScopes(root);
  const rowsOf = new Map<Scope, ScopeRows>(scopes.map((s) => [s, { kw: [], num: [], stem: [], name: [], title: [], rows: [], count: 0 }]));
  const properties = spec.mappings.properties as Record<string, Record<string, unknown>>;
  const strict = spec.mappings.dynamic === 'strict';
  const sortPaths = sortableFields(root);
  const batch: PreparedBatch = {
    format: PREPARED_FORMAT,
    mappingKey: mappingKey(spec),
    encodingKey: sourceEncodingKey(root),
    ids: [],
    sources: [],
    slots: [],
    failed: [],
    sort: '',
    scopes: [],
    multi: [],
    idDiverges: false,
  };
  const multi = new Set<string>();
  const sortRows: unknown[][] = [];

  const add = (scope: Scope, rel: number, e: Entries) => {
    const r = rowsOf.get(scope)!;
    if (e.kw.length > 0) r.kw.push([rel, e.kw.join(' ')]);
    for (const [f, v] of e.num) r.num.push([f, v, rel]);
    for (const table of TEXT_TABLES) {
      const columns = scope.textColumns[table];
      if (columns.length === 0 || e.text[table].size === 0) continue;
      r[table].push([rel, ...columns.map((c) => e.text[table].get(c) ?? null)]);
    }
    for (const [child, objects] of e.nested) {
      const c = rowsOf.get(child)!;
      for (const object of objects) {
        const childRel = c.count++;
        const childEntries = extractEntries(child, object, false);
        c.rows.push([childRel, rel, childEntries.presence]);
        add(child, childRel, childEntries);
      }
    }
  };

  for (const { id, doc, json } of docs) {
    const problem = strict ? strictProblem(doc, properties) : null;
    if (problem) {
      batch.slots.push(-1 - batch.failed.length);
      batch.failed.push({ id, reason: problem });
      continue;
    }
    const rel = batch.ids.length;
    batch.slots.push(rel);
    batch.ids.push(id);
    batch.sources.push(encodeSource(root, json ?? JSON.stringify(doc)));
    const entries = extractEntries(root, doc, true);
    rowsOf.get(root)!.count++;
    add(root, rel, entries);
    for (const p of entries.multi) multi.add(p);
    if (doc.id !== id) batch.idDiverges = true;
    sortRows.push([rel, entries.presence, ...sortPaths.map((p) => (entries.multi.includes(p) ? null : (entries.sort.get(p) ?? null)))]);
  }
  batch.sources = packed(batch.sources);
  const json = (rows: unknown[][]) => (rows.length ? JSON.stringify(rows) : null);
  batch.sort = JSON.stringify(sortRows);
  batch.scopes = scopes.map((s) => {
    const r = rowsOf.get(s)!;
    return {
      kw: json(r.kw),
      num: json(r.num),
      stem: json(r.stem),
      name: json(r.name),
      title: json(r.title),
      rows: json(r.rows),
      count: r.count,
    };
  });
  batch.multi = [...multi];
  return batch;
}

/**
 * Copies byte strings into one buffer and returns views of it. A buffer zlib returns is a view of
 * a 16 KiB allocation, and structured cloning copies a view's whole buffer: a batch of 700-byte
 * sources sent between threads one by one moved 16 KiB each.
 */
function packed(parts: Uint8Array[]): Uint8Array[] {
  let total = 0;
  for (const p of parts) total += p.byteLength;
  const all = new Uint8Array(total);
  let at = 0;
  return parts.map((p) => {
    all.set(p, at);
    at += p.byteLength;
    return all.subarray(at - p.byteLength, at);
  });
}

/** What a thread sending a prepared batch can transfer instead of copying: the sources' buffer. */
export function preparedTransfer(batch: PreparedBatch): ArrayBuffer[] {
  const first = batch.sources[0];
  return first ? [first.buffer as ArrayBuffer] : [];
}
