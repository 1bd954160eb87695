/**
 * The OpenSearch adapter, proven by contract without an OpenSearch server: it talks to a
 * recording fake (test/helpers/fake-opensearch.ts), and every request it builds is checked
 * against the official OpenSearch API specification (test/helpers/opensearch-contract).
 */
import http from 'node:http';
import { Client } from '@opensearch-project/opensearch';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { COMPANIES, JOBS, POSTS, PROFILES } from '../../mappings/indices.js';
import { withSearchBudget } from '../../search-engine/call-context.js';
import { SearchEngineError, type SearchEngineErrorCode } from '../../search-engine/errors.js';
import { OpenSearchEngine } from '../../search-engine/opensearch/engine.js';
import type { BulkOperation, SearchBody } from '../../search-engine/port.js';
import { FakeOpenSearch, type RecordedRequest } from '../helpers/fake-opensearch.js';
import { checkRequest, operationFor } from '../helpers/opensearch-contract/checker.js';

interface Context {
  fake: FakeOpenSearch;
  engine: OpenSearchEngine;
}

const test = suite<Context>('opensearch adapter', { fake: new FakeOpenSearch(), engine: undefined as never });

test.before(async (ctx) => {
  await ctx.fake.start();
  ctx.engine = new OpenSearchEngine(ctx.fake.url);
});

test.before.each((ctx) => {
  ctx.fake.reset();
});

test.after(async (ctx) => {
  await ctx.engine.close();
  await ctx.fake.close();
});

/** Every request the checker rejects, as `METHOD /path?query` and its problems; '' when all pass. */
function describeProblems(requests: RecordedRequest[]): string {
  return requests
    .map((r) => ({ r, result: checkRequest(r) }))
    .filter(({ result }) => !result.ok)
    .map(({ r, result }) => {
      const qs = new URLSearchParams(r.querystring).toString();
      return `${r.method} ${r.path}${qs ? `?${qs}` : ''}\n${result.ok ? '' : result.problems.map((p) => `    - ${p}`).join('\n')}`;
    })
    .join('\n');
}

/** Resolves with the SearchEngineError `fn` rejects with; fails when it resolves or throws something else. */
async function engineError(fn: () => Promise<unknown>, code: SearchEngineErrorCode): Promise<SearchEngineError> {
  try {
    await fn();
  } catch (err) {
    assert.instance(err, SearchEngineError, `expected a SearchEngineError, got ${String(err)}`);
    assert.is((err as SearchEngineError).code, code, (err as Error).message);
    return err as SearchEngineError;
  }
  assert.unreachable(`expected a SearchEngineError "${code}"`);
  throw new Error('unreachable');
}

/**
 * Runs `fn`, failing the test (instead of crashing or hanging the runner) when the adapter lets
 * an exception escape from a client callback, where no promise can catch it.
 */
async function guardUncaught<T>(fn: () => Promise<T>): Promise<T> {
  let onCrash: (err: unknown) => void = () => {};
  const crashed = new Promise<never>((_, reject) => {
    onCrash = (err) => reject(new Error(`uncaught exception escaped the adapter: ${err instanceof Error ? err.stack : String(err)}`));
  });
  process.on('uncaughtException', onCrash);
  try {
    return await Promise.race([fn(), crashed]);
  } finally {
    process.off('uncaughtException', onCrash);
  }
}

const P1 = { id: 'p1', display_name: 'Ada Lovelace', headline: 'Staff Software Engineer', skills: ['Rust'] };
const P2 = { id: 'p2', display_name: 'Bob Builder', headline: 'Engineering Manager' };
const P3 = { id: 'p3', display_name: 'Carla Díaz', headline: 'Product Designer' };

/** A search as the query planner builds it, over the real profiles mapping. */
const SEARCH_BODY: SearchBody = {
  query: {
    function_score: {
      query: {
        bool: {
          must: [
            {
              multi_match: {
                query: 'staff engineer',
                fields: ['headline^2', 'current_title', 'bio'],
                type: 'best_fields',
                operator: 'and',
              },
            },
          ],
          filter: [
            { term: { function: 'engineering' } },
            { terms: { seniority: ['staff', 'senior_ic'] } },
            { range: { years_experience: { gte: 5, lte: 20 } } },
            { range: { created_at: { gte: '2025-01-01T00:00:00Z' } } },
            {
              nested: {
                path: 'experiences',
                query: {
                  bool: {
                    filter: [{ term: { 'experiences.is_current': true } }, { term: { 'experiences.company_name.keyword': 'acme' } }],
                  },
                },
              },
            },
          ],
          should: [{ match: { skills: { query: 'rust', boost: 2 } } }],
          must_not: [{ term: { 'location.country_code': 'US' } }],
        },
      },
      functions: [
        { filter: { exists: { field: 'bio' } }, weight: 1.5 },
        { field_value_factor: { field: 'years_experience', factor: 0.1, modifier: 'log1p', missing: 0 } },
      ],
      score_mode: 'sum',
      boost_mode: 'multiply',
    },
  },
  sort: ['_score', { 'display_name.sort': { order: 'asc', missing: '_last' } }],
  from: 0,
  size: 20,
  track_total_hits: true,
  _source: { includes: ['id', 'display_name', 'headline'], excludes: ['chunks'] },
};

