/**
 * Callback URLs (a communication's and a watcher's webhook, a project's scheduling page) must be
 * URLs a request can be sent to. `^https?://` alone let `http://a b/x` through: stored with a
 * 200, then every delivery failed with "Invalid URL" and was retried eight times. The format
 * `http-url` alone checks them now (a scheme in capitals is a scheme too).
 */

import dns from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { request } from 'undici';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { webhookDispatcher, webhookFailure } from '../../server/communications/webhook-address.js';
import { loadConfig } from '../../server/config.js';
import { isHttpUrl } from '../../server/http/validation.js';
import { isPublicAddress } from '../../server/oauth/public-address.js';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../helpers/comms-corpus.js';
import { startTestApp } from '../helpers/test-app.js';

type Row = Record<string, unknown>;

// No host after "//" ("http:///x", which URL() reads as host x) and port 0 are no address either.
const BAD = [
  'http://a b/x',
  'http://127.0.0.1:99999/x',
  'http://%zz/',
  'http://[fe80::1%25eth0]/x',
  'https://',
  'ftp://example.com/',
  'http:///x',
  'http://127.0.0.1:0/x',
];
// A scheme in capitals is the same scheme.
const GOOD = [
  'https://hooks.example.com/proxima?x=1',
  'http://127.0.0.1:8080/in',
  'http://[::1]:9000/',
  'https://bücher.example/',
  'HTTP://127.0.0.1:18493/x',
];

test('isHttpUrl: what the URL parser can send a request to', () => {
  for (const url of BAD) assert.is(isHttpUrl(url), false, url);
  for (const url of GOOD) assert.is(isHttpUrl(url), true, url);
});

test('every callback URL input refuses a URL that cannot be fetched with 400 validation_failed and its pointer', async () => {
  const app = await startTestApp();
  try {
    const { apiKey: key } = app.account();
    const call = (method: string, path: string, body: unknown) => app.call(method, path, { key, body });
    const target = 'a0000000-0000-4000-8000-000000000001';
    const project = (await call('POST', '/api/v1/projects', { title: 'Hooks', pitch: 'A pitch' })).body.project as Row;
    const inputs: [string, string, (url: string) => unknown, string][] = [
      [
        'POST',
        '/api/v1/communications',
        (url) => ({ channel: 'service_direct_message', target_user_id: target, message: 'hi', dry_run: true, webhook_url: url }),
        '/webhook_url',
      ],
      [
        'POST',
        '/api/v1/signals/watchers',
        (url) => ({ signal_types: ['role_change'], cohort: { person_ids: [target] }, deliveries: ['agent_webhook'], webhook_url: url }),
        '/webhook_url',
      ],
      ['PATCH', `/api/v1/projects/${project.id}`, (url) => ({ schedule_url: url }), '/schedule_url'],
      ['POST', '/api/v1/projects', (url) => ({ title: 'Another', pitch: 'A pitch', schedule_url: url }), '/schedule_url'],
    ];
    for (const [method, path, body, pointer] of inputs) {
      for (const url of ['http://a b/x', 'http://127.0.0.1:99999/x']) {
        const res = await call(method, path, body(url));
        assert.is(res.status, 400, `${path} ${url}: ${res.text}`);
        assert.is(res.body.error, 'validation_failed');
        const problem = (res.body.errors as Row[]).find((e) => e.pointer === pointer);
        assert.ok(problem, res.text);
        assert.match(String(problem!.message), /must be an http or https URL/);
      }
      const ok = await call(method, path, body('https://hooks.example.com/proxima'));
      assert.is.not(ok.body.error, 'validation_failed', `${path}: ${ok.text}`);
    }
  } finally {
    await app.close();
  }
});

test('by default webhooks go to public addresses only: this host, private networks and metadata services are refused', async () => {
  const app = await startTestApp({ env: { WEBHOOK_ADDRESSES: 'public' } });
  try {
    const { apiKey: key } = app.account();
    const call = (method: string, path: string, body: unknown) => app.call(method, path, { key, body });
    const target = 'a0000000-0000-4000-8000-000000000001';
    const inputs: [string, (url: string) => unknown][] = [
      [
        '/api/v1/communications',
        (url) => ({ channel: 'service_direct_message', target_user_id: target, message: 'hi', dry_run: true, webhook_url: url }),
      ],
      [
        '/api/v1/signals/watchers',
        (url) => ({ signal_types: ['role_change'], cohort: { person_ids: [target] }, deliveries: ['agent_webhook'], webhook_url: url }),
      ],
    ];
    const refused = [
      'http://127.0.0.1:8080/in',
      'http://localhost:9000/x',
      'http://api.localhost/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/x',
      'http://192.168.0.10/x',
      'http://[::1]:9000/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
      'http://[::ffff:0:7f00:1]/',
      'http://[2001::1]/',
      'http://2130706433/',
      // Deprecated IPv6 site-local (fec0::/10), which an outside tester found accepted.
      'http://[fec0::1]/',
      'http://[feff::1]:8080/x',
    ];
    for (const [path, body] of inputs) {
      for (const url of refused) {
        const res = await call('POST', path, body(url));
        assert.is(res.status, 400, `${path} ${url}: ${res.text}`);
        const problem = (res.body.errors as Row[]).find((e) => e.pointer === '/webhook_url');
        assert.match(String(problem?.message), /public addresses only/, res.text);
      }
      const ok = await call('POST', path, body('https://hooks.example.com/proxima'));
      assert.is.not(ok.body.error, 'validation_failed', `${path}: ${ok.text}`);
    }
  } finally {
    await app.close();
  }
});

