import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventSource } from 'eventsource';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNERS_SQL } from '../../../server/communications/webhooks.js';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { startReceiver } from '../../helpers/http-receiver.js';
import { startTestApp, type TestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

/** The verification snippet of docs/communications.md, as a receiver would write it. */
function verify(secret: string, rawBody: string, header: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return parts.v1 !== undefined && crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}

/** A live professional message with a webhook, as an account sends it. */
function sendWithHook(app: TestApp, key: string, target: string, message: string, webhookUrl: string) {
  return app.call('POST', '/api/v1/communications', {
    key,
    body: { channel: 'professional_send_message', target_user_id: target, message, dry_run: false, webhook_url: webhookUrl },
  });
}

test('webhooks: every event is POSTed and signed, a failed delivery is retried and recorded, the secret never shows', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  const receiver = await startReceiver((_req, i) => ({ status: i === 0 ? 500 : 200, body: {} }));
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER) });
    const secret = 'whsec_test_0123456789abcdef';
    const created = await app.call('POST', '/api/v1/communications', {
      key,
      body: {
        channel: 'professional_send_message',
        target_user_id: P(1),
        message: 'hooked',
        dry_run: false,
        webhook_url: `${receiver.url}/hooks`,
        webhook_secret: secret,
        wait_ms: 5000,
      },
    });
    assert.is(created.body.status, 'completed', created.text);
    const sequences = (created.body.events as Row[]).map((e) => e.sequence as number);
    // Every event once delivered: the first attempt (500) of the first event is retried after its backoff.
    await receiver.waitFor(sequences.length);
    app.clock.advance(2000);
    app.services.communications.wake();
    await receiver.waitFor(sequences.length + 1);
    const delivered = new Map<number, number>();
    for (const r of receiver.received) {
      assert.is(r.headers['content-type'], 'application/json');
      assert.ok(verify(secret, r.body, r.headers['proxima-signature'] as string, Math.floor(app.clock.now() / 1000)), 'signature verifies');
      assert.not.ok(
        verify('wrong-secret-wrong-secret', r.body, r.headers['proxima-signature'] as string, Math.floor(app.clock.now() / 1000)),
      );
      const body = JSON.parse(r.body) as Row;
      assert.is(body.communication_id, created.body.id);
      assert.is(r.headers['proxima-event-id'], body.id);
      delivered.set(body.sequence as number, (delivered.get(body.sequence as number) ?? 0) + 1);
    }
    assert.equal(
      [...delivered.keys()].sort((a, b) => a - b),
      sequences,
    );
    const types = receiver.received.map((r) => (JSON.parse(r.body) as Row).type);
    assert.ok(types.includes('communication.completed'));
    const record = await app.call('GET', `/api/v1/communications/${created.body.id}`, { key });
    const webhook = record.body.webhook as Row;
    assert.equal([webhook.signed, webhook.events_total, webhook.delivered, webhook.failed], [true, sequences.length, sequences.length, 0]);
    const attempts = webhook.attempts as Row[];
    assert.is(attempts.length, sequences.length + 1);
    assert.ok(attempts.some((a) => a.http_status === 500 && a.next_attempt_at !== null));
    // The secret appears in no response and no log line.
    assert.not.ok(record.text.includes(secret));
    assert.not.ok(created.text.includes(secret));
    assert.not.ok(JSON.stringify(app.logs).includes(secret));
  } finally {
    await receiver.close();
    await app.close();
  }
});

