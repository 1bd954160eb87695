import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PREFIXED_IDS } from '../../server/mcp/id-kinds.js';
import { allTools } from '../../server/mcp/tools/index.js';
import { loadConnectorCorpus, personId, REQUESTER } from '../helpers/connector-corpus.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * An id of the wrong kind (an outside tester's finding L3): a conversation id as
 * communication_id, an agent session id as project_id. The argument validation says what the id
 * is and which tool takes it; the code stays validation_failed (invalid_search_request for searches).
 */
interface Ctx {
  app: TestApp;
  apiKey: string;
}
const s = suite<Ctx>('connector id kinds');

s.before(async (ctx) => {
  ctx.app = await startTestApp();
  await loadConnectorCorpus(ctx.app);
  ctx.apiKey = ctx.app.account({ personId: personId(REQUESTER), name: 'Requester' }).apiKey;
});
s.after(async (ctx) => ctx.app?.close());

s('every tool argument the prefix table names is an argument of that tool', () => {
  const tools = new Map(allTools().map((t) => [t.name, t]));
  for (const kind of PREFIXED_IDS)
    for (const taker of kind.takers) {
      const tool = tools.get(taker.tool);
      assert.ok(tool, `${kind.prefix}: no tool ${taker.tool}`);
      const properties = (tool!.inputSchema.properties ?? {}) as Record<string, unknown>;
      // agent_session_id is added to every tool by the dispatcher (session-argument.ts).
      assert.ok(taker.argument in properties || taker.argument === 'agent_session_id', `${taker.tool} takes no ${taker.argument}`);
    }
});

s('an id of another kind is named, with the tool that takes it; same code, valid error shape', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const conversation = 'cv_0dbc5a8e-0f6c-4c55-9d5c-3d9f3b7a1e21';
    const session = 'as_4f1c2b3a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      [
        'communication_read',
        { mode: 'get', communication_id: conversation },
        '/communication_id',
        /is a conversation id \(cv_…\), not a communication_id: conversation_read takes it as conversation_id/,
      ],
      ['project_read', { project_id: session }, '/project_id', /is an agent session id \(as_…\), not a project_id: agent_session takes it/],
      [
        'communication_action',
        { mode: 'cancel', communication_id: 'srch_9e233d14b917f85dd1c63bb0' },
        '/communication_id',
        /is a people search id \(srch_…\).*replay_search_result takes it as search_id/,
      ],
    ];
    for (const [tool, args, pointer, message] of cases) {
      // The SDK client validates structuredContent against the output schema: an error that did not fit would throw.
      const result = await mcp.call(tool, args);
      const body = result.structuredContent as { error: string; message: string; errors: { pointer: string; message: string }[] };
      assert.is(result.isError, true, tool);
      assert.is(body.error, 'validation_failed', tool);
      assert.match(body.message, message, tool);
      assert.ok(
        body.errors.some((e) => e.pointer === pointer && message.test(e.message)),
        JSON.stringify(body.errors),
      );
    }
    // An id of the kind the argument takes, with another problem, is said as before.
    const long = await mcp.call('conversation_read', { conversation_id: `cv_${'0'.repeat(70)}` });
    assert.match(String(long.structuredContent?.message), /\/conversation_id must NOT have more than 60 characters/);
    // Other problems are said as before.
    const plain = await mcp.call('communication_read', { mode: 'get', communication_id: 'not-an-id' });
    assert.match(String(plain.structuredContent?.message), /\/communication_id must match format "?uuid"?/);
  } finally {
    await mcp.close();
  }
});

s.run();
