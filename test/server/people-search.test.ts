import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { morePages } from '../../server/commands/search/people/execute.js';
import { GraphStore } from '../../server/store/graph.js';
import { cityLocation, company, indexSnapshots, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const LONDON = cityLocation('London', 'GB');
const SF = cityLocation('San Francisco', 'US');
const OAKLAND = cityLocation('Oakland', 'US');

const P = (n: number) => tid(0xa0, n);
const ME = 100;
/** Extra first-degree people (professional only) for verification-depth tests. */
const BULK_FROM = 1000;

interface Corpus {
  app: TestApp;
  key: string;
  userId: string;
}

const edge = (a: number, b: number, source: 'service' | 'professional', removed = false) => ({
  user_a: P(a),
  user_b: P(b),
  source,
  connected_at: '2025-06-01T00:00:00Z',
  removed_at: removed ? '2026-01-01T00:00:00Z' : null,
});

/**
 * Requester ME (profile 100). 1st degree: 1 and 2 (service), 3 (professional only), 4 (both);
 * 5 was connected but removed. 2nd degree: 6 (via 1 and 2), 7 (via 1). 8-9: no path.
 * With `bulk`, 250 more professional-only connections named "Bulk…".
 */
async function withCorpus(fn: (c: Corpus) => Promise<void>, opts: { bulk?: number } = {}): Promise<void> {
  const app = await startTestApp();
  try {
    const profiles = [
      profile(ME, { display_name: 'Me Myself', current_title: 'Founder', location: LONDON }),
      profile(1, { display_name: 'alice Zed', current_title: 'Software Engineer', location: LONDON, years_experience: 6 }),
      profile(2, { display_name: 'Bob Young', current_title: 'Software Engineers Lead', location: SF, years_experience: 12 }),
      profile(3, {
        display_name: 'Carol Xu',
        current_title: 'Software Engineer',
        location: OAKLAND,
        years_experience: 3,
        professional_username: 'carolxu',
      }),
      profile(4, { display_name: 'Dan Wu', current_title: 'Software Engineer', location: LONDON, years_experience: 0 }),
      profile(5, { display_name: 'Eve Vance', current_title: 'Software Engineer', location: LONDON, years_experience: 8 }),
      profile(6, {
        display_name: 'Fay Ulm',
        current_title: 'Software Engineer',
        location: LONDON,
        years_experience: 9,
        languages: [{ name: 'Spanish', proficiency: 'Native or bilingual proficiency' }],
      }),
      profile(7, { display_name: 'Gus Tao', current_title: 'Product Manager', location: SF, years_experience: null }),
      profile(8, { display_name: 'Hal Sun', current_title: 'Software Engineer', location: LONDON, years_experience: 15 }),
      profile(9, { display_name: '', first_name: null, last_name: null, current_title: 'Software Engineer', location: LONDON }),
    ];
    const connections = [
      edge(ME, 1, 'service'),
      edge(ME, 2, 'service'),
      edge(ME, 3, 'professional'),
      edge(ME, 4, 'service'),
      edge(ME, 4, 'professional'),
      edge(ME, 5, 'service', true),
      edge(1, 6, 'service'),
      edge(2, 6, 'service'),
      edge(1, 7, 'professional'),
    ];
    for (let i = 0; i < (opts.bulk ?? 0); i++) {
      const n = BULK_FROM + i;
      profiles.push(profile(n, { display_name: `Bulk ${String(i).padStart(4, '0')}`, current_title: 'Data Analyst', location: LONDON }));
      connections.push(edge(ME, n, 'professional'));
    }
    const files = [
      writeSnapshot(
        app.dataDir,
        'companies.jsonl',
        [1, 2, 3, 4, 5].map((n) => company(n)),
      ),
      writeSnapshot(app.dataDir, 'profiles.jsonl', profiles),
      writeSnapshot(app.dataDir, 'connections.jsonl', connections),
    ];
    const summary = await indexSnapshots(app, files);
    assert.is(summary.rejected, 0);
    const { apiKey, userId } = app.account({ personId: P(ME), name: 'Me Myself' });
    await fn({ app, key: apiKey, userId });
  } finally {
    await app.close();
  }
}

type Row = Record<string, unknown>;
const users = (body: Record<string, unknown>) => body.users as Row[];
const ids = (body: Record<string, unknown>) => users(body).map((u) => u.id);

test('v2 query: text becomes filters, rows carry proximity and flags, contract version 2, stored and billed', () =>
  withCorpus(async ({ app, key }) => {
    const res = await app.call('POST', '/api/v2/search/people/query', { key, body: { query: 'software engineers in London', limit: 25 } });
    assert.is(res.status, 200, res.text);
    assert.is(res.body.contract_version, '2');
    const request = res.body.request as { input_mode: string; applied_request: { filters: Record<string, unknown> } };
    assert.is(request.input_mode, 'natural_language');
    assert.equal((request.applied_request.filters.job_titles as { include: string[] }).include, ['Software Engineer']);
    assert.equal((request.applied_request.filters.locations as { include: string[] }).include, ['London']);
    // London software engineers, never the requester: 1st degree (1, 4) first, then 2nd (6), then others.
    const got = ids(res.body);
    assert.ok(!got.includes(P(ME)));
    assert.equal(new Set(got.slice(0, 2)), new Set([P(1), P(4)]));
    assert.is(got[2], P(6));
    const byId = new Map(users(res.body).map((u) => [u.id, u]));
    assert.is(byId.get(P(1))?.social_proximity_score, 1);
    assert.is(byId.get(P(1))?.connection_degree, '1st');
    assert.is(byId.get(P(1))?.service_connected, true);
    assert.is(byId.get(P(1))?.is_professional_connection, false);
    assert.is(byId.get(P(6))?.connection_degree, '2nd');
    assert.is(byId.get(P(6))?.social_proximity_score, 0.45);
    assert.is(byId.get(P(8))?.social_proximity_score, 0);
    assert.is(byId.get(P(8))?.service_connected, false);
    assert.ok(((byId.get(P(1))?.match_reasons ?? []) as string[]).some((r) => r.includes('Software Engineer')));
    assert.type(res.body.search_id, 'string');
    assert.ok(Array.isArray(res.body.cohort_refs));
    assert.is(res.headers.get('x-service-credits-used'), '0.25');
    const pag = res.body.pagination as Record<string, unknown>;
    assert.is(pag.total, got.length);
    assert.is(pag.has_more, false);
  }));

test('has_more: false in count mode whatever the total, true only while a next page can return someone', () =>
  withCorpus(async ({ app, key }) => {
    const body = { description: 'software engineers in London', network_filter_mode: 'ignore' };
    const count = await app.call('POST', '/api/v1/search/people/preview', { key, body: { ...body, count_only: true } });
    assert.is(count.status, 200, count.text);
    const counted = count.body.pagination as { total: number; has_more: boolean; returned: number };
    assert.ok(counted.total >= 3, count.text);
    assert.is(counted.returned, 0);
    assert.is(counted.has_more, false);
    const first = await app.call('POST', '/api/v1/search/people/preview', { key, body: { ...body, limit: 1 } });
    assert.is((first.body.pagination as { has_more: boolean }).has_more, true);
    const last = await app.call('POST', '/api/v1/search/people/preview', { key, body: { ...body, limit: 1, offset: counted.total - 1 } });
    assert.is((last.body.pagination as { returned: number; has_more: boolean }).returned, 1);
    assert.is((last.body.pagination as { has_more: boolean }).has_more, false);
  }));

test('an earlier search_metadata sent back runs that search again: its residual words rank, as they did', () =>
  withCorpus(async ({ app, key }) => {
    const first = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { description: 'software engineers in London who like zebras and quokkas', network_filter_mode: 'ignore', limit: 25 },
    });
    assert.is(first.status, 200, first.text);
    const meta = first.body.search_metadata as { keywords: string[]; filters: Record<string, unknown> };
    assert.ok(meta.keywords.length > 0, JSON.stringify(meta));
    assert.ok(ids(first.body).length > 0);
    const again = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { search_metadata: meta, network_filter_mode: 'ignore', limit: 25 },
    });
    assert.is(again.status, 200, again.text);
    assert.equal(ids(again.body), ids(first.body));
    assert.equal((again.body.pagination as { total: number }).total, (first.body.pagination as { total: number }).total);
    assert.equal((again.body.search_metadata as { keywords: string[] }).keywords, meta.keywords);
    // The deprecated top-level keywords stay required words.
    const required = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: meta.filters, keywords: meta.keywords, network_filter_mode: 'ignore' },
    });
    assert.is((required.body.pagination as { total: number }).total, 0);
  }));

