import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROFILES } from '../../mappings/indices.js';
import { normalizeFilters, splitKeywords } from '../../query-planner/build/normalize.js';
import { type BuiltPeopleQuery, buildPeopleQuery, type PeopleQueryInput } from '../../query-planner/build/people-query.js';
import type { Receipt } from '../../query-planner/limits.js';
import type { Query, SearchBody, SortClause } from '../../search-engine/port.js';
import { loadedIndexSuite } from '../helpers/loaded-index.js';
import { checkRequest } from '../helpers/opensearch-contract/checker.js';

/** The text fields of keywords and residual text, with their boosts. */
const FIELDS = ['headline^2', 'current_title^3', 'bio', 'skills^2', 'current_company_name'];
const RELEVANCE: SortClause[] = [{ _score: 'desc' }, { id: 'asc' }];
const NONE: Query = { bool: { must_not: [{ match_all: {} }] } };
const G = { firstDegree: ['a', 'b'], secondDegree: ['c', 'd'], self: 'me' };

const body = (query: Query, extra: Partial<SearchBody> = {}): SearchBody => ({
  query,
  sort: RELEVANCE,
  from: 0,
  size: 10,
  track_total_hits: true,
  _source: { excludes: ['chunks'] },
  ...extra,
});

/** Fails with the checker's problems unless OpenSearch would accept the search. */
function expectValid(b: SearchBody): void {
  const result = checkRequest({ method: 'POST', path: '/proxima-profiles/_search', body: b });
  assert.ok(result.ok, result.ok ? '' : result.problems.join('\n'));
}

interface Golden {
  name: string;
  input: PeopleQueryInput;
  body: SearchBody;
  receipts?: Receipt[];
  matchesNothing?: string;
  postFilter?: BuiltPeopleQuery['postFilter'];
}

