/**
 * Connection loads into the integer-keyed graph (issue 17 §2, docs/indexer.md "Connections"):
 * staged edges are invisible until merged, a merge writes both directions with the later record
 * on a key winning and stamps both ends, merges run every N records and at the end of a file,
 * a failed merge loses nothing on resume, and new connections reach the change set.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ConnectionLoad, type ConnectionSink, columnsOf } from '../../indexer/connection-sink.js';
import { silentProgress } from '../../indexer/progress.js';
import { runIndex } from '../../indexer/run-index.js';
import { SnapshotChangeStore } from '../../server/signals/change-store.js';
import type { GraphStore } from '../../server/store/graph.js';
import { tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const require = createRequire(import.meta.url);
const P = (n: number) => tid(0xa0, n);
const at = (iso: string) => Date.parse(iso);
const edge = (
  a: number,
  b: number,
  source: 'service' | 'professional',
  connectedAt = at('2025-06-01'),
  removedAt: number | null = null,
) => ({
  userA: P(a),
  userB: P(b),
  source,
  connectedAt,
  removedAt,
});
const record = (a: number, b: number, extra: Record<string, unknown> = {}) => ({
  user_a: P(a),
  user_b: P(b),
  source: 'professional',
  connected_at: '2025-06-01T00:00:00Z',
  ...extra,
});
/** A user's current connections as "n source" strings (n: the person number), sorted. */
const links = (graph: GraphStore, n: number) =>
  [...graph.firstDegree(P(n))].flatMap(([id, sources]) => [...sources].map((s) => `${Number.parseInt(id.slice(-4), 16)} ${s}`)).sort();
/** Every stored row (both directions, removed ones too) as "a b source connected_at removed_at". */
const rows = (app: TestApp) =>
  (
    app.services.db
      .prepare(
        `SELECT pa.id AS a, pb.id AS b, l.source, l.connected_at, l.removed_at FROM graph_links l
           JOIN graph_people pa ON pa.pid = l.a JOIN graph_people pb ON pb.pid = l.b ORDER BY pa.id, pb.id, l.source`,
      )
      .all() as { a: string; b: string; source: number; connected_at: number; removed_at: number | null }[]
  ).map((r) => `${Number.parseInt(r.a.slice(-4), 16)} ${Number.parseInt(r.b.slice(-4), 16)} ${r.source} ${r.connected_at} ${r.removed_at}`);

/** The graph as a connection sink whose `n`th merge fails, as a crash there would. */
const crashingAtMerge = (graph: GraphStore, n: number): ConnectionSink => {
  let merges = 0;
  return {
    beginLoad(): ConnectionLoad {
      const inner = graph.beginLoad();
      return {
        get staged() {
          return inner.staged;
        },
        stage: (edges, syncedAt) => inner.stage(edges, syncedAt),
        merge: (report) => {
          if (++merges === n) throw new Error('simulated crash in a merge');
          return inner.merge(report);
        },
        close: () => inner.close(),
      };
    },
  };
};

const index = (
  app: TestApp,
  files: string[],
  graph: ConnectionSink,
  extra: { resume?: boolean; mergeEvery?: number; workers?: number } = {},
) =>
  runIndex({
    files,
    swap: false,
    resume: extra.resume ?? false,
    batchSize: 1,
    rejectsFile: path.join(app.dataDir, 'rejects.jsonl'),
    checkpointDir: path.join(app.dataDir, 'checkpoints'),
    engine: app.services.engine,
    graph,
    changes: app.services.signals.changes,
    progress: silentProgress,
    connectionMergeRecords: extra.mergeEvery,
    workers: extra.workers,
  });