test('invisible characters pasted into text or filter values are removed before searching', () =>
  withCorpus(async ({ app, key }) => {
    const plain = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { description: 'software engineers in London', network_filter_mode: 'ignore', limit: 25 },
    });
    const pasted = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { description: 'soft\u200bware engi\u200dneers in Lon\ufeffdon', network_filter_mode: 'ignore', limit: 25 },
    });
    assert.ok(ids(plain.body).length > 0);
    assert.equal(ids(pasted.body), ids(plain.body));
    const filtered = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { job_titles: { include: ['Soft\u00adware Engi\u2060neer'] } }, network_filter_mode: 'ignore', limit: 25 },
    });
    assert.equal(
      new Set(ids(filtered.body)),
      new Set(
        ids(
          (
            await app.call('POST', '/api/v1/search/people/preview', {
              key,
              body: { filters: { job_titles: { include: ['Software Engineer'] } }, network_filter_mode: 'ignore', limit: 25 },
            })
          ).body,
        ),
      ),
    );
  }));

test('has_more stops at the result window however large the total', () => {
  assert.is(morePages(9_990, 10, 20_001, false), false);
  assert.is(morePages(10_000, 0, 20_001, false), false);
  assert.is(morePages(9_975, 10, 20_001, false), true);
  assert.is(morePages(0, 0, 5, true), false);
  assert.is(morePages(0, 5, 6, false), true);
});

