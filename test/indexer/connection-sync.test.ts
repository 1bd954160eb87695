/**
 * Connection sync times (issue 12 §2.12): the indexer stamps each user's source synced from the
 * connection snapshot it loads, a stamp older than the freshness window reads as stale, and
 * migration 9 stamps edges stored before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { silentProgress } from '../../indexer/progress.js';
import { runIndex } from '../../indexer/run-index.js';
import { ConfigError, loadConfig } from '../../server/config.js';
import { migrate, openStore } from '../../server/store/database.js';
import { GraphStore } from '../../server/store/graph.js';
import { MIGRATIONS } from '../../server/store/migrations/index.js';
import { tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const P = (n: number) => tid(0xa0, n);
const DAY = 86_400_000;
const edge = (a: number, b: number, source: 'service' | 'professional') => ({
  user_a: P(a),
  user_b: P(b),
  source,
  connected_at: '2025-06-01T00:00:00Z',
  removed_at: null,
});

const load = (app: TestApp, files: string[], clock: () => number) =>
  runIndex({
    files,
    swap: false,
    resume: false,
    batchSize: 2,
    rejectsFile: path.join(app.dataDir, 'rejects.jsonl'),
    checkpointDir: path.join(app.dataDir, 'checkpoints'),
    engine: app.services.engine,
    graph: app.services.graph,
    progress: silentProgress,
    clock,
  });

test('loading a connection snapshot stamps both ends of its edges synced for that source, at the load time', async () => {
  const app = await startTestApp();
  try {
    const loadedAt = app.clock.now();
    const file = writeSnapshot(app.dataDir, 'connections.jsonl', [
      edge(1, 2, 'service'),
      edge(1, 3, 'professional'),
      { ...edge(4, 1, 'professional'), removed_at: '2025-07-01T00:00:00Z' },
    ]);
    assert.is((await load(app, [file], app.clock.now)).rejected, 0);
    const graph = app.services.graph;
    assert.equal(graph.syncStatus(P(1)), {
      service: { status: 'synced', syncedAt: loadedAt, detail: null },
      professional: { status: 'synced', syncedAt: loadedAt, detail: null },
    });
    // 2 appears only in the service snapshot data; 3 and 4 (a removed edge still says where 4 stands) only in the professional.
    assert.equal(graph.syncStatus(P(2)).service, { status: 'synced', syncedAt: loadedAt, detail: null });
    assert.equal(graph.syncStatus(P(2)).professional, { status: 'not_synced', syncedAt: null, detail: null });
    assert.equal(graph.syncStatus(P(4)).professional, { status: 'synced', syncedAt: loadedAt, detail: null });
    // Someone no snapshot covered: the service graph is ours (no edges, no connections), the professional one unknown.
    assert.equal(graph.syncStatus(P(9)), {
      service: { status: 'synced', syncedAt: null, detail: null },
      professional: { status: 'not_synced', syncedAt: null, detail: null },
    });

    // Past the freshness window (30 days by default) the data reads as stale, for that user and source.
    app.clock.advance(30 * DAY);
    assert.is(graph.syncStatus(P(1)).professional.status, 'synced', 'exactly 30 days old is still fresh');
    app.clock.advance(DAY);
    const stale = graph.syncStatus(P(1));
    assert.is(stale.professional.status, 'stale');
    assert.is(stale.professional.syncedAt, loadedAt);
    assert.match(stale.professional.detail ?? '', /31 days ago.*30-day freshness window/);
    assert.is(stale.service.status, 'stale');
    assert.is(graph.syncStatus(P(9)).service.status, 'synced', 'a default state has no age');

    // A newer snapshot of one source refreshes that source only; an older load never moves a stamp back.
    const refreshedAt = app.clock.now();
    await load(app, [writeSnapshot(app.dataDir, 'connections-2.jsonl', [edge(1, 3, 'professional')])], app.clock.now);
    assert.equal(graph.syncStatus(P(1)).professional, { status: 'synced', syncedAt: refreshedAt, detail: null });
    assert.is(graph.syncStatus(P(1)).service.status, 'stale');
    await load(app, [writeSnapshot(app.dataDir, 'connections-3.jsonl', [edge(1, 3, 'professional')])], () => loadedAt);
    assert.is(graph.syncStatus(P(1)).professional.syncedAt, refreshedAt);

    // A failed sync recorded later wins until a snapshot brings the data again.
    graph.setSyncStatus(P(3), 'professional', { status: 'failed', syncedAt: null, detail: 'token expired' });
    assert.is(graph.syncStatus(P(3)).professional.status, 'failed');
    await load(app, [writeSnapshot(app.dataDir, 'connections-4.jsonl', [edge(1, 3, 'professional')])], app.clock.now);
    assert.is(graph.syncStatus(P(3)).professional.status, 'synced');
  } finally {
    await app.close();
  }
});

test('the freshness window is configurable (CONNECTION_FRESHNESS_DAYS) and validated', async () => {
  const app = await startTestApp({ env: { CONNECTION_FRESHNESS_DAYS: '7' } });
  try {
    await load(app, [writeSnapshot(app.dataDir, 'connections.jsonl', [edge(1, 2, 'professional')])], app.clock.now);
    app.clock.advance(7 * DAY);
    assert.is(app.services.graph.syncStatus(P(1)).professional.status, 'synced');
    app.clock.advance(1);
    assert.is(app.services.graph.syncStatus(P(1)).professional.status, 'stale');
  } finally {
    await app.close();
  }
  assert.is(loadConfig({}).connectionFreshnessDays, 30);
  assert.is(loadConfig({ CONNECTION_FRESHNESS_DAYS: '90' }).connectionFreshnessDays, 90);
  for (const bad of ['0', '-3', '1.5', 'thirty', '3651'])
    assert.throws(
      () => loadConfig({ CONNECTION_FRESHNESS_DAYS: bad }),
      (e: unknown) => e instanceof ConfigError && e.problems.some((p) => p.startsWith('CONNECTION_FRESHNESS_DAYS')),
      bad,
    );
});

test('version 9 stamps the edges stored before it synced at the upgrade, leaving recorded statuses alone; version 17 moves them to integer keys', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-sync-migration-'));
  try {
    const db = openStore(
      dir,
      MIGRATIONS.filter((m) => m.version <= 8),
    );
    // Edges as that version stored them: uuid strings, both directions.
    const edge = db.prepare('INSERT INTO graph_edges (user_id, other_id, source, connected_at, removed_at) VALUES (?, ?, ?, ?, ?)');
    for (const [a, b, source, removedAt] of [
      [P(1), P(2), 'professional', null],
      [P(1), P(3), 'service', null],
      [P(2), P(4), 'service', 7],
    ] as const) {
      edge.run(a, b, source, 1, removedAt);
      edge.run(b, a, source, 1, removedAt);
    }
    db.prepare(
      `INSERT INTO connection_sync (user_id, source, status, synced_at, detail) VALUES (?, 'service', 'failed', NULL, 'kept')`,
    ).run(P(3));
    const before = Date.now();
    migrate(db, MIGRATIONS);
    const after = Date.now();
    const rows = db.prepare('SELECT user_id, source, status, synced_at, detail FROM connection_sync ORDER BY user_id, source').all() as {
      user_id: string;
      source: string;
      status: string;
      synced_at: number | null;
      detail: string | null;
    }[];
    assert.equal(
      rows.map((r) => `${r.user_id.slice(-1)} ${r.source} ${r.status}`),
      ['1 professional synced', '1 service synced', '2 professional synced', '2 service synced', '3 service failed', '4 service synced'],
    );
    for (const r of rows.filter((x) => x.status === 'synced')) assert.ok(r.synced_at! >= before - 1000 && r.synced_at! <= after + 1000);
    assert.is(rows.find((r) => r.status === 'failed')!.detail, 'kept');
    const clockIn = (days: number) => new GraphStore(db, { clock: () => after + days * DAY, freshnessDays: 30 });
    assert.is(clockIn(29).syncStatus(P(2)).professional.status, 'synced');
    assert.is(clockIn(31).syncStatus(P(2)).professional.status, 'stale');
    // Version 17 numbered the people and moved every edge, removed ones included, to the integer graph.
    const graph = new GraphStore(db);
    assert.equal([...graph.firstDegree(P(1))].map(([id, s]) => `${id.slice(-1)} ${[...s]}`).sort(), ['2 professional', '3 service']);
    assert.equal(
      [...graph.firstDegree(P(2))].map(([id]) => id.slice(-1)),
      ['1'],
    );
    assert.is(graph.edgeRows(), 6);
    assert.equal(graph.secondDegree(P(3)), [{ id: P(2), mutual: 1 }]);
    assert.is(db.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'graph_edges'`).pluck().get(), 0);
    assert.equal(db.prepare('SELECT id FROM graph_people ORDER BY pid').pluck().all(), [P(1), P(2), P(3), P(4)].sort());
    db.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
