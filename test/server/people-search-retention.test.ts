import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COHORT_IDLE_TTL_MS, SEARCH_PAGE_TTL_MS } from '../../server/store/retention.js';
import { profile, withRequesterCorpus } from '../helpers/snapshots.js';
import type { TestApp, TestResponse } from '../helpers/test-app.js';

const DAY = 86_400_000;

/** Ten engineers and a requester connected to three of them. */
function withCorpus(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  return withRequesterCorpus([profile(100, { current_title: 'Founder' }), ...Array.from({ length: 10 }, (_, i) => profile(i + 1))], fn);
}

async function fullSearch(app: TestApp, key: string): Promise<{ searchId: string; cohortRef: string }> {
  const res = await app.call('POST', '/api/v1/search/people', {
    key,
    body: { filters: { job_titles: { include: ['Software Engineer'] } } },
  });
  assert.is(res.status, 200, res.text);
  return { searchId: res.body.search_id as string, cohortRef: (res.body.cohort_refs as string[])[0] as string };
}

/** A response with `id` replaced, to compare the answer for one id with the answer for another. */
const masked = (res: TestResponse, id: string) => ({ status: res.status, body: JSON.parse(res.text.replaceAll(id, 'ID')) });

const count = (app: TestApp, sql: string, ...args: unknown[]): number =>
  app.services.db
    .prepare(sql)
    .pluck()
    .get(...args) as number;

test('an expired search page answers exactly like an unknown search_id, for replay and enrich', () =>
  withCorpus(async (app, key) => {
    const { searchId } = await fullSearch(app, key);
    app.clock.advance(SEARCH_PAGE_TTL_MS - 1);
    assert.is((await app.call('GET', `/api/v1/search/people/${searchId}`, { key })).status, 200, 'alive until its last millisecond');
    app.clock.advance(1);
    const unknown = 'srch_000000000000000000000000';
    assert.equal(masked(await app.call('GET', `/api/v1/search/people/${searchId}`, { key }), searchId), {
      ...masked(await app.call('GET', `/api/v1/search/people/${unknown}`, { key }), unknown),
    });
    const enrich = (id: string) => app.call('POST', '/api/v1/search/people/enrich', { key, body: { search_id: id } });
    const expired = await enrich(searchId);
    assert.is(expired.status, 404);
    assert.is(expired.body.error, 'search_not_found');
    assert.equal(masked(expired, searchId), masked(await enrich(unknown), unknown));
  }));

test('a cohort lives 30 days from its last use; an expired one is ignored exactly like an unknown one', () =>
  withCorpus(async (app, key) => {
    const { cohortRef } = await fullSearch(app, key);
    const within = (ref: string) =>
      app.call('POST', '/api/v1/search/people/preview', { key, body: { filters: { cohort_refs: [ref] }, network_filter_mode: 'ignore' } });
    app.clock.advance(20 * DAY);
    assert.equal((await within(cohortRef)).body.receipts, [], 'known after 20 days');
    app.clock.advance(COHORT_IDLE_TTL_MS - 1);
    assert.equal((await within(cohortRef)).body.receipts, [], 'the use 20 days in kept it alive');
    app.clock.advance(COHORT_IDLE_TTL_MS);
    const unknown = 'coh_000000000000000000000000';
    const expired = masked(await within(cohortRef), cohortRef);
    assert.equal(expired, masked(await within(unknown), unknown));
    assert.is(expired.status, 404);
    assert.is(expired.body.error, 'cohort_not_found');
  }));

test('a later write purges expired pages, their rows and cohorts', () =>
  withCorpus(async (app, key) => {
    const old = await fullSearch(app, key);
    assert.is(count(app, 'SELECT count(*) FROM people_search_rows WHERE search_id = ?', old.searchId) > 0, true);
    app.clock.advance(SEARCH_PAGE_TTL_MS + 1);
    const fresh = await fullSearch(app, key);
    assert.is(count(app, 'SELECT count(*) FROM people_searches WHERE search_id = ?', old.searchId), 0);
    assert.is(count(app, 'SELECT count(*) FROM people_search_rows WHERE search_id = ?', old.searchId), 0);
    assert.is(count(app, 'SELECT count(*) FROM cohorts WHERE cohort_ref = ?', old.cohortRef), 0);
    assert.is(count(app, 'SELECT count(*) FROM people_searches WHERE search_id = ?', fresh.searchId), 1);
    assert.is((await app.call('GET', `/api/v1/search/people/${fresh.searchId}`, { key })).status, 200);
  }));

test.run();