test('connection_degrees 1st with filter mode: only confirmed people, a source that cannot be checked withholds and warns, flags null', () =>
  withCorpus(async ({ app, key }) => {
    const body = { filters: { connection_degrees: ['1st'] }, network_filter_mode: 'filter', limit: 25 };
    const ok = await app.call('POST', '/api/v1/search/people', { key, body });
    assert.is(ok.status, 200, ok.text);
    // Removed edge (5) is not current; 3 is professional-only and the professional source is synced.
    assert.equal(new Set(ids(ok.body)), new Set([P(1), P(2), P(3), P(4)]));
    const pag = ok.body.pagination as Record<string, unknown>;
    assert.is(pag.total, null, 'row pages omit the unverified pool count');
    assert.is(pag.coverage_status, 'complete');
    assert.is(pag.examined_candidates, 4);
    assert.equal(ok.body.warnings, []);

    new GraphStore(app.services.db).setSyncStatus(P(ME), 'professional', { status: 'failed', syncedAt: null, detail: 'token expired' });
    const partial = await app.call('POST', '/api/v1/search/people', { key, body });
    assert.equal(new Set(ids(partial.body)), new Set([P(1), P(2), P(4)]), 'Carol is only a professional connection: withheld');
    const warning = (partial.body.warnings as { code: string; sources: string[]; message: string }[]).find(
      (w) => w.code === 'first_degree_count_not_fully_verified',
    );
    assert.ok(warning);
    assert.equal(warning?.sources, ['professional']);
    assert.match(warning?.message ?? '', /1 such candidate/);
    for (const u of users(partial.body)) {
      assert.is(u.professional_connected, null);
      assert.is(u.is_professional_connection, null);
      assert.is(u.service_connected, true);
    }
  }));

