import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fitInviteNote } from '../../../server/mcp/tools/communications/send-communication.js';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { connectMcp } from '../../helpers/mcp-client.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

test('invite notes: at most 200 characters counting links in full, cut at a word boundary', () => {
  const link = 'https://example.com/a/very/long/path/that/counts/in/full?with=query&and=more';
  const note = `Hi! I read your post about search infrastructure and would love to connect. Here is what I mean: ${link} and some more words after the link to push it over the limit.`;
  const fitted = fitInviteNote(note);
  assert.ok(fitted.truncated);
  assert.ok(fitted.note.length <= 200, String(fitted.note.length));
  assert.ok(note.startsWith(fitted.note));
  assert.ok(note[fitted.note.length] === ' ', 'cut at a word boundary');
  assert.ok(fitted.note.includes(link), 'the link is kept whole');
  assert.equal(fitInviteNote('short note'), { note: 'short note', truncated: false });
  // An emoji is one character, and a cut never splits its surrogate pair.
  const emoji = `a${'😀'.repeat(150)}`;
  assert.equal(fitInviteNote(emoji), { note: emoji, truncated: false });
  const long = fitInviteNote(`a${'😀'.repeat(250)}`);
  assert.ok(long.truncated);
  assert.is(Array.from(long.note).length, 200);
  assert.not.match(long.note, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
});

test('connector: the sender sends through send_communication, a second account reads it in its inbox', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const sender = app.account({ personId: P(SENDER), name: 'Sender Hundred' });
    const recipient = app.account({ personId: P(1), name: 'First1 Last1' });
    const invitee = app.account({ personId: P(5) });
    const a = await connectMcp(app.url, { apiKey: sender.apiKey });
    const b = await connectMcp(app.url, { apiKey: recipient.apiKey });
    const c = await connectMcp(app.url, { apiKey: invitee.apiKey });
    try {
      const precheck = await a.call('send_communication', {
        mode: 'precheck',
        target_user_id: P(1),
        channels: ['email_send', 'service_direct_message'],
      });
      assert.not.ok(precheck.isError, JSON.stringify(precheck.structuredContent));
      const email = ((precheck.structuredContent!.capabilities as Row).channels as Row[])[0]!;
      assert.is(email.recipient_email, 'first1@company2.example');

      const noAddress = await a.call('send_communication', {
        mode: 'send',
        channel: 'email_send',
        target_user_id: P(1),
        subject: 'Hi',
        message: 'Body',
        dry_run: false,
      });
      assert.ok(noAddress.isError);
      assert.equal([noAddress.structuredContent!.error, noAddress.structuredContent!.success], ['recipient_email_required', false]);
      const dry = await a.call('send_communication', {
        mode: 'send',
        channel: 'email_send',
        target_user_id: P(1),
        subject: 'Hi',
        message: 'Body',
      });
      assert.is((dry.structuredContent!.communication as Row).mode, 'dry_run', 'send without dry_run=false is a dry run');
      const mail = await a.call('send_communication', {
        mode: 'send',
        channel: 'email_send',
        target_user_id: P(1),
        recipient_email: email.recipient_email,
        subject: 'Hi',
        message: 'Body',
        dry_run: false,
        wait_ms: 5000,
      });
      assert.is((mail.structuredContent!.communication as Row).status, 'completed', JSON.stringify(mail.structuredContent));

      const dm = await a.call('send_communication', {
        mode: 'send',
        channel: 'service_direct_message',
        target_user_id: P(1),
        message: 'Hello through the connector',
        dry_run: false,
      });
      const id = (dm.structuredContent!.communication as Row).id as string;
      const status = await a.call('send_communication', { mode: 'status', communication_id: id, wait_ms: 5000 });
      assert.is((status.structuredContent!.communication as Row).status, 'completed');
      const read = await a.call('communication_read', { mode: 'events', communication_id: id });
      assert.equal(
        ((read.structuredContent!.events as Row).events as Row[]).map((e) => e.type),
        ['created', 'queued', 'dispatch_started', 'completed'],
      );
      const list = await a.call('communication_read', { mode: 'list', channel: 'service_direct_message' });
      assert.equal(
        ((list.structuredContent!.list as Row).communications as Row[]).map((x) => x.communication_id),
        [id],
      );

      // The recipient's side.
      const inbox = await b.call('inbox_read', {});
      assert.not.ok(inbox.isError, JSON.stringify(inbox.structuredContent));
      const conversations = (inbox.structuredContent!.inbox as Row).conversations as Row[];
      assert.equal(
        conversations.map((x) => [x.with_user_id, x.unread_count, (x.last_message as Row).body]),
        [[P(SENDER), 1, 'Hello through the connector']],
      );
      const thread = await b.call('conversation_read', { with_user_id: P(SENDER) });
      assert.equal(
        (thread.structuredContent!.messages as Row[]).map((m) => m.body),
        ['Hello through the connector'],
      );
      const none = await b.call('conversation_read', { with_user_id: P(4) });
      assert.equal([none.structuredContent!.conversation_id, none.structuredContent!.messages], [null, []]);

      // An invite with a long note is cut to fit; the invitee accepts it through communication_action.
      const long = `${'Great to meet you at the conference, '.repeat(8)}let us stay in touch.`;
      const invite = await a.call('send_communication', {
        mode: 'send',
        channel: 'service_invite',
        target_user_id: P(5),
        message: long,
        dry_run: false,
        wait_ms: 5000,
      });
      assert.is(invite.structuredContent!.note_truncated, true);
      assert.ok(((invite.structuredContent!.communication as Row).reasoning_lookup as Row).message!.toString().length <= 200);
      const invites = await c.call('inbox_read', { mode: 'invites' });
      const inviteId = (invites.structuredContent!.invites as unknown as Row[])[0]!.invite_id as string;
      const accepted = await c.call('communication_action', { mode: 'accept_invite', invite_id: inviteId });
      assert.equal([accepted.structuredContent!.service_connected, (accepted.structuredContent!.invite as Row).status], [true, 'accepted']);

      // A referral through person 1, who forwards it with introduction_read.
      const referral = await a.call('send_communication', {
        mode: 'send',
        channel: 'service_referral_request',
        target_user_id: P(5),
        connector_user_id: P(1),
        message: 'Would you introduce me?',
        dry_run: false,
        wait_ms: 5000,
      });
      assert.is((referral.structuredContent!.communication as Row).status, 'completed');
      const intros = await b.call('introduction_read', { mode: 'list' });
      const introId = (intros.structuredContent!.introductions as unknown as Row[])[0]!.introduction_id as string;
      const forwarded = await b.call('introduction_read', { mode: 'accept', introduction_id: introId, note: 'Meet each other!' });
      assert.is((forwarded.structuredContent!.introduction as Row).status, 'accepted');
      const invitedInbox = await c.call('inbox_read', {});
      assert.ok(((invitedInbox.structuredContent!.inbox as Row).conversations as Row[]).some((x) => x.with_user_id === P(SENDER)));

      // Cancel through communication_action; a finished one is a clear error.
      const queued = await a.call('send_communication', {
        mode: 'send',
        channel: 'photo_send_message',
        target_user_id: P(1),
        message: 'later',
        dry_run: false,
      });
      const cancelled = await a.call('communication_action', {
        mode: 'cancel',
        communication_id: (queued.structuredContent!.communication as Row).id,
        reason: 'not now',
      });
      assert.is((cancelled.structuredContent!.communication as Row).status, 'cancelled');
      const again = await a.call('communication_action', { mode: 'cancel', communication_id: id });
      assert.equal([again.isError, again.structuredContent!.error], [true, 'communication_already_terminal']);

      const research = await a.call('professional_conversation_status', { professional_username: 'person1', refresh: true });
      assert.equal((research.structuredContent!.professional_history as Row).tracking_status, 'tracked');
      const unknown = await a.call('professional_conversation_status', { professional_username: 'nobody-here' });
      assert.equal(
        [unknown.structuredContent!.has_prior_send, (unknown.structuredContent!.professional_history as Row).tracking_status],
        [null, 'target_unresolved'],
      );
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  } finally {
    await app.close();
  }
});

test.run();
