import net from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Writes raw bytes to the server and reads until it closes the connection. */
function rawExchange(app: TestApp, bytes: string): Promise<RawResponse> {
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
    socket.end(bytes);
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

test.run();
