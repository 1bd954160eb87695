import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from '../helpers/browser.js';
import { callEveryTool, everyToolCall, loadConnectorCorpus, personId, REQUESTER } from '../helpers/connector-corpus.js';
import { connectMcp, type ToolCallResult } from '../helpers/mcp-client.js';
import { BrowserOAuthProvider, startCallbackServer } from '../helpers/oauth-client-provider.js';
import { authorize, claimsOf, refresh } from '../helpers/oauth-flow.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Ctx {
  app: TestApp;
  apiKey: string;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
  callback: Awaited<ReturnType<typeof startCallbackServer>>;
}

const s = suite<Ctx>('OAuth login in headless Chromium with the MCP SDK client');

s.before(async (ctx) => {
  ctx.app = await startTestApp();
  await loadConnectorCorpus(ctx.app);
  ctx.apiKey = ctx.app.account({ personId: personId(REQUESTER), name: 'Requester' }).apiKey;
  ctx.browser = await launchBrowser();
  ctx.callback = await startCallbackServer();
});

s.after(async (ctx) => {
  await ctx.callback?.close();
  await ctx.browser?.close();
  await ctx.app?.close();
});

/**
 * The SDK's own flow: connect, get 401, discover (protected-resource then authorization-server
 * metadata), register dynamically, send the browser to consent with PKCE, take the code back,
 * exchange it, and connect again with the token.
 */
async function login(
  ctx: Ctx,
  provider: BrowserOAuthProvider,
): Promise<{ client: Client; call(name: string, args?: object): Promise<ToolCallResult> }> {
  const url = new URL(`${ctx.app.url}/mcp`);
  const first = new Client({ name: 'proxima-oauth-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  let refused = false;
  try {
    await first.connect(transport);
  } catch (err) {
    if (process.env.DEBUG_OAUTH) console.error(err);
    refused = true;
  }
  assert.ok(refused, 'the first connection needs a login');
  assert.ok(provider.result?.code, `the browser brought a code back: ${JSON.stringify(provider.result)}`);
  await transport.finishAuth(provider.result!.code!);
  const client = new Client({ name: 'proxima-oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args as Record<string, unknown> })) as ToolCallResult,
  };
}

s('full login: discovery, registration, PKCE, consent in the browser, token; tools work; the refresh token rotates', async (ctx) => {
  const provider = new BrowserOAuthProvider(ctx.browser.browser, ctx.callback.url, { apiKey: ctx.apiKey, clientName: 'Agent <b>One</b>' });
  const mcp = await login(ctx, provider);
  assert.is(provider.authorizations, 1);
  assert.match(provider.consentText, 'Agent <b>One</b>', 'the client name is shown as text, escaped');
  assert.match(provider.consentText, '127.0.0.1', 'the redirect host is shown');
  assert.match(provider.consentText, 'search', 'the scopes are shown');
  assert.ok(provider.info?.client_id, 'registered dynamically');
  const access = provider.saved[0]!.access_token;
  assert.is(claimsOf(access).aud, `${ctx.app.url}/mcp`);
  // The SDK asked for the scope of the 401 challenge: the default grant.
  assert.is(String(claimsOf(access).scope).split(' ').length, 9);

  const { tools } = await mcp.client.listTools();
  assert.ok(tools.some((t) => t.name === 'people_search'));
  // Every tool with the token from the browser login; the two account-administration tools need an API key.
  const state: { searchId?: string } = {};
  const calls = everyToolCall(state);
  assert.equal(tools.map((t) => t.name).sort(), Object.keys(calls).sort());
  const results = await callEveryTool(mcp.client, calls, state);
  for (const [name, result] of Object.entries(results)) {
    if (name === 'account_read' || name === 'service_action') assert.is(result.structuredContent?.error, 'api_key_scope_required', name);
    else assert.not.ok(result.isError, `${name}: ${JSON.stringify(result.structuredContent)}`);
  }

  // The access token goes bad: the SDK refreshes with the refresh token, which rotates.
  const firstRefresh = provider.saved[0]!.refresh_token!;
  provider.stored = { ...provider.stored!, access_token: 'expired.or.revoked' };
  const again = await mcp.call('people_search', { description: 'software engineers in London' });
  assert.not.ok(again.isError);
  assert.is(provider.saved.length, 2, 'new tokens were saved by a refresh');
  assert.is(provider.authorizations, 1, 'no second login');
  const secondRefresh = provider.saved[1]!.refresh_token!;
  assert.ok(secondRefresh !== firstRefresh, 'the refresh token rotated');

  // Replaying the rotated refresh token revokes the family: the newest refresh token dies too.
  const replay = await refresh(ctx.app.url, provider.info!.client_id, firstRefresh);
  assert.is(replay.body.error, 'invalid_grant');
  assert.is((await refresh(ctx.app.url, provider.info!.client_id, secondRefresh)).status, 400);
  await mcp.client.close();
});

s('deny in the browser: access_denied at the callback, no tokens', async (ctx) => {
  const provider = new BrowserOAuthProvider(ctx.browser.browser, ctx.callback.url, { apiKey: ctx.apiKey, decision: 'deny' });
  const client = new Client({ name: 'proxima-oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${ctx.app.url}/mcp`), { authProvider: provider })).catch(() => {});
  assert.equal(provider.result, { code: null, error: 'access_denied' });
  assert.is(provider.stored, undefined);
});

s(
  'step-up: a token without the tool scope gets insufficient_scope with a Bearer challenge naming current plus missing scopes',
  async (ctx) => {
    // A grant of profiles-read only (the SDK asks for the challenge's default scopes, so this one is made by hand).
    const flow = await authorize(ctx.app.url, { apiKey: ctx.apiKey, scope: 'profiles-read' });
    const mcp = await connectMcp(ctx.app.url, { requestInit: { headers: { Authorization: `Bearer ${flow.tokens!.access_token}` } } });
    const result = await mcp.call('people_search', { description: 'engineers' });
    assert.is(result.isError, true);
    assert.is(result.structuredContent?.error, 'insufficient_scope');
    assert.equal(result.structuredContent?.required_scopes, ['search']);
    const challenge = (result._meta!['mcp/www_authenticate'] as string[])[0]!;
    assert.match(challenge, /^Bearer error="insufficient_scope"/);
    assert.match(challenge, 'scope="profiles-read search"');
    assert.match(challenge, `resource_metadata="${ctx.app.url}/.well-known/oauth-protected-resource/mcp"`);
    await mcp.close();
  },
);

s.run();
