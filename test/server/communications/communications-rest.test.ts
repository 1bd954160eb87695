import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAccount } from '../../../server/commands/create-account.js';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { startTestApp, type TestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

async function withComms(
  fn: (c: { app: TestApp; key: string; k1: string; k5: string }) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, ...env } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sender Hundred' });
    const { apiKey: k1 } = app.account({ personId: P(1) });
    const { apiKey: k5 } = app.account({ personId: P(5) });
    await fn({ app, key, k1, k5 });
  } finally {
    await app.close();
  }
}

const channel = (body: Row, name: string): Row => (body.channels as Row[]).find((c) => c.channel === name)!;
const eventTypes = (body: Row): string[] => (body.events as Row[]).map((e) => e.type as string);

test('capabilities: every channel for a fully reachable person, the reasons for one who is not', () =>
  withComms(async ({ app, key }) => {
    const res = await app.call('POST', '/api/v1/communications/capabilities', { key, body: { target_user_id: P(1) } });
    assert.is(res.status, 200, res.text);
    assert.is(res.body.owner_user_id, P(SENDER));
    assert.is(res.body.is_delegate, false);
    assert.is((res.body.resolved_target as Row).matched_by, 'target_user_id');
    assert.equal((res.body.channels as Row[]).length, 7);
    const email = channel(res.body, 'email_send');
    assert.equal([email.can_send, email.provider, email.recipient_email], [true, 'outbox', 'first1@company2.example']);
    assert.equal(
      (email.recipient_email_options as Row[]).map((o) => [o.address, o.quality, o.recommended]),
      [
        ['first1@company2.example', 'verified', true],
        ['first1.last1@mail.example', 'sourced', false],
      ],
    );
    assert.equal(
      [channel(res.body, 'professional_send_message').provider, channel(res.body, 'professional_send_message').recipient_handle],
      ['sandbox', 'person1'],
    );
    assert.is(channel(res.body, 'microblog_send_message').recipient_handle, 'p1micro');
    assert.is(channel(res.body, 'photo_send_message').recipient_handle, 'p1photo');
    assert.equal([channel(res.body, 'service_invite').can_send, channel(res.body, 'service_invite').reason], [false, 'already_connected']);
    assert.is(channel(res.body, 'service_direct_message').can_send, true);
    assert.equal((res.body.service as Row).service_connected, true);

    const far = await app.call('POST', '/api/v1/communications/capabilities', { key, body: { target_user_id: P(6) } });
    for (const c of far.body.channels as Row[])
      assert.is(c.can_send, false, `${c.channel} should not reach a non-member without contact points`);
    assert.is(channel(far.body, 'service_direct_message').reason, 'not_a_service_member');
    assert.is(channel(far.body, 'email_send').reason, 'no_email_address');
    assert.is(channel(far.body, 'professional_send_message').reason, 'no_professional_identity');

    const referral = await app.call('POST', '/api/v1/communications/capabilities', {
      key,
      body: { professional_username: 'person5', channels: ['service_referral_request', 'service_invite'] },
    });
    assert.is((referral.body.resolved_target as Row).user_id, P(5));
    assert.equal(
      (channel(referral.body, 'service_referral_request').candidate_connectors as Row[]).map((c) => c.user_id),
      [P(1)],
    );
    assert.is(channel(referral.body, 'service_invite').can_send, true);
    // A handle with its "@", in any case, is the same person.
    const handled = await app.call('POST', '/api/v1/communications/capabilities', {
      key,
      body: { professional_username: '@Person5', channels: ['service_invite'] },
    });
    assert.is((handled.body.resolved_target as Row).user_id, P(5), handled.text);

    const bad = await app.call('POST', '/api/v1/communications/capabilities', { key, body: { target_user_id: P(1), channels: ['email'] } });
    assert.equal([bad.status, bad.body.error], [400, 'invalid_channel']);
    assert.is((bad.body.allowed_channels as string[]).length, 7);
    // Private contact points never leak into the resolved target.
    assert.not.ok(JSON.stringify(res.body.resolved_target).includes('@'));
    // The address another account signed up with is never offered, used, or shown; nor is a server path.
    const member = createAccount(app.services, { tier: 'pro', email: 'private.signup@x.test', name: 'Signed Up' });
    const toMember = await app.call('POST', '/api/v1/communications/capabilities', {
      key,
      body: { target_user_id: member.userId, channels: ['email_send'] },
    });
    assert.is(toMember.status, 200, toMember.text);
    assert.not.ok(toMember.text.includes('private.signup@x.test'), toMember.text);
    assert.is(channel(toMember.body, 'email_send').reason, 'no_email_address');
    assert.not.ok(JSON.stringify(res.body).includes(app.dataDir), 'no server path in an answer');
  }));