const CASES: Golden[] = [
  {
    name: 'empty filters, no graph: match_all by relevance',
    input: { filters: {}, graph: null, networkMode: 'boost', from: 0, size: 10 },
    body: body({ match_all: {} }),
  },
  {
    name: 'titles, places (city with metro, state, unknown place, excluded city) and years',
    input: {
      filters: {
        job_titles: { include: ['Software Engineers', 'SRE'], exclude: ['Intern'] },
        locations: { include: ['SF', 'MA', 'Atlantis Plains'], exclude: ['Oakland'] },
        years_experience: { min: 3, max: 10 },
      },
      graph: null,
      networkMode: 'boost',
      from: 20,
      size: 10,
    },
    body: body(
      {
        bool: {
          filter: [
            {
              bool: {
                // "SRE" also matches its spelled-out form, and a plural title its abbreviation
                // and, a software engineer, its developer (query-planner/title-variants.ts).
                should: [
                  { match_phrase: { current_title: 'Software Engineers' } },
                  { match_phrase: { current_title: 'software developer' } },
                  { match_phrase: { current_title: 'swe' } },
                  { match_phrase: { current_title: 'SRE' } },
                  { match_phrase: { current_title: 'site reliability engineer' } },
                ],
                minimum_should_match: 1,
              },
            },
            {
              bool: {
                should: [
                  {
                    bool: {
                      should: [
                        {
                          bool: {
                            filter: [
                              { term: { 'location.city': 'San Francisco' } },
                              { term: { 'location.country_code': 'US' } },
                              { term: { 'location.region': 'California' } },
                            ],
                          },
                        },
                        { term: { 'location.metro': 'San Francisco Bay Area' } },
                      ],
                      minimum_should_match: 1,
                    },
                  },
                  { bool: { filter: [{ term: { 'location.country_code': 'US' } }, { term: { 'location.region': 'Massachusetts' } }] } },
                  { match_phrase: { 'location.raw': 'Atlantis Plains' } },
                ],
                minimum_should_match: 1,
              },
            },
            { range: { years_experience: { gte: 3, lte: 10 } } },
          ],
          should: [
            { terms: { 'current_title.keyword': ['software engineers', 'sre'], boost: 2 } },
            { match_phrase: { current_title: { query: 'Software Engineers', boost: 2 } } },
            { match_phrase: { current_title: { query: 'SRE', boost: 2 } } },
          ],
          minimum_should_match: 0,
          must_not: [
            { match_phrase: { current_title: 'Intern' } },
            {
              bool: {
                filter: [
                  { term: { 'location.city': 'Oakland' } },
                  { term: { 'location.country_code': 'US' } },
                  { term: { 'location.region': 'California' } },
                ],
              },
            },
          ],
        },
      },
      { from: 20 },
    ),
    receipts: [
      {
        path: '/locations/include/2',
        action: 'normalized',
        message: '"Atlantis Plains" is not a known place; it was matched as a phrase in the location text.',
      },
    ],
  },
  {
    name: 'past titles, seniority, functions, industries, company status and stage',
    input: {
      filters: {
        job_titles: { include: ['VP Sales'], exclude: ['Intern'], current_only: false },
        seniority: ['vp', 'director'],
        functions: ['sales'],
        industries: { include: ['Software', 'FinTech'], exclude: ['Gambling'] },
        company_status: ['active'],
        company_stage: ['series_b', 'series_c'],
      },
      graph: null,
      networkMode: 'boost',
      from: 0,
      size: 10,
    },
    body: body({
      bool: {
        filter: [
          {
            bool: {
              should: [
                // "VP Sales" is also "VP of Sales" (query-planner/title-forms.ts).
                { match_phrase: { current_title: 'VP Sales' } },
                { match_phrase: { current_title: 'vp of sales' } },
                { match_phrase: { current_title: 'vice president sales' } },
                { match_phrase: { current_title: 'vice president of sales' } },
                {
                  nested: {
                    path: 'experiences',
                    query: {
                      bool: {
                        should: [
                          { match_phrase: { 'experiences.title': 'VP Sales' } },
                          { match_phrase: { 'experiences.title': 'vp of sales' } },
                          { match_phrase: { 'experiences.title': 'vice president sales' } },
                          { match_phrase: { 'experiences.title': 'vice president of sales' } },
                        ],
                        minimum_should_match: 1,
                      },
                    },
                  },
                },
              ],
              minimum_should_match: 1,
            },
          },
          { terms: { seniority: ['vp', 'director'] } },
          { terms: { function: ['sales'] } },
          { terms: { 'current_company.industry': ['software', 'fintech'] } },
          { terms: { 'current_company.status': ['active'] } },
          { terms: { 'current_company.funding_stage': ['series_b', 'series_c'] } },
        ],
        should: [
          { terms: { 'current_title.keyword': ['vp sales'], boost: 2 } },
          { match_phrase: { current_title: { query: 'VP Sales', boost: 2 } } },
        ],
        minimum_should_match: 0,
        must_not: [
          { match_phrase: { current_title: 'Intern' } },
          { nested: { path: 'experiences', query: { match_phrase: { 'experiences.title': 'Intern' } } } },
          { terms: { 'current_company.industry': ['gambling'] } },
        ],
      },
    }),
  },
  {
    name: 'companies: current, past and any employment, exclusion, domains on past employment',
    input: {
      filters: {
        companies: [
          { where: { identity: { names: ['Acme'], ids: ['c-acme'], domains: ['Acme.com'] } } },
          { relation: 'past_employment', where: { identity: { ids: ['c-globex'], names: ['Globex'] } } },
          { relation: 'any_employment', where: { identity: { names: ['Initech'] } } },
          { relation: 'current_employment', operator: 'exclude', where: { identity: { domains: ['umbrella.com'] } } },
          { relation: 'past_employment', where: { identity: { domains: ['hooli.com'] } } },
        ],
      },
      graph: null,
      networkMode: 'boost',
      from: 0,
      size: 10,
    },
    body: body({
      bool: {
        filter: [
          {
            bool: {
              should: [
                { terms: { current_company_id: ['c-acme'] } },
                { terms: { 'current_company.domain': ['acme.com'] } },
                { match_phrase: { current_company_name: 'Acme' } },
                {
                  nested: {
                    path: 'experiences',
                    query: {
                      bool: {
                        filter: [
                          { term: { 'experiences.is_current': true } },
                          {
                            bool: {
                              should: [
                                { terms: { 'experiences.company_id': ['c-acme'] } },
                                { match_phrase: { 'experiences.company_name': 'Acme' } },
                              ],
                              minimum_should_match: 1,
                            },
                          },
                        ],
                      },
                    },
                  },
                },
              ],
              minimum_should_match: 1,
            },
          },
          {
            nested: {
              path: 'experiences',
              query: {
                bool: {
                  filter: [
                    { term: { 'experiences.is_current': false } },
                    {
                      bool: {
                        should: [
                          { terms: { 'experiences.company_id': ['c-globex'] } },
                          { match_phrase: { 'experiences.company_name': 'Globex' } },
                        ],
                        minimum_should_match: 1,
                      },
                    },
                  ],
                },
              },
            },
          },
          {
            bool: {
              should: [
                { match_phrase: { current_company_name: 'Initech' } },
                { nested: { path: 'experiences', query: { match_phrase: { 'experiences.company_name': 'Initech' } } } },
              ],
              minimum_should_match: 1,
            },
          },
        ],
        must_not: [{ terms: { 'current_company.domain': ['umbrella.com'] } }],
      },
    }),
    receipts: [
      {
        path: '/companies/4',
        action: 'ignored',
        message: 'This company filter was not applied: past employment is matched by company id and name, not by domain.',
      },
    ],
  },
  {
    name: 'ranges: positive values only; revenue min 0 still needs the figure',
    input: {
      filters: {
        years_experience: { min: 0 },
        average_role_tenure_months: { max: 24 },
        company_size: { min: 50, max: 500 },
        revenue: { min: 0 },
      },
      graph: null,
      networkMode: 'boost',
      from: 0,
      size: 10,
    },
    body: body({
      bool: {
        filter: [
          { range: { years_experience: { gt: 0 } } },
          { range: { average_role_tenure_months: { gt: 0, lte: 24 } } },
          { range: { 'current_company.revenue_usd': { gt: 0 } } },
          { range: { 'current_company.employee_count': { gte: 50, lte: 500 } } },
        ],
      },
    }),
  },
  {
    name: 'min above max matches nothing',
    input: {
      filters: { job_titles: { include: ['Engineer'] }, years_experience: { min: 10, max: 5 } },
      graph: null,
      networkMode: 'boost',
      from: 0,
      size: 10,
    },
    body: body(NONE),
    matchesNothing: 'years_experience: min 10 is above max 5',
  },
  {
    name: 'revenue min above max matches nothing',
    input: { filters: { revenue: { min: 10000000, max: 1000000 } }, graph: null, networkMode: 'boost', from: 0, size: 10 },
    body: body(NONE),
    matchesNothing: 'revenue: min 10000000 is above max 1000000',
  },
  {
    name: 'skills, schools, degrees, languages with proficiency, cohort ids',
    input: {
      filters: {
        skills: { include: ['TypeScript', 'Machine Learning'], exclude: ['PHP'] },
        schools: ['Stanford University', 'MIT'],
        degrees: ['MBA'],
        languages: [{ name: 'Spanish', proficiency: 'Native' }, { name: 'ENGLISH' }],
        cohort_refs: ['cohort_1'],
      },
      cohortIds: ['p1', 'p2'],
      graph: null,
      networkMode: 'boost',
      from: 0,
      size: 10,
    },
    body: body({
      bool: {
        filter: [
          {
            bool: {
              should: [
                { terms: { 'skills.keyword': ['typescript', 'machine learning'] } },
                { match_phrase: { skills: 'TypeScript' } },
                { match_phrase: { skills: 'Machine Learning' } },
              ],
              minimum_should_match: 1,
            },
          },
          {
            nested: {
              path: 'education',
              query: {
                bool: {
                  should: [
                    { match_phrase: { 'education.school': 'Stanford University' } },
                    { match_phrase: { 'education.school': 'MIT' } },
                  ],
                  minimum_should_match: 1,
                },
              },
            },
          },
          { nested: { path: 'education', query: { match: { 'education.degree': { query: 'MBA', operator: 'and' } } } } },
          {
            nested: {
              path: 'languages',
              query: { bool: { filter: [{ term: { 'languages.name': 'spanish' } }, { term: { 'languages.proficiency': 'native' } }] } },
            },
          },
          { nested: { path: 'languages', query: { term: { 'languages.name': 'english' } } } },
          { terms: { id: ['p1', 'p2'] } },
        ],
        must_not: [{ terms: { 'skills.keyword': ['php'] } }, { match_phrase: { skills: 'PHP' } }],
      },
    }),
  },
  {
    name: 'keywords, context keywords and required residual text',
    input: {
      filters: {
        keywords: ['kubernetes', 'site reliability'],
        additional_context_keywords_core: ['aws', 'gcp'],
        additional_context_keywords_supporting: ['terraform'],
      },
      text: ['platform', 'team'],
      textRequired: true,
      graph: null,
      networkMode: 'boost',
      from: 0,
      size: 10,
    },
    body: body({
      bool: {
        must: [
          { multi_match: { query: 'kubernetes', type: 'cross_fields', operator: 'and', fields: FIELDS } },
          { multi_match: { query: 'site reliability', type: 'cross_fields', operator: 'and', fields: FIELDS } },
          {
            bool: {
              should: [
                { multi_match: { query: 'aws', type: 'cross_fields', operator: 'and', fields: FIELDS } },
                { multi_match: { query: 'gcp', type: 'cross_fields', operator: 'and', fields: FIELDS } },
              ],
              minimum_should_match: 1,
            },
          },
          { multi_match: { query: 'platform team', type: 'best_fields', operator: 'or', fields: FIELDS } },
        ],
        should: [{ multi_match: { query: 'terraform', type: 'cross_fields', operator: 'and', fields: FIELDS } }],
        minimum_should_match: 0,
      },
    }),
  },
  {
    name: 'network ignore: no graph clauses, degrees ignored with a receipt, scoring-only text',
    input: {
      filters: { connection_degrees: ['1st'] },
      text: ['rust'],
      textRequired: false,
      graph: G,
      networkMode: 'ignore',
      from: 0,
      size: 10,
    },
    body: body({
      bool: {
        should: [{ multi_match: { query: 'rust', type: 'best_fields', operator: 'or', fields: FIELDS } }],
        minimum_should_match: 0,
        must_not: [{ term: { id: 'me' } }],
      },
    }),
    receipts: [
      { path: '/connection_degrees', action: 'ignored', message: 'connection_degrees is ignored when network_filter_mode is ignore.' },
    ],
  },
  {
    name: 'boost with one degree: a filter without boosts; exclude_connected_to',
    input: {
      filters: { connection_degrees: ['2nd'], exclude_connected_to: ['u9'] },
      connectedTo: { include: [], exclude: ['x', 'y'] },
      graph: G,
      networkMode: 'boost',
      from: 0,
      size: 10,
    },
    body: body({ bool: { filter: [{ terms: { id: ['c', 'd'] } }], must_not: [{ terms: { id: ['x', 'y'] } }, { term: { id: 'me' } }] } }),
  },
  {
    name: 'network filter defaults to 1st and 2nd degree',
    input: { filters: {}, graph: G, networkMode: 'filter', from: 0, size: 10 },
    body: body({ bool: { filter: [{ terms: { id: ['a', 'b', 'c', 'd'] } }], must_not: [{ term: { id: 'me' } }] } }),
    receipts: [
      { path: '/connection_degrees', action: 'defaulted', message: 'network_filter_mode filter keeps 1st and 2nd degree connections.' },
    ],
  },
  {
    name: 'network filter 1st and 3rd+ rules out the 2nd degree',
    input: { filters: { connection_degrees: ['1st', '3rd+'] }, graph: G, networkMode: 'filter', from: 0, size: 10 },
    body: body({ bool: { must_not: [{ terms: { id: ['c', 'd'] } }, { term: { id: 'me' } }] } }),
  },
  {
    name: 'connected_to mode: include and exclude, the requester removed',
    input: {
      filters: { connected_to: ['u1'], exclude_connected_to: ['u2'] },
      connectedTo: { include: ['a', 'x', 'me'], exclude: ['z'] },
      graph: G,
      networkMode: 'connected_to',
      from: 0,
      size: 10,
    },
    body: body({ bool: { filter: [{ terms: { id: ['a', 'x'] } }], must_not: [{ terms: { id: ['z'] } }, { term: { id: 'me' } }] } }),
  },
  {
    name: 'connected_to mode without connections matches nothing',
    input: {
      filters: { connected_to: ['u1'] },
      connectedTo: { include: [], exclude: [] },
      graph: G,
      networkMode: 'connected_to',
      from: 0,
      size: 10,
    },
    body: body(NONE),
    matchesNothing: 'connected_to: the given people have no known connections',
  },
  {
    name: 'network filter without a linked profile matches nothing',
    input: { filters: {}, graph: null, networkMode: 'filter', from: 0, size: 10 },
    body: body(NONE),
    receipts: [
      { path: '/connection_degrees', action: 'defaulted', message: 'network_filter_mode filter keeps 1st and 2nd degree connections.' },
    ],
    matchesNothing: 'connection_degrees: the requester has no linked profile, so no 1st or 2nd-degree connections',
  },
  {
    // A field sort reads no score, so the boosts would only cost: they are left out.
    name: 'boost sorted by last name: no boosts',
    input: { filters: { sort_by: 'last_name' }, graph: G, networkMode: 'boost', from: 0, size: 10 },
    body: body(
      { bool: { must_not: [{ term: { id: 'me' } }] } },
      { sort: [{ 'display_name.sort': { order: 'asc', missing: '_last' } }, { id: 'asc' }] },
    ),
  },
  {
    name: 'boost with 1st and 2nd degree and scoring text',
    input: { filters: { connection_degrees: ['1st', '2nd'] }, text: ['rust'], graph: G, networkMode: 'boost', from: 0, size: 10 },
    body: body({
      bool: {
        filter: [{ terms: { id: ['a', 'b', 'c', 'd'] } }],
        should: [
          { multi_match: { query: 'rust', type: 'best_fields', operator: 'or', fields: FIELDS } },
          { constant_score: { filter: { terms: { id: ['a', 'b'] } }, boost: 3 } },
          { constant_score: { filter: { terms: { id: ['c', 'd'] } }, boost: 1.5 } },
        ],
        minimum_should_match: 0,
        must_not: [{ term: { id: 'me' } }],
      },
    }),
  },
];

