/**
 * Job search takes the contract's `companies.include/exclude` form (names or company ids) beside
 * the relation-list form of people search (issue 12 §2.6), and every posting of a known company
 * carries its name, also when the posting record has none (§2.10).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkEveryRequest } from '../helpers/contract-engine.js';
import { job as baseJob, cityLocation, company, indexSnapshots, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const C = (n: number) => tid(0xc0, n);
const J = (n: number) => tid(0xd0, n);
const _LONDON = cityLocation('London', 'GB');

type Row = Record<string, unknown>;

/** Job n, published on 2026-05-(10+n): later jobs are newer. */
const job = (n: number, companyNo: number, extra: Record<string, unknown> = {}) =>
  baseJob(n, companyNo, { published_at: `2026-05-${String(10 + n).padStart(2, '0')}T09:00:00Z`, ...extra });

/** Companies 1-3; jobs 1-2 at company 1, 3 at company 2, 4 at company 3 (newest first: 4, 3, 2, 1). */
async function withJobs(fn: (app: TestApp, key: string) => Promise<void>, jobs = [job(1, 1), job(2, 1), job(3, 2), job(4, 3)]) {
  let contract: { problems: string[] } = { problems: [] };
  const app = await startTestApp({
    mutate: (services) => {
      contract = checkEveryRequest(services);
    },
  });
  try {
    const summary = await indexSnapshots(app, [
      writeSnapshot(app.dataDir, 'companies.jsonl', [company(1, { name: 'Acme Robotics' }), company(2), company(3)]),
      writeSnapshot(app.dataDir, 'jobs.jsonl', jobs),
    ]);
    assert.is(summary.rejected, 0);
    await fn(app, app.account().apiKey);
    assert.equal(contract.problems, [], 'every engine request is valid OpenSearch');
  } finally {
    await app.close();
  }
}

const ids = (rows: unknown) => (rows as Row[]).map((r) => r.id);
const jobs = (app: TestApp, key: string, filters: unknown, path = '/api/v1/search/jobs/preview') =>
  app.call('POST', path, { key, body: { filters } });

test('jobs: companies.include / companies.exclude take company names and ids', () =>
  withJobs(async (app, key) => {
    let res = await jobs(app, key, { companies: { include: ['Acme Robotics'] } });
    assert.is(res.status, 200, res.text);
    assert.equal(ids(res.body.results), [J(2), J(1)]);
    res = await jobs(app, key, { companies: { include: [C(2), C(3)] } });
    assert.is(res.status, 200, res.text);
    assert.equal(ids(res.body.results), [J(4), J(3)]);
    res = await jobs(app, key, { companies: { exclude: ['Acme Robotics'] } });
    assert.is(res.status, 200, res.text);
    assert.equal(ids(res.body.results), [J(4), J(3)]);
    res = await jobs(app, key, { companies: { exclude: [C(3)] } });
    assert.equal(ids(res.body.results), [J(3), J(2), J(1)]);
    res = await jobs(app, key, { companies: { include: ['Acme Robotics', C(2)], exclude: [C(2)] } });
    assert.equal(ids(res.body.results), [J(2), J(1)]);
    // The applied filters show the relation-list form the include/exclude form was read as.
    const applied = (res.body.applied_filter_summary as { filters: { companies: Row[] } }).filters.companies;
    assert.equal(applied, [
      { operator: 'include', where: { identity: { names: ['Acme Robotics'], ids: [C(2)] } } },
      { operator: 'exclude', where: { identity: { ids: [C(2)] } } },
    ]);
    // The grouped route takes the same form.
    res = await jobs(app, key, { companies: { include: [C(1)] } }, '/api/v1/search/jobs/with-people');
    assert.is(res.status, 200, res.text);
    assert.equal(res.body.companies_in_order, [C(1)]);
    // The relation-list form still works.
    res = await jobs(app, key, { companies: [{ operator: 'exclude', where: { identity: { ids: [C(1)] } } }] });
    assert.equal(ids(res.body.results), [J(4), J(3)]);
  }));

test('jobs: a malformed companies object is a 400 naming the field', () =>
  withJobs(async (app, key) => {
    for (const bad of [{ include: 'Acme' }, { only: ['Acme'] }, { include: [42] }]) {
      const res = await jobs(app, key, { companies: bad });
      assert.is(res.status, 400, JSON.stringify(bad));
      assert.is(res.body.error, 'validation_failed');
      assert.match(res.text, /companies/);
    }
  }));

test('jobs: a posting without a company name carries the name of its company from the companies index', () =>
  withJobs(
    async (app, key) => {
      for (const path of ['/api/v1/search/jobs/preview', '/api/v1/search/jobs/with-people']) {
        const res = await jobs(app, key, {}, path);
        assert.is(res.status, 200, res.text);
        const rows = path.endsWith('preview') ? (res.body.results as Row[]) : (res.body.groups as { jobs: Row[] }[]).flatMap((g) => g.jobs);
        const names = new Map(rows.map((r) => [r.id, r.company_name]));
        assert.is(names.get(J(1)), 'Acme Robotics', path);
        assert.is(names.get(J(3)), 'Company 2', path);
        // A posting that names its company keeps that name.
        assert.is(names.get(J(4)), 'Named On Posting', path);
      }
    },
    [job(1, 1, { company_name: null }), job(3, 2, { company_name: null }), job(4, 3, { company_name: 'Named On Posting' })],
  ));

test.run();
