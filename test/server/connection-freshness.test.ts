/**
 * Issue 12 §2.12 end to end: connections indexed for a requester make first-degree counts
 * verified; once the snapshot is older than the freshness window the same search says
 * `first_degree_count_not_fully_verified` and `lower_bound`, until a newer snapshot is loaded.
 */
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { silentProgress } from '../../indexer/progress.js';
import { runIndex } from '../../indexer/run-index.js';
import { profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const P = (n: number) => tid(0xa0, n);
const ME = 100;
const DAY = 86_400_000;
const edge = (b: number, source: 'service' | 'professional') => ({
  user_a: P(ME),
  user_b: P(b),
  source,
  connected_at: '2025-06-01T00:00:00Z',
  removed_at: null,
});

/** The indexer as `proxima index` runs it, on the app's store and clock. */
const index = (app: TestApp, files: string[]) =>
  runIndex({
    files,
    swap: false,
    resume: false,
    batchSize: 100,
    rejectsFile: path.join(app.dataDir, 'rejects.jsonl'),
    checkpointDir: path.join(app.dataDir, 'indexer'),
    engine: app.services.engine,
    graph: app.services.graph,
    progress: silentProgress,
    clock: app.services.clock,
  });

const countBody = { filters: { connection_degrees: ['1st'] }, network_filter_mode: 'filter', count_only: true };
type Warning = { code: string; sources?: string[] };

test('a connection snapshot older than CONNECTION_FRESHNESS_DAYS makes the first-degree count a lower bound', async () => {
  const app = await startTestApp({ env: { CONNECTION_FRESHNESS_DAYS: '14' } });
  try {
    const profiles = [profile(ME, { current_title: 'Founder' }), ...[1, 2, 3, 4, 5].map((n) => profile(n))];
    const connections = [edge(1, 'service'), edge(2, 'service'), edge(3, 'professional'), edge(4, 'service'), edge(4, 'professional')];
    const files = [writeSnapshot(app.dataDir, 'profiles.jsonl', profiles), writeSnapshot(app.dataDir, 'connections.jsonl', connections)];
    assert.is((await index(app, files)).rejected, 0);
    const { apiKey: key } = app.account({ personId: P(ME), name: 'Founder' });

    for (const route of ['/api/v1/search/people', '/api/v1/search/people/preview']) {
      const fresh = await app.call('POST', route, { key, body: countBody });
      assert.is(fresh.status, 200, fresh.text);
      assert.equal(fresh.body.count, { value: 4, basis: 'verified_first_degree_candidates', relation: 'exact', examined_candidates: 4 });
      assert.equal(fresh.body.warnings, []);
    }

    // Two weeks later the snapshot is still within the window; a day more and it is not.
    app.clock.advance(14 * DAY);
    const edgeOfWindow = await app.call('POST', '/api/v1/search/people/preview', { key, body: countBody });
    assert.is((edgeOfWindow.body.count as { relation: string }).relation, 'exact', edgeOfWindow.text);
    app.clock.advance(DAY);
    for (const route of ['/api/v1/search/people', '/api/v1/search/people/preview']) {
      const stale = await app.call('POST', route, { key, body: countBody });
      assert.is(stale.status, 200, stale.text);
      const warning = (stale.body.warnings as Warning[]).find((w) => w.code === 'first_degree_count_not_fully_verified');
      assert.ok(warning, stale.text);
      assert.equal([...(warning.sources ?? [])].sort(), ['professional', 'service']);
      const count = stale.body.count as { relation: string; value: number };
      assert.is(count.relation, 'lower_bound', stale.text);
      assert.ok(count.value < 4, 'nothing unchecked is counted as verified');
    }

    // A newer snapshot of the requester's connections makes the count verified again.
    await index(app, [writeSnapshot(app.dataDir, 'connections-later.jsonl', connections)]);
    const again = await app.call('POST', '/api/v1/search/people/preview', { key, body: countBody });
    assert.equal(again.body.count, { value: 4, basis: 'verified_first_degree_candidates', relation: 'exact', examined_candidates: 4 });
    assert.equal(again.body.warnings, []);
  } finally {
    await app.close();
  }
});

test.run();