test('create: clear errors for every missing or wrong part, and nothing is written', () =>
  withComms(async ({ app, key }) => {
    const cases: [Row, number, string][] = [
      [{ channel: 'email', target_user_id: P(1), message: 'hi' }, 400, 'invalid_channel'],
      [{ channel: 'email_send', target_user_id: P(1), message: 'hi' }, 400, 'email_subject_required'],
      // Metadata is bounded: a megabyte of it in every record would stall every listing.
      [
        { channel: 'service_direct_message', target_user_id: P(1), message: 'hi', context: { a: 'x'.repeat(20_000) } },
        400,
        'context_too_large',
      ],
      [{ channel: 'service_direct_message', message: 'hi' }, 400, 'target_identity_required'],
      [{ channel: 'service_direct_message', target_user_id: P(1), message: 'hi', mode: 'send', draft: true }, 400, 'validation_failed'],
      [{ channel: 'service_referral_request', target_user_id: P(5), message: 'hi' }, 400, 'connector_user_id_required'],
      [
        { channel: 'service_referral_request', target_user_id: P(5), connector_user_id: P(2), message: 'hi' },
        400,
        'connector_not_connected',
      ],
      [{ channel: 'service_direct_message', target_user_id: P(1) }, 400, 'validation_failed'],
      [{ channel: 'service_invite', target_user_id: P(5), message: 'x'.repeat(201) }, 400, 'validation_failed'],
      [{ channel: 'service_direct_message', professional_username: 'nobody-here', message: 'hi', dry_run: false }, 404, 'target_not_found'],
      [{ channel: 'service_direct_message', target_user_id: P(6), message: 'hi', dry_run: false }, 409, 'channel_unavailable'],
      [
        { channel: 'email_send', target_user_id: P(1), subject: 's', message: 'hi', recipient_email: 'not-an-address' },
        400,
        'validation_failed',
      ],
      [{ channel: 'service_direct_message', target_user_id: P(1), message: 'hi', wait_ms: 30001 }, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await app.call('POST', '/api/v1/communications', { key, body });
      assert.equal([res.status, res.body.error], [status, code], `${JSON.stringify(body)}: ${res.text}`);
      assert.type(res.body.message, 'string');
    }
    const wrong = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'professional', target_user_id: P(1), message: 'x' },
    });
    assert.equal(wrong.body.allowed_channels, [
      'service_direct_message',
      'service_invite',
      'service_referral_request',
      'email_send',
      'professional_send_message',
      'microblog_send_message',
      'photo_send_message',
    ]);
    assert.is(app.services.db.prepare('SELECT count(*) FROM communications').pluck().get(), 0);
  }));

test('dry run is the default and sends nothing; drafts are durable and never sent', () =>
  withComms(async ({ app, key }) => {
    const dry = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'service_direct_message', target_user_id: P(1), message: 'Hello' },
    });
    assert.is(dry.status, 200, dry.text);
    assert.equal([dry.body.status, dry.body.mode, dry.body.dry_run], ['completed', 'dry_run', true]);
    const receipt = dry.body.delivery_receipt as Row;
    assert.equal([receipt.terminal, receipt.state, receipt.provider_outcome], [true, 'dispatch_not_completed', 'simulated']);
    assert.ok((receipt.warnings as string[]).includes('dry_run_not_sent'));
    assert.equal(receipt.status_call, { tool: 'send_communication', arguments: { mode: 'status', communication_id: dry.body.id } });
    assert.is(dry.body.communication_id, dry.body.id);

    for (const body of [
      { channel: 'email_send', target_user_id: P(1), subject: 'Draft', message: 'Draft body', mode: 'draft' },
      { channel: 'email_send', target_user_id: P(1), subject: 'Draft', message: 'Draft body', draft: true, dry_run: false },
    ]) {
      const draft = await app.call('POST', '/api/v1/communications', { key, body });
      assert.equal([draft.body.status, draft.body.mode, draft.body.task], ['draft', 'draft', null]);
      const again = await app.call('GET', `/api/v1/communications/${draft.body.id}?wait_ms=2000`, { key });
      assert.is(again.body.status, 'draft');
      assert.ok((((again.body.delivery_receipt as Row).wait as Row).waited_ms as number) < 1000, 'a draft ends a wait at once');
    }
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(app.services.communications.inbox.messagesBetween(P(SENDER), P(1)), []);
    const history = await app.call('POST', '/api/v1/communications/history', { key, body: { target_user_id: P(1) } });
    assert.equal([history.body.has_prior_send, history.body.total_count], [false, 0]);
  }));

