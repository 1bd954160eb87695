import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { company, indexSnapshots, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** A tiny corpus: a blank query or an empty connected_to must not answer from it. */
async function withApp(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  const app = await startTestApp();
  try {
    const files = [
      writeSnapshot(app.dataDir, 'companies.jsonl', [company(1)]),
      writeSnapshot(app.dataDir, 'profiles.jsonl', [
        profile(1, { display_name: 'Ann Able', current_title: 'Software Engineer' }),
        profile(2, { display_name: 'Ben Bold', current_title: 'Product Manager' }),
      ]),
      writeSnapshot(app.dataDir, 'connections.jsonl', []),
    ];
    await indexSnapshots(app, files);
    const { apiKey } = app.account();
    await fn(app, apiKey);
  } finally {
    await app.close();
  }
}

const usedCredits = async (app: TestApp, key: string) =>
  (await app.call('GET', '/api/v1/credits/status', { key })).headers.get('x-service-credits-used');

test('v2 query: a blank or whitespace-only query is a 400 and costs nothing', async () => {
  await withApp(async (app, key) => {
    for (const query of ['', '   ', '\n\t ', '\u200B\u200B', ' \uFEFF ']) {
      const res = await app.call('POST', '/api/v2/search/people/query', { key, body: { query } });
      assert.is(res.status, 400, `${JSON.stringify(query)}: ${res.text}`);
      assert.is(res.body.error, 'validation_failed');
      assert.match(res.text, '/query');
    }
    assert.is(await usedCredits(app, key), '0');
    // A real query still runs.
    assert.is((await app.call('POST', '/api/v2/search/people/query', { key, body: { query: 'engineer' } })).status, 200);
  });
});

test('network_filter_mode "connected_to" without a connected_to list is a 400 pointing at it', async () => {
  await withApp(async (app, key) => {
    const cases: [string, Record<string, unknown>][] = [
      ['/api/v1/search/people', { description: 'engineer', network_filter_mode: 'connected_to' }],
      ['/api/v1/search/people', { filters: { connected_to: [] }, network_filter_mode: 'connected_to' }],
      ['/api/v2/search/people/query', { query: 'engineer', network_filter_mode: 'connected_to' }],
    ];
    for (const [path, body] of cases) {
      const res = await app.call('POST', path, { key, body });
      assert.is(res.status, 400, `${path} ${JSON.stringify(body)}: ${res.text}`);
      assert.is(res.body.error, 'validation_failed');
      // v2 takes no filters: its error points at the mode and says where the list can go.
      assert.match(res.text, path.includes('/v2/') ? '/network_filter_mode' : '/filters/connected_to');
      assert.match(res.text, 'connected_to');
    }
    assert.is(await usedCredits(app, key), '0');
    // With a list, the mode runs.
    const ok = await app.call('POST', '/api/v1/search/people', {
      key,
      body: { filters: { connected_to: [tid(0xa0, 1)] }, network_filter_mode: 'connected_to' },
    });
    assert.is(ok.status, 200, ok.text);
  });
});

test('empty strings in filter lists are dropped with a receipt, as blank ones are: the list then filters nothing', () =>
  withApp(async (app, key) => {
    const all = await app.call('POST', '/api/v1/search/people/preview', { key, body: { filters: {}, network_filter_mode: 'ignore' } });
    const total = (all.body.pagination as { total: number }).total;
    assert.is(total, 2, all.text);
    for (const filters of [
      { skills: { include: [''] } },
      { job_titles: { include: ['', ' '] } },
      { keywords: [''] },
      { locations: { include: [''], exclude: [''] } },
    ]) {
      const res = await app.call('POST', '/api/v1/search/people/preview', { key, body: { filters, network_filter_mode: 'ignore' } });
      assert.is(res.status, 200, res.text);
      assert.is((res.body.pagination as { total: number }).total, total, JSON.stringify(filters));
      const receipts = (res.body.search_metadata as { receipts: { action: string; message: string }[] }).receipts;
      assert.ok(
        receipts.some((r) => r.action === 'ignored' && /empty/.test(r.message)),
        JSON.stringify(receipts),
      );
    }
    // Jobs, companies and posts read their lists the same way.
    for (const [route, body] of [
      ['/api/v1/search/jobs/preview', { filters: { hiring: { titles: { include: [''] } }, keywords: [''] } }],
      ['/api/v1/companies/search/preview', { filters: { industries: { include: [''] } } }],
      ['/api/v1/search/posts/preview', { filters: { posts: { topics: [''], mentions: [''] } } }],
    ] as const) {
      const res = await app.call('POST', route, { key, body });
      assert.is(res.status, 200, `${route}: ${res.text}`);
    }
  }));

test.run();