test('webhooks: a receiver that never answers holds a fair share of the slots; other receivers, of any account, still get their events', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, WEBHOOK_TIMEOUT_MS: '20000', DISPATCH_CONCURRENCY: '4' } });
  // A receiver that reads each request and never answers.
  let open = 0;
  let most = 0;
  const stalled = http.createServer((req) => {
    open++;
    most = Math.max(most, open);
    req.on('close', () => open--);
  });
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  const stalledUrl = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/hooks`;
  const healthy = await startReceiver();
  try {
    await loadCommsCorpus(app);
    const slow = app.account({ personId: P(SENDER) }).apiKey;
    const other = app.account({ personId: P(1) }).apiKey;
    for (const n of [1, 2, 5, 1]) {
      const r = await sendWithHook(app, slow, P(n), `hooked ${n}`, stalledUrl);
      assert.ok(r.status < 300, r.text);
    }
    const deadline = Date.now() + 5000;
    while (most < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    // Its fair share, two of four, even while nobody else waits.
    assert.is(most, 2, 'the stalled receiver holds two of the four slots');
    const mine = await sendWithHook(app, other, P(SENDER), 'mine', `${healthy.url}/h`);
    assert.ok(mine.status < 300, mine.text);
    // Delivered while the stalled receiver still holds its share.
    await healthy.waitFor(1, 5000);
    assert.is(JSON.parse(healthy.received[0]?.body ?? '{}').communication_id, mine.body.id);
    // The stalled receiver's own account reaches a healthy receiver too.
    const own = await sendWithHook(app, slow, P(2), 'own', `${healthy.url}/own`);
    assert.ok(own.status < 300, own.text);
    const ownArrived = () => healthy.received.some((r) => JSON.parse(r.body).communication_id === own.body.id);
    const ownDeadline = Date.now() + 5000;
    while (!ownArrived() && Date.now() < ownDeadline) await new Promise((r) => setTimeout(r, 20));
    assert.ok(ownArrived(), 'the same account, another receiver');
    assert.ok(open >= 1 && most <= 2, `stalled receiver: ${open} open, at most ${most}`);
  } finally {
    stalled.closeAllConnections();
    await new Promise((r) => stalled.close(r));
    await healthy.close();
    await app.close();
  }
});

test('webhooks: a receiver that answers 200 and then trickles its body past the timeout gave no complete answer', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, WEBHOOK_TIMEOUT_MS: '400' } });
  // Headers at once, then a byte every 100 ms, never ending.
  const timers = new Set<NodeJS.Timeout>();
  const trickle = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    const t = setInterval(() => res.write('.'), 100);
    timers.add(t);
    res.on('close', () => clearInterval(t));
  });
  await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(trickle.address() as AddressInfo).port}/hooks`;
  try {
    await loadCommsCorpus(app);
    const key = app.account({ personId: P(SENDER) }).apiKey;
    const sent = await sendWithHook(app, key, P(1), 'trickled', url);
    assert.ok(sent.status < 300, sent.text);
    let attempts: Row[] = [];
    const deadline = Date.now() + 5000;
    while (!attempts.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      attempts = ((await app.call('GET', `/api/v1/communications/${sent.body.id}`, { key })).body.webhook as Row).attempts as Row[];
    }
    assert.ok(attempts.length > 0, 'an attempt is recorded');
    const first = attempts[0] as Row;
    assert.ok(first.error !== null && first.next_attempt_at !== null, JSON.stringify(first));
    const webhook = (await app.call('GET', `/api/v1/communications/${sent.body.id}`, { key })).body.webhook as Row;
    assert.is(webhook.delivered, 0);
  } finally {
    for (const t of timers) clearInterval(t);
    trickle.closeAllConnections();
    await new Promise((r) => trickle.close(r));
    await app.close();
  }
});

test("webhooks: an account behind another account's backlog of more than 512 due deliveries still gets its events", async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, WEBHOOK_TIMEOUT_MS: '20000', DISPATCH_CONCURRENCY: '4' } });
  const stalled = http.createServer(() => {});
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  const stalledUrl = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/hooks`;
  const healthy = await startReceiver();
  try {
    await loadCommsCorpus(app);
    const flooder = app.account({ personId: P(SENDER) });
    const other = app.account({ personId: P(1) }).apiKey;
    const ids: string[] = [];
    for (const n of [1, 2, 5, 1]) {
      const r = await sendWithHook(app, flooder.apiKey, P(n), `flood ${n}`, stalledUrl);
      assert.ok(r.status < 300, r.text);
      ids.push(r.body.id as string);
    }
    // 600 more of its deliveries, due before anything else: the earliest 512 due are all its own.
    const insert = app.services.db.prepare(
      `INSERT INTO webhook_deliveries (communication_id, sequence, owner_user_id, state, attempts, next_attempt_at, created_at, updated_at)
       VALUES (?, ?, ?, 'pending', 0, 1, 1, 1)`,
    );
    app.services.db.transaction(() => {
      for (let i = 0; i < 600; i++) insert.run(ids[i % ids.length], 1000 + i, flooder.userId);
    })();
    const mine = await sendWithHook(app, other, P(SENDER), 'mine', `${healthy.url}/h`);
    assert.ok(mine.status < 300, mine.text);
    // Delivered while the flood waits on a receiver that never answers (its timeout is 20 s).
    await healthy.waitFor(1, 5000);
    assert.is(JSON.parse(healthy.received[0]?.body ?? '{}').communication_id, mine.body.id);
  } finally {
    stalled.closeAllConnections();
    await new Promise((r) => stalled.close(r));
    await healthy.close();
    await app.close();
  }
});

test('webhooks: the per-account pass seeks the owner index, whatever the backlog', async () => {
  const app = await startTestApp();
  try {
    const db = app.services.db;
    const insert = db.prepare(
      `INSERT INTO webhook_deliveries (communication_id, sequence, owner_user_id, state, attempts, next_attempt_at, created_at, updated_at)
       VALUES (?, ?, ?, 'pending', 0, 1, 1, 1)`,
    );
    db.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run(`c${i % 50}`, i, i < 18_000 ? 'flood' : `owner${i}`);
    })();
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${OWNERS_SQL}`).all('', 64) as { detail: string }[]).map((r) => r.detail);
    assert.ok(
      plan
        .filter((d) => d.includes('webhook_deliveries'))
        .every((d) => d.includes('COVERING INDEX webhook_deliveries_owner_due (owner_user_id>?)')),
      plan.join('\n'),
    );
    const owners = db.prepare(OWNERS_SQL).all('', 64) as { id: string }[];
    assert.is(owners.length, 64);
    assert.is(owners[0]!.id, 'flood');
  } finally {
    await app.close();
  }
});

