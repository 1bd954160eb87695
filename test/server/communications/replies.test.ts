import nodemailer from 'nodemailer';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repliedCommunicationIds } from '../../../server/communications/inbound-smtp.js';
import { callbackToken } from '../../../server/communications/signing.js';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { startReceiver } from '../../helpers/http-receiver.js';
import { startSmtpSink } from '../../helpers/smtp-sink.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;
const SECRET = 'relay-secret-0123456789';

test('replies are matched by the quoted Message-ID or a reply+<id> address, never by anything else', () => {
  assert.equal(
    repliedCommunicationIds(
      { inReplyTo: '<abc@proxima.example>', references: ['<zzz@elsewhere.example>', '<def@PROXIMA.example>'], recipients: [] },
      'proxima.example',
    ),
    ['abc', 'def'],
  );
  assert.equal(repliedCommunicationIds({ recipients: ['Reply+c123@proxima.example', 'sam@x.example'] }, 'proxima.example'), ['c123']);
  assert.equal(repliedCommunicationIds({ inReplyTo: '<abc@other.example>', recipients: ['sam@x.example'] }, 'proxima.example'), []);
});

test('email replies reach the inbound SMTP listener and are recorded once; a sandbox reply and a relay reply count too', async () => {
  const sink = await startSmtpSink();
  const relay = await startReceiver(() => ({ status: 202, body: { status: 'accepted' } }));
  const app = await startTestApp({
    env: { ...FAST_DISPATCH, SMTP_URL: sink.url, INBOUND_SMTP_PORT: '0', MICROBLOG_RELAY_URL: `${relay.url}/jobs`, RELAY_SECRET: SECRET },
  });
  try {
    await loadCommsCorpus(app);
    await app.services.communications.inboundReady;
    const port = app.services.communications.inbound!.port!;
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const send = async (body: Row) =>
      (await app.call('POST', '/api/v1/communications', { key, body: { target_user_id: P(1), dry_run: false, wait_ms: 3000, ...body } }))
        .body;
    const read = async (id: string) => (await app.call('GET', `/api/v1/communications/${id}`, { key })).body;

    const mail = await send({ channel: 'email_send', subject: 'Search platform', message: 'Hi, shall we talk?' });
    assert.is(mail.status, 'completed');
    const sent = sink.messages[0]!;
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const reply = {
      from: 'first1@company2.example',
      to: 'sam@sender.example',
      subject: `Re: ${sent.subject}`,
      inReplyTo: sent.messageId,
      references: [sent.messageId!],
      messageId: '<reply-1@company2.example>',
      text: 'Yes, happy to talk on Tuesday.\n\n> Hi, shall we talk?',
    };
    await transport.sendMail(reply);
    // The same reply delivered twice (a retrying MTA) is one reply.
    await transport.sendMail(reply);
    let record = await read(mail.id as string);
    assert.equal(
      (record.replies as Row[]).map((r) => [r.via, r.from, r.subject]),
      [['smtp', 'first1@company2.example', 'Re: Search platform']],
    );
    assert.match((record.replies as Row[])[0]!.excerpt as string, /^Yes, happy to talk on Tuesday\./);
    assert.is((record.events as Row[]).filter((e) => e.type === 'replied').length, 1);
    // A plus-addressed reply with no quoted Message-ID is placed by its address.
    await transport.sendMail({
      from: 'first1@company2.example',
      to: `reply+${mail.id}@proxima.localdomain`,
      subject: 'Also',
      text: 'One more thing',
    });
    record = await read(mail.id as string);
    assert.is((record.replies as Row[]).length, 2);
    // A reply with no Message-ID at all, delivered twice, is one reply too (by its content); an
    // outside tester had found it recorded twice. Other words from the same sender are another.
    const bare = (text: string) =>
      transport.sendMail({
        envelope: { from: 'first1@company2.example', to: [`reply+${mail.id}@proxima.localdomain`] },
        raw: `From: first1@company2.example\r\nTo: reply+${mail.id}@proxima.localdomain\r\nSubject: No id\r\nIn-Reply-To: ${sent.messageId}\r\n\r\n${text}\r\n`,
      });
    await bare('Count me in.');
    await bare('Count me in.');
    record = await read(mail.id as string);
    assert.equal((record.replies as Row[]).map((r) => r.excerpt as string).sort(), [
      'Count me in.',
      'One more thing',
      'Yes, happy to talk on Tuesday.\n\n> Hi, shall we talk?',
    ]);
    assert.is((record.events as Row[]).filter((e) => e.type === 'replied').length, 3);
    await bare('And a question.');
    // A day later the same words are a new reply.
    app.clock.advance(25 * 3_600_000);
    await bare('Count me in.');
    record = await read(mail.id as string);
    assert.is((record.replies as Row[]).length, 5);
    // Mail that answers nothing Proxima sent is refused with 550, not kept.
    const stray = await transport
      .sendMail({ from: 'x@y.example', to: 'someone@proxima.localdomain', subject: 'Hello', text: 'Unrelated' })
      .then(
        () => null,
        (err: { responseCode?: number }) => err.responseCode,
      );
    assert.is(stray, 550);
    transport.close();

    // A sandbox network that is asked to reply does, after the delivery.
    const dm = await send({
      channel: 'professional_send_message',
      message: 'Hello there',
      context: { sandbox_reply: 'Thanks, interested!' },
    });
    assert.is(dm.status, 'completed', JSON.stringify(dm));
    const dmRecord = await read(dm.id as string);
    assert.equal(
      (dmRecord.replies as Row[]).map((r) => [r.via, r.excerpt]),
      [['sandbox', 'Thanks, interested!']],
    );
    const types = (dmRecord.events as Row[]).map((e) => e.type);
    assert.ok(types.indexOf('replied') > types.indexOf('completed'), types.join(','));

    // A relay reports a reply by callback, once per reply_id, without touching the status.
    const pending = await send({ channel: 'microblog_send_message', message: 'via relay' });
    const url = `${app.url}/api/v1/communications/${pending.id}/relay-callback?token=${callbackToken(SECRET, pending.id as string)}`;
    const post = (body: Row) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.is((await post({ status: 'delivered', provider_message_id: 'mb-1' })).status, 200);
    for (let i = 0; i < 2; i++) {
      const res = await post({ reply: { reply_id: 'r-77', from: '@p1micro', text: 'Sounds great' } });
      assert.equal([res.status, ((await res.json()) as Row).status], [200, 'completed']);
    }
    const relayed = await read(pending.id as string);
    assert.equal(
      (relayed.replies as Row[]).map((r) => [r.via, r.from, r.excerpt]),
      [['relay', '@p1micro', 'Sounds great']],
    );
  } finally {
    await app.close();
    await relay.close();
    await sink.close();
  }
});

