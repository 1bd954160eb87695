import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConnectorCorpus, personId, REQUESTER } from '../helpers/connector-corpus.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Ctx {
  app: TestApp;
  apiKey: string;
}
const s = suite<Ctx>('connector rules');

s.before(async (ctx) => {
  ctx.app = await startTestApp();
  await loadConnectorCorpus(ctx.app);
  ctx.apiKey = ctx.app.account({ personId: personId(REQUESTER), name: 'Requester' }).apiKey;
});
s.after(async (ctx) => ctx.app?.close());

const many = (n: number, prefix = 'kw') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

s('over-limit input is rejected with invalid_search_request and receipts (REST clamps the same input)', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const cases: [string, Record<string, unknown>, string][] = [
      ['people_search', { description: 'engineers', limit: 26 }, '/limit'],
      ['people_search', { description: 'engineers', offset: 10_001 }, '/offset'],
      ['people_search', { description: 'x'.repeat(10_001) }, '/description'],
      ['people_search', { filters: { additional_context_keywords_core: many(16) } }, '/filters/additional_context_keywords_core'],
      [
        'people_search',
        { filters: { additional_context_keywords_supporting: many(16) } },
        '/filters/additional_context_keywords_supporting',
      ],
      ['people_search', { filters: { keywords: many(65) } }, '/filters/keywords'],
      ['people_search', { filters: { keywords: many(65).join(', ') } }, '/filters/keywords'],
      ['bulk_export', { filters: { keywords: many(65).join(', ') } }, '/filters/keywords'],
      [
        'people_search',
        { filters: { where: { additional_context_keywords_core: many(16) } } },
        '/filters/where/additional_context_keywords_core',
      ],
      ['people_search', { filters: { languages: [{ name: 'Spanish', proficiency: 'fluent' }] } }, '/filters/languages/0/proficiency'],
      // The deprecated top-level keywords and an earlier search_metadata sent back are held to the same rules.
      ['people_search', { keywords: many(65) }, '/keywords'],
      ['people_search', { keywords: many(65).join(' ') }, '/keywords'],
      // The two lists are applied together: one limit for both (an MCP tester's case).
      ['people_search', { keywords: many(40, 'a'), filters: { keywords: many(40, 'b') } }, '/keywords'],
      ['people_search', { search_metadata: { filters: { keywords: many(65) } } }, '/search_metadata/filters/keywords'],
      [
        'people_search',
        { search_metadata: { filters: { additional_context_keywords_core: many(16) } } },
        '/search_metadata/filters/additional_context_keywords_core',
      ],
      [
        'people_search',
        { search_metadata: { filters: { languages: [{ name: 'French', proficiency: 'native or bilingual proficiency' }] } } },
        '/search_metadata/filters/languages/0/proficiency',
      ],
      ['discover_employers', { keywords: many(500) }, '/keywords'],
      ['discover_employers', { keywords: many(65).join(', ') }, '/keywords'],
      ['jobs_search', { where: { job_titles: many(9, 'title') } }, '/where/job_titles'],
      [
        'jobs_search',
        { where: { job_titles: many(8, 'where') }, filters: { hiring: { titles: { include: many(100, 'filter') } } } },
        '/where/job_titles',
      ],
      ['jobs_search', { where: { locations: many(9, 'city') } }, '/where/locations'],
      ['jobs_search', { filters: { hiring: { titles: { include: many(101, 'title') } } } }, '/filters/hiring/titles/include'],
      ['company_search', { query: 'software', preview_limit: 51 }, '/preview_limit'],
      ['posts_search', { query: 'search', preview_limit: 51 }, '/preview_limit'],
    ];
    const before = await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey });
    for (const [tool, args, path] of cases) {
      const result = await mcp.call(tool, args);
      assert.is(result.isError, true, `${tool} ${path}`);
      assert.is(result.structuredContent?.error, 'invalid_search_request', `${tool} ${path}`);
      const receipts = result.structuredContent?.receipts as { path: string; action: string }[];
      assert.ok(
        receipts.some((r) => r.path === path && r.action === 'rejected'),
        `${tool}: a receipt for ${path}: ${JSON.stringify(receipts)}`,
      );
      // A list that is too long is not also told it "must be string" (the other form keywords may take).
      if (Array.isArray((args as { keywords?: unknown }).keywords))
        assert.not.ok(
          receipts.some((r) => (r as { message?: string }).message === 'must be string'),
          JSON.stringify(receipts),
        );
    }
    const after = await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey });
    assert.is(after.body.used, before.body.used, 'rejected calls cost nothing');
    // REST takes the same input and clamps it, with a receipt.
    const rest = await ctx.app.call('POST', '/api/v1/search/people', { key: ctx.apiKey, body: { description: 'engineers', limit: 26 } });
    assert.is(rest.status, 200);
    // The five proficiency levels are accepted as written.
    const ok = await mcp.call('people_search', {
      filters: { languages: [{ name: 'English', proficiency: 'Native or bilingual proficiency' }] },
    });
    assert.not.ok(ok.isError, JSON.stringify(ok.structuredContent));
    // A where title repeating a filter's title in another case is one value, not two of the limit.
    const jobs = await mcp.call('jobs_search', {
      where: { job_titles: ['cto', ' data engineer'] },
      filters: { hiring: { titles: { include: [...many(98, 'filter'), 'CTO', 'Data Engineer'] } } },
    });
    assert.not.ok(jobs.isError, JSON.stringify(jobs.structuredContent));
  } finally {
    await mcp.close();
  }
});