test('boosted relevance searches carry the query without boosts and the boosted ids, for ranking in tiers', () => {
  const built = buildPeopleQuery({ filters: {}, text: ['rust'], graph: G, networkMode: 'boost', from: 0, size: 10 });
  assert.equal(built.graphRank, {
    baseQuery: {
      bool: {
        should: [{ multi_match: { query: 'rust', type: 'best_fields', operator: 'or', fields: FIELDS } }],
        minimum_should_match: 0,
        must_not: [{ term: { id: 'me' } }],
      },
    },
    first: ['a', 'b'],
    second: ['c', 'd'],
  });
  assert.is(buildPeopleQuery({ filters: { sort_by: 'last_name' }, graph: G, networkMode: 'boost', from: 0, size: 10 }).graphRank, null);
  assert.is(buildPeopleQuery({ filters: {}, graph: G, networkMode: 'ignore', from: 0, size: 10 }).graphRank, null);
});

for (const c of CASES) {
  test(c.name, () => {
    const built = buildPeopleQuery(c.input);
    assert.equal(built.body, c.body);
    assert.equal(built.receipts, c.receipts ?? []);
    assert.is(built.matchesNothing, c.matchesNothing ?? null);
    assert.equal(built.postFilter, c.postFilter ?? null);
    expectValid(built.body);
  });
}

