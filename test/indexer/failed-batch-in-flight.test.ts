/**
 * The engine failing one batch while later ones are in flight (bulk concurrency above one): the
 * later batches are waited for before the failure is told, so none writes after it, and the
 * message says which lines may have been applied past the last committed one. A resumed run
 * loads the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { stoppedLoadOf } from '../../indexer/run-index.js';
import { INDICES } from '../../mappings/indices.js';
import { SearchEngineError } from '../../search-engine/errors.js';
import type { BulkOperation, PreparedDocuments } from '../../search-engine/port.js';
import { stoppedSentence } from '../../server/cli/index-command.js';
import { workspace } from '../helpers/indexer-workspace.js';
import { company, writeSnapshot } from '../helpers/snapshots.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A second companies file, beside the first one's directory: companies 1 to `n`. */
function moreCompanies(dir: string, n: number): string {
  const sub = path.join(dir, 'more');
  fs.mkdirSync(sub, { recursive: true });
  return writeSnapshot(
    sub,
    'companies.jsonl',
    Array.from({ length: n }, (_, i) => company(i + 1)),
  );
}

for (const workers of [0, 2])
  test(`a batch the engine fails with others in flight: they are waited for and told (--workers ${workers})`, async () => {
    const w = workspace();
    try {
      // A live companies index to upsert into.
      await w.run([writeSnapshot(w.dir, 'companies.jsonl', [company(1), company(2)])], { workers });
      const file = moreCompanies(w.dir, 400);
      // Four batches at once; the second (lines 51-100) fails once two more are sent, and the
      // batches after it take a while (workers may send them in any order).
      Object.defineProperty(w.engine, 'bulkConcurrency', { value: 4, configurable: true });
      const bulk = w.engine.bulk.bind(w.engine);
      const firstOf = (ops: BulkOperation[]) => ops[0]?.id;
      let calls = 0;
      let told = false;
      let writesAfterTold = 0;
      w.engine.bulk = async (index: string, ops: BulkOperation[], prepared?: PreparedDocuments) => {
        const n = ++calls;
        if (firstOf(ops) === company(51).id) {
          while (calls < n + 2) await sleep(2);
          throw new SearchEngineError('engine_error', 'the engine refused the bulk request');
        }
        if (firstOf(ops) !== company(1).id) await sleep(60);
        const result = await bulk(index, ops, prepared);
        if (told) writesAfterTold++;
        return result;
      };
      const err = await w.run([file], { workers, batchSize: 50 }).then(
        () => null,
        (e: unknown) => e,
      );
      told = true;
      assert.instance(err, SearchEngineError);
      await sleep(200);
      assert.is(writesAfterTold, 0, 'no batch wrote after the failure was told');
      const stopped = stoppedLoadOf(err)!;
      assert.ok(stopped, 'the failure says where it stopped');
      const { linesCommitted, uncommitted } = stopped.stoppedAt;
      assert.is(linesCommitted, 50, 'the batch before the failed one is committed');
      assert.ok(uncommitted, 'the batches past the failed one are told');
      const held = await w.engine.count(INDICES.companies.alias);
      // Company 1 to 50, and each later batch that succeeded, and nothing past the last sent.
      assert.is(held, linesCommitted + uncommitted!.indexed);
      assert.ok(uncommitted!.indexed >= 100, JSON.stringify(uncommitted));
      assert.is(uncommitted!.throughLine, 50 + 50 + uncommitted!.indexed);
      assert.is(uncommitted!.deleted, 0);
      const sentence = stoppedSentence(stopped);
      assert.match(sentence, 'It stopped in companies.jsonl after line 50');
      assert.match(
        sentence,
        `lines 51 to ${uncommitted!.throughLine} were being written when it failed and may be partly applied (at least ${uncommitted!.indexed} of their records were: ${uncommitted!.indexed} indexed, 0 deleted); nothing after line ${uncommitted!.throughLine} was applied.`,
      );
      assert.not.match(sentence, 'nothing after that line');
      // Resumed with the engine answering again, the rest is loaded (the lines past the checkpoint again).
      w.engine.bulk = bulk;
      const summary = await w.run([file], { workers, batchSize: 50, resume: true });
      assert.ok(summary.resumed);
      assert.is(await w.engine.count(INDICES.companies.alias), 400);
    } finally {
      await w.cleanup();
    }
  });

test('a single writer failing a batch says nothing after it was applied but what it was writing', async () => {
  const w = workspace();
  try {
    await w.run([writeSnapshot(w.dir, 'companies.jsonl', [company(1)])], { workers: 0 });
    const file = moreCompanies(w.dir, 200);
    const bulk = w.engine.bulk.bind(w.engine);
    let calls = 0;
    w.engine.bulk = async (index: string, ops: BulkOperation[], prepared?: PreparedDocuments) => {
      if (++calls === 2) throw new SearchEngineError('engine_error', 'the engine refused the bulk request');
      return bulk(index, ops, prepared);
    };
    const err = await w.run([file], { workers: 0, batchSize: 50 }).then(
      () => null,
      (e: unknown) => e,
    );
    const stopped = stoppedLoadOf(err)!;
    assert.equal(stopped.stoppedAt.uncommitted, { throughLine: 100, indexed: 0, deleted: 0 });
    assert.match(
      stoppedSentence(stopped),
      'after line 50: 50 of its records (50 indexed, 0 deleted) were applied to the live companies index',
    );
    assert.match(
      stoppedSentence(stopped),
      'lines 51 to 100 were being written when it failed and may be partly applied; nothing after line 100 was applied.',
    );
  } finally {
    await w.cleanup();
  }
});

test.run();
