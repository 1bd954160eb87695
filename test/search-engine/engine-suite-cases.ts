/** Documents and cases of the shared engine suite (engine-suite.test.ts). */
import type { SearchBody } from '../../search-engine/port.js';

export const P = (id: string, name: string | null, extra: Record<string, unknown>) => ({
  id,
  ...(name === null ? {} : { display_name: name }),
  created_at: '2026-01-01T00:00:00Z',
  ...extra,
});

export const DOCS = [
  P('p01', 'Ada Lovelace', {
    headline: 'Staff Software Engineer building compilers',
    current_title: 'Staff Software Engineer',
    function: 'engineering',
    seniority: 'staff',
    years_experience: 12,
    location: { raw: 'London', city: 'London', country: 'United Kingdom', country_code: 'GB', regions: ['EMEA', 'Europe'] },
    skills: ['Rust', 'Compilers'],
    experiences: [
      { company_id: 'c1', company_name: 'Acme', title: 'Staff Software Engineer', is_current: true, start: '2020-01' },
      { company_id: 'c2', company_name: 'Globex', title: 'Software Engineer', is_current: false, start: '2014-01', end: '2019-12' },
    ],
  }),
  P('p02', 'bob Builder', {
    headline: 'Engineering Manager for platform teams',
    current_title: 'Engineering Manager',
    function: 'engineering',
    seniority: 'manager',
    years_experience: 9,
    location: { raw: 'Berlin', city: 'Berlin', country: 'Germany', country_code: 'DE', regions: ['DACH', 'EMEA', 'Europe'] },
    skills: ['Leadership', 'Go'],
    experiences: [{ company_id: 'c2', company_name: 'Globex', title: 'Engineering Manager', is_current: true, start: '2021-03' }],
  }),
  P('p03', 'Carla Díaz', {
    headline: 'Product Designer',
    bio: 'Draws interfaces people enjoy.',
    current_title: 'Product Designer',
    function: 'design',
    seniority: 'ic',
    years_experience: 4,
    location: { raw: 'Madrid', city: 'Madrid', country: 'Spain', country_code: 'ES', regions: ['EMEA', 'Europe'] },
    skills: ['Figma'],
    experiences: [{ company_id: 'c1', company_name: 'Acme', title: 'Designer', is_current: false, start: '2019-01', end: '2022-01' }],
  }),
  P('p04', 'Dmitri Ivanov', {
    headline: 'Senior Data Engineer, streaming pipelines',
    current_title: 'Senior Data Engineer',
    function: 'data_analytics',
    seniority: 'senior_ic',
    years_experience: 7,
    location: { raw: 'Austin', city: 'Austin', country: 'United States', country_code: 'US', regions: ['AMER', 'North America'] },
    skills: ['Kafka', 'Go'],
    experiences: [{ company_id: 'c3', company_name: 'Initech', title: 'Senior Data Engineer', is_current: true, start: '2022-05' }],
  }),
  P('p05', 'Eve Adams', {
    headline: 'VP Sales',
    current_title: 'VP of Sales',
    function: 'sales',
    seniority: 'vp',
    years_experience: 20,
    location: {
      raw: 'New York',
      city: 'New York',
      country: 'United States',
      country_code: 'US',
      metro: 'Greater New York',
      regions: ['AMER', 'East Coast', 'North America'],
    },
    skills: ['Negotiation'],
    experiences: [],
  }),
  P('p06', null, {
    headline: 'Engineer',
    current_title: 'Engineer',
    function: 'engineering',
    seniority: 'ic',
    years_experience: null,
    location: null,
    skills: [],
    experiences: [],
  }),
  P('p07', 'Zoë Zimmer', {
    headline: 'Site Reliability Engineer',
    current_title: 'Site Reliability Engineer',
    function: 'engineering',
    seniority: 'ic',
    years_experience: 0,
    location: { raw: 'Zürich', city: 'Zürich', country: 'Switzerland', country_code: 'CH', regions: ['DACH', 'EMEA', 'Europe'] },
    skills: ['Kubernetes'],
    experiences: [{ company_id: 'c3', company_name: 'Initech', title: 'SRE', is_current: true, start: '2025-01' }],
  }),
  P('p08', 'Adam Zed', {
    last_name: 'Sørlie',
    current_company_name: 'Bjørnstad & Søn',
    headline: 'Recruiter',
    current_title: 'Technical Recruiter',
    function: 'people_hr',
    seniority: 'ic',
    years_experience: 3,
    location: { raw: 'Austin', city: 'Austin', country: 'United States', country_code: 'US', regions: ['AMER', 'North America'] },
    skills: ['Sourcing'],
    experiences: [],
  }),
];

