/**
 * A company search's `search_id` is usable as a company filter for SEARCH_ACTIVITY_TTL_MS (30
 * days), like stored people-search pages; then it is unknown (404) and the row is purged.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { purgeExpiredSearches, SEARCH_ACTIVITY_TTL_MS } from '../../server/store/retention.js';
import { company, indexSnapshots, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp } from '../helpers/test-app.js';

test('a company search_id expires after 30 days: 404 search_not_found, and the row is purged', async () => {
  const app = await startTestApp();
  try {
    const files = [
      writeSnapshot(
        app.dataDir,
        'companies.jsonl',
        [1, 2, 3].map((n) => company(n)),
      ),
    ];
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const { apiKey: key } = app.account();
    const search = await app.call('POST', '/api/v1/companies/search/preview', { key, body: { query: 'companies' } });
    assert.is(search.status, 200, search.text);
    const searchId = search.body.search_id as string;
    const jobs = (k: string) =>
      app.call('POST', '/api/v1/search/jobs/preview', { key: k, body: { filters: { companies: [{ where: { search_id: searchId } }] } } });

    assert.is((await jobs(key)).status, 200, 'usable at once');
    app.clock.advance(SEARCH_ACTIVITY_TTL_MS - 60_000);
    assert.is((await jobs(key)).status, 200, 'usable until the last day');
    app.clock.advance(120_000);
    const expired = await jobs(key);
    assert.is(expired.status, 404, expired.text);
    assert.is(expired.body.error, 'search_not_found');

    const counts = purgeExpiredSearches(app.services.db, app.clock.now());
    // The company search and the job search made at the same moment; the later job searches stay.
    assert.is(counts.activities, 2);
    const left = app.services.db.prepare('SELECT count(*) AS n FROM search_activities WHERE activity_id = ?').get(searchId) as {
      n: number;
    };
    assert.is(left.n, 0);
  } finally {
    await app.close();
  }
});

test.run();