test('staged edges are invisible until merged; a merge writes both directions, the later record on a key wins, and both ends are stamped', async () => {
  const app = await startTestApp();
  try {
    const graph = app.services.graph;
    const syncedAt = app.clock.now();
    const load = graph.beginLoad();
    assert.throws(() => graph.beginLoad(), /already open/);
    load.stage(columnsOf([edge(1, 2, 'service'), edge(1, 3, 'professional')]), syncedAt);
    assert.is(load.staged, 2);
    assert.equal(links(graph, 1), [], 'nothing is visible before the merge');
    assert.is(graph.syncStatus(P(3)).professional.status, 'not_synced', 'nobody is stamped before the merge');
    const version = graph.version();
    // 1-2 removed later in the snapshot; 3-1 (the other direction of 1-3) reconnected later.
    load.stage(
      columnsOf([edge(1, 2, 'service', at('2025-06-01'), at('2025-09-01')), edge(3, 1, 'professional', at('2025-08-01'))]),
      syncedAt,
    );
    assert.is(load.merge(), 4);
    assert.is(load.staged, 0);
    assert.is(graph.version(), version + 1);
    assert.equal(links(graph, 1), ['3 professional']);
    assert.equal(links(graph, 3), ['1 professional']);
    assert.equal(links(graph, 2), []);
    assert.equal(rows(app), [
      `1 2 1 ${at('2025-06-01')} ${at('2025-09-01')}`,
      `1 3 2 ${at('2025-08-01')} null`,
      `2 1 1 ${at('2025-06-01')} ${at('2025-09-01')}`,
      `3 1 2 ${at('2025-08-01')} null`,
    ]);
    for (const n of [1, 3]) assert.equal(graph.syncStatus(P(n)).professional, { status: 'synced', syncedAt, detail: null });
    assert.equal(graph.syncStatus(P(2)).service, { status: 'synced', syncedAt, detail: null });
    assert.is(graph.syncStatus(P(2)).professional.status, 'not_synced', '2 appears in service edges only');
    // What is staged and never merged is dropped with the load; the next load starts empty.
    load.stage(columnsOf([edge(4, 5, 'service')]), syncedAt);
    load.close();
    assert.throws(() => load.stage(columnsOf([edge(4, 5, 'service')])), /closed/);
    const next = graph.beginLoad();
    assert.is(next.merge(), 0);
    next.close();
    assert.equal(links(graph, 4), []);
    assert.is(graph.edgeRows(), 4);
    // Direct writes (an accepted invite) are visible at once and use the same numbers.
    graph.upsertEdges([edge(2, 3, 'service')]);
    assert.equal(links(graph, 2), ['3 service']);
    assert.equal(graph.mutualConnections(P(2), P(1), 10), [P(3)]);
    assert.equal(graph.secondDegree(P(2)), [{ id: P(1), mutual: 1 }]);
    assert.equal(
      [...graph.checkFirstDegree(P(3), [P(1), P(2), P(4)], ['professional'])].map(([id]) => id),
      [P(1)],
    );
    assert.equal(graph.byDegree()[0], { id: P(3), n: 2 });
  } finally {
    await app.close();
  }
});