test('every request the adapter builds, for every port method, validates against the OpenSearch spec', async ({ fake, engine }) => {
  await engine.ping();
  const names = {
    profiles: 'proxima-profiles-v1-a',
    companies: 'proxima-companies-v1-a',
    jobs: 'proxima-jobs-v1-a',
    posts: 'proxima-posts-v1-a',
  };
  // The real definitions, passed as the indexer passes them (indexer/targets.ts).
  for (const [name, def] of [
    [names.profiles, PROFILES],
    [names.companies, COMPANIES],
    [names.jobs, JOBS],
    [names.posts, POSTS],
  ] as const) {
    await engine.createIndex(name, { settings: def.settings, mappings: def.mappings });
  }
  const index = names.profiles;

  await engine.beginBulkLoad(index);
  const first = await engine.bulk(index, [
    { op: 'index', id: 'p1', doc: P1 },
    { op: 'index', id: 'p2', doc: P2 },
  ]);
  assert.equal(first, { indexed: 2, deleted: 0, failed: [] });
  const second = await engine.bulk(index, [
    { op: 'index', id: 'p3', doc: P3 },
    { op: 'delete', id: 'p2' },
  ]);
  assert.equal(second, { indexed: 1, deleted: 1, failed: [] });
  await engine.endBulkLoad(index);
  await engine.refresh(index);

  const found = await engine.search(index, SEARCH_BODY);
  assert.equal(
    found.hits.map((h) => h.id),
    ['p1', 'p3'],
  );
  assert.equal(found.total, { value: 2, relation: 'eq' });
  await engine.search(index, { query: { match_all: {} }, size: 0, track_total_hits: false });
  assert.is(await engine.count(index), 2);
  assert.is(await engine.count(index, { bool: { filter: [{ term: { function: 'engineering' } }] } }), 2);
  assert.equal(await engine.mget(index, ['p3', 'p2', 'p1']), [P3, null, P1]);

  assert.equal(await engine.getAlias(PROFILES.alias), []);
  await engine.swapAlias(PROFILES.alias, index);
  assert.equal(await engine.getAlias(PROFILES.alias), [index]);
  await engine.swapAlias(PROFILES.alias, names.companies);
  assert.equal(await engine.getAlias(PROFILES.alias), [names.companies]);

  const stats = await engine.stats(index);
  assert.is(stats.docs, 2);
  assert.ok(stats.sizeBytes > 0);
  assert.is(await engine.indexExists(index), true);
  assert.is(await engine.indexExists('proxima-nothing'), false);
  await engine.deleteIndex(names.posts);
  assert.is(await engine.indexExists(names.posts), false);
  await engine.ping();

  // Not vacuous: every endpoint the port needs was really called.
  const operations = new Set(fake.requests.map((r) => operationFor(r.method, r.path)));
  for (const op of [
    'info',
    'indices.create',
    'indices.get_settings',
    'indices.put_settings',
    'bulk',
    'indices.refresh',
    'search',
    'count',
    'mget',
    'indices.get_alias',
    'indices.update_aliases',
    'indices.stats',
    'indices.exists',
    'indices.delete',
  ]) {
    assert.ok(operations.has(op), `no request resolved to ${op}; got ${[...operations].join(', ')}`);
  }
  const problems = describeProblems(fake.requests);
  assert.ok(problems === '', `requests that break the OpenSearch contract:\n${problems}`);
});

test('createIndex sends only settings and mappings, even when given a whole index definition', async ({ fake, engine }) => {
  // The shared engine suite passes PROFILES itself, which also carries `kind` and `alias`.
  await engine.createIndex('people', PROFILES);
  const [request] = fake.find('PUT', '/people');
  assert.equal(request?.body, { settings: PROFILES.settings, mappings: PROFILES.mappings });
  assert.is(describeProblems(fake.requests), '');
});