s('people and post searches continue by sending next_page.request back unchanged; company and job pages are final', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const first = await mcp.call('people_search', { description: 'people in London', limit: 4 });
    const next = first.structuredContent?.next_page as { request: Record<string, unknown> };
    assert.ok(next, 'a next page');
    assert.is(next.request.offset, 4);
    const second = await mcp.call('people_search', next.request);
    const rest = await ctx.app.call('POST', '/api/v1/search/people', {
      key: ctx.apiKey,
      body: { description: 'people in London', limit: 4, offset: 4 },
    });
    const ids = (b: Record<string, unknown> | undefined) => (b!.users as { id: string }[]).map((u) => u.id);
    assert.equal(ids(second.structuredContent), ids(rest.body), 'the second page is the REST offset page');
    assert.equal(
      ids(first.structuredContent).filter((id) => ids(second.structuredContent).includes(id)),
      [],
      'no overlap',
    );

    const posts = await mcp.call('posts_search', { query: 'search', preview_limit: 2 });
    const postsNext = posts.structuredContent?.next_page as { request: Record<string, unknown> };
    assert.is(postsNext.request.offset, 2);
    const posts2 = await mcp.call('posts_search', postsNext.request);
    assert.not.ok(posts2.isError);
    const postIds = (b: Record<string, unknown> | undefined) => (b!.results as { id: string }[]).map((p) => p.id);
    assert.equal(
      postIds(posts.structuredContent).filter((id) => postIds(posts2.structuredContent).includes(id)),
      [],
    );

    for (const tool of ['company_search', 'jobs_search']) {
      const result = await mcp.call(tool, { query: 'software', offset: 10 });
      assert.is(result.structuredContent?.error, 'invalid_search_request', `${tool} takes no offset`);
    }
    const companies = await mcp.call('company_search', { query: 'software' });
    assert.not.ok('next_page' in (companies.structuredContent ?? {}));
  } finally {
    await mcp.close();
  }
});

s('credits_exhausted is a structured result with the remaining balance and reset date, not a protocol error', async (ctx) => {
  const { apiKey } = ctx.app.account({ tier: 'free' });
  const mcp = await connectMcp(ctx.app.url, { apiKey });
  try {
    let exhausted: Record<string, unknown> | undefined;
    for (let i = 0; i < 40 && !exhausted; i++) {
      const result = await mcp.call('people_search', { description: `engineers ${i}` });
      if (result.isError) exhausted = result.structuredContent;
    }
    assert.ok(exhausted, 'the free tier ran out');
    assert.is(exhausted!.success, false);
    assert.is(exhausted!.error, 'credits_exhausted');
    assert.is(typeof exhausted!.remaining, 'number');
    assert.is(typeof exhausted!.reset_at, 'string');
    assert.is(exhausted!.retryable, false);
  } finally {
    await mcp.close();
  }
});