test('a live direct message lands in the recipient’s inbox once, and becomes correspondence', () =>
  withComms(async ({ app, key, k1 }) => {
    const body = {
      channel: 'service_direct_message',
      target_user_id: P(1),
      message: 'Hi First1, coffee next week?',
      dry_run: false,
      idempotency_key: 'dm-1',
      wait_ms: 5000,
    };
    const sent = await app.call('POST', '/api/v1/communications', { key, body });
    assert.is(sent.status, 200, sent.text);
    assert.is(sent.body.status, 'completed', JSON.stringify(sent.body.events));
    assert.equal(eventTypes(sent.body), ['created', 'queued', 'dispatch_started', 'completed']);
    const receipt = sent.body.delivery_receipt as Row;
    assert.equal([receipt.state, receipt.terminal, (receipt.wait as Row).satisfied], ['dispatch_succeeded', true, true]);
    const conversationId = (sent.body.result as Row).conversation_id as string;
    assert.match(conversationId, /^cv_/);

    // The same key and body: the same communication, not a second message.
    const repeat = await app.call('POST', '/api/v1/communications', { key, body });
    assert.is(repeat.body.id, sent.body.id);
    const changed = await app.call('POST', '/api/v1/communications', { key, body: { ...body, message: 'Different' } });
    assert.equal([changed.status, changed.body.error, changed.body.communication_id], [409, 'idempotency_key_reused', sent.body.id]);
    // An empty key is refused, not stored: it could never be looked up again.
    for (let i = 0; i < 2; i++) {
      const empty = await app.call('POST', '/api/v1/communications', { key, body: { ...body, idempotency_key: '' } });
      assert.equal([empty.status, empty.body.error], [400, 'validation_failed'], empty.text);
      assert.match(empty.body.message as string, /idempotency_key/);
    }

    const inbox = await app.call('GET', '/api/v1/inbox', { key: k1 });
    assert.is(inbox.status, 200, inbox.text);
    const conversations = inbox.body.conversations as Row[];
    assert.equal(
      conversations.map((c) => [c.conversation_id, c.with_user_id, c.unread_count]),
      [[conversationId, P(SENDER), 1]],
    );
    const thread = await app.call('GET', `/api/v1/inbox/conversations/${conversationId}`, { key: k1 });
    assert.equal(
      (thread.body.messages as Row[]).map((m) => [m.body, m.from_me]),
      [['Hi First1, coffee next week?', false]],
    );
    const reread = await app.call('GET', '/api/v1/inbox', { key: k1 });
    assert.is((reread.body.conversations as Row[])[0]!.unread_count, 0);
    // The sender cannot read another member's conversation listing as theirs.
    const stranger = app.account({ name: 'Stranger' });
    const denied = await app.call('GET', `/api/v1/inbox/conversations/${conversationId}`, { key: stranger.apiKey });
    assert.equal([denied.status, denied.body.error], [404, 'conversation_not_found']);

    // A reply from the recipient is inbound history for the sender.
    const reply = await app.call('POST', '/api/v1/communications', {
      key: k1,
      body: { channel: 'service_direct_message', target_user_id: P(SENDER), message: 'Sure!', dry_run: false, wait_ms: 5000 },
    });
    assert.is(reply.body.status, 'completed');
    const history = await app.call('POST', '/api/v1/communications/history', { key, body: { target_user_id: P(1) } });
    assert.is(history.status, 200, history.text);
    assert.equal([history.body.has_prior_send, history.body.total_count, (history.body.channel_counts as Row).service], [true, 2, 2]);
    assert.equal((history.body.entries as Row[]).map((e) => e.direction).sort(), ['inbound', 'outbound']);
    assert.is((history.body.most_recent_send as Row).communication_id, sent.body.id);

    // People search reads the same store.
    const search = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: {
        filters: { job_titles: { include: ['Software Engineer'] } },
        network_filter_mode: 'ignore',
        limit: 25,
        fields: ['id', 'has_previous_correspondence', 'correspondence_count'],
      },
    });
    const row = (search.body.users as Row[]).find((u) => u.id === P(1));
    assert.equal([row?.has_previous_correspondence, row?.correspondence_count], [true, 1]);
  }));

test('sandbox network send: watched from queued to completed, with a screenshot artifact and its event log', () =>
  withComms(async ({ app, key }) => {
    const created = await app.call('POST', '/api/v1/communications', {
      key,
      body: {
        channel: 'professional_send_message',
        professional_profile_url: 'https://professional.example/in/person1',
        message: 'Hello from the API',
        dry_run: false,
      },
    });
    assert.is(created.status, 200, created.text);
    assert.ok(['queued', 'in_progress'].includes(created.body.status as string));
    assert.is((created.body.delivery_receipt as Row).state, 'dispatch_pending');
    const progress = await app.call('GET', `/api/v1/communications/${created.body.id}?wait_ms=5000&wait_until=first_progress`, { key });
    assert.ok(['in_progress', 'completed'].includes(progress.body.status as string), progress.text);
    const done = await app.call('GET', `/api/v1/communications/${created.body.id}?wait_ms=5000`, { key });
    assert.is(done.body.status, 'completed');
    assert.equal((done.body.result as Row).provider, 'sandbox');
    const artifacts = done.body.artifacts as Row[];
    assert.equal(
      artifacts.map((a) => [a.filename, a.content_type]),
      [['screenshot.svg', 'image/svg+xml']],
    );
    const image = await fetch(artifacts[0]!.url as string, { headers: { 'X-API-Key': key } });
    assert.is(image.status, 200);
    assert.is(image.headers.get('content-type'), 'image/svg+xml');
    assert.ok((await image.text()).includes('Hello from the API'));
    for (const bad of ['..%2F..%2Fstore.sqlite', 'message.eml', '.hidden']) {
      const res = await app.call('GET', `/api/v1/communications/${created.body.id}/artifacts/${bad}`, { key });
      assert.equal([res.status, res.body.error], [404, 'artifact_not_found'], bad);
    }
    const events = await app.call('GET', `/api/v1/communications/${created.body.id}/events?after_sequence=2&limit=2`, { key });
    assert.equal(
      (events.body.events as Row[]).map((e) => e.sequence),
      [3, 4],
    );
    assert.equal(
      [events.body.has_more, events.body.latest_event_sequence],
      [true, (done.body.delivery_receipt as Row).latest_event_sequence],
    );
    // Another account sees none of it.
    const other = app.account({ name: 'Other' });
    const hidden = await app.call('GET', `/api/v1/communications/${created.body.id}`, { key: other.apiKey });
    assert.equal([hidden.status, hidden.body.error], [404, 'communication_not_found']);
  }));

