import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  assertValidRequest,
  type CheckResult,
  checkRequest,
  type OpenSearchRequest,
  operationFor,
} from '../helpers/opensearch-contract/checker.js';

/** Fails with the checker's own problems when a request we expect to be valid is not. */
function expectValid(req: OpenSearchRequest): void {
  const result = checkRequest(req);
  assert.ok(result.ok, `${req.method} ${req.path} should be valid:\n${result.ok ? '' : result.problems.join('\n')}`);
}

/** Expects `req` to be rejected with one problem mentioning every `needle`. */
function expectProblem(req: OpenSearchRequest, ...needles: string[]): string[] {
  const result: CheckResult = checkRequest(req);
  if (result.ok) assert.unreachable(`${req.method} ${req.path} should be rejected`);
  const problems = result.ok ? [] : result.problems;
  const hit = problems.find((p) => needles.every((n) => p.includes(n)));
  assert.ok(hit, `expected a problem mentioning ${needles.join(' + ')}, got:\n${problems.join('\n')}`);
  return problems;
}

const search = (body: unknown): OpenSearchRequest => ({ method: 'POST', path: '/people/_search', body });

const INDEX_BODY = {
  settings: {
    number_of_shards: 1,
    number_of_replicas: 0,
    refresh_interval: '30s',
    analysis: {
      filter: {
        english_stemmer: { type: 'stemmer', language: 'english' },
        folding: { type: 'asciifolding', preserve_original: true },
      },
      analyzer: {
        folded_english: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding', 'porter_stem'] },
        stemmed: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'folding', 'english_stemmer'] },
      },
      normalizer: {
        lowercase_folded: { type: 'custom', filter: ['lowercase', 'asciifolding'] },
      },
    },
  },
  mappings: {
    dynamic: 'strict',
    properties: {
      name: { type: 'text', analyzer: 'folded_english', fields: { sort: { type: 'keyword' } } },
      headline: { type: 'text', analyzer: 'stemmed', search_analyzer: 'stemmed' },
      bio: { type: 'text', analyzer: 'folded_english' },
      email: { type: 'keyword', normalizer: 'lowercase_folded' },
      created_at: { type: 'date' },
      connections: { type: 'integer' },
      revenue: { type: 'long' },
      score: { type: 'float' },
      open_to_work: { type: 'boolean' },
      location: { type: 'geo_point' },
      positions: {
        type: 'nested',
        properties: {
          title: { type: 'text', analyzer: 'folded_english', fields: { sort: { type: 'keyword' } } },
          company: { type: 'keyword', normalizer: 'lowercase_folded' },
          start: { type: 'date' },
          current: { type: 'boolean' },
        },
      },
    },
  },
};

const FULL_QUERY = {
  query: {
    bool: {
      must: [{ multi_match: { query: 'data engineer', fields: ['headline^3', 'bio'], type: 'best_fields' } }],
      filter: [
        { term: { open_to_work: true } },
        { terms: { email: ['a@example.com', 'b@example.com'] } },
        { range: { connections: { gte: 100, lte: 500 } } },
        { range: { created_at: { gte: '2024-01-01', lte: 'now/d' } } },
        { exists: { field: 'email' } },
        { ids: { values: ['p1', 'p2'] } },
        { geo_distance: { distance: '50km', location: { lat: 48.85, lon: 2.35 } } },
        { constant_score: { filter: { prefix: { 'name.sort': 'Ann' } } } },
      ],
      should: [
        { match: { name: 'anne' } },
        { match: { bio: { query: 'spark', operator: 'and' } } },
        { match_phrase: { headline: 'data platform' } },
        {
          nested: {
            path: 'positions',
            query: { bool: { must: [{ term: { 'positions.current': true } }, { match: { 'positions.title': 'lead' } }] } },
            score_mode: 'max',
          },
        },
        {
          function_score: {
            query: { match_all: {} },
            functions: [
              { filter: { term: { open_to_work: true } }, weight: 2 },
              { gauss: { created_at: { origin: 'now', scale: '365d', decay: 0.5 } } },
            ],
            score_mode: 'sum',
            boost_mode: 'sum',
          },
        },
      ],
      must_not: [{ term: { email: { value: 'spam@example.com' } } }],
      minimum_should_match: 1,
    },
  },
  sort: [{ 'name.sort': { order: 'desc', missing: '_last' } }, '_score'],
  from: 20,
  size: 10,
  track_total_hits: true,
  _source: { includes: ['name', 'headline', 'positions.*'] },
};

