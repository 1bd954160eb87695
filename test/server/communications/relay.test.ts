import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { verifySignature } from '../../../server/communications/signing.js';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { startReceiver } from '../../helpers/http-receiver.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;
const SECRET = 'relay-secret-0123456789';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');

test('HTTP relay: signed idempotent jobs; outcomes from the response, retries on 503, and a signed callback after 202', async () => {
  // Job 1: 503 then delivered with an artifact; job 2 (microblog): 202, outcome by callback.
  const relay = await startReceiver((req, i) => {
    const job = JSON.parse(req.body) as Row;
    if (job.network === 'microblog') return { status: 202, body: { status: 'accepted' } };
    if (i === 0) return { status: 503, body: {} };
    return {
      status: 200,
      body: {
        status: 'delivered',
        provider_message_id: 'pro-msg-1',
        artifacts: [
          { filename: 'shot.png', content_type: 'image/png', base64: PNG },
          { filename: '../escape', base64: PNG },
        ],
      },
    };
  });
  const app = await startTestApp({
    env: { ...FAST_DISPATCH, PROFESSIONAL_RELAY_URL: `${relay.url}/jobs`, MICROBLOG_RELAY_URL: `${relay.url}/jobs`, RELAY_SECRET: SECRET },
  });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sender' });
    const caps = await app.call('POST', '/api/v1/communications/capabilities', {
      key,
      body: { target_user_id: P(1), channels: ['professional_send_message', 'photo_send_message'] },
    });
    assert.equal(
      (caps.body.channels as Row[]).map((c) => c.provider),
      ['relay', 'sandbox'],
    );

    const sent = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'professional_send_message', target_user_id: P(1), message: 'via relay', dry_run: false, wait_ms: 3000 },
    });
    assert.is(sent.body.status, 'queued', sent.text);
    assert.is(((sent.body.result as Row).last_error as Row).code, 'relay_unavailable');
    app.clock.advance(1500);
    app.services.communications.wake();
    const done = await app.call('GET', `/api/v1/communications/${sent.body.id}?wait_ms=5000`, { key });
    assert.is(done.body.status, 'completed', done.text);
    assert.equal([(done.body.result as Row).provider, (done.body.result as Row).provider_message_id], ['relay', 'pro-msg-1']);
    assert.equal(
      (done.body.artifacts as Row[]).map((a) => a.filename),
      ['shot.png'],
    );
    assert.is(relay.received.length, 2);
    for (const r of relay.received) {
      assert.is(r.headers['idempotency-key'], sent.body.id);
      assert.ok(verifySignature(SECRET, r.body, r.headers['proxima-signature'] as string, app.clock.now()));
      const job = JSON.parse(r.body) as Row;
      assert.equal([job.job_id, (job.recipient as Row).handle, job.message], [sent.body.id, 'person1', 'via relay']);
    }

    const pending = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'microblog_send_message', target_user_id: P(1), message: 'async', dry_run: false, wait_ms: 3000 },
    });
    assert.is(pending.body.status, 'in_progress', pending.text);
    assert.ok((pending.body.events as Row[]).some((e) => e.type === 'awaiting_callback'));
    const callbackUrl = (JSON.parse(relay.received.at(-1)!.body) as Row).callback_url as string;
    assert.match(callbackUrl, new RegExp(`^${app.url}/api/v1/communications/${pending.body.id}/relay-callback\\?token=[0-9a-f]{64}$`));
    const outcome = JSON.stringify({ status: 'delivered', provider_message_id: 'mb-9' });
    const headers = { 'content-type': 'application/json' };
    const forged = await fetch(callbackUrl.replace(/token=.*/, `token=${'0'.repeat(64)}`), { method: 'POST', headers, body: outcome });
    assert.is(forged.status, 403, await forged.clone().text());
    const otherJob = await fetch(callbackUrl.replace(pending.body.id as string, sent.body.id as string), {
      method: 'POST',
      headers,
      body: outcome,
    });
    assert.is(otherJob.status, 403, 'a token opens only its own job');
    const callback = await fetch(callbackUrl, { method: 'POST', headers, body: outcome });
    assert.is(callback.status, 200, await callback.text());
    const finished = await app.call('GET', `/api/v1/communications/${pending.body.id}`, { key });
    assert.equal([finished.body.status, (finished.body.result as Row).provider_message_id], ['completed', 'mb-9']);
  } finally {
    await app.close();
    await relay.close();
  }
});