test('stream: an account holds at most SSE_STREAMS_PER_ACCOUNT streams open; a closed one frees its place', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SSE_STREAMS_PER_ACCOUNT: '2', SANDBOX_DISPATCH_MS: '60000' } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER) });
    const other = app.account({ personId: P(1) }).apiKey;
    const send = async (k: string, target: string, channel = 'photo_send_message') =>
      (
        await app.call('POST', '/api/v1/communications', {
          key: k,
          body: { channel, target_user_id: target, message: 'held open', dry_run: false },
        })
      ).body.id as string;
    const id = await send(key, P(1));
    const open = (k: string, commId: string, signal?: AbortSignal) =>
      fetch(`${app.url}/api/v1/communications/${commId}/stream`, { headers: { 'X-API-Key': k }, signal });
    const aborts = [new AbortController(), new AbortController()];
    const held = await Promise.all(aborts.map((a) => open(key, id, a.signal)));
    assert.equal(
      held.map((r) => r.status),
      [200, 200],
    );
    const third = await open(key, id);
    assert.equal([third.status, ((await third.json()) as Row).error], [429, 'too_many_streams']);
    // Another account is not counted with this one.
    const theirs = new AbortController();
    const otherStream = await open(other, await send(other, P(SENDER), 'professional_send_message'), theirs.signal);
    assert.is(otherStream.status, 200);
    theirs.abort();
    // A stream the client closes frees its place.
    aborts[0]!.abort();
    let again: Response | null = null;
    const reopened = new AbortController();
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      again = await open(key, id, reopened.signal);
      if (again.status === 200) break;
      await again.text();
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.is(again?.status, 200);
    reopened.abort();
    for (const a of aborts) a.abort();
  } finally {
    await app.close();
  }
});

test('stream: a real EventSource client reads to the terminal event; Last-Event-ID resumes; then 204', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SANDBOX_DISPATCH_MS: '800', SSE_HEARTBEAT_MS: '100' } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER) });
    const created = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'photo_send_message', target_user_id: P(1), message: 'streamed', dry_run: false },
    });
    const url = `${app.url}/api/v1/communications/${created.body.id}/stream`;
    const seen: { id: string; type: string; data: Row }[] = [];
    await new Promise<void>((resolve, reject) => {
      const es = new EventSource(url, {
        fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, 'X-API-Key': key } }),
      });
      const timer = setTimeout(() => {
        es.close();
        reject(new Error(`no terminal event; saw ${seen.map((s) => s.type).join(',')}`));
      }, 8000);
      for (const type of ['created', 'queued', 'dispatch_started', 'artifact', 'completed'])
        es.addEventListener(type, (e) => {
          seen.push({ id: e.lastEventId, type, data: JSON.parse(e.data) as Row });
          if (type === 'completed') {
            clearTimeout(timer);
            es.close();
            resolve();
          }
        });
      es.onerror = () => {};
    });
    assert.equal(
      seen.map((s) => s.type),
      ['created', 'queued', 'dispatch_started', 'artifact', 'completed'],
    );
    assert.equal(
      seen.map((s) => Number(s.id)),
      [1, 2, 3, 4, 5],
    );
    assert.equal(seen[4]!.data.communication_id, created.body.id);

    const resumed = await fetch(url, { headers: { 'X-API-Key': key, 'Last-Event-ID': '3' } });
    assert.is(resumed.headers.get('content-type'), 'text/event-stream');
    const text = await resumed.text(); // ends: the server closes after the terminal event
    assert.equal(
      [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])),
      [4, 5],
    );
    assert.match(text, /^event: completed$/m);
    const done = await fetch(url, { headers: { 'X-API-Key': key, 'Last-Event-ID': '5' } });
    assert.is(done.status, 204);
    // An id the stream never sends is said, not read as "from the start" (tester, 2026-11-29).
    for (const bad of ['abc', '-1', '3.5', '5, 6', '1e3']) {
      const refused = await fetch(url, { headers: { 'X-API-Key': key, 'Last-Event-ID': bad } });
      assert.is(refused.status, 400, bad);
      const body = (await refused.json()) as Row;
      assert.is(body.error, 'invalid_last_event_id', bad);
      assert.match(body.message as string, /leave it out/);
    }

    // Heartbeats keep an idle stream alive while a dispatch takes its time.
    const slow = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'photo_send_message', target_user_id: P(1), message: 'slow', dry_run: false },
    });
    const raw = await (await fetch(`${app.url}/api/v1/communications/${slow.body.id}/stream`, { headers: { 'X-API-Key': key } })).text();
    assert.match(raw, /^: heartbeat /m);
    assert.match(raw, /^event: completed$/m);
    const other = app.account({ name: 'Other' });
    const hidden = await fetch(url, { headers: { 'X-API-Key': other.apiKey } });
    assert.is(hidden.status, 404);
  } finally {
    await app.close();
  }
});

test.run();