test('the endpoints the adapter uses resolve to the expected spec operations', () => {
  const expected: [OpenSearchRequest['method'], string, string][] = [
    ['PUT', '/people', 'indices.create'],
    ['POST', '/people/_search', 'search'],
    ['POST', '/_search', 'search'],
    ['POST', '/people/_count', 'count'],
    ['POST', '/_bulk', 'bulk'],
    ['POST', '/people/_bulk', 'bulk'],
    ['POST', '/_mget', 'mget'],
    ['POST', '/people/_mget', 'mget'],
    ['POST', '/_aliases', 'indices.update_aliases'],
    ['GET', '/_alias/people', 'indices.get_alias'],
    ['GET', '/people-v2/_alias/people', 'indices.get_alias'],
    ['POST', '/people/_refresh', 'indices.refresh'],
    ['PUT', '/people/_settings', 'indices.put_settings'],
    ['DELETE', '/people-v1', 'indices.delete'],
    ['GET', '/people/_stats', 'indices.stats'],
    ['HEAD', '/people', 'indices.exists'],
    ['GET', '/', 'info'],
    ['HEAD', '/', 'ping'],
    ['GET', '/people/_doc/p1', 'get'],
  ];
  for (const [method, path, op] of expected) assert.is(operationFor(method, path), op, `${method} ${path}`);
});

test('valid: index creation with settings, analysis and mappings', () => {
  expectValid({ method: 'PUT', path: '/people-v1', querystring: { wait_for_active_shards: 1 }, body: INDEX_BODY });
});

test('valid: _bulk with index and delete actions, with and without an index in the path', () => {
  expectValid({
    method: 'POST',
    path: '/_bulk',
    querystring: { refresh: 'wait_for' },
    bulkBody: [
      { index: { _index: 'people', _id: 'p1' } },
      { name: 'Anne', positions: [{ title: 'Lead', current: true }] },
      { delete: { _index: 'people', _id: 'p2' } },
      { index: { _index: 'people', _id: 'p3' } },
      { name: 'Bob' },
    ],
  });
  expectValid({ method: 'POST', path: '/people/_bulk', bulkBody: [{ delete: { _id: 'p2' } }, { index: { _id: 'p1' } }, { name: 'Anne' }] });
});

test('valid: a search using the whole query DSL the adapter builds', () => {
  expectValid(search(FULL_QUERY));
  expectValid({ method: 'POST', path: '/_search', body: { ...FULL_QUERY, track_total_hits: 10_000 } });
  expectValid(search({ query: { match_all: {} }, sort: ['_score'], size: 0, track_total_hits: false }));
  // `{ _score: {...} }` matches two sort schemas: fails unless `oneOf` is read as `anyOf`.
  expectValid(search({ query: { match_all: {} }, sort: [{ _score: { order: 'desc' } }, { created_at: 'asc' }] }));
});

test('valid: _count, _mget, _aliases, _refresh and _settings', () => {
  expectValid({ method: 'POST', path: '/people/_count', body: { query: FULL_QUERY.query } });
  expectValid({ method: 'POST', path: '/people/_mget', body: { ids: ['p1', 'p2'] }, querystring: { _source_includes: ['name'] } });
  expectValid({
    method: 'POST',
    path: '/_aliases',
    body: { actions: [{ remove: { index: 'people-v1', alias: 'people' } }, { add: { index: 'people-v2', alias: 'people' } }] },
  });
  expectValid({ method: 'POST', path: '/people/_refresh' });
  expectValid({ method: 'PUT', path: '/people/_settings', body: { index: { refresh_interval: '1s', number_of_replicas: 1 } } });
  expectValid({ method: 'GET', path: '/people/_doc/p1' });
  assertValidRequest({ method: 'HEAD', path: '/people' });
});