test('a broken search body is caught by the contract check (the check is not vacuous)', async ({ fake, engine }) => {
  fake.seedIndex('people');
  // Deliberately invalid: `shoud` is a typo of `should`, which the port's types cannot see.
  await engine.search('people', { query: { bool: { shoud: [] } } } as any);
  const [request] = fake.find('POST', '/people/_search');
  assert.ok(request, 'the search reached the fake');
  assert.equal(request.body, { query: { bool: { shoud: [] } } });
  const result = checkRequest(request);
  assert.not.ok(result.ok, 'the checker accepted a bool query with "shoud"');
  assert.ok(!result.ok && result.problems.some((p) => p.includes('shoud')), result.ok ? '' : result.problems.join('\n'));
});

test('bulk: NDJSON pairs index actions with their source, deletes stand alone, and the counts are right', async ({ fake, engine }) => {
  fake.seedIndex('people');
  fake.indices.get('people')!.docs.set('gone', { id: 'gone' });
  const result = await engine.bulk('people', [
    { op: 'index', id: 'p1', doc: P1 },
    { op: 'delete', id: 'gone' },
    { op: 'index', id: 'p2', doc: P2 },
    { op: 'delete', id: 'p1' },
  ]);
  const requests = fake.find('POST', /_bulk$/);
  assert.is(requests.length, 1, 'one _bulk request');
  // p1's upsert is superseded by its deletion in the same batch: only the last operation on an id goes.
  assert.equal(requests[0]!.bulkBody, [
    { delete: { _index: 'people', _id: 'gone' } },
    { index: { _index: 'people', _id: 'p2' } },
    P2,
    { delete: { _index: 'people', _id: 'p1' } },
  ]);
  assert.is(describeProblems(requests), '');
  assert.equal(result, { indexed: 2, deleted: 2, failed: [] });
  assert.equal([...fake.indices.get('people')!.docs.keys()], ['p2']);
  assert.equal(await engine.bulk('people', []), { indexed: 0, deleted: 0, failed: [] });
  assert.is(fake.find('POST', /_bulk$/).length, 1, 'no request for an empty bulk');
});

test('bulk: operations that share one document object keep their own ids', async ({ fake, engine }) => {
  fake.seedIndex('people');
  const doc = { headline: 'Same content' };
  const result = await engine.bulk('people', [
    { op: 'index', id: 'a', doc },
    { op: 'index', id: 'b', doc },
  ]);
  const [request] = fake.find('POST', /_bulk$/);
  assert.equal(request?.bulkBody, [{ index: { _index: 'people', _id: 'a' } }, doc, { index: { _index: 'people', _id: 'b' } }, doc]);
  assert.equal(result, { indexed: 2, deleted: 0, failed: [] });
});

test('bulk: item failures are reported in `failed` with their reason, not thrown', async ({ fake, engine }) => {
  fake.seedIndex('people');
  fake.bulkItemFailure = ({ id }) =>
    id === 'bad'
      ? { status: 400, error: { type: 'mapper_parsing_exception', reason: 'failed to parse field [years_experience] of type [float]' } }
      : undefined;
  const ops: BulkOperation[] = [
    { op: 'index', id: 'ok', doc: P1 },
    { op: 'index', id: 'bad', doc: { years_experience: 'many' } },
    { op: 'delete', id: 'missing' },
  ];
  const result = await guardUncaught(() => engine.bulk('people', ops));
  assert.is(fake.find('POST', /_bulk$/).length, 1, 'item failures other than 429 are not retried');
  assert.is(result.indexed, 1);
  assert.is(result.deleted, 0);
  assert.equal(
    result.failed.map((f) => [f.id, f.op]),
    [
      ['bad', 'index'],
      ['missing', 'delete'],
    ],
  );
  const bad = result.failed.find((f) => f.id === 'bad')!;
  assert.match(bad.reason, 'mapper_parsing_exception');
  assert.match(bad.reason, 'failed to parse field [years_experience]');
  assert.is(result.failed.find((f) => f.id === 'missing')!.reason, 'not_found');
});

