import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildCatalog } from '../../search-engine/embedded/catalog.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { prepareBatch } from '../../search-engine/embedded/prepare.js';
import { withSourceEncoding } from '../../search-engine/embedded/source-codec.js';
import type { BulkOperation, Folding, SearchBody } from '../../search-engine/port.js';
import { docs, spec } from '../helpers/embedded-profiles.js';

// Indices of table layout 10 fold letters as OpenSearch's asciifolding does (ø → o, ł → l,
// ß → ss); indices of earlier layouts keep the folding they were built with, so what they match
// does not change under them (docs/search-engine.md, "Where it differs from OpenSearch").

/** Profiles whose names, employer and headline carry letters with no mark to strip. */
function folded(): Record<string, unknown>[] {
  return docs(6).map((d, i) =>
    i === 0
      ? {
          ...d,
          first_name: 'Сергей',
          last_name: 'Sørlie',
          current_company_name: 'Łódź Straße GmbH',
          headline: 'Ærø ferry planner, ガイド, 김민수',
        }
      : { ...d, last_name: `Plain${i}` },
  );
}

async function withIndex(
  layout: 9 | 10,
  readers: number,
  fn: (search: (query: SearchBody['query']) => Promise<string[]>) => Promise<void>,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-folding-'));
  const engine = new EmbeddedEngine(dir, { readers });
  try {
    await engine.createIndex('f', spec);
    if (layout === 9) {
      // Layout 9's tables are layout 10's; only the folding differs. Marked before any write.
      const db = new Database(path.join(dir, 'search.sqlite'));
      db.prepare('UPDATE engine_indices SET layout = 9 WHERE name = ?').run('f');
      db.close();
    }
    const all = folded();
    const folding: Folding = layout === 10 ? 'ascii' : 'marks';
    assert.equal((await engine.sourceEncoding('f')).folding, folding);
    const other: Folding = layout === 10 ? 'marks' : 'ascii';
    const batchOf = (f: Folding) =>
      prepareBatch(
        spec,
        withSourceEncoding(buildCatalog(spec, 'test', f), 'zstd', null),
        all.map((d) => ({ id: d.id as string, doc: d })),
      );
    const ops = all.map((d): BulkOperation => ({ op: 'index', id: d.id as string, prepared: true }));
    await engine.beginBulkLoad('f');
    try {
      await engine.bulk('f', ops, batchOf(other));
      assert.unreachable('a batch folded for another layout is refused');
    } catch (err) {
      assert.match((err as Error).message, /prepared batch was made for another mapping, source dictionary, folding or format/);
    }
    await engine.bulk('f', ops, batchOf(folding));
    await engine.endBulkLoad('f');
    // One more document written one at a time (the writer's own extraction).
    const single: Record<string, unknown> = { ...docs(7)[6], last_name: 'Łukasiewicz' };
    await engine.bulk('f', [{ op: 'index', id: single.id as string, doc: single }]);
    const first = all[0]!.id as string;
    await fn(async (query) => (await engine.search('f', { query, size: 10 })).hits.map((h) => h.id));
    // Replacing the document leaves none of its folded postings behind.
    await engine.bulk('f', [{ op: 'index', id: first, doc: { ...all[0]!, last_name: 'Other', current_company_name: 'Other' } }]);
    assert.equal((await engine.search('f', { query: { match: { last_name: 'Sørlie' } } })).hits, []);
    assert.equal((await engine.search('f', { query: { term: { 'current_company_name.keyword': 'łódź straße gmbh' } } })).hits, []);
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('layout 10 folds ø, ł, ß and æ in text, keywords and queries, on both the bulk and the single-document path', async () => {
  for (const readers of [0, 1]) {
    await withIndex(10, readers, async (search) => {
      const first = docs(1)[0]!.id as string;
      const single = docs(7)[6]!.id as string;
      for (const name of ['Sørlie', 'Sorlie', 'SORLIE']) assert.equal(await search({ match: { last_name: name } }), [first], name);
      assert.equal(await search({ match: { last_name: 'lukasiewicz' } }), [single]);
      assert.equal(await search({ match_phrase: { current_company_name: 'lodz strasse' } }), [first]);
      assert.equal(await search({ match: { headline: 'aero' } }), [first]);
      // Other scripts are decomposed on both sides: "й" loses its breve, "ド" its voicing mark,
      // Hangul syllables become their letters; each finds itself as written.
      for (const [field, text] of [
        ['first_name', 'Сергей'],
        ['headline', 'ガイド'],
        ['headline', '김민수'],
      ] as const)
        assert.equal(await search({ match: { [field]: text } }), [first], text);
      for (const value of ['Łódź Straße GmbH', 'lodz strasse gmbh'])
        assert.equal(await search({ term: { 'current_company_name.keyword': value } }), [first], value);
      assert.equal(await search({ prefix: { 'current_company_name.keyword': 'Łódź Str' } }), [first]);
      assert.equal(await search({ prefix: { 'current_company_name.keyword': 'lodz str' } }), [first]);
    });
  }
});

test('an index of layout 9 keeps the folding it was built with: ø matches ø, not o', async () => {
  for (const readers of [0, 1]) {
    await withIndex(9, readers, async (search) => {
      const first = docs(1)[0]!.id as string;
      assert.equal(await search({ match: { last_name: 'Sørlie' } }), [first]);
      assert.equal(await search({ match: { last_name: 'Sorlie' } }), []);
      assert.equal(await search({ term: { 'current_company_name.keyword': 'łódź straße gmbh' } }), [first]);
      assert.equal(await search({ term: { 'current_company_name.keyword': 'lodz strasse gmbh' } }), []);
      // Marks are stripped in both layouts.
      assert.equal(await search({ term: { 'current_company_name.keyword': 'łodz straße gmbh' } }), [first]);
    });
  }
});

test.run();
