/**
 * A bool that requires a short id list (a first-degree filter, a cohort) bounds its other
 * clauses by that set: text and keyword leaves keep only listed documents instead of building, or
 * scoring, their sets over the whole corpus. The bound must never change a result: every query
 * here is run bounded and in an equivalent unbounded form (the id clause wrapped in its own
 * bool), and hits, scores and totals must be identical.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROFILES } from '../../mappings/indices.js';
import { ID_BOUND_MAX } from '../../search-engine/embedded/compile-compound.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import type { Query } from '../../search-engine/port.js';

const TITLES = ['Software Engineer', 'Senior Data Engineer', 'Engineering Manager', 'Product Designer', 'VP of Sales', 'Staff Engineer'];
const FUNCTIONS = ['engineering', 'data_analytics', 'engineering', 'design', 'sales', 'engineering'];
const WORDS = ['building', 'platform', 'streaming', 'senior', 'data', 'compilers', 'teams', 'growth', 'design', 'systems'];
const SKILLS = ['Go', 'Rust', 'Kafka', 'Figma', 'Leadership', 'Python'];

/** 600 profiles, a deterministic mix (every 7th without a bio, every 11th without years). */
function profiles(): { id: string; doc: Record<string, unknown> }[] {
  return Array.from({ length: 600 }, (_, i) => {
    const id = `p${String(i).padStart(4, '0')}`;
    const k = i % TITLES.length;
    const words = [WORDS[i % WORDS.length], WORDS[(i * 3) % WORDS.length], WORDS[(i * 7) % WORDS.length]].join(' ');
    return {
      id,
      doc: {
        id,
        display_name: `Person ${i}`,
        created_at: '2026-01-01T00:00:00Z',
        headline: `${TITLES[k]} ${words}`,
        current_title: TITLES[k],
        function: FUNCTIONS[k],
        ...(i % 7 ? { bio: `Works on ${words}.` } : {}),
        ...(i % 11 ? { years_experience: i % 23 } : {}),
        skills: [SKILLS[i % SKILLS.length], SKILLS[(i + 2) % SKILLS.length]],
        experiences: [
          {
            company_id: `c${i % 9}`,
            company_name: `Company ${i % 9}`,
            title: TITLES[(k + 1) % TITLES.length],
            is_current: true,
            start: '2021-01',
          },
        ],
      },
    };
  });
}

/** Every fifth profile, plus one id that no document has. */
const LISTED = [...Array.from({ length: 120 }, (_, i) => `p${String(i * 5).padStart(4, '0')}`), 'nobody'];
const byTerms: Query = { terms: { id: LISTED } };
const byIds: Query = { ids: { values: LISTED } };

const CASES: { name: string; query: (ids: Query) => Query }[] = [
  { name: 'filter context: ids and a text match', query: (ids) => ({ bool: { filter: [ids, { match: { headline: 'engineer' } }] } }) },
  {
    name: 'scored should, keyword boost, keyword exclusion',
    query: (ids) => ({
      bool: {
        filter: [ids],
        should: [
          { match: { headline: 'senior data engineer' } },
          { constant_score: { filter: { term: { 'skills.keyword': 'Go' } }, boost: 2 } },
        ],
        must_not: [{ term: { function: 'sales' } }],
      },
    }),
  },
  {
    name: 'number range, presence of a text field, multi_match',
    query: (ids) => ({
      bool: {
        filter: [ids, { range: { years_experience: { gte: 5 } } }, { exists: { field: 'bio' } }],
        should: [{ multi_match: { query: 'platform systems', fields: ['headline^2', 'bio'] } }],
      },
    }),
  },
  {
    name: 'scored must phrase with the ids as `ids`',
    query: (ids) => ({ bool: { must: [{ match_phrase: { current_title: 'data engineer' } }], filter: [ids] } }),
  },
  {
    name: 'nested clause (child rows: not bounded) beside the ids',
    query: (ids) => ({
      bool: {
        filter: [ids, { nested: { path: 'experiences', query: { match: { 'experiences.title': 'engineer' } } } }],
        should: [{ match: { headline: 'platform' } }],
      },
    }),
  },
  {
    name: 'id boost (a graph boost) and a text should beside the bound',
    query: (ids) => ({
      bool: {
        filter: [ids],
        should: [{ constant_score: { filter: { terms: { id: LISTED.slice(0, 30) } }, boost: 3 } }, { match: { headline: 'engineer' } }],
      },
    }),
  },
  { name: 'keyword prefix', query: (ids) => ({ bool: { filter: [ids, { prefix: { function: 'eng' } }] } }) },
  {
    name: 'inner bool with minimum_should_match and a function_score should',
    query: (ids) => ({
      bool: {
        filter: [ids, { bool: { should: [{ match: { headline: 'data' } }, { match: { headline: 'manager' } }], minimum_should_match: 1 } }],
        should: [
          {
            function_score: {
              query: { match: { bio: 'streaming' } },
              functions: [{ filter: { term: { 'skills.keyword': 'Kafka' } }, weight: 3 }],
            },
          },
        ],
      },
    }),
  },
];

