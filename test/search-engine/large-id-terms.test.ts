/**
 * Long `terms` lists on `id` (graph boosts and filters send up to 65,536 ids) are answered from
 * the documents' primary key; the result must be exactly what the FTS5 path gives, including
 * when some document's `id` field differs from its document id.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import type { IndexSpec } from '../../search-engine/port.js';

const MAPPING: IndexSpec = {
  settings: {},
  mappings: { dynamic: 'strict' as const, properties: { id: { type: 'keyword' }, tag: { type: 'keyword' }, n: { type: 'integer' } } },
};

async function withEngine(fn: (engine: EmbeddedEngine) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-terms-'));
  const engine = new EmbeddedEngine(dir);
  try {
    await engine.createIndex('people', MAPPING);
    await fn(engine);
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i).padStart(5, '0')}`);

test('a long terms list on id matches the same documents as a short one, combined with other clauses and boosts', () =>
  withEngine(async (engine) => {
    await engine.bulk(
      'people',
      ids(500).map((id, i) => ({ op: 'index' as const, id, doc: { id, tag: i % 2 ? 'odd' : 'even', n: i } })),
    );
    await engine.refresh('people');
    const wanted = ids(500).filter((_, i) => i % 5 === 0); // 100 ids: the long path
    const query = { bool: { filter: [{ terms: { id: [...wanted, 'nobody'] } }, { term: { tag: 'even' } }] } };
    const res = await engine.search('people', { query, sort: [{ id: 'asc' }], size: 1000, track_total_hits: true });
    const expected = wanted.filter((id) => Number(id.slice(1)) % 2 === 0);
    assert.equal(
      res.hits.map((h) => h.id),
      expected,
    );
    assert.is(res.total?.value, expected.length);
    // Scored: as a should clause with a boost it ranks its members first.
    const boosted = await engine.search('people', {
      query: { bool: { must: [{ match_all: {} }], should: [{ constant_score: { filter: { terms: { id: wanted } }, boost: 3 } }] } },
      sort: ['_score', { id: 'asc' }],
      size: 100,
    });
    assert.equal(
      boosted.hits.map((h) => h.id),
      wanted,
    );
    const excluded = await engine.count('people', { bool: { must_not: [{ terms: { id: wanted } }] } });
    assert.is(excluded, 400);
  }));

test('when a document id and its id field differ, long terms lists use the field like short ones do', () =>
  withEngine(async (engine) => {
    await engine.bulk('people', [
      ...ids(99).map((id) => ({ op: 'index' as const, id, doc: { id, tag: 'x' } })),
      { op: 'index' as const, id: 'doc-1', doc: { id: 'field-1', tag: 'x' } },
    ]);
    await engine.refresh('people');
    const list = [...ids(99), 'doc-1'];
    const res = await engine.search('people', { query: { terms: { id: list } }, size: 200, sort: [{ id: 'asc' }] });
    assert.is(res.hits.length, 99, 'doc-1 has id field "field-1": not matched by "doc-1"');
    const byField = await engine.search('people', { query: { terms: { id: [...ids(99), 'field-1'] } }, size: 200 });
    assert.is(byField.hits.length, 100);
  }));

test.run();