// Beyond OpenSearch's index.max_terms_count (65,536 values per terms query).
const LIMIT = 65_536;
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const BIG = ids('f', 70_000);

test('terms limit: a set of exactly 65,536 ids is still one terms filter', () => {
  const exact = ids('f', LIMIT);
  const built = buildPeopleQuery({
    filters: { connection_degrees: ['1st'] },
    graph: { firstDegree: exact, secondDegree: ['s1'], self: 'me' },
    networkMode: 'filter',
    from: 0,
    size: 10,
  });
  assert.equal(built.body, body({ bool: { filter: [{ terms: { id: exact } }], must_not: [{ term: { id: 'me' } }] } }));
  assert.equal([built.receipts, built.postFilter, built.matchesNothing], [[], null, null]);
  expectValid(built.body);
});

test('terms limit: a larger filter set leaves the query and becomes the post-filter', () => {
  const built = buildPeopleQuery({
    filters: { connection_degrees: ['1st'] },
    graph: { firstDegree: BIG, secondDegree: ['s1'], self: 'me' },
    networkMode: 'filter',
    from: 0,
    size: 10,
  });
  assert.equal(built.body, body({ bool: { must_not: [{ term: { id: 'me' } }] } }));
  assert.equal(built.postFilter, { kind: 'first_degree_ids', ids: new Set(BIG) });
  assert.equal(built.receipts, [
    {
      path: '/connection_degrees',
      action: 'normalized',
      message:
        'connection_degrees 1st: 70000 people exceed the 65536 ids one terms query takes; candidates are checked against the set after the search.',
    },
  ]);
  assert.is(built.matchesNothing, null);
  expectValid(built.body);
});

