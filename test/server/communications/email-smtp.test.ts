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

test('recipient_email is exactly one plain address: lists, display names, brackets and comments are refused, and SMTP gets what is recorded', async () => {
  const rcpt: string[] = [];
  const sink = await startSmtpSink({
    rcptFailure: (address) => {
      rcpt.push(address);
      return null;
    },
  });
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SMTP_URL: sink.url } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER) });
    const send = (recipient_email: string, extra: Row = {}) =>
      app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'email_send', recipient_email, subject: 's', message: 'm', ...extra },
      });
    // Each of these nodemailer reads as an address list or a named address: mailed elsewhere
    // than recorded (tester, 2026-11-29), or refused by SMTP only later.
    const refused = [
      'alice,bob:x;carol<dave@example.com',
      '(x)a@example.com',
      '<angle@example.com>',
      'Dave <dave@example.com>',
      'a@exa<mple.com',
      'a@example..com',
      'a.@example.com',
      '.a@example.com',
      'a..b@example.com',
      'a@-example.com',
      'a@example-.com',
      'a@b@example.com',
      '"a b"@example.com',
      'a;b@example.com',
      'a@example',
      'a@example.c0m',
      `${'x'.repeat(65)}@example.com`,
    ];
    for (const address of refused) {
      const r = await send(address, { dry_run: false });
      assert.equal([r.status, r.body.error], [400, 'validation_failed'], `${address}: ${r.text}`);
      const problem = (r.body.errors as Row[])[0]!;
      assert.equal([problem.pointer, problem.in], ['/recipient_email', 'body'], address);
      assert.match(problem.message as string, /one plain email address/, address);
    }
    assert.is(app.services.db.prepare('SELECT count(*) FROM communications').pluck().get(), 0, 'nothing was recorded');
    // Capabilities and a project draft apply the same rule.
    const caps = await app.call('POST', '/api/v1/communications/capabilities', {
      key,
      body: { recipient_email: 'Dave <dave@example.com>', channels: ['email_send'] },
    });
    assert.is((caps.body.channels as Row[])[0]!.reason, 'recipient_email_invalid', caps.text);
    const base = `/api/v1/projects/${((await app.call('POST', '/api/v1/projects', { key, body: { title: 'T' } })).body.project as Row).id}`;
    await app.call('POST', `${base}/targets`, { key, body: { target_user_ids: [P(1)] } });
    const draft = await app.call('PUT', `${base}/target-users/${P(1)}/message`, {
      key,
      body: { message: 'Hi', recipient_email: '(x)a@example.com' },
    });
    assert.equal([draft.status, (draft.body.errors as Row[] | undefined)?.[0]?.pointer], [400, '/recipient_email'], draft.text);

    // Plain addresses pass, with the characters an address may hold; SMTP is handed the recorded one alone.
    for (const address of ["o'brien+tag@mail.example.com", 'first_last-1@x-y.example.org', 'jörg@exämple.de'])
      assert.is((await send(address)).status, 200, address);
    const live = await send("o'brien+tag@mail.example.com", { dry_run: false, wait_ms: 5000 });
    assert.equal([live.status, live.body.status], [200, 'completed'], live.text);
    assert.is((live.body.reasoning_lookup as Row).recipient_email, "o'brien+tag@mail.example.com");
    assert.equal(rcpt, ["o'brien+tag@mail.example.com"]);
    const to = sink.messages[0]!.to;
    assert.equal(
      (Array.isArray(to) ? to : [to]).flatMap((t) => t!.value.map((v) => v.address)),
      ["o'brien+tag@mail.example.com"],
    );
  } finally {
    await app.close();
    await sink.close();
  }
});

test.run();