test('relay callbacks: a transient failure is retried, a job never called back ends failed, and one awaiting its callback can be cancelled', async () => {
  const relay = await startReceiver(() => ({ status: 202, body: { status: 'accepted' } }));
  const app = await startTestApp({
    env: {
      ...FAST_DISPATCH,
      PROFESSIONAL_RELAY_URL: `${relay.url}/jobs`,
      RELAY_SECRET: SECRET,
      RELAY_CALLBACK_TIMEOUT_MS: '5000',
      DISPATCH_MAX_ATTEMPTS: '2',
    },
  });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER) });
    const send = async (message: string) => {
      const res = await app.call('POST', '/api/v1/communications', {
        key,
        body: {
          channel: 'professional_send_message',
          target_user_id: P(1),
          message,
          dry_run: false,
          wait_ms: 3000,
          wait_until: 'first_progress',
        },
      });
      await new Promise((r) => setTimeout(r, 200));
      return (await app.call('GET', `/api/v1/communications/${res.body.id}`, { key })).body;
    };
    const callbackOf = (id: string) =>
      relay.received.map((r) => JSON.parse(r.body) as Row).find((j) => j.job_id === id)!.callback_url as string;

    // A transient failure reported by callback goes back to the queue like any failed attempt.
    const a = await send('transient');
    assert.is(a.status, 'in_progress');
    const transient = JSON.stringify({ status: 'failed', error: { code: 'network_busy', message: 'try later', transient: true } });
    const cb = await fetch(callbackOf(a.id as string), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: transient,
    });
    assert.is(cb.status, 200);
    const after = await app.call('GET', `/api/v1/communications/${a.id}`, { key });
    assert.equal([after.body.status, ((after.body.result as Row).last_error as Row).code], ['queued', 'network_busy']);
    // A token with multibyte characters is refused, not a crash.
    const odd = await fetch(callbackOf(a.id as string).replace(/token=.*/, `token=%C3%A9${'0'.repeat(63)}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.is(odd.status, 403);

    // Never called back: dispatched again after RELAY_CALLBACK_TIMEOUT_MS, then failed once the attempts ran out.
    const b = await send('silent relay');
    assert.is(b.status, 'in_progress');
    for (let i = 0; i < 2; i++) {
      app.clock.advance(6000);
      app.services.communications.wake();
      await new Promise((r) => setTimeout(r, 500));
    }
    const ended = await app.call('GET', `/api/v1/communications/${b.id}?wait_ms=3000`, { key });
    assert.is(ended.body.status, 'failed', JSON.stringify(ended.body.events));
    assert.is(((ended.body.result as Row).error as Row).code, 'relay_callback_timeout');
    assert.is(relay.received.filter((r) => (JSON.parse(r.body) as Row).job_id === b.id).length, 2);

    // Waiting for a callback, nothing is in flight on our side: cancel works.
    const c = await send('cancel me');
    const cancelled = await app.call('POST', `/api/v1/communications/${c.id}/cancel`, { key, body: { reason: 'too slow' } });
    assert.equal([cancelled.status, cancelled.body.status], [200, 'cancelled']);
    const late = await fetch(callbackOf(c.id as string), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'delivered' }),
    });
    assert.equal([(await late.json()).status], ['cancelled']);
  } finally {
    await app.close();
    await relay.close();
  }
});

test('relay answers that report no outcome are not deliveries: each is retried or refused with its reason', async () => {
  // The job's message picks the answer.
  const answers: Record<string, { status: number; body?: unknown; raw?: string; headers?: Record<string, string> }> = {
    redirect: { status: 302, raw: '', headers: { location: 'https://relay.example/jobs' } },
    empty: { status: 200, raw: '' },
    unknown: { status: 200, body: { status: 'exploded' } },
    array: { status: 200, body: [] },
    null: { status: 200, raw: 'null' },
    nocontent: { status: 204 },
    huge: { status: 200, raw: JSON.stringify({ status: 'delivered', detail: { pad: 'x'.repeat(17 * 1024 * 1024) } }) },
    artifacts: { status: 200, body: { status: 'delivered', artifacts: [null, 7, { filename: 'a.png', base64: PNG }] } },
    accept: { status: 202, body: { status: 'accepted' } },
  };
  const relay = await startReceiver((req) => answers[(JSON.parse(req.body) as Row).message as string]!);
  const app = await startTestApp({
    env: { ...FAST_DISPATCH, PROFESSIONAL_RELAY_URL: `${relay.url}/jobs`, RELAY_SECRET: SECRET, DISPATCH_MAX_ATTEMPTS: '3' },
  });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER) });
    const outcomes: Record<string, [unknown, unknown]> = {};
    for (const message of Object.keys(answers).filter((m) => m !== 'accept')) {
      const res = await app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'professional_send_message', target_user_id: P(1), message, dry_run: false },
      });
      // Until the first attempt has an outcome: an end, or an error it will be retried after.
      for (const end = Date.now() + 5000; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) {
        const c = (await app.call('GET', `/api/v1/communications/${res.body.id}`, { key })).body;
        const result = (c.result ?? {}) as Row;
        outcomes[message] = [c.status, ((result.last_error ?? result.error) as Row | undefined)?.code ?? null];
        if (c.status === 'completed' || c.status === 'failed' || result.last_error) break;
      }
    }
    assert.equal(outcomes, {
      redirect: ['failed', 'relay_rejected'],
      empty: ['queued', 'relay_bad_response'],
      unknown: ['queued', 'relay_bad_response'],
      array: ['queued', 'relay_bad_response'],
      null: ['queued', 'relay_bad_response'],
      nocontent: ['queued', 'relay_bad_response'],
      huge: ['queued', 'relay_bad_response'],
      artifacts: ['completed', null],
    });

    // A callback that reports nothing is refused; it used to complete the send as delivered.
    const waiting = await app.call('POST', '/api/v1/communications', {
      key,
      body: {
        channel: 'professional_send_message',
        target_user_id: P(1),
        message: 'accept',
        dry_run: false,
        wait_ms: 5000,
        wait_until: 'first_progress',
      },
    });
    assert.is(waiting.body.status, 'in_progress', waiting.text);
    const job = relay.received.map((r) => JSON.parse(r.body) as Row).find((j) => j.job_id === waiting.body.id)!;
    const blank = await fetch(job.callback_url as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.is(blank.status, 400);
    assert.is(((await blank.json()) as Row).error, 'validation_failed');
    assert.is((await app.call('GET', `/api/v1/communications/${waiting.body.id}`, { key })).body.status, 'in_progress');

    // A callback may carry what a direct answer may (up to 16 MiB): a 900 KB screenshot had been
    // 413 under the general 1 MiB limit, and the send waited until its timeout (an outside tester).
    // Without the job's token, the general limit holds.
    const shot = JSON.stringify({
      status: 'delivered',
      artifacts: [{ filename: 'shot.png', content_type: 'image/png', base64: Buffer.alloc(900_000, 7).toString('base64') }],
    });
    const headers = { 'content-type': 'application/json' };
    const untokened = await fetch((job.callback_url as string).replace(/token=.*/, `token=${'0'.repeat(64)}`), {
      method: 'POST',
      headers,
      body: shot,
    });
    assert.is(untokened.status, 413);
    assert.is(((await untokened.json()) as Row).limit_bytes, 1_048_576);
    const large = await fetch(job.callback_url as string, { method: 'POST', headers, body: shot });
    assert.is(large.status, 200, await large.clone().text());
    const delivered = await app.call('GET', `/api/v1/communications/${waiting.body.id}`, { key });
    assert.is(delivered.body.status, 'completed', delivered.text);
    assert.equal(
      (delivered.body.artifacts as Row[]).map((a) => a.filename),
      ['shot.png'],
    );
    const tooLarge = await fetch(job.callback_url as string, { method: 'POST', headers, body: ' '.repeat(16 * 1024 * 1024 + 1) });
    assert.is(tooLarge.status, 413);
    assert.is(((await tooLarge.json()) as Row).limit_bytes, 16 * 1024 * 1024);
  } finally {
    await app.close();
    await relay.close();
  }
});

test('configuration: a relay URL without RELAY_SECRET is refused at start', async () => {
  const { loadConfig, ConfigError } = await import('../../../server/config.js');
  try {
    loadConfig({ PROFESSIONAL_RELAY_URL: 'http://127.0.0.1:1/jobs' });
    assert.unreachable('should throw');
  } catch (err) {
    assert.instance(err, ConfigError);
    assert.match(String(err), /RELAY_SECRET/);
  }
});

test.run();
