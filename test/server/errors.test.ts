import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OpenSearchEngine } from '../../search-engine/opensearch/engine.js';
import { usernameFromInput } from '../../server/commands/search/people/people-lookup.js';
import { defineRoute } from '../../server/http/route.js';
import { toCallerError } from '../../server/middleware/request-context.js';
import { startTestApp } from '../helpers/test-app.js';

const strict = defineRoute<{ name: string; limit?: number; tags?: string[] }, { page?: number }, { id: string }>({
  method: 'POST',
  path: '/test/things/:id',
  tag: 'test',
  summary: 'validation probe',
  auth: 'any',
  request: {
    params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { page: { type: 'integer', minimum: 1 }, ns: { type: 'array', items: { type: 'integer', maximum: 9 } } },
    },
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string' }, limit: { type: 'integer', maximum: 25 }, tags: { type: 'array', items: { type: 'string' } } },
    },
  },
  response: { type: 'object' },
  handler: ({ query, params }) => ({ success: true, page: query.page ?? null, id: params.id }),
});

const crash = defineRoute({
  method: 'GET',
  path: '/test/crash',
  tag: 'test',
  summary: 'unexpected failure probe',
  auth: 'none',
  response: { type: 'object' },
  handler: () => {
    throw new Error('secret internal detail /etc/passwd');
  },
});

const ID = '7f0c5d2e-3f7a-4c1b-9a57-1d2e3f4a5b6c';

test('validation_failed lists every problem with its JSON pointer', async () => {
  const app = await startTestApp({ extraRoutes: [strict] });
  try {
    const { apiKey } = app.account();
    const res = await app.call('POST', '/test/things/not-a-uuid?page=0&colour=red', {
      key: apiKey,
      body: { limit: 'ten', tags: ['a', 3], extra: true },
    });
    assert.is(res.status, 400);
    assert.is(res.body.success, false);
    assert.is(res.body.error, 'validation_failed');
    const found = (res.body.errors as { in: string; pointer: string }[]).map((e) => `${e.in}:${e.pointer}`).sort();
    assert.equal(found, ['body:/extra', 'body:/limit', 'body:/name', 'body:/tags/1', 'path:/id', 'query:/colour', 'query:/page']);
    assert.match(String(res.body.message), /and \d+ more/);

    const ok = await app.call('POST', `/test/things/${ID}?page=2`, { key: apiKey, body: { name: 'x' } });
    assert.equal(ok.body, { success: true, page: 2, id: ID });

    // Query numbers are decimal digits: JavaScript's other spellings (hex, exponents, Infinity)
    // and values too long to be exact are refused, not coerced.
    for (const page of ['0x10', '1e309', '1e3', 'Infinity', '9'.repeat(400), '2.5']) {
      const odd = await app.call('POST', `/test/things/${ID}?page=${page}`, { key: apiKey, body: { name: 'x' } });
      assert.is(odd.status, 400, page);
      const errors = odd.body.errors as { in: string; pointer: string; message: string }[];
      assert.equal(
        errors.map((e) => `${e.in}:${e.pointer}`),
        ['query:/page'],
        page,
      );
      assert.match(errors[0]!.message, /decimal digits/, page);
    }
    // One problem for a repeated parameter with an odd item, not one from each check.
    const items = await app.call('POST', `/test/things/${ID}?ns=1&ns=0x10`, { key: apiKey, body: { name: 'x' } });
    assert.equal(
      (items.body.errors as { pointer: string }[]).map((e) => e.pointer),
      ['/ns'],
      items.text,
    );
    const padded = await app.call('POST', `/test/things/${ID}?page=007`, { key: apiKey, body: { name: 'x' } });
    assert.equal(padded.body, { success: true, page: 7, id: ID });
  } finally {
    await app.close();
  }
});

test('malformed JSON, wrong media type and oversized bodies get their own codes', async () => {
  const app = await startTestApp({ extraRoutes: [strict], env: { BODY_LIMIT_BYTES: '2048' } });
  try {
    const { apiKey } = app.account();
    const bad = await app.call('POST', `/test/things/${ID}`, { key: apiKey, body: '{"name": ' });
    assert.is(bad.status, 400);
    assert.is(bad.body.error, 'invalid_json');

    const proto = await app.call('POST', `/test/things/${ID}`, { key: apiKey, body: '{"name":"x","__proto__":{"admin":true}}' });
    assert.is(proto.status, 400);
    assert.is(proto.body.error, 'invalid_json');
    assert.match(proto.body.message as string, 'sets a "__proto__" key');

    const scalar = await app.call('POST', `/test/things/${ID}`, { key: apiKey, body: '"just a string"' });
    assert.is(scalar.status, 400);
    assert.is(scalar.body.error, 'invalid_json');
    assert.match(scalar.body.message as string, 'bare JSON value');
    assert.is(scalar.body.found, 'scalar');

    const array = await app.call('POST', `/test/things/${ID}`, { key: apiKey, body: '[1]' });
    assert.is(array.status, 400);
    assert.is(array.body.error, 'validation_failed');

    const text = await app.call('POST', `/test/things/${ID}`, { key: apiKey, body: 'name=x', headers: { 'Content-Type': 'text/plain' } });
    assert.is(text.status, 415);
    assert.is(text.body.error, 'unsupported_media_type');

    const big = await app.call('POST', `/test/things/${ID}`, { key: apiKey, body: { name: 'x'.repeat(4096) } });
    assert.is(big.status, 413);
    assert.is(big.body.error, 'payload_too_large');
    assert.is(big.body.limit_bytes, 2048);
  } finally {
    await app.close();
  }
});

