import zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defineRoute } from '../../server/http/route.js';
import { startTestApp, type TestResponse } from '../helpers/test-app.js';

/** Echoes its body, so a test sees what the body parser decoded. */
const echo = defineRoute<{ name: string }>({
  method: 'POST',
  path: '/test/echo',
  tag: 'test',
  summary: 'body probe',
  auth: 'any',
  request: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
  response: { type: 'object' },
  handler: ({ body }) => ({ success: true, name: body.name }),
});

/** A public route taking a body: reachable without a key. */
const publicEcho = defineRoute<{ name: string }>({ ...echo, path: '/test/public-echo', auth: 'none' });

const JSON_BODY = '{"name":"ada"}';

/** Posts raw bytes with the given Content-Encoding (fetch would not send a compressed body as is). */
async function postEncoded(url: string, encoding: string, body: Buffer | string, key?: string): Promise<TestResponse> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding, ...(key ? { 'X-API-Key': key } : {}) },
    body: typeof body === 'string' ? body : Uint8Array.from(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
}

function assertJsonError(res: TestResponse, status: number, code: string): void {
  assert.is(res.status, status, res.text);
  assert.is(res.body.success, false);
  assert.is(res.body.error, code);
  assert.match(res.headers.get('x-request-id') ?? '', /./);
}

test('an unsupported Content-Encoding is 415, with or without a key', async () => {
  const app = await startTestApp({ extraRoutes: [echo, publicEcho] });
  try {
    const { apiKey } = app.account();
    for (const encoding of ['bogus', 'gzip, gzip', 'identity, gzip', 'compress']) {
      assertJsonError(await postEncoded(`${app.url}/test/public-echo`, encoding, JSON_BODY), 415, 'unsupported_content_encoding');
      assertJsonError(await postEncoded(`${app.url}/test/echo`, encoding, JSON_BODY, apiKey), 415, 'unsupported_content_encoding');
      // The parser would fail on the header even with nothing to decode.
      assertJsonError(await postEncoded(`${app.url}/test/public-echo`, encoding, ''), 415, 'unsupported_content_encoding');
    }
  } finally {
    await app.close();
  }
});

test('a body that does not decode under its Content-Encoding is 400 corrupt_body, never 500', async () => {
  const app = await startTestApp({ extraRoutes: [publicEcho] });
  try {
    const url = `${app.url}/test/public-echo`;
    for (const encoding of ['gzip', 'deflate', 'br']) assertJsonError(await postEncoded(url, encoding, JSON_BODY), 400, 'corrupt_body');
    const truncated = zlib.gzipSync(JSON_BODY).subarray(0, 12);
    assertJsonError(await postEncoded(url, 'gzip', truncated), 400, 'corrupt_body');
  } finally {
    await app.close();
  }
});

test('correctly compressed bodies are decoded, and the size limit applies to the decoded body', async () => {
  const app = await startTestApp({ extraRoutes: [publicEcho], env: { BODY_LIMIT_BYTES: '2048' } });
  try {
    const url = `${app.url}/test/public-echo`;
    assert.equal((await postEncoded(url, 'gzip', zlib.gzipSync(JSON_BODY))).body, { success: true, name: 'ada' });
    assert.equal((await postEncoded(url, 'GZip', zlib.gzipSync(JSON_BODY))).body, { success: true, name: 'ada' });
    assert.equal((await postEncoded(url, 'br', zlib.brotliCompressSync(JSON_BODY))).body, { success: true, name: 'ada' });
    assert.equal((await postEncoded(url, 'identity', JSON_BODY)).body, { success: true, name: 'ada' });
    // A small gzip that inflates past the limit is refused like any oversized body.
    const bomb = zlib.gzipSync(JSON.stringify({ name: 'x'.repeat(100_000) }));
    assert.ok(bomb.length < 2048);
    assertJsonError(await postEncoded(url, 'gzip', bomb), 413, 'payload_too_large');
  } finally {
    await app.close();
  }
});