test('a delivery connects only to a public address: a name that resolves to this host is refused when it connects', async () => {
  const receiver = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  try {
    const error = await request(`http://localhost:${port}/`, { dispatcher: webhookDispatcher('public') }).then(
      () => null,
      (err: Error) => err,
    );
    assert.match(String(error), /not a public address/);
    assert.is((await request(`http://localhost:${port}/`, { dispatcher: webhookDispatcher('any') })).statusCode, 200);
  } finally {
    receiver.close();
  }
});

test('a failed delivery records a general reason, never a resolved address or an internal name; a host that is not public is not retried', async () => {
  // An outside tester read "vm resolves to 127.0.0.1, which is not a public address" and
  // "getaddrinfo ENOTFOUND <name>" in the delivery log: a map of the server's own network.
  const receiver = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  const app = await startTestApp({ env: { ...FAST_DISPATCH, WEBHOOK_ADDRESSES: 'public', WEBHOOK_MAX_ATTEMPTS: '5' } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER) });
    // This machine's own name, when it resolves to an address that is not public (it does on most hosts).
    const own = os.hostname().toLowerCase();
    const ownAddresses = await dns.lookup(own, { all: true }).catch(() => []);
    const ownIsLocal = ownAddresses.length > 0 && ownAddresses.some((a) => !isPublicAddress(a.address));
    const cases: [string, RegExp, boolean][] = [['http://no-such-host.invalid/hook', /^the webhook host could not be resolved$/, false]];
    if (ownIsLocal) cases.push([`http://${own}:${port}/hook`, /^the webhook host does not resolve to a public address/, true]);
    for (const [url, reason, permanent] of cases) {
      const sent = await app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'professional_send_message', target_user_id: P(1), message: 'hooked', dry_run: false, webhook_url: url },
      });
      assert.ok(sent.status < 300, sent.text);
      let webhook: Row = {};
      for (let i = 0; i < 100 && !((webhook.attempts as Row[] | undefined) ?? []).length; i++) {
        await new Promise((r) => setTimeout(r, 50));
        webhook = (await app.call('GET', `/api/v1/communications/${sent.body.id}`, { key })).body.webhook as Row;
      }
      const first = (webhook.attempts as Row[])[0]!;
      assert.match(String(first.error), reason, url);
      for (const secret of [own, 'no-such-host', '127.0.', 'ENOTFOUND', 'getaddrinfo'])
        assert.not.ok(JSON.stringify(webhook.attempts).includes(secret), `${url}: ${JSON.stringify(webhook.attempts)}`);
      // Not public: given up at once, no retries until WEBHOOK_MAX_ATTEMPTS; a name that did not resolve is retried.
      assert.is(first.next_attempt_at === null, permanent, JSON.stringify(first));
      // The details are in the server's log.
      assert.ok(app.logs.some((l) => l.communication_id === sent.body.id && JSON.stringify(l.err ?? '').length > 2));
    }
  } finally {
    receiver.close();
    await app.close();
  }
  assert.equal(webhookFailure(Object.assign(new Error('x resolves to 10.0.0.1'), { code: 'ENOTPUBLIC' })).permanent, true);
  assert.equal(webhookFailure(new Error('other', { cause: Object.assign(new Error('y'), { code: 'ECONNREFUSED' }) })), {
    reason: 'the webhook host refused the connection',
    permanent: false,
  });
});

test('WEBHOOK_ADDRESSES takes public or any', () => {
  assert.is(loadConfig({}).communications.webhookAddresses, 'public');
  assert.is(loadConfig({ WEBHOOK_ADDRESSES: 'ANY' }).communications.webhookAddresses, 'any');
  assert.throws(() => loadConfig({ WEBHOOK_ADDRESSES: 'private' }), /WEBHOOK_ADDRESSES must be public or any/);
});

test.run();