test('first-degree verification: a page examines max(200, 1.25 x (offset+limit)) candidates in batches; partial_unpageable when it cannot fill', () =>
  withCorpus(
    async ({ app, key }) => {
      const graph = new GraphStore(app.services.db);
      const body = (offset: number, limit: number) => ({
        filters: { connection_degrees: ['1st'], sort_by: 'last_name' },
        network_filter_mode: 'filter',
        limit,
        offset,
      });
      // All sources checkable: 254 confirmed candidates, sorted by name: "Bob Young", "Bulk 0000", ...
      const first = await app.call('POST', '/api/v1/search/people', { key, body: body(0, 25) });
      let pag = first.body.pagination as Record<string, number | boolean | number[]>;
      assert.is(pag.examined_candidates, 200);
      assert.equal(pag.verification_batches, [200]);
      assert.is(pag.has_more, true);
      assert.equal(
        users(first.body)
          .slice(0, 2)
          .map((u) => u.name),
        ['Bob Young', 'Bulk 0000'],
      );
      // Offsets count confirmed people; a deeper page examines 25% more than offset + limit.
      const deep = await app.call('POST', '/api/v1/search/people', { key, body: body(200, 25) });
      pag = deep.body.pagination as Record<string, number | boolean | number[]>;
      assert.is(pag.examined_candidates, 254, 'ceil(1.25 x 225) = 282 > 254 candidates: all of them');
      assert.is(users(deep.body)[0]?.name, 'Bulk 0199');
      assert.is(users(deep.body).length, 25);

      // Professional source stale: only 3 service connections confirm; of the first 200 candidates
      // only Bob does (the rest are professional-only "Bulk"), while candidates remain.
      graph.setSyncStatus(P(ME), 'professional', { status: 'stale', syncedAt: 1, detail: null });
      const part = await app.call('POST', '/api/v1/search/people', { key, body: body(0, 25) });
      pag = part.body.pagination as Record<string, number | boolean | number[]>;
      assert.is(pag.coverage_status, 'partial_unpageable');
      assert.is(pag.has_more, false);
      assert.is(pag.examined_candidates, 200);
      const codes = (part.body.warnings as { code: string }[]).map((w) => w.code);
      assert.ok(codes.includes('bounded_partial_results'));
      assert.ok(codes.includes('first_degree_count_not_fully_verified'));

      // Count mode: a verified count; a lower bound, since the stale source withheld candidates.
      const count = await app.call('POST', '/api/v1/search/people/preview', {
        key,
        body: { filters: { connection_degrees: ['1st'] }, network_filter_mode: 'filter', count_only: true },
      });
      assert.equal(count.body.count, {
        value: 3,
        basis: 'verified_first_degree_candidates',
        relation: 'lower_bound',
        examined_candidates: 254,
      });
      assert.equal(count.body.users, []);
    },
    { bulk: 250 },
  ));

test('sort_by last_name (and name, full_name): full display name, case-sensitive, asc by default, nameless last', () =>
  withCorpus(async ({ app, key }) => {
    for (const sort_by of ['last_name', 'name', 'full_name']) {
      const res = await app.call('POST', '/api/v1/search/people/preview', {
        key,
        body: { filters: { job_titles: { include: ['Software Engineer'] }, sort_by }, network_filter_mode: 'ignore', limit: 25 },
      });
      assert.is(res.status, 200, res.text);
      const names = users(res.body).map((u) => u.name);
      // Upper case sorts before lower case (case-sensitive): "alice Zed" comes after the capitals.
      assert.equal(names, ['Bob Young', 'Carol Xu', 'Dan Wu', 'Eve Vance', 'Fay Ulm', 'Hal Sun', 'alice Zed', null]);
    }
    const desc = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { job_titles: { include: ['Software Engineer'] }, sort_by: 'years_experience' }, network_filter_mode: 'ignore' },
    });
    assert.is(users(desc.body)[0]?.name, 'Hal Sun', 'other sort keys default to desc');
  }));

test('range rules: experience needs a positive value, min above max matches nothing with a reason', () =>
  withCorpus(async ({ app, key }) => {
    const any = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { years_experience: { min: 0 } }, network_filter_mode: 'ignore', limit: 25 },
    });
    const got = new Set(ids(any.body));
    assert.not.ok(got.has(P(4)), 'zero years is missing data, not a match');
    assert.not.ok(got.has(P(7)), 'missing years never counts');
    assert.ok(got.has(P(3)));
    const none = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { years_experience: { min: 10, max: 5 } } },
    });
    assert.is(none.status, 200);
    assert.equal(none.body.users, []);
    assert.is((none.body.no_results_reason as { code: string }).code, 'filters_match_nothing');
  }));

