import nodemailer from 'nodemailer';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { startReceiver } from '../../helpers/http-receiver.js';
import { startSmtpSink } from '../../helpers/smtp-sink.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

test('a project from creation through targets, templates, drafts, review and activation to metrics', async () => {
  const sink = await startSmtpSink();
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SMTP_URL: sink.url, PROFESSIONAL_DAILY_CAP: '1', INBOUND_SMTP_PORT: '0' } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const { apiKey: k3 } = app.account({ personId: P(3) });
    const other = app.account({ name: 'Other' });
    const call = (method: string, path: string, body?: unknown, k = key) => app.call(method, path, { key: k, body });

    // Create, read, update, archive.
    const created = await call('POST', '/api/v1/projects', {
      title: 'Platform hiring',
      pitch: 'We are building a search platform and hiring senior engineers',
    });
    assert.is(created.status, 200, created.text);
    const project = created.body.project as Row;
    const id = project.id as string;
    assert.equal([project.status, project.engagement_mode, project.target_count, project.kind], ['draft', 'quick_text', 0, 'project']);
    const base = `/api/v1/projects/${id}`;
    assert.equal(
      [(await call('GET', base, undefined, other.apiKey)).status, (await call('GET', base, undefined, other.apiKey)).body.error],
      [404, 'project_not_found'],
    );
    const patched = await call('PATCH', base, { status: 'reviewing', engagement_mode: 'schedule_live', allow_discovery: true });
    assert.equal(
      [(patched.body.project as Row).status, (patched.body.project as Row).engagement_mode, (patched.body.project as Row).allow_discovery],
      ['reviewing', 'schedule_live', true],
    );
    assert.is((await call('PATCH', base, { engagement_mode: 'carrier_pigeon' })).status, 400);
    await call('POST', `${base}/archive`, {});
    const hidden = await call('GET', `/api/v1/projects?current_project_id=${id}`);
    assert.equal(
      [(hidden.body.projects as Row[]).length, hidden.body.current_session_project_reason, hidden.body.current_session_project_included],
      [0, 'included_from_session_binding', true],
    );
    await call('POST', `${base}/archive`, { archived: false });
    const listed = await call('GET', `/api/v1/projects?current_project_id=${id}`);
    assert.equal([(listed.body.projects as Row[]).length, listed.body.current_session_project_reason], [1, 'already_in_list']);
    const foreign = await call('GET', `/api/v1/projects?current_project_id=${id}`, undefined, other.apiKey);
    assert.is(foreign.body.current_session_project_reason, 'not_found_or_inaccessible');

    // Activation needs an eligible target: with none the project stays as it was.
    const early = await call('POST', `${base}/activate`, {});
    assert.equal([early.status, early.body.error], [409, 'no_eligible_targets'], early.text);
    assert.is(((await call('GET', base)).body.project as Row).status, 'reviewing');

    // Targets: the owner and unknown people are refused; removal is soft and remove_all explicit.
    const added = await call('POST', `${base}/targets`, {
      target_user_ids: [P(1), P(2), P(3), P(6), P(SENDER), 'a0000000-0000-4000-8000-0000000000ee'],
    });
    assert.equal(
      (added.body.added_targets as Row[]).map((t) => [t.target_user_id, t.added, t.reason]),
      [
        [P(SENDER), false, 'owner_not_a_target'],
        ['a0000000-0000-4000-8000-0000000000ee', false, 'user_not_found'],
        [P(1), true, null],
        [P(2), true, null],
        [P(3), true, null],
        [P(6), true, null],
      ],
    );
    assert.is(added.body.total_targets, 4);
    // A title of spaces is refused on create as on update.
    const blank = await call('POST', '/api/v1/projects', { title: '   ' });
    assert.equal([blank.status, blank.body.error], [400, 'validation_failed']);
    assert.equal(
      [(await call('DELETE', `${base}/targets`, {})).status, (await call('DELETE', `${base}/targets`, {})).body.error],
      [400, 'validation_failed'],
    );
    const removed = await call('DELETE', `${base}/targets`, { target_user_id: P(6) });
    assert.equal([removed.body.removed_count, (removed.body.results as Row[])[0]!.removed], [1, true]);
    const targets = await call('GET', `${base}/targets?include_mutuals=true`);
    assert.equal(
      (targets.body.targets as Row[]).map((t) => t.target_user_id),
      [P(1), P(2), P(3)],
    );

    // Templates: generated from the pitch, supplied copy saved as given, generalize needs a message.
    const generated = await call('POST', `${base}/templates/generate`, {});
    assert.is(generated.body.generated_field, 'outreach_message_prompt');
    assert.match((generated.body.project as Row).outreach_message_prompt as string, /\{\{first_name\}\}/);
    const subject = await call('POST', `${base}/templates/generate`, {
      template_type: 'email_subject_template',
      email_subject_template: 'Quick question, {{first_name}}',
      outreach_message_prompt: 'ignored',
    });
    assert.equal(
      [(subject.body.project as Row).email_subject_template, subject.body.generated_field],
      ['Quick question, {{first_name}}', 'email_subject_template'],
    );
    assert.match(
      (subject.body.project as Row).outreach_message_prompt as string,
      /Hi \{\{first_name\}\}/,
      'other supplied fields are not saved',
    );
    assert.is((await call('POST', `${base}/templates/generate`, { template_type: 'generalize_message_to_template' })).status, 400);
    const general = await call('POST', `${base}/templates/generate`, {
      template_type: 'generalize_message_to_template',
      message: 'Hi Alice,\n\nLoved your talk.\n\nBest,\nSam',
    });
    assert.equal(
      [general.body.generated_field, (general.body.project as Row).outreach_message_prompt],
      ['outreach_message_prompt', 'Hi {{first_name}},\n\nLoved your talk.\n\nBest,\n{{sender_first_name}}'],
    );
    await call('PUT', `${base}/templates`, {
      outreach_message_prompt:
        'Hi {{first_name}}, your work as {{current_title}} at {{current_company}} caught my eye. {{pitch}} - {{sender_first_name}}',
    });

    // Drafts: one per target, filled, never sent.
    const drafts = await call('POST', `${base}/messages/generate`, {});
    assert.is(drafts.body.generated_count, 3, drafts.text);
    for (const t of drafts.body.targets as Row[]) {
      assert.not.match(t.draft_message as string, /\{\{|null|undefined/);
      assert.equal([t.message_source, t.draft_state, t.review_action], ['ai_generated', 'fresh', null]);
    }
    assert.match(
      (drafts.body.targets as Row[])[0]!.draft_message as string,
      /^Hi First1, your work as Software Engineer at Company 2 caught my eye\. We are building/,
    );
    assert.is(app.services.db.prepare('SELECT count(*) FROM communications').pluck().get(), 0, 'generation never sends');
    const again = await call('POST', `${base}/messages/generate`, {});
    assert.is(again.body.generated_count, 0, 'fresh drafts are kept');

    // Review: approve 1 (by user id); 2 edited for email (by target id) and approved; 3 saved, then approved for an in-service message.
    const t2 = (drafts.body.targets as Row[])[1]!.id as string;
    // An address that is no address is refused here as on create (it was kept, then replaced at activation).
    const badEmail = await call('PUT', `${base}/target-users/${P(1)}/message`, { recipient_email: 'nope' });
    assert.equal([badEmail.status, (badEmail.body.errors as Row[] | undefined)?.[0]?.pointer], [400, '/recipient_email']);
    // What a send refuses is refused when saved: a Word line break (U+000B) in the message.
    const control = await call('PUT', `${base}/target-users/${P(1)}/message`, { message: 'Hi\u000Bthere' });
    assert.equal([control.status, (control.body.errors as Row[] | undefined)?.[0]?.pointer], [400, '/message'], control.text);
    const a1 = await call('PUT', `${base}/target-users/${P(1)}/message`, { review_action: 'approve' });
    assert.equal([a1.body.target_user_id, (a1.body.target as Row).approved], [P(1), true]);
    const e2 = await call('PUT', `${base}/targets/${t2}/message`, {
      message: 'Hi First2, a hand-written note.',
      contact_channel: 'email_send',
      review_action: 'approve',
    });
    assert.equal(
      [e2.body.assignment_target_id, (e2.body.target as Row).message_source, (e2.body.target as Row).contact_channel],
      [t2, 'user_edited', 'email_send'],
    );
    assert.is((await call('PUT', `${base}/targets/${t2}/message`, { contact_channel: 'email' })).body.error, 'invalid_channel');
    await call('PUT', `${base}/target-users/${P(3)}/message`, { review_action: 'save', contact_channel: 'service_direct_message' });
    let readiness = await call('GET', `${base}/send-readiness`);
    let summary = readiness.body.summary as Row;
    assert.equal([summary.ready_count, summary.previewed_count, summary.edited_count, summary.stale_count], [2, 3, 1, 0]);

    // A template change makes generated drafts stale (not the hand-edited one).
    await call('PUT', `${base}/templates`, { outreach_message_prompt: 'Hello {{first_name}}! {{pitch}}' });
    readiness = await call('GET', `${base}/send-readiness`);
    summary = readiness.body.summary as Row;
    assert.equal([summary.stale_count, summary.ready_count], [2, 1]);
    const regenerated = await call('POST', `${base}/messages/generate`, {});
    assert.is(regenerated.body.generated_count, 2);
    await call('PUT', `${base}/target-users/${P(1)}/message`, { review_action: 'approve' });
    await call('PUT', `${base}/target-users/${P(3)}/message`, { review_action: 'approve' });

    // Activation: every approved draft once; the professional cap (1 a day) holds the second professional send.
    await call('POST', `${base}/targets`, { target_user_id: P(5) });
    await call('POST', `${base}/messages/generate`, { target_user_id: P(5) });
    // A person named by id must exist and not be the owner, as adding a target checks.
    const ghost = await call('POST', `${base}/messages/generate`, { target_user_id: '11111111-2222-3333-4444-555555555555' });
    assert.equal([ghost.status, ghost.body.error], [404, 'target_not_found']);
    const self = await call('POST', `${base}/messages/generate`, { target_user_id: P(SENDER) });
    assert.equal([self.status, self.body.error], [400, 'owner_not_a_target']);
    await call('PUT', `${base}/target-users/${P(5)}/message`, { review_action: 'approve' });
    const activated = await call('POST', `${base}/activate`, {});
    assert.is(activated.status, 200, activated.text);
    assert.equal([activated.body.queued_count, (activated.body.project as Row).status], [4, 'active']);
    const reactivated = await call('POST', `${base}/activate`, {});
    assert.equal([reactivated.body.queued_count, (reactivated.body.skipped as Row).already_queued], [0, 4]);
    await new Promise((r) => setTimeout(r, 1500));
    const listAfter = (await call('GET', `${base}/targets`)).body.targets as Row[];
    const status = Object.fromEntries(listAfter.map((t) => [t.target_user_id, t.delivery_status]));
    assert.equal([status[P(2)], status[P(3)]], ['completed', 'completed']);
    assert.equal([status[P(1)], status[P(5)]].sort(), ['completed', 'queued'], 'one professional send waits for tomorrow');
    assert.is(sink.messages.length, 1);
    assert.is(sink.messages[0]!.text?.trim(), 'Hi First2, a hand-written note.');
    // A draft handed to communications is what was sent: not edited (409). A cancelled one is
    // edited and queued again by the next activation.
    const waiting = listAfter.find((t) => t.delivery_status === 'queued') as Row;
    const sentOne = listAfter.find((t) => t.delivery_status === 'completed') as Row;
    const edit = (userId: unknown, body: Row) => call('PUT', `${base}/target-users/${userId}/message`, body);
    const sentEdit = await edit(sentOne.target_user_id, { message: 'Changed after sending.' });
    assert.equal([sentEdit.status, sentEdit.body.error], [409, 'message_already_queued']);
    const queuedEdit = await edit(waiting.target_user_id, { message: 'Changed while queued.' });
    assert.equal([queuedEdit.status, queuedEdit.body.error], [409, 'message_already_queued'], queuedEdit.text);
    const cancelled = await call('POST', `/api/v1/communications/${queuedEdit.body.communication_id}/cancel`, {});
    assert.is(cancelled.status, 200, cancelled.text);
    const edited = await edit(waiting.target_user_id, { message: 'Hi, edited after cancelling.', review_action: 'approve' });
    assert.is(edited.status, 200, edited.text);
    const requeued = await call('POST', `${base}/activate`, {});
    assert.equal([requeued.status, requeued.body.queued_count], [200, 1], requeued.text);
    app.clock.advance(86_400_000);
    app.services.communications.wake();
    await new Promise((r) => setTimeout(r, 1200));
    const nextDay = (await call('GET', `${base}/targets`)).body.targets as Row[];
    assert.ok(
      nextDay.every((t) => t.delivery_status === 'completed'),
      JSON.stringify(nextDay.map((t) => t.delivery_status)),
    );

    // A reply from person 3 in the service inbox is a response.
    await app.call('POST', '/api/v1/communications', {
      key: k3,
      body: { channel: 'service_direct_message', target_user_id: P(SENDER), message: 'Interested!', dry_run: false, wait_ms: 3000 },
    });
    const metrics = await call('GET', `${base}/metrics`);
    assert.is(metrics.status, 200, metrics.text);
    assert.equal(
      [
        metrics.body.total_targets,
        metrics.body.messages_sent,
        metrics.body.responses,
        metrics.body.response_rate,
        metrics.body.target_response_rate,
      ],
      [4, 4, 1, 0.25, 0.25],
    );
    assert.equal(metrics.body.recipient_status_counts, { contacted: 3, responded: 1 });
    assert.equal(metrics.body.outreach_status_counts, { completed: 4 });

    // Person 2 answers the email: the reply reaches Proxima's inbound SMTP listener and counts.
    await app.services.communications.inboundReady;
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: app.services.communications.inbound!.port!,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: 'new2@company3.example',
      to: 'sam@sender.example',
      subject: `Re: ${sink.messages[0]!.subject}`,
      inReplyTo: sink.messages[0]!.messageId,
      text: 'Happy to chat.',
    });
    transport.close();
    const after = await call('GET', `${base}/metrics`);
    assert.equal([after.body.responses, after.body.recipient_status_counts], [2, { contacted: 2, responded: 2 }]);
  } finally {
    await app.close();
    await sink.close();
  }
});