test('cancel: a queued or in-progress send stops with its reason logged; a terminal one is 409', () =>
  withComms(
    async ({ app, key }) => {
      const created = await app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'microblog_send_message', microblog_username: '@P1Micro', message: 'cancel me', dry_run: false },
      });
      const started = await app.call('GET', `/api/v1/communications/${created.body.id}?wait_ms=3000&wait_until=first_progress`, { key });
      assert.is(started.body.status, 'in_progress');
      const cancelled = await app.call('POST', `/api/v1/communications/${created.body.id}/cancel`, {
        key,
        body: { reason: 'changed my mind' },
      });
      assert.is(cancelled.status, 200, cancelled.text);
      assert.is(cancelled.body.status, 'cancelled');
      const event = (cancelled.body.events as Row[]).find((e) => e.type === 'cancelled')!;
      assert.equal((event.data as Row).reason, 'changed my mind');
      assert.ok('webhook' in cancelled.body);
      await new Promise((r) => setTimeout(r, 2500));
      const later = await app.call('GET', `/api/v1/communications/${created.body.id}`, { key });
      assert.is(later.body.status, 'cancelled', 'the aborted dispatch does not overwrite the cancel');
      assert.equal(app.services.communications.inbox.sandboxDeliveries('microblog', P(SENDER), 'p1micro'), []);
      const again = await app.call('POST', `/api/v1/communications/${created.body.id}/cancel`, { key, body: {} });
      assert.equal([again.status, again.body.error, again.body.status], [409, 'communication_already_terminal', 'cancelled']);
    },
    { SANDBOX_DISPATCH_MS: '2000' },
  ));

test('transient failures are retried with backoff; permanent ones fail; the daily cap defers', () =>
  withComms(
    async ({ app, key }) => {
      const flaky = await app.call('POST', '/api/v1/communications', {
        key,
        body: {
          channel: 'photo_send_message',
          photo_username: 'p1photo',
          message: 'flaky',
          dry_run: false,
          context: { sandbox_outcome: 'flaky' },
          wait_ms: 3000,
        },
      });
      assert.is(flaky.body.status, 'queued', JSON.stringify(flaky.body.events));
      assert.ok(eventTypes(flaky.body).includes('retry_scheduled'));
      assert.is(((flaky.body.result as Row).last_error as Row).code, 'provider_unavailable');
      app.clock.advance(1500);
      app.services.communications.wake();
      const retried = await app.call('GET', `/api/v1/communications/${flaky.body.id}?wait_ms=3000`, { key });
      assert.is(retried.body.status, 'completed', JSON.stringify(retried.body.events));
      assert.is((retried.body.task as Row).attempts, 2);

      const broken = await app.call('POST', '/api/v1/communications', {
        key,
        body: {
          channel: 'professional_send_message',
          target_user_id: P(1),
          message: 'nope',
          dry_run: false,
          context: { sandbox_outcome: 'fail' },
          wait_ms: 3000,
        },
      });
      assert.equal([broken.body.status, ((broken.body.result as Row).error as Row).code], ['failed', 'recipient_unreachable']);
      assert.is((broken.body.delivery_receipt as Row).state, 'dispatch_not_completed');

      // DAILY_CAP_MICROBLOG_SEND_MESSAGE=1: the second send of the day waits for tomorrow.
      const first = await app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'microblog_send_message', target_user_id: P(1), message: 'one', dry_run: false, wait_ms: 3000 },
      });
      assert.is(first.body.status, 'completed');
      const second = await app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'microblog_send_message', target_user_id: P(1), message: 'two', dry_run: false, wait_ms: 1500 },
      });
      assert.is(second.body.status, 'queued');
      const deferred = (second.body.events as Row[]).find((e) => e.type === 'deferred')!;
      assert.equal((deferred.data as Row).reason, 'daily_cap_reached');
      assert.ok(((second.body.delivery_receipt as Row).warnings as string[]).includes('daily_cap_reached'));
      const caps = await app.call('POST', '/api/v1/communications/capabilities', {
        key,
        body: { target_user_id: P(1), channels: ['microblog_send_message'] },
      });
      assert.equal((channel(caps.body, 'microblog_send_message').daily_cap as Row).remaining, 0);
      app.clock.advance(86_400_000);
      app.services.communications.wake();
      const nextDay = await app.call('GET', `/api/v1/communications/${second.body.id}?wait_ms=3000`, { key });
      assert.is(nextDay.body.status, 'completed');
    },
    { DAILY_CAP_MICROBLOG_SEND_MESSAGE: '1' },
  ));