test('terms limit: two oversized filter sets post-filter on their intersection', () => {
  const built = buildPeopleQuery({
    filters: { connection_degrees: ['1st'], connected_to: ['u1'] },
    graph: { firstDegree: BIG, secondDegree: [], self: 'me' },
    networkMode: 'filter',
    connectedTo: { include: [...ids('f', 10), ...ids('g', 69_990)], exclude: [] },
    from: 0,
    size: 10,
  });
  assert.equal(built.body.query, { bool: { must_not: [{ term: { id: 'me' } }] } });
  assert.equal(built.postFilter, { kind: 'first_degree_ids', ids: new Set(ids('f', 10)) });
  assert.equal(
    built.receipts.map((r) => r.path),
    ['/connection_degrees', '/connected_to'],
  );
});

test('terms limit: boosts use the first 65,536 ids, 1st degree first', () => {
  const built = buildPeopleQuery({
    filters: {},
    graph: { firstDegree: BIG, secondDegree: ['s1', 's2'], self: 'me' },
    networkMode: 'boost',
    from: 0,
    size: 10,
  });
  assert.equal(
    built.body,
    body({
      bool: {
        should: [{ constant_score: { filter: { terms: { id: BIG.slice(0, LIMIT) } }, boost: 3 } }],
        minimum_should_match: 0,
        must_not: [{ term: { id: 'me' } }],
      },
    }),
  );
  assert.equal(built.receipts, [
    {
      path: '/network_filter_mode',
      action: 'truncated',
      message:
        'The network boost uses the first 65536 of 70002 connections (1st degree first, then 2nd degree strongest first); 4466 are not boosted.',
    },
  ]);
  assert.is(built.postFilter, null);
  expectValid(built.body);

  const some = buildPeopleQuery({
    filters: {},
    graph: { firstDegree: ids('f', 60_000), secondDegree: ids('s', 10_000), self: null },
    networkMode: 'boost',
    from: 0,
    size: 10,
  });
  assert.equal(some.body.query, {
    bool: {
      should: [
        { constant_score: { filter: { terms: { id: ids('f', 60_000) } }, boost: 3 } },
        { constant_score: { filter: { terms: { id: ids('s', LIMIT - 60_000) } }, boost: 1.5 } },
      ],
      minimum_should_match: 0,
    },
  });
});

