import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPair, SignJWT } from 'jose';
import { Agent } from 'undici';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildServices, closeServices } from '../../server/build-services.js';
import { loadConfig } from '../../server/config.js';
import { createAuthorizationServer } from '../../server/oauth/authorization-server.js';
import { authorize, pkcePair, registerClient } from '../helpers/oauth-flow.js';
import { startTestApp } from '../helpers/test-app.js';

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

test('discovery: authorization-server and protected-resource metadata, public keys only', async () => {
  const app = await startTestApp();
  try {
    const as = await json(await fetch(`${app.url}/.well-known/oauth-authorization-server`));
    assert.is(as.issuer, app.url);
    assert.is(as.authorization_endpoint, `${app.url}/oauth/authorize`);
    assert.is(as.token_endpoint, `${app.url}/oauth/token`);
    assert.is(as.registration_endpoint, `${app.url}/oauth/register`);
    assert.is(as.jwks_uri, `${app.url}/.well-known/jwks.json`);
    assert.equal(as.code_challenge_methods_supported, ['S256']);
    assert.equal(as.response_types_supported, ['code']);
    assert.not.ok((as.scopes_supported as string[]).includes('contacts-delegate-resolve'));
    const prm = await json(await fetch(`${app.url}/.well-known/oauth-protected-resource/mcp`));
    assert.is(prm.resource, `${app.url}/mcp`);
    assert.equal(prm.authorization_servers, [app.url]);
    assert.is((prm.scopes_supported as string[]).length, 12);
    // Both documents advertise the contract's twelve scopes, no more (an auditor found `openid` too).
    assert.equal(as.scopes_supported, prm.scopes_supported);
    const oidc = await json(await fetch(`${app.url}/.well-known/openid-configuration`));
    assert.equal(oidc.scopes_supported, prm.scopes_supported);
    const jwks = (await json(await fetch(`${app.url}/.well-known/jwks.json`))) as { keys: Record<string, unknown>[] };
    assert.is(jwks.keys.length, 1);
    assert.is(jwks.keys[0]!.kty, 'RSA');
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) assert.not.ok(secret in jwks.keys[0]!, `no private ${secret}`);
    // A forged Host (or forwarding header) does not move the endpoints to another server.
    const forged = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = http.get(
        `${app.url}/.well-known/oauth-authorization-server`,
        { headers: { host: 'evil.example', 'x-forwarded-host': 'evil2.example', 'x-forwarded-proto': 'https' } },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>));
        },
      );
      req.on('error', reject);
    });
    for (const key of ['token_endpoint', 'authorization_endpoint', 'registration_endpoint', 'jwks_uri'])
      assert.ok(String(forged[key]).startsWith(`${app.url}/`), `${key}: ${forged[key]}`);
    // Every endpoint the metadata advertises is served (an outside tester found the pushed
    // authorization request endpoint advertised at /request, which was 404): GET or POST answers.
    const advertised = Object.entries(as).filter(([key, value]) => /_(endpoint|uri)$/.test(key) && typeof value === 'string');
    assert.ok(advertised.length >= 6, JSON.stringify(advertised));
    for (const [key, url] of advertised) {
      const statuses = [];
      for (const method of ['GET', 'POST']) {
        const res = await fetch(String(url), {
          method,
          redirect: 'manual',
          ...(method === 'POST' ? { body: '', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } } : {}),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      assert.ok(
        statuses.some((s) => s !== 404),
        `${key} ${url}: ${statuses.join(', ')}`,
      );
    }
    assert.not.ok('pushed_authorization_request_endpoint' in as);
  } finally {
    await app.close();
  }
});