s('delegates work in tool arguments as on REST; an unauthorised delegate is refused', async (ctx) => {
  const delegate = ctx.app.account({ personId: personId(1), name: 'Delegate' });
  const owner = ctx.app.account({ name: 'Owner' });
  const mcp = await connectMcp(ctx.app.url, { apiKey: owner.apiKey });
  try {
    const refused = await mcp.call('social_proximity_status', { delegate_user_id: delegate.userId });
    assert.is(refused.structuredContent?.error, 'delegate_not_allowed');
    ctx.app.services.delegates.add(owner.userId, delegate.userId, ctx.app.clock.now(), true);
    const status = await mcp.call('social_proximity_status', { delegate_user_id: delegate.userId });
    assert.is(status.structuredContent?.user_id, delegate.userId);
    assert.ok((status.structuredContent!.first_degree_total as number) >= 1, "the delegate's own graph");
    const graph = ctx.app.services.graph;
    assert.is(status.structuredContent!.first_degree_total, graph.firstDegree(delegate.userId).size);
    assert.is(status.structuredContent!.second_degree_total, graph.secondDegree(delegate.userId).length);
    const bySource = status.structuredContent!.sources as Record<string, { first_degree: number }>;
    for (const source of ['service', 'professional'] as const)
      assert.is(bySource[source]!.first_degree, graph.firstDegree(delegate.userId, [source]).size, source);
    const search = await mcp.call('people_search', { description: 'engineers', delegate_user_id: delegate.userId });
    assert.not.ok(search.isError);
  } finally {
    await mcp.close();
  }
});

s('a long list of wrong items is one problem, and many wrong items list twenty: the answer stays small', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    // Longer than any list of the tool may be: one problem, found before the schema runs.
    const huge = await mcp.call('people_search', { fields: Array(20_000).fill(1) });
    assert.is(huge.isError, true);
    const hugeErrors = huge.structuredContent?.errors as { pointer: string; message: string }[];
    assert.equal(
      hugeErrors.map((e) => e.pointer),
      ['/fields'],
    );
    assert.match(hugeErrors[0]!.message, /^must NOT have more than \d+ items \(it has 20000\)$/);
    assert.ok(JSON.stringify(huge).length < 10_000, `answer of ${JSON.stringify(huge).length} bytes`);
    // Within that bound but every item wrong: twenty problems listed, and the message says there are more.
    const many = await mcp.call('people_search', { filters: { keywords: Array(60).fill(1) } });
    const errors = many.structuredContent?.errors as unknown[];
    assert.is(errors.length, 20);
    assert.is((many.structuredContent!.receipts as unknown[]).length, 20);
    assert.match(String(many.structuredContent?.message), /and more \(the first 20 problems are listed/);
    assert.ok(JSON.stringify(many).length < 20_000, `answer of ${JSON.stringify(many).length} bytes`);
  } finally {
    await mcp.close();
  }
  // REST: the same bound and cap.
  const rest = await ctx.app.call('POST', '/api/v1/search/people/preview', { key: ctx.apiKey, body: { fields: Array(20_000).fill(1) } });
  assert.is(rest.status, 400, rest.text);
  assert.is((rest.body.errors as unknown[]).length, 1);
  const restMany = await ctx.app.call('POST', '/api/v1/search/people/preview', {
    key: ctx.apiKey,
    body: { filters: { keywords: Array(900).fill(1) } },
  });
  assert.is(restMany.status, 400, restMany.text);
  assert.is((restMany.body.errors as unknown[]).length, 20);
});

