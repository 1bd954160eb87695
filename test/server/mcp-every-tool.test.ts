import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { callEveryTool, everyToolCall, loadConnectorCorpus, personId, REQUESTER } from '../helpers/connector-corpus.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { authorize } from '../helpers/oauth-flow.js';
import { startTestApp } from '../helpers/test-app.js';

test('with an API key, every tool of the connector answers successfully, and the table covers every registered tool', async () => {
  const app = await startTestApp();
  try {
    await loadConnectorCorpus(app);
    const { apiKey } = app.account({ personId: personId(REQUESTER), name: 'Requester' });
    const mcp = await connectMcp(app.url, { apiKey });
    try {
      const state: { searchId?: string } = {};
      const calls = everyToolCall(state);
      const { tools } = await mcp.client.listTools();
      assert.equal(tools.map((t) => t.name).sort(), Object.keys(calls).sort(), 'every registered tool has an entry');
      const results = await callEveryTool(mcp.client, calls, state);
      for (const [name, result] of Object.entries(results)) {
        assert.not.ok(result.isError, `${name}: ${JSON.stringify(result.structuredContent)}`);
        assert.is(result.structuredContent?.success, true, name);
      }
      assert.ok(state.searchId, 'people_search recorded a search');
      assert.ok((results.people_search!.structuredContent!.users as unknown[]).length > 0);
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test('with an OAuth token, every tool but the two account-administration tools answers; those two need an API key', async () => {
  const app = await startTestApp();
  try {
    await loadConnectorCorpus(app);
    const { apiKey } = app.account({ personId: personId(REQUESTER), name: 'Requester' });
    const flow = await authorize(app.url, { apiKey });
    const mcp = await connectMcp(app.url, { requestInit: { headers: { Authorization: `Bearer ${flow.tokens!.access_token}` } } });
    try {
      const state: { searchId?: string } = {};
      const results = await callEveryTool(mcp.client, everyToolCall(state), state);
      for (const [name, result] of Object.entries(results)) {
        if (name === 'account_read' || name === 'service_action') {
          assert.is(result.structuredContent?.error, 'api_key_scope_required', name);
          assert.equal(result.structuredContent?.required_scopes, []);
          // No authorization can grant it: no step-up challenge to send the client round a loop.
          assert.is((result as { _meta?: Record<string, unknown> })._meta?.['mcp/www_authenticate'], undefined, name);
          continue;
        }
        assert.not.ok(result.isError, `${name}: ${JSON.stringify(result.structuredContent)}`);
      }
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test.run();