test('a load merges every N records and at the end of the file; new connections after the first load reach the change set once', async () => {
  const app = await startTestApp();
  try {
    const graph = app.services.graph;
    const first = writeSnapshot(app.dataDir, 'connections.jsonl', [record(1, 2), record(1, 3), record(2, 3)]);
    const version = graph.version();
    const baseline = await index(app, [first], graph);
    assert.is(baseline.signalChanges, 0, 'a first connections load is a baseline');
    assert.is(graph.version(), version + 1, 'one merge, at the end of the file');
    // 46 lines in batches of 20 (batch size 1, 20 lines a batch), merged every 30 records: after 40 lines, then at 46.
    const lines: (object | string)[] = [
      record(2, 1), // already connected: not news
      record(4, 5),
      '{"user_a": "not a person"', // refused, with its line
      record(5, 4, { source: 'service' }), // the same pair again (another source): reported once
      record(6, 7),
      record(6, 7, { removed_at: '2025-07-01T00:00:00Z' }), // added, then removed in the same file: current when first seen
      record(8, 9, { removed_at: '2025-07-01T00:00:00Z' }), // only ever removed: not news
    ];
    for (let i = 0; i < 39; i++) lines.push(record(10 + i, 60 + i));
    const second = writeSnapshot(app.dataDir, 'connections-2.jsonl', lines);
    const before = graph.version();
    const summary = await index(app, [second], graph, { mergeEvery: 30 });
    assert.is(summary.read, 46);
    assert.is(summary.rejected, 1);
    const rejected = fs
      .readFileSync(path.join(app.dataDir, 'rejects.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(
      rejected.map((r) => [r.line, r.kind, r.record]),
      [[3, 'connections', '{"user_a": "not a person"']],
    );
    assert.is(graph.version(), before + 2, 'merged after 40 records and at the end');
    assert.equal(links(graph, 4), ['5 professional', '5 service']);
    assert.equal(links(graph, 6), []);
    assert.equal(links(graph, 48), ['98 professional']);
    const changes = app.services.db
      .prepare(
        `SELECT person_id, target_id, data_json FROM snapshot_changes WHERE change_type = 'new_connection'
           AND run_id = (SELECT max(run_id) FROM snapshot_runs) ORDER BY change_id`,
      )
      .all() as { person_id: string; target_id: string; data_json: string }[];
    const pairs = changes.map((c) => `${Number.parseInt(c.person_id.slice(-4), 16)}>${Number.parseInt(c.target_id.slice(-4), 16)}`);
    // Merges report in snapshot order within each merge; the first 40 records merge first.
    const expected = ['4>5', '5>4', '6>7', '7>6'];
    for (let i = 0; i < 39; i++) expected.push(`${10 + i}>${60 + i}`, `${60 + i}>${10 + i}`);
    assert.equal(pairs, expected);
    assert.equal(JSON.parse(changes[0]!.data_json), { source: 'professional', connected_at: '2025-06-01T00:00:00.000Z' });
    assert.is(summary.signalChanges, expected.length);
  } finally {
    await app.close();
  }
});

test('a load that fails before a merge is resumed from the last merge, with nothing lost or counted twice', async () => {
  const app = await startTestApp();
  try {
    const graph = app.services.graph;
    // Three bad lines (numbered from 1): 11 before the first merge, 51 and 96 after it.
    const bad = new Set([10, 50, 95]);
    const lines = Array.from({ length: 100 }, (_, i) => (bad.has(i) ? '{"user_a": ' : record(1000 + i, 2000 + i)));
    const file = writeSnapshot(app.dataDir, 'connections.jsonl', lines);
    const rejectsFile = path.join(app.dataDir, 'rejects.jsonl');
    // The second merge fails (a crash there): the first one's 40 records are committed, the rest is lost with the process.
    const failing = crashingAtMerge(graph, 2);
    try {
      // Read by this thread here, by the reader worker on resume: both number lines alike.
      await index(app, [file], failing, { mergeEvery: 30, workers: 0 });
      assert.unreachable('the load fails');
    } catch (e) {
      assert.match((e as Error).message, /simulated crash/);
    }
    assert.is(graph.edgeRows(), 78, 'the first merge (39 good records) is in');
    const rejectedLines = () =>
      fs
        .readFileSync(rejectsFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { line: number }).line);
    assert.ok(rejectedLines().includes(51), 'the failed run refused a line after the first merge');
    // A kill cut the file in the middle of an entry: that line goes, and its record is refused again, whole.
    fs.appendFileSync(rejectsFile, '{"file":"cut');
    const resumed = await index(app, [file], graph, { resume: true, mergeEvery: 30 });
    assert.ok(resumed.resumed);
    assert.is(resumed.read, 100, 'the checkpoint counts the 40 merged records, the rest is read again');
    assert.is(graph.edgeRows(), 194);
    for (const i of [0, 39, 40, 99]) assert.equal(links(graph, 1000 + i), [`${2000 + i} professional`]);
    assert.equal(
      rejectedLines().sort((a, b) => a - b),
      [11, 51, 96],
      'each bad line once, though lines after the merge were read twice',
    );
  } finally {
    await app.close();
  }
});