s('connector messages speak of the arguments: no REST "body" wording; an export of no one is refused before any charge', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const before = await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey });
    const empty = await mcp.call('bulk_export', {});
    assert.is(empty.isError, true);
    assert.is(empty.structuredContent?.error, 'invalid_search_request');
    assert.match(String(empty.structuredContent?.message), 'say whom to export');
    const after = await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey });
    assert.equal(after.body.used, before.body.used);
    // A route's problem (no conversation named), worded for the connector.
    const unnamed = await mcp.call('conversation_read', {});
    assert.is(unnamed.structuredContent?.error, 'validation_failed');
    assert.not.match(String(unnamed.structuredContent?.message), /body/);
    assert.match(String(unnamed.structuredContent?.message), /^The arguments are invalid: name the conversation/);
    // The published schema says what the connector does with a long description.
    const listed = await mcp.client.listTools();
    const people = listed.tools.find((t) => t.name === 'people_search')!;
    const description = (people.inputSchema.properties as Record<string, { description?: string }>).description!;
    assert.match(String(description.description), 'longer is refused');
    // Every tool that refuses a long text says so, not the REST route's "truncated with a receipt".
    const published = JSON.stringify(listed.tools.map((t) => t.inputSchema));
    assert.not.match(published, 'truncated with a receipt');
    const batch = listed.tools.find((t) => t.name === 'company_search_batch')!;
    const item = (batch.inputSchema.properties as Record<string, { items: { properties: Record<string, { description?: string }> } }>)
      .searches!.items.properties;
    assert.match(String(item.query?.description), 'longer is refused');
    // A lookup's invalid input is said of the input, not of the REST body it went through.
    const lookups = await mcp.call('people_lookup_batch', { profiles: ['a b c'] });
    const results = (lookups.structuredContent?.results ?? []) as { status: string; message: string }[];
    const first = results[0]!;
    assert.equal([first.status, /body/.test(first.message)], ['invalid', false]);
    assert.match(first.message, '"a b c" is not a person id, professional-network username');
  } finally {
    await mcp.close();
  }
});

s('a profile URL of another host than the professional network is refused and free, on REST and in a batch lookup', async (ctx) => {
  // An outside tester's case: https://evil.example/in/x was looked up (0 users) and charged.
  const used = async () => (await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey })).body.used as number;
  const before = await used();
  for (const url of ['https://evil.example/in/person1', 'evil.example/in/person1', 'https://linkedin.com.evil.example/in/person1']) {
    const rest = await ctx.app.call('POST', '/api/v1/search/people', { key: ctx.apiKey, body: { professional_profile_url: url } });
    assert.is(rest.status, 400, rest.text);
    assert.is(rest.body.error, 'validation_failed');
    assert.match(String(rest.body.message), 'professional.example, linkedin.com');
  }
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const lookups = await mcp.call('people_lookup_batch', {
      profiles: ['https://evil.example/in/person1', 'https://www.professional.example/in/person1', 'https://uk.linkedin.com/in/person2'],
    });
    const results = (lookups.structuredContent?.results ?? []) as { status: string; message?: string }[];
    assert.equal(
      results.map((r) => r.status),
      ['invalid', 'found', 'found'],
      JSON.stringify(results),
    );
    assert.match(String(results[0]?.message), 'professional.example or linkedin.com');
  } finally {
    await mcp.close();
  }
  // Only the two lookups that found someone are charged (0.25 each).
  assert.is(await used(), before + 0.5);
});

s('watch_signals says a problem of the watcher route by its own arguments: no /cohort, which it does not take', async (ctx) => {
  // An outside tester's case: "/cohort is required", while an argument cohort is refused as unrecognised.
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const missing = await mcp.call('watch_signals', { mode: 'create', signal_types: ['posts'], deliveries: ['project_feed'] });
    assert.is(missing.structuredContent?.error, 'validation_failed', JSON.stringify(missing.structuredContent));
    const message = String(missing.structuredContent?.message);
    assert.not.match(message, '/cohort');
    assert.match(message, /the cohort \(project_id, person_ids, company_ids or search_id\) is required for posts/);
    assert.equal(
      ((missing.structuredContent?.errors ?? []) as { pointer: string }[]).map((e) => e.pointer),
      [''],
    );
    const both = await mcp.call('watch_signals', {
      mode: 'create',
      signal_types: ['posts'],
      project_id: '00000000-0000-4000-8000-000000000001',
      search_id: 'srch_x',
    });
    assert.not.match(String(both.structuredContent?.message), '/cohort');
    const competitors = await mcp.call('watch_signals', {
      mode: 'create',
      signal_types: ['competitor_engagement'],
      person_ids: [personId(1)],
    });
    assert.equal(
      ((competitors.structuredContent?.errors ?? []) as { pointer: string }[]).map((e) => e.pointer),
      ['/company_ids'],
      JSON.stringify(competitors.structuredContent),
    );
  } finally {
    await mcp.close();
  }
});

s.run();