test('registration: HTTPS and loopback redirect URIs only; a loopback client may use any port', async () => {
  const app = await startTestApp();
  try {
    const refused = await fetch(`${app.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'x', redirect_uris: ['http://evil.example/cb'] }),
    });
    assert.is(refused.status, 400);
    assert.is((await json(refused)).error, 'invalid_redirect_uri');
    const https = await registerClient(app.url, { redirect_uris: ['https://agent.example/callback'] });
    assert.ok(https.client_id);
    // Registered at port 9, used at another port (RFC 8252 section 7.3).
    const loopback = await registerClient(app.url, { redirect_uris: ['http://127.0.0.1:9/callback'] });
    const { apiKey } = app.account();
    const flow = await authorize(app.url, { apiKey, client: { ...loopback, redirect_uris: ['http://127.0.0.1:54321/callback'] } });
    assert.ok(flow.tokens, 'any loopback port');
    // An exact match is required otherwise.
    const wrongPath = await fetch(
      `${app.url}/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: https.client_id,
        redirect_uri: 'https://agent.example/other',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    );
    assert.is(wrongPath.status, 400);
  } finally {
    await app.close();
  }
});

test('PKCE is required and S256 only; the resource must be the connector', async () => {
  const app = await startTestApp();
  try {
    const client = await registerClient(app.url);
    const base = { response_type: 'code', client_id: client.client_id, redirect_uri: client.redirect_uris[0]!, state: 's' };
    const go = async (extra: Record<string, string>) => {
      const res = await fetch(`${app.url}/oauth/authorize?${new URLSearchParams({ ...base, ...extra })}`, { redirect: 'manual' });
      return new URL(res.headers.get('location') ?? 'http://none/');
    };
    assert.is((await go({})).searchParams.get('error'), 'invalid_request', 'no code_challenge');
    assert.is((await go({ code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' })).searchParams.get('error'), 'invalid_request');
    const wrongResource = await go({
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      resource: 'https://elsewhere.example/',
    });
    assert.is(wrongResource.searchParams.get('error'), 'invalid_target');
  } finally {
    await app.close();
  }
});

test('the consent page: anti-framing and CSP headers, escaped client name, CSRF enforced, a bad key re-renders', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const client = await registerClient(app.url, { client_name: '<script>alert(1)</script>' });
    const flow = await authorize(app.url, { apiKey, client, decision: 'deny' });
    assert.is(flow.page.headers.get('x-frame-options'), 'DENY');
    assert.match(flow.page.headers.get('content-security-policy') ?? '', "frame-ancestors 'none'");
    assert.match(flow.page.headers.get('content-security-policy') ?? '', "default-src 'none'");
    assert.not.match(flow.page.html, '<script>alert(1)</script>');
    assert.match(flow.page.html, '&lt;script&gt;alert(1)&lt;/script&gt;');

    let failed = '';
    try {
      await authorize(app.url, { apiKey, formOverrides: { csrf: 'forged' } });
    } catch (err) {
      failed = (err as Error).message;
    }
    assert.match(failed, 'got 403', 'a forged CSRF token is refused');
    try {
      await authorize(app.url, { apiKey: 'prx_0000000000_0000000000000000000000000000000000000000' });
      failed = '';
    } catch (err) {
      failed = (err as Error).message;
    }
    assert.match(failed, 'got 401');
    assert.match(failed, 'Sign-in failed');
  } finally {
    await app.close();
  }
});

test('signing keys persist in DATA_DIR: a token issued before a restart still verifies after it', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const flow = await authorize(app.url, { apiKey, scope: 'search' });
    const again = buildServices(loadConfig({ DATA_DIR: app.dataDir, BASE_URL: app.url, LOG_LEVEL: 'silent' }));
    try {
      const claims = await createAuthorizationServer(again).verifier.verify(flow.tokens!.access_token);
      assert.is(claims?.scopes.join(' '), 'search');
    } finally {
      await closeServices(again);
    }
    assert.ok(fs.statSync(path.join(app.dataDir, 'oauth', 'signing-key.json')).mode & 0o600);
  } finally {
    await app.close();
  }
});

test('an unknown or expired interaction is an error page, not a 500; a forged token is refused at the connector', async () => {
  const app = await startTestApp();
  try {
    const res = await fetch(`${app.url}/oauth/interaction/not-a-real-uid`);
    assert.is(res.status, 400);
    assert.match(res.headers.get('content-type') ?? '', 'text/html');
    assert.match(await res.text(), 'Authorization failed');

    // Right claims, wrong key: the signature check refuses it.
    const { privateKey } = await generateKeyPair('RS256');
    const { userId } = app.account();
    const forged = await new SignJWT({ scope: 'search', client_id: 'x', gid: 'g' })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
      .setIssuer(app.url)
      .setAudience(`${app.url}/mcp`)
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    const mcp = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${forged}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.is(mcp.status, 401);
    assert.match(mcp.headers.get('www-authenticate') ?? '', 'error="invalid_token"');
  } finally {
    await app.close();
  }
});

