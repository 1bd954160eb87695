import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defineRoute } from '../../server/http/route.js';
import { startTestApp } from '../helpers/test-app.js';

/** Framework probes: a route per scope rule, echoing who the actor is. */
const probe = (path: string, auth: Parameters<typeof defineRoute>[0]['auth']) =>
  defineRoute<{ note?: string }>({
    method: 'POST',
    path,
    tag: 'test',
    summary: 'test probe',
    auth,
    request: { body: { type: 'object', additionalProperties: false, properties: { note: { type: 'string' } } } },
    response: { type: 'object' },
    handler: ({ actor }) => ({
      success: true,
      owner_user_id: actor!.ownerUserId,
      acting_user_id: actor!.actingUserId,
      is_delegate: actor!.isDelegate,
    }),
  });

const extraRoutes = [
  probe('/test/profiles', { anyOf: ['profiles-read'] }),
  probe('/test/reconciliation', { anyOf: ['contacts-read', 'search'] }),
  probe('/test/any', 'any'),
];

test('missing, malformed, unknown and revoked keys are 401 unauthorized with distinct messages', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const { apiKey, keyId } = app.account();
    const missing = await app.call('GET', '/api/v1/credits/status');
    assert.is(missing.status, 401);
    assert.is(missing.body.error, 'unauthorized');
    assert.match(String(missing.body.message), /X-API-Key/);
    assert.is(missing.headers.get('www-authenticate'), 'ApiKey header="X-API-Key"');

    const malformed = await app.call('GET', '/api/v1/credits/status', { key: 'hello' });
    assert.is(malformed.status, 401);
    assert.match(String(malformed.body.message), /not a Proxima API key/);

    const forged = `${apiKey.slice(0, -4)}AAAA`;
    const unknown = await app.call('GET', '/api/v1/credits/status', { key: forged });
    assert.is(unknown.status, 401);
    assert.match(String(unknown.body.message), /not recognised/);

    assert.is((await app.call('GET', '/api/v1/credits/status', { key: apiKey })).status, 200);
    assert.ok(app.services.apiKeys.revoke(keyId, app.clock.now()));
    const revoked = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(revoked.status, 401);
    assert.match(String(revoked.body.message), /revoked/);
    // A 401 knows no account, so it carries no credit headers.
    assert.is(revoked.headers.get('x-service-credits-tier'), null);
  } finally {
    await app.close();
  }
});

test('a route demanding a scope refuses a key without it, listing what is missing', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const { apiKey } = app.account({ scopes: ['search'] });
    const res = await app.call('POST', '/test/profiles', { key: apiKey, body: {} });
    assert.is(res.status, 403);
    assert.is(res.body.error, 'insufficient_scope');
    assert.equal(res.body.required_scopes, ['profiles-read']);
    assert.equal(res.body.granted_scopes, ['search']);
    assert.is(res.headers.get('x-service-credits-tier'), 'pro');

    const withScope = app.account({ scopes: ['profiles-read'] });
    assert.is((await app.call('POST', '/test/profiles', { key: withScope.apiKey, body: {} })).status, 200);
  } finally {
    await app.close();
  }
});

test('either-of scope rules accept any one of the listed scopes', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    for (const scopes of [['contacts-read'], ['search']] as const) {
      const { apiKey } = app.account({ scopes: [...scopes] });
      assert.is((await app.call('POST', '/test/reconciliation', { key: apiKey, body: {} })).status, 200, scopes.join());
    }
    const { apiKey } = app.account({ scopes: ['contacts-write'] });
    const res = await app.call('POST', '/test/reconciliation', { key: apiKey, body: {} });
    assert.is(res.status, 403);
    assert.equal(res.body.required_scopes, ['contacts-read', 'search']);
    // "any valid key" routes take a key with any scope at all.
    assert.is((await app.call('POST', '/test/any', { key: apiKey, body: {} })).status, 200);
  } finally {
    await app.close();
  }
});

test('delegates act through the owner key only when authorised, from body or query', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const owner = app.account();
    const delegate = app.services.users.create({ tier: 'free', now: app.clock.now() });
    const stranger = app.services.users.create({ tier: 'free', now: app.clock.now() });

    const refused = await app.call('POST', '/test/any', { key: owner.apiKey, body: { delegate_user_id: delegate.userId } });
    assert.is(refused.status, 403);
    assert.is(refused.body.error, 'delegate_not_allowed');
    assert.is(refused.body.delegate_user_id, delegate.userId);

    app.services.delegates.add(owner.userId, delegate.userId, app.clock.now(), true);
    const viaBody = await app.call('POST', '/test/any', { key: owner.apiKey, body: { delegate_user_id: delegate.userId } });
    assert.is(viaBody.status, 200);
    assert.equal(viaBody.body, { success: true, owner_user_id: owner.userId, acting_user_id: delegate.userId, is_delegate: true });

    const viaQuery = await app.call('POST', `/test/any?delegate_user_id=${delegate.userId}`, { key: owner.apiKey, body: {} });
    assert.is(viaQuery.body.acting_user_id, delegate.userId);

    const status = await app.call('GET', `/api/v1/credits?delegate_user_id=${stranger.userId}`, { key: owner.apiKey });
    assert.is(status.status, 403);
    assert.is(status.body.error, 'delegate_not_allowed');

    const self = await app.call('POST', '/test/any', { key: owner.apiKey, body: { delegate_user_id: owner.userId } });
    assert.is(self.body.is_delegate, false);

    const conflicting = await app.call('POST', `/test/any?delegate_user_id=${owner.userId}`, {
      key: owner.apiKey,
      body: { delegate_user_id: delegate.userId },
    });
    assert.is(conflicting.status, 400);
    assert.is(conflicting.body.error, 'validation_failed');

    const malformed = await app.call('POST', '/test/any', { key: owner.apiKey, body: { delegate_user_id: 'bob' } });
    assert.is(malformed.status, 400);
    assert.equal((malformed.body.errors as { pointer: string }[])[0]!.pointer, '/delegate_user_id');

    app.services.delegates.remove(owner.userId, delegate.userId);
    const withdrawn = await app.call('POST', '/test/any', { key: owner.apiKey, body: { delegate_user_id: delegate.userId } });
    assert.is(withdrawn.status, 403);
  } finally {
    await app.close();
  }
});

test('last_used_at records the latest authenticated call, to the minute', async () => {
  const app = await startTestApp();
  try {
    const { apiKey, keyId } = app.account();
    assert.is(app.services.apiKeys.get(keyId)!.lastUsedAt, null);
    await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    const first = app.clock.now();
    assert.is(app.services.apiKeys.get(keyId)!.lastUsedAt, first);
    app.clock.advance(59_000);
    await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(app.services.apiKeys.get(keyId)!.lastUsedAt, first, 'not rewritten within the minute');
    app.clock.advance(1_000);
    await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(app.services.apiKeys.get(keyId)!.lastUsedAt, app.clock.now());
  } finally {
    await app.close();
  }
});

test('API keys never reach the log', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    await app.call('GET', '/api/v1/credits/status', { key: `${apiKey}x` });
    const dump = JSON.stringify(app.logs);
    assert.ok(app.logs.some((l) => l.path === '/api/v1/credits/status' && l.status === 200));
    assert.not.ok(dump.includes(apiKey.slice(-20)), 'key secret leaked into logs');
  } finally {
    await app.close();
  }
});

test.run();
