import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { connectMcp } from '../../helpers/mcp-client.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

// Tester, 2026-11-30 (H1, M6): a project activation sent Leoni a second message 13 s after a
// direct live send, with nothing in send_readiness; and activation emailed an address the agent
// never reviewed, where a direct email_send needs recipient_email.
test('connector: a live send shows on the project target; readiness and activation leave out people already contacted and emails without a reviewed address', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const mcp = await connectMcp(app.url, { apiKey: key });
    try {
      const session = await mcp.call('agent_session', { mode: 'start', label: 'outreach' });
      const agent_session_id = (session.structuredContent!.session as Row).agent_session_id as string;
      const dm = { channel: 'service_direct_message', agent_session_id };
      const draft = await mcp.call('send_communication', { ...dm, mode: 'draft', target_user_id: P(1), message: 'Hi First1, a draft' });
      const project_id = draft.structuredContent!.project_id as string;
      // A live send to a target of the session's project (the connector face)...
      const sent = await mcp.call('send_communication', {
        ...dm,
        mode: 'send',
        dry_run: false,
        idempotency_key: 'k-1',
        target_user_id: P(1),
        message: 'Hi First1, open to a chat?',
      });
      assert.not.ok(sent.isError, JSON.stringify(sent.structuredContent));
      const direct = (sent.structuredContent!.communication as Row).id as string;
      // ...and one over REST to a person added to the project afterwards.
      const rest = await app.call('POST', '/api/v1/communications', {
        key,
        body: { channel: 'service_direct_message', target_user_id: P(3), message: 'Hi Three', dry_run: false },
      });
      assert.is(rest.status, 200, rest.text);
      const act = async (args: Row) => {
        const res = await mcp.call('project_action', { project_id, ...args });
        assert.not.ok(res.isError, `${args.mode}: ${JSON.stringify(res.structuredContent)}`);
        return res.structuredContent!.result as Row;
      };
      await act({ mode: 'add_targets', target_user_ids: [P(2), P(3)] });
      const listed = (await act({ mode: 'targets' })).targets as Row[];
      const idOf = (n: number) => listed.find((t) => t.target_user_id === P(n))!.assignment_target_id as string;
      const first = listed.find((t) => t.target_user_id === P(1))!;
      assert.is(first.communication_id, direct, 'the project target records the direct send');
      assert.ok(['queued', 'in_progress', 'completed'].includes(first.delivery_status as string), String(first.delivery_status));

      await act({ mode: 'generate_messages' });
      await act({ mode: 'update_message', target_user_id: P(1), review_action: 'approve' });
      await act({ mode: 'update_message', target_user_id: P(3), review_action: 'approve', contact_channel: 'service_direct_message' });
      await act({
        mode: 'update_message',
        target_user_id: P(2),
        review_action: 'approve',
        contact_channel: 'email_send',
        subject: 'Hello',
      });

      const summary = (await act({ mode: 'send_readiness' })).summary as Row;
      assert.equal(
        [summary.ready_count, summary.already_contacted_count, summary.already_contacted_target_ids],
        [0, 2, [idOf(1), idOf(3)]],
      );
      assert.equal([summary.no_recipient_email_count, summary.no_recipient_email_target_ids], [1, [idOf(2)]]);

      const refused = await mcp.call('project_action', { project_id, mode: 'activate' });
      assert.equal([refused.isError, refused.structuredContent!.error], [true, 'no_eligible_targets']);
      assert.match(refused.structuredContent!.message as string, /include_already_contacted.*recipient_email/s);

      // The address reviewed and set on the draft: the email goes out; the two contacted stay out.
      await act({ mode: 'update_message', target_user_id: P(2), recipient_email: 'new2@company3.example' });
      const activated = await act({ mode: 'activate' });
      assert.equal(
        [activated.queued_count, (activated.skipped as Row).already_contacted, activated.already_contacted_target_ids],
        [1, 2, [idOf(1), idOf(3)]],
      );
      const toFirst = app.services.db
        .prepare(`SELECT count(*) FROM communications WHERE target_user_id = ? AND mode = 'send'`)
        .pluck()
        .get(P(1));
      assert.is(toFirst, 1, 'no second message to someone already messaged');

      // Asked for explicitly, they get the project's draft too, once.
      const anyway = await act({ mode: 'activate', include_already_contacted: true });
      assert.is(anyway.queued_count, 2);
      assert.is((await act({ mode: 'activate', include_already_contacted: true })).queued_count, 0);
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test('REST: readiness and activation skip targets already contacted; the reviewed-address rule is the connector’s alone', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const call = async (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
    const project = ((await call('POST', '/api/v1/projects', { title: 'REST', pitch: 'We build search.' })).body.project as Row)
      .id as string;
    const base = `/api/v1/projects/${project}`;
    await call('POST', `${base}/targets`, { target_user_ids: [P(1), P(2)] });
    await call('POST', `${base}/messages/generate`, {});
    await call('PUT', `${base}/target-users/${P(1)}/message`, { review_action: 'approve', contact_channel: 'service_direct_message' });
    await call('PUT', `${base}/target-users/${P(2)}/message`, { review_action: 'approve', contact_channel: 'email_send', subject: 'Hi' });
    // A failed or cancelled send is no contact: only live ones count.
    const failed = await call('POST', '/api/v1/communications', {
      channel: 'service_direct_message',
      target_user_id: P(1),
      message: 'Hi',
      dry_run: false,
    });
    // As a provider's failure would leave it (set directly: no wait for the dispatcher).
    app.services.db.prepare(`UPDATE communications SET status = 'failed' WHERE communication_id = ?`).run(failed.body.id);
    let summary = (await call('GET', `${base}/send-readiness`)).body.summary as Row;
    assert.equal([summary.ready_count, summary.already_contacted_count, summary.no_recipient_email_count], [2, 0, undefined]);
    await call('POST', '/api/v1/communications', {
      channel: 'service_direct_message',
      target_user_id: P(1),
      message: 'Hi',
      dry_run: false,
    });
    summary = (await call('GET', `${base}/send-readiness`)).body.summary as Row;
    assert.equal([summary.ready_count, summary.already_contacted_count], [1, 1]);
    const activated = await call('POST', `${base}/activate`, {});
    assert.equal(
      [activated.body.queued_count, (activated.body.skipped as Row).already_contacted, activated.body.recipient_email_required_target_ids],
      [1, 1, []],
      'REST mails the person’s best address, as before',
    );
    // A direct send in another channel records itself on a target but leaves the target's chosen
    // channel: an email draft still goes as an email, subject and all (second reader, 2026-11-30).
    const other = ((await call('POST', '/api/v1/projects', { title: 'Other', pitch: 'We build search.' })).body.project as Row)
      .id as string;
    await call('POST', `/api/v1/projects/${other}/targets`, { target_user_ids: [P(3)] });
    await call('POST', `/api/v1/projects/${other}/messages/generate`, {});
    await call('PUT', `/api/v1/projects/${other}/target-users/${P(3)}/message`, {
      review_action: 'approve',
      contact_channel: 'email_send',
      subject: 'Hi',
    });
    const direct = await call('POST', '/api/v1/communications', {
      channel: 'service_direct_message',
      target_user_id: P(3),
      message: 'Hi',
      dry_run: false,
    });
    const target = app.services.projects.targetByUser(other, P(3))!;
    assert.equal([target.communicationId, target.contactChannel], [direct.body.id, 'email_send']);
  } finally {
    await app.close();
  }
});

test.run();
