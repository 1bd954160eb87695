/**
 * Search-time evidence text and v2 profile text (§2.1 of issue 12): the same text enrich
 * returns for the same person, for every flag that asks for it, on the full search and the
 * preview; and none fetched when no flag asks.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { indexSnapshots, post, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

type Row = Record<string, unknown>;

async function withCorpus(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  const app = await startTestApp();
  try {
    const profiles = Array.from({ length: 4 }, (_, i) =>
      profile(i + 1, { current_title: 'Software Engineer', bio: `Builds search systems, person ${i + 1}.` }),
    );
    const posts = [post(1, tid(0xa0, 1)), post(2, tid(0xa0, 2))];
    const summary = await indexSnapshots(app, [
      writeSnapshot(app.dataDir, 'profiles.jsonl', profiles),
      writeSnapshot(app.dataDir, 'posts.jsonl', posts),
    ]);
    assert.is(summary.rejected, 0);
    await fn(app, app.account().apiKey);
  } finally {
    await app.close();
  }
}

const BASE = { description: 'software engineers', limit: 4 };

/** Enrich's evidence text per person, from a full search of the same people (mode base or full). */
async function enrichedTexts(app: TestApp, key: string, mode: 'base' | 'full' = 'base'): Promise<Map<string, string>> {
  const full = await app.call('POST', '/api/v1/search/people', { key, body: { ...BASE, defer_enrichment: true } });
  assert.is(full.status, 200, full.text);
  const enriched = await app.call('POST', '/api/v1/search/people/enrich', {
    key,
    body: { search_id: full.body.search_id, evidence_text_mode: mode },
  });
  assert.is(enriched.status, 200, enriched.text);
  const texts = new Map((enriched.body.users as Row[]).map((u) => [u.id as string, u.evidence_text as string]));
  assert.is(texts.size, 4);
  for (const t of texts.values()) assert.ok(t.length > 0, 'enrich builds text from the profile chunks');
  return texts;
}

function sameTexts(rows: Row[], field: string, expected: Map<string, string>, label: string): void {
  assert.is(rows.length, 4, label);
  for (const r of rows) assert.is(r[field], expected.get(r.id as string), `${label}: ${field} of ${r.id}`);
}

const FLAGS: Record<string, unknown>[] = [
  { include_evidence: true },
  { include_evidence_text: true },
  { evidence_format: 'text' },
  { evidence_format: 'both' },
];

test('full search: every evidence-text flag returns the text enrich returns', () =>
  withCorpus(async (app, key) => {
    const expected = await enrichedTexts(app, key);
    for (const flag of FLAGS) {
      const res = await app.call('POST', '/api/v1/search/people', { key, body: { ...BASE, ...flag } });
      assert.is(res.status, 200, res.text);
      sameTexts(res.body.users as Row[], 'evidence_text', expected, `search ${JSON.stringify(flag)}`);
    }
  }));

test('preview: include_evidence_text returns the text enrich returns, in both modes', () =>
  withCorpus(async (app, key) => {
    const expected = await enrichedTexts(app, key);
    // The preview takes include_evidence_text (and its mode), not the other evidence options.
    for (const mode of ['base', 'full'] as const) {
      const want = mode === 'base' ? expected : await enrichedTexts(app, key, 'full');
      const res = await app.call('POST', '/api/v1/search/people/preview', {
        key,
        body: { ...BASE, include_evidence_text: true, evidence_text_mode: mode },
      });
      assert.is(res.status, 200, res.text);
      sameTexts(res.body.users as Row[], 'evidence_text', want, `preview, ${mode} mode`);
    }
  }));

test('evidence_text_mode full: the same text as enrich in full mode (chunks, company signals and posts)', () =>
  withCorpus(async (app, key) => {
    const expected = await enrichedTexts(app, key, 'full');
    const res = await app.call('POST', '/api/v1/search/people', {
      key,
      body: { ...BASE, include_evidence_text: true, evidence_text_mode: 'full' },
    });
    assert.is(res.status, 200, res.text);
    sameTexts(res.body.users as Row[], 'evidence_text', expected, 'full mode');
  }));

test('v2 include_profile_text returns the text enrich returns', () =>
  withCorpus(async (app, key) => {
    const expected = await enrichedTexts(app, key);
    const res = await app.call('POST', '/api/v2/search/people/query', {
      key,
      body: { query: 'software engineers', limit: 4, include_profile_text: true },
    });
    assert.is(res.status, 200, res.text);
    sameTexts(res.body.users as Row[], 'profile_text', expected, 'v2 profile_text');
  }));

test('chunks are never read: built from the page documents with a text flag, not at all without one (evidence_text null)', () =>
  withCorpus(async (app, key) => {
    const sources: unknown[] = [];
    let mgets = 0;
    const engine = app.services.engine;
    const { search, mget } = engine;
    engine.search = ((index: string, body: { _source?: unknown }) => {
      sources.push(body._source);
      return search.call(engine, index, body as never);
    }) as typeof engine.search;
    engine.mget = ((index: string, ids: string[]) => {
      mgets++;
      return mget.call(engine, index, ids);
    }) as typeof engine.mget;
    try {
      for (const body of [
        { ...BASE, evidence_format: 'json' },
        { ...BASE, include_evidence_text: false },
      ]) {
        const res = await app.call('POST', '/api/v1/search/people', { key, body });
        assert.is(res.status, 200, res.text);
        for (const r of res.body.users as Row[]) assert.is(r.evidence_text, null);
      }
      assert.is(mgets, 0, 'no whole documents read');
      const asked = sources.filter((s) => Array.isArray(s) && s.includes('chunks'));
      assert.equal(asked, [], 'no search asked for the chunks');
      // The flag on: the chunks are built from the page's own documents, with no further read.
      sources.length = 0;
      const res = await app.call('POST', '/api/v1/search/people', { key, body: { ...BASE, include_evidence_text: true } });
      assert.is(res.status, 200, res.text);
      assert.equal(
        sources.filter((s) => Array.isArray(s) && s.includes('chunks')),
        [],
      );
      assert.is(sources.length, 1, 'one search: the page');
      assert.is(mgets, 0);
      for (const r of res.body.users as (Row & { name?: string })[]) assert.ok(r.evidence_text, 'evidence text is built');
    } finally {
      engine.search = search;
      engine.mget = mget;
    }
  }));

test.run();