test('a load killed before its first merge resumes as the same run: its rejects are not written twice', async () => {
  const app = await startTestApp();
  try {
    const graph = app.services.graph;
    const bad = new Set([5, 30]);
    const lines = Array.from({ length: 40 }, (_, i) => (bad.has(i) ? '{"user_a": ' : record(3000 + i, 4000 + i)));
    const file = writeSnapshot(app.dataDir, 'connections.jsonl', lines);
    const rejectsFile = path.join(app.dataDir, 'rejects.jsonl');
    // The only merge (at the end of the file) fails: nothing was ever committed.
    const failing = crashingAtMerge(graph, 1);
    try {
      await index(app, [file], failing, { workers: 0 });
      assert.unreachable('the load fails');
    } catch (e) {
      assert.match((e as Error).message, /simulated crash/);
    }
    assert.is(graph.edgeRows(), 0);
    const resumed = await index(app, [file], graph, { resume: true });
    assert.ok(resumed.resumed, 'the run was on record before its first commit');
    assert.is(graph.edgeRows(), 76);
    const entries = fs
      .readFileSync(rejectsFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; run: string });
    assert.equal(
      entries.map((e) => e.line).sort((a, b) => a - b),
      [6, 31],
      'each bad line once',
    );
    assert.is(new Set(entries.map((e) => e.run)).size, 1, 'under one run');
  } finally {
    await app.close();
  }
});

/**
 * Another connection to the store (a server) that takes the write lock, writes a row into
 * `server_writes` and commits 300 ms later: resolved once it holds the lock.
 */
async function writerHoldingTheLock(file: string): Promise<Worker> {
  const writer = new Worker(
    `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
     const { parentPort, workerData } = require('node:worker_threads');
     const db = new Database(workerData);
     db.exec('BEGIN IMMEDIATE');
     db.prepare('INSERT INTO server_writes (x) VALUES (1)').run();
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: file },
  );
  await new Promise((resolve) => writer.once('message', resolve));
  return writer;
}

test('a merge waits for a server that writes the store meanwhile, never failing on a stale snapshot', async () => {
  const app = await startTestApp();
  try {
    const graph = app.services.graph;
    app.services.db.exec('CREATE TABLE server_writes (x INTEGER)');
    const load = graph.beginLoad();
    load.stage(columnsOf([edge(1, 2, 'service')]), app.clock.now());
    // Another connection (the server) holds the write lock, and commits 300 ms later.
    const writer = await writerHoldingTheLock(app.services.db.name);
    // The merge reads (new connections for the change set) before it writes.
    const reported: unknown[] = [];
    assert.is(
      load.merge((edges) => reported.push(...edges)),
      1,
    );
    assert.equal(links(graph, 1), ['2 service']);
    assert.is(app.services.db.prepare('SELECT count(*) FROM server_writes').pluck().get(), 1);
    load.close();
    await writer.terminate();
  } finally {
    await app.close();
  }
});

test('signals: a merge of more new connections than one report chunk records them all, beside a server writing the store', async () => {
  const app = await startTestApp();
  try {
    const { db, graph } = app.services;
    const changes = new SnapshotChangeStore(db);
    // A first connections load (the baseline), so the next one records its new edges.
    const first = changes.beginRun('conn-1', ['connections.jsonl']);
    const base = graph.beginLoad();
    base.stage(columnsOf([edge(1, 2, 'service')]), app.clock.now());
    changes.recordEdges(first, (report) => base.merge(report));
    base.close();
    changes.finishRun(first);
    // 12,000 new edges: more than the 10,000 a report chunk holds.
    const run = changes.beginRun('conn-2', ['connections.jsonl']);
    const load = graph.beginLoad();
    load.stage(columnsOf(Array.from({ length: 12_000 }, (_, i) => edge(1000 + i, 30_000 + i, 'service'))), app.clock.now());
    db.exec('CREATE TABLE server_writes (x INTEGER)');
    const writer = await writerHoldingTheLock(db.name);
    changes.recordEdges(run, (report) => load.merge(report));
    load.close();
    await writer.terminate();
    const recorded = db
      .prepare(`SELECT count(*) FROM snapshot_changes WHERE run_id = ? AND change_type = 'new_connection'`)
      .pluck()
      .get(run);
    assert.is(recorded, 24_000, 'both directions of every new edge');
  } finally {
    await app.close();
  }
});

test.run();
