import * as assert from 'uvu/assert';
import { PROFILES } from '../../mappings/indices.js';
import type { AdvancedFilters } from '../../query-planner/advanced-filters.js';
import { buildPeopleQuery, type PeopleQueryInput } from '../../query-planner/build/people-query.js';
import type { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { loadedIndexSuite } from '../helpers/loaded-index.js';
import { cityLocation } from '../helpers/snapshots.js';

const SF = cityLocation('San Francisco', 'US');
const OAKLAND = cityLocation('Oakland', 'US');
const BOSTON = cityLocation('Boston', 'US');
const BERLIN = cityLocation('Berlin', 'DE');
const AUSTIN = cityLocation('Austin', 'US');

const acmeNow = { company_id: 'c-acme', company_name: 'Acme Inc', title: 'Software Engineer', is_current: true, start: '2021-01' };
const acmeBefore = { company_id: 'c-acme', company_name: 'Acme Inc', title: 'Intern', is_current: false, start: '2018-01', end: '2019-06' };

/** A profile as the indexer writes it (only mapped fields). */
const doc = (id: string, name: string | null, extra: Record<string, unknown>) => ({
  id,
  ...(name === null ? {} : { display_name: name }),
  created_at: '2026-01-01T00:00:00Z',
  ...extra,
});

const scientist = { headline: 'Data Scientist', current_title: 'Data Scientist', function: 'data_analytics', seniority: 'ic' };

const DOCS = [
  doc('p01', 'Ada Lovelace', {
    headline: 'Software Engineer building compilers',
    current_title: 'Software Engineer',
    function: 'engineering',
    seniority: 'ic',
    years_experience: 8,
    location: SF,
    current_company_id: 'c-acme',
    current_company_name: 'Acme Inc',
    current_company: { revenue_usd: 5_000_000, employee_count: 120, industry: 'Software', domain: 'acme.com', status: 'active' },
    experiences: [acmeNow, { company_id: 'c-globex', company_name: 'Globex', title: 'Data Analyst', is_current: false, start: '2015-01' }],
    skills: ['TypeScript', 'Go'],
    languages: [
      { name: 'English', proficiency: 'Native' },
      { name: 'Spanish', proficiency: 'Professional working proficiency' },
    ],
    education: [{ school: 'Stanford University', degree: 'Bachelor of Science' }],
  }),
  doc('p02', 'bob Builder', {
    headline: 'Senior Software Engineer',
    current_title: 'Senior Software Engineer',
    function: 'engineering',
    seniority: 'senior_ic',
    years_experience: 0,
    location: OAKLAND,
    current_company_id: 'c-globex',
    current_company_name: 'Globex',
    current_company: { employee_count: 40 },
    experiences: [
      { company_id: 'c-globex', company_name: 'Globex', title: 'Senior Software Engineer', is_current: true, start: '2020-01' },
      acmeBefore,
    ],
  }),
  doc('p03', 'Carla Díaz', {
    headline: 'Product Manager',
    current_title: 'Product Manager',
    function: 'product',
    seniority: 'manager',
    years_experience: null,
    location: BOSTON,
    current_company_id: 'c-initech',
    current_company_name: 'Initech',
    current_company: { revenue_usd: 0 },
    experiences: [],
    education: [{ school: 'MIT', degree: 'MBA' }],
  }),
  doc('p04', 'Dmitri Ivanov', {
    headline: 'Engineering Manager',
    current_title: 'Engineering Manager',
    function: 'engineering',
    seniority: 'manager',
    years_experience: 12,
    location: BERLIN,
    current_company_name: 'Umbrella',
    current_company: { revenue_usd: 2_000_000_000 },
    languages: [{ name: 'Spanish', proficiency: 'Native' }],
  }),
  doc('p05', 'Eve Adams', {
    headline: 'Software Engineers Guild lead',
    current_title: 'Staff Software Engineer',
    function: 'engineering',
    seniority: 'staff',
    years_experience: 3,
    location: AUSTIN,
    current_company: { revenue_usd: null },
  }),
  doc('p06', 'Zoë Zimmer', { headline: 'Recruiter', current_title: 'Technical Recruiter', function: 'people_hr', seniority: 'ic' }),
  // Works at Acme according to its experiences only (no current_company_id).
  doc('p07', 'Émile Zola', { headline: 'Writer', current_title: 'Software Engineer', experiences: [acmeNow] }),
  doc('p08', null, { headline: 'Designer', current_title: 'Designer', location: { raw: 'Atlantis Plains' } }),
  doc('p09', 'alice Wong', { headline: 'Nurse', current_title: 'Nurse' }),
  doc('p10', 'Kim Lee', scientist),
  doc('p11', 'Lee Kim', scientist),
  doc('p12', 'Mo Chen', scientist),
  doc('p13', 'Self Person', scientist),
  doc('p14', null, { headline: 'Chef', current_title: 'Chef' }),
  doc('p15', 'Yusuf Ali', { headline: 'Lawyer', current_title: 'Lawyer' }),
  // Places resolved by a source that knew neither the Baltics nor the Twin Cities (nameless, so
  // they sort last by name, then by id).
  doc('p16', null, {
    headline: 'Baker',
    current_title: 'Baker',
    location: { raw: 'Tallinn, Estonia', city: 'Tallinn', country: 'Estonia', country_code: 'EE', regions: ['Europe'] },
  }),
  doc('p17', null, {
    headline: 'Baker',
    current_title: 'Baker',
    location: { raw: 'St. Paul, MN', city: 'St. Paul', region: 'Minnesota', country: 'United States', country_code: 'US', regions: [] },
  }),
  // A part of a country that is neither a country nor a US state (the Prairies: three provinces).
  doc('p18', null, {
    headline: 'Baker',
    current_title: 'Baker',
    location: { raw: 'Regina, Canada', city: 'Regina', region: 'Saskatchewan', country: 'Canada', country_code: 'CA', regions: [] },
  }),
];

const INDEX = 'people-query-profiles';
const s = loadedIndexSuite('people query on the embedded engine', INDEX, PROFILES, DOCS);

const input = (filters: AdvancedFilters, extra: Partial<PeopleQueryInput> = {}): PeopleQueryInput => ({
  filters,
  graph: null,
  networkMode: 'boost',
  from: 0,
  size: 25,
  ...extra,
});

/** Ids found, in the order of the body's sort. */
async function run(engine: EmbeddedEngine, i: PeopleQueryInput): Promise<string[]> {
  const built = buildPeopleQuery(i);
  const res = await engine.search(INDEX, built.body);
  if ((res.total?.value ?? 0) <= i.size) assert.is(res.hits.length, res.total?.value);
  return res.hits.map((h) => h.id);
}
const sorted = (ids: string[]) => [...ids].sort();

s('job titles: plural and singular match alike, current title only by default', async ({ engine }) => {
  const expected = ['p01', 'p02', 'p05', 'p07'];
  assert.equal(sorted(await run(engine, input({ job_titles: { include: ['Software Engineers'] } }))), expected);
  assert.equal(sorted(await run(engine, input({ job_titles: { include: ['software engineer'] } }))), expected);
  // Intern is a past title of p02 only.
  assert.equal(await run(engine, input({ job_titles: { include: ['Intern'] } })), []);
  assert.equal(await run(engine, input({ job_titles: { include: ['Intern'], current_only: false } })), ['p02']);
  assert.equal(sorted(await run(engine, input({ job_titles: { include: ['Software Engineer'], exclude: ['Senior'] } }))), [
    'p01',
    'p05',
    'p07',
  ]);
});

s('job titles: the exact title ranks first', async ({ engine }) => {
  const ids = await run(engine, input({ job_titles: { include: ['Software Engineer'] } }));
  assert.equal(sorted(ids.slice(0, 2)), ['p01', 'p07']);
});

s('locations: a city loosely finds its metro; states, regions and unknown places', async ({ engine }) => {
  const sf = buildPeopleQuery(input({ locations: { include: ['San Francisco'] } }));
  assert.equal(sf.receipts, []);
  assert.equal(sorted(await run(engine, input({ locations: { include: ['San Francisco'] } }))), ['p01', 'p02']);
  assert.equal(await run(engine, input({ locations: { include: ['MA'] } })), ['p03']);
  assert.equal(await run(engine, input({ locations: { include: ['Massachusetts'] } })), ['p03']);
  assert.equal(await run(engine, input({ locations: { include: ['DACH'] } })), ['p04']);
  assert.equal(sorted(await run(engine, input({ locations: { include: ['Bay Area', 'Texas'] } }))), ['p01', 'p02', 'p05']);
  assert.equal(await run(engine, input({ locations: { include: ['Atlantis Plains'] } })), ['p08']);
  // A region or metro the record's source did not store: its countries, states or cities match.
  assert.equal(await run(engine, input({ locations: { include: ['Baltics'] } })), ['p16']);
  assert.equal(await run(engine, input({ locations: { include: ['Twin Cities'] } })), ['p17']);
  assert.equal(await run(engine, input({ locations: { include: ['Great Plains', 'Midwest'] } })), ['p17']);
  assert.equal(await run(engine, input({ locations: { include: ['the Prairies'] } })), ['p18']);
  assert.equal(await run(engine, input({ locations: { include: ['Western Canada'] } })), ['p18']);
  assert.equal(await run(engine, input({ locations: { include: ['Atlantic Canada'] } })), []);
  assert.equal(sorted(await run(engine, input({ locations: { include: ['Northeast'] } }))), ['p03']);
  const excluded = await run(engine, input({ job_titles: { include: ['Software Engineer'] }, locations: { exclude: ['Oakland'] } }));
  assert.equal(sorted(excluded), ['p01', 'p05', 'p07']);
});

s('ranges: zero and missing never count; min above max matches nothing', async ({ engine }) => {
  assert.equal(sorted(await run(engine, input({ years_experience: { max: 10 } }))), ['p01', 'p05']);
  assert.equal(sorted(await run(engine, input({ years_experience: { min: 0 } }))), ['p01', 'p04', 'p05']);
  assert.equal(sorted(await run(engine, input({ years_experience: { min: 5, max: 12 } }))), ['p01', 'p04']);
  const none = input({ years_experience: { min: 10, max: 5 } });
  assert.ok(buildPeopleQuery(none).matchesNothing);
  assert.equal(await run(engine, none), []);
});

s('revenue and company size: companies without the figure never match', async ({ engine }) => {
  assert.equal(sorted(await run(engine, input({ revenue: { min: 0 } }))), ['p01', 'p04']);
  assert.equal(await run(engine, input({ revenue: { max: 10_000_000 } })), ['p01']);
  assert.equal(sorted(await run(engine, input({ company_size: { min: 1 } }))), ['p01', 'p02']);
  assert.equal(await run(engine, input({ company_size: { min: 100, max: 1000 } })), ['p01']);
});

s('companies: current, past and any employment, and exclusion', async ({ engine }) => {
  const acme = (relation: 'current_employment' | 'past_employment' | 'any_employment', operator: 'include' | 'exclude' = 'include') =>
    input({ companies: [{ relation, operator, where: { identity: { ids: ['c-acme'] } } }] });
  assert.equal(sorted(await run(engine, acme('current_employment'))), ['p01', 'p07']);
  assert.equal(await run(engine, acme('past_employment')), ['p02']);
  assert.equal(sorted(await run(engine, acme('any_employment'))), ['p01', 'p02', 'p07']);
  const notAtAcme = await run(engine, acme('current_employment', 'exclude'));
  assert.equal(notAtAcme.length, DOCS.length - 2);
  assert.not.ok(notAtAcme.includes('p01') || notAtAcme.includes('p07'));
  const byName = input({ companies: [{ where: { identity: { names: ['acme'] } } }] });
  assert.equal(sorted(await run(engine, byName)), ['p01', 'p07']);
  const byDomain = input({ companies: [{ where: { identity: { domains: ['ACME.com'] } } }] });
  assert.equal(await run(engine, byDomain), ['p01']);
});

s('skills, schools, degrees, industries', async ({ engine }) => {
  assert.equal(await run(engine, input({ skills: { include: ['typescript'] } })), ['p01']);
  assert.equal(await run(engine, input({ schools: ['Stanford'] })), ['p01']);
  assert.equal(await run(engine, input({ degrees: ['MBA', 'PhD'] })), ['p03']);
  assert.equal(await run(engine, input({ degrees: ['bachelor science'] })), ['p01']);
  assert.equal(await run(engine, input({ industries: { include: ['SOFTWARE'] } })), ['p01']);
});

s('languages: proficiency matched case-insensitively', async ({ engine }) => {
  assert.equal(sorted(await run(engine, input({ languages: [{ name: 'SPANISH' }] }))), ['p01', 'p04']);
  assert.equal(await run(engine, input({ languages: [{ name: 'spanish', proficiency: 'NATIVE' }] })), ['p04']);
  assert.equal(await run(engine, input({ languages: [{ name: 'English' }, { name: 'Spanish' }] })), ['p01']);
});

s('keywords: every keyword required; context keywords', async ({ engine }) => {
  assert.equal(await run(engine, input({ keywords: ['compilers', 'typescript'] })), ['p01']);
  assert.equal(await run(engine, input({ keywords: ['compilers', 'kotlin'] })), []);
  const core = await run(engine, input({ additional_context_keywords_core: ['compilers', 'recruiter'] }));
  assert.equal(sorted(core), ['p01', 'p06']);
});

const graph = { firstDegree: ['p12'], secondDegree: ['p11'], self: 'p13' };

s('boost: 1st degree above 2nd above others at equal text; the requester never returned', async ({ engine }) => {
  const ids = await run(engine, input({}, { text: ['data', 'scientist'], textRequired: true, graph }));
  assert.equal(ids, ['p12', 'p11', 'p10']);
  const all = await run(engine, input({}, { graph }));
  assert.equal(all.slice(0, 2), ['p12', 'p11']);
  assert.not.ok(all.includes('p13'));
  assert.equal(all.length, DOCS.length - 1);
});

s('network modes: filter, degrees, connected_to, ignore', async ({ engine }) => {
  // No boosts outside boost mode: equal scores, ordered by id.
  assert.equal(await run(engine, input({}, { graph, networkMode: 'filter' })), ['p11', 'p12']);
  assert.equal(await run(engine, input({ connection_degrees: ['2nd'] }, { graph, networkMode: 'filter' })), ['p11']);
  const third = await run(engine, input({ connection_degrees: ['3rd+'] }, { graph }));
  assert.equal(third.length, DOCS.length - 3);
  assert.not.ok(['p11', 'p12', 'p13'].some((id) => third.includes(id)));
  const connected = input(
    { connected_to: ['u1'] },
    { graph, networkMode: 'connected_to', connectedTo: { include: ['p10', 'p13'], exclude: [] } },
  );
  assert.equal(await run(engine, connected), ['p10']);
  const excluded = await run(
    engine,
    input({ exclude_connected_to: ['u2'] }, { graph, connectedTo: { include: [], exclude: ['p01', 'p02'] } }),
  );
  assert.equal(excluded.length, DOCS.length - 3);
  const ignored = await run(engine, input({ connection_degrees: ['1st'] }, { graph, networkMode: 'ignore' }));
  assert.equal(ignored.length, DOCS.length - 1);
});

s('sort by last name: case-sensitive order, nameless last, then id', async ({ engine }) => {
  const asc = await run(engine, input({ sort_by: 'last_name' }));
  assert.equal(asc, [
    'p01',
    'p03',
    'p04',
    'p05',
    'p10',
    'p11',
    'p12',
    'p13',
    'p15',
    'p06',
    'p09',
    'p02',
    'p07',
    'p08',
    'p14',
    'p16',
    'p17',
    'p18',
  ]);
  const desc = await run(engine, input({ sort_by: 'full_name', sort_order: 'desc' }));
  assert.equal(desc, [
    'p07',
    'p02',
    'p09',
    'p06',
    'p15',
    'p13',
    'p12',
    'p11',
    'p10',
    'p05',
    'p04',
    'p03',
    'p01',
    'p08',
    'p14',
    'p16',
    'p17',
    'p18',
  ]);
});

s('sort by years of experience: descending by default, missing last', async ({ engine }) => {
  const ids = await run(engine, input({ sort_by: 'years_experience' }));
  assert.equal(ids.slice(0, 5), ['p04', 'p01', 'p05', 'p02', 'p03']);
  const page = await run(engine, input({ sort_by: 'years_experience', sort_order: 'asc' }, { from: 0, size: 3 }));
  assert.equal(page, ['p02', 'p05', 'p01']);
});

s.run();
