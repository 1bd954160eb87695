import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../server/errors.js';
import { defineRoute } from '../../server/http/route.js';
import { startTestApp } from '../helpers/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

/** A billed probe priced as a full people search (0.25), with real awaits inside the work. */
const billed = defineRoute<{ fail?: boolean; results?: number }>({
  method: 'POST',
  path: '/test/billed',
  tag: 'test',
  summary: 'billed probe',
  auth: { anyOf: ['search'] },
  billing: { operation: 'people_search' },
  request: { body: { type: 'object', properties: { fail: { type: 'boolean' } } } },
  response: { type: 'object' },
  handler: async ({ body }) => {
    await sleep(5);
    if (body.fail) throw new AppError(404, 'not_found', 'probe failure');
    return { success: true };
  },
});

/** A per-result probe: reserves 10 enrichments, delivers `results`. */
const perResult = defineRoute<{ results: number }>({
  method: 'POST',
  path: '/test/per-result',
  tag: 'test',
  summary: 'per-result probe',
  auth: { anyOf: ['enrich'] },
  billing: { operation: 'people_enrich', quantity: () => 10 },
  request: { body: { type: 'object', required: ['results'], properties: { results: { type: 'integer' } } } },
  response: { type: 'object' },
  handler: async ({ body, settleBilling }) => {
    await sleep(1);
    settleBilling(body.results);
    return { success: true };
  },
});

const extraRoutes = [billed, perResult];
const HEADERS = ['tier', 'limit', 'used', 'remaining', 'reset-at', 'window-days'].map((h) => `x-service-credits-${h}`);

test('credit headers on every authenticated response, errors included', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const { apiKey } = app.account({ tier: 'starter', scopes: ['search'] });
    const responses = [
      await app.call('GET', '/api/v1/credits/status', { key: apiKey }),
      await app.call('POST', '/test/billed', { key: apiKey, body: {} }),
      await app.call('POST', '/test/billed', { key: apiKey, body: { fail: 'x' } }), // 400
      await app.call('POST', '/test/per-result', { key: apiKey, body: { results: 1 } }), // 403
      await app.call('GET', '/api/v1/nowhere', { key: apiKey }), // 404 before auth: no account known
    ];
    assert.equal(
      responses.map((r) => r.status),
      [200, 200, 400, 403, 404],
    );
    // Before any usage too, all six are sent (Reset-At: the end of a window starting now).
    for (const r of responses.slice(0, 4)) {
      for (const h of HEADERS) assert.ok(r.headers.has(h), `${h} missing on ${r.status}`);
    }
    const last = responses[3]!;
    assert.is(last.headers.get('x-service-credits-tier'), 'starter');
    assert.is(last.headers.get('x-service-credits-limit'), '50');
    assert.is(last.headers.get('x-service-credits-used'), '0.25');
    assert.is(last.headers.get('x-service-credits-remaining'), '49.75');
    assert.is(last.headers.get('x-service-credits-window-days'), '30');
    assert.is(last.headers.get('x-service-credits-reset-at'), new Date(app.clock.now() + 30 * DAY).toISOString());
  } finally {
    await app.close();
  }
});

test('status: null window fields without usage; a charge sets them; failures are not charged', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const { apiKey } = app.account({ tier: 'free', scopes: ['search'] });
    const before = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.equal(
      { ...before.body, as_of: null },
      { success: true, tier: 'free', limit: 5, used: 0, remaining: 5, window_start: null, window_days: 30, reset_at: null, as_of: null },
    );
    const failed = await app.call('POST', '/test/billed', { key: apiKey, body: { fail: true } });
    assert.is(failed.status, 404);
    assert.is(failed.headers.get('x-service-credits-used'), '0');

    app.clock.advance(1000);
    await app.call('POST', '/test/billed', { key: apiKey, body: {} });
    const after = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(after.body.used, 0.25);
    assert.is(after.body.remaining, 4.75);
    assert.is(after.body.window_start, new Date(app.clock.now()).toISOString());
    assert.is(after.body.reset_at, new Date(app.clock.now() + 30 * DAY).toISOString());
  } finally {
    await app.close();
  }
});

test('at the ceiling, a refusal no credit could cure comes first: an unknown reconciliation run is 404, not 402', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const { apiKey } = app.account({ tier: 'free', scopes: 'all' });
    for (let i = 0; i < 20; i++) assert.is((await app.call('POST', '/test/billed', { key: apiKey, body: {} })).status, 200);
    assert.is((await app.call('POST', '/test/billed', { key: apiKey, body: {} })).status, 402);
    const rows = [{ row_id: 'a', notes: 'x' }];
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [path, body] of [
      [`runs/${unknown}/batches/preview`, { rows }],
      [`runs/${unknown}/batches`, { rows, user_confirmed: true }],
    ] as const) {
      const res = await app.call('POST', `/api/v1/contacts/reconciliation/${path}`, { key: apiKey, body });
      assert.equal([res.status, res.body.error], [404, 'reconciliation_run_not_found'], path);
    }
    const run = (await app.call('POST', '/api/v1/contacts/reconciliation/runs', { key: apiKey, body: {} })).body.run as { run_id: string };
    await app.call('POST', `/api/v1/contacts/reconciliation/runs/${run.run_id}/finalize`, { key: apiKey, body: { user_confirmed: true } });
    const finalized = await app.call('POST', `/api/v1/contacts/reconciliation/runs/${run.run_id}/batches`, {
      key: apiKey,
      body: { rows, user_confirmed: true },
    });
    assert.equal([finalized.status, finalized.body.error], [409, 'reconciliation_run_finalized']);
  } finally {
    await app.close();
  }
});