test('bulk: items rejected with 429 are retried, and only those', async ({ fake }) => {
  fake.seedIndex('people');
  fake.bulkItemFailure = ({ id, attempt }) =>
    attempt === 1 && (id === 'p2' || id === 'gone')
      ? { status: 429, error: { type: 'es_rejected_execution_exception', reason: 'rejected execution of coordinating operation' } }
      : undefined;
  fake.indices.get('people')!.docs.set('gone', { id: 'gone' });
  // The adapter's client, with the helper's wait between retries shortened so the test stays fast.
  const client = new Client({ node: fake.url, maxRetries: 0, requestTimeout: 2000 });
  const helperOptions: { retries?: number; wait?: number }[] = [];
  const bulk = client.helpers.bulk.bind(client.helpers);
  client.helpers.bulk = ((options, reqOptions) => {
    helperOptions.push({ retries: options.retries, wait: options.wait });
    return bulk({ ...options, wait: 1 }, reqOptions);
  }) as typeof client.helpers.bulk;
  const engine = new OpenSearchEngine(client);
  try {
    const result = await guardUncaught(() =>
      engine.bulk('people', [
        { op: 'index', id: 'p1', doc: P1 },
        { op: 'index', id: 'p2', doc: P2 },
        { op: 'delete', id: 'gone' },
      ]),
    );
    assert.ok((helperOptions[0]?.retries ?? 0) >= 1, `the adapter asks the helper to retry: ${JSON.stringify(helperOptions)}`);
    const requests = fake.find('POST', /_bulk$/);
    assert.is(requests.length, 2, 'the rejected items were sent again');
    assert.equal(requests[1]!.bulkBody, [{ index: { _index: 'people', _id: 'p2' } }, P2, { delete: { _index: 'people', _id: 'gone' } }]);
    assert.equal(result, { indexed: 2, deleted: 1, failed: [] });
    assert.equal([...fake.indices.get('people')!.docs.keys()].sort(), ['p1', 'p2']);
  } finally {
    await engine.close();
  }
});

test('bulk: items refused for a passing reason (503) are sent again with backoff; a mapping error is final', async ({ fake }) => {
  fake.seedIndex('people');
  fake.bulkItemFailure = ({ id, attempt }) =>
    id === 'bad'
      ? { status: 400, error: { type: 'mapper_parsing_exception', reason: 'failed to parse' } }
      : attempt <= 2 && id === 'p2'
        ? { status: 503, error: { type: 'unavailable_shards_exception', reason: 'primary shard is not active' } }
        : undefined;
  const engine = new OpenSearchEngine(fake.url, { bulk: { concurrency: 2, retryWaitMs: 5 } });
  try {
    const result = await guardUncaught(() =>
      engine.bulk('people', [
        { op: 'index', id: 'p1', doc: P1 },
        { op: 'index', id: 'p2', doc: P2 },
        { op: 'index', id: 'bad', doc: { years_experience: 'many' } },
      ]),
    );
    const requests = fake.find('POST', /_bulk$/);
    assert.is(requests.length, 3, 'the whole batch, then p2 twice');
    assert.equal(requests[2]!.bulkBody, [{ index: { _index: 'people', _id: 'p2' } }, P2]);
    assert.equal(
      [result.indexed, result.deleted, result.failed.map((f) => [f.id, f.reason])],
      [2, 0, [['bad', 'mapper_parsing_exception: failed to parse']]],
    );
    assert.is(engine.bulkConcurrency, 2);
  } finally {
    await engine.close();
  }
});

test('bulk: a refused operation that a later one on the same id supersedes is not sent again', async ({ fake }) => {
  fake.seedIndex('people');
  fake.bulkItemFailure = ({ id, op, attempt }) =>
    attempt === 1 && id === 'x' && op === 'index'
      ? { status: 503, error: { type: 'unavailable_shards_exception', reason: 'primary shard is not active' } }
      : undefined;
  const engine = new OpenSearchEngine(fake.url, { bulk: { retryWaitMs: 5 } });
  try {
    const result = await guardUncaught(() =>
      engine.bulk('people', [
        { op: 'index', id: 'x', doc: P1 },
        { op: 'delete', id: 'x' },
        { op: 'index', id: 'y', doc: P2 },
      ]),
    );
    assert.is(fake.find('POST', /_bulk$/).length, 1, 'the refused upsert of x is superseded by its deletion');
    assert.equal([...fake.indices.get('people')!.docs.keys()], ['y'], 'x stays deleted');
    assert.equal(result, { indexed: 2, deleted: 1, failed: [] });
  } finally {
    await engine.close();
  }
});

