import { faker } from '@faker-js/faker';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Db } from '../../server/store/database.js';
import { PeopleSearchStore } from '../../server/store/people-searches.js';
import { connection, indexSnapshots, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const P = (n: number) => tid(0xa0, n);
const ME = 1;
/** The requester's first-degree people, each with their own second-degree people. */
const FIRST = 60;
const SECOND_EACH = 25;
const SECOND = FIRST * SECOND_EACH;

const edge = (a: number, b: number) => connection(P(a), P(b));

interface Network {
  app: TestApp;
  key: string;
  userId: string;
}

/** A requester with 60 first-degree and 1,500 second-degree people: cohorts of their searches carry long id lists. */
async function withNetwork(fn: (n: Network) => Promise<void>): Promise<void> {
  const app = await startTestApp();
  try {
    const profiles = [profile(ME, { display_name: 'Me Myself', current_title: 'Founder' })];
    const connections = [];
    for (let f = 0; f < FIRST; f++) {
      const first = 1000 + f;
      profiles.push(profile(first));
      connections.push(edge(ME, first));
      for (let s = 0; s < SECOND_EACH; s++) {
        const second = 100_000 + f * SECOND_EACH + s;
        profiles.push(profile(second));
        connections.push(edge(first, second));
      }
    }
    const files = [writeSnapshot(app.dataDir, 'profiles.jsonl', profiles), writeSnapshot(app.dataDir, 'connections.jsonl', connections)];
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const { apiKey, userId } = app.account({ tier: 'team', personId: P(ME), name: 'Me Myself' });
    await fn({ app, key: apiKey, userId });
  } finally {
    await app.close();
  }
}

/** Bytes of pages in use by every table and index of the store (SQLite's dbstat). */
const storeBytes = (db: Db): number => db.prepare('SELECT sum(pgsize) FROM dbstat').pluck().get() as number;

/** Average bytes the store grows by per call, over `n` calls. */
async function bytesPerSearch(app: TestApp, n: number, call: () => Promise<void>): Promise<number> {
  const before = storeBytes(app.services.db);
  for (let i = 0; i < n; i++) await call();
  return (storeBytes(app.services.db) - before) / n;
}

const KIB = 1024;

test('a full search stores its bounded request and a compact cohort, not the raw body and the graph', () =>
  withNetwork(async ({ app, key, userId }) => {
    const searchIds: string[] = [];
    const search = async (path: string, body: unknown): Promise<void> => {
      const res = await app.call('POST', path, { key, body });
      assert.is(res.status, 200, res.text);
      assert.ok((res.body.users as unknown[]).length > 0 && (res.body.cohort_refs as string[]).length === 1, res.text.slice(0, 300));
      searchIds.push(res.body.search_id as string);
    };
    // A 90,000-character brief: only its first 10,000 characters are searched.
    faker.seed(3);
    const brief = faker.lorem.words(15_000).slice(0, 90_000);
    const long = await bytesPerSearch(app, 4, () =>
      search('/api/v1/search/people', { description: brief, filters: { job_titles: { include: ['Software Engineer'] } }, limit: 25 }),
    );
    // Boost mode: the graph only ranks (60 + 1,500 ids), so the cohort needs none of it.
    const boosted = await bytesPerSearch(app, 4, () => search('/api/v2/search/people/query', { query: 'software engineers', limit: 25 }));
    // Filter mode on the second degree: 1,500 ids decide membership, kept once for every such cohort.
    const filtered = await bytesPerSearch(app, 4, () =>
      search('/api/v1/search/people', { filters: { connection_degrees: ['2nd'] }, network_filter_mode: 'filter', limit: 25 }),
    );
    // Measured before the fix: 204, 89 and 81 KiB; after it 16, 5 and 8 (the id list once, then about 2).
    assert.ok(long < 24 * KIB, `a long brief stores ${Math.round(long / KIB)} KiB per search`);
    assert.ok(boosted < 12 * KIB, `a boosted search stores ${Math.round(boosted / KIB)} KiB per search`);
    assert.ok(filtered < 16 * KIB, `a second-degree search stores ${Math.round(filtered / KIB)} KiB per search`);
    assert.is(app.services.db.prepare('SELECT count(*) FROM cohort_id_lists').pluck().get(), 1, 'the second degree is stored once');

    const store = new PeopleSearchStore(app.services.db);
    for (const id of searchIds) {
      const request = store.getSearch(id, userId, app.clock.now())?.request as { query: string | null };
      assert.ok(JSON.stringify(request).length <= 12_000, 'the stored request is the bounded one');
      assert.ok([brief.slice(0, 10_000), 'software engineers', null].includes(request.query), 'the query as searched');
    }
  }));

test('cohorts keep their members: graph filters through packed id lists, boosts dropped', () =>
  withNetwork(async ({ app, key }) => {
    const second = await app.call('POST', '/api/v1/search/people', {
      key,
      body: { filters: { connection_degrees: ['2nd'] }, network_filter_mode: 'filter', limit: 25 },
    });
    const secondRef = (second.body.cohort_refs as string[])[0];
    const boosted = await app.call('POST', '/api/v2/search/people/query', { key, body: { query: 'product managers', limit: 25 } });
    const boostedRef = (boosted.body.cohort_refs as string[])[0];
    const within = async (ref: string | undefined) => {
      const res = await app.call('POST', '/api/v1/search/people/preview', {
        key,
        body: { filters: { cohort_refs: [ref] }, network_filter_mode: 'ignore', limit: 25 },
      });
      assert.is(res.status, 200, res.text);
      assert.equal(res.body.receipts, [], 'the cohort is known');
      return res.body.pagination as { total: number };
    };
    assert.is((await within(secondRef)).total, SECOND, 'exactly the second-degree people');
    assert.is((await within(boostedRef)).total, (boosted.body.pagination as { total: number }).total, 'exactly the people it matched');
    // Nested: a cohort of a search restricted by a cohort.
    const nested = await app.call('POST', '/api/v1/search/people', {
      key,
      body: { filters: { cohort_refs: [secondRef], job_titles: { include: ['Product Manager'] } }, network_filter_mode: 'ignore' },
    });
    const nestedTotal = (nested.body.pagination as { total: number }).total;
    assert.ok(nestedTotal > 0 && nestedTotal < SECOND);
    assert.is((await within((nested.body.cohort_refs as string[])[0])).total, nestedTotal);
  }));

test.run();