test('a first-degree search by an account with no connections says so, not that a filter matches nothing', () =>
  withCorpus(async ({ app }) => {
    const { apiKey } = app.account();
    const res = await app.call('POST', '/api/v1/search/people/preview', {
      key: apiKey,
      body: { filters: { connection_degrees: ['1st'] }, network_filter_mode: 'filter' },
    });
    assert.is(res.status, 200);
    assert.equal(res.body.users, []);
    const reason = res.body.no_results_reason as { code: string; conclusive: boolean };
    assert.ok(['no_first_degree_connections', 'requester_has_no_network'].includes(reason.code), reason.code);
    assert.is.not(reason.code, 'filters_match_nothing');
  }));

test('language proficiency matches case-insensitively and is not validated on REST', () =>
  withCorpus(async ({ app, key }) => {
    const res = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: {
        filters: { languages: [{ name: 'spanish', proficiency: 'NATIVE OR BILINGUAL PROFICIENCY' }] },
        network_filter_mode: 'ignore',
      },
    });
    assert.equal(ids(res.body), [P(6)]);
    const odd = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { languages: [{ name: 'Spanish', proficiency: 'fluent-ish' }] } },
    });
    assert.is(odd.status, 200);
    assert.equal(odd.body.users, []);
  }));

test('connected_to keeps people connected to them; an unresolvable exclude_connected_to gives an inconclusive zero', () =>
  withCorpus(async ({ app, key }) => {
    const to = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { connected_to: [P(1)] }, network_filter_mode: 'ignore', limit: 25 },
    });
    assert.equal(new Set(ids(to.body)), new Set([P(6), P(7)]), "alice's connections, without the requester");
    const excl = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { exclude_connected_to: [P(1), 'nobody-known-here'] } },
    });
    assert.equal(excl.body.users, []);
    assert.equal((excl.body.no_results_reason as { conclusive: boolean }).conclusive, false);
    assert.is((excl.body.degradations as { code: string }[])[0]?.code, 'exclude_connected_to_unresolved');
    const fine = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: {
        filters: { exclude_connected_to: [P(1)], job_titles: { include: ['Software Engineer'] } },
        network_filter_mode: 'ignore',
        limit: 25,
      },
    });
    assert.not.ok(ids(fine.body).includes(P(6)));
    assert.ok(ids(fine.body).includes(P(8)));
  }));

test('REST applies input limits silently with receipts', () =>
  withCorpus(async ({ app, key }) => {
    const names = Array.from({ length: 150 }, (_, i) => `Company ${i}`);
    const res = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: {
        description: `engineer ${'x'.repeat(12_000)}`,
        limit: 100,
        offset: 20_000,
        filters: { companies: [{ where: { identity: { names } } }] },
      },
    });
    assert.is(res.status, 200, res.text);
    const receipts = res.body.receipts as { path: string; action: string }[];
    const paths = receipts.map((r) => `${r.action} ${r.path}`);
    assert.ok(paths.includes('clamped /limit'), paths.join());
    assert.ok(paths.includes('clamped /offset'), paths.join());
    assert.ok(paths.includes('truncated /description'), paths.join());
    // The one long word, over any word searched, is dropped with a receipt; "engineer" is searched.
    assert.ok(paths.includes('ignored /query'), paths.join());
    assert.ok(
      paths.some((p) => p.startsWith('truncated /filters/companies')),
      paths.join(),
    );
    const pag = res.body.pagination as { limit: number; offset: number };
    assert.equal([pag.limit, pag.offset], [25, 10_000]);
    const applied = (res.body.search_metadata as { filters: { companies: { where: { identity: { names: string[] } } }[] } }).filters;
    assert.is(applied.companies[0]?.where.identity.names.length, 100);
  }));

