/** The authorization server against wrong and hostile requests: each is refused plainly, nothing breaks or is used up. */
import { importJWK, SignJWT } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registrantOf } from '../../server/oauth/authorization-server.js';
import { isPublicAddress } from '../../server/oauth/public-address.js';
import { loadSigningKeys } from '../../server/oauth/signing-keys.js';
import { authorize, claimsOf, connectorStatus, refresh, registerClient } from '../helpers/oauth-flow.js';
import { startTestApp } from '../helpers/test-app.js';

test('a refresh naming another resource is invalid_target and uses nothing up: the next, right refresh works', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const flow = await authorize(app.url, { apiKey, scope: 'search' });
    const clientId = String(claimsOf(flow.tokens!.access_token).client_id);
    const token = flow.tokens!.refresh_token!;
    for (const wrong of [`${app.url}/mcp/`, 'https://elsewhere.example/mcp']) {
      const refused = await refresh(app.url, clientId, token, wrong);
      assert.is(refused.status, 400, JSON.stringify(refused.body));
      assert.is(refused.body.error, 'invalid_target');
      assert.match(String(refused.body.error_description), `the only resource here is ${app.url}/mcp`);
    }
    assert.is(await connectorStatus(app.url, flow.tokens!.access_token), 200, 'the grant is intact');
    const rotated = await refresh(app.url, clientId, token);
    assert.is(rotated.status, 200, JSON.stringify(rotated.body));
    assert.is(await connectorStatus(app.url, rotated.body.access_token as string), 200);
  } finally {
    await app.close();
  }
});

test('registration: a body that is no object, too large, or names documents to fetch is invalid_client_metadata, never a 500', async () => {
  const app = await startTestApp();
  try {
    const register = async (body: string, path = '/oauth/register') => {
      const res = await fetch(`${app.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    for (const body of ['null', '[]', '"text"', '7', '{']) {
      const res = await register(body);
      assert.is(res.status, 400, body);
      assert.equal(res.body, { error: 'invalid_client_metadata', error_description: 'the registration body must be a JSON object' }, body);
    }
    const big = await register(JSON.stringify({ redirect_uris: ['https://agent.example/cb'], client_name: 'x'.repeat(60_000) }));
    assert.is(big.status, 400);
    assert.match(String(big.body.error_description), 'larger than 57344 bytes');
    const base = { redirect_uris: ['https://agent.example/cb'], token_endpoint_auth_method: 'none' };
    for (const field of ['sector_identifier_uri', 'jwks_uri', 'request_uris']) {
      const value = field === 'request_uris' ? ['http://127.0.0.1:1/x'] : 'http://169.254.169.254/latest';
      const res = await register(JSON.stringify({ ...base, [field]: value }));
      assert.is(res.status, 400, field);
      assert.is(res.body.error, 'invalid_client_metadata');
      assert.match(String(res.body.error_description), `${field} is not accepted`);
    }
    // The same checks under another spelling of the path.
    for (const path of ['/oauth/register/', '/oauth/Register']) {
      const http = await register(JSON.stringify({ redirect_uris: ['http://evil.example/cb'] }), path);
      assert.is(http.status, 400, path);
      assert.is(http.body.error, 'invalid_redirect_uri');
      const jwks = await register(JSON.stringify({ ...base, jwks_uri: 'http://169.254.169.254/x' }), path);
      assert.is(jwks.body.error, 'invalid_client_metadata', path);
    }
    // The connection still serves: a good registration after the refusals.
    assert.ok((await registerClient(app.url)).client_id);
  } finally {
    await app.close();
  }
});

test('the consent form: a body past its limit is 413, not 500', async () => {
  const app = await startTestApp();
  try {
    const res = await fetch(`${app.url}/oauth/interaction/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `api_key=${'x'.repeat(17_000)}`,
    });
    assert.is(res.status, 413, await res.text());
  } finally {
    await app.close();
  }
});

test('scopes: openid with the connector scopes completes (no consent loop); only unknown scopes is invalid_scope, saying what to ask', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const withOpenid = await authorize(app.url, { apiKey, scope: 'openid search' });
    assert.ok(withOpenid.tokens, `tokens: ${withOpenid.callback}`);
    assert.is(await connectorStatus(app.url, withOpenid.tokens!.access_token), 200);
    const unknown = await authorize(app.url, { apiKey, scope: 'superpowers admin:all' });
    assert.is(unknown.tokens, null);
    assert.is(unknown.callback.searchParams.get('error'), 'invalid_scope');
    assert.match(
      unknown.callback.searchParams.get('error_description') ?? '',
      /none of the scopes asked for \(superpowers admin:all\) is offered; ask for some of: .*search/,
    );
  } finally {
    await app.close();
  }
});