test('{{schedule_link}} becomes a tracked link to the scheduling page; clicks count once per recipient', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const created = await app.call('POST', '/api/v1/projects', { key, body: { title: 'Links', schedule_url: 'https://cal.example/sam' } });
    const base = `/api/v1/projects/${(created.body.project as Row).id}`;
    assert.is((created.body.project as Row).schedule_url, 'https://cal.example/sam');
    await app.call('POST', `${base}/targets`, { key, body: { target_user_ids: [P(1), P(2)] } });
    await app.call('PUT', `${base}/templates`, {
      key,
      body: { outreach_message_prompt: 'Hi {{first_name}}, book a slot: {{schedule_link}}' },
    });
    const drafts = (await app.call('POST', `${base}/messages/generate`, { key, body: {} })).body.targets as Row[];
    const links = drafts.map((t) => /(http:\/\/127\.0\.0\.1:\d+\/l\/[A-Za-z0-9_-]+)$/.exec(t.draft_message as string)?.[1]);
    assert.ok(links[0] && links[1] && links[0] !== links[1], JSON.stringify(drafts.map((t) => t.draft_message)));
    // A hand-written draft keeps the placeholder until activation fills in the target's link.
    await app.call('PUT', `${base}/target-users/${P(2)}/message`, {
      key,
      body: { message: 'Hand-written: {{schedule_link}}', contact_channel: 'service_direct_message', review_action: 'approve' },
    });
    await app.call('PUT', `${base}/target-users/${P(1)}/message`, {
      key,
      body: { contact_channel: 'service_direct_message', review_action: 'approve' },
    });
    await app.call('POST', `${base}/activate`, { key, body: {} });
    await new Promise((r) => setTimeout(r, 500));
    const sent = app.services.communications.inbox.messagesBetween(P(SENDER), P(2))[0]!.body;
    assert.is(sent, `Hand-written: ${links[1]}`);
    for (let i = 0; i < 3; i++) {
      const click = await fetch(links[0]!, { redirect: 'manual' });
      assert.equal([click.status, click.headers.get('location')], [302, 'https://cal.example/sam']);
    }
    assert.is((await fetch(`${app.url}/l/unknown-token-xyz`, { redirect: 'manual' })).status, 404);
    const metrics = (await app.call('GET', `${base}/metrics`, { key })).body;
    assert.equal([metrics.messages_sent, metrics.schedule_link_clicks, metrics.schedule_link_click_rate], [2, 1, 0.5]);
  } finally {
    await app.close();
  }
});