test('shape errors are still refused: unknown filter field, bad enum, wrong type', () =>
  withCorpus(async ({ app, key }) => {
    for (const body of [
      { filters: { job_title: {} } },
      { filters: { seniority: ['boss'] } },
      { limit: 'ten' },
      { network_filter_mode: 'nearby' },
    ]) {
      const res = await app.call('POST', '/api/v1/search/people/preview', { key, body });
      assert.is(res.status, 400, JSON.stringify(body));
      assert.is(res.body.error, 'validation_failed');
    }
    const missing = await app.call('POST', '/api/v2/search/people/query', { key, body: {} });
    assert.is(missing.status, 400);
  }));

test('preview: search_id null, cheaper, not enrichable; enrich: one person or the page, billed per person', () =>
  withCorpus(async ({ app, key }) => {
    const preview = await app.call('POST', '/api/v1/search/people/preview', { key, body: { description: 'software engineers in London' } });
    assert.is(preview.body.search_id, null);
    assert.is(preview.headers.get('x-service-credits-used'), '0.1');
    const bad = await app.call('POST', '/api/v1/search/people/enrich', { key, body: { search_id: 'srch_unknown' } });
    assert.is(bad.status, 404);
    assert.is(bad.body.error, 'search_not_found');
    assert.match(String(bad.body.message), /preview/);

    const full = await app.call('POST', '/api/v1/search/people', {
      key,
      body: { description: 'software engineers in London', limit: 3, defer_enrichment: true },
    });
    const searchId = full.body.search_id as string;
    const first = users(full.body)[0] as Row;
    assert.is(first.evidence_text, null);
    const one = await app.call('POST', '/api/v1/search/people/enrich', { key, body: { search_id: searchId, target_user_id: first.id } });
    assert.is(one.status, 200, one.text);
    assert.equal(ids(one.body), [first.id]);
    assert.type(users(one.body)[0]?.evidence_text, 'string');
    assert.is((one.body.enrichment as { newly_enriched: number }).newly_enriched, 1);
    assert.is(one.headers.get('x-service-credits-used'), '0.4', '0.1 preview + 0.25 search + 0.05 enrich');
    const page = await app.call('POST', '/api/v1/search/people/enrich', { key, body: { search_id: searchId } });
    assert.is(users(page.body).length, 3);
    assert.is((page.body.enrichment as { newly_enriched: number }).newly_enriched, 2);
    assert.is(page.headers.get('x-service-credits-used'), '0.5', 'only the two people not enriched yet are charged');
    const outsider = await app.call('POST', '/api/v1/search/people/enrich', { key, body: { search_id: searchId, target_user_id: P(7) } });
    assert.is(outsider.status, 404);
    // Replay: the stored page again, free.
    const replay = await app.call('GET', `/api/v1/search/people/${searchId}`, { key });
    assert.is(replay.status, 200);
    assert.equal(replay.body.users, full.body.users);
    assert.is(replay.headers.get('x-service-credits-used'), '0.5');
    // Another account cannot see it.
    const other = app.account();
    assert.is((await app.call('GET', `/api/v1/search/people/${searchId}`, { key: other.apiKey })).status, 404);
  }));

test('lookup by professional username or profile URL; unknown gives a no-results reason; preview has no lookup', () =>
  withCorpus(async ({ app, key }) => {
    const byName = await app.call('POST', '/api/v1/search/people', { key, body: { professional_username: 'carolxu' } });
    assert.equal(ids(byName.body), [P(3)]);
    assert.type(users(byName.body)[0]?.evidence_text, 'string', 'a lookup is enriched automatically');
    assert.is((byName.body.search_metadata as { input_mode: string }).input_mode, 'lookup');
    const byUrl = await app.call('POST', '/api/v1/search/people', {
      key,
      body: { professional_url: 'https://www.professional.example/in/CarolXu/' },
    });
    assert.equal(ids(byUrl.body), [P(3)]);
    const unknown = await app.call('POST', '/api/v1/search/people', {
      key,
      body: { professional_profile_url: 'https://professional.example/in/nobody' },
    });
    assert.equal(unknown.body.users, []);
    assert.is((unknown.body.no_results_reason as { code: string }).code, 'profile_not_found');
    const preview = await app.call('POST', '/api/v1/search/people/preview', { key, body: { professional_username: 'carolxu' } });
    assert.is(preview.status, 400);
  }));