test('invalid: a typo inside bool', () => {
  expectProblem(search({ query: { bool: { shoud: [{ match: { name: 'anne' } }] } } }), 'body/query/bool', 'shoud');
});

test('invalid: an unknown query type, at the top and nested in bool', () => {
  expectProblem(search({ query: { nonsense_query: {} } }), 'body/query', 'nonsense_query');
  expectProblem(search({ query: { bool: { must: { nonsense_query: {} } } } }), 'body/query/bool/must', 'nonsense_query');
  expectProblem(search({ query: { bool: { filter: [{ term: { a: 'b' } }, { nonsense_query: {} }] } } }), 'filter/1', 'nonsense_query');
});

test('invalid: wrong types and unknown keys at the top of the search body', () => {
  expectProblem(search({ query: { match_all: {} }, size: 'ten' }), 'body/size', 'integer', '"ten"');
  expectProblem(search({ query: { match_all: {} }, sizee: 10 }), 'body:', 'sizee');
});

test('invalid: mapping mistakes are named precisely', () => {
  const create = (field: unknown): OpenSearchRequest => ({
    method: 'PUT',
    path: '/people-v1',
    body: { mappings: { properties: { field } } },
  });
  expectProblem(create({ type: 'text', analyser: 'folded_english' }), 'body/mappings/properties/field', '"analyser"');
  expectProblem(create({ type: 'txt' }), 'body/mappings/properties/field/type', '"txt"');
  // Only the keyword branch of the field-type union is reported, not why the ~45 other types failed.
  const problems = expectProblem(create({ type: 'keyword', normalizer: 5 }), 'body/mappings/properties/field/normalizer', 'string');
  assert.is(problems.length, 1, problems.join('\n'));
});

test('invalid: a bulk index action without its source line', () => {
  const lines = [{ index: { _id: 'p1' } }, { delete: { _id: 'p2' } }];
  expectProblem({ method: 'POST', path: '/people/_bulk', bulkBody: lines }, 'bulkBody[0]', 'source line');
  expectProblem({ method: 'POST', path: '/people/_bulk', bulkBody: [{ index: { _id: 'p1' } }] }, 'bulkBody[0]', 'end of body');
});

test('invalid: an unknown path', () => {
  expectProblem({ method: 'POST', path: '/_serch', body: { query: { match_all: {} } } }, 'unknown endpoint', '/_serch');
  expectProblem({ method: 'POST', path: '/people/_serch', body: { query: { match_all: {} } } }, 'unknown endpoint', '/people/_serch');
  // GET /{index} exists, but no index name starts with "_": a misspelt endpoint.
  expectProblem({ method: 'GET', path: '/_serch' }, '"_serch"', 'index name');
});

test('invalid: an unknown query-string parameter', () => {
  expectProblem({ method: 'POST', path: '/people/_search', querystring: { sizee: 10 } }, 'querystring', '"sizee"');
});

test('invalid: an alias action with an unknown verb', () => {
  const body = { actions: [{ rename: { index: 'people-v2', alias: 'people' } }] };
  expectProblem({ method: 'POST', path: '/_aliases', body }, 'body/actions/0', 'rename');
});

test('assertValidRequest throws an Error that lists the problems', () => {
  assert.throws(
    () => assertValidRequest({ ...search({ query: { bool: { shoud: [] } } }), querystring: { sizee: 1 } }),
    (err: unknown) => err instanceof Error && err.message.includes('"shoud"') && err.message.includes('"sizee"'),
  );
});

test.run();
