import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateTemplate } from '../../../server/commands/projects/drafting.js';
import type { Project } from '../../../server/projects/record.js';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { connectMcp } from '../../helpers/mcp-client.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

const project = (over: Partial<Project>): Project =>
  ({ title: 'Spark hiring Q1', titleIsAuto: false, pitch: null, description: null, ...over }) as Project;

test('default templates never use the title as pitch text, and read naturally without a pitch', () => {
  for (const titleIsAuto of [false, true]) {
    const p = project({
      titleIsAuto,
      title: titleIsAuto ? 'Drafts: berlin data eng' : 'Spark hiring Q1',
      description: 'Internal: Q1 plan',
    });
    for (const type of ['outreach_message_prompt', 'engagement_prompt', 'referral_intro_prompt', 'referral_forward_note_prompt'] as const) {
      const text = generateTemplate(type, p, null);
      assert.not.ok(text.includes(p.title), `${type}: ${text}`);
      assert.not.ok(text.includes('Internal'), `${type}: ${text}`);
      assert.ok(text.includes('{{pitch}}'), `${type} follows the pitch: ${text}`);
    }
  }
  assert.is(
    generateTemplate('email_subject_template', project({ titleIsAuto: true, title: 'Drafts: x' }), null),
    '{{first_name}}, a quick question',
  );
  assert.is(generateTemplate('email_subject_template', project({}), null), '{{first_name}}, Spark hiring Q1');
  assert.ok(generateTemplate('outreach_message_prompt', project({}), 'We build search tools').includes('We build search tools.'));
  assert.throws(() => generateTemplate('pitch', project({}), null), /user_input/);
  assert.is(generateTemplate('pitch', project({ description: 'Search for recruiters' }), null), 'Search for recruiters.');
});

// Tester, 2026-11-30 (H2, M5): a project made by a connector draft is titled "Drafts: <label>",
// and generate_messages mailed that title as the pitch, in every body and subject, even after a
// rename; and add_targets with a session that had no project pointed to a mode needing a project id.
test('connector: add_targets makes the session’s project; its made-up title never reaches a message; without a pitch the answer says how to add one', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const mcp = await connectMcp(app.url, { apiKey });
    try {
      const orphan = await mcp.call('project_action', { mode: 'add_targets', target_user_ids: [P(1)] });
      assert.equal([orphan.isError, orphan.structuredContent!.error], [true, 'mcp_session_project_required']);
      assert.match(orphan.structuredContent!.message as string, /project_id.*agent_session mode=start.*agent_session_id/s);
      const bare = await mcp.call('project_action', { mode: 'send_readiness' });
      assert.equal([bare.isError, bare.structuredContent!.error], [true, 'validation_failed']);
      assert.match(bare.structuredContent!.message as string, /project_read/);

      const session = await mcp.call('agent_session', { mode: 'start', label: 'berlin data eng' });
      const agent_session_id = (session.structuredContent!.session as Row).agent_session_id as string;
      const act = async (args: Row) => {
        const res = await mcp.call('project_action', { agent_session_id, ...args });
        assert.not.ok(res.isError, `${args.mode}: ${JSON.stringify(res.structuredContent)}`);
        return res.structuredContent!.result as Row;
      };
      const added = await act({ mode: 'add_targets', target_user_ids: [P(1), P(2)] });
      assert.is(added.total_targets, 2);
      const projectId = added.project_id as string;
      const status = await mcp.call('agent_session', { mode: 'status', agent_session_id });
      assert.is((status.structuredContent!.session as Row).project_id, projectId, 'the session’s project');
      // A later draft and later modes use the same project without project_id.
      const draft = await mcp.call('send_communication', {
        mode: 'draft',
        channel: 'service_direct_message',
        target_user_id: P(3),
        message: 'Hi Three',
        agent_session_id,
      });
      assert.is(draft.structuredContent!.project_id, projectId);
      assert.is(((await act({ mode: 'status' })).project as Row).title, 'Drafts: berlin data eng');

      const generated = await act({ mode: 'generate_messages' });
      assert.is(generated.generated_count, 2);
      assert.match(generated.next_step as string, /no pitch.*template_type=pitch.*update_templates/s);
      const drafts = (generated.targets as Row[]).filter((t) => t.message_source === 'ai_generated');
      assert.is(drafts.length, 2);
      for (const t of drafts) {
        assert.not.match(`${t.draft_message} ${t.draft_subject}`, /Drafts/, JSON.stringify(t));
        assert.match(t.draft_message as string, /^Hi First\d,\n\nI noticed your work as .+\.\nWould you be open to a short conversation\?/);
      }
      const template = ((await act({ mode: 'status' })).project as Row).outreach_message_prompt as string;
      assert.not.match(template, /Drafts/, 'the stored template holds no title');

      // A pitch given later reaches every draft (they went stale), and the hint is gone.
      await act({ mode: 'generate_templates', template_type: 'pitch', user_input: 'We are hiring Spark engineers in Berlin' });
      const again = await act({ mode: 'generate_messages' });
      assert.is(again.generated_count, 2);
      assert.is(again.next_step, undefined);
      for (const t of (again.targets as Row[]).filter((x) => x.message_source === 'ai_generated'))
        assert.match(t.draft_message as string, /We are hiring Spark engineers in Berlin\./);
      // A title a person gives is theirs: it may head the subject, never the body.
      await act({ mode: 'rename', title: 'Spark hiring Q1' });
      const renamed = await act({ mode: 'generate_messages', target_user_id: P(1) });
      const one = (renamed.targets as Row[])[0]!;
      assert.is(one.draft_subject, 'First1, Spark hiring Q1');
      assert.not.match(one.draft_message as string, /Spark hiring Q1|Drafts/);
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test('the migration marks the made-up titles of projects bound to agent sessions', async () => {
  const app = await startTestApp();
  try {
    const { userId } = app.account();
    const s = app.services.projects;
    const made = s.create({ ownerUserId: userId, actingUserId: userId, title: 'Drafts: old', agentSessionId: 'as_1', now: 1 });
    const own = s.create({ ownerUserId: userId, actingUserId: userId, title: 'Drafts: mine', now: 1 });
    assert.equal([made.titleIsAuto, own.titleIsAuto], [false, false]);
    const { autoTitles } = await import('../../../server/store/migrations/022-auto-titles.js');
    app.services.db.exec(autoTitles.sql.replace(/^ALTER TABLE.*$/m, ''));
    assert.equal([s.get(made.projectId)!.titleIsAuto, s.get(own.projectId)!.titleIsAuto], [true, false]);
    // A rename by a person ends it.
    assert.is(s.update(made.projectId, { title: 'Berlin' }, 2).titleIsAuto, false);
  } finally {
    await app.close();
  }
});

test.run();
