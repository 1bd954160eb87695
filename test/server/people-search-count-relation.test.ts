import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GraphStore } from '../../server/store/graph.js';
import { indexSnapshots, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const P = (n: number) => tid(0xa0, n);
const ME = 100;

const edge = (b: number, source: 'service' | 'professional') => ({
  user_a: P(ME),
  user_b: P(b),
  source,
  connected_at: '2025-06-01T00:00:00Z',
  removed_at: null,
});

/**
 * Requester ME: 1 and 2 are service connections, 3 a professional-only one, 4 both; 5 is not
 * connected. 1, 2 and 5 are software engineers, 3 and 4 data analysts.
 */
async function withCorpus(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  const app = await startTestApp();
  try {
    const title = (n: number) => (n === 3 || n === 4 ? 'Data Analyst' : 'Software Engineer');
    const profiles = [profile(ME, { current_title: 'Founder' }), ...[1, 2, 3, 4, 5].map((n) => profile(n, { current_title: title(n) }))];
    const connections = [edge(1, 'service'), edge(2, 'service'), edge(3, 'professional'), edge(4, 'service'), edge(4, 'professional')];
    const files = [writeSnapshot(app.dataDir, 'profiles.jsonl', profiles), writeSnapshot(app.dataDir, 'connections.jsonl', connections)];
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const { apiKey } = app.account({ personId: P(ME), name: 'Founder' });
    await fn(app, apiKey);
  } finally {
    await app.close();
  }
}

const countBody = { filters: { connection_degrees: ['1st'] }, network_filter_mode: 'filter', count_only: true };

type Warning = { code: string; sources?: string[] };

for (const path of ['/api/v1/search/people', '/api/v1/search/people/preview']) {
  test(`count mode (${path}): exact only when every source was checked and nothing withheld`, () =>
    withCorpus(async (app, key) => {
      const all = await app.call('POST', path, { key, body: countBody });
      assert.is(all.status, 200, all.text);
      assert.equal(all.body.count, { value: 4, basis: 'verified_first_degree_candidates', relation: 'exact', examined_candidates: 4 });
      assert.equal(all.body.warnings, []);

      // The professional network cannot be checked: Carol (3) is withheld, so 3 is only a lower bound.
      new GraphStore(app.services.db).setSyncStatus(P(ME), 'professional', { status: 'failed', syncedAt: null, detail: 'token expired' });
      const partial = await app.call('POST', path, { key, body: countBody });
      assert.is(partial.status, 200, partial.text);
      const warning = (partial.body.warnings as Warning[]).find((w) => w.code === 'first_degree_count_not_fully_verified');
      assert.equal(warning?.sources, ['professional']);
      assert.equal(partial.body.count, {
        value: 3,
        basis: 'verified_first_degree_candidates',
        relation: 'lower_bound',
        examined_candidates: 4,
      });
    }));
}

test('count mode: an unchecked source makes the count a lower bound even when nothing it holds was withheld', () =>
  withCorpus(async (app, key) => {
    // Only engineers 1, 2 and 5 match; none of them is a professional-only connection we know of,
    // but the professional network is still syncing, so a connection it has not brought yet may be missing.
    const graph = new GraphStore(app.services.db);
    graph.setSyncStatus(P(ME), 'professional', { status: 'syncing', syncedAt: null, detail: null });
    const res = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { ...countBody, filters: { ...countBody.filters, job_titles: { include: ['Software Engineer'] } } },
    });
    assert.is(res.status, 200, res.text);
    const count = res.body.count as Record<string, unknown>;
    assert.is(count.value, 2);
    assert.is(count.relation, 'lower_bound');
    assert.ok((res.body.warnings as Warning[]).some((w) => w.code === 'first_degree_count_not_fully_verified'));
  }));

test.run();
