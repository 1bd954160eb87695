/**
 * An indexer prepare worker (prepare-pool.ts): parses and validates a batch of snapshot lines,
 * then, once the main thread has fetched the company facts and author names the batch needs,
 * builds its documents and serialises them. The parsed records stay here between the two steps.
 */
import { parentPort } from 'node:worker_threads';
import type { DocumentKind } from '../mappings/record-schemas.js';
import { needsOf } from './load-file.js';
import type { PrepareReply, PrepareRequest } from './prepare-pool.js';
import { type Lookups, toDocument } from './transform/documents.js';
import { checkLine } from './validate.js';

const held = new Map<number, { kind: DocumentKind; records: Record<string, unknown>[] }>();

function handle(msg: PrepareRequest): PrepareReply {
  if (msg.type === 'validate') {
    const outcomes: PrepareReply & { type: 'validated' } = { type: 'validated', id: msg.id, lines: [], needs: null, records: null };
    const records: Record<string, unknown>[] = [];
    for (const [lineNo, text] of msg.lines) {
      const checked = checkLine(msg.kind, text);
      if (!checked.ok) outcomes.lines.push([lineNo, 0, checked.reason]);
      else if (checked.deleted) outcomes.lines.push([lineNo, 1, checked.id]);
      else {
        outcomes.lines.push([lineNo, 2, checked.record.id as string]);
        records.push(checked.record);
      }
    }
    held.set(msg.id, { kind: msg.kind, records });
    outcomes.needs = needsOf(msg.kind, records);
    if (msg.keepRecords) outcomes.records = records;
    return outcomes;
  }
  const batch = held.get(msg.id);
  held.delete(msg.id);
  if (!batch) return { type: 'failed', id: msg.id, message: `no validated batch ${msg.id} in this worker` };
  const lookups = msg.lookups as Lookups;
  const docs = batch.records.map((r) => {
    const doc = toDocument(batch.kind, r, lookups);
    return msg.format === 'json' ? JSON.stringify(doc) : doc;
  });
  return { type: 'built', id: msg.id, docs };
}

parentPort!.on('message', (msg: PrepareRequest) => {
  try {
    parentPort!.postMessage(handle(msg));
  } catch (err) {
    parentPort!.postMessage({ type: 'failed', id: msg.id, message: (err as Error).stack ?? String(err) } satisfies PrepareReply);
  }
});
