import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PEOPLE_SEARCH_LIMITS, POST_SEARCH_LIMITS } from '../../query-planner/limits.js';
import { indexSnapshots, post, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp } from '../helpers/test-app.js';

interface Receipt {
  path: string;
  action: string;
  message: string;
}

test('post search takes queries as long as every other search, truncating beyond with a receipt', async () => {
  assert.is(POST_SEARCH_LIMITS.queryChars, PEOPLE_SEARCH_LIMITS.queryChars);
  assert.is(POST_SEARCH_LIMITS.queryChars, 10_000);
  const app = await startTestApp();
  try {
    await indexSnapshots(app, [
      writeSnapshot(app.dataDir, 'profiles.jsonl', [profile(1, { display_name: 'Ann Able' })]),
      writeSnapshot(app.dataDir, 'posts.jsonl', [post(1, tid(0xa0, 1), { text: 'search relevance' })]),
    ]);
    const { apiKey } = app.account();
    const words = (chars: number) => 'search '.repeat(Math.ceil(chars / 7)).slice(0, chars);

    const long = await app.call('POST', '/api/v1/search/posts/preview', { key: apiKey, body: { query: words(5_000) } });
    assert.is(long.status, 200, long.text);
    assert.not.ok(
      (long.body.receipts as Receipt[]).some((r) => r.path === '/query'),
      'a 5,000-character query is not cut',
    );

    const tooLong = await app.call('POST', '/api/v1/search/posts/preview', { key: apiKey, body: { query: words(12_000) } });
    assert.is(tooLong.status, 200, tooLong.text);
    const receipt = (tooLong.body.receipts as Receipt[]).find((r) => r.path === '/query');
    assert.ok(receipt, 'a query over 10,000 characters is truncated with a receipt');
    assert.match(receipt!.message, /10,?000/);
  } finally {
    await app.close();
  }
});

test.run();
