import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { startSmtpSink } from '../../helpers/smtp-sink.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

test('a live email arrives once at a real SMTP server, even when the request is retried with its key', async () => {
  const sink = await startSmtpSink();
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SMTP_URL: sink.url, SMTP_FROM: 'Proxima Outreach <outreach@proxima.test>' } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sender Hundred' });
    const caps = await app.call('POST', '/api/v1/communications/capabilities', {
      key,
      body: { target_user_id: P(1), channels: ['email_send'] },
    });
    assert.is((caps.body.channels as Row[])[0]!.provider, 'smtp');
    const body = {
      channel: 'email_send',
      target_user_id: P(1),
      subject: 'Quick question',
      message: 'Hello First1,\n\nA question about your work.',
      dry_run: false,
      idempotency_key: 'mail-1',
    };
    // Three tries of one request, two of them at once, then one after completion.
    const [a, b] = await Promise.all([
      app.call('POST', '/api/v1/communications', { key, body }),
      app.call('POST', '/api/v1/communications', { key, body }),
    ]);
    assert.is(a.body.id, b.body.id, `${a.text} ${b.text}`);
    const done = await app.call('GET', `/api/v1/communications/${a.body.id}?wait_ms=10000`, { key });
    assert.is(done.body.status, 'completed', done.text);
    const again = await app.call('POST', '/api/v1/communications', { key, body: { ...body, wait_ms: 1000 } });
    assert.is(again.body.id, a.body.id);
    await new Promise((r) => setTimeout(r, 300));
    assert.is(sink.messages.length, 1);
    const mail = sink.messages[0]!;
    assert.is(mail.subject, 'Quick question');
    assert.is(mail.from?.value[0]?.address, 'outreach@proxima.test');
    assert.equal(
      (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((t) => t!.value.map((v) => v.address)),
      ['first1@company2.example'],
    );
    assert.match(mail.messageId ?? '', new RegExp(`^<${a.body.id}@`));
    assert.match(mail.text ?? '', /A question about your work/);
    assert.is((done.body.result as Row).provider, 'smtp');
    assert.match((done.body.result as Row).smtp_response as string, /^250/);
  } finally {
    await app.close();
    await sink.close();
  }
});

test('SMTP: a 451 is retried with backoff, a 550 fails the communication', async () => {
  const sink = await startSmtpSink({
    rcptFailure: (address, attempt) =>
      address.startsWith('new2') && attempt === 1
        ? { code: 451, message: 'try later' }
        : address.startsWith('guess4')
          ? { code: 550, message: 'no such user' }
          : null,
  });
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SMTP_URL: sink.url } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER) });
    const later = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'email_send', target_user_id: P(2), subject: 'Retry', message: 'Body', dry_run: false, wait_ms: 5000 },
    });
    assert.is(later.body.status, 'queued', later.text);
    const retry = (later.body.events as Row[]).find((e) => e.type === 'retry_scheduled')!;
    assert.is(((retry.data as Row).error as Row).code, 'smtp_temporary_failure');
    app.clock.advance(1500);
    app.services.communications.wake();
    const done = await app.call('GET', `/api/v1/communications/${later.body.id}?wait_ms=5000`, { key });
    assert.is(done.body.status, 'completed', done.text);
    const refused = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'email_send', target_user_id: P(4), subject: 'Nope', message: 'Body', dry_run: false, wait_ms: 5000 },
    });
    assert.equal([refused.body.status, ((refused.body.result as Row).error as Row).code], ['failed', 'smtp_rejected']);
    assert.is(sink.messages.length, 1);
  } finally {
    await app.close();
    await sink.close();
  }
});

/** Starts the child app; resolves with its port and key once it listens. */
function startChild(dir: string, smtpUrl: string): Promise<{ child: ChildProcess; base: string; key: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./comms-child.ts', import.meta.url).pathname, dir, smtpUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        const { port, apiKey } = JSON.parse(line) as { port: number; apiKey: string };
        resolve({ child, base: `http://127.0.0.1:${port}`, key: apiKey });
      }
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before listening`)));
  });
}

test('a server killed during an SMTP dispatch resumes on restart and the mail arrives exactly once', async () => {
  let held = 0;
  let onHold: () => void = () => {};
  const holding = new Promise<void>((resolve) => {
    onHold = resolve;
  });
  // The first DATA is held (the server dies meanwhile); the resumed dispatch is accepted at once.
  const sink = await startSmtpSink({ holdMs: () => (held++ === 0 ? 3000 : 0), onHold: () => onHold() });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-comms-kill-'));
  try {
    const first = await startChild(dir, sink.url);
    const body = {
      channel: 'email_send',
      recipient_email: 'someone@receiver.example',
      subject: 'Once',
      message: 'Exactly once.',
      dry_run: false,
      idempotency_key: 'kill-1',
    };
    const call = (base: string, key: string, method: string, p: string, b?: unknown) =>
      fetch(base + p, {
        method,
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      }).then(async (r) => (await r.json()) as Row);
    const created = await call(first.base, first.key, 'POST', '/api/v1/communications', body);
    assert.is(created.status, 'queued');
    await holding; // the mail is on the wire, its 250 not yet sent
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    await new Promise((r) => setTimeout(r, 3200)); // the sink drops the held message of the dead session
    assert.is(sink.messages.length, 0);

    const second = await startChild(dir, sink.url);
    try {
      // The client retries its request too: same key, same communication.
      const retried = await call(second.base, second.key, 'POST', '/api/v1/communications', body);
      assert.is(retried.id, created.id);
      const done = await call(second.base, second.key, 'GET', `/api/v1/communications/${created.id}?wait_ms=15000`);
      assert.is(done.status, 'completed', JSON.stringify(done.events));
      const types = (done.events as Row[]).map((e) => e.type);
      assert.ok(types.includes('dispatch_resumed'), types.join(','));
      await new Promise((r) => setTimeout(r, 300));
      assert.is(sink.messages.length, 1);
      assert.match(sink.messages[0]!.messageId ?? '', new RegExp(`^<${created.id}@`));
    } finally {
      second.child.kill('SIGKILL');
    }
  } finally {
    await sink.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