test('unknown routes are 404, known paths with another method 405 with Allow', async () => {
  const app = await startTestApp();
  try {
    const missing = await app.call('GET', '/api/v1/does-not-exist');
    assert.is(missing.status, 404);
    assert.is(missing.body.error, 'not_found');
    assert.match(missing.headers.get('content-type') ?? '', /application\/json/);

    const wrong = await app.call('DELETE', '/api/v1/credits/status');
    assert.is(wrong.status, 405);
    assert.is(wrong.body.error, 'method_not_allowed');
    assert.equal(wrong.body.allowed_methods, ['GET']);
    assert.is(wrong.headers.get('allow'), 'GET');
  } finally {
    await app.close();
  }
});

test('a path of its own asked with another method is 405, not the parameter route its shape fits', async () => {
  const app = await startTestApp();
  try {
    // GET /api/v1/search/people/:search_id would take these as search ids.
    for (const path of ['/api/v1/search/people/preview', '/api/v1/search/people/enrich', '/api/v1/communications/history']) {
      const res = await app.call('GET', path);
      assert.is(res.status, 405, path);
      assert.is(res.body.error, 'method_not_allowed');
      assert.equal(res.body.allowed_methods, ['POST']);
      assert.is(res.headers.get('allow'), 'POST');
    }
    // The parameter route itself still answers for a real parameter.
    const { apiKey } = app.account();
    const unknown = await app.call('GET', '/api/v1/search/people/00000000-0000-4000-8000-000000000000', { key: apiKey });
    assert.is(unknown.status, 404);
    assert.is(unknown.body.error, 'search_not_found');
  } finally {
    await app.close();
  }
});

test('an unexpected failure is a JSON 500 without internals, logged with the request id', async () => {
  const app = await startTestApp({ extraRoutes: [crash] });
  try {
    const res = await app.call('GET', '/test/crash', { headers: { 'X-Request-Id': 'trace-123' } });
    assert.is(res.status, 500);
    assert.is(res.body.error, 'internal_error');
    assert.is(res.headers.get('x-request-id'), 'trace-123');
    assert.not.ok(res.text.includes('passwd'));
    assert.not.ok(res.text.includes('at '), 'no stack trace');
    const line = app.logs.find((l) => l.request_id === 'trace-123');
    assert.is(line?.status, 500);
    assert.ok(JSON.stringify(line).includes('secret internal detail'), 'the log keeps the cause');
  } finally {
    await app.close();
  }
});

test('every response carries a request id; unsafe incoming ids are replaced', async () => {
  const app = await startTestApp();
  try {
    const generated = await app.call('GET', '/healthz');
    assert.match(generated.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const unsafe = await app.call('GET', '/healthz', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    assert.is.not(unsafe.headers.get('x-request-id'), 'bad id with spaces');
  } finally {
    await app.close();
  }
});

test('healthz is always up; readyz reports a failing dependency as 503', async () => {
  const app = await startTestApp();
  try {
    assert.equal((await app.call('GET', '/healthz')).body, { success: true, status: 'ok' });
    const ready = await app.call('GET', '/readyz');
    assert.equal(ready.body, { success: true, status: 'ok', checks: { store: 'ok', search_engine: 'ok' } });
  } finally {
    await app.close();
  }
  // A real OpenSearch adapter pointed at a closed port: the engine is genuinely unreachable.
  const down = new OpenSearchEngine('http://127.0.0.1:9');
  const broken = await startTestApp({ mutate: (s) => Object.assign(s, { engine: down }) });
  try {
    const res = await broken.call('GET', '/readyz');
    assert.is(res.status, 503);
    assert.is(res.body.error, 'service_unavailable');
    assert.equal(res.body.checks, { store: 'ok', search_engine: 'unreachable: engine_unavailable' });
    assert.is((await broken.call('GET', '/healthz')).status, 200);
  } finally {
    await broken.close();
  }
});

test('a call whose caller left answers 499; a server failure behind it is kept as its cause, an abort is not', () => {
  const gone = new AbortController();
  gone.abort();
  const failure = toCallerError(new TypeError('x is undefined'), gone.signal);
  assert.equal([failure.status, failure.code], [499, 'client_closed_request']);
  assert.instance(failure.cause, TypeError);
  const stopped = Object.assign(new Error('stopped'), { name: 'AbortError' });
  assert.is(toCallerError(stopped, gone.signal).cause, undefined);
  // Not aborted: the failure is what it is.
  assert.is(toCallerError(new TypeError('x'), new AbortController().signal).status, 500);
});

test('a profile URL with a port or a trailing dot of the host, and a handle with its @', () => {
  assert.is(usernameFromInput('https://www.linkedin.com:443/in/ana'), 'ana');
  assert.is(usernameFromInput('https://www.linkedin.com./in/ana'), 'ana');
  assert.is(usernameFromInput('@Ana-Ruiz'), 'ana-ruiz');
  assert.is(usernameFromInput('https://evil.example/in/ana'), null);
});

test.run();
