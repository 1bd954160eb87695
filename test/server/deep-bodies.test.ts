/**
 * Bodies nested deeper than any route needs are refused with a 400 before any route reads them:
 * JSON.parse reads a body nested 100,000 deep, and the recursive code after it (the idempotency
 * hash of a communication, the connector's structured cloning) overflowed the stack, as a 500.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../../server/middleware/json-body.js';
import { startTestApp } from '../helpers/test-app.js';

/** `{"a":{"a":...1...}}`, `levels` objects deep, as text (JSON.stringify itself recurses). */
const nested = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

test('nestsDeeperThan counts arrays and objects, not scalars, without recursion', () => {
  assert.is(nestsDeeperThan(1, 0), false);
  assert.is(nestsDeeperThan({}, 1), false);
  assert.is(nestsDeeperThan({ a: [{}] }, 2), true);
  assert.is(nestsDeeperThan({ a: [{}] }, 3), false);
  assert.is(nestsDeeperThan({ a: [1, 'x', null] }, 2), false);
  assert.is(nestsDeeperThan(JSON.parse(nested(200_000)), MAX_BODY_DEPTH), true);
});

test('REST and the connector refuse a body nested past the bound with 400 body_too_deeply_nested; one at the bound is read', async () => {
  const app = await startTestApp();
  try {
    const { apiKey: key } = app.account();
    const target = 'a0000000-0000-4000-8000-000000000001';
    const create = (context: string) =>
      app.call('POST', '/api/v1/communications', {
        key,
        body: `{"channel":"service_direct_message","target_user_id":"${target}","message":"hi","dry_run":true,"context":${context}}`,
      });
    for (const levels of [MAX_BODY_DEPTH, 100_000]) {
      const res = await create(nested(levels));
      assert.is(res.status, 400, res.text);
      assert.is(res.body.error, 'body_too_deeply_nested');
      assert.match(String(res.body.message), /more than 64 levels deep/);
    }
    // The body itself is one level: its context may nest one less than the bound.
    const within = await create(nested(MAX_BODY_DEPTH - 1));
    assert.is.not(within.body.error, 'body_too_deeply_nested', within.text);
    assert.is.not(within.status, 500, within.text);

    const mcp = await app.call('POST', '/mcp', {
      headers: { Authorization: `Bearer ${key}`, Accept: 'application/json, text/event-stream' },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"account_read","arguments":{"zz":${nested(100_000)}}}}`,
    });
    assert.is(mcp.status, 400, mcp.text);
    // The connector answers in JSON-RPC, the stable code in error.data.
    assert.equal(mcp.body.error, {
      code: -32600,
      message: `The request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep; send a flatter document.`,
      data: { error: 'body_too_deeply_nested' },
    });
  } finally {
    await app.close();
  }
});

test.run();