test('on an authenticated route the key is checked before the body is read', async () => {
  const app = await startTestApp({ extraRoutes: [echo], env: { BODY_LIMIT_BYTES: '2048' } });
  try {
    assertJsonError(await app.call('POST', '/test/echo', { body: '{not json' }), 401, 'unauthorized');
    assertJsonError(await app.call('POST', '/test/echo', { body: 'x=1', headers: { 'Content-Type': 'text/plain' } }), 401, 'unauthorized');
    assertJsonError(await app.call('POST', '/test/echo', { body: { name: 'x'.repeat(4096) } }), 401, 'unauthorized');
    assertJsonError(await postEncoded(`${app.url}/test/echo`, 'bogus', JSON_BODY), 401, 'unauthorized');
    assertJsonError(await app.call('POST', '/test/echo', { key: 'prx_nope', body: '{not json' }), 401, 'unauthorized');
    // A real route, the same way.
    assertJsonError(await app.call('POST', '/api/v1/search/people/preview', { body: '{not json' }), 401, 'unauthorized');
    // The scope comes before the body too.
    const { apiKey } = app.account({ scopes: ['profiles-read'] });
    assertJsonError(await app.call('POST', '/api/v1/search/people/preview', { key: apiKey, body: '{not json' }), 403, 'insufficient_scope');
  } finally {
    await app.close();
  }
});

test('every response to a valid key carries the credit headers, errors included', async () => {
  const app = await startTestApp({ extraRoutes: [echo], env: { BODY_LIMIT_BYTES: '2048' } });
  try {
    const { apiKey } = app.account({ tier: 'starter' });
    const key = apiKey;
    const cases: [TestResponse, number, string][] = [
      [await app.call('POST', '/test/echo', { key, body: '{not json' }), 400, 'invalid_json'],
      [await app.call('POST', '/test/echo', { key, body: {} }), 400, 'validation_failed'],
      [await app.call('POST', '/test/echo', { key, body: { name: 'x'.repeat(4096) } }), 413, 'payload_too_large'],
      [
        await app.call('POST', '/test/echo', { key, body: 'x=1', headers: { 'Content-Type': 'text/plain' } }),
        415,
        'unsupported_media_type',
      ],
      [await postEncoded(`${app.url}/test/echo`, 'bogus', JSON_BODY, key), 415, 'unsupported_content_encoding'],
      [await postEncoded(`${app.url}/test/echo`, 'gzip', JSON_BODY, key), 400, 'corrupt_body'],
      [await app.call('GET', '/api/v1/no-such-route', { key }), 404, 'not_found'],
      [await app.call('DELETE', '/api/v1/credits/status', { key }), 405, 'method_not_allowed'],
      // No corpus is loaded: the engine's refusal comes after authentication too.
      [await app.call('GET', '/api/v1/profiles/7f0c5d2e-3f7a-4c1b-9a57-1d2e3f4a5b6c', { key }), 503, 'search_index_missing'],
    ];
    for (const [res, status, code] of cases) {
      assertJsonError(res, status, code);
      assert.is(res.headers.get('x-service-credits-tier'), 'starter', `${status} ${code}`);
      assert.is(res.headers.get('x-service-credits-limit'), '50');
      assert.is(res.headers.get('x-service-credits-window-days'), '30');
    }
    const ok = await app.call('POST', '/test/echo', { key, body: { name: 'ada' } });
    assert.is(ok.headers.get('x-service-credits-tier'), 'starter');
  } finally {
    await app.close();
  }
});

test('public routes answer without a key, ignore a bad one and show credits for a good one', async () => {
  const app = await startTestApp({ extraRoutes: [publicEcho] });
  try {
    const { apiKey } = app.account();
    for (const path of ['/healthz', '/docs/endpoints.json']) {
      const anonymous = await app.call('GET', path);
      assert.is(anonymous.status, 200);
      assert.is(anonymous.headers.get('x-service-credits-tier'), null);
      assert.is((await app.call('GET', path, { key: 'prx_not_a_key' })).status, 200);
      assert.is((await app.call('GET', path, { key: apiKey })).headers.get('x-service-credits-tier'), 'pro');
      // Served again from its first serialisation: the same bytes, still JSON.
      const again = await app.call('GET', path);
      assert.equal([again.status, again.text, again.headers.get('content-type')], [200, anonymous.text, 'application/json; charset=utf-8']);
    }
    assert.equal((await app.call('POST', '/test/public-echo', { body: { name: 'ada' } })).body, { success: true, name: 'ada' });
    assertJsonError(await app.call('POST', '/test/public-echo', { body: '{not json' }), 400, 'invalid_json');
    assertJsonError(await app.call('GET', '/api/v1/no-such-route'), 404, 'not_found');
  } finally {
    await app.close();
  }
});

