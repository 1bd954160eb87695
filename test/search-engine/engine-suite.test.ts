/**
 * One suite for every adapter: the same documents and queries must give the same ids, totals
 * and (where a sort defines it) the same order. Runs against the embedded engine always and
 * against OpenSearch when OPENSEARCH_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PROFILES } from '../../mappings/indices.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { SearchEngineError } from '../../search-engine/errors.js';
import { OpenSearchEngine } from '../../search-engine/opensearch/engine.js';
import type { SearchEngine } from '../../search-engine/port.js';
import { CASES, DOCS, P, tie } from './engine-suite-cases.js';
import { TITLE_CASES, TITLE_DOCS } from './title-analysis-cases.js';

/** Resolves when `fn` rejects with an error satisfying `check`; fails otherwise. */
async function rejects(fn: () => Promise<unknown>, check: (e: unknown) => boolean): Promise<void> {
  try {
    await fn();
  } catch (e) {
    assert.ok(check(e), `unexpected error: ${String(e)}`);
    return;
  }
  assert.unreachable('expected a rejection');
}
function adapters(): { name: string; make: () => Promise<{ engine: SearchEngine; cleanup: () => void }> }[] {
  const list = [
    {
      name: 'embedded',
      make: async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-engine-'));
        return { engine: new EmbeddedEngine(dir) as SearchEngine, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
      },
    },
  ];
  const url = process.env.OPENSEARCH_URL;
  if (url) list.push({ name: 'opensearch', make: async () => ({ engine: new OpenSearchEngine(url) as SearchEngine, cleanup: () => {} }) });
  return list;
}

