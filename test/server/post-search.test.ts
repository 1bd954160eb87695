import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkEveryRequest } from '../helpers/contract-engine.js';
import { company, indexSnapshots, post, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const P = (n: number) => tid(0xa0, n);
const C = (n: number) => tid(0xc0, n);
const B = (n: number) => tid(0xb0, n);
const ME = 100;

type Row = Record<string, unknown>;
const ids = (rows: unknown) => (rows as Row[]).map((r) => r.id);

/**
 * Authors: people 1-3, companies 1 (indexed) and 9 (only seen as a post author). The clock
 * stands at 2026-06-01T12:00Z. Me (100) is connected to 1; 2 is second degree through 1.
 */
async function withPosts(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  let contract: { problems: string[] } = { problems: [] };
  const app = await startTestApp({
    mutate: (services) => {
      contract = checkEveryRequest(services);
    },
  });
  try {
    const byCompany = (n: number, companyNo: number, extra: Record<string, unknown>) =>
      post(n, C(companyNo), { author_entity_type: 'company', ...extra });
    const files = [
      writeSnapshot(app.dataDir, 'companies.jsonl', [company(1, { name: 'Acme Search' }), company(2)]),
      writeSnapshot(app.dataDir, 'profiles.jsonl', [
        profile(ME, { display_name: 'Me Myself' }),
        profile(1, { display_name: 'Ann Able' }),
        profile(2, { display_name: 'Ben Baker' }),
        profile(3, { display_name: 'Cat Cole' }),
      ]),
      writeSnapshot(app.dataDir, 'connections.jsonl', [
        { user_a: P(ME), user_b: P(1), source: 'service', connected_at: '2025-01-01T00:00:00Z', removed_at: null },
        { user_a: P(1), user_b: P(2), source: 'service', connected_at: '2025-01-01T00:00:00Z', removed_at: null },
      ]),
      writeSnapshot(app.dataDir, 'posts.jsonl', [
        post(1, P(1), {
          text: 'Hiring search engineers for vector search',
          topics: ['hiring'],
          mentions: ['@acme'],
          reaction_count: 10,
          comment_count: 2,
          posted_at: '2026-05-31T10:00:00Z',
        }),
        post(2, P(2), {
          text: 'Our search relevance talk',
          topics: ['search'],
          reaction_count: 40,
          comment_count: 0,
          posted_at: '2026-05-20T10:00:00Z',
        }),
        post(3, P(1), {
          text: 'Great point on search',
          action_type: 'comment',
          target_post_id: B(2),
          reaction_count: 1,
          comment_count: 0,
          posted_at: '2026-05-21T10:00:00Z',
        }),
        post(4, P(3), {
          text: 'Reposting a search launch',
          action_type: 'repost',
          target_post_id: B(6),
          reaction_count: 3,
          comment_count: 5,
          posted_at: '2026-05-25T10:00:00Z',
        }),
        post(5, P(3), {
          text: 'Weekend hiking photos',
          topics: ['outdoors'],
          reaction_count: 90,
          comment_count: 9,
          posted_at: '2026-05-30T10:00:00Z',
        }),
        byCompany(6, 1, {
          text: 'We launched semantic search today',
          reaction_count: 200,
          comment_count: 20,
          posted_at: '2026-05-24T10:00:00Z',
        }),
        byCompany(7, 1, { text: 'Acme search is hiring', reaction_count: 5, comment_count: 1, posted_at: '2026-05-28T10:00:00Z' }),
        byCompany(8, 9, { text: 'Stealth company search update', reaction_count: 7, comment_count: 0, posted_at: '2026-05-29T10:00:00Z' }),
      ]),
    ];
    const summary = await indexSnapshots(app, files);
    assert.is(summary.rejected, 0);
    const { apiKey } = app.account({ personId: P(ME), name: 'Me Myself' });
    await fn(app, apiKey);
    assert.equal(contract.problems, [], 'every engine request is valid OpenSearch');
  } finally {
    await app.close();
  }
}

const search = (app: TestApp, key: string, body: Record<string, unknown>, route = 'preview') =>
  app.call('POST', `/api/v1/search/posts/${route}`, { key, body });

test('posts preview: criteria filter, sorts follow the rules, rows carry post refs, billed', () =>
  withPosts(async (app, key) => {
    let res = await search(app, key, {
      filters: { posts: { author_entity_types: ['person'], action_types: ['post'] } },
      sort_by: 'recent',
      sort_order: 'asc',
    });
    assert.is(res.status, 200, res.text);
    // recent is always newest first; sort_order is ignored with a receipt.
    assert.equal(ids(res.body.results), [B(1), B(5), B(2)]);
    assert.ok((res.body.receipts as Row[]).some((r) => r.path === '/sort_order'));
    // The summary says the order applied, not the one ignored.
    assert.is((res.body.applied_filter_summary as Row).sort_order, null);
    const first = (res.body.results as Row[])[0]!;
    assert.is(first.post_ref, `post://${B(1)}`);
    assert.is((first.author as Row).id, P(1));
    assert.type((first.author as Row).user_id_int, 'number');
    assert.is(res.headers.get('x-service-credits-used'), '0.1');

    // Engagement sort without text: by engagement, asc when asked.
    res = await search(app, key, { filters: { posts: { author_entity_types: ['person'] } }, sort_by: 'engagement', sort_order: 'asc' });
    assert.equal(ids(res.body.results), [B(3), B(4), B(1), B(2), B(5)]);
    assert.is((res.body.applied_filter_summary as Row).sort_order, 'asc');
    // Text: every word must appear.
    res = await search(app, key, { query: 'hiring search', sort_by: 'recent' });
    assert.equal(ids(res.body.results), [B(1), B(7)]);
    // Mentions, topics, counts and date windows are hard filters.
    res = await search(app, key, { filters: { posts: { mentions: ['acme'] } } });
    assert.equal(ids(res.body.results), [B(1)]);
    res = await search(app, key, { filters: { posts: { topics: ['#search', 'outdoors'] } }, sort_by: 'recent' });
    assert.equal(ids(res.body.results), [B(5), B(2)]);
    res = await search(app, key, { filters: { posts: { reactions: { min: 5, max: 40 }, posted_within_days: 5 } }, sort_by: 'recent' });
    assert.equal(ids(res.body.results), [B(1), B(8), B(7)]);
    res = await search(app, key, { filters: { posts: { target_post_ids: [B(2), B(6)] } }, sort_by: 'recent' });
    assert.equal(ids(res.body.results), [B(4), B(3)]);
    res = await search(app, key, { filters: { posts: { comments: { min: 9, max: 2 } } } });
    assert.is(res.status, 200);
    assert.is(res.body.total, 0);
    // Paging: offset counts posts, has_more tells whether more follow.
    res = await search(app, key, { sort_by: 'recent', preview_limit: 3, offset: 3 });
    assert.equal(ids(res.body.results), [B(7), B(4), B(6)]);
    assert.is(res.body.has_more, true);
    assert.is(res.body.total, 8);
  }));

test('posts: like and reaction action types are stripped with a receipt, and alone are refused', () =>
  withPosts(async (app, key) => {
    let res = await search(app, key, { filters: { posts: { action_types: ['repost', 'like'] } } });
    assert.is(res.status, 200, res.text);
    assert.equal(ids(res.body.results), [B(4)]);
    assert.ok((res.body.receipts as Row[]).some((r) => String(r.path).startsWith('/filters/posts/action_types')));
    res = await search(app, key, { filters: { posts: { action_types: ['reaction'] } } });
    assert.is(res.status, 400);
    assert.is(res.body.error, 'validation_failed');
    assert.ok(JSON.stringify(res.body).includes('/filters/posts/action_types'));
    assert.is(res.headers.get('x-service-credits-used'), '0.1', 'the refused call cost nothing');
    res = await search(app, key, { filters: { posts: { action_types: ['share'] } } });
    assert.is(res.status, 400);
  }));

test('posts: author cohorts by id and by the integer handles rows carry', () =>
  withPosts(async (app, key) => {
    const first = await search(app, key, { filters: { posts: { author_user_ids: [P(3)] } }, sort_by: 'recent' });
    assert.equal(ids(first.body.results), [B(5), B(4)]);
    assert.equal(first.body.author_cohort_filter_status, { status: 'applied', requested: 1, applied: 1, unknown_author_id_ints: [] });
    const handle = ((first.body.results as Row[])[0]!.author as Row).user_id_int as number;
    const byInt = await search(app, key, { filters: { posts: { author_user_id_ints: [handle, 999999] } }, sort_by: 'recent' });
    assert.equal(ids(byInt.body.results), [B(5), B(4)]);
    const status = byInt.body.author_cohort_filter_status as Row;
    assert.is(status.status, 'partially_applied');
    assert.equal(status.unknown_author_id_ints, [999999]);
    const none = await search(app, key, { filters: { posts: { author_user_id_ints: [999998] } } });
    assert.is(none.body.total, 0);
    assert.is((none.body.author_cohort_filter_status as Row).status, 'no_known_authors');
  }));

test('posts: company actors of official posts are deduplicated with matched posts and identity status', () =>
  withPosts(async (app, key) => {
    const res = await search(app, key, {
      filters: { posts: { author_entity_types: ['company'], action_types: ['post'] } },
      with_companies: true,
      sort_by: 'recent',
    });
    assert.is(res.status, 200, res.text);
    const companies = res.body.companies as Row[];
    assert.equal(
      companies.map((c) => [c.company_id, c.identity_status, c.matched_post_count]),
      [
        [C(1), 'resolved', 2],
        [C(9), 'observed', 1],
      ],
    );
    assert.is((companies[0]!.company as Row).name, 'Acme Search');
    assert.equal(
      (companies[0]!.matched_posts as Row[]).map((p) => p.post_ref),
      [`post://${B(7)}`, `post://${B(6)}`],
    );
    const without = await search(app, key, { with_companies: true });
    assert.equal(without.body.companies, []);
    assert.ok((without.body.receipts as Row[]).some((r) => r.path === '/with_companies'));
    const notAsked = await search(app, key, { filters: { posts: { author_entity_types: ['company'], action_types: ['post'] } } });
    assert.is(notAsked.body.companies, undefined);
  }));

test('posts with-people: deduplicated authors; the binding pivots people search into exactly those authors', () =>
  withPosts(async (app, key) => {
    const res = await search(app, key, { query: 'search', sort_by: 'recent', people_limit: 500 }, 'with-people');
    assert.is(res.status, 200, res.text);
    assert.is(res.body.people_limit, 100);
    const people = res.body.people as Row[];
    // Newest matching posts first: 1 (Ann), 8 and 7 (companies, not people), 4 (Cat), 6 (company), 3 (Ann), 2 (Ben).
    assert.equal(
      people.map((p) => [p.name, p.matched_post_count, p.connection_degree]),
      [
        ['Ann Able', 2, '1st'],
        ['Cat Cole', 1, '3rd+'],
        ['Ben Baker', 1, '2nd'],
      ],
    );
    assert.is(res.headers.get('x-service-credits-used'), '0.2');
    const binding = res.body.people_search_binding as { filters: Record<string, unknown> };
    const pivot = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: binding.filters, network_filter_mode: 'ignore', limit: 25 },
    });
    assert.is(pivot.status, 200, pivot.text);
    assert.equal(new Set(ids(pivot.body.users)), new Set([P(1), P(2), P(3)]));
    const limited = await search(app, key, { query: 'search', sort_by: 'recent', people_limit: 1 }, 'with-people');
    assert.equal(
      (limited.body.people as Row[]).map((p) => p.id),
      [P(1)],
    );
  }));