test('a JSON body declared in a charset other than UTF-8 is 415 unsupported_charset; UTF-8 and ASCII are read', async () => {
  const app = await startTestApp({ extraRoutes: [echo] });
  try {
    const { apiKey } = app.account();
    const post = async (contentType: string, body: Buffer) => {
      const res = await fetch(`${app.url}/test/echo`, {
        method: 'POST',
        headers: { 'Content-Type': contentType, 'X-API-Key': apiKey },
        body: Uint8Array.from(body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
    };
    // "José" in Latin-1: read as UTF-8, its é would have become U+FFFD and been stored so.
    const latin1 = Buffer.from('{"name":"José"}', 'latin1');
    for (const type of [
      'application/json; charset=iso-8859-1',
      'application/json;charset="windows-1252"',
      'application/json; charset=UTF-16',
    ]) {
      const res = await post(type, latin1);
      assertJsonError(res, 415, 'unsupported_charset');
      assert.match(res.body.message, /UTF-8/);
    }
    const utf8 = Buffer.from('{"name":"José"}', 'utf8');
    for (const type of ['application/json; charset=utf-8', 'application/json; charset=UTF8', 'application/json']) {
      const res = await post(type, utf8);
      assert.is(res.status, 200, res.text);
      assert.is(res.body.name, 'José');
    }
    const ascii = await post('application/json; charset=us-ascii', Buffer.from('{"name":"ada"}'));
    assert.is(ascii.status, 200, ascii.text);
  } finally {
    await app.close();
  }
});

test('a JSON body whose bytes are not UTF-8 is 400 invalid_utf8, compressed or not; a BOM is skipped', async () => {
  const app = await startTestApp({ extraRoutes: [echo] });
  try {
    const { apiKey } = app.account();
    const url = `${app.url}/test/echo`;
    const post = async (body: Buffer, encoding?: string) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey, ...(encoding ? { 'Content-Encoding': encoding } : {}) },
        body: Uint8Array.from(body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
    };
    // Undeclared Latin-1, a lone continuation byte, a truncated 4-byte sequence (decoded as text,
    // each becomes U+FFFD and the sender's name is stored as something they did not write).
    const bad = [
      Buffer.from('{"name":"José"}', 'latin1'),
      Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0x80]), Buffer.from('"}')]),
      Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xf0, 0x9f, 0x98]), Buffer.from('x"}')]),
    ];
    for (const body of bad) {
      const res = await post(body);
      assertJsonError(res, 400, 'invalid_utf8');
      assert.match(res.body.message, /UTF-8/);
      const gz = await post(zlib.gzipSync(body), 'gzip');
      assertJsonError(gz, 400, 'invalid_utf8');
    }
    // A real U+FFFD, sent as its UTF-8 bytes, is text like any other.
    const replacement = await post(Buffer.from('{"name":"a\uFFFD"}', 'utf8'));
    assert.is(replacement.status, 200, replacement.text);
    assert.is(replacement.body.name, 'a\uFFFD');
    const bom = await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"José"}', 'utf8')]));
    assert.is(bom.status, 200, bom.text);
    assert.is(bom.body.name, 'José');
    // A lone surrogate escaped in valid UTF-8 bytes, as a value or a key, deep or not, is refused;
    // a pair of escapes, and the character itself, are the character.
    for (const lone of ['{"name":"a\\ud800"}', '{"name":"\\udc00b"}', '{"a":[{"b":"x\\uDBFFy"}]}', '{"\\ud800":1}']) {
      const res = await post(Buffer.from(lone, 'utf8'));
      assertJsonError(res, 400, 'invalid_utf8');
      assert.match(res.body.message, /surrogate/);
    }
    const pair = await post(Buffer.from('{"name":"\\ud83d\\ude00 and 😀"}', 'utf8'));
    assert.is(pair.status, 200, pair.text);
    assert.is(pair.body.name, '😀 and 😀');
    // What the parser refused before still is: a scalar document, a `__proto__` key.
    assertJsonError(await post(Buffer.from('"ada"')), 400, 'invalid_json');
    assertJsonError(await post(Buffer.from('{"name":"ada","__proto__":{"x":1}}')), 400, 'invalid_json');
  } finally {
    await app.close();
  }
});

test.run();
