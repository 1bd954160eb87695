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