export interface Case {
  name: string;
  body: SearchBody;
  ids: string[];
  total: number;
  /** The order is defined by the sort (compare exactly); otherwise compare as sets. */
  ordered?: boolean;
}

export const tie = { id: 'asc' } as const;
export const CASES: Case[] = [
  {
    name: 'term on a normalised keyword',
    body: { query: { bool: { filter: [{ term: { 'location.country': 'united states' } }] } } },
    ids: ['p04', 'p05', 'p08'],
    total: 3,
  },
  {
    name: 'conjunction of single-valued, multi-valued and range filters',
    body: {
      query: {
        bool: {
          filter: [
            { term: { function: 'engineering' } },
            { term: { 'location.regions': 'emea' } },
            { range: { years_experience: { gte: 5 } } },
            { exists: { field: 'seniority' } },
          ],
        },
      },
    },
    ids: ['p01', 'p02'],
    total: 2,
  },
  {
    name: 'conjunction with terms and a negative',
    body: {
      query: {
        bool: {
          filter: [{ terms: { seniority: ['ic', 'staff', 'manager'] } }, { term: { function: 'engineering' } }],
          must_not: [{ term: { 'location.country_code': 'CH' } }],
        },
      },
    },
    ids: ['p01', 'p02', 'p06'],
    total: 3,
  },
  { name: 'terms', body: { query: { bool: { filter: [{ terms: { seniority: ['vp', 'manager'] } }] } } }, ids: ['p02', 'p05'], total: 2 },
  {
    name: 'range with both bounds',
    body: { query: { bool: { filter: [{ range: { years_experience: { gte: 4, lt: 12 } } }] } } },
    ids: ['p02', 'p03', 'p04'],
    total: 3,
  },
  {
    name: 'range excludes missing values',
    body: { query: { bool: { filter: [{ range: { years_experience: { gte: 0 } } }] } } },
    ids: ['p01', 'p02', 'p03', 'p04', 'p05', 'p07', 'p08'],
    total: 7,
  },
  {
    name: 'min above max matches nothing',
    body: { query: { bool: { filter: [{ range: { years_experience: { gte: 10, lte: 5 } } }] } } },
    ids: [],
    total: 0,
  },
  {
    name: 'exists and must_not exists',
    body: { query: { bool: { must_not: [{ exists: { field: 'location.city' } }] } } },
    ids: ['p06'],
    total: 1,
  },
  { name: 'exists on a text field', body: { query: { bool: { filter: [{ exists: { field: 'bio' } }] } } }, ids: ['p03'], total: 1 },
  {
    name: 'exists on a nested text field',
    body: { query: { nested: { path: 'experiences', query: { exists: { field: 'experiences.title' } } } } },
    ids: ['p01', 'p02', 'p03', 'p04', 'p07'],
    total: 5,
  },
  { name: 'ids', body: { query: { ids: { values: ['p03', 'p07', 'nope'] } } }, ids: ['p03', 'p07'], total: 2 },
  {
    name: 'match with stemming and folding',
    body: { query: { match: { headline: 'engineering' } } },
    ids: ['p01', 'p02', 'p04', 'p06', 'p07'],
    total: 5,
  },
  {
    name: 'match operator and',
    body: { query: { match: { headline: { query: 'data engineer', operator: 'and' } } } },
    ids: ['p04'],
    total: 1,
  },
  { name: 'match on a name is accent-insensitive', body: { query: { match: { display_name: 'zoe' } } }, ids: ['p07'], total: 1 },
  // OpenSearch's asciifolding also folds letters that carry no mark to strip (ø, ł, ß, æ).
  { name: 'match folds ø as asciifolding does', body: { query: { match: { last_name: 'SORLIE' } } }, ids: ['p08'], total: 1 },
  { name: 'match on ø as written', body: { query: { match: { last_name: 'sørlie' } } }, ids: ['p08'], total: 1 },
  {
    name: 'a normalised keyword folds ø as asciifolding does',
    body: { query: { term: { 'current_company_name.keyword': 'Bjornstad & Son' } } },
    ids: ['p08'],
    total: 1,
  },
  {
    name: 'a phrase over folded letters',
    body: { query: { match_phrase: { current_company_name: 'bjornstad søn' } } },
    ids: ['p08'],
    total: 1,
  },
  {
    name: 'multi_match over boosted fields',
    body: { query: { multi_match: { query: 'designer', fields: ['headline^2', 'current_title'] } } },
    ids: ['p03'],
    total: 1,
  },
  { name: 'match_phrase', body: { query: { match_phrase: { headline: 'software engineer' } } }, ids: ['p01'], total: 1 },
  { name: 'prefix on a keyword', body: { query: { prefix: { 'current_title.keyword': 'senior' } } }, ids: ['p04'], total: 1 },
  {
    name: 'bool should with minimum_should_match',
    body: {
      query: {
        bool: {
          should: [{ term: { function: 'engineering' } }, { term: { 'location.regions': 'dach' } }, { term: { 'skills.keyword': 'go' } }],
          minimum_should_match: 2,
        },
      },
    },
    ids: ['p02', 'p07'],
    total: 2,
  },
  {
    name: 'bool must + filter + must_not',
    body: {
      query: {
        bool: {
          must: [{ match: { headline: 'engineer' } }],
          filter: [{ term: { 'location.regions': 'emea' } }],
          must_not: [{ term: { seniority: 'manager' } }],
        },
      },
    },
    ids: ['p01', 'p07'],
    total: 2,
  },
  {
    name: 'nested: both conditions on the same experience',
    body: {
      query: {
        nested: {
          path: 'experiences',
          query: { bool: { filter: [{ term: { 'experiences.company_id': 'c1' } }, { term: { 'experiences.is_current': false } }] } },
        },
      },
    },
    ids: ['p03'],
    total: 1,
  },
  {
    // Titles fold plurals only (proxima_title): p02's "Engineering Manager" is not an engineer.
    name: 'nested text match',
    body: { query: { nested: { path: 'experiences', query: { match: { 'experiences.title': 'engineer' } } } } },
    ids: ['p01', 'p04'],
    total: 2,
  },
  {
    name: 'constant_score',
    body: { query: { constant_score: { filter: { term: { 'skills.keyword': 'go' } }, boost: 3 } } },
    ids: ['p02', 'p04'],
    total: 2,
  },
  {
    name: 'function_score with filter + weight',
    body: {
      query: {
        function_score: {
          query: { bool: { filter: [{ term: { function: 'engineering' } }] } },
          functions: [{ filter: { term: { seniority: 'staff' } }, weight: 5 }],
          score_mode: 'sum',
          boost_mode: 'sum',
        },
      },
      sort: ['_score', tie],
    },
    ids: ['p01', 'p02', 'p06', 'p07'],
    total: 4,
    ordered: true,
  },
  {
    name: 'sort by name, case-sensitive, nameless last',
    body: { query: { match_all: {} }, sort: [{ 'display_name.sort': { order: 'asc', missing: '_last' } }, tie] },
    ids: ['p01', 'p08', 'p03', 'p04', 'p05', 'p07', 'p02', 'p06'],
    total: 8,
    ordered: true,
  },
  {
    name: 'sort by number desc then id, missing last',
    body: { query: { match_all: {} }, sort: [{ years_experience: { order: 'desc' } }, tie] },
    ids: ['p05', 'p01', 'p02', 'p04', 'p03', 'p08', 'p07', 'p06'],
    total: 8,
    ordered: true,
  },
  {
    name: 'paging with from/size',
    body: { query: { match_all: {} }, sort: [{ years_experience: 'asc' }, tie], from: 2, size: 3 },
    ids: ['p03', 'p04', 'p02'],
    total: 8,
    ordered: true,
  },
  {
    name: 'track_total_hits as a cap',
    body: { query: { match_all: {} }, sort: [tie], size: 1, track_total_hits: 5 },
    ids: ['p01'],
    total: 5,
    ordered: true,
  },
];
