import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAccount } from '../../server/commands/create-account.js';
import { checkEveryRequest } from '../helpers/contract-engine.js';
import { cityLocation, company, indexSnapshots, job, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const LONDON = cityLocation('London', 'GB');
const BERLIN = cityLocation('Berlin', 'DE');
const SF = cityLocation('San Francisco', 'US');

const P = (n: number) => tid(0xa0, n);
const C = (n: number) => tid(0xc0, n);
const J = (n: number) => tid(0xd0, n);
const ME = 100;
const FRIEND = 101;

type Row = Record<string, unknown>;

const edge = (a: number, b: number, source: 'service' | 'professional' = 'service') => ({
  user_a: P(a),
  user_b: P(b),
  source,
  connected_at: '2025-06-01T00:00:00Z',
  removed_at: null,
});

/**
 * Companies 1-4 (company() helper: odd = Software, even = Fintech; series_a). Me (100) works
 * at company 5. 1st degree: 1 (at company 2), 2 (at company 2), 3 (at company 3).
 * 2nd degree: 6 (via 1 and 2, at company 2), 7 (via 3, at company 1). 8: no path, company 2.
 * FRIEND (101) is a delegate's profile: 1st degree 8 only.
 * The clock stands at 2026-06-01T12:00Z.
 */
async function withJobs(fn: (app: TestApp, key: string, userId: string) => Promise<void>): Promise<void> {
  let contract: { problems: string[] } = { problems: [] };
  const app = await startTestApp({
    mutate: (services) => {
      contract = checkEveryRequest(services);
    },
  });
  try {
    const at = (n: number, companyNo: number, name: string) =>
      profile(n, { display_name: name, current_company_id: C(companyNo), current_company_name: `Company ${companyNo}`, location: LONDON });
    const files = [
      writeSnapshot(app.dataDir, 'companies.jsonl', [
        company(1),
        company(2, { funding_stage: 'series_b' }),
        company(3),
        company(4),
        company(5),
      ]),
      writeSnapshot(app.dataDir, 'profiles.jsonl', [
        at(ME, 5, 'Me Myself'),
        at(FRIEND, 5, 'Friend Delegate'),
        at(1, 2, 'Ann Able'),
        at(2, 2, 'Ben Baker'),
        at(3, 3, 'Cat Cole'),
        at(6, 2, 'Fay Ford'),
        at(7, 1, 'Gil Gray'),
        at(8, 2, 'Hal Hart'),
      ]),
      writeSnapshot(app.dataDir, 'connections.jsonl', [
        edge(ME, 1),
        edge(ME, 2),
        edge(ME, 3, 'professional'),
        edge(1, 6),
        edge(2, 6),
        edge(3, 7),
        edge(FRIEND, 8),
      ]),
      writeSnapshot(app.dataDir, 'jobs.jsonl', [
        job(1, 2, { workplace_type: 'remote', published_at: '2026-05-31T10:00:00Z' }),
        job(2, 2, { title: 'Senior Software Engineer', published_at: '2026-05-20T10:00:00Z' }),
        job(3, 3, { workplace_type: 'remote', locations: [BERLIN], published_at: '2026-05-29T10:00:00Z' }),
        job(4, 1, { title: 'Product Manager', function: 'product', published_at: '2026-05-28T10:00:00Z' }),
        job(5, 4, { workplace_type: 'hybrid', locations: [SF], published_at: '2026-04-01T10:00:00Z' }),
        job(6, 1, { workplace_type: 'remote', published_at: '2026-05-27T00:00:00Z' }),
      ]),
    ];
    const summary = await indexSnapshots(app, files);
    assert.is(summary.rejected, 0);
    const { apiKey, userId } = app.account({ personId: P(ME), name: 'Me Myself' });
    await fn(app, apiKey, userId);
    assert.equal(contract.problems, [], 'every engine request is valid OpenSearch');
  } finally {
    await app.close();
  }
}

const ids = (rows: unknown) => (rows as Row[]).map((r) => r.id);

test('jobs preview: the query becomes hiring filters; each posting carries the viewer network at its company; billed', () =>
  withJobs(async (app, key) => {
    const res = await app.call('POST', '/api/v1/search/jobs/preview', {
      key,
      body: { query: 'remote software engineer jobs posted in the last 7 days' },
    });
    assert.is(res.status, 200, res.text);
    // Remote software engineers published since 2026-05-25T12:00Z, newest first (no text left to rank by).
    assert.equal(ids(res.body.results), [J(1), J(3), J(6)]);
    assert.is(res.body.total, 3);
    assert.is(res.body.preview_limit, 10);
    assert.is(res.body.delegate_user_id, null);
    const summary = res.body.applied_filter_summary as { filters: { hiring: Row }; lines: string[] };
    assert.equal(summary.filters.hiring.workplace_types, ['remote']);
    assert.is(summary.filters.hiring.published_within_days, 7);
    assert.equal((summary.filters.hiring.titles as Row).include, ['Software Engineer']);
    assert.ok(summary.lines.includes('Published in the last 7 days'));
    // A window past the largest is applied as the largest, and the summary says what was applied.
    const wide = await app.call('POST', '/api/v1/search/jobs/preview', {
      key,
      body: { filters: { hiring: { published_within_days: 1_000_000_000 } } },
    });
    assert.is(wide.status, 200, wide.text);
    const applied = wide.body.applied_filter_summary as { filters: { hiring: Row }; lines: string[] };
    assert.is(applied.filters.hiring.published_within_days, 3650);
    assert.ok(applied.lines.includes('Published in the last 3650 days'), applied.lines.join('; '));
    const clamped = (wide.body.receipts as { path: string; action: string }[]).filter((r) => r.action === 'clamped');
    assert.equal(
      clamped.map((r) => r.path),
      ['/filters/hiring/published_within_days'],
    );
    const overlay = res.body.network_overlay_status as Row;
    assert.is(overlay.status, 'applied');
    assert.is(overlay.first_degree_connections, 3);
    assert.is(overlay.second_degree_connections, 2);
    assert.is((res.body.viewer_profile as Row).id, P(ME));
    const rows = res.body.results as Row[];
    // Company 2: 1st degree Ann and Ben (by name), 2nd degree Fay (2 mutual); Hal has no path.
    const atTwo = rows[0]!.network as { first_degree: { count: number; people: Row[] }; second_degree: { count: number; people: Row[] } };
    assert.is(atTwo.first_degree.count, 2);
    assert.equal(
      atTwo.first_degree.people.map((p) => p.name),
      ['Ann Able', 'Ben Baker'],
    );
    assert.is(atTwo.second_degree.count, 1);
    assert.is(atTwo.second_degree.people[0]!.id, P(6));
    assert.is(atTwo.second_degree.people[0]!.mutual_connections, 2);
    // Company 3: Cat (professional source); company 1: Gil, 2nd degree through Cat.
    const atThree = rows[1]!.network as { first_degree: { count: number } };
    assert.is(atThree.first_degree.count, 1);
    const atOne = rows[2]!.network as { first_degree: { count: number }; second_degree: { people: Row[] } };
    assert.is(atOne.first_degree.count, 0);
    assert.equal(
      atOne.second_degree.people.map((p) => p.id),
      [P(7)],
    );
    assert.match(String(res.body.search_activity_id), /^[0-9a-f-]{36}$/);
    assert.is(res.headers.get('x-service-credits-used'), '0.1');
    // Five days back is 2026-05-27T12:00Z: job 6 (published 05-27 00:00) drops out.
    const recent = await app.call('POST', '/api/v1/search/jobs/preview', {
      key,
      body: { query: 'remote software engineer jobs posted in the last 5 days' },
    });
    assert.equal(ids(recent.body.results), [J(1), J(3)]);
  }));

test('jobs preview: hard date, company, stage and place filters; min above max matches nothing; limits clamp', () =>
  withJobs(async (app, key) => {
    const call = (filters: unknown, extra: Record<string, unknown> = {}) =>
      app.call('POST', '/api/v1/search/jobs/preview', { key, body: { filters, ...extra } });
    // A bare published_before date includes that whole day.
    let res = await call({ hiring: { published_after: '2026-05-27', published_before: '2026-05-29' } });
    assert.equal(ids(res.body.results), [J(3), J(4), J(6)]);
    res = await call({ hiring: { published_before: '2026-05-27T00:00:00Z' } });
    assert.equal(ids(res.body.results), [J(6), J(2), J(5)]);
    res = await call({
      companies: [{ operator: 'exclude', where: { identity: { ids: [C(2)] } } }],
      hiring: { workplace_types: ['remote'] },
    });
    assert.equal(ids(res.body.results), [J(3), J(6)]);
    res = await call({ company_stage: ['series_b'] });
    assert.equal(ids(res.body.results), [J(1), J(2)]);
    res = await call({ industries: { include: ['software'] }, locations: { include: ['Bay Area'] } });
    assert.equal(ids(res.body.results), []);
    res = await call({ locations: { include: ['Bay Area'] } });
    assert.equal(ids(res.body.results), [J(5)]);
    res = await call({ company_size: { min: 50, max: 10 } });
    assert.is(res.status, 200);
    assert.is(res.body.total, 0);
    assert.ok((res.body.receipts as Row[]).some((r) => String(r.message).includes('min 50 is above max 10')));
    res = await call({}, { preview_limit: 99 });
    assert.is(res.body.preview_limit, 25);
    assert.ok((res.body.receipts as Row[]).some((r) => r.path === '/preview_limit' && r.action === 'clamped'));
    res = await call({ hiring: { workplace_types: ['moon'] } });
    assert.is(res.status, 400);
    assert.is(res.body.error, 'validation_failed');
  }));

test('jobs with-people: grouped by company in result order with an inline slice of people; billed as one preview', () =>
  withJobs(async (app, key) => {
    const res = await app.call('POST', '/api/v1/search/jobs/with-people', {
      key,
      body: { filters: { hiring: { titles: { include: ['Software Engineer'] } } }, people_per_company: 2 },
    });
    assert.is(res.status, 200, res.text);
    // Newest first: 1 (co 2), 3 (co 3), 6 (co 1), 2 (co 2, "Senior Software Engineer"), 5 (co 4).
    assert.equal(res.body.companies_in_order, [C(2), C(3), C(1), C(4)]);
    const groups = res.body.groups as Row[];
    assert.equal(ids(groups[0]!.jobs), [J(1), J(2)]);
    assert.equal(
      (groups[0]!.people as Row[]).map((p) => [p.name, p.connection_degree]),
      [
        ['Ann Able', '1st'],
        ['Ben Baker', '1st'],
      ],
    );
    assert.is((groups[0]!.company as Row).name, 'Company 2');
    assert.equal(
      (groups[2]!.people as Row[]).map((p) => p.id),
      [P(7)],
    );
    assert.equal(groups[3]!.people, []);
    assert.is(res.headers.get('x-service-credits-used'), '0.1');
    const clamped = await app.call('POST', '/api/v1/search/jobs/with-people', { key, body: { people_per_company: 50 } });
    assert.is(clamped.body.people_per_company, 10);
  }));

test('jobs: a delegate sees the overlay of their own graph; a company search id restricts postings', () =>
  withJobs(async (app, key, userId) => {
    const delegate = createAccount(app.services, { tier: 'free', personId: P(FRIEND), name: 'Friend Delegate' });
    app.services.delegates.add(userId, delegate.userId, app.clock.now(), true);
    const res = await app.call('POST', '/api/v1/search/jobs/preview', {
      key,
      body: { filters: { companies: [{ where: { identity: { ids: [C(2)] } } }] }, delegate_user_id: delegate.userId },
    });
    assert.is(res.status, 200, res.text);
    assert.is(res.body.delegate_user_id, delegate.userId);
    assert.is((res.body.viewer_profile as Row).id, P(FRIEND));
    const net = (res.body.results as Row[])[0]!.network as { first_degree: { people: Row[] } };
    assert.equal(
      net.first_degree.people.map((p) => p.id),
      [P(8)],
    );

    const companies = await app.call('POST', '/api/v1/companies/search/preview', {
      key,
      body: { filters: { funding_stages: ['series_b'] } },
    });
    assert.is(companies.status, 200, companies.text);
    const searchId = companies.body.search_id as string;
    const jobs = await app.call('POST', '/api/v1/search/jobs/preview', {
      key,
      body: { filters: { companies: [{ where: { search_id: searchId } }] } },
    });
    assert.equal(ids(jobs.body.results), [J(1), J(2)]);
    const missing = await app.call('POST', '/api/v1/search/jobs/preview', {
      key,
      body: { filters: { companies: [{ where: { search_id: 'nope' } }] } },
    });
    assert.is(missing.status, 404);
    assert.is(missing.body.error, 'search_not_found');
  }));

test.run();
