import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COHORT_IDLE_TTL_MS } from '../../server/store/retention.js';
import { profile, tid, withRequesterCorpus } from '../helpers/snapshots.js';
import type { TestApp, TestResponse } from '../helpers/test-app.js';

const P = (n: number) => tid(0xa0, n);

/** Six engineers and four analysts; the requester (100) is connected to engineers 1-3. */
function withCorpus(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  return withRequesterCorpus(
    [
      profile(100, { current_title: 'Founder' }),
      ...Array.from({ length: 6 }, (_, i) => profile(i + 1, { current_title: 'Software Engineer' })),
      ...Array.from({ length: 4 }, (_, i) => profile(i + 11, { current_title: 'Data Analyst' })),
    ],
    fn,
  );
}

/** A cohort of the engineers (1-6), from a full search. */
async function engineersCohort(app: TestApp, key: string): Promise<string> {
  const res = await app.call('POST', '/api/v1/search/people', {
    key,
    body: { filters: { job_titles: { include: ['Software Engineer'] } }, network_filter_mode: 'ignore', limit: 25 },
  });
  assert.is(res.status, 200, res.text);
  return (res.body.cohort_refs as string[])[0] as string;
}

/** Every route and mode that takes `filters.cohort_refs`, with those refs. */
function callsWith(refs: string[]): [string, string, Record<string, unknown>][] {
  const filters = { cohort_refs: refs };
  const firstDegree = { filters: { ...filters, connection_degrees: ['1st'] }, network_filter_mode: 'filter' };
  return [
    ['full search', '/api/v1/search/people', { filters, network_filter_mode: 'ignore' }],
    ['preview', '/api/v1/search/people/preview', { filters, network_filter_mode: 'ignore' }],
    ['full search, search_metadata', '/api/v1/search/people', { search_metadata: { filters }, network_filter_mode: 'ignore' }],
    ['count mode (index)', '/api/v1/search/people/preview', { filters, network_filter_mode: 'ignore', count_only: true }],
    ['count mode (verified first degree)', '/api/v1/search/people', { ...firstDegree, count_only: true }],
    ['verified first degree rows', '/api/v1/search/people/preview', firstDegree],
  ];
}

const used = async (app: TestApp, key: string) => (await app.call('GET', '/api/v1/credits', { key })).body.used;

/** Asserts that every route refuses `refs` with 404 cohort_not_found naming `unknown`, charging nothing. */
async function assertRefused(app: TestApp, key: string, refs: string[], unknown: string[]): Promise<void> {
  for (const [what, path, body] of callsWith(refs)) {
    const before = await used(app, key);
    const res = await app.call('POST', path, { key, body });
    assert.is(res.status, 404, `${what}: ${res.text.slice(0, 300)}`);
    assert.is(res.body.error, 'cohort_not_found', what);
    assert.equal(res.body.unknown_cohort_refs, unknown, what);
    for (const ref of unknown) assert.ok((res.body.message as string).includes(ref), `${what}: the message names ${ref}`);
    assert.not.ok('users' in res.body, `${what}: no rows`);
    assert.is(await used(app, key), before, `${what}: nothing charged`);
  }
}

test('an unknown cohort reference fails closed on every route and mode, naming it, and charges nothing', () =>
  withCorpus(async (app, key) => {
    const ref = await engineersCohort(app, key);
    await assertRefused(app, key, ['coh_nope'], ['coh_nope']);
    // With a known one beside it, only the unknown one is named; the search is not run on the known one alone.
    await assertRefused(app, key, [ref, 'coh_000000000000000000000000'], ['coh_000000000000000000000000']);
    // The known cohort alone still restricts every route.
    for (const [what, path, body] of callsWith([ref])) {
      const res = await app.call('POST', path, { key, body: { ...body, limit: 25 } });
      assert.is(res.status, 200, `${what}: ${res.text.slice(0, 300)}`);
      const count = res.body.count as { value: number } | undefined;
      const rows = (res.body.users as { id: string }[]).map((u) => u.id);
      const firstDegree = what.includes('first degree');
      if (count) assert.is(count.value, firstDegree ? 3 : 6, what);
      else assert.equal(new Set(rows), new Set(firstDegree ? [P(1), P(2), P(3)] : [1, 2, 3, 4, 5, 6].map(P)), what);
    }
  }));

test('v2 takes no filters, so no cohort references: refused, never ignored', () =>
  withCorpus(async (app, key) => {
    const res = await app.call('POST', '/api/v2/search/people/query', {
      key,
      body: { query: 'software engineers', filters: { cohort_refs: ['coh_nope'] } },
    });
    assert.is(res.status, 400, res.text.slice(0, 300));
    assert.is(res.body.error, 'validation_failed');
  }));

test("another account's cohort is unknown to this one: 404, never the whole corpus", () =>
  withCorpus(async (app, key) => {
    const ref = await engineersCohort(app, key);
    const other = app.account();
    for (const [what, path, body] of callsWith([ref])) {
      const res = await app.call('POST', path, { key: other.apiKey, body });
      assert.is(res.status, 404, `${what}: ${res.text.slice(0, 300)}`);
      assert.is(res.body.error, 'cohort_not_found', what);
      assert.equal(res.body.unknown_cohort_refs, [ref], what);
    }
  }));

test('an expired cohort answers exactly like an unknown one: 404 cohort_not_found', () =>
  withCorpus(async (app, key) => {
    const ref = await engineersCohort(app, key);
    app.clock.advance(COHORT_IDLE_TTL_MS);
    await assertRefused(app, key, [ref], [ref]);
    const unknown = 'coh_000000000000000000000000';
    const call = (r: string) =>
      app.call('POST', '/api/v1/search/people/preview', { key, body: { filters: { cohort_refs: [r] }, network_filter_mode: 'ignore' } });
    const masked = (res: TestResponse, r: string) => ({ status: res.status, body: JSON.parse(res.text.replaceAll(r, 'REF')) });
    assert.equal(masked(await call(ref), ref), masked(await call(unknown), unknown));
  }));

test('a refused search does not keep the known cohorts beside an unknown one alive', () =>
  withCorpus(async (app, key) => {
    const ref = await engineersCohort(app, key);
    app.clock.advance(COHORT_IDLE_TTL_MS - 1);
    const refused = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { cohort_refs: [ref, 'coh_nope'] }, network_filter_mode: 'ignore' },
    });
    assert.is(refused.status, 404);
    app.clock.advance(1);
    const later = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { cohort_refs: [ref] }, network_filter_mode: 'ignore' },
    });
    assert.is(later.status, 404, 'the refused search did not count as a use');
  }));

test.run();