test('an OpenAI-compatible drafting provider rewrites drafts; a failed, link-dropping or link-adding answer keeps the template draft', async () => {
  const model = await startReceiver((req, i) => {
    const user = JSON.parse((JSON.parse(req.body) as { messages: { content: string }[] }).messages[1]!.content) as Row;
    if (i === 1) return { status: 500, body: { error: 'overloaded' } };
    if (i === 2) return { status: 200, body: { choices: [{ message: { content: 'A message that lost its link.' } }] } };
    if (i === 3) return { status: 200, body: { choices: [{ message: { content: `${user.draft} Also see https://evil.example/login` } }] } };
    return { status: 200, body: { choices: [{ message: { role: 'assistant', content: `Rewritten: ${user.draft}` } }] } };
  });
  const app = await startTestApp({
    env: { ...FAST_DISPATCH, DRAFTING_LLM_URL: `${model.url}/v1`, DRAFTING_LLM_API_KEY: 'sk-test', DRAFTING_LLM_MODEL: 'drafter-1' },
  });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const created = await app.call('POST', '/api/v1/projects', {
      key,
      body: { title: 'Model drafts', pitch: 'We build search', schedule_url: 'https://cal.example/sam' },
    });
    const base = `/api/v1/projects/${(created.body.project as Row).id}`;
    await app.call('POST', `${base}/targets`, { key, body: { target_user_ids: [P(1), P(2), P(3), P(4)] } });
    await app.call('PUT', `${base}/templates`, {
      key,
      body: { outreach_message_prompt: 'Hi {{first_name}}, {{pitch}} {{schedule_link}}' },
    });
    const res = await app.call('POST', `${base}/messages/generate`, { key, body: {} });
    assert.is(res.status, 200, res.text);
    assert.equal([res.body.drafting_provider, res.body.generated_count, res.body.model_rewritten_count], ['openai_compatible', 4, 1]);
    const drafts = (res.body.targets as Row[]).map((t) => t.draft_message as string);
    assert.match(drafts[0]!, /^Rewritten: Hi First1, We build search http:\/\/127\.0\.0\.1:\d+\/l\/[\w-]+$/);
    assert.match(drafts[1]!, /^Hi First2, We build search http:\/\/127\.0\.0\.1:\d+\/l\/[\w-]+$/, 'an error answer keeps the template');
    assert.match(drafts[2]!, /^Hi First3, /, 'an answer without the tracked link keeps the template');
    assert.match(
      drafts[3]!,
      /^Hi First4, We build search http:\/\/127\.0\.0\.1:\d+\/l\/[\w-]+$/,
      'an answer adding a link keeps the template',
    );
    const sent = JSON.parse(model.received[0]!.body) as Row;
    assert.equal(
      [model.received[0]!.path, model.received[0]!.headers.authorization, sent.model],
      ['/v1/chat/completions', 'Bearer sk-test', 'drafter-1'],
    );
  } finally {
    await app.close();
    await model.close();
  }
});

test.run();
