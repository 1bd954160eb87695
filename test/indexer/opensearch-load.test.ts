/**
 * The indexer against OpenSearch's HTTP API (the recording fake): document batches go out
 * several at once, failures injected per request (429) and per item (429, 503) are retried, a
 * delete that follows an upsert of the same id in a later batch still wins, the checkpoint only
 * moves past batches that are done, and nothing is lost or doubled.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { silentProgress } from '../../indexer/progress.js';
import { readLines } from '../../indexer/read-lines.js';
import { runIndex } from '../../indexer/run-index.js';
import { INDICES } from '../../mappings/indices.js';
import { OpenSearchEngine } from '../../search-engine/opensearch/engine.js';
import type { BulkOperation } from '../../search-engine/port.js';
import { openStore } from '../../server/store/database.js';
import { GraphStore } from '../../server/store/graph.js';
import { errorResponse, FakeOpenSearch } from '../helpers/fake-opensearch.js';
import { profile, writeSnapshot } from '../helpers/snapshots.js';

for (const workers of [0, 2])
  test(`profiles load with bulk requests in flight at once, through injected 429s and 503s, in snapshot order (${workers} prepare workers)`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-os-load-'));
    const fake = await new FakeOpenSearch().start();
    const engine = new OpenSearchEngine(fake.url, { bulk: { concurrency: 4, retryWaitMs: 2 } });
    const db = openStore(dir);
    // Every fifth bulk request is refused whole with 429 the first time; items fail now and then.
    let bulkRequests = 0;
    fake.intercept((req) =>
      req.path.endsWith('/_bulk') && ++bulkRequests % 5 === 0 ? errorResponse(429, 'too_many_requests', 'slow down') : undefined,
    );
    const failedOnce = new Set<string>();
    fake.bulkItemFailure = ({ id }) => {
      const n = Number.parseInt(id.slice(-4), 16);
      if (n % 7 !== 0 || failedOnce.has(id)) return undefined;
      failedOnce.add(id);
      return n % 2
        ? { status: 503, error: { type: 'unavailable_shards_exception', reason: 'primary shard is not active' } }
        : { status: 429, error: { type: 'es_rejected_execution_exception', reason: 'queue full' } };
    };
    // Counts the loader's bulk calls in flight.
    let inFlight = 0;
    let maxInFlight = 0;
    const bulk = engine.bulk.bind(engine);
    engine.bulk = async (index: string, ops: BulkOperation[]) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await bulk(index, ops);
      } finally {
        inFlight--;
      }
    };
    const committed: number[] = [];
    try {
      // 300 people; people 1-20 are deleted again at the end of the file (later batches).
      const lines: object[] = Array.from({ length: 300 }, (_, i) => profile(i + 1));
      for (let n = 1; n <= 20; n++) lines.push({ id: profile(n).id, _deleted: true });
      const file = writeSnapshot(dir, 'profiles.jsonl', lines);
      const summary = await runIndex({
        files: [file],
        swap: true,
        resume: false,
        batchSize: 25,
        rejectsFile: path.join(dir, 'rejects.jsonl'),
        checkpointDir: path.join(dir, 'indexer'),
        engine,
        graph: new GraphStore(db),
        workers,
        progress: {
          ...silentProgress,
          update: (s) => {
            committed.push(s.read);
          },
        },
      });
      assert.is(
        summary.rejected,
        0,
        fs.existsSync(path.join(dir, 'rejects.jsonl')) ? fs.readFileSync(path.join(dir, 'rejects.jsonl'), 'utf8') : '',
      );
      assert.ok(maxInFlight > 1, `bulk calls overlapped (at most ${maxInFlight} at once)`);
      assert.ok(failedOnce.size > 10, 'items were refused and sent again');
      const [index] = await engine.getAlias(INDICES.profiles.alias);
      const docs = fake.indices.get(index!)!.docs;
      assert.equal(
        [...docs.keys()].sort(),
        Array.from({ length: 280 }, (_, i) => profile(i + 21).id).sort(),
        'every person once; the deleted ones gone',
      );
      // The settings a bulk load turns off were restored before the alias moved.
      assert.equal([fake.indices.get(index!)!.number_of_replicas, fake.indices.get(index!)!.refresh_interval], ['1', '1s']);
      assert.ok(
        committed.every((v, i) => i === 0 || v >= committed[i - 1]!),
        'progress never moves back',
      );
    } finally {
      await engine.close();
      await fake.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

test('a bulk load resumed by another process restores the index definition’s settings, not the load mode it finds', async () => {
  const fake = await new FakeOpenSearch().start();
  const killed = new OpenSearchEngine(fake.url);
  const resumed = new OpenSearchEngine(fake.url);
  try {
    await killed.createIndex('proxima-profiles-v1-x', { settings: INDICES.profiles.settings, mappings: INDICES.profiles.mappings });
    await killed.beginBulkLoad('proxima-profiles-v1-x');
    const settings = () => [
      fake.indices.get('proxima-profiles-v1-x')!.refresh_interval,
      fake.indices.get('proxima-profiles-v1-x')!.number_of_replicas,
    ];
    assert.equal(settings(), ['-1', '0'], 'load mode');
    // The first process is gone; the resumed run begins the load again, then ends it.
    await resumed.beginBulkLoad('proxima-profiles-v1-x');
    await resumed.endBulkLoad('proxima-profiles-v1-x');
    assert.equal(settings(), ['1s', '1']);
  } finally {
    await killed.close();
    await resumed.close();
    await fake.close();
  }
});

test('a deletion that an upsert of the same batch replaces counts as absent only when the index did not hold the id', async () => {
  const fake = await new FakeOpenSearch().start();
  const engine = new OpenSearchEngine(fake.url);
  try {
    await engine.createIndex('proxima-profiles-v1-y', { settings: INDICES.profiles.settings, mappings: INDICES.profiles.mappings });
    const [a, b, c] = [profile(1), profile(2), profile(3)];
    await engine.bulk('proxima-profiles-v1-y', [{ op: 'index', id: a.id, doc: a }]);
    const result = await engine.bulk('proxima-profiles-v1-y', [
      { op: 'delete', id: a.id }, // held: removed, then upserted again
      { op: 'index', id: a.id, doc: a },
      { op: 'delete', id: b.id }, // never held: a no-op
      { op: 'index', id: b.id, doc: b },
      { op: 'index', id: c.id, doc: c }, // upserted in this batch: the deletion removes it
      { op: 'delete', id: c.id },
      { op: 'index', id: c.id, doc: c },
    ]);
    assert.equal([result.indexed, result.deleted, result.absent ?? 0], [4, 3, 1]);
    assert.is(fake.indices.get('proxima-profiles-v1-y')!.docs.size, 3);
  } finally {
    await engine.close();
    await fake.close();
  }
});

test('a line source opened before its reader awaits something slow loses no line', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-lines-'));
  try {
    const file = writeSnapshot(
      dir,
      'profiles.jsonl',
      Array.from({ length: 500 }, (_, i) => profile(i + 1)),
    );
    const source = readLines(file);
    // The loader asks the engine about aliases before it reads; an OpenSearch round trip takes a while.
    await new Promise((r) => setTimeout(r, 50));
    let n = 0;
    for await (const _ of source.lines) n++;
    assert.is(n, 500);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
