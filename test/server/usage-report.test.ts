import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defineRoute } from '../../server/http/route.js';
import { startTestApp } from '../helpers/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
const billed = (path: string, operation: 'people_search' | 'profile_read') =>
  defineRoute({
    method: 'POST',
    path,
    tag: 'test',
    summary: 'probe',
    auth: 'any',
    billing: { operation },
    response: { type: 'object' },
    handler: () => ({ success: true }),
  });

test('GET /api/v1/credits reports key, pool, per-day and per-operation usage, and the rate card', async () => {
  const app = await startTestApp({ extraRoutes: [billed('/test/search', 'people_search'), billed('/test/read', 'profile_read')] });
  try {
    const owner = app.account({ tier: 'starter' });
    const second = app.services.apiKeys.insert({
      ...app.services.apiKeys.get(owner.keyId)!,
      name: 'other',
      keyPrefix: 'prx_0000000000',
      keyHash: Buffer.alloc(32),
      now: app.clock.now(),
    });
    // Usage by another key of the same account shows in the pool, not in current_key_usage.
    app.services.credits.reserve({
      ownerUserId: owner.userId,
      tier: 'starter',
      keyId: second.keyId,
      actingUserId: owner.userId,
      operation: 'profile_read',
      quantity: 1,
      requestId: null,
      now: app.clock.now() - 2 * DAY,
    });
    await app.call('POST', '/test/search', { key: owner.apiKey, body: {} });
    await app.call('POST', '/test/search', { key: owner.apiKey, body: {} });
    await app.call('POST', '/test/read', { key: owner.apiKey, body: {} });

    const res = await app.call('GET', '/api/v1/credits', { key: owner.apiKey });
    assert.is(res.status, 200);
    const b = res.body as Record<string, any>;
    assert.is(b.owner_user_id, owner.userId);
    assert.is(b.current_api_key.id, owner.keyId);
    assert.ok(!JSON.stringify(b).includes(owner.apiKey.slice(-40)), 'the secret is never returned');
    assert.is(b.current_key_usage.total_credits, 0.51);
    assert.equal(b.current_key_usage.by_operation, [
      { operation: 'people_search', credits: 0.5, units: 2, calls: 2 },
      { operation: 'profile_read', credits: 0.01, units: 1, calls: 1 },
    ]);
    assert.is(b.account_credit_pool.used, 0.52);
    assert.is(b.account_credit_pool.limit, 50);
    assert.equal(
      b.account_credit_pool.usage.by_day.map((d: { date: string }) => d.date),
      ['2026-05-30', '2026-06-01'],
    );
    const ops = b.rate_card.operations.map((o: { operation: string }) => o.operation);
    assert.ok(ops.includes('people_search') && ops.includes('jobs_search_with_people'));
    const jobsWithPeople = b.rate_card.operations.find((o: { operation: string }) => o.operation === 'jobs_search_with_people');
    const jobsPreview = b.rate_card.operations.find((o: { operation: string }) => o.operation === 'jobs_search_preview');
    assert.is(jobsWithPeople.price, jobsPreview.price);
    assert.ok(b.billing_semantics.length > 3);

    const today = await app.call('GET', '/api/v1/credits?range=today', { key: owner.apiKey });
    assert.is((today.body as any).account_credit_pool.usage.total_credits, 0.51);
    const custom = await app.call('GET', '/api/v1/credits?start_date=2026-05-30&end_date=2026-05-30', { key: owner.apiKey });
    assert.is((custom.body as any).account_credit_pool.usage.total_credits, 0.01);
    assert.is((custom.body as any).account_credit_pool.usage.range, 'custom');
    const all = await app.call('GET', '/api/v1/credits?range=all_time', { key: owner.apiKey });
    assert.is((all.body as any).account_credit_pool.usage.total_credits, 0.52);
  } finally {
    await app.close();
  }
});

test('bad ranges and dates are 400 validation_failed naming the parameter', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const cases: [string, string][] = [
      ['range=1y', '/range'],
      ['start_date=yesterday', '/start_date'],
      ['end_date=2026-13-45', '/end_date'],
      ['range=7d&start_date=2026-01-01', '/range'],
      ['start_date=2026-06-02&end_date=2026-06-01', '/start_date'],
      // A day past the month's end is no date (Date.parse rolls it over to March 2).
      ['start_date=2026-02-30&end_date=2026-03-05', '/start_date'],
      ['end_date=2026-04-31T10:00:00Z', '/end_date'],
    ];
    for (const [qs, pointer] of cases) {
      const res = await app.call('GET', `/api/v1/credits?${qs}`, { key: apiKey });
      assert.is(res.status, 400, qs);
      assert.is(res.body.error, 'validation_failed', qs);
      assert.is((res.body.errors as { pointer: string }[])[0]!.pointer, pointer, qs);
      if (qs.includes('-02-30')) assert.match(res.text, /is not a date of the calendar: 2026-02-30/);
    }
    // A start after now with no end_date says so, rather than naming an end_date never sent.
    const future = await app.call('GET', '/api/v1/credits?start_date=2999-01-01', { key: apiKey });
    assert.equal([future.status, (future.body.errors as { pointer: string }[])[0]!.pointer], [400, '/start_date']);
    assert.match(future.text, /no end_date is given/);
    // The last day a timestamp can write ends the interval at its last instant, in RFC 3339.
    const last = await app.call('GET', '/api/v1/credits?start_date=2026-01-01&end_date=9999-12-31', { key: apiKey });
    assert.is(last.status, 200, last.text);
    assert.not.match(last.text, /\+0100/);
    assert.match(last.text, /9999-12-31T23:59:59/);
  } finally {
    await app.close();
  }
});

test.run();
