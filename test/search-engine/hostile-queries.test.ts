/**
 * Issue 11: large and hostile queries. Within the engine's limits (query-limits.ts) every query
 * compiles to one statement SQLite accepts, whatever its width, depth and list lengths; beyond
 * them the engine refuses it with a SearchEngineError, never with a raw SqliteError ("at most 64
 * tables in a join", "too many SQL variables", "Expression tree is too large").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROFILES } from '../../mappings/indices.js';
import { keywordQuery } from '../../query-planner/build/filter-clauses.js';
import { normalizeFilters } from '../../query-planner/build/normalize.js';
import { buildPeopleQuery } from '../../query-planner/build/people-query.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { MAX_QUERY_CLAUSES, MAX_QUERY_DEPTH } from '../../search-engine/embedded/query-limits.js';
import { SearchEngineError } from '../../search-engine/errors.js';
import type { Query, SearchBody } from '../../search-engine/port.js';
import { hostileProfiles, QueryGenerator } from './hostile-query-cases.js';

let engine: EmbeddedEngine;
let dir: string;

test.before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-hostile-'));
  engine = new EmbeddedEngine(dir);
  await engine.createIndex('people', PROFILES);
  await engine.bulk(
    'people',
    hostileProfiles().map((p) => ({ op: 'index' as const, id: p.id, doc: p.doc })),
  );
});

test.after(async () => {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs a query ranked and sorted by a field, and counts it; the three must agree on the total. */
async function runs(query: Query, label: string): Promise<number> {
  const body: SearchBody = { query, size: 20, track_total_hits: true };
  const ranked = await engine.search('people', { ...body, sort: ['_score', { id: 'asc' }] });
  const sorted = await engine.search('people', { ...body, sort: [{ years_experience: 'desc' }, { id: 'asc' }] });
  const counted = await engine.count('people', query);
  assert.equal([ranked.total?.value, sorted.total?.value], [counted, counted], label);
  return counted;
}

async function refused(query: Query, code: SearchEngineError['code']): Promise<SearchEngineError> {
  try {
    await engine.search('people', { query });
  } catch (err) {
    assert.instance(err, SearchEngineError);
    assert.is((err as SearchEngineError).code, code, (err as Error).message);
    return err as SearchEngineError;
  }
  throw new Error('expected the query to be refused');
}

test('random bools of every leaf kind, hundreds of clauses wide and nested, all run', async () => {
  for (let seed = 1; seed <= 40; seed++) {
    const gen = new QueryGenerator(seed);
    await runs(gen.bool(gen.int(1, 4)), `seed ${seed}`);
  }
});

test('every leaf kind the planner emits, 120 of each, in must, filter, should and must_not', async () => {
  const gen = new QueryGenerator(7);
  const many = (n: number) => Array.from({ length: n }, () => gen.rootLeaf(1));
  const nested = (n: number) => Array.from({ length: n }, () => gen.nestedClause());
  for (const key of ['must', 'filter', 'should', 'must_not']) {
    await runs({ bool: { [key]: [...many(120), ...nested(120)] } }, key);
    await runs({ bool: { must: [{ match_all: {} }], [key]: [...many(500), ...nested(100)] } }, `${key}: 600`);
  }
  await runs({ bool: { must: many(300), filter: many(300), should: many(300), must_not: many(300), minimum_should_match: 3 } }, 'all four');
});

test('100 text clauses of one word each, as the keyword and residual-text clauses', async () => {
  // Every profile titled "Data Engineer" matches all of them.
  const words = Array.from({ length: 100 }, (_, i) => (i % 2 ? 'engineer' : 'data'));
  assert.ok((await runs({ bool: { must: words.map((w) => ({ match: { headline: w } })) } }, 'match')) > 0);
  assert.ok((await runs({ bool: { must: words.map(keywordQuery) } }, 'keywords')) > 0);
  await runs({ bool: { filter: words.map(keywordQuery) } }, 'filter');
  await runs({ bool: { should: words.map(keywordQuery), minimum_should_match: 0 } }, 'should');
  await runs(
    { bool: { must: [{ bool: { should: words.map(keywordQuery), minimum_should_match: 1 } }], must_not: words.map(keywordQuery) } },
    'any',
  );
});