test('terms limit: exclusions beyond the limit are split into several terms', () => {
  const built = buildPeopleQuery({
    filters: { connection_degrees: ['3rd+'] },
    graph: { firstDegree: BIG, secondDegree: [], self: 'me' },
    networkMode: 'filter',
    from: 0,
    size: 10,
  });
  assert.equal(built.body.query, {
    bool: { must_not: [{ terms: { id: BIG.slice(0, LIMIT) } }, { terms: { id: BIG.slice(LIMIT) } }, { term: { id: 'me' } }] },
  });
  assert.is(built.postFilter, null);
  expectValid(built.body);
});

test('sort: every key, its default order, missing last, id last', () => {
  const sortOf = (filters: PeopleQueryInput['filters']) =>
    buildPeopleQuery({ filters, graph: null, networkMode: 'boost', from: 0, size: 10 }).body.sort;
  const tie: SortClause = { id: 'asc' };
  const expected: [PeopleQueryInput['filters'], SortClause[]][] = [
    [{}, [{ _score: 'desc' }, tie]],
    [{ sort_by: 'relevance', sort_order: 'asc' }, [{ _score: 'desc' }, tie]],
    [{ sort_by: 'last_name' }, [{ 'display_name.sort': { order: 'asc', missing: '_last' } }, tie]],
    [{ sort_by: 'name' }, [{ 'display_name.sort': { order: 'asc', missing: '_last' } }, tie]],
    [{ sort_by: 'full_name', sort_order: 'desc' }, [{ 'display_name.sort': { order: 'desc', missing: '_last' } }, tie]],
    [{ sort_by: 'years_experience' }, [{ years_experience: { order: 'desc', missing: '_last' } }, tie]],
    [
      { sort_by: 'average_role_tenure_months', sort_order: 'asc' },
      [{ average_role_tenure_months: { order: 'asc', missing: '_last' } }, tie],
    ],
    [{ sort_by: 'last_active' }, [{ last_active_at: { order: 'desc', missing: '_last' } }, tie]],
    [{ sort_by: 'created_at' }, [{ created_at: { order: 'desc', missing: '_last' } }, tie]],
  ];
  for (const [filters, sort] of expected) {
    assert.equal(sortOf(filters), sort, JSON.stringify(filters));
    expectValid(body({ match_all: {} }, { sort }));
  }
});

