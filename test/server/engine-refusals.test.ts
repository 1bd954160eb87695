/** A search the engine refuses as too large is a 400 with a documented code, never a 500, and costs nothing. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defineRoute } from '../../server/http/route.js';
import { buildSlowIndex } from '../helpers/slow-index.js';
import { startTestApp } from '../helpers/test-app.js';

const tooLarge = defineRoute({
  method: 'POST',
  path: '/test/too-large',
  summary: 'a search beyond the engine limits',
  tag: 'test',
  auth: { anyOf: ['search'] },
  billing: { operation: 'people_search_preview' },
  response: { type: 'object' },
  async handler({ services }) {
    const values = Array.from({ length: 65_537 }, (_, i) => `v${i}`);
    await services.engine.search('slow', { query: { terms: { 'skills.keyword': values } } });
    return { success: true };
  },
});

test('an engine refusal is 400 query_too_complex and uncharged', async () => {
  const app = await startTestApp({ extraRoutes: [tooLarge] });
  try {
    await buildSlowIndex(app.services.engine, 'slow', 100);
    const { apiKey } = app.account();
    const res = await app.call('POST', '/test/too-large', { key: apiKey, body: {} });
    assert.is(res.status, 400, res.text);
    assert.is(res.body.error, 'query_too_complex');
    assert.is((await app.call('GET', '/api/v1/credits/status', { key: apiKey })).body.used, 0);
  } finally {
    await app.close();
  }
});

test.run();