test('registered clients expire after 90 days unused; using one pushes its expiry forward', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const expiry = (id: string) =>
      (app.services.db.prepare("SELECT expires_at FROM oauth_records WHERE model = 'Client' AND id = ?").get(id) as { expires_at: number })
        .expires_at;
    const used = await registerClient(app.url);
    assert.ok(Math.abs(expiry(used.client_id) - (Date.now() + 90 * 86_400_000)) < 60_000);
    app.services.db
      .prepare("UPDATE oauth_records SET expires_at = ? WHERE model = 'Client' AND id = ?")
      .run(Date.now() + 86_400_000, used.client_id);
    assert.ok((await authorize(app.url, { apiKey, client: used })).tokens);
    assert.ok(expiry(used.client_id) > Date.now() + 89 * 86_400_000, 'pushed forward by use');

    const idle = await registerClient(app.url);
    app.services.db
      .prepare("UPDATE oauth_records SET expires_at = ? WHERE model = 'Client' AND id = ?")
      .run(Date.now() - 1, idle.client_id);
    let message = '';
    try {
      await authorize(app.url, { apiKey, client: idle });
    } catch (err) {
      message = (err as Error).message;
    }
    assert.match(message, 'invalid_client');
  } finally {
    await app.close();
  }
});

/** A self-signed certificate for 127.0.0.1, made with openssl. */
function selfSigned(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const out = { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

test('client-ID metadata documents: an HTTPS client id is fetched and honoured; a mismatched or oversized one is refused', async () => {
  const tls = selfSigned();
  const documents = new Map<string, { body: string; type?: string }>();
  const server = https.createServer(tls, (req, res) => {
    const doc = documents.get(req.url ?? '');
    if (!doc) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': doc.type ?? 'application/json' }).end(doc.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  const app = await startTestApp({ oauth: { metadataDispatcher: new Agent({ connect: { ca: tls.cert } }) } });
  try {
    const { apiKey } = app.account();
    const good = `${origin}/agent.json`;
    const redirect = 'http://127.0.0.1:9/callback';
    documents.set('/agent.json', { body: JSON.stringify({ client_id: good, client_name: 'Hosted Agent', redirect_uris: [redirect] }) });
    const flow = await authorize(app.url, { apiKey, client: { client_id: good, redirect_uris: [redirect] } });
    assert.match(flow.page.html, 'Hosted Agent');
    assert.ok(flow.tokens, 'tokens for a metadata-document client');

    const liar = `${origin}/liar.json`;
    documents.set('/liar.json', { body: JSON.stringify({ client_id: `${origin}/someone-else.json`, redirect_uris: [redirect] }) });
    const huge = `${origin}/huge.json`;
    documents.set('/huge.json', { body: JSON.stringify({ client_id: huge, redirect_uris: [redirect], padding: 'x'.repeat(70_000) }) });
    // A document whose shown name or redirect URI holds an RTL override is refused, as registration refuses it.
    const rtl = `${origin}/rtl.json`;
    documents.set('/rtl.json', { body: JSON.stringify({ client_id: rtl, client_name: 'Acme\u202egnp.exe', redirect_uris: [redirect] }) });
    const zw = `${origin}/zw.json`;
    documents.set('/zw.json', { body: JSON.stringify({ client_id: zw, client_name: 'Acme', redirect_uris: [`${redirect}\u200b`] }) });
    for (const clientId of [liar, huge, rtl, zw, `${origin}/missing.json`]) {
      let message = '';
      try {
        await authorize(app.url, { apiKey, client: { client_id: clientId, redirect_uris: [redirect] } });
      } catch (err) {
        message = (err as Error).message;
      }
      assert.match(message, 'invalid_client', clientId);
    }
  } finally {
    await app.close();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

test.run();