test('email: a bounced address is replaced by the validated one; outbox provider writes the mail once', () =>
  withComms(async ({ app, key }) => {
    const sent = await app.call('POST', '/api/v1/communications', {
      key,
      body: {
        channel: 'email_send',
        target_user_id: P(2),
        recipient_email: 'old2@company9.example',
        subject: 'Hello',
        message: 'Body text',
        dry_run: false,
        wait_ms: 5000,
      },
    });
    assert.is(sent.status, 200, sent.text);
    assert.equal(sent.body.recipient_email_substitution, {
      requested_recipient_email: 'old2@company9.example',
      recipient_email: 'new2@company3.example',
      reason: 'requested_address_bounced',
    });
    assert.is(sent.body.status, 'completed');
    assert.is((sent.body.result as Row).provider, 'outbox');
    const eml = (sent.body.artifacts as Row[]).find((a) => a.filename === 'message.eml')!;
    const mail = await (await fetch(eml.url as string, { headers: { 'X-API-Key': key } })).text();
    assert.match(mail, /To: new2@company3\.example/);
    assert.match(mail, new RegExp(`Message-ID: <${sent.body.id}@`));
    const stale = await app.call('POST', '/api/v1/communications/capabilities', {
      key,
      body: { target_user_id: P(3), channels: ['email_send'] },
    });
    assert.is(channel(stale.body, 'email_send').reason, 'no_email_address');
    const own = await app.call('POST', '/api/v1/communications', {
      key,
      body: {
        channel: 'email_send',
        target_user_id: P(3),
        recipient_email: 'someone@else.example',
        subject: 'Hi',
        message: 'Body',
        wait_ms: 100,
      },
    });
    assert.equal([own.body.status, (own.body.reasoning_lookup as Row).recipient_email_source], ['completed', 'user_supplied']);
  }));

test('invites sent at once: one is queued, the others are refused as invite_pending; copies with one key are one invite', () =>
  withComms(async ({ app, key, k5 }) => {
    const send = (extra: Row = {}) =>
      app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'service_invite', target_user_id: P(5), dry_run: false, ...extra },
      });
    // The dispatcher held, as a busy server's is: nothing is delivered while the ten are checked.
    await app.services.communications.dispatcher.stop();
    const racing = await Promise.all(Array.from({ length: 10 }, () => send()));
    app.services.communications.dispatcher.start();
    // Each used to be queued, then all but one failed at dispatch, counted against the daily cap.
    assert.equal(racing.map((r) => r.status).sort(), [200, ...Array.from({ length: 9 }, () => 409)], racing.map((r) => r.text).join('\n'));
    assert.ok(racing.filter((r) => r.status === 409).every((r) => r.body.reason === 'invite_pending'));
    const invites = () => app.services.communications.store.withTarget(P(SENDER), P(5)).filter((c) => c.channel === 'service_invite');
    assert.is(invites().length, 1);

    // Declined, the person can be invited again: copies of one request (one key) are one invite.
    const sent = (await app.call('GET', `/api/v1/communications/${racing.find((r) => r.status === 200)!.body.id}?wait_ms=5000`, { key }))
      .body;
    assert.is(sent.status, 'completed', JSON.stringify(sent));
    const inviteId = (sent.result as Row).invite_id as string;
    assert.is((await app.call('POST', `/api/v1/inbox/invites/${inviteId}`, { key: k5, body: { decision: 'decline' } })).status, 200);
    const keyed = await Promise.all(Array.from({ length: 5 }, () => send({ idempotency_key: 'one-invite' })));
    assert.equal([...new Set(keyed.map((r) => r.status))], [200], keyed.map((r) => r.text).join('\n'));
    assert.is(new Set(keyed.map((r) => r.body.id)).size, 1, 'copies of one request are one communication');
    assert.is(invites().length, 2);
  }));