test('posts: with text, an engagement sort ranks by relevance first; without text, by engagement', () =>
  (async () => {
    const app = await startTestApp();
    try {
      const files = [
        writeSnapshot(app.dataDir, 'posts.jsonl', [
          post(21, P(1), { text: 'quasar', reaction_count: 1, comment_count: 0 }),
          post(22, P(2), {
            text: 'quasar seen among many other words that dilute how strongly this long post is about it',
            reaction_count: 500,
          }),
        ]),
      ];
      assert.is((await indexSnapshots(app, files)).rejected, 0);
      const { apiKey } = app.account();
      const withText = await search(app, apiKey, { query: 'quasar', sort_by: 'engagement' });
      assert.equal(ids(withText.body.results), [B(21), B(22)], 'the closer match first despite fewer reactions');
      const noText = await search(app, apiKey, { sort_by: 'engagement' });
      assert.equal(ids(noText.body.results), [B(22), B(21)]);
    } finally {
      await app.close();
    }
  })());

test('the query is read: fluff dropped, windows, kinds of post and company authors become filters, "by <company>" an author', () =>
  withPosts(async (app, key) => {
    const receiptsOf = (res: { body: Row }) => (res.body.receipts as { path: string; message: string }[]).map((r) => r.message);
    // Before, "posts" and "about" were required words too: nothing matched.
    const about = await search(app, key, { query: 'posts about hiring', sort_by: 'recent' });
    assert.is(about.status, 200, about.text);
    assert.equal(ids(about.body.results), [B(1), B(7)]);
    assert.ok((about.body.applied_filter_summary as { lines: string[] }).lines.includes('Text (all words): hiring'));
    assert.ok(
      receiptsOf(about).some((m) => /not required: posts, about/.test(m)),
      receiptsOf(about).join(' | '),
    );
    // A window, and reposts.
    const week = await search(app, key, { query: 'search reposts from the last two weeks', sort_by: 'recent' });
    assert.equal(ids(week.body.results), [B(4)]);
    assert.equal((week.body.applied_filter_summary as { filters: Row }).filters.action_types, ['repost']);
    // Company posts, and "by" a company of the index.
    const official = await search(app, key, { query: 'company posts about search', sort_by: 'recent' });
    assert.equal(ids(official.body.results), [B(8), B(7), B(6)]);
    const byAcme = await search(app, key, { query: 'search posts by Acme Search', sort_by: 'recent' });
    assert.equal(ids(byAcme.body.results), [B(7), B(6)]);
    assert.ok(
      receiptsOf(byAcme).some((m) => m.includes('(the company Acme Search)')),
      receiptsOf(byAcme).join(' | '),
    );
    // A role cannot be applied (posts carry no author title): said so, and the rest still searched.
    const byRole = await search(app, key, { query: 'hiring by CTOs', sort_by: 'recent' });
    assert.equal(ids(byRole.body.results), [B(1), B(7)]);
    assert.ok(
      receiptsOf(byRole).some((m) => m.includes('"by CTOs" names the authors\' role')),
      receiptsOf(byRole).join(' | '),
    );
    // The request's own filters win over what the text states.
    const own = await search(app, key, { query: 'search comments', filters: { posts: { action_types: ['post'] } }, sort_by: 'recent' });
    assert.equal((own.body.applied_filter_summary as { filters: Row }).filters.action_types, ['post']);
    assert.ok(
      receiptsOf(own).some((m) => m === '"comments" was not applied: filters.posts.action_types was given.'),
      receiptsOf(own).join(' | '),
    );
  }));

test.run();
