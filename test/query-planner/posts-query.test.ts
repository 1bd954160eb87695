import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { POSTS } from '../../mappings/indices.js';
import {
  authorScanBody,
  type BuiltPostsQuery,
  buildPostsQuery,
  collectsCompanyActors,
  companyActorFilters,
  companyPostsBody,
  type PostsQueryInput,
  personAuthorsBody,
} from '../../query-planner/build/posts-query.js';
import type { Receipt } from '../../query-planner/limits.js';
import {
  type NormalizedPostFilters,
  normalizePostFilters,
  type PostFilters,
  parsePostDate,
  postFiltersSchema,
} from '../../query-planner/post-filters.js';
import type { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import type { Query, SearchBody, SortClause } from '../../search-engine/port.js';
import { loadedIndexSuite } from '../helpers/loaded-index.js';
import { checkRequest } from '../helpers/opensearch-contract/checker.js';

const NOW = new Date('2026-11-01T00:00:00Z');
const RECENT: SortClause[] = [{ posted_at: 'desc' }, { id: 'asc' }];
const RELEVANCE: SortClause[] = [{ _score: 'desc' }, ...RECENT];
const NONE: Query = { bool: { must_not: [{ match_all: {} }] } };
const missing = (field: string): Query => ({ bool: { must_not: [{ exists: { field } }] } });

const body = (query: Query, extra: Partial<SearchBody> = {}): SearchBody => ({
  query,
  sort: RECENT,
  from: 0,
  size: 10,
  track_total_hits: true,
  ...extra,
});

const input = (filters: NormalizedPostFilters, extra: Partial<PostsQueryInput> = {}): PostsQueryInput => ({
  filters,
  from: 0,
  size: 10,
  now: NOW,
  ...extra,
});

/** Fails with the checker's problems unless OpenSearch would accept the search. */
function expectValid(b: SearchBody): void {
  const result = checkRequest({ method: 'POST', path: '/proxima-posts/_search', body: b });
  assert.ok(result.ok, result.ok ? '' : result.problems.join('\n'));
}

// ---------------------------------------------------------------------------------------------
// Golden bodies

interface Golden {
  name: string;
  input: PostsQueryInput;
  body: SearchBody;
  receipts?: Receipt[];
  reason?: string;
}

const CASES: Golden[] = [
  {
    name: 'no text, no filters: match_all, newest first',
    input: input({}),
    body: body({ match_all: {} }),
  },
  {
    name: 'free text: required, scored, best match first then newest',
    input: input({}, { query: '  rust   engineers ', sort_by: 'relevance' }),
    body: body({ bool: { must: [{ match: { text: { query: 'rust engineers', operator: 'and' } } }] } }, { sort: RELEVANCE }),
  },
  {
    name: 'cohort, mentions (both @ forms), topics, entity and action types are filters',
    input: input({
      author_user_ids: ['u1', 'u2'],
      mentions: ['@Ada Lovelace', 'Acme'],
      topics: ['#Rust', 'hiring'],
      author_entity_types: ['person', 'company'],
      action_types: ['post', 'repost'],
    }),
    body: body({
      bool: {
        filter: [
          { terms: { author_id: ['u1', 'u2'] } },
          { terms: { mentions: ['@ada lovelace', 'ada lovelace', 'acme', '@acme'] } },
          { terms: { topics: ['rust', 'hiring'] } },
          { terms: { author_entity_type: ['person', 'company'] } },
          { terms: { action_type: ['post', 'repost'] } },
        ],
      },
    }),
  },
  {
    name: 'count ranges: a range reaching 0 also takes posts without the count; engagement is always indexed',
    input: input({
      reactions: { min: 10, max: 100 },
      comments: { max: 5 },
      reposts: { min: 0 },
      engagement: { min: 0, max: 50 },
    }),
    body: body({
      bool: {
        filter: [
          { range: { reaction_count: { gte: 10, lte: 100 } } },
          { bool: { should: [{ range: { comment_count: { lte: 5 } } }, missing('comment_count')], minimum_should_match: 1 } },
          { range: { engagement_count: { lte: 50 } } },
        ],
      },
    }),
  },
  {
    name: 'date windows: the later lower bound (posted_within_days from now), posted_before exclusive',
    input: input({ posted_after: '2026-10-01', posted_within_days: 7, posted_before: '2026-10-31T12:00:00+02:00' }),
    body: body({ bool: { filter: [{ range: { posted_at: { gte: '2026-10-25T00:00:00.000Z', lt: '2026-10-31T10:00:00.000Z' } } }] } }),
  },
  {
    name: 'keywords and target ids; an engagement sort with text ranks by relevance first',
    input: input(
      { keywords: ['rust', 'borrow checker'], target_post_ids: ['t1'], has_target: true },
      { sort_by: 'engagement', sort_order: 'asc', from: 20, size: 5 },
    ),
    body: body(
      {
        bool: {
          must: [
            { match: { text: { query: 'rust', operator: 'and' } } },
            { match: { text: { query: 'borrow checker', operator: 'and' } } },
          ],
          filter: [{ terms: { target_post_id: ['t1'] } }],
        },
      },
      { sort: [{ _score: 'desc' }, { engagement_count: { order: 'asc', missing: '_first' } }, ...RECENT], from: 20, size: 5 },
    ),
  },
  {
    name: 'comments sort without text: the count, then newest, then id; has_target true',
    input: input({ has_target: true, action_types: ['comment'] }, { sort_by: 'comments' }),
    body: body(
      { bool: { filter: [{ terms: { action_type: ['comment'] } }, { exists: { field: 'target_post_id' } }] } },
      { sort: [{ comment_count: { order: 'desc', missing: '_last' } }, ...RECENT] },
    ),
  },
  {
    name: 'recent ignores sort_order (receipt); has_target false excludes targets',
    input: input({ has_target: false }, { query: 'launch', sort_by: 'recent', sort_order: 'asc' }),
    body: body({
      bool: {
        must: [{ match: { text: { query: 'launch', operator: 'and' } } }],
        must_not: [{ exists: { field: 'target_post_id' } }],
      },
    }),
    receipts: [
      {
        path: '/sort_order',
        action: 'ignored',
        message: 'sort_order applies to the engagement, reactions and comments sorts only; recent is always newest first.',
      },
    ],
  },
  {
    name: 'relevance without text falls back to newest first (receipt)',
    input: input({ topics: ['rust'] }, { sort_by: 'relevance' }),
    body: body({ bool: { filter: [{ terms: { topics: ['rust'] } }] } }),
    receipts: [
      {
        path: '/sort_by',
        action: 'defaulted',
        message: 'Without query or keywords there is no relevance to rank by; posts are ordered newest first.',
      },
    ],
  },
  {
    name: 'min above max matches nothing, with the reason',
    input: input({ reactions: { min: 10, max: 5 } }, { sort_by: 'reactions' }),
    body: body(NONE, { sort: [{ reaction_count: { order: 'desc', missing: '_last' } }, ...RECENT] }),
    reason: 'reactions: min 10 is above max 5',
  },
  {
    name: 'an empty window matches nothing',
    input: input({ posted_after: '2026-10-10', posted_before: '2026-10-10' }),
    body: body(NONE),
    reason: 'posted_at: no instant is both at or after 2026-10-10T00:00:00.000Z and before 2026-10-10T00:00:00.000Z',
  },
  {
    name: 'a cohort of unknown authors matches nothing',
    input: input({ author_user_ids: [] }),
    body: body(NONE),
    reason: 'author cohort: none of the given authors is known',
  },
];

const golden = suite('posts query: golden bodies');
for (const c of CASES) {
  golden(c.name, () => {
    const built = buildPostsQuery(c.input);
    assert.equal(built.body, c.body);
    assert.equal(built.receipts, c.receipts ?? []);
    assert.is(built.matchesNothing, c.reason !== undefined);
    assert.is(built.reason, c.reason);
    expectValid(built.body);
  });
}

golden('every sort key and order is valid for OpenSearch and ends with posted_at, id', () => {
  for (const sort_by of ['relevance', 'recent', 'engagement', 'reactions', 'comments'] as const) {
    for (const sort_order of [undefined, 'asc', 'desc'] as const) {
      for (const query of [undefined, 'rust']) {
        const built = buildPostsQuery(input({}, { sort_by, sort_order, query }));
        assert.equal(built.body.sort?.slice(-2), RECENT, `${sort_by} ${sort_order} ${query}`);
        expectValid(built.body);
      }
    }
  }
});

golden('post criteria never only score: no should clause, text is must', () => {
  const built = buildPostsQuery(
    input(
      {
        author_user_ids: ['u1'],
        mentions: ['x'],
        topics: ['y'],
        keywords: ['k'],
        author_entity_types: ['company'],
        action_types: ['post'],
        reactions: { max: 3 },
        comments: { min: 1 },
        reposts: { min: 1, max: 2 },
        engagement: { min: 1 },
        posted_within_days: 3,
        target_post_ids: ['t'],
      },
      { query: 'q', sort_by: 'engagement' },
    ),
  );
  const bool = (built.body.query as { bool: Record<string, unknown[]> }).bool;
  assert.equal(Object.keys(bool).sort(), ['filter', 'must']);
  assert.is(bool.must?.length, 2);
  assert.is(bool.filter?.length, 11);
  expectValid(built.body);
});

golden('company actors: company and post both asked for; the actor search narrows to them', () => {
  assert.ok(collectsCompanyActors({ author_entity_types: ['person', 'company'], action_types: ['post', 'comment'] }));
  assert.not.ok(collectsCompanyActors({ author_entity_types: ['company'] }));
  assert.not.ok(collectsCompanyActors({ author_entity_types: ['person'], action_types: ['post'] }));
  const f = companyActorFilters({ author_entity_types: ['person', 'company'], action_types: ['post', 'comment'], topics: ['ai'] });
  assert.equal(f, { author_entity_types: ['company'], action_types: ['post'], topics: ['ai'] });
  assert.equal(buildPostsQuery(input(f)).body.query, {
    bool: {
      filter: [{ terms: { topics: ['ai'] } }, { terms: { author_entity_type: ['company'] } }, { terms: { action_type: ['post'] } }],
    },
  });
});

golden('author scans and company evidence: exact bodies, valid for OpenSearch', () => {
  const page = buildPostsQuery(input({}, { query: 'search' })).body;
  const scan = authorScanBody({ ...page, from: 20 }, 1_000, ['author_id', 'posted_at']);
  assert.equal(scan, { ...page, from: 0, size: 1_000, _source: ['author_id', 'posted_at'] });
  expectValid(scan);
  const authors = personAuthorsBody({ match: { text: 'search' } }, 25, 10_000);
  assert.equal(authors, {
    query: { bool: { must: [{ match: { text: 'search' } }], filter: [{ term: { author_entity_type: 'person' } }] } },
    size: 100,
    sort: [{ posted_at: 'desc' }, { id: 'asc' }],
    track_total_hits: false,
    _source: ['author_id'],
  });
  assert.is(personAuthorsBody({ match_all: {} }, 5_000, 10_000).size, 10_000, 'at most the result window');
  expectValid(authors);
  const evidence = companyPostsBody('c1', 3);
  assert.equal(evidence, {
    query: { bool: { filter: [{ term: { author_id: 'c1' } }, { term: { author_entity_type: 'company' } }] } },
    size: 3,
    sort: [{ posted_at: 'desc' }, { id: 'asc' }],
    track_total_hits: false,
    _source: ['id', 'text', 'posted_at'],
  });
  expectValid(evidence);
});

golden.run();

// ---------------------------------------------------------------------------------------------
// Schema and normalisation

const schema = suite('post filters: schema and normalisation');

function validator(strict: boolean) {
  const ajv = new Ajv2020({ strict, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv.compile(postFiltersSchema);
}

schema('the schema compiles strictly; closed shapes; like and reaction accepted, other actions refused', () => {
  const validate = validator(true);
  const ok = (f: unknown) => validate(f);
  assert.ok(ok({}));
  assert.ok(
    ok({
      author_user_ids: ['00000000-0000-4000-8000-000000000001'],
      author_user_id_ints: [1, 2],
      mentions: ['@Ada'],
      topics: ['#ai'],
      keywords: 'rust kafka',
      author_entity_types: ['person', 'company'],
      action_types: ['post', 'repost', 'comment', 'like', 'likes', 'reaction', 'reactions'],
      reactions: { min: 0, max: 10 },
      comments: { min: 1 },
      reposts: { max: 0 },
      engagement: { min: 5 },
      posted_after: '2026-01-31',
      posted_before: '2026-02-01T12:00:00+01:00',
      posted_within_days: 30,
      target_post_ids: ['00000000-0000-4000-8000-000000000002'],
      has_target: false,
    }),
  );
  assert.ok(ok({ keywords: ['rust', 'machine learning'] }));
  assert.not.ok(ok({ action_types: ['share'] }));
  assert.not.ok(ok({ action_types: ['Post'] }));
  assert.not.ok(ok({ author_entity_types: ['group'] }));
  assert.not.ok(ok({ author_user_ids: ['u1'] }));
  assert.not.ok(ok({ author_user_id_ints: [0] }));
  assert.not.ok(ok({ author_user_id_ints: [1.5] }));
  assert.not.ok(ok({ reactions: { min: -1 } }));
  assert.not.ok(ok({ reactions: { min: 1.5 } }));
  assert.not.ok(ok({ reactions: { least: 1 } }));
  assert.not.ok(ok({ posted_after: '2026-13-01' }));
  assert.not.ok(ok({ posted_after: '2026-01-01T10:00:00' }), 'a date-time needs its offset');
  assert.not.ok(ok({ posted_after: 'yesterday' }));
  assert.not.ok(ok({ posted_within_days: 0 }));
  assert.not.ok(ok({ has_target: 'yes' }));
  assert.not.ok(ok({ sort_by: 'recent' }), 'sorting is a request field, not a filter');
  assert.ok(validator(false)({ action_types: ['like'] }));
});

schema('action_types: reactions mixed with valid values are stripped with a receipt', () => {
  const r = normalizePostFilters({ action_types: ['post', 'like', 'comment', 'reaction', 'post'] }, NOW);
  assert.equal(r.filters, { action_types: ['post', 'comment'] });
  assert.equal(r.problems, []);
  assert.equal(r.receipts, [
    {
      path: '/filters/posts/action_types',
      action: 'ignored',
      message:
        'Removed "like", "reaction": likes and reactions are not posts and never match; only post, repost and comment are action types.',
    },
    { path: '/filters/posts/action_types', action: 'normalized', message: 'Removed 1 duplicate value.' },
  ]);
});

schema('action_types: reactions alone are a validation problem saying what to send', () => {
  const r = normalizePostFilters({ action_types: ['likes', 'reactions'], topics: ['ai'] }, NOW);
  assert.equal(r.problems, [
    {
      pointer: '/filters/posts/action_types',
      message:
        '"likes", "reactions" never match: likes and reactions are not posts. Send action_types with post, repost or comment, and use filters.posts.reactions ({"min": ...}) to filter posts by their number of reactions.',
    },
  ]);
  assert.equal(r.filters, { topics: ['ai'] });
  const unknown = normalizePostFilters({ action_types: ['share' as 'post'] }, NOW);
  assert.equal(unknown.problems, [
    { pointer: '/filters/posts/action_types', message: '"share" is not an action type; send post, repost or comment.' },
  ]);
});

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

schema('limits, duplicates, # and keywords text, each with a receipt', () => {
  const long = 'x'.repeat(250);
  const r = normalizePostFilters(
    {
      author_user_ids: [...Array.from({ length: 1005 }, (_, i) => uuid(i)), uuid(3)],
      mentions: ['@Ada', '@ada', ' ', long],
      topics: ['#AI', 'ai', '##rust', ...Array.from({ length: 60 }, (_, i) => `t${i}`)],
      keywords: 'rust, "machine learning"',
      author_entity_types: ['company', 'company'],
      reactions: { min: 1, max: 3_000_000_000 },
      posted_within_days: 50_000,
      target_post_ids: [uuid(1), uuid(1)],
      has_target: true,
    },
    NOW,
  );
  assert.equal(r.filters, {
    author_user_ids: Array.from({ length: 1000 }, (_, i) => uuid(i)),
    mentions: ['@Ada', 'x'.repeat(200)],
    topics: ['AI', 'rust', ...Array.from({ length: 48 }, (_, i) => `t${i}`)],
    keywords: ['rust', 'machine learning'],
    author_entity_types: ['company'],
    reactions: { min: 1, max: 2_147_483_647 },
    posted_within_days: 36_500,
    target_post_ids: [uuid(1)],
    has_target: true,
  });
  assert.equal(r.problems, []);
  assert.equal(r.authorCohort, { requested: 1000, applied: 1000, unknown_author_id_ints: [] });
  const P = '/filters/posts';
  assert.equal(r.receipts, [
    { path: `${P}/author_user_ids`, action: 'normalized', message: 'Removed 1 duplicate value.' },
    { path: `${P}/author_user_ids`, action: 'truncated', message: 'Used the first 1000 of 1005 values.' },
    { path: `${P}/mentions`, action: 'ignored', message: 'Dropped 1 empty or non-text value.' },
    { path: `${P}/mentions`, action: 'truncated', message: 'Cut 1 value to 200 characters.' },
    { path: `${P}/mentions`, action: 'normalized', message: 'Removed 1 duplicate value (compared case-insensitively).' },
    { path: `${P}/topics`, action: 'normalized', message: 'Removed the leading # of 2 topics.' },
    { path: `${P}/topics`, action: 'normalized', message: 'Removed 1 duplicate value (compared case-insensitively).' },
    { path: `${P}/topics`, action: 'truncated', message: 'Used the first 50 of 62 values.' },
    { path: `${P}/keywords`, action: 'normalized', message: 'Split the keywords text into 2 keywords.' },
    { path: `${P}/author_entity_types`, action: 'normalized', message: 'Removed 1 duplicate value.' },
    { path: `${P}/reactions/max`, action: 'clamped', message: '3000000000 is above the largest count; used 2147483647.' },
    { path: `${P}/posted_within_days`, action: 'clamped', message: '50000 days is above the largest window; used 36500 days.' },
    { path: `${P}/target_post_ids`, action: 'normalized', message: 'Removed 1 duplicate value.' },
  ]);
  expectValid(buildPostsQuery(input(r.filters)).body);
});

schema('numeric author ids: resolved through the lookup and joined to the cohort; unknown ones reported', () => {
  const lookup = (ints: readonly number[]) => new Map(ints.filter((n) => n <= 2).map((n) => [n, `u${n}`] as [number, string]));
  const r = normalizePostFilters({ author_user_ids: ['u1', 'u9'], author_user_id_ints: [1, 2, 2, 7] }, NOW, { lookupAuthorIds: lookup });
  assert.equal(r.filters, { author_user_ids: ['u1', 'u9', 'u2'] });
  assert.equal(r.authorCohort, { requested: 5, applied: 3, unknown_author_id_ints: [7] });
  assert.equal(r.receipts, [
    { path: '/filters/posts/author_user_id_ints', action: 'normalized', message: 'Removed 1 duplicate value.' },
    { path: '/filters/posts/author_user_id_ints', action: 'ignored', message: '1 numeric author id matched no known author (7).' },
  ]);
  // Only unknown numeric ids: the cohort is asked for and empty, so nothing matches.
  const none = normalizePostFilters({ author_user_id_ints: [7, 8] }, NOW, { lookupAuthorIds: lookup });
  assert.equal(none.filters, { author_user_ids: [] });
  assert.equal(none.authorCohort, { requested: 2, applied: 0, unknown_author_id_ints: [7, 8] });
  assert.ok(buildPostsQuery(input(none.filters)).matchesNothing);
  // Without a lookup every numeric id is unknown; empty lists ask for no cohort.
  assert.equal(normalizePostFilters({ author_user_id_ints: [1] }, NOW).filters, { author_user_ids: [] });
  assert.equal(normalizePostFilters({ author_user_ids: [], author_user_id_ints: [] }, NOW), {
    filters: {},
    receipts: [],
    problems: [],
    authorCohort: null,
  });
});

schema('dates: unusable values are problems; both lower bounds reported with the one that applies', () => {
  const bad = normalizePostFilters({ posted_after: '2026-02-30', posted_before: '2026-01-01T10:00' }, NOW);
  assert.equal(bad.problems, [
    {
      pointer: '/filters/posts/posted_after',
      message: 'must be an RFC 3339 date (2026-01-31) or date-time with an offset (2026-01-31T12:00:00Z)',
    },
    {
      pointer: '/filters/posts/posted_before',
      message: 'must be an RFC 3339 date (2026-01-31) or date-time with an offset (2026-01-31T12:00:00Z)',
    },
  ]);
  const within = normalizePostFilters({ posted_after: '2026-10-01', posted_within_days: 7 }, NOW);
  assert.equal(within.receipts, [
    {
      path: '/filters/posts/posted_after',
      action: 'ignored',
      message: 'Both posted_after and posted_within_days set a lower date bound; the later one (posted_within_days) applies.',
    },
  ]);
  const after = normalizePostFilters({ posted_after: '2026-10-30', posted_within_days: 7 }, NOW);
  assert.is(after.receipts[0]?.path, '/filters/posts/posted_within_days');
  assert.is(parsePostDate('2026-10-15'), Date.parse('2026-10-15T00:00:00Z'));
  assert.is(parsePostDate('2026-10-15T14:00:00+02:00'), Date.parse('2026-10-15T12:00:00Z'));
  assert.is(parsePostDate('2026-10-15t12:00:00z'), Date.parse('2026-10-15T12:00:00Z'));
  assert.is(parsePostDate('2026-10-15T12:00:00'), null);
  assert.is(parsePostDate('2026-02-30'), null);
  // The years 0-99 are those years, not 1900-1999.
  assert.is(parsePostDate('0001-01-01'), Date.parse('0001-01-01T00:00:00Z'));
  assert.is(parsePostDate('0099-12-31'), Date.parse('0099-12-31T00:00:00Z'));
  assert.is(parsePostDate('0001-02-29'), null);
});

schema('nothing to adjust: no receipts, the same filters', () => {
  const filters: PostFilters = {
    author_user_ids: ['u1'],
    mentions: ['@Ada'],
    topics: ['ai'],
    keywords: ['rust'],
    action_types: ['post'],
    reactions: { min: 1 },
    posted_after: '2026-01-01',
    has_target: false,
  };
  assert.equal(normalizePostFilters(filters, NOW), {
    filters,
    receipts: [],
    problems: [],
    authorCohort: { requested: 1, applied: 1, unknown_author_id_ints: [] },
  });
});

schema.run();

// ---------------------------------------------------------------------------------------------
// On a real embedded index

type Counts = [reactions: number | null, comments: number | null, reposts: number | null];

/** A post as the indexer writes it: counts left out when null, engagement_count their sum. */
function post(
  id: string,
  author: string,
  action: 'post' | 'repost' | 'comment',
  postedAt: string,
  [reactions, comments, reposts]: Counts,
  extra: { text?: string; mentions?: string[]; topics?: string[]; target?: string } = {},
): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    id,
    author_id: author,
    author_entity_type: author.startsWith('c-') ? 'company' : 'person',
    action_type: action,
    posted_at: postedAt,
    engagement_count: (reactions ?? 0) + (comments ?? 0) + (reposts ?? 0),
  };
  if (extra.text) doc.text = extra.text;
  if (extra.mentions) doc.mentions = extra.mentions;
  if (extra.topics) doc.topics = extra.topics;
  if (extra.target) doc.target_post_id = extra.target;
  if (reactions !== null) doc.reaction_count = reactions;
  if (comments !== null) doc.comment_count = comments;
  if (reposts !== null) doc.repost_count = reposts;
  return doc;
}

const DOCS = [
  post('p01', 'u-ada', 'post', '2026-10-30T10:00:00Z', [120, 30, 5], {
    text: 'Hiring Rust engineers for our search team',
    mentions: ['@Ada Lovelace', 'Acme'],
    topics: ['hiring', 'rust'],
  }),
  post('p02', 'u-ada', 'post', '2026-10-20T09:00:00Z', [40, 4, 2], { text: 'Rust tips: the borrow checker explained', topics: ['rust'] }),
  post('p03', 'u-bob', 'post', '2026-10-15T08:00:00Z', [300, 12, 20], {
    text: 'Leadership lessons from scaling a team',
    topics: ['leadership'],
  }),
  post('p04', 'u-cy', 'repost', '2026-10-16T08:00:00Z', [2, 0, 0], { target: 'p03' }),
  post('p05', 'u-dee', 'comment', '2026-10-15T12:00:00Z', [5, 1, 0], { text: 'Great lessons on leadership', target: 'p03' }),
  post('p06', 'c-acme', 'post', '2026-10-10T10:00:00Z', [500, 50, 40], {
    text: 'Acme launches a new search product',
    mentions: ['Globex'],
    topics: ['product', 'search'],
  }),
  post('p07', 'c-acme', 'post', '2026-10-25T10:00:00Z', [80, 8, 12], {
    text: 'Acme is hiring engineers in Berlin',
    mentions: ['@Bob Stone'],
    topics: ['hiring'],
  }),
  post('p08', 'c-globex', 'post', '2026-09-05T10:00:00Z', [60, 3, 1], { text: 'Globex quarterly results', topics: ['finance'] }),
  post('p09', 'c-globex', 'repost', '2026-10-11T10:00:00Z', [10, 0, 0], { text: 'Proud partners', target: 'p06' }),
  post('p10', 'c-acme', 'comment', '2026-10-26T10:00:00Z', [3, 0, 0], { text: 'Thanks for the kind words', target: 'p07' }),
  // No counts at all: counts as 0 everywhere.
  post('p11', 'u-bob', 'post', '2026-09-20T10:00:00Z', [null, null, null], { text: 'Quiet post about gardening', topics: ['gardening'] }),
  post('p12', 'u-cy', 'post', '2026-09-21T10:00:00Z', [0, 0, 0], { text: 'Another quiet post about gardening', topics: ['Gardening'] }),
  // Same counts and instant: id decides.
  post('p13', 'u-ada', 'post', '2026-09-10T10:00:00Z', [7, 1, 0], { text: 'Weekend reading list', topics: ['learning'] }),
  post('p14', 'u-bob', 'post', '2026-09-10T10:00:00Z', [7, 1, 0], { text: 'Weekend reading list', topics: ['learning'] }),
  post('p15', 'u-cy', 'comment', '2026-10-21T10:00:00Z', [4, 0, 0], { text: 'Congrats on the launch', target: 'p06' }),
  post('p16', 'u-dee', 'repost', '2026-10-12T10:00:00Z', [1, 0, 0], { text: 'Worth reading', target: 'p06' }),
  post('p17', 'u-ada', 'post', '2026-10-28T10:00:00Z', [15, 3, 1], { text: 'Remote work is here to stay', topics: ['remotework'] }),
  post('p18', 'u-bob', 'post', '2026-10-29T10:00:00Z', [25, 6, 2], {
    text: 'Open to work: data engineering roles',
    mentions: ['@Ada Lovelace'],
    topics: ['opentowork'],
  }),
  post('p19', 'c-globex', 'post', '2026-10-27T10:00:00Z', [200, 20, 10], {
    text: 'Globex is hiring a head of finance',
    topics: ['hiring', 'finance'],
  }),
  // Relevance set: p20 repeats the word (best score), p21 to p23 share one text (equal scores).
  post('p20', 'u-dee', 'post', '2026-10-01T10:00:00Z', [1, 0, 0], { text: 'Kubernetes kubernetes kubernetes', topics: ['kubernetes'] }),
  post('p21', 'u-ada', 'post', '2026-10-03T10:00:00Z', [50, 2, 0], { text: 'Kubernetes meetup tonight', topics: ['kubernetes'] }),
  post('p22', 'u-bob', 'post', '2026-10-02T10:00:00Z', [70, 1, 0], { text: 'Kubernetes meetup tonight', topics: ['kubernetes'] }),
  post('p23', 'u-cy', 'post', '2026-10-01T12:00:00Z', [50, 5, 0], { text: 'Kubernetes meetup tonight', topics: ['kubernetes'] }),
  post('p24', 'u-cy', 'post', '2026-09-01T10:00:00Z', [9, 9, 9], { text: 'First day at the new job', topics: ['careers'] }),
  post('p25', 'u-dee', 'post', '2026-09-15T10:00:00Z', [11, 0, 0], { text: 'Networking event recap', topics: ['networking'] }),
  post('p26', 'u-ada', 'comment', '2026-10-31T10:00:00Z', [0, 0, 0], { text: 'Agreed, rust is great', target: 'p02' }),
  // Reactions only.
  post('p27', 'u-bob', 'repost', '2026-10-30T12:00:00Z', [3, null, null], { target: 'p01' }),
  post('p28', 'u-cy', 'post', '2026-08-20T10:00:00Z', [33, 0, 0], { text: 'Summer retrospective', topics: ['learning'] }),
  post('p29', 'u-dee', 'post', '2026-10-18T10:00:00Z', [2, 2, 2], {
    text: 'Hiring interns for spring',
    mentions: ['acme'],
    topics: ['hiring'],
  }),
  post('p30', 'c-globex', 'comment', '2026-10-28T12:00:00Z', [6, 1, 0], { text: 'We agree with this take', target: 'p19' }),
];

/** Every id, newest first. */
const ALL_RECENT = [
  'p26',
  'p27',
  'p01',
  'p18',
  'p30',
  'p17',
  'p19',
  'p10',
  'p07',
  'p15',
  'p02',
  'p29',
  'p04',
  'p05',
  'p03',
  'p16',
  'p09',
  'p06',
  'p21',
  'p22',
  'p23',
  'p20',
  'p12',
  'p11',
  'p25',
  'p13',
  'p14',
  'p08',
  'p24',
  'p28',
];

const INDEX = 'posts-query-posts';
const s = loadedIndexSuite('posts query on the embedded engine', INDEX, POSTS, DOCS);

type Extra = Partial<Omit<PostsQueryInput, 'filters'>>;

/** Builds from raw filters (normalised first, as the route does) and runs; ids in sort order. */
async function search(
  engine: EmbeddedEngine,
  raw: PostFilters,
  extra: Extra = {},
): Promise<{ ids: string[]; total: number; built: BuiltPostsQuery }> {
  const normalized = normalizePostFilters(raw, NOW);
  assert.equal(normalized.problems, []);
  const built = buildPostsQuery({ filters: normalized.filters, from: 0, size: 50, now: NOW, ...extra });
  const res = await engine.search(INDEX, built.body);
  return { ids: res.hits.map((h) => h.id), total: res.total?.value ?? -1, built };
}
const ids = async (engine: EmbeddedEngine, raw: PostFilters, extra: Extra = {}) => (await search(engine, raw, extra)).ids;

s('golden bodies run', async ({ engine }) => {
  for (const c of CASES) {
    const res = await engine.search(INDEX, c.body);
    assert.ok(res.total !== null, c.name);
    if (c.reason !== undefined) assert.is(res.total?.value, 0, c.name);
  }
});

s('no filters: every post, newest first, then id', async ({ engine }) => {
  const r = await search(engine, {});
  assert.equal(r.ids, ALL_RECENT);
  assert.is(r.total, 30);
});

s('author cohort: uuids and resolved numeric ids', async ({ engine }) => {
  assert.equal(await ids(engine, { author_user_ids: ['u-ada', 'c-globex'] }), [
    'p26',
    'p01',
    'p30',
    'p17',
    'p19',
    'p02',
    'p09',
    'p21',
    'p13',
    'p08',
  ]);
  const lookup = (ints: readonly number[]) => new Map(ints.filter((n) => n === 4).map((n) => [n, 'u-dee'] as [number, string]));
  const normalized = normalizePostFilters({ author_user_id_ints: [4, 5] }, NOW, { lookupAuthorIds: lookup });
  const res = await engine.search(INDEX, buildPostsQuery(input(normalized.filters, { size: 50 })).body);
  assert.equal(
    res.hits.map((h) => h.id),
    ['p29', 'p05', 'p16', 'p20', 'p25'],
  );
  const unknown = normalizePostFilters({ author_user_id_ints: [5] }, NOW, { lookupAuthorIds: lookup });
  assert.is((await engine.search(INDEX, buildPostsQuery(input(unknown.filters)).body)).total?.value, 0);
});

s('mentions: literal, any of them, case-insensitive, with or without @', async ({ engine }) => {
  assert.equal(await ids(engine, { mentions: ['@Ada Lovelace'] }), ['p01', 'p18']);
  assert.equal(await ids(engine, { mentions: ['ada lovelace'] }), ['p01', 'p18']);
  assert.equal(await ids(engine, { mentions: ['ACME'] }), ['p01', 'p29']);
  assert.equal(await ids(engine, { mentions: ['Bob Stone', 'globex'] }), ['p07', 'p06']);
  assert.equal(await ids(engine, { mentions: ['Ada'] }), [], 'a mention is matched whole, not by its words');
});

s('topics: any of them, case-insensitive, # dropped', async ({ engine }) => {
  assert.equal(await ids(engine, { topics: ['#Hiring'] }), ['p01', 'p19', 'p07', 'p29']);
  assert.equal(await ids(engine, { topics: ['gardening', 'finance'] }), ['p19', 'p12', 'p11', 'p08']);
});

s('keywords: every word of every keyword in the text (stemmed)', async ({ engine }) => {
  const recent = { sort_by: 'recent' } as const;
  assert.equal(await ids(engine, { keywords: ['hiring'] }, recent), ['p01', 'p19', 'p07', 'p29']);
  // Keywords score: by relevance the shortest text comes first; p01 and p19 tie (7 words), newest first.
  assert.equal(await ids(engine, { keywords: ['hiring'] }), ['p29', 'p07', 'p01', 'p19']);
  assert.equal(await ids(engine, { keywords: ['hire', 'engineer'] }, recent), ['p01', 'p07']);
  assert.equal(await ids(engine, { keywords: 'rust "borrow checker"' }), ['p02']);
  assert.equal(await ids(engine, { keywords: ['rust', 'kafka'] }), []);
});

s('query text: all its words required; relevance first, then newest', async ({ engine }) => {
  assert.equal(await ids(engine, {}, { query: 'kubernetes meetup' }), ['p21', 'p22', 'p23']);
  assert.equal((await ids(engine, {}, { query: 'kubernetes' }))[0], 'p20');
  assert.equal(await ids(engine, {}, { query: 'kubernetes kafka' }), []);
});

s('author entity types and action types', async ({ engine }) => {
  assert.equal(await ids(engine, { author_entity_types: ['company'] }), ['p30', 'p19', 'p10', 'p07', 'p09', 'p06', 'p08']);
  assert.equal(await ids(engine, { action_types: ['repost'] }), ['p27', 'p04', 'p16', 'p09']);
  assert.equal(await ids(engine, { author_entity_types: ['company'], action_types: ['post', 'comment'] }), [
    'p30',
    'p19',
    'p10',
    'p07',
    'p06',
    'p08',
  ]);
  // Official company posts: what the route collects company actors from.
  const f = companyActorFilters(
    normalizePostFilters({ author_entity_types: ['person', 'company'], action_types: ['post', 'comment'] }, NOW).filters,
  );
  const res = await engine.search(INDEX, buildPostsQuery(input(f, { size: 50 })).body);
  assert.equal(
    res.hits.map((h) => h.id),
    ['p19', 'p07', 'p06', 'p08'],
  );
});

s('action_types: a like mixed with posts is stripped (receipt); likes alone are refused', async ({ engine }) => {
  const normalized = normalizePostFilters({ action_types: ['comment', 'like'] }, NOW);
  assert.equal(
    normalized.receipts.map((r) => [r.path, r.action]),
    [['/filters/posts/action_types', 'ignored']],
  );
  const res = await engine.search(INDEX, buildPostsQuery(input(normalized.filters, { size: 50 })).body);
  assert.equal(
    res.hits.map((h) => h.id),
    ['p26', 'p30', 'p10', 'p15', 'p05'],
  );
  const refused = normalizePostFilters({ action_types: ['like'] }, NOW);
  assert.equal(
    refused.problems.map((p) => p.pointer),
    ['/filters/posts/action_types'],
  );
  assert.match(refused.problems[0]?.message ?? '', /Send action_types with post, repost or comment/);
});

s('count ranges: inclusive; a post without a count counts as 0', async ({ engine }) => {
  assert.equal(await ids(engine, { reactions: { min: 100 } }), ['p01', 'p19', 'p03', 'p06']);
  assert.equal(await ids(engine, { reactions: { min: 50, max: 80 } }), ['p07', 'p21', 'p22', 'p23', 'p08']);
  assert.equal(await ids(engine, { reactions: { max: 0 } }), ['p26', 'p12', 'p11']);
  // p27 has reactions only: no comment or repost count, so 0 of each.
  assert.equal(await ids(engine, { comments: { max: 0 }, reposts: { max: 0 }, action_types: ['repost'] }), ['p27', 'p04', 'p16', 'p09']);
  assert.equal(await ids(engine, { comments: { min: 10 } }), ['p01', 'p19', 'p03', 'p06']);
  assert.equal(await ids(engine, { reposts: { min: 9, max: 12 } }), ['p19', 'p07', 'p24']);
  assert.equal(await ids(engine, { engagement: { min: 6, max: 6 } }), ['p29', 'p05']);
  assert.equal(await ids(engine, { engagement: { max: 0 } }), ['p26', 'p12', 'p11']);
  assert.equal((await ids(engine, { reactions: { min: 0 } })).length, 30);
});

s('min above max matches nothing, with the reason', async ({ engine }) => {
  const r = await search(engine, { engagement: { min: 10, max: 1 } });
  assert.equal([r.ids, r.total], [[], 0]);
  assert.equal([r.built.matchesNothing, r.built.reason], [true, 'engagement: min 10 is above max 1']);
});

s('date windows with a fixed now: within days, after inclusive, before exclusive, offsets', async ({ engine }) => {
  // now - 3 days = 2026-10-29T00:00Z.
  assert.equal(await ids(engine, { posted_within_days: 3 }), ['p26', 'p27', 'p01', 'p18']);
  assert.equal(await ids(engine, { posted_before: '2026-09-05' }), ['p24', 'p28']);
  assert.equal(await ids(engine, { posted_before: '2026-09-05T10:00:01Z' }), ['p08', 'p24', 'p28']);
  assert.equal(await ids(engine, { posted_after: '2026-10-15T14:00:00+02:00', posted_before: '2026-10-16' }), ['p05']);
  assert.equal(await ids(engine, { posted_after: '2026-10-15', posted_before: '2026-10-16' }), ['p05', 'p03']);
  // The later lower bound applies: within 4 days (from 2026-10-28) beats after 2026-10-01.
  assert.equal(await ids(engine, { posted_after: '2026-10-01', posted_within_days: 4, posted_before: '2026-10-29' }), ['p30', 'p17']);
  const empty = await search(engine, { posted_within_days: 1, posted_before: '2026-10-01' });
  assert.equal([empty.ids, empty.built.matchesNothing], [[], true]);
});

s('targets: reposts and comments of given posts; has_target', async ({ engine }) => {
  assert.equal(await ids(engine, { target_post_ids: ['p06'] }), ['p15', 'p16', 'p09']);
  assert.equal(await ids(engine, { target_post_ids: ['p03', 'p07'] }), ['p10', 'p04', 'p05']);
  const withTarget = ['p26', 'p27', 'p30', 'p10', 'p15', 'p04', 'p05', 'p16', 'p09'];
  assert.equal(await ids(engine, { has_target: true }), withTarget);
  assert.equal(
    await ids(engine, { has_target: false }),
    ALL_RECENT.filter((id) => !withTarget.includes(id)),
  );
  assert.equal(await ids(engine, { has_target: false, target_post_ids: ['p06'] }), []);
});

s('engagement sorts without text: the count, then newest, then id; asc and desc', async ({ engine }) => {
  const k8s = { topics: ['kubernetes'] };
  assert.equal(await ids(engine, k8s, { sort_by: 'reactions' }), ['p22', 'p21', 'p23', 'p20']);
  assert.equal(await ids(engine, k8s, { sort_by: 'reactions', sort_order: 'asc' }), ['p20', 'p21', 'p23', 'p22']);
  assert.equal(await ids(engine, k8s, { sort_by: 'comments' }), ['p23', 'p21', 'p22', 'p20']);
  assert.equal(await ids(engine, k8s, { sort_by: 'engagement' }), ['p22', 'p23', 'p21', 'p20']);
  // Same counts and instant: id ascending.
  assert.equal(await ids(engine, { topics: ['learning'] }, { sort_by: 'engagement' }), ['p28', 'p13', 'p14']);
  // A post without counts sorts with the lowest: last when descending, first when ascending.
  const quiet = { topics: ['gardening'] };
  assert.equal(await ids(engine, quiet, { sort_by: 'reactions' }), ['p12', 'p11']);
  assert.equal(await ids(engine, quiet, { sort_by: 'reactions', sort_order: 'asc' }), ['p11', 'p12']);
  const top = await ids(engine, {}, { sort_by: 'engagement', size: 5 });
  assert.equal(top, ['p06', 'p03', 'p19', 'p01', 'p07']);
});

s('engagement sorts with query or keywords: relevance first, then the count', async ({ engine }) => {
  // p20 says "kubernetes" three times: the best match, whatever its reactions.
  assert.equal(await ids(engine, {}, { query: 'kubernetes', sort_by: 'reactions' }), ['p20', 'p22', 'p21', 'p23']);
  assert.equal(await ids(engine, { keywords: ['kubernetes'] }, { sort_by: 'reactions' }), ['p20', 'p22', 'p21', 'p23']);
  assert.equal(await ids(engine, {}, { query: 'kubernetes', sort_by: 'reactions', sort_order: 'asc' }), ['p20', 'p21', 'p23', 'p22']);
  assert.equal(await ids(engine, {}, { query: 'kubernetes', sort_by: 'comments' }), ['p20', 'p23', 'p21', 'p22']);
});

s('recent: newest first whatever sort_order says (receipt)', async ({ engine }) => {
  const r = await search(engine, { topics: ['kubernetes'] }, { sort_by: 'recent', sort_order: 'asc', query: 'kubernetes' });
  assert.equal(r.ids, ['p21', 'p22', 'p23', 'p20']);
  assert.equal(
    r.built.receipts.map((x) => [x.path, x.action]),
    [['/sort_order', 'ignored']],
  );
  const relevance = await search(engine, { topics: ['kubernetes'] }, { sort_by: 'relevance' });
  assert.equal(relevance.ids, ['p21', 'p22', 'p23', 'p20']);
  assert.equal(
    relevance.built.receipts.map((x) => [x.path, x.action]),
    [['/sort_by', 'defaulted']],
  );
});

s('paging: total counts every match, pages follow the sort', async ({ engine }) => {
  const page = (from: number, size: number) => search(engine, {}, { from, size });
  const first = await page(0, 7);
  const second = await page(7, 7);
  const last = await page(28, 7);
  assert.equal([first.total, second.total, last.total], [30, 30, 30]);
  assert.equal(first.ids, ALL_RECENT.slice(0, 7));
  assert.equal(second.ids, ALL_RECENT.slice(7, 14));
  assert.equal(last.ids, ['p24', 'p28']);
  const filtered = await search(engine, { author_entity_types: ['company'] }, { from: 2, size: 3, sort_by: 'engagement' });
  assert.equal([filtered.total, filtered.ids], [7, ['p07', 'p08', 'p09']]);
});

s.run();
