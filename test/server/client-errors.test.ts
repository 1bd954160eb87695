import net from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/config.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/**
 * Writes raw bytes to the server and reads until it closes the connection. With `keepOpen` the
 * client never ends its side, as a client that stalls half-way through a request.
 */
function rawExchange(app: TestApp, bytes: string, keepOpen = false): Promise<RawResponse> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = new Map(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    if (keepOpen) socket.write(bytes);
    else socket.end(bytes);
  });
}

function assertJsonError(res: RawResponse, status: number, code: string): void {
  assert.is(res.status, status);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  assert.is(Number(res.headers.get('content-length')), Buffer.byteLength(res.body));
  const body = JSON.parse(res.body);
  assert.is(body.success, false);
  assert.is(body.error, code);
  assert.type(body.message, 'string');
}

test('oversized headers get a JSON 431 with a request id, and the line is logged', async () => {
  const app = await startTestApp();
  try {
    const res = await rawExchange(app, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assertJsonError(res, 431, 'request_headers_too_large');
    const line = app.logs.find((l) => l.request_id === res.headers.get('x-request-id'));
    assert.is(line?.status, 431);
  } finally {
    await app.close();
  }
});

test('malformed HTTP gets a JSON 400 with a request id', async () => {
  const app = await startTestApp();
  try {
    assertJsonError(await rawExchange(app, 'garbage\r\n\r\n'), 400, 'bad_request');
    assertJsonError(await rawExchange(app, 'GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'), 400, 'bad_request');
    assertJsonError(await rawExchange(app, 'POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'), 400, 'bad_request');
    // The server still answers well-formed requests afterwards.
    assert.is((await app.call('GET', '/healthz')).status, 200);
  } finally {
    await app.close();
  }
});

test('an Expect header other than 100-continue gets a JSON 417 with a request id, and the line is logged', async () => {
  const app = await startTestApp();
  try {
    const res = await rawExchange(app, 'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n');
    assertJsonError(res, 417, 'expectation_failed');
    assert.is(res.headers.get('connection'), 'close', 'its body is never read');
    assert.match(JSON.parse(res.body).message, /"foo"/);
    const line = app.logs.find((l) => l.request_id === res.headers.get('x-request-id'));
    assert.is(line?.status, 417);
    // 100-continue is still met.
    const ok = await rawExchange(app, 'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n');
    assert.is(ok.status, 100);
  } finally {
    await app.close();
  }
});

test('a body that stops arriving gets a JSON 408 once the request timeout passes, and the server goes on', async () => {
  const app = await startTestApp({ env: { REQUEST_TIMEOUT_MS: '800' } });
  try {
    const { apiKey } = app.account();
    const started = Date.now();
    const stalled = rawExchange(
      app,
      `POST /api/v1/search/people/preview HTTP/1.1\r\nHost: x\r\nX-API-Key: ${apiKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query": "eng`,
      true,
    );
    // Other requests are answered while the stalled one waits.
    assert.is((await app.call('GET', '/healthz')).status, 200);
    const res = await stalled;
    assertJsonError(res, 408, 'request_timeout');
    const waited = Date.now() - started;
    assert.ok(waited >= 800 && waited < 5_000, `answered after ${waited} ms`);
    // Headers that never end are cut the same way.
    assertJsonError(await rawExchange(app, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: a', true), 408, 'request_timeout');
    assert.is((await app.call('GET', '/healthz')).status, 200);
    // The route that was reading the body ends as an incomplete body, not as an internal error.
    await new Promise((r) => setTimeout(r, 50));
    const route = app.logs.find((l) => l.path === '/api/v1/search/people/preview');
    assert.is(route?.status, 400);
    assert.ok(!app.logs.some((l) => Number(l.status) >= 500 || Number(l.level) >= 50));
  } finally {
    await app.close();
  }
});

test('REQUEST_TIMEOUT_MS outside 500 ms to one hour is a configuration error', async () => {
  assert.throws(() => loadConfig({ DATA_DIR: '/tmp/x', REQUEST_TIMEOUT_MS: '10' }), /REQUEST_TIMEOUT_MS/);
  assert.is(loadConfig({ DATA_DIR: '/tmp/x' }).requestTimeoutMs, 60_000);
});

test.run();