async function withEngine(fn: (engine: EmbeddedEngine, statements: string[]) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-bound-'));
  const engine = new EmbeddedEngine(dir);
  const statements: string[] = [];
  const db = (engine as unknown as { db: { prepare: (sql: string) => unknown } }).db;
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    statements.push(sql);
    return prepare(sql);
  };
  try {
    await engine.createIndex('people', PROFILES);
    await engine.bulk(
      'people',
      profiles().map((p) => ({ op: 'index' as const, id: p.id, doc: p.doc })),
    );
    await engine.refresh('people');
    await fn(engine, statements);
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const page = (res: { hits: { id: string; score: number | null }[]; total?: { value: number } | null }) => ({
  hits: res.hits.map((h) => `${h.id}:${h.score === null ? 'null' : h.score.toFixed(9)}`),
  total: res.total?.value,
});

test('bounded and unbounded forms of each query give the same hits, scores and totals', () =>
  withEngine(async (engine, statements) => {
    for (const c of CASES) {
      for (const ids of [byTerms, byIds]) {
        const search = (query: Query) =>
          engine.search('people', { query, sort: ['_score', { id: 'asc' }], size: 1000, track_total_hits: true });
        statements.length = 0;
        const bounded = page(await search(c.query(ids)));
        assert.ok(
          statements.some((sql) => /(?:\+(?:t0\.rowid|t0\.d|X\.d|rowid) IN|FROM) bid\d+/.test(sql)),
          `${c.name}: the bounded form uses the id set`,
        );
        const unbounded = page(await search(c.query({ bool: { filter: [ids] } })));
        assert.ok(bounded.hits.length > 0, `${c.name}: matches something`);
        assert.equal(bounded, unbounded, c.name);
        // Every hit is listed: the bound never lets another document in.
        for (const h of bounded.hits) assert.ok(LISTED.includes(h.split(':')[0] as string), `${c.name}: ${h}`);
      }
    }
  }));

test('a list longer than the bound limit is not used as a bound', () =>
  withEngine(async (engine, statements) => {
    const many = Array.from({ length: ID_BOUND_MAX + 1 }, (_, i) => `p${String(i).padStart(4, '0')}`);
    statements.length = 0;
    const res = await engine.search('people', {
      query: { bool: { filter: [{ terms: { id: many } }, { match: { headline: 'engineer' } }] } },
      size: 1000,
      track_total_hits: true,
    });
    assert.ok(!statements.some((sql) => /(?:IN|FROM) bid\d+/.test(sql)));
    const all = await engine.count('people', { match: { headline: 'engineer' } });
    assert.is(res.total?.value, all, 'the list covers every profile, so all engineers match');
  }));

test.run();
