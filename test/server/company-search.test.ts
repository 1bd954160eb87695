import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkEveryRequest } from '../helpers/contract-engine.js';
import { cityLocation, indexSnapshots, post, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const C = (n: number) => tid(0xc0, n);
const P = (n: number) => tid(0xa0, n);

type Row = Record<string, unknown>;
const ids = (rows: unknown) => (rows as Row[]).map((r) => r.id);

const co = (n: number, name: string, extra: Record<string, unknown>) => ({
  id: C(n),
  name,
  status: 'active',
  is_public: false,
  ...extra,
});

/** Eight companies with distinct facts; people at companies 1, 2 and 4. */
async function withCompanies(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  let contract: { problems: string[] } = { problems: [] };
  const app = await startTestApp({
    mutate: (services) => {
      contract = checkEveryRequest(services);
    },
  });
  try {
    const TLV = cityLocation('Tel Aviv', 'IL');
    const BERLIN = cityLocation('Berlin', 'DE');
    const STOCKHOLM = cityLocation('Stockholm', 'SE');
    const SF = cityLocation('San Francisco', 'US');
    const LONDON = cityLocation('London', 'GB');
    const companies = [
      co(1, 'Shieldwall', {
        industry: 'Computer & Network Security',
        categories: ['cybersecurity', 'cloud security'],
        headquarters: TLV,
        employee_count: 120,
        founded_year: 2017,
        funding_stage: 'series_a',
        total_funding_usd: 25_000_000,
        description: 'Cloud security posture management.',
      }),
      co(2, 'Paybridge', {
        industry: 'Financial Services',
        categories: ['fintech', 'payments'],
        headquarters: BERLIN,
        employee_count: 80,
        founded_year: 2016,
        funding_stage: 'series_a',
        total_funding_usd: 40_000_000,
        aliases: ['Paybridge GmbH'],
      }),
      co(3, 'Nordpay', {
        industry: 'Financial Services',
        categories: ['fintech'],
        headquarters: STOCKHOLM,
        employee_count: 600,
        founded_year: 2012,
        funding_stage: 'series_c',
        total_funding_usd: 300_000_000,
        revenue_usd: 90_000_000,
      }),
      co(4, 'Bigsoft', {
        industry: 'Software',
        categories: ['saas', 'enterprise software'],
        headquarters: SF,
        employee_count: 12000,
        founded_year: 1998,
        funding_stage: 'public',
        is_public: true,
        revenue_usd: 4_000_000_000,
      }),
      co(5, 'City Transit Authority', {
        industry: 'Government Administration',
        categories: ['public sector'],
        headquarters: LONDON,
        employee_count: 3000,
        founded_year: 1970,
      }),
      co(6, 'Open Hands', {
        industry: 'Non-profit Organization Management',
        categories: ['charity'],
        headquarters: LONDON,
        employee_count: 40,
        founded_year: 2005,
      }),
      co(7, 'Paybridge', {
        industry: 'Financial Services',
        categories: ['fintech'],
        headquarters: SF,
        employee_count: 15,
        founded_year: 2021,
        funding_stage: 'seed',
        status: 'acquired',
      }),
      co(8, 'Quietco', {
        industry: 'Software',
        categories: ['saas'],
        headquarters: BERLIN,
        employee_count: null,
        founded_year: null,
        funding_stage: null,
      }),
    ];
    const at = (n: number, companyNo: number) =>
      profile(n, { current_company_id: C(companyNo), current_company_name: companies[companyNo - 1]!.name, experiences: [] });
    const files = [
      writeSnapshot(app.dataDir, 'companies.jsonl', companies),
      writeSnapshot(app.dataDir, 'profiles.jsonl', [at(1, 1), at(2, 2), at(3, 4), at(4, 4)]),
      writeSnapshot(app.dataDir, 'posts.jsonl', [
        post(1, C(1), { author_entity_type: 'company', text: 'Shieldwall raises Series A', posted_at: '2026-05-01T00:00:00Z' }),
        post(2, C(1), { author_entity_type: 'company', text: 'We are hiring in Tel Aviv', posted_at: '2026-05-20T00:00:00Z' }),
      ]),
    ];
    const summary = await indexSnapshots(app, files);
    assert.is(summary.rejected, 0);
    const { apiKey } = app.account();
    await fn(app, apiKey);
    assert.equal(contract.problems, [], 'every engine request is valid OpenSearch');
  } finally {
    await app.close();
  }
}

const search = (app: TestApp, key: string, body: Record<string, unknown>) =>
  app.call('POST', '/api/v1/companies/search/preview', { key, body });

test('company filters: industry, category, place, ranges, stage, type, status; missing data never matches a range', () =>
  withCompanies(async (app, key) => {
    const got = async (filters: Record<string, unknown>) => {
      const res = await search(app, key, { filters, preview_limit: 50 });
      assert.is(res.status, 200, res.text);
      return ids(res.body.companies);
    };
    // Ties in relevance: larger companies first.
    assert.equal(await got({ categories: { include: ['FinTech'] } }), [C(3), C(2), C(7)]);
    assert.equal(await got({ categories: { include: ['fintech'], exclude: ['payments'] } }), [C(3), C(7)]);
    assert.equal(await got({ industries: { include: ['computer & network security'] } }), [C(1)]);
    assert.equal(await got({ locations: { include: ['Nordics'] } }), [C(3)]);
    assert.equal(await got({ locations: { include: ['Europe'] }, employee_count: { min: 50, max: 150 } }), [C(2)]);
    assert.equal(await got({ locations: { include: ['Bay Area'] } }), [C(4), C(7)]);
    assert.equal(await got({ employee_count: { max: 100 } }), [C(2), C(6), C(7)]);
    assert.equal(await got({ founded_year: { min: 2016, max: 2018 } }), [C(1), C(2)]);
    assert.equal(await got({ total_funding_usd: { min: 30_000_000 } }), [C(3), C(2)]);
    assert.equal(await got({ revenue_usd: { max: 100_000_000 } }), [C(3)]);
    assert.equal(await got({ funding_stages: ['series_a', 'seed'] }), [C(1), C(2), C(7)]);
    assert.equal(await got({ company_types: ['public_company'] }), [C(4)]);
    assert.equal(await got({ company_types: ['government_agency', 'nonprofit'] }), [C(5), C(6)]);
    assert.equal(await got({ company_types: ['privately_held'], industries: { include: ['Software'] } }), [C(8)]);
    assert.equal(await got({ status: ['acquired'] }), [C(7)]);
    assert.equal(await got({ keywords: ['posture'] }), [C(1)]);
    const nothing = await search(app, key, { filters: { founded_year: { min: 2020, max: 2010 } } });
    assert.is(nothing.body.pagination && (nothing.body.pagination as Row).total, 0);
    assert.is((nothing.body.no_results_reason as Row).code, 'filters_match_nothing');
    const bad = await search(app, key, { filters: { company_types: ['startup'] } });
    assert.is(bad.status, 400);
    assert.is(bad.body.error, 'validation_failed');
  }));

test('company search: modes, evidence, clamping, name resolution with alternatives, billing', () =>
  withCompanies(async (app, key) => {
    let res = await search(app, key, {
      filters: { names: ['Shieldwall'] },
      result_mode: 'detailed',
      include_evidence_text: true,
      evidence_post_limit: 1,
    });
    assert.is(res.status, 200, res.text);
    const row = (res.body.companies as Row[])[0]!;
    assert.is(row.id, C(1));
    assert.equal(row.categories, ['cybersecurity', 'cloud security']);
    assert.is(row.company_type, 'privately_held');
    assert.is(row.evidence_text, '[2026-05-20] We are hiring in Tel Aviv');
    assert.is(res.headers.get('x-service-credits-used'), '0.1');
    res = await search(app, key, { filters: { names: ['paybridge'] }, preview_limit: 500 });
    assert.is((res.body.pagination as Row).preview_limit, 50);
    assert.ok((res.body.receipts as Row[]).some((r) => r.path === '/preview_limit'));
    const resolution = res.body.company_resolution as { status: string; names: Row[] };
    assert.is(resolution.status, 'resolved');
    assert.is(resolution.names[0]!.status, 'ambiguous');
    assert.is((resolution.names[0]!.company as Row).id, C(2), 'the larger of two companies with the same name');
    assert.equal(
      (resolution.names[0]!.alternatives as Row[]).map((a) => a.id),
      [C(7)],
    );
    assert.equal(ids(res.body.companies), [C(2)]);
    const preview = (res.body.companies as Row[])[0]!;
    assert.is(preview.description, undefined, 'preview rows are compact');
    res = await search(app, key, { filters: { names: ['No Such Co'] } });
    assert.is((res.body.company_resolution as Row).status, 'unresolved');
    assert.is((res.body.pagination as Row).total, 0);
  }));

test('natural-language company queries become filters; "companies like X" ranks X\'s peers and leaves X out', () =>
  withCompanies(async (app, key) => {
    let res = await search(app, key, { query: 'fintech companies in the Nordics founded after 2010' });
    assert.is(res.status, 200, res.text);
    assert.equal(ids(res.body.companies), [C(3)]);
    const filters = res.body.filters as Row;
    assert.equal(filters.locations, { include: ['Nordics'] });
    // "after 2010" is 2011 on (issue 12).
    assert.equal(filters.founded_year, { min: 2011 });
    const annotation = res.body.annotationPayload as { input_mode: string; recognized: Row[] };
    assert.is(annotation.input_mode, 'natural_language');
    assert.equal(
      annotation.recognized.map((r) => r.kind),
      ['industry', 'location', 'founded_year'],
    );
    res = await search(app, key, { query: 'series A startups in Israel with under 200 employees' });
    assert.equal(ids(res.body.companies), [C(1)]);
    res = await search(app, key, { description: 'nonprofits in London' });
    assert.equal(ids(res.body.companies), [C(6)]);
    res = await search(app, key, { query: 'companies like Paybridge', preview_limit: 3 });
    const names = (res.body.company_resolution as { names: Row[] }).names;
    assert.equal(
      names.map((n) => [n.input, n.role, n.status]),
      [['Paybridge', 'similar_to', 'ambiguous']],
    );
    // Paybridge (C2) itself is left out; the other Financial Services / fintech companies rank first.
    const got = ids(res.body.companies);
    assert.ok(!got.includes(C(2)));
    assert.equal(new Set(got.slice(0, 2)), new Set([C(3), C(7)]));
  }));

test('a company search id restricts people search and later company searches; unknown ids are refused', () =>
  withCompanies(async (app, key) => {
    const first = await search(app, key, { filters: { categories: { include: ['saas', 'cybersecurity'] } } });
    const searchId = first.body.search_id as string;
    assert.match(searchId, /^[0-9a-f-]{36}$/);
    const people = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: {
        filters: { companies: [{ relation: 'current_employment', where: { search_id: searchId } }] },
        limit: 25,
        network_filter_mode: 'ignore',
      },
    });
    assert.is(people.status, 200, people.text);
    assert.equal(new Set(ids(people.body.users)), new Set([P(1), P(3), P(4)]));
    const applied = (people.body.search_metadata as { filters: { companies: Row[] } }).filters.companies[0]!;
    assert.equal(applied.where, { identity: {}, search_id: searchId }, 'the applied filters show the search id, not its expansion');
    const narrowed = await search(app, key, { filters: { search_id: searchId, locations: { include: ['Germany'] } } });
    assert.equal(ids(narrowed.body.companies), [C(8)]);
    const unknown = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { companies: [{ where: { search_id: 'missing' } }] } },
    });
    assert.is(unknown.status, 404);
    assert.is(unknown.body.error, 'search_not_found');
    const other = app.account();
    const foreign = await search(app, other.apiKey, { filters: { search_id: searchId } });
    assert.is(foreign.status, 404, "another account's search id is not found");
  }));

test.run();
