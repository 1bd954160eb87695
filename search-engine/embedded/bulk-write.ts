import { SearchEngineError } from '../errors.js';
import type { BulkOperation, BulkResult, PreparedDocuments } from '../port.js';
import type { OpenIndex } from './open-indexes.js';
import { mappingKey, PREPARED_FORMAT, type PreparedBatch, prepareBatch } from './prepare.js';
import { decodeSource, sourceEncodingKey } from './source-codec.js';
import { strictProblem } from './strict.js';

/** A UTF-16 surrogate that is not half of a pair. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/**
 * Writes one bulk request into an open index, in one transaction of its writer: a fresh load of
 * upserts as one prepared batch when it can be, one document at a time otherwise.
 * `saveMultiValued` runs inside that transaction when the batch found fields multi-valued.
 */
export function writeBulk(
  target: OpenIndex,
  ops: BulkOperation[],
  prepared: PreparedDocuments | undefined,
  saveMultiValued: (target: OpenIndex) => void,
): BulkResult {
  const batch = prepared as PreparedBatch | undefined;
  if (
    batch &&
    (batch.format !== PREPARED_FORMAT ||
      batch.mappingKey !== mappingKey(target.spec) ||
      batch.encodingKey !== sourceEncodingKey(target.root))
  )
    throw new SearchEngineError(
      'invalid_query',
      `the prepared batch was made for another mapping, source dictionary, folding or format than index "${target.name}"`,
    );
  if (!batch && ops.some((op) => op.op === 'index' && op.prepared))
    throw new SearchEngineError('invalid_query', 'prepared operations need their prepared batch');
  // SQLite stores such an id as other text, so its document could never be found by id again.
  const malformed = ops.find((op) => UNPAIRED_SURROGATE.test(op.id));
  if (malformed)
    throw new SearchEngineError(
      'invalid_query',
      `document id ${JSON.stringify(malformed.id)} is not valid Unicode (it has an unpaired surrogate); send ids as well-formed text`,
    );
  const result: BulkResult = { indexed: 0, deleted: 0, failed: [] };
  // A fresh load of upserts only: every table gets one insert per batch (prepare.ts). A batch
  // with an id the index already holds, or with an id twice, writes nothing that way and is
  // upserted one document at a time.
  if (target.fresh && ops.every((op) => op.op === 'index')) {
    const rows =
      batch ??
      prepareBatch(
        target.spec,
        target.root,
        // As JSON reads them back (the writer's upsert says why); the indexer's workers build
        // their batches from parsed records, which are.
        ops.map((op) => {
          const json = op.json ?? JSON.stringify(op.doc);
          return { id: op.id, doc: JSON.parse(json) as Record<string, unknown>, json };
        }),
      );
    try {
      const before = target.multiValued.size;
      const written = target.writer.transaction(() => {
        if (!target.writer.writePrepared(rows)) return false;
        if (target.multiValued.size !== before) saveMultiValued(target);
        return true;
      });
      if (written)
        return { indexed: rows.ids.length, deleted: 0, failed: rows.failed.map((f) => ({ id: f.id, op: 'index', reason: f.reason })) };
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
    }
  }
  if (batch) {
    // Documents of prepared operations come back from their stored form; refused ones stay refused.
    let k = 0;
    const materialised: BulkOperation[] = [];
    for (const op of ops) {
      if (op.op !== 'index' || !op.prepared) {
        materialised.push(op);
        continue;
      }
      const slot = batch.slots[k++]!;
      if (slot >= 0)
        materialised.push({ op: 'index', id: op.id, doc: decodeSource<Record<string, unknown>>(target.root, batch.sources[slot]!) });
      else result.failed.push({ id: op.id, op: 'index', reason: batch.failed[-1 - slot]!.reason });
    }
    ops = materialised;
  }
  const properties = target.spec.mappings.properties as Record<string, Record<string, unknown>>;
  const strict = target.spec.mappings.dynamic === 'strict';
  const before = target.multiValued.size;
  target.writer.transaction(() => {
    target.writer.beginBatch();
    for (const op of ops) {
      if (op.op === 'delete') {
        if (target.writer.delete(op.id)) result.deleted++;
        else result.failed.push({ id: op.id, op: 'delete', reason: 'not_found' });
        continue;
      }
      const doc = op.doc ?? (JSON.parse(op.json!) as Record<string, unknown>);
      const problem = strict ? strictProblem(doc, properties) : null;
      if (problem) {
        result.failed.push({ id: op.id, op: 'index', reason: problem });
        continue;
      }
      target.writer.upsert(op.id, doc, target.fresh);
      result.indexed++;
    }
    target.writer.flushBatch();
    if (target.multiValued.size !== before) saveMultiValued(target);
  });
  return result;
}