for (const adapter of adapters()) {
  const s = suite<{ engine: SearchEngine; cleanup: () => void; index: string }>(`engine suite: ${adapter.name}`);
  s.before(async (ctx) => {
    const made = await adapter.make();
    ctx.engine = made.engine;
    ctx.cleanup = made.cleanup;
    ctx.index = `suite-profiles-${Date.now()}`;
    await ctx.engine.createIndex(ctx.index, {
      ...PROFILES,
      settings: { ...PROFILES.settings, number_of_shards: 1, number_of_replicas: 0 },
    });
    // Loaded the way the indexer loads: bulk-load mode around the writes.
    await ctx.engine.beginBulkLoad(ctx.index);
    const result = await ctx.engine.bulk(
      ctx.index,
      DOCS.map((d) => ({ op: 'index' as const, id: d.id, doc: d })),
    );
    assert.equal(result.failed, []);
    await ctx.engine.endBulkLoad(ctx.index);
    await ctx.engine.refresh(ctx.index);
  });
  s.after(async (ctx) => {
    await ctx.engine.deleteIndex(ctx.index).catch(() => {});
    await ctx.engine.close();
    ctx.cleanup();
  });

  for (const c of CASES) {
    s(c.name, async (ctx) => {
      const res = await ctx.engine.search<{ id: string }>(ctx.index, { track_total_hits: true, size: 20, ...c.body });
      const ids = res.hits.map((h) => h.id);
      assert.equal(c.ordered ? ids : [...ids].sort(), c.ordered ? c.ids : [...c.ids].sort());
      assert.equal(res.total?.value, c.total);
      assert.is(res.total?.relation, c.body.track_total_hits === 5 ? 'gte' : 'eq');
      assert.equal(await ctx.engine.count(ctx.index, c.body.query), c.body.track_total_hits === 5 ? DOCS.length : c.total);
    });
  }

  s('titles fold plurals, not derivations (proxima_title), the same in every engine', async (ctx) => {
    const index = `${ctx.index}-titles`;
    await ctx.engine.createIndex(index, { ...PROFILES, settings: { ...PROFILES.settings, number_of_shards: 1, number_of_replicas: 0 } });
    try {
      const written = await ctx.engine.bulk(
        index,
        TITLE_DOCS.map((d) => ({ op: 'index' as const, id: d.id, doc: d })),
      );
      assert.equal(written.failed, []);
      await ctx.engine.refresh(index);
      for (const c of TITLE_CASES) {
        const res = await ctx.engine.search<{ id: string }>(index, { query: c.query, size: 20, track_total_hits: true });
        assert.equal(res.hits.map((h) => h.id).sort(), [...c.ids].sort(), c.name);
      }
    } finally {
      await ctx.engine.deleteIndex(index);
    }
  });

  s('sort values and null scores when sorted by fields', async (ctx) => {
    const res = await ctx.engine.search(ctx.index, { query: { ids: { values: ['p05'] } }, sort: [{ years_experience: 'desc' }, tie] });
    assert.equal(res.hits[0]?.sort, [20, 'p05']);
    assert.is(res.hits[0]?.score, null);
  });

  s('totals are right for an empty page, a page past the end, and a capped count', async (ctx) => {
    const sorted = { query: { match: { headline: 'engineer' } }, sort: ['_score' as const, tie] };
    const none = await ctx.engine.search(ctx.index, { ...sorted, size: 0, track_total_hits: true });
    assert.equal([none.hits.length, none.total], [0, { value: 5, relation: 'eq' }]);
    const beyond = await ctx.engine.search(ctx.index, { ...sorted, from: 50, size: 5, track_total_hits: true });
    assert.equal([beyond.hits.length, beyond.total], [0, { value: 5, relation: 'eq' }]);
    const capped = await ctx.engine.search(ctx.index, { ...sorted, size: 2, track_total_hits: 3 });
    assert.equal([capped.hits.length, capped.total], [2, { value: 3, relation: 'gte' }]);
    const untracked = await ctx.engine.search(ctx.index, { ...sorted, track_total_hits: false });
    assert.is(untracked.total, null);
  });

  s('mget keeps order and reports missing ids', async (ctx) => {
    const docs = await ctx.engine.mget<{ id: string }>(ctx.index, ['p02', 'missing', 'p01']);
    assert.equal(
      docs.map((d) => d?.id ?? null),
      ['p02', null, 'p01'],
    );
  });

  s('upsert replaces and delete removes, with postings kept exact', async (ctx) => {
    await ctx.engine.bulk(ctx.index, [
      {
        op: 'index',
        id: 'p09',
        doc: P('p09', 'Temp Person', {
          current_title: 'Temp',
          function: 'finance',
          skills: ['Excel'],
          experiences: [{ company_id: 'c9', company_name: 'Tmp', title: 'Analyst', is_current: true, start: '2020-01' }],
        }),
      },
    ]);
    await ctx.engine.refresh(ctx.index);
    await ctx.engine.bulk(ctx.index, [
      { op: 'index', id: 'p09', doc: P('p09', 'Temp Person', { current_title: 'Temp', function: 'legal', experiences: [] }) },
    ]);
    await ctx.engine.refresh(ctx.index);
    assert.is(await ctx.engine.count(ctx.index, { term: { function: 'finance' } }), 0);
    assert.is(await ctx.engine.count(ctx.index, { term: { function: 'legal' } }), 1);
    assert.is(
      await ctx.engine.count(ctx.index, { nested: { path: 'experiences', query: { term: { 'experiences.company_id': 'c9' } } } }),
      0,
    );
    const del = await ctx.engine.bulk(ctx.index, [
      { op: 'delete', id: 'p09' },
      { op: 'delete', id: 'never-existed' },
    ]);
    await ctx.engine.refresh(ctx.index);
    assert.is(del.deleted, 1);
    assert.equal(
      del.failed.map((f) => [f.id, f.reason]),
      [['never-existed', 'not_found']],
    );
    assert.is(await ctx.engine.count(ctx.index), DOCS.length);
  });

  s('a strict mapping refuses unknown fields and bad values per document', async (ctx) => {
    const res = await ctx.engine.bulk(ctx.index, [
      { op: 'index', id: 'bad1', doc: { id: 'bad1', display_name: 'X', shoe_size: 44 } },
      { op: 'index', id: 'bad2', doc: { id: 'bad2', display_name: 'Y', years_experience: 'many' } },
    ]);
    assert.is(res.indexed, 0);
    assert.equal(
      res.failed.map((f) => f.id),
      ['bad1', 'bad2'],
    );
  });

  s('aliases swap atomically and searches follow them', async (ctx) => {
    const alias = `${ctx.index}-alias`;
    const other = `${ctx.index}-b`;
    await ctx.engine.createIndex(other, PROFILES);
    await ctx.engine.bulk(other, [{ op: 'index', id: 'only-b', doc: P('only-b', 'B Only', {}) }]);
    await ctx.engine.refresh(other);
    await ctx.engine.swapAlias(alias, ctx.index);
    assert.equal(await ctx.engine.getAlias(alias), [ctx.index]);
    assert.is(await ctx.engine.count(alias), DOCS.length);
    await ctx.engine.swapAlias(alias, other);
    assert.equal(await ctx.engine.getAlias(alias), [other]);
    assert.equal(
      (await ctx.engine.search(alias, { query: { match_all: {} } })).hits.map((h) => h.id),
      ['only-b'],
    );
    await ctx.engine.deleteIndex(other);
    assert.equal(await ctx.engine.getAlias(alias), []);
    assert.equal(await ctx.engine.getAlias('no-such-alias'), []);
  });

  s('errors are translated to the port error type', async (ctx) => {
    await rejects(
      () => ctx.engine.search('no-such-index', {}),
      (e: unknown) => e instanceof SearchEngineError && e.code === 'index_not_found',
    );
    await rejects(
      () => ctx.engine.createIndex(ctx.index, PROFILES),
      (e: unknown) => e instanceof SearchEngineError && e.code === 'index_already_exists',
    );
    await rejects(
      () => ctx.engine.search(ctx.index, { from: 9995, size: 10 }),
      (e: unknown) => e instanceof SearchEngineError && e.code === 'result_window_too_large',
    );
  });

  s('stats count documents', async (ctx) => {
    const stats = await ctx.engine.stats(ctx.index);
    assert.is(stats.docs, DOCS.length);
    assert.ok(stats.sizeBytes > 0);
  });

  s.run();
}