test('invites and referral requests: the recipient decides, and the graph sees an accepted invite', () =>
  withComms(async ({ app, key, k1, k5 }) => {
    const versionBefore = app.services.graph.version();
    const invite = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'service_invite', target_user_id: P(5), message: 'Let us connect', dry_run: false, wait_ms: 5000 },
    });
    assert.is(invite.body.status, 'completed', invite.text);
    const inviteId = (invite.body.result as Row).invite_id as string;
    const pending = await app.call('GET', '/api/v1/inbox/invites', { key: k5 });
    assert.equal(
      (pending.body.invites as Row[]).map((i) => [i.invite_id, i.from_user_id, i.note]),
      [[inviteId, P(SENDER), 'Let us connect']],
    );
    const twice = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'service_invite', target_user_id: P(5), dry_run: false },
    });
    assert.equal([twice.status, twice.body.reason], [409, 'invite_pending']);
    const accepted = await app.call('POST', `/api/v1/inbox/invites/${inviteId}`, { key: k5, body: { decision: 'accept' } });
    assert.equal([accepted.status, accepted.body.service_connected], [200, true]);
    assert.ok(app.services.graph.firstDegree(P(SENDER), ['service']).has(P(5)));
    assert.ok(app.services.graph.version() > versionBefore, 'graph caches are invalidated');
    const decidedAgain = await app.call('POST', `/api/v1/inbox/invites/${inviteId}`, { key: k5, body: { decision: 'decline' } });
    assert.equal([decidedAgain.status, decidedAgain.body.error], [409, 'already_decided']);
    const record = await app.call('GET', `/api/v1/communications/${invite.body.id}`, { key });
    assert.ok(eventTypes(record.body).includes('invite_accepted'));

    // Referral to person 5 (already connected now, but 1 is still connected to both).
    const referral = await app.call('POST', '/api/v1/communications', {
      key,
      body: {
        channel: 'service_referral_request',
        target_user_id: P(5),
        connector_user_id: P(1),
        message: 'Could you introduce me to First5?',
        dry_run: false,
        wait_ms: 5000,
      },
    });
    assert.is(referral.body.status, 'completed', referral.text);
    const introId = (referral.body.result as Row).introduction_id as string;
    const list = await app.call('GET', '/api/v1/introductions', { key: k1 });
    assert.equal(
      (list.body.introductions as Row[]).map((i) => [i.introduction_id, i.status, i.requester_user_id]),
      [[introId, 'pending', P(SENDER)]],
    );
    const forwarded = await app.call('POST', `/api/v1/introductions/${introId}`, {
      key: k1,
      body: { decision: 'accept', note: 'You two should talk.' },
    });
    assert.is(forwarded.status, 200, forwarded.text);
    const conversationId = (forwarded.body.introduction as Row).conversation_id as string;
    const thread = await app.call('GET', `/api/v1/inbox/conversations/${conversationId}`, { key: k5 });
    assert.equal(
      (thread.body.messages as Row[]).map((m) => [m.kind, m.sender_user_id]),
      [['introduction', P(1)]],
    );
    const after = await app.call('GET', `/api/v1/communications/${referral.body.id}`, { key });
    assert.ok(eventTypes(after.body).includes('introduction_accepted'));
    const notMine = await app.call('POST', `/api/v1/introductions/${introId}`, { key: k5, body: { decision: 'decline' } });
    assert.equal([notMine.status, notMine.body.error], [404, 'introduction_not_found']);
  }));

test('history: unresolved targets, channel filter and alias, limit and the offset clamp', () =>
  withComms(async ({ app, key }) => {
    const none = await app.call('POST', '/api/v1/communications/history', { key, body: {} });
    assert.equal([none.status, none.body.error], [400, 'target_identity_required']);
    const unknown = await app.call('POST', '/api/v1/communications/history', {
      key,
      body: { professional_username: 'nobody-at-all', history_fresh: true },
    });
    assert.is(unknown.status, 200, unknown.text);
    assert.equal(
      [unknown.body.has_prior_send, unknown.body.history_coverage, unknown.body.target_user_id],
      [null, 'target_unresolved', null],
    );
    assert.is((unknown.body.professional_history as Row).refresh_skipped_reason, 'target_unresolved');
    for (const m of ['one', 'two', 'three'])
      await app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'professional_send_message', target_user_id: P(1), message: m, dry_run: false, wait_ms: 5000 },
      });
    await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'email_send', target_user_id: P(1), subject: 's', message: 'mail', dry_run: false, wait_ms: 5000 },
    });
    const all = await app.call('POST', '/api/v1/communications/history', {
      key,
      body: { target_user_id: P(1), history_channel: 'bogus', limit: 2, history_fresh: true },
    });
    assert.equal(
      [all.body.selected_channel, all.body.total_count, all.body.filtered_count, (all.body.entries as Row[]).length, all.body.has_more],
      ['all', 4, 4, 2, true],
    );
    assert.equal(all.body.channel_counts, { email: 1, service: 0, professional: 3, microblog: 0, photo: 0 });
    const pro = all.body.professional_history as Row;
    assert.equal(
      [pro.tracking_status, pro.refresh_status, pro.history_is_fresh, (pro.runs as Row[])[0]!.messages_found],
      ['tracked', 'completed', true, 3],
    );
    const email = await app.call('POST', '/api/v1/communications/history', { key, body: { target_user_id: P(1), channel: 'email' } });
    assert.equal([email.body.selected_channel, email.body.filtered_count], ['email', 1]);
    const deep = await app.call('POST', '/api/v1/communications/history', { key, body: { target_user_id: P(1), offset: 5000 } });
    assert.equal([deep.body.offset, deep.body.has_more, (deep.body.entries as Row[]).length], [1000, false, 0]);
    const tooMany = await app.call('POST', '/api/v1/communications/history', { key, body: { target_user_id: P(1), limit: 51 } });
    assert.is(tooMany.status, 400);
  }));

