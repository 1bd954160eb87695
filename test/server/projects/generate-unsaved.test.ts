import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { connectMcp } from '../../helpers/mcp-client.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

// The contract: messages/generate takes target_user_id and persist_target (default true for
// target_user_id), and answers generated_count and targets. persist_target: false drafts for the
// person without adding them: an auditor found it answered generated_count 0 and nothing else.
test('messages/generate with persist_target false drafts for someone not on the shortlist, storing nothing', async () => {
  const app = await startTestApp();
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
    const created = await call('POST', '/api/v1/projects', { title: 'Platform hiring', pitch: 'We are hiring senior engineers' });
    const base = `/api/v1/projects/${(created.body.project as Row).id}`;

    const res = await call('POST', `${base}/messages/generate`, { target_user_id: P(4), persist_target: false });
    assert.is(res.status, 200, res.text);
    assert.is(res.body.generated_count, 1, res.text);
    const [draft] = res.body.targets as Row[];
    assert.equal(
      [draft?.target_user_id, draft?.persisted, draft?.id, draft?.is_included, draft?.message_source, draft?.draft_state],
      [P(4), false, null, false, 'ai_generated', 'fresh'],
    );
    assert.ok(typeof draft?.draft_message === 'string' && (draft.draft_message as string).length > 0, 'a draft text');
    assert.ok(draft?.contact_channel, 'a delivery channel');

    // Nothing was stored: no target, and the project still has no template of its own.
    const targets = await call('GET', `${base}/targets`);
    assert.equal(targets.body.targets, []);
    const project = await call('GET', base);
    assert.equal([(project.body.project as Row).target_count, (project.body.project as Row).outreach_message_prompt], [0, null]);

    // The default (and persist_target: true) adds the person and stores the draft.
    const kept = await call('POST', `${base}/messages/generate`, { target_user_id: P(4) });
    assert.equal([kept.body.generated_count, ((kept.body.targets as Row[])[0] as Row).is_included], [1, true]);
    // For someone already a target, persist_target: false drafts on their row as before.
    const again = await call('POST', `${base}/messages/generate`, { target_user_id: P(4), persist_target: false });
    assert.is(((again.body.targets as Row[])[0] as Row).persisted, undefined);

    // The connector's generate_messages mode answers the same (its output schema holds it).
    const mcp = await connectMcp(app.url, { apiKey: key });
    try {
      const viaMcp = await mcp.call('project_action', {
        mode: 'generate_messages',
        project_id: (created.body.project as Row).id,
        target_user_id: P(6),
        persist_target: false,
      });
      assert.not.ok(viaMcp.isError, JSON.stringify(viaMcp.structuredContent));
      const result = viaMcp.structuredContent?.result as Row;
      assert.equal([result.generated_count, ((result.targets as Row[])[0] as Row).persisted], [1, false]);
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test.run();