test('a reply to an email that never went out (dry run, draft, cancelled, failed) is refused with 550 and records nothing', async () => {
  const sink = await startSmtpSink({
    rcptFailure: (address) => (address.startsWith('bounce') ? { code: 550, message: 'no such user' } : null),
  });
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SMTP_URL: sink.url, INBOUND_SMTP_PORT: '0' } });
  try {
    await loadCommsCorpus(app);
    await app.services.communications.inboundReady;
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const create = async (body: Row) =>
      (
        await app.call('POST', '/api/v1/communications', {
          key,
          body: { channel: 'email_send', recipient_email: 'ann@example.com', subject: 'Hello', message: 'Hi', wait_ms: 3000, ...body },
        })
      ).body;
    const dryRun = await create({});
    const draft = await create({ mode: 'draft' });
    const cancelled = await create({ mode: 'draft' });
    await app.call('POST', `/api/v1/communications/${cancelled.id}/cancel`, { key, body: {} });
    const failed = await create({ recipient_email: 'bounce@example.com', dry_run: false });
    assert.equal([dryRun.mode, draft.status, failed.status], ['dry_run', 'draft', 'failed'], JSON.stringify(failed));
    const sent = await create({ dry_run: false });
    assert.is(sent.status, 'completed');

    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: app.services.communications.inbound!.port!,
      secure: false,
      ignoreTLS: true,
    });
    const answer = (id: unknown, how: 'address' | 'quote') =>
      transport
        .sendMail({
          from: 'ann@example.com',
          to: how === 'address' ? `reply+${id}@proxima.localdomain` : 'sam@sender.example',
          ...(how === 'quote' ? { inReplyTo: `<${id}@proxima.localdomain>` } : {}),
          subject: 'Re: Hello',
          text: 'A reply',
        })
        .then(
          () => 250,
          (err: { responseCode?: number }) => err.responseCode,
        );
    for (const c of [dryRun, draft, cancelled, failed])
      for (const how of ['address', 'quote'] as const) {
        assert.is(await answer(c.id, how), 550, `${c.id} (${c.mode} ${c.status}) by ${how}`);
        const record = (await app.call('GET', `/api/v1/communications/${c.id}`, { key })).body;
        assert.equal(record.replies, [], `${c.mode} ${c.status}`);
        assert.not.ok((record.events as Row[]).some((e) => e.type === 'replied'));
      }
    // The mail that went out takes its reply.
    assert.is(await answer(sent.id, 'quote'), 250);
    const record = (await app.call('GET', `/api/v1/communications/${sent.id}`, { key })).body;
    assert.is((record.replies as Row[]).length, 1);
    transport.close();
  } finally {
    await app.close();
    await sink.close();
  }
});

test.run();