test('normalizeFilters: limits, where, keywords text and duplicates, each with a receipt', () => {
  const manyNames = ids('Company ', 130);
  const long = 'x'.repeat(250);
  const { filters, receipts } = normalizeFilters({
    job_titles: { include: ['CTO', 'cto', ' VP Engineering ', ''], current_only: false },
    skills: { include: ids('skill', 120) },
    companies: [{ relation: 'past_employment', where: { identity: { names: manyNames, ids: ['c1', 'C1', 'c1'] } } }],
    connected_to: ids('u', 30),
    exclude_connected_to: ['u1'],
    keywords: 'rust, "machine learning", kafka',
    schools: [long],
    languages: [
      { name: 'Spanish', proficiency: 'Native' },
      { name: 'spanish', proficiency: 'NATIVE' },
    ],
    sort_by: 'full_name',
    where: { seniority: ['vp'], job_titles: { include: ['Ignored'] }, bogus: 1 },
  });
  assert.equal(filters, {
    job_titles: { include: ['CTO', 'VP Engineering'], current_only: false },
    seniority: ['vp'],
    companies: [{ relation: 'past_employment', where: { identity: { names: manyNames.slice(0, 100), ids: ['c1', 'C1'] } } }],
    skills: { include: ids('skill', 100) },
    schools: ['x'.repeat(200)],
    languages: [{ name: 'Spanish', proficiency: 'Native' }],
    connected_to: ids('u', 25),
    exclude_connected_to: ['u1'],
    keywords: ['rust', 'machine learning', 'kafka'],
    sort_by: 'full_name',
  });
  assert.equal(receipts, [
    { path: '/where/job_titles', action: 'ignored', message: '"job_titles" is also given at the top level, which wins.' },
    { path: '/where/bogus', action: 'ignored', message: '"bogus" is not a filter field; ignored.' },
    { path: '/where', action: 'normalized', message: 'Merged 1 field of where into the top level.' },
    { path: '/job_titles/include', action: 'ignored', message: 'Dropped 1 empty or non-text value.' },
    { path: '/job_titles/include', action: 'normalized', message: 'Removed 1 duplicate value (compared case-insensitively).' },
    { path: '/companies/0/where/identity/names', action: 'truncated', message: 'Used the first 100 of 130 values.' },
    { path: '/companies/0/where/identity/ids', action: 'normalized', message: 'Removed 1 duplicate value.' },
    { path: '/skills/include', action: 'truncated', message: 'Used the first 100 of 120 values.' },
    { path: '/schools', action: 'truncated', message: 'Cut 1 value to 200 characters.' },
    { path: '/languages', action: 'normalized', message: 'Removed 1 duplicate language (compared case-insensitively).' },
    { path: '/connected_to', action: 'truncated', message: 'Used the first 25 of 30 values.' },
    { path: '/keywords', action: 'normalized', message: 'Split the keywords text into 3 keywords.' },
  ]);
  // The builder reads the normalised filters as they are.
  expectValid(buildPeopleQuery({ filters, graph: null, networkMode: 'boost', from: 0, size: 10 }).body);
});