test('client-ID metadata documents are fetched from public addresses only', async () => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '169.254.169.254',
    '192.168.0.1',
    '::1',
    '[::1]',
    'fe80::1',
    '::ffff:127.0.0.1',
    '0.0.0.0',
    '::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
  ])
    assert.not.ok(isPublicAddress(address), address);
  for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) assert.ok(isPublicAddress(address), address);
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    for (const host of ['127.0.0.1:9', 'localhost:9', '[::1]:9']) {
      const clientId = `https://${host}/agent.json`;
      let message = '';
      try {
        await authorize(app.url, { apiKey, client: { client_id: clientId, redirect_uris: ['http://127.0.0.1:9/callback'] } });
      } catch (err) {
        message = (err as Error).message;
      }
      assert.match(message, 'invalid_client', clientId);
    }
    const reasons = app.logs.filter((l) => l.msg === 'client metadata document refused').map((l) => String(l.reason));
    assert.ok(
      reasons.some((r) => /127\.0\.0\.1 is not a public address/.test(r)),
      reasons.join(' | '),
    );
    assert.ok(
      reasons.some((r) => /localhost resolves to .* which is not a public address/.test(r)),
      reasons.join(' | '),
    );
  } finally {
    await app.close();
  }
});

test('a token signed with our key is still refused without an expiry, or naming another account or client than its grant', async () => {
  const app = await startTestApp();
  try {
    const flow = await authorize(app.url, { apiKey: app.account().apiKey, scope: 'search' });
    const other = app.account({ name: 'Someone Else' });
    const claims = claimsOf(flow.tokens!.access_token);
    const { privateJwk } = loadSigningKeys(app.dataDir);
    const key = await importJWK(privateJwk, 'RS256');
    const sign = (c: Record<string, unknown>, expires = true) => {
      const { exp: _exp, iat: _iat, ...rest } = c;
      const jwt = new SignJWT(rest).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: privateJwk.kid }).setIssuedAt();
      return (expires ? jwt.setExpirationTime('10m') : jwt).sign(key);
    };
    // The same claims signed again pass: what fails below fails for its own reason.
    assert.is(await connectorStatus(app.url, await sign(claims)), 200);
    assert.is(await connectorStatus(app.url, await sign(claims, false)), 401, 'no exp');
    assert.is(await connectorStatus(app.url, await sign({ ...claims, sub: other.userId })), 401, 'another account, same grant');
    assert.is(await connectorStatus(app.url, await sign({ ...claims, client_id: 'another-client' })), 401, 'another client, same grant');
  } finally {
    await app.close();
  }
});

test('registration: one address may register OAUTH_REGISTRATIONS_PER_HOUR clients an hour, then 429 with Retry-After', async () => {
  const app = await startTestApp({ env: { OAUTH_REGISTRATIONS_PER_HOUR: '2' } });
  try {
    assert.ok((await registerClient(app.url)).client_id);
    assert.ok((await registerClient(app.url)).client_id);
    const res = await fetch(`${app.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['https://agent.example/cb'], token_endpoint_auth_method: 'none' }),
    });
    assert.is(res.status, 429);
    // The path as oidc-provider routes it: another case or a trailing slash is the same endpoint.
    for (const path of ['/oauth/register/', '/oauth/Register', '/OAUTH/REGISTER//']) {
      const again = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['https://agent.example/cb'], token_endpoint_auth_method: 'none' }),
      });
      assert.is(again.status, 429, path);
    }
    const retryAfter = Number(res.headers.get('retry-after'));
    assert.ok(retryAfter > 3500 && retryAfter <= 3600, String(retryAfter));
    const body = (await res.json()) as Record<string, unknown>;
    assert.is(body.error, 'rate_limited');
    assert.match(String(body.error_description), 'registered 2 clients within the hour');
    // Clients already registered keep working: discovery and the rest of the server are not counted.
    assert.is((await fetch(`${app.url}/.well-known/oauth-authorization-server`)).status, 200);
  } finally {
    await app.close();
  }
});

test('registrations are counted by IPv4 address, and by /64 for IPv6', () => {
  assert.is(registrantOf('203.0.113.7'), '203.0.113.7');
  assert.is(registrantOf('::ffff:203.0.113.7'), '203.0.113.7');
  assert.is(registrantOf('2001:db8:1:2::1'), registrantOf('2001:db8:1:2:ffff:ffff:ffff:ffff'));
  assert.is.not(registrantOf('2001:db8:1:2::1'), registrantOf('2001:db8:1:3::1'));
  assert.is(registrantOf(undefined), 'unknown');
});

test.run();
