import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { authenticateApiKey } from '../../server/auth/authenticate.js';
import { ToolDispatcher } from '../../server/mcp/dispatch.js';
import { CallRegistry, createMcpServer } from '../../server/mcp/server.js';
import { defineTool } from '../../server/mcp/tool.js';
import { agentSessionTool } from '../../server/mcp/tools/agent-session.js';
import { allRoutes } from '../../server/routes/index.js';
import { startTestApp } from '../helpers/test-app.js';

/** A tool that claims no scope but calls a route that needs `search`. */
const leakyTool = defineTool({
  name: 'leaky',
  title: 'Leaky',
  description: 'Calls the people search route without declaring its scope.',
  auth: 'any',
  kind: 'read',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: { type: 'object', properties: { success: { const: true } }, additionalProperties: true },
  run: async (_input, ctx) =>
    (await ctx.route('POST /api/v1/search/people', { body: { description: 'engineers' } })) as Record<string, unknown>,
});

test('a tool cannot reach a route its credential could not: the route scope is checked again inside the tool call', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account({ scopes: ['profiles-read'] });
    const actor = authenticateApiKey(app.services, apiKey, app.clock.now());
    const dispatcher = new ToolDispatcher([leakyTool], allRoutes(), app.services, { validateResponses: true });
    const result = await dispatcher.call('leaky', {}, actor);
    assert.is('isError' in result && result.isError, true);
    assert.is(result.structuredContent.error, 'insufficient_scope');
    assert.equal(result.structuredContent.required_scopes, ['search']);
    assert.is(result.structuredContent.retryable, false);
  } finally {
    await app.close();
  }
});

test('agent sessions, which hold recent searches, need the search or communications scope', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account({ scopes: ['company-network-read'] });
    const actor = authenticateApiKey(app.services, apiKey, app.clock.now());
    const dispatcher = new ToolDispatcher([agentSessionTool], allRoutes(), app.services, { validateResponses: true });
    const result = await dispatcher.call('agent_session', { mode: 'list' }, actor);
    assert.is(result.structuredContent.error, 'insufficient_scope');
    assert.equal(result.structuredContent.required_scopes, ['search', 'communications']);
    const ok = authenticateApiKey(app.services, app.account({ scopes: ['communications'] }).apiKey, app.clock.now());
    assert.is((await dispatcher.call('agent_session', { mode: 'list' }, ok)).structuredContent.success, true);
  } finally {
    await app.close();
  }
});

test('a tool with unknown arguments gets validation_failed, a search tool invalid_search_request with receipts', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const actor = authenticateApiKey(app.services, apiKey, app.clock.now());
    const searchTool = defineTool({ ...leakyTool, name: 'strict_search', kind: 'search', auth: { anyOf: ['search'] } });
    const dispatcher = new ToolDispatcher([leakyTool, searchTool], allRoutes(), app.services, { validateResponses: true });
    const plain = await dispatcher.call('leaky', { surprise: 1 }, actor);
    assert.is(plain.structuredContent.error, 'validation_failed');
    const search = await dispatcher.call('strict_search', { surprise: 1 }, actor);
    assert.is(search.structuredContent.error, 'invalid_search_request');
    assert.equal(search.structuredContent.receipts, [{ path: '/surprise', action: 'rejected', message: 'is not a recognised field' }]);
  } finally {
    await app.close();
  }
});

/** A tool that waits until its call is cancelled (or 5 s), and says which. */
let slowStarted = false;
const slowTool = defineTool({
  name: 'slow',
  title: 'Slow',
  description: 'Waits for its signal.',
  auth: 'any',
  kind: 'read',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: { type: 'object', properties: { success: { const: true } }, additionalProperties: true },
  run: async (_input, ctx) => {
    slowStarted = true;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, 5000);
      ctx.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('stopped'));
      });
    });
    return { success: true };
  },
});

test('notifications/cancelled, which a stateless connector gets on another request, stops the call it names', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account({ scopes: ['search'] });
    const actor = authenticateApiKey(app.services, apiKey, app.clock.now());
    const dispatcher = new ToolDispatcher([slowTool], allRoutes(), app.services, { validateResponses: true });
    const calls = new CallRegistry();
    const server = createMcpServer(dispatcher, actor, undefined, calls);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(clientSide);
    const started = Date.now();
    const pending = client.callTool({ name: 'slow', arguments: {} });
    while (!slowStarted) await new Promise((r) => setTimeout(r, 5));
    // Another actor's cancellation of the same id stops nothing.
    const other = authenticateApiKey(app.services, app.account({ scopes: ['search'] }).apiKey, app.clock.now());
    assert.is(
      [0, 1, 2].reduce((n, id) => n + calls.cancel(other, id), 0),
      0,
    );
    assert.is(
      [0, 1, 2].reduce((n, id) => n + calls.cancel(actor, id), 0),
      1,
    );
    const result = (await pending) as { isError?: boolean };
    assert.is(result.isError, true);
    assert.ok(Date.now() - started < 4000, 'stopped, not waited out');
    await client.close();
  } finally {
    await app.close();
  }
});

test.run();