test('hardening: resumed claims are exclusive, email matches are not described, keys in any order, disabled channels, unread counts', () =>
  withComms(
    async ({ app, key, k1 }) => {
      // Two claimers of one send whose lease ran out: only one gets it.
      const store = app.services.communications.store;
      const sent = await app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'service_direct_message', target_user_id: P(2), message: 'x', mode: 'draft' },
      });
      app.services.db
        .prepare(`UPDATE communications SET status = 'in_progress', lease_owner = 'dead', lease_until = 1 WHERE communication_id = ?`)
        .run(sent.body.id);
      const first = store.claimDue('claimer-a', 60_000, app.clock.now(), 10, new Set());
      const second = store.claimDue('claimer-b', 60_000, app.clock.now(), 10, new Set());
      assert.equal([first.map((x) => x.communication.id), second.length], [[sent.body.id], 0]);
      app.services.db
        .prepare(`UPDATE communications SET status = 'cancelled', lease_owner = NULL WHERE communication_id = ?`)
        .run(sent.body.id);

      // A private email address names no one: no id, no handle, no in-service channel, nothing
      // a profile read could turn into a name. It is an address to write to, as given.
      const byEmail = await app.call('POST', '/api/v1/communications/capabilities', {
        key,
        body: {
          recipient_email: 'FIRST1@company2.example',
          channels: ['email_send', 'service_direct_message', 'professional_send_message'],
        },
      });
      const target = byEmail.body.resolved_target as Row;
      assert.equal([target.resolved, target.user_id, target.matched_by, target.name], [false, null, null, null]);
      assert.not.match(byEmail.text, new RegExp(P(1)), 'the person’s id appears nowhere in the answer');
      assert.equal([channel(byEmail.body, 'email_send').can_send, channel(byEmail.body, 'service_direct_message').can_send], [true, false]);
      const mailed = await app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'email_send', recipient_email: 'FIRST1@company2.example', subject: 'Hello', message: 'x', mode: 'draft' },
      });
      assert.is(mailed.status, 200, mailed.text);
      assert.not.match(mailed.text, new RegExp(P(1)));
      const byAddress = await app.call('POST', '/api/v1/communications/history', {
        key,
        body: { recipient_email: 'first1@COMPANY2.example' },
      });
      assert.is(byAddress.status, 200, byAddress.text);
      assert.not.match(byAddress.text, new RegExp(P(1)), 'the history of an address names no one');

      // The same idempotency key with the same body, context keys in another order: the same communication.
      const body = {
        channel: 'service_direct_message',
        target_user_id: P(1),
        message: 'hi',
        idempotency_key: 'order-1',
        context: { a: 1, b: { c: 2, d: 3 } },
      };
      const one = await app.call('POST', '/api/v1/communications', { key, body });
      const two = await app.call('POST', '/api/v1/communications', { key, body: { ...body, context: { b: { d: 3, c: 2 }, a: 1 } } });
      assert.is(two.body.id, one.body.id, two.text);

      // DAILY_CAP_PHOTO_SEND_MESSAGE=0 switches the channel off.
      const caps = await app.call('POST', '/api/v1/communications/capabilities', {
        key,
        body: { target_user_id: P(1), channels: ['photo_send_message'] },
      });
      assert.equal(
        [channel(caps.body, 'photo_send_message').can_send, channel(caps.body, 'photo_send_message').reason],
        [false, 'channel_disabled'],
      );
      const refused = await app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'photo_send_message', target_user_id: P(1), message: 'x', dry_run: false },
      });
      assert.equal([refused.status, refused.body.reason], [409, 'channel_disabled']);

      // Inbox counts come from the store, not from one page.
      for (const [from, to] of [
        [key, P(1)],
        [key, P(2)],
      ] as const)
        await app.call('POST', '/api/v1/communications', {
          key: from,
          body: { channel: 'service_direct_message', target_user_id: to, message: 'hello', dry_run: false, wait_ms: 3000 },
        });
      await app.call('POST', '/api/v1/communications', {
        key: k1,
        body: { channel: 'service_direct_message', target_user_id: P(3), message: 'hello 3', dry_run: false, wait_ms: 3000 },
      });
      const unread = await app.call('GET', '/api/v1/inbox?unread_only=true&limit=1', { key: k1 });
      assert.equal(
        [
          unread.body.total_conversations,
          unread.body.unread_conversations,
          (unread.body.conversations as Row[]).length,
          unread.body.has_more,
        ],
        [2, 1, 1, false],
      );

      // History by project target row: an unknown row names nobody; a row of this account names its person.
      const history = await app.call('POST', '/api/v1/communications/history', { key, body: { assignment_target_id: P(77) } });
      assert.equal((history.body.resolved_target as Row).unresolved_inputs, ['assignment_target_id']);
      const project = ((await app.call('POST', '/api/v1/projects', { key, body: { title: 'History' } })).body.project as Row).id as string;
      const added = await app.call('POST', `/api/v1/projects/${project}/targets`, { key, body: { target_user_id: P(2) } });
      const rowId = (added.body.added_targets as Row[])[0]!.assignment_target_id as string;
      const byRow = await app.call('POST', '/api/v1/communications/history', { key, body: { assignment_target_id: rowId } });
      assert.equal(
        [byRow.body.target_user_id, (byRow.body.resolved_target as Row).matched_by, byRow.body.has_prior_send],
        [P(2), 'assignment_target_id', true],
      );
      const foreign = await app.call('POST', '/api/v1/communications/history', { key: k1, body: { assignment_target_id: rowId } });
      assert.is(foreign.body.history_coverage, 'target_unresolved', 'another account’s row names nobody');
    },
    { DAILY_CAP_PHOTO_SEND_MESSAGE: '0' },
  ));

