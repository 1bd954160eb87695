import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { revokeAuthorizedClient } from '../../server/oauth/grants.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { authorize, claimsOf, connectorStatus, refresh } from '../helpers/oauth-flow.js';
import { startTestApp } from '../helpers/test-app.js';

const headerOf = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString());

test('code + PKCE: the token is an RS256 JWT for the connector (1800 s), opens the connector and never a REST route', async () => {
  const app = await startTestApp();
  try {
    const { apiKey, userId } = app.account();
    const flow = await authorize(app.url, { apiKey, scope: 'search profiles-read' });
    assert.ok(flow.tokens);
    const access = flow.tokens!.access_token;
    assert.is(headerOf(access).alg, 'RS256');
    assert.is(headerOf(access).typ, 'at+jwt');
    const claims = claimsOf(access);
    assert.is(claims.aud, `${app.url}/mcp`);
    assert.is(claims.iss, app.url);
    assert.is(claims.sub, userId);
    assert.is((claims.exp as number) - (claims.iat as number), 1800);
    assert.is(claims.scope, 'search profiles-read');
    assert.is(flow.tokens!.expires_in, 1800);
    assert.ok(flow.tokens!.refresh_token, 'a refresh token without offline_access');
    // The consent lasts a year, so a connection in use outlives its 30-day refresh tokens.
    const grant = app.services.db.prepare("SELECT expires_at FROM oauth_records WHERE model = 'Grant' AND id = ?").get(claims.gid) as {
      expires_at: number;
    };
    assert.ok(Math.abs(grant.expires_at - (Date.now() + 365 * 86_400_000)) < 120_000);

    const mcp = await connectMcp(app.url, { requestInit: { headers: { Authorization: `Bearer ${access}` } } });
    assert.ok((await mcp.client.listTools()).tools.length > 0);
    await mcp.close();

    const attempts: Record<string, string>[] = [{ Authorization: `Bearer ${access}` }, { 'X-API-Key': access }];
    for (const headers of attempts) {
      const rest = await app.call('GET', '/api/v1/credits/status', { headers });
      assert.is(rest.status, 401, 'an OAuth token never opens a REST route');
    }
  } finally {
    await app.close();
  }
});

test('no scope asked: the default grant; unknown and REST-only scopes are never granted', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const plain = await authorize(app.url, { apiKey });
    assert.equal(String(claimsOf(plain.tokens!.access_token).scope).split(' ').sort(), [
      'communications',
      'contacts-read',
      'contacts-write',
      'enrich',
      'group-context-read',
      'introductions-read',
      'messages-read',
      'profiles-read',
      'search',
    ]);
    const greedy = await authorize(app.url, { apiKey, scope: 'search contacts-delegate-resolve admin' });
    assert.is(claimsOf(greedy.tokens!.access_token).scope, 'search');
  } finally {
    await app.close();
  }
});

test('the signing key bounds the grant: a narrow key yields a narrow token, and a key holding none of the scopes asked none', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account({ scopes: ['search', 'profiles-read'] });
    const narrow = await authorize(app.url, { apiKey, scope: 'search messages-read communications' });
    assert.is(claimsOf(narrow.tokens!.access_token).scope, 'search');
    try {
      await authorize(app.url, { apiKey, scope: 'messages-read' });
      assert.unreachable('no grant for a key holding none of the scopes');
    } catch (err) {
      assert.match(String(err), /expected a redirect, got 403: .*holds none of the scopes/);
    }
  } finally {
    await app.close();
  }
});

test('refresh tokens rotate; reusing a rotated one revokes the whole grant, its access tokens included', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const flow = await authorize(app.url, { apiKey, scope: 'search' });
    const clientId = String(claimsOf(flow.tokens!.access_token).client_id);
    const first = flow.tokens!.refresh_token!;
    const rotated = await refresh(app.url, clientId, first);
    assert.is(rotated.status, 200, JSON.stringify(rotated.body));
    const second = rotated.body.refresh_token as string;
    assert.ok(second && second !== first, 'a new refresh token');
    const newAccess = rotated.body.access_token as string;
    assert.is(await connectorStatus(app.url, newAccess), 200);

    const replay = await refresh(app.url, clientId, first);
    assert.is(replay.status, 400);
    assert.is(replay.body.error, 'invalid_grant');
    // The family is gone: the newest refresh token and the access tokens stop working.
    assert.is((await refresh(app.url, clientId, second)).status, 400);
    assert.is(await connectorStatus(app.url, newAccess), 401);
  } finally {
    await app.close();
  }
});

test('deny sends access_denied back to the client and issues nothing', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const flow = await authorize(app.url, { apiKey, decision: 'deny' });
    assert.is(flow.tokens, null);
    assert.is(flow.callback.searchParams.get('error'), 'access_denied');
    assert.is(flow.callback.searchParams.get('state'), 'st4te');
  } finally {
    await app.close();
  }
});

test('revoking the client on the account side cuts its access token at once', async () => {
  const app = await startTestApp();
  try {
    const { apiKey, userId } = app.account();
    const flow = await authorize(app.url, { apiKey, scope: 'search' });
    const token = flow.tokens!.access_token;
    assert.is(await connectorStatus(app.url, token), 200);
    assert.ok(revokeAuthorizedClient(app.services, userId, String(claimsOf(token).client_id)));
    assert.is(await connectorStatus(app.url, token), 401);
  } finally {
    await app.close();
  }
});

test.run();
