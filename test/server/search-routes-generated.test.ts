/**
 * The company, job and post routes on a corpus from the synthetic generator (the data users
 * load in development): natural-language queries through HTTP, every returned row checked
 * against the filters the response says it applied, and the job network blocks recomputed from
 * the graph and the profiles.
 */
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../fixtures/generator/index.js';
import { INDICES } from '../../mappings/indices.js';
import { GraphStore } from '../../server/store/graph.js';
import { checkEveryRequest } from '../helpers/contract-engine.js';
import { indexSnapshots } from '../helpers/snapshots.js';
import { startTestApp } from '../helpers/test-app.js';

type Row = Record<string, unknown>;

test('company, job and post routes on a generated corpus: rows satisfy the applied filters', async () => {
  let contract: { problems: string[] } = { problems: [] };
  const app = await startTestApp({
    mutate: (services) => {
      contract = checkEveryRequest(services);
    },
  });
  try {
    const dir = path.join(app.dataDir, 'corpus');
    const summary = await generateCorpus({ profiles: 1500, seed: 11, outDir: dir, gzip: false });
    const files = Object.values(summary.files).map((f) => f.path);
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const { apiKey } = app.account({ personId: summary.demoProfileId, name: 'Demo' });
    const call = async (route: string, body: Record<string, unknown>) => {
      const res = await app.call('POST', route, { key: apiKey, body });
      assert.is(res.status, 200, res.text);
      return res.body;
    };

    // Companies: every detailed row meets the parsed industry, size and founding filters.
    const companies = await call('/api/v1/companies/search/preview', {
      query: 'software companies with 20-5000 employees founded after 2005',
      result_mode: 'detailed',
      preview_limit: 50,
    });
    const cf = companies.filters as {
      industries?: unknown;
      categories: { include: string[] };
      employee_count: { min: number; max: number };
      founded_year: { min: number };
    };
    // A sector is a category matched as text, with its industry as an alternative, never a gate.
    assert.is(cf.industries, undefined);
    assert.equal(cf.categories.include, ['software']);
    assert.equal(cf.employee_count, { min: 20, max: 5000 });
    // "after 2005" is 2006 on (issue 12).
    assert.equal(cf.founded_year, { min: 2006 });
    const rows = companies.companies as Row[];
    assert.ok(rows.length > 0, 'the generated corpus has such companies');
    for (const c of rows) {
      const text = [c.industry, ...((c.categories as string[]) ?? []), c.description].join(' ').toLowerCase();
      assert.ok(text.includes('software'), `${c.name}: ${text}`);
      assert.ok((c.employee_count as number) >= 20 && (c.employee_count as number) <= 5000, `${c.name}: ${c.employee_count}`);
      assert.ok((c.founded_year as number) >= 2006);
      assert.ok(
        (c.match_reasons as string[]).some((r) => /^(Industry: Software|Categories: .*software|Description mentions software)/i.test(r)),
        `${c.name}: ${(c.match_reasons as string[]).join('; ')}`,
      );
    }
    const europe = await call('/api/v1/companies/search/preview', { query: 'companies headquartered in Europe', preview_limit: 50 });
    const docs = await app.services.engine.mget<Row>(
      INDICES.companies.alias,
      (europe.companies as Row[]).map((c) => c.id as string),
    );
    assert.ok(docs.length > 0);
    for (const d of docs) assert.ok(((d!.headquarters as Row).regions as string[]).includes('Europe'));

    // Jobs: workplace filter holds; each network block equals the viewer's connections at the company.
    const jobs = await call('/api/v1/search/jobs/preview', { query: 'remote jobs', preview_limit: 25 });
    assert.equal((jobs.applied_filter_summary as { filters: { hiring: Row } }).filters.hiring.workplace_types, ['remote']);
    const results = jobs.results as Row[];
    assert.ok(results.length > 0);
    const first = [...new GraphStore(app.services.db).firstDegree(summary.demoProfileId).keys()];
    const profiles = await app.services.engine.mget<Row>(INDICES.profiles.alias, first);
    const atCompany = new Map<string, number>();
    for (const p of profiles)
      if (p) atCompany.set(p.current_company_id as string, (atCompany.get(p.current_company_id as string) ?? 0) + 1);
    for (const j of results) {
      assert.is(j.workplace_type, 'remote');
      const net = j.network as { first_degree: { count: number } };
      assert.is(net.first_degree.count, atCompany.get(j.company_id as string) ?? 0, `first-degree count at ${j.company_name}`);
    }
    assert.ok(
      results.some((j) => (j.network as { first_degree: { count: number } }).first_degree.count > 0),
      'some posting is at a company where the viewer knows people',
    );
    const grouped = await call('/api/v1/search/jobs/with-people', { query: 'remote jobs', preview_limit: 25 });
    assert.equal(grouped.companies_in_order, [...new Set(results.map((j) => j.company_id))]);

    // Posts: original posts only, newest first; authors deduplicated and really authors.
    const posts = await call('/api/v1/search/posts/with-people', {
      filters: { posts: { action_types: ['post'], author_entity_types: ['person'] } },
      sort_by: 'recent',
      preview_limit: 50,
    });
    const list = posts.results as Row[];
    assert.ok(list.length > 0);
    for (const [i, p] of list.entries()) {
      assert.is(p.action_type, 'post');
      assert.is(p.post_ref, `post://${p.id}`);
      if (i > 0) assert.ok(String(list[i - 1]!.posted_at) >= String(p.posted_at), 'newest first');
    }
    const people = posts.people as Row[];
    assert.is(new Set(people.map((p) => p.id)).size, people.length);
    assert.ok(people.length > 0);
    for (const person of people.slice(0, 10)) {
      const own = await call('/api/v1/search/posts/preview', {
        filters: { posts: { author_user_ids: [person.id], action_types: ['post'] } },
      });
      assert.ok((own.total as number) >= (person.matched_post_count as number), 'each listed person wrote the matching posts counted');
    }
    assert.equal(contract.problems, [], 'every engine request is valid OpenSearch');
  } finally {
    await app.close();
  }
});

test.run();
