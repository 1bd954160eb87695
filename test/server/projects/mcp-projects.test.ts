import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { connectMcp } from '../../helpers/mcp-client.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

test('connector: project_action drives a project from shortlist to activation; project_read reads it', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SANDBOX_DISPATCH_MS: '50' } });
  try {
    await loadCommsCorpus(app);
    const { apiKey } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const created = await app.call('POST', '/api/v1/projects', {
      key: apiKey,
      body: { title: 'Connector project', pitch: 'We build search.' },
    });
    const project_id = (created.body.project as Row).id as string;
    const mcp = await connectMcp(app.url, { apiKey });
    const act = async (args: Row) => {
      const res = await mcp.call('project_action', { project_id, ...args });
      assert.not.ok(res.isError, `${args.mode}: ${JSON.stringify(res.structuredContent)}`);
      return res.structuredContent!.result as Row;
    };
    try {
      const missing = await mcp.call('project_action', { mode: 'status' });
      assert.equal([missing.isError, missing.structuredContent!.error], [true, 'validation_failed']);
      assert.is((await act({ mode: 'add_targets', target_user_ids: [P(1), P(2), P(4)] })).total_targets, 3);
      assert.is((await act({ mode: 'remove_targets', target_user_id: P(4) })).removed_count, 1);
      assert.is(((await act({ mode: 'rename', title: 'Renamed' })).project as Row).title, 'Renamed');
      assert.is(
        ((await act({ mode: 'update_engagement_mode', engagement_mode: 'schedule_live' })).project as Row).engagement_mode,
        'schedule_live',
      );
      assert.is(
        (await act({ mode: 'generate_templates', template_type: 'email_subject_template' })).generated_field,
        'email_subject_template',
      );
      await act({ mode: 'update_templates', outreach_message_prompt: 'Hi {{first_name}}, {{pitch}}' });
      assert.is((await act({ mode: 'generate_messages' })).generated_count, 2);
      const emails = (await act({ mode: 'recipient_emails' })).targets as Row[];
      assert.equal(
        emails.map((t) => [t.target_user_id, t.recipient_email]),
        [
          [P(1), 'first1@company2.example'],
          [P(2), 'new2@company3.example'],
        ],
      );
      await act({ mode: 'update_message', target_user_id: P(1), review_action: 'approve' });
      await act({ mode: 'update_message', target_user_id: P(2), review_action: 'approve', contact_channel: 'professional_send_message' });
      assert.is(((await act({ mode: 'send_readiness' })).summary as Row).ready_count, 2);
      assert.is((await act({ mode: 'activate' })).queued_count, 2);
      await new Promise((r) => setTimeout(r, 800));
      assert.is((await act({ mode: 'metrics' })).messages_sent, 2);
      assert.is((await act({ mode: 'retry_failed_professional_sends' })).retried_count, 0);
      assert.is(((await act({ mode: 'targets' })).targets as Row[]).length, 2);
      assert.is(((await act({ mode: 'list' })).projects as Row[]).length, 1);

      const read = await mcp.call('project_read', { project_id });
      assert.equal(
        ((read.structuredContent!.project as Row).targets as Row[]).map((t) => t.delivery_status),
        ['completed', 'completed'],
      );
      const all = await mcp.call('project_read', {});
      assert.is((all.structuredContent!.projects as unknown as Row[]).length, 1);
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test('connector drafts live in a project: the session’s, a new one bound to the session, or none (409)', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const mcp = await connectMcp(app.url, { apiKey });
    try {
      const draft = { mode: 'draft', channel: 'service_direct_message', target_user_id: P(1), message: 'A draft for First1' };
      const orphan = await mcp.call('send_communication', draft);
      assert.equal([orphan.isError, orphan.structuredContent!.error], [true, 'mcp_session_project_required']);
      const session = await mcp.call('agent_session', { mode: 'start', label: 'outreach' });
      const agent_session_id = (session.structuredContent!.session as Row).agent_session_id as string;
      const first = await mcp.call('send_communication', { ...draft, agent_session_id });
      assert.not.ok(first.isError, JSON.stringify(first.structuredContent));
      const projectId = first.structuredContent!.project_id as string;
      const target = first.structuredContent!.target as Row;
      assert.equal(
        [target.target_user_id, target.draft_message, target.review_action, target.delivery_status],
        [P(1), 'A draft for First1', 'save', null],
      );
      const status = await mcp.call('agent_session', { mode: 'status', agent_session_id });
      assert.is((status.structuredContent!.session as Row).project_id, projectId);
      const second = await mcp.call('send_communication', {
        ...draft,
        target_user_id: P(2),
        message: 'A draft for First2',
        agent_session_id,
      });
      assert.is(second.structuredContent!.project_id, projectId, 'the session keeps its project');
      const project = await app.call('GET', `/api/v1/projects/${projectId}?include_targets=true`, { key: apiKey });
      assert.equal(
        [(project.body.project as Row).title, (project.body.project as Row).agent_session_id],
        ['Drafts: outreach', agent_session_id],
      );
      assert.equal(
        ((project.body.project as Row).targets as Row[]).map((t) => t.target_user_id),
        [P(1), P(2)],
      );
      const explicit = await mcp.call('send_communication', { ...draft, target_user_id: P(3), project_id: projectId });
      assert.is(explicit.structuredContent!.project_id, projectId);
      assert.is(app.services.db.prepare('SELECT count(*) FROM communications').pluck().get(), 0, 'drafts never send');
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test('retry_failed_professional_sends queues a failed professional send once more', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SANDBOX_DISPATCH_MS: '50' } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER) });
    const project = ((await app.call('POST', '/api/v1/projects', { key, body: { title: 'Retry' } })).body.project as Row).id as string;
    const base = `/api/v1/projects/${project}`;
    await app.call('POST', `${base}/targets`, { key, body: { target_user_id: P(1) } });
    await app.call('POST', `${base}/messages/generate`, { key, body: {} });
    await app.call('PUT', `${base}/target-users/${P(1)}/message`, {
      key,
      body: { review_action: 'approve', contact_channel: 'professional_send_message' },
    });
    await app.call('POST', `${base}/activate`, { key, body: {} });
    await new Promise((r) => setTimeout(r, 500));
    // The send fails (as a provider would); a retry queues a new communication.
    const first = ((await app.call('GET', `${base}/targets`, { key })).body.targets as Row[])[0]!;
    app.services.db.prepare(`UPDATE communications SET status = 'failed' WHERE communication_id = ?`).run(first.communication_id);
    const retried = await app.call('POST', `${base}/retry-failed-professional-sends`, { key, body: {} });
    assert.equal([retried.body.retried_count, retried.body.queued_count], [1, 1]);
    const second = ((await app.call('GET', `${base}/targets`, { key })).body.targets as Row[])[0]!;
    assert.ok(second.communication_id && second.communication_id !== first.communication_id);
    const again = await app.call('POST', `${base}/retry-failed-professional-sends`, { key, body: {} });
    assert.is(again.body.retried_count, 0);
  } finally {
    await app.close();
  }
});

test.run();