test('402 credits_exhausted at the ceiling; status and credits stay reachable; nothing charged', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const { apiKey } = app.account({ tier: 'free', scopes: ['search'] });
    for (let i = 0; i < 20; i++) assert.is((await app.call('POST', '/test/billed', { key: apiKey, body: {} })).status, 200);
    const refused = await app.call('POST', '/test/billed', { key: apiKey, body: {} });
    assert.is(refused.status, 402);
    assert.is(refused.body.error, 'credits_exhausted');
    assert.is(refused.body.remaining, 0);
    assert.is(refused.body.limit, 5);
    assert.is(refused.body.tier, 'free');
    assert.is(refused.body.reset_at, new Date(app.clock.now() + 30 * DAY).toISOString());
    assert.is(refused.headers.get('x-service-credits-remaining'), '0');

    const status = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(status.status, 200);
    assert.is(status.body.used, 5);
    assert.is((await app.call('GET', '/api/v1/credits', { key: apiKey })).status, 200);
  } finally {
    await app.close();
  }
});

test('a call whose whole price does not fit is refused even with credits left', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const { apiKey } = app.account({ tier: 'free', scopes: ['search', 'enrich'] });
    for (let i = 0; i < 19; i++) await app.call('POST', '/test/billed', { key: apiKey, body: {} });
    // 0.25 left; the per-result probe reserves 10 x 0.05 = 0.5.
    const refused = await app.call('POST', '/test/per-result', { key: apiKey, body: { results: 1 } });
    assert.is(refused.status, 402);
    assert.is(refused.body.remaining, 0.25);
    assert.is(refused.body.price, 0.5);
    assert.is((await app.call('POST', '/test/billed', { key: apiKey, body: {} })).status, 200);
  } finally {
    await app.close();
  }
});

test('per-result charges settle to what was delivered', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const { apiKey } = app.account({ tier: 'free', scopes: ['enrich'] });
    const res = await app.call('POST', '/test/per-result', { key: apiKey, body: { results: 3 } });
    assert.is(res.status, 200);
    assert.is(res.headers.get('x-service-credits-used'), '0.15');
  } finally {
    await app.close();
  }
});

test('the rolling window frees usage as it ages past 30 days', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const { apiKey } = app.account({ tier: 'free', scopes: ['search'] });
    const first = app.clock.now();
    for (let i = 0; i < 10; i++) await app.call('POST', '/test/billed', { key: apiKey, body: {} });
    app.clock.advance(10 * DAY);
    for (let i = 0; i < 10; i++) await app.call('POST', '/test/billed', { key: apiKey, body: {} });
    assert.is((await app.call('POST', '/test/billed', { key: apiKey, body: {} })).status, 402);

    app.clock.ms = first + 30 * DAY - 1; // the first batch is still inside the window
    assert.is((await app.call('POST', '/test/billed', { key: apiKey, body: {} })).status, 402);
    app.clock.ms = first + 30 * DAY; // ... and now it has aged out
    const status = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(status.body.used, 2.5);
    assert.is(status.body.window_start, new Date(first + 10 * DAY).toISOString());
    assert.is(status.body.reset_at, new Date(first + 40 * DAY).toISOString());
    assert.is((await app.call('POST', '/test/billed', { key: apiKey, body: {} })).status, 200);
  } finally {
    await app.close();
  }
});

test('concurrent charges at the edge never overspend', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const { apiKey, userId } = app.account({ tier: 'free', scopes: ['search'] });
    for (let i = 0; i < 17; i++) await app.call('POST', '/test/billed', { key: apiKey, body: {} });
    // 0.75 left: exactly three of thirty simultaneous calls fit.
    const results = await Promise.all(Array.from({ length: 30 }, () => app.call('POST', '/test/billed', { key: apiKey, body: {} })));
    const statuses = results.map((r) => r.status);
    assert.is(statuses.filter((s) => s === 200).length, 3);
    assert.is(statuses.filter((s) => s === 402).length, 27);
    assert.is(app.services.credits.status(userId, 'free', app.clock.now()).usedMicro, 5_000_000);
  } finally {
    await app.close();
  }
});

test('delegate usage draws on the owner pool and is recorded against the delegate', async () => {
  const app = await startTestApp({ extraRoutes });
  try {
    const owner = app.account({ tier: 'free', scopes: ['search'] });
    const delegate = app.services.users.create({ tier: 'team', now: app.clock.now() });
    app.services.delegates.add(owner.userId, delegate.userId, app.clock.now(), true);
    const res = await app.call('POST', '/test/billed', { key: owner.apiKey, body: { delegate_user_id: delegate.userId } });
    assert.is(res.status, 200);
    assert.is(res.headers.get('x-service-credits-tier'), 'free');
    assert.is(res.headers.get('x-service-credits-used'), '0.25');
    const row = app.services.db
      .prepare('SELECT owner_user_id, acting_user_id, operation, amount_micro, request_id FROM usage_ledger')
      .get() as Record<string, unknown>;
    assert.equal(row, {
      owner_user_id: owner.userId,
      acting_user_id: delegate.userId,
      operation: 'people_search',
      amount_micro: 250_000,
      request_id: res.headers.get('x-request-id'),
    });
    assert.is(app.services.credits.status(delegate.userId, 'team', app.clock.now()).usedMicro, 0);
  } finally {
    await app.close();
  }
});

test.run();
