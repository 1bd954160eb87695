import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiKey } from '../../server/commands/create-api-key.js';
import { loadConfig } from '../../server/config.js';
import { startTestApp } from '../helpers/test-app.js';

const MCP_HEADERS = { Accept: 'application/json, text/event-stream' };

test('an account past its requests of the second gets 429 rate_limited with Retry-After; others and public routes are not counted', async () => {
  const app = await startTestApp({ env: { RATE_LIMIT_PER_SECOND: '3' } });
  try {
    const busy = app.account();
    const calm = app.account();
    // The window starts at the account's first request: ten sent at once, three pass.
    const burst = await Promise.all(Array.from({ length: 10 }, () => app.call('GET', '/api/v1/credits/status', { key: busy.apiKey })));
    const statuses = burst.map((r) => r.status).sort();
    assert.equal(statuses, [200, 200, 200, ...Array(7).fill(429)]);
    const refused = burst.find((r) => r.status === 429);
    assert.is(refused?.body.error, 'rate_limited');
    assert.match(refused?.body.message as string, 'more than 3 requests in one second');
    assert.is(refused?.headers.get('retry-after'), '1');
    // The refusal is known after authentication: it carries the credit headers like any other.
    assert.ok(refused?.headers.get('x-service-credits-remaining'));

    // Another account is not held back; public routes are not counted, with or without a key.
    assert.is((await app.call('GET', '/api/v1/credits/status', { key: calm.apiKey })).status, 200);
    for (let i = 0; i < 5; i++) assert.is((await app.call('GET', '/healthz', { key: busy.apiKey })).status, 200);

    // The account's other keys share its count.
    const other = createApiKey(app.services, { userId: busy.userId, scopes: ['search'] }).apiKey;
    assert.is((await app.call('GET', '/api/v1/credits/status', { key: other })).status, 429);
    // A wrong key is 401, not counted.
    assert.is((await app.call('GET', '/api/v1/credits/status', { key: 'prx_nope_nope' })).status, 401);

    // The next second is the account's again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    assert.is((await app.call('GET', '/api/v1/credits/status', { key: busy.apiKey })).status, 200);
  } finally {
    await app.close();
  }
});

test('the connector counts a JSON-RPC batch as its messages, with the REST requests of the same account', async () => {
  const app = await startTestApp({ env: { RATE_LIMIT_PER_SECOND: '3' } });
  try {
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const rpc = (key: string, body: unknown) =>
      app.call('POST', '/mcp', { body, headers: { ...MCP_HEADERS, Authorization: `Bearer ${key}` } });
    const fits = app.account();
    const three = await rpc(fits.apiKey, [ping(1), ping(2), ping(3)]);
    assert.is(three.status, 200, three.text);
    const over = app.account();
    assert.is((await rpc(over.apiKey, ping(1))).status, 200);
    const four = await rpc(over.apiKey, [ping(2), ping(3), ping(4)]);
    assert.is(four.status, 429, four.text);
    assert.is(four.body.error, 'rate_limited');
    assert.ok(four.headers.get('retry-after'));
    // A batch larger than a second's allowance could never pass: refused as such, not 429.
    const huge = await rpc(app.account().apiKey, [ping(1), ping(2), ping(3), ping(4), ping(5)]);
    assert.is(huge.status, 400, huge.text);
    assert.is((huge.body.error as { code: number }).code, -32600);
    assert.match((huge.body.error as { message: string }).message, 'at most 3 messages');
    // REST and the connector share the account's count.
    const mixed = app.account();
    assert.is((await rpc(mixed.apiKey, [ping(1), ping(2)])).status, 200);
    assert.is((await app.call('GET', '/api/v1/credits/status', { key: mixed.apiKey })).status, 200);
    assert.is((await app.call('GET', '/api/v1/credits/status', { key: mixed.apiKey })).status, 429);
  } finally {
    await app.close();
  }
});

test('RATE_LIMIT_PER_SECOND is 50 by default, 0 turns it off, and anything else is refused at start', () => {
  assert.is(loadConfig({ DATA_DIR: '/tmp/x' }).rateLimitPerSecond, 50);
  assert.is(loadConfig({ DATA_DIR: '/tmp/x', RATE_LIMIT_PER_SECOND: '0' }).rateLimitPerSecond, 0);
  assert.throws(() => loadConfig({ DATA_DIR: '/tmp/x', RATE_LIMIT_PER_SECOND: '-1' }), /RATE_LIMIT_PER_SECOND/);
  assert.throws(() => loadConfig({ DATA_DIR: '/tmp/x', RATE_LIMIT_PER_SECOND: 'lots' }), /RATE_LIMIT_PER_SECOND/);
});

test.run();