test(`bools nested ${MAX_QUERY_DEPTH} deep run; deeper ones are refused`, async () => {
  for (let seed = 1; seed <= 6; seed++) {
    const gen = new QueryGenerator(100 + seed);
    await runs(gen.deep(MAX_QUERY_DEPTH), `deep seed ${seed}`);
    await runs(gen.bool(MAX_QUERY_DEPTH), `wide and deep seed ${seed}`);
  }
  await refused(new QueryGenerator(1).deep(MAX_QUERY_DEPTH + 1), 'unsupported_query');
});

test('terms lists of 65,536 values, several in one query, run; longer lists are refused', async () => {
  const values = (prefix: string, n = 65_536) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const total = await runs(
    {
      bool: {
        filter: [{ terms: { function: [...values('f', 65_530), 'engineering', 'design'] } }, { terms: { 'skills.keyword': values('s') } }],
        should: [
          { nested: { path: 'experiences', query: { terms: { 'experiences.company_id': values('c') } } } },
          { terms: { id: values('p') } },
        ],
        must_not: [{ terms: { 'location.country_code': values('X') } }],
      },
    },
    'long lists',
  );
  assert.is(total, 0, 'no skill is named s0…s65535');
  assert.is(await runs({ terms: { function: [...values('f', 65_535), 'engineering'] } }, 'one list'), 60);
  await refused({ terms: { function: values('f', 65_537) } }, 'invalid_query');
});

test(`more than ${MAX_QUERY_CLAUSES} leaves are refused`, async () => {
  const leaves = Array.from({ length: MAX_QUERY_CLAUSES + 1 }, (_, i) => ({ term: { function: `f${i}` } }));
  await refused({ bool: { should: leaves } }, 'unsupported_query');
});

test("the planner's largest people query runs: every list filter at its limit, 100 keywords", async () => {
  const list = (prefix: string, n = 100) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);
  const { filters } = normalizeFilters({
    job_titles: { include: list('vp engineering'), exclude: list('sr swe'), current_only: false },
    companies: Array.from({ length: 100 }, (_, i) => ({
      relation: (['current_employment', 'past_employment', 'any_employment'] as const)[i % 3],
      operator: i % 2 ? ('exclude' as const) : ('include' as const),
      where: { identity: { names: list(`co${i}`), ids: list(`id${i}`), domains: list(`d${i}.com`) } },
    })),
    industries: { include: list('industry'), exclude: list('other') },
    locations: { include: list('Place'), exclude: list('Elsewhere') },
    skills: { include: list('skill'), exclude: list('bad skill') },
    schools: list('school'),
    degrees: list('degree'),
    languages: list('lang').map((name) => ({ name, proficiency: 'native' })),
    keywords: list('keyword'),
    additional_context_keywords_core: list('core'),
    additional_context_keywords_supporting: list('support'),
  });
  const ids = Array.from({ length: 5000 }, (_, i) => `p${String(i).padStart(4, '0')}`);
  const graph = { firstDegree: ids.slice(0, 2000), secondDegree: ids.slice(2000), self: 'p0001' };
  for (const networkMode of ['boost', 'filter'] as const) {
    const { body } = buildPeopleQuery({ filters, text: list('word', 20), graph, networkMode, from: 0, size: 10 });
    const res = await engine.search('people', body);
    assert.is(res.total?.value, 0);
  }
  // Issue 11's case: 63 keywords (the limit is 100) and nothing else.
  const { filters: keywordsOnly } = normalizeFilters({ keywords: list('keyword', 63) });
  const { body } = buildPeopleQuery({ filters: keywordsOnly, graph: null, networkMode: 'ignore', from: 0, size: 10 });
  assert.is((await engine.search('people', body)).total?.value, 0);
});

test.run();
