/**
 * An indexer prepare worker (prepare-pool.ts): parses and validates a batch of snapshot lines,
 * then, once the main thread has fetched the company facts and author names the batch needs,
 * builds its documents and serialises them. The parsed records stay here between the two steps.
 */
import { parentPort } from 'node:worker_threads';
import { INDICES } from '../mappings/indices.js';
import type { DocumentKind } from '../mappings/record-schemas.js';
import { buildCatalog, type Scope } from '../search-engine/embedded/catalog.js';
import { type PreparedBatch, prepareBatch, preparedTransfer } from '../search-engine/embedded/prepare.js';
import { codecOfLayout, hasSourceEncoding, withSourceEncoding } from '../search-engine/embedded/source-codec.js';
import { foldingOfLayout, LAYOUT_VERSION } from '../search-engine/embedded/tables.js';
import type { Folding, IndexSpec } from '../search-engine/port.js';
import { changeFields } from './change-sink.js';
import { needsOf } from './lookups.js';
import type { PrepareReply, PrepareRequest } from './prepare-pool.js';
import { lineIsUtf8, lineText } from './read-lines.js';
import { type Lookups, toDocument } from './transform/documents.js';
import { checkLine } from './validate.js';

const held = new Map<number, { kind: DocumentKind; records: Record<string, unknown>[] }>();

function handle(msg: PrepareRequest): PrepareReply {
  if (msg.type === 'validate') {
    const outcomes: PrepareReply & { type: 'validated' } = { type: 'validated', id: msg.id, lines: [], needs: null, records: null };
    const records: Record<string, unknown>[] = [];
    for (let i = 0; i < msg.lines.lineNos.length; i++) {
      const lineNo = msg.lines.lineNos[i]!;
      const checked = checkLine(msg.kind, lineText(msg.lines, i), lineIsUtf8(msg.lines, i));
      if (!checked.ok) outcomes.lines.push([lineNo, 0, checked.reason]);
      else if (checked.deleted) outcomes.lines.push([lineNo, 1, checked.id]);
      else {
        outcomes.lines.push([lineNo, 2, checked.record.id as string]);
        records.push(checked.record);
      }
    }
    held.set(msg.id, { kind: msg.kind, records });
    outcomes.needs = needsOf(msg.kind, records);
    if (msg.keepRecords) outcomes.records = records.map((r) => changeFields(msg.kind, r));
    return outcomes;
  }
  const batch = held.get(msg.id);
  held.delete(msg.id);
  if (!batch) return { type: 'failed', id: msg.id, message: `no validated batch ${msg.id} in this worker` };
  const lookups = msg.lookups as Lookups;
  if (msg.format === 'prepared') {
    // The spec a fresh index is created with (targets.ts), so field ids and tables agree.
    // Sources are compressed, and letters folded, as the target index does (the same for a whole
    // load). The scope changes only when that changes: the codec's contexts are kept by dictionary.
    const encoding = msg.encoding ?? {
      codec: codecOfLayout(LAYOUT_VERSION),
      dictionary: null,
      folding: foldingOfLayout(LAYOUT_VERSION),
    };
    const { spec, root } = catalogOf(batch.kind, encoding.folding);
    if (!hasSourceEncoding(root, encoding)) withSourceEncoding(root, encoding.codec, encoding.dictionary);
    const docs = batch.records.map((r) => ({ id: r.id as string, doc: toDocument(batch.kind, r, lookups) }));
    return { type: 'built', id: msg.id, docs: [], prepared: prepareBatch(spec, root, docs) };
  }
  const docs = batch.records.map((r) => {
    const doc = toDocument(batch.kind, r, lookups);
    return msg.format === 'json' ? JSON.stringify(doc) : doc;
  });
  return { type: 'built', id: msg.id, docs, prepared: null };
}

/** The catalog of each kind's mapping, for one folding at a time (a load's target keeps one). */
const catalogs = new Map<DocumentKind, { spec: IndexSpec; root: Scope }>();
function catalogOf(kind: DocumentKind, folding: Folding): { spec: IndexSpec; root: Scope } {
  let entry = catalogs.get(kind);
  if (entry?.root.folding !== folding) {
    const spec = { settings: INDICES[kind].settings, mappings: INDICES[kind].mappings } as IndexSpec;
    entry = { spec, root: buildCatalog(spec, 'prepare', folding) };
    catalogs.set(kind, entry);
  }
  return entry;
}

parentPort!.on('message', (msg: PrepareRequest) => {
  try {
    const reply = handle(msg);
    const prepared = reply.type === 'built' ? (reply.prepared as PreparedBatch | null) : null;
    parentPort!.postMessage(reply, prepared ? preparedTransfer(prepared) : []);
  } catch (err) {
    parentPort!.postMessage({ type: 'failed', id: msg.id, message: (err as Error).stack ?? String(err) } satisfies PrepareReply);
  }
});