test('an outside tester’s nits: URLs with line breaks, blank keys and secrets, control and invisible characters, no channels, and success on the list', () =>
  withComms(async ({ app, key }) => {
    const create = (body: Row) =>
      app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'service_direct_message', target_user_id: P(1), message: 'hello', ...body },
      });
    const problem = (res: { body: Row }) => (res.body.errors as Row[] | undefined)?.[0] ?? {};
    // A newline (or a space, a tab, another control character) in a URL is refused, not dropped.
    for (const url of [
      'https://hooks.example.com/a\nb',
      'https://hooks.example.com/a\tb',
      ' https://hooks.example.com/',
      'https://hooks.example.com/\u0000',
    ]) {
      const res = await create({ webhook_url: url });
      assert.equal([res.status, problem(res).pointer], [400, '/webhook_url'], `${JSON.stringify(url)}: ${res.text}`);
      assert.match(String(problem(res).message), 'line breaks or other control characters');
    }
    // Keys and secrets of white space alone are no keys.
    const blankKey = await create({ idempotency_key: '   ' });
    assert.equal(
      [blankKey.status, problem(blankKey).pointer, problem(blankKey).message],
      [400, '/idempotency_key', 'must not be blank: white space alone is no value'],
    );
    const blankSecret = await create({ webhook_url: 'https://hooks.example.com/x', webhook_secret: ' '.repeat(20) });
    assert.equal([blankSecret.status, problem(blankSecret).pointer], [400, '/webhook_secret']);
    const watcherSecret = await app.call('POST', '/api/v1/signals/watchers', {
      key,
      body: {
        signal_types: ['role_change'],
        cohort: { person_ids: [P(1)] },
        deliveries: ['agent_webhook'],
        webhook_url: 'https://hooks.example.com/x',
        webhook_secret: ' '.repeat(20),
      },
    });
    assert.equal([watcherSecret.status, problem(watcherSecret).pointer], [400, '/webhook_secret'], watcherSecret.text);
    // NUL and other control characters in a subject or message are refused; tab and newlines are text.
    const nul = await create({ channel: 'email_send', subject: 'Hi\u0000there', message: 'body', recipient_email: 'a@b.example' });
    assert.equal([nul.status, problem(nul).pointer], [400, '/subject'], nul.text);
    assert.match(String(problem(nul).message), 'U+0000 at character 3');
    const bell = await create({ message: 'ring\u0007' });
    assert.equal([bell.status, problem(bell).pointer], [400, '/message']);
    assert.is((await create({ message: 'line one\r\n\tline two' })).status, 200);
    // A message of invisible characters alone is no message.
    const invisible = await create({ message: '\u200b\u200d\u2060\ufeff ' });
    assert.equal([invisible.status, problem(invisible).pointer], [400, '/message'], invisible.text);
    const invisibleSubject = await create({ channel: 'email_send', subject: '\u200b', message: 'body', recipient_email: 'a@b.example' });
    assert.is(invisibleSubject.body.error, 'email_subject_required');
    // An empty list of channels to check is refused, not read as all seven.
    const none = await app.call('POST', '/api/v1/communications/capabilities', { key, body: { target_user_id: P(1), channels: [] } });
    assert.equal([none.status, problem(none).pointer], [400, '/channels'], none.text);
    // The list says success, as every other route does.
    const list = await app.call('GET', '/api/v1/communications', { key });
    assert.is(list.body.success, true, list.text);
  }));

test('capabilities with no identity input is 400 target_identity_required, as create answers', () =>
  withComms(async ({ app, key }) => {
    for (const path of ['/api/v1/communications/capabilities', '/api/v1/communications'] as const) {
      const body = path.endsWith('capabilities') ? { channels: ['email_send'] } : { channel: 'email_send', subject: 's', message: 'm' };
      const res = await app.call('POST', path, { key, body });
      assert.equal([res.status, res.body.error], [400, 'target_identity_required'], `${path}: ${res.text}`);
    }
    // A blank identity is none; any one input is enough to answer.
    const blank = await app.call('POST', '/api/v1/communications/capabilities', {
      key,
      body: { target_user_id: '', channels: ['email_send'] },
    });
    assert.is(blank.status, 400, blank.text);
    const byEmail = await app.call('POST', '/api/v1/communications/capabilities', {
      key,
      body: { recipient_email: 'ann@example.com', channels: ['email_send'] },
    });
    assert.equal([byEmail.status, channel(byEmail.body, 'email_send').can_send], [200, true], byEmail.text);
  }));

test.run();