test('previous correspondence comes from the communications store; fields selects columns', () =>
  withCorpus(async ({ app, key, userId }) => {
    const body = { filters: { job_titles: { include: ['Software Engineer'] } }, network_filter_mode: 'ignore', limit: 25 };
    const before = await app.call('POST', '/api/v1/search/people/preview', { key, body });
    for (const u of users(before.body)) assert.equal([u.has_previous_correspondence, u.correspondence_count], [false, 0]);
    const insert = app.services.db.prepare(
      `INSERT INTO communications (communication_id, owner_user_id, acting_user_id, channel, target_user_id, mode, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    insert.run('c1', userId, userId, 'email_send', P(8), 'send', 'completed', 1_700_000_000_000, 1_700_000_000_000);
    insert.run('c2', userId, userId, 'email_send', P(8), 'draft', 'draft', 1_700_000_000_000, 1_700_000_000_000);
    insert.run('c3', userId, userId, 'service_direct_message', P(3), 'send', 'failed', 1_700_000_000_000, 1_700_000_000_000);
    const after = await app.call('POST', '/api/v1/search/people/preview', { key, body });
    const hal = users(after.body).find((u) => u.id === P(8));
    assert.equal([hal?.has_previous_correspondence, hal?.correspondence_count], [true, 1]);
    assert.is(hal?.last_correspondence_at, new Date(1_700_000_000_000).toISOString());
    const carol = users(after.body).find((u) => u.id === P(3));
    assert.equal([carol?.has_previous_correspondence, carol?.correspondence_count], [false, 0]);
    // A send is dated when it was dispatched (a daily cap can hold it), as the history route dates
    // it: the row's last_correspondence_at is history's last_sent_at (auditor, 2026-11-30).
    app.services.db
      .prepare(
        `INSERT INTO communications (communication_id, owner_user_id, acting_user_id, channel, target_user_id, mode, status, created_at, updated_at, dispatched_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run('c4', userId, userId, 'email_send', P(8), 'send', 'completed', 1_700_000_100_000, 1_700_000_100_000, 1_700_086_400_000);
    const held = users((await app.call('POST', '/api/v1/search/people/preview', { key, body })).body).find((u) => u.id === P(8));
    assert.is(held?.last_correspondence_at, new Date(1_700_086_400_000).toISOString());
    const history = await app.call('POST', '/api/v1/communications/history', { key, body: { target_user_id: P(8) } });
    assert.is(history.status, 200, history.text);
    assert.is(history.body.last_sent_at, held?.last_correspondence_at);
    const narrow = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { ...body, fields: ['name', 'correspondence_count'] },
    });
    assert.equal(Object.keys(users(narrow.body)[0] as Row).sort(), ['correspondence_count', 'id', 'name', 'user_id']);
  }));

test("delegate_user_id makes the delegate's graph the one used", () =>
  withCorpus(async ({ app, key, userId }) => {
    const delegate = app.account({ personId: P(6), name: 'Fay Ulm' });
    app.services.delegates.add(userId, delegate.userId, 1, true);
    const body = { filters: { connection_degrees: ['1st'] }, network_filter_mode: 'filter', limit: 25 };
    const mine = await app.call('POST', '/api/v1/search/people/preview', { key, body });
    const theirs = await app.call('POST', '/api/v1/search/people/preview', { key, body: { ...body, delegate_user_id: delegate.userId } });
    assert.equal(new Set(ids(mine.body)), new Set([P(1), P(2), P(3), P(4)]));
    assert.equal(new Set(ids(theirs.body)), new Set([P(1), P(2)]));
  }));