test('normalizeFilters: nothing to adjust gives no receipts and the same filters', () => {
  const filters = { job_titles: { include: ['CTO'] }, years_experience: { min: 3 }, keywords: ['rust'], sort_by: 'name' as const };
  assert.equal(normalizeFilters(filters), { filters, receipts: [] });
});

test('splitKeywords: commas, whitespace and quoted phrases', () => {
  assert.equal(splitKeywords('machine learning, rust'), ['machine learning', 'rust']);
  assert.equal(splitKeywords('machine learning rust'), ['machine', 'learning', 'rust']);
  assert.equal(splitKeywords('"machine learning" rust'), ['machine learning', 'rust']);
  assert.equal(splitKeywords('"a, b", c'), ['a, b', 'c']);
  assert.equal(splitKeywords('  '), []);
});

test.run();

// Every golden body runs on the embedded engine (the oversized sets are left out: see
// docs/query-planner.md on the cost of very large terms lists there).
const engine = loadedIndexSuite('golden bodies run on the embedded engine', 'profiles', PROFILES, [
  { id: 'a', display_name: 'Ada', headline: 'Rust engineer', current_title: 'Software Engineer', years_experience: 5 },
]);
for (const c of CASES) {
  engine(c.name, async (ctx) => {
    const res = await ctx.engine.search('profiles', c.body);
    assert.ok(res.total !== null);
  });
}
engine.run();
