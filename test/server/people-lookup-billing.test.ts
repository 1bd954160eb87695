/**
 * A lookup is billed per match (public-facts: "a miss is free"): one that finds the person costs a
 * people_search, one that finds nobody costs nothing, over REST and over the connector.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connectMcp } from '../helpers/mcp-client.js';
import { indexSnapshots, profile, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

async function withApp(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  const app = await startTestApp();
  try {
    await indexSnapshots(app, [
      writeSnapshot(app.dataDir, 'profiles.jsonl', [profile(1, { display_name: 'Ann Able', professional_username: 'annable' })]),
    ]);
    const { apiKey } = app.account();
    await fn(app, apiKey);
  } finally {
    await app.close();
  }
}

const used = async (app: TestApp, key: string) =>
  Number((await app.call('GET', '/api/v1/credits/status', { key })).headers.get('x-service-credits-used'));

test('REST: a lookup that finds nobody is free; one that finds the person costs one people_search', () =>
  withApp(async (app, key) => {
    for (const body of [
      { professional_username: 'nobody-at-all-xyz' },
      { professional_profile_url: 'https://professional.example/in/nobody-at-all-xyz' },
      { professional_url: 'https://www.linkedin.com/in/nobody-at-all-xyz/' },
    ]) {
      const miss = await app.call('POST', '/api/v1/search/people', { key, body });
      assert.is(miss.status, 200, miss.text);
      assert.equal(miss.body.users, []);
      assert.is((miss.body.no_results_reason as { code: string }).code, 'profile_not_found');
      assert.is(Number(miss.headers.get('x-service-credits-used')), 0, JSON.stringify(body));
    }
    assert.is(await used(app, key), 0);
    const hit = await app.call('POST', '/api/v1/search/people', { key, body: { professional_username: 'annable' } });
    assert.is((hit.body.users as unknown[]).length, 1);
    assert.is(await used(app, key), 0.25);
    // A search that is no lookup is charged whatever it finds.
    await app.call('POST', '/api/v1/search/people', { key, body: { description: 'astronauts on the moon' } });
    assert.is(await used(app, key), 0.5);
  }));

test('connector: people_lookup_batch and people_search bill only the lookups that found someone', () =>
  withApp(async (app, key) => {
    const mcp = await connectMcp(app.url, { apiKey: key });
    try {
      const batch = await mcp.call('people_lookup_batch', {
        profiles: ['annable', 'nobody-at-all-xyz', 'https://professional.example/in/nobody-else', 'https://evil.example/in/x'],
      });
      assert.not.ok(batch.isError, JSON.stringify(batch.structuredContent));
      const statuses = (batch.structuredContent!.results as { status: string }[]).map((r) => r.status);
      assert.equal(statuses, ['found', 'not_found', 'not_found', 'invalid']);
      assert.is(await used(app, key), 0.25);
      const miss = await mcp.call('people_search', { professional_username: 'nobody-at-all-xyz' });
      assert.not.ok(miss.isError, JSON.stringify(miss.structuredContent));
      assert.is(await used(app, key), 0.25);
    } finally {
      await mcp.close();
    }
  }));

test.run();
