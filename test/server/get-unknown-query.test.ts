import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defineRoute } from '../../server/http/route.js';
import { startTestApp } from '../helpers/test-app.js';

/** A GET probe with one declared, validated query parameter. */
const getProbe = defineRoute<unknown, { page?: number }>({
  method: 'GET',
  path: '/test/get-probe',
  tag: 'test',
  summary: 'get probe',
  auth: { anyOf: ['search'] },
  request: { query: { type: 'object', additionalProperties: false, properties: { page: { type: 'integer', minimum: 1 } } } },
  response: { type: 'object' },
  handler: async () => ({ success: true }),
});

/** A POST probe with a strict body. */
const postProbe = defineRoute<{ note?: string }>({
  method: 'POST',
  path: '/test/post-probe',
  tag: 'test',
  summary: 'post probe',
  auth: { anyOf: ['search'] },
  request: { body: { type: 'object', additionalProperties: false, properties: { note: { type: 'string' } } } },
  response: { type: 'object' },
  handler: async () => ({ success: true }),
});

test('GET routes ignore unknown query parameters (cache-busters)', async () => {
  const app = await startTestApp({ extraRoutes: [getProbe, postProbe] });
  try {
    const { apiKey } = app.account();
    assert.is((await app.call('GET', '/api/v1/credits/status?x=1', { key: apiKey })).status, 200);
    assert.is((await app.call('GET', '/healthz?x=1')).status, 200);
    assert.is((await app.call('GET', '/docs/endpoints.json?_=123')).status, 200);
    assert.is((await app.call('GET', '/test/get-probe?page=2&cb=9', { key: apiKey })).status, 200);
  } finally {
    await app.close();
  }
});

test('declared query parameters and bodies stay strictly validated', async () => {
  const app = await startTestApp({ extraRoutes: [getProbe, postProbe] });
  try {
    const { apiKey } = app.account();
    const bad = await app.call('GET', '/test/get-probe?page=0&x=1', { key: apiKey });
    assert.is(bad.status, 400);
    assert.is(bad.body.error, 'validation_failed');
    const body = await app.call('POST', '/test/post-probe', { key: apiKey, body: { note: 'a', extra: 1 } });
    assert.is(body.status, 400);
    const postQuery = await app.call('POST', '/test/post-probe?x=1', { key: apiKey, body: {} });
    assert.is(postQuery.status, 400);
  } finally {
    await app.close();
  }
});

test('a declared parameter spelled with brackets (status[]=x) is refused, not ignored', async () => {
  const app = await startTestApp({ extraRoutes: [getProbe] });
  try {
    const { apiKey } = app.account();
    for (const qs of ['page[]=2', 'page[0]=2', 'delegate_user_id[]=x']) {
      const res = await app.call('GET', `/test/get-probe?${qs}`, { key: apiKey });
      assert.is(res.status, 400, qs);
      assert.is(res.body.error, 'validation_failed', qs);
      const problem = (res.body.errors as { pointer: string; message: string }[])[0]!;
      assert.is(problem.pointer, `/${qs.split('=')[0]}`, qs);
      assert.match(problem.message, /with brackets, which are not read/);
    }
    // Undeclared names with brackets are still cache-busters.
    assert.is((await app.call('GET', '/test/get-probe?cb[]=1', { key: apiKey })).status, 200);
    const listed = await app.call('GET', '/api/v1/communications?status[]=queued', { key: apiKey });
    assert.equal([listed.status, listed.body.error], [400, 'validation_failed']);
  } finally {
    await app.close();
  }
});

test.run();
