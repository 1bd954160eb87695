import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connectMcp } from '../helpers/mcp-client.js';
import { cityLocation, indexSnapshots, profile, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp } from '../helpers/test-app.js';

const LONDON = cityLocation('London', 'GB');

test('people_search over the connector returns the same people as POST /api/v1/search/people, billed the same', async () => {
  const app = await startTestApp();
  try {
    const profiles = [1, 2, 3, 4, 5].map((n) =>
      profile(n, { display_name: `Engineer ${n}`, current_title: n < 4 ? 'Software Engineer' : 'Product Manager', location: LONDON }),
    );
    await indexSnapshots(app, [writeSnapshot(app.dataDir, 'profiles.jsonl', profiles)]);
    const { apiKey } = app.account();
    const input = { description: 'software engineers in London', limit: 10 };
    const rest = await app.call('POST', '/api/v1/search/people', { key: apiKey, body: input });
    assert.is(rest.status, 200, rest.text);
    const usedAfterRest = Number(rest.headers.get('x-service-credits-used'));

    const mcp = await connectMcp(app.url, { apiKey });
    try {
      const result = await mcp.call('people_search', input);
      assert.not.ok(result.isError, JSON.stringify(result.structuredContent));
      const viaMcp = (result.structuredContent!.users as { id: string }[]).map((u) => u.id);
      const viaRest = (rest.body.users as { id: string }[]).map((u) => u.id);
      assert.equal(viaMcp, viaRest);
      assert.ok(viaMcp.length === 3);
      const status = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
      assert.is(Number(status.headers.get('x-service-credits-used')), usedAfterRest * 2);
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test('the connector refuses a missing or bad credential with 401 and the protected-resource challenge', async () => {
  const app = await startTestApp();
  try {
    const headerSets: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer prx_0000000000_0000000000000000000000000000000000000000' },
      { Authorization: 'Bearer not.a.jwt' },
    ];
    for (const headers of headerSets) {
      const res = await app.call('POST', '/mcp', {
        body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        headers: { Accept: 'application/json, text/event-stream', ...headers },
      });
      assert.is(res.status, 401, res.text);
      assert.match(
        res.headers.get('www-authenticate') ?? '',
        `resource_metadata="${app.services.config.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
      );
      assert.is(res.body.error, 'unauthorized');
    }
    // X-API-Key is the REST header; the connector speaks Bearer.
    const { apiKey } = app.account();
    const res = await app.call('POST', '/mcp', { key: apiKey, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    assert.is(res.status, 401);
  } finally {
    await app.close();
  }
});

test('connector responses carry the credit headers and the request id; GET /mcp is 405 (stateless: no server stream)', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account({ tier: 'starter' });
    const res = await app.call('POST', '/mcp', {
      body: { jsonrpc: '2.0', id: 7, method: 'tools/list' },
      headers: { Accept: 'application/json, text/event-stream', Authorization: `Bearer ${apiKey}` },
    });
    assert.is(res.status, 200, res.text);
    assert.is(res.headers.get('x-service-credits-tier'), 'starter');
    assert.is(res.headers.get('x-service-credits-limit'), '50');
    assert.ok(res.headers.get('x-request-id'));
    assert.is(res.headers.get('mcp-session-id'), null);
    assert.ok(Array.isArray((res.body.result as { tools: unknown[] }).tools));
    const line = app.logs.find((l) => l.path === '/mcp' && l.request_id === res.headers.get('x-request-id'));
    assert.is(line?.status, 200);

    // A call whose arguments are not an object is invalid params, not an internal error.
    for (const args of [[], 'x', null]) {
      const bad = await app.call('POST', '/mcp', {
        body: { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'people_search', arguments: args } },
        headers: { Accept: 'application/json, text/event-stream', Authorization: `Bearer ${apiKey}` },
      });
      const error = bad.body.error as { code: number; message: string };
      assert.equal([bad.status, error.code], [200, -32602], bad.text);
      assert.match(error.message, /Invalid tools\/call request.*"arguments"/s, error.message);
    }
    // No params at all, or no name: invalid params too (destructuring them answered -32603).
    for (const params of [undefined, {}, { name: 7 }]) {
      const bad = await app.call('POST', '/mcp', {
        body: { jsonrpc: '2.0', id: 9, method: 'tools/call', ...(params === undefined ? {} : { params }) },
        headers: { Accept: 'application/json, text/event-stream', Authorization: `Bearer ${apiKey}` },
      });
      const error = bad.body.error as { code: number; message: string };
      assert.equal([bad.status, error.code], [200, -32602], bad.text);
    }
    // The SDK's own methods with bad params: -32602 naming the field, not -32603 with a raw dump.
    const rpc = (body: unknown, contentType = 'application/json') =>
      app.call('POST', '/mcp', {
        body: body as Record<string, unknown>,
        headers: { Accept: 'application/json, text/event-stream', Authorization: `Bearer ${apiKey}`, 'Content-Type': contentType },
      });
    for (const [message, field] of [
      [{ jsonrpc: '2.0', id: 10, method: 'initialize' }, 'params'],
      [{ jsonrpc: '2.0', id: 11, method: 'initialize', params: {} }, 'params.protocolVersion'],
      [{ jsonrpc: '2.0', id: 12, method: 'tools/list', params: { cursor: 5 } }, 'params.cursor'],
    ] as const) {
      const bad = await rpc(message);
      const error = bad.body.error as { code: number; message: string };
      assert.equal([bad.status, error.code], [200, -32602], bad.text);
      assert.match(error.message, `${message.method} has invalid params: ${field}:`);
    }
    // A body refused before JSON-RPC is read answers in JSON-RPC too, with the stable code.
    const notJson = await rpc('{');
    assert.is(notJson.status, 400);
    assert.equal((notJson.body.error as { code: number; data: unknown }).code, -32700);
    assert.equal((notJson.body.error as { data: unknown }).data, { error: 'invalid_json' });
    // A bare JSON value is JSON, but no JSON-RPC message: -32600, the message saying what it is.
    for (const scalar of ['42', 'null', '"tools/list"', ' true']) {
      const bare = await rpc(scalar);
      const error = bare.body.error as { code: number; message: string; data: unknown };
      assert.equal([bare.status, error.code, error.data], [400, -32600, { error: 'invalid_json' }], scalar);
      assert.match(error.message, 'bare JSON value');
      // A refusal before JSON-RPC is read still answers an authenticated call: credit headers too.
      assert.ok(bare.headers.get('x-service-credits-remaining'), scalar);
    }
    const latin1 = await rpc({ jsonrpc: '2.0', id: 13, method: 'tools/list' }, 'application/json; charset=iso-8859-1');
    assert.is(latin1.status, 415);
    assert.equal((latin1.body.error as { code: number; data: unknown }).code, -32600);
    assert.equal((latin1.body.error as { data: unknown }).data, { error: 'unsupported_charset' });
    const undeclared = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { Accept: 'application/json, text/event-stream', Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: Uint8Array.from(Buffer.from('{"jsonrpc":"2.0","id":14,"method":"tools/list","params":{"cursor":"José"}}', 'latin1')),
    });
    assert.is(undeclared.status, 400);
    const undeclaredError = ((await undeclared.json()) as { error: { code: number; data: unknown } }).error;
    assert.equal([undeclaredError.code, undeclaredError.data], [-32700, { error: 'invalid_utf8' }]);
    // No bytes at all are no JSON: -32700, as for any body that is not JSON.
    const nothing = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { Accept: 'application/json, text/event-stream', Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: '',
    });
    const nothingError = ((await nothing.json()) as { error: { code: number; data: unknown } }).error;
    assert.equal([nothing.status, nothingError.code, nothingError.data], [400, -32700, { error: 'invalid_json' }]);
    // Valid JSON that is no JSON-RPC message is an Invalid Request, naming what to fix.
    for (const [body, words] of [
      [{ jsonrpc: '2.0', id: null, method: 'tools/list' }, 'the id null'],
      ['{"jsonrpc":"2.0","id":1e400,"method":"tools/list"}', 'the id Infinity'],
      [{ jsonrpc: '2.0', id: { a: 1 }, method: 'tools/list' }, 'the id {"a":1}'],
      [{ id: 15, method: 'tools/list' }, '"jsonrpc": "2.0"'],
      [{ jsonrpc: '2.0', id: 16, method: 7 }, 'method that is not a string'],
      [[{ jsonrpc: '2.0', id: 17, method: 'tools/list' }, 5], 'Message 1 of the batch'],
      [{ jsonrpc: '2.0', id: 1.5, method: 'tools/list' }, 'the id 1.5'],
      [{ jsonrpc: '2.0', id: 18 }, 'has no method'],
      // An MCP tester's cases: params that are no object, and an id past what a number holds.
      [{ jsonrpc: '2.0', id: 19, method: 'tools/call', params: [1] }, 'params that are not an object'],
      [{ jsonrpc: '2.0', method: 'notifications/cancelled', params: 5 }, 'params that are not an object'],
      ['{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"tools/list"}', 'at most 15 digits'],
    ] as const) {
      const bad = await rpc(body);
      const error = bad.body.error as { code: number; message: string };
      assert.equal([bad.status, error.code], [400, -32600], bad.text);
      assert.ok(error.message.includes(words), error.message);
      assert.is(bad.body.id, null);
    }
    // Two requests of a batch with one id: refused, since one answer would be lost.
    const twins = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 1, method: 'ping' },
    ]);
    assert.is(twins.status, 400, twins.text);
    assert.match((twins.body.error as { message: string }).message, 'Two requests of the batch have the id 1');
    // The tool list once per batch (280 KB each time), and no empty batch.
    const lists = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ]);
    assert.equal([lists.status, (lists.body.error as { code: number }).code], [400, -32600], lists.text);
    assert.match((lists.body.error as { message: string }).message, 'list the tools once');
    const empty = await rpc([]);
    assert.equal([empty.status, (empty.body.error as { code: number }).code], [400, -32600], empty.text);

    const get = await app.call('GET', '/mcp', { headers: { Authorization: `Bearer ${apiKey}` } });
    assert.is(get.status, 405);
    assert.is(get.headers.get('allow'), 'POST');
  } finally {
    await app.close();
  }
});

test.run();