test('legacy aliases: query for description, keywords; supplied filters bypass parsing; search_metadata reused', () =>
  withCorpus(async ({ app, key }) => {
    const legacy = await app.call('POST', '/api/v1/search/people/preview', { key, body: { query: 'product managers in SF' } });
    assert.equal(ids(legacy.body), [P(7)]);
    const meta = legacy.body.search_metadata as Record<string, unknown>;
    assert.is(meta.input_mode, 'natural_language');
    const reused = await app.call('POST', '/api/v1/search/people/preview', { key, body: { search_metadata: meta } });
    assert.equal(ids(reused.body), [P(7)]);
    assert.is((reused.body.search_metadata as { input_mode: string }).input_mode, 'filters');
    const bypass = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { description: 'product managers in SF', filters: { years_experience: { min: 14 } }, network_filter_mode: 'ignore' },
    });
    assert.equal(ids(bypass.body), [P(8)], 'the text only ranks: filters were supplied');
    const kw = await app.call('POST', '/api/v1/search/people/preview', { key, body: { keywords: 'Founder' } });
    assert.equal(ids(kw.body), [], 'the requester is never returned');
    assert.ok((kw.body.receipts as { path: string }[]).some((r) => r.path === '/keywords'));
  }));
test('cohort_refs restrict a later search to the people the first one matched', () =>
  withCorpus(async ({ app, key }) => {
    const first = await app.call('POST', '/api/v2/search/people/query', {
      key,
      body: { query: 'software engineers in London', include_profile_text: true, limit: 2 },
    });
    const ref = (first.body.cohort_refs as string[])[0] as string;
    assert.match(ref, /^coh_/);
    assert.type(users(first.body)[0]?.profile_text, 'string');
    // Within the cohort (London software engineers), only those with 8+ years (9 is nameless, 9 years).
    const narrowed = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { cohort_refs: [ref], years_experience: { min: 8 } }, network_filter_mode: 'ignore', limit: 25 },
    });
    assert.equal(new Set(ids(narrowed.body)), new Set([P(5), P(6), P(8), P(9)]));
    // Unknown and other accounts' cohorts fail closed: never a wider search.
    const unknown = await app.call('POST', '/api/v1/search/people/preview', { key, body: { filters: { cohort_refs: ['coh_nope'] } } });
    assert.is(unknown.status, 404);
    assert.is(unknown.body.error, 'cohort_not_found');
    // Another account cannot use it.
    const other = app.account();
    const theirs = await app.call('POST', '/api/v1/search/people/preview', {
      key: other.apiKey,
      body: { filters: { cohort_refs: [ref] } },
    });
    assert.is(theirs.status, 404);
    assert.is(theirs.body.error, 'cohort_not_found');
  }));

test('relationship detail, evidence formats and skip_match_reasons shape the rows', () =>
  withCorpus(async ({ app, key }) => {
    const body = { filters: { job_titles: { include: ['Software Engineer'] }, locations: { include: ['London'] } }, limit: 25 };
    const detail = await app.call('POST', '/api/v1/search/people', { key, body: { ...body, relationship_detail: 'intro_paths' } });
    const fay = users(detail.body).find((u) => u.id === P(6));
    assert.is(fay?.mutual_connection_count, 2);
    assert.equal(new Set(((fay?.intro_paths ?? []) as { via_user_id: string }[]).map((p) => p.via_user_id)), new Set([P(1), P(2)]));
    const both = await app.call('POST', '/api/v1/search/people', { key, body: { ...body, evidence_format: 'both' } });
    const row = users(both.body)[0] as Row;
    assert.type(row.evidence_text, 'string');
    assert.ok(Array.isArray((row.evidence_json as { match_reasons: string[] }).match_reasons));
    const skipped = await app.call('POST', '/api/v1/search/people', { key, body: { ...body, skip_match_reasons: true } });
    assert.is(users(skipped.body)[0]?.match_reasons, null);
    const reasons = await app.call('POST', '/api/v1/search/people', {
      key,
      body: { ...body, skip_match_reasons: true, evidence_format: 'reasons' },
    });
    assert.ok(Array.isArray(users(reasons.body)[0]?.match_reasons), 'the reasons format wins over skip_match_reasons');
  }));

test.run();
