import ExcelJS from 'exceljs';
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

      // The project as a spreadsheet: XLSX and CSV behind signed links, free.
      const used = (await app.call('GET', '/api/v1/credits/status', { key: apiKey })).body.used;
      const xlsx = await mcp.call('bulk_export', { project_id, format: 'xlsx' });
      assert.not.ok(xlsx.isError, JSON.stringify(xlsx.structuredContent));
      const x = xlsx.structuredContent!;
      assert.equal([x.source, x.row_count, x.format], ['project', 2, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
      const file = await fetch(x.url as string);
      assert.equal([file.status, file.headers.get('content-type')], [200, x.format]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Targets')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      assert.equal(header, x.columns);
      const cell = (row: number, column: string) => sheet.getRow(row).getCell(header.indexOf(column) + 1).value;
      assert.equal(
        [2, 3].map((r) => [cell(r, 'target_user_id'), cell(r, 'delivery_status'), cell(r, 'replied')]),
        [
          [P(1), 'completed', false],
          [P(2), 'completed', false],
        ],
      );
      const csv = await mcp.call('bulk_export', { project_id, max_rows: 1 });
      const text = await (await fetch(csv.structuredContent!.url as string)).text();
      assert.equal(
        [csv.structuredContent!.format, text.split('\r\n')[0], text.trim().split('\r\n').length],
        ['text/csv', (x.columns as string[]).join(','), 2],
      );
      assert.is((await app.call('GET', '/api/v1/credits/status', { key: apiKey })).body.used, used, 'project exports are free');
      const tooMany = await mcp.call('bulk_export', { project_id, max_rows: 501 });
      assert.equal([tooMany.isError, tooMany.structuredContent!.error], [true, 'invalid_search_request']);
      const mixed = await mcp.call('bulk_export', { project_id, description: 'engineers' });
      assert.equal([mixed.isError, mixed.structuredContent!.error], [true, 'invalid_search_request']);
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

test('connector searches fill the search-results cache: the session project’s, or a search-only shell listed with include_searches', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const mcp = await connectMcp(app.url, { apiKey: key });
    try {
      const session = await mcp.call('agent_session', { mode: 'start', label: 'scouting' });
      const agent_session_id = (session.structuredContent!.session as Row).agent_session_id as string;
      const search = async (description: string) => {
        const res = await mcp.call('people_search', { description, agent_session_id });
        assert.not.ok(res.isError, JSON.stringify(res.structuredContent));
        return res.structuredContent!;
      };
      const first = await search('software engineers');
      const second = await search('product managers');
      // Shells stay out of the default list.
      assert.equal((await app.call('GET', '/api/v1/projects', { key })).body.projects, []);
      const all = (await app.call('GET', '/api/v1/projects?include_searches=true', { key })).body.projects as Row[];
      assert.equal(
        all.map((p) => [p.kind, p.title, p.agent_session_id]),
        [['search', 'Searches: scouting', agent_session_id]],
      );
      const shell = (await app.call('GET', `/api/v1/projects/${all[0]!.id}?include_search_results=true`, { key })).body.project as Row;
      const cached = (shell.search_results as { searches: Row[] }).searches;
      assert.equal(
        cached.map((e) => [e.search_id, e.summary]),
        [
          [second.search_id, 'product managers'],
          [first.search_id, 'software engineers'],
        ],
      );
      const firstIds = ((first.users as Row[] | undefined) ?? []).slice(0, 25).map((u) => u.id);
      assert.equal(cached[1]!.user_ids, firstIds);
      assert.is(typeof cached[1]!.total, 'number', 'the search total is kept');
      assert.ok(firstIds.length > 0, 'the search found people');

      // With a project bound to the session, its searches go to that project's cache.
      const project = ((await app.call('POST', '/api/v1/projects', { key, body: { title: 'Real' } })).body.project as Row).id as string;
      await mcp.call('agent_session', { mode: 'switch_project', agent_session_id, project_id: project });
      const third = await search('engineers');
      const real = (await app.call('GET', `/api/v1/projects/${project}?include_search_results=true`, { key })).body.project as Row;
      assert.equal(
        (real.search_results as { searches: Row[] }).searches.map((e) => e.search_id),
        [third.search_id],
      );
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
