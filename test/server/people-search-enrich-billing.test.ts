/**
 * Enrich charges what the call really costs (§2.2 of issue 12): the rows it enriches that this
 * account had not enriched yet, at the per-person price, and refuses only when that exceeds
 * what remains.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { indexSnapshots, profile, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Ctx {
  app: TestApp;
  key: string;
  /** Spends credits directly on the ledger so `remaining` is what the test needs. */
  spend(credits: number): void;
  remaining(): Promise<number>;
  /** A stored full search of 10 rows (0.25). */
  search(): Promise<{ searchId: string; ids: string[] }>;
}

async function withFreeAccount(fn: (c: Ctx) => Promise<void>): Promise<void> {
  const app = await startTestApp();
  try {
    const profiles = Array.from({ length: 12 }, (_, i) =>
      profile(i + 1, { current_title: 'Software Engineer', professional_username: `eng${i + 1}` }),
    );
    const summary = await indexSnapshots(app, [writeSnapshot(app.dataDir, 'profiles.jsonl', profiles)]);
    assert.is(summary.rejected, 0);
    const { apiKey, userId } = app.account({ tier: 'free' });
    const ctx: Ctx = {
      app,
      key: apiKey,
      spend(credits) {
        // people_search is 0.25 per call: a whole number of calls.
        const hold = app.services.credits.reserve({
          ownerUserId: userId,
          tier: 'free',
          keyId: null,
          actingUserId: userId,
          operation: 'people_search',
          quantity: Math.round(credits / 0.25),
          requestId: null,
          now: app.clock.now(),
        });
        app.services.credits.commit(hold);
      },
      async remaining() {
        const res = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
        return res.body.remaining as number;
      },
      async search() {
        const res = await app.call('POST', '/api/v1/search/people', {
          key: apiKey,
          body: { description: 'software engineers', limit: 10, defer_enrichment: true },
        });
        assert.is(res.status, 200, res.text);
        const ids = (res.body.users as { id: string }[]).map((u) => u.id);
        assert.is(ids.length, 10);
        return { searchId: res.body.search_id as string, ids };
      },
    };
    await fn(ctx);
  } finally {
    await app.close();
  }
}

const enrich = (c: Ctx, body: Record<string, unknown>) => c.app.call('POST', '/api/v1/search/people/enrich', { key: c.key, body });
const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

test('1.00 credit left: enriching a 10-row page costs 0.50 and runs (it used to reserve 25 rows and refuse 1.25)', () =>
  withFreeAccount(async (c) => {
    c.spend(3.75);
    const { searchId } = await c.search();
    assert.ok(close(await c.remaining(), 1), 'five credits, 3.75 spent and a 0.25 search: 1.00 left');
    const res = await enrich(c, { search_id: searchId });
    assert.is(res.status, 200, res.text);
    assert.is((res.body.users as unknown[]).length, 10);
    assert.ok(close(await c.remaining(), 0.5), `charged 10 x 0.05: ${await c.remaining()}`);
  }));

test('re-enriching rows already enriched costs nothing', () =>
  withFreeAccount(async (c) => {
    const { searchId } = await c.search();
    assert.is((await enrich(c, { search_id: searchId })).status, 200);
    const before = await c.remaining();
    const again = await enrich(c, { search_id: searchId });
    assert.is(again.status, 200, again.text);
    assert.is((again.body.users as unknown[]).length, 10, 'the rows still come back enriched');
    assert.is((again.body.enrichment as { newly_enriched: number }).newly_enriched, 0);
    assert.ok(close(await c.remaining(), before), 'nothing charged');
  }));

test('partial overlap: only the rows not yet enriched are charged', () =>
  withFreeAccount(async (c) => {
    const { searchId, ids } = await c.search();
    const start = await c.remaining();
    const one = await enrich(c, { search_id: searchId, target_user_id: ids[2] });
    assert.is(one.status, 200, one.text);
    assert.ok(close(await c.remaining(), start - 0.05));
    const firstFour = await enrich(c, { search_id: searchId, limit: 4 });
    assert.is(firstFour.status, 200, firstFour.text);
    assert.ok(close(await c.remaining(), start - 0.05 - 0.15), 'rows 0, 1 and 3 are new; row 2 was enriched');
    const page = await enrich(c, { search_id: searchId });
    assert.is(page.status, 200, page.text);
    assert.ok(close(await c.remaining(), start - 0.5), 'the six rows left are charged, 10 x 0.05 in all');
  }));

test('402 when the rows to enrich cost more than what remains, naming the real price', () =>
  withFreeAccount(async (c) => {
    c.spend(4.5);
    const { searchId } = await c.search();
    assert.ok(close(await c.remaining(), 0.25));
    const res = await enrich(c, { search_id: searchId });
    assert.is(res.status, 402, res.text);
    assert.is(res.body.error, 'credits_exhausted');
    assert.match(String(res.body.message), /costs 0\.5 credits/);
    assert.is(res.body.price, 0.5);
    assert.ok(close(await c.remaining(), 0.25), 'a refused call charges nothing');
    // Five rows fit: 0.25.
    const five = await enrich(c, { search_id: searchId, limit: 5 });
    assert.is(five.status, 200, five.text);
    assert.ok(close(await c.remaining(), 0));
  }));

test('a person found by lookup is enriched already: enriching them costs nothing', () =>
  withFreeAccount(async (c) => {
    const lookup = await c.app.call('POST', '/api/v1/search/people', { key: c.key, body: { professional_username: 'eng3' } });
    assert.is(lookup.status, 200, lookup.text);
    assert.is((lookup.body.users as unknown[]).length, 1);
    const before = await c.remaining();
    const res = await enrich(c, { search_id: lookup.body.search_id });
    assert.is(res.status, 200, res.text);
    assert.is((res.body.enrichment as { newly_enriched: number }).newly_enriched, 0);
    assert.ok(close(await c.remaining(), before));
  }));

test('a lookup says what it did not apply: the description and filters beside it, another person named by the URL', () =>
  withFreeAccount(async (c) => {
    const res = await c.app.call('POST', '/api/v1/search/people', {
      key: c.key,
      body: {
        professional_username: 'eng3',
        professional_profile_url: 'https://www.professional.example/in/eng4',
        description: 'designers in Paris',
        filters: { locations: { include: ['Paris'] } },
      },
    });
    assert.is(res.status, 200, res.text);
    assert.is((res.body.users as unknown[]).length, 1);
    const receipts = (res.body.search_metadata as { receipts: { path: string; action: string; message: string }[] }).receipts;
    const ignored = receipts.filter((r) => r.action === 'ignored').map((r) => r.path);
    assert.equal(ignored, ['/professional_profile_url', '/description', '/filters'], JSON.stringify(receipts));
    assert.match(receipts.find((r) => r.path === '/professional_profile_url')!.message, 'names another person (eng4)');
  }));

test.run();