test('bulk load: begin saves the settings and turns off refresh and replicas; end restores them and refreshes', async ({
  fake,
  engine,
}) => {
  fake.seedIndex('people', { refresh_interval: '30s', number_of_replicas: 2 });
  await engine.beginBulkLoad('people');
  await engine.endBulkLoad('people');
  const settingsPath = '/people/_settings/index.refresh_interval%2Cindex.number_of_replicas';
  assert.equal(
    fake.requests.map((r) => ({ method: r.method, path: r.path, querystring: r.querystring, body: r.body })),
    [
      { method: 'GET', path: settingsPath, querystring: { include_defaults: 'true' }, body: undefined },
      { method: 'PUT', path: '/people/_settings', querystring: {}, body: { index: { refresh_interval: '-1', number_of_replicas: 0 } } },
      // OpenSearch returns settings as strings; "2" is a valid number_of_replicas.
      { method: 'PUT', path: '/people/_settings', querystring: {}, body: { index: { refresh_interval: '30s', number_of_replicas: '2' } } },
      { method: fake.requests[3]?.method === 'POST' ? 'POST' : 'GET', path: '/people/_refresh', querystring: {}, body: undefined },
    ],
  );
  assert.is(describeProblems(fake.requests), '');
  assert.equal(fake.indices.get('people')!.refresh_interval, '30s');
  assert.is(fake.indices.get('people')!.number_of_replicas, '2');

  // An index without an explicit refresh interval gets the default back.
  fake.reset();
  fake.seedIndex('jobs', { number_of_replicas: 1 });
  await engine.beginBulkLoad('jobs');
  assert.equal(fake.indices.get('jobs')!.refresh_interval, '-1');
  assert.is(fake.indices.get('jobs')!.number_of_replicas, '0');
  await engine.endBulkLoad('jobs');
  assert.equal(fake.requests[2]?.body, { index: { refresh_interval: '1s', number_of_replicas: '1' } });
});

test('alias swap: one atomic _aliases call removes the old index and adds the new one', async ({ fake, engine }) => {
  fake.seedIndex('old-1');
  fake.seedIndex('new-2');
  fake.aliases.set('people', new Set(['old-1']));
  await engine.swapAlias('people', 'new-2');
  const writes = fake.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
  assert.is(writes.length, 1, `one write request, got: ${writes.map((r) => `${r.method} ${r.path}`).join(', ')}`);
  assert.is(writes[0]!.method, 'POST');
  assert.is(writes[0]!.path, '/_aliases');
  assert.equal(writes[0]!.body, {
    actions: [{ remove: { index: 'old-1', alias: 'people' } }, { add: { index: 'new-2', alias: 'people' } }],
  });
  assert.is(describeProblems(fake.requests), '');
  assert.equal([...fake.aliases.get('people')!], ['new-2']);
});

test('errors: OpenSearch failures become SearchEngineError codes', async ({ fake, engine }) => {
  await engineError(() => engine.search('missing', { query: { match_all: {} } }), 'index_not_found');
  await engineError(() => engine.count('missing'), 'index_not_found');
  fake.seedIndex('people');
  await engineError(() => engine.createIndex('people', { settings: {}, mappings: { properties: {} } }), 'index_already_exists');
  fake.intercept(
    (r) =>
      r.path.endsWith('/_search')
        ? {
            status: 400,
            body: {
              error: { root_cause: [], type: 'search_phase_execution_exception', reason: 'all shards failed', phase: 'query' },
              status: 400,
            },
          }
        : undefined,
    { once: true },
  );
  await engineError(() => engine.search('people', { query: { match_all: {} } }), 'invalid_query');
});

test('errors: an unreachable OpenSearch is engine_unavailable', async () => {
  const engine = new OpenSearchEngine(new Client({ node: 'http://127.0.0.1:9', maxRetries: 0, requestTimeout: 2000 }));
  try {
    await engineError(() => engine.ping(), 'engine_unavailable');
    await engineError(() => engine.search('people', { query: { match_all: {} } }), 'engine_unavailable');
    await engineError(() => engine.bulk('people', [{ op: 'index', id: 'p1', doc: P1 }]), 'engine_unavailable');
  } finally {
    await engine.close();
  }
});

test('reads send the time budget as the request timeout; running past it is a timeout', async () => {
  // A node that accepts requests and never answers them.
  const held: http.ServerResponse[] = [];
  const silent = http.createServer((_req, res) => held.push(res));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as { port: number };
  const engine = new OpenSearchEngine(`http://127.0.0.1:${port}`, { timeoutMs: 60_000 });
  try {
    const started = performance.now();
    await engineError(() => withSearchBudget(150, 'someone', () => engine.search('people', { query: { match_all: {} } })), 'timeout');
    await engineError(() => withSearchBudget(150, 'someone', () => engine.count('people')), 'timeout');
    await engineError(() => withSearchBudget(150, 'someone', () => engine.mget('people', ['p1'])), 'timeout');
    // Without the budget each call would wait for the client's 60 s default.
    assert.ok(performance.now() - started < 30_000);
    await engineError(() => withSearchBudget(0, 'someone', () => engine.search('people', {})), 'timeout');
  } finally {
    for (const res of held) res.destroy();
    await engine.close();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});

test.run();
