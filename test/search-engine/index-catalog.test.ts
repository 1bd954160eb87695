/**
 * What the embedded engine reads of its catalog on every call, and of stored sources:
 * - an engine that has an index open sees another connection's changes to it (an index made
 *   again under the same name, fields found multi-valued), on its own thread and on its read
 *   workers, although it reads the mapping and dictionary only once per index;
 * - a search without sources (`_source: false`) never reads the stored documents, and sources
 *   a worker sends as JSON text arrive as the same objects.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import type { IndexSpec } from '../../search-engine/port.js';
import { engineFailure as failure } from '../helpers/engine-failure.js';

const spec = (extra: Record<string, { type: string }> = {}): IndexSpec => ({
  settings: {},
  mappings: {
    dynamic: 'strict',
    properties: { id: { type: 'keyword' }, name: { type: 'keyword' }, tags: { type: 'keyword' }, bio: { type: 'text' }, ...extra },
  },
});

const docs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    op: 'index' as const,
    id: `d${i}`,
    doc: { id: `d${i}`, name: `n${String(i).padStart(3, '0')}`, tags: `t${i % 3}`, bio: `engineer ${i % 2 ? 'platform' : 'data'}` },
  }));

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-catalog-'));
  try {
    await fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const sortByTags = { query: { match_all: {} }, sort: [{ tags: 'asc' as const }], size: 3 };

test('an open index sees another connection make it again, and find a field multi-valued, on its thread and its workers', async () => {
  await withDir(async (dir) => {
    const writer = new EmbeddedEngine(dir);
    await writer.createIndex('k', spec());
    await writer.bulk('k', docs(10));
    const local = new EmbeddedEngine(dir);
    const pooled = new EmbeddedEngine(dir, { readers: 1 });
    try {
      for (const engine of [local, pooled]) {
        assert.is((await engine.search('k', sortByTags)).hits.length, 3, 'sorting on a single-valued keyword');
      }
      // Another connection gives one document two tags: sorting on `tags` is now refused everywhere.
      await writer.bulk('k', [{ op: 'index', id: 'd0', doc: { id: 'd0', name: 'n000', tags: ['t0', 't1'], bio: 'engineer data' } }]);
      for (const engine of [local, pooled]) {
        const err = await failure(engine.search('k', sortByTags));
        assert.match(err.message, /multi-valued field "tags"/);
      }
      // The other engine finds a second field multi-valued: both fields stay so in the catalog.
      await local.bulk('k', [{ op: 'index', id: 'd1', doc: { id: 'd1', name: ['n001', 'm001'], tags: 't1', bio: 'engineer platform' } }]);
      const fresh = new EmbeddedEngine(dir);
      for (const field of ['tags', 'name']) {
        const err = await failure(fresh.search('k', { query: { match_all: {} }, sort: [{ [field]: 'asc' as const }] }));
        assert.match(err.message, new RegExp(`multi-valued field "${field}"`));
      }
      await fresh.close();
      // The index is deleted and made again with another mapping: both see the new field.
      await writer.deleteIndex('k');
      await writer.createIndex('k', spec({ city: { type: 'keyword' } }));
      await writer.bulk('k', [{ op: 'index', id: 'c1', doc: { id: 'c1', name: 'x', tags: 't9', bio: 'b', city: 'Lyon' } }]);
      for (const engine of [local, pooled]) {
        const res = await engine.search('k', { query: { term: { city: 'Lyon' } } });
        assert.equal(
          res.hits.map((h) => h.id),
          ['c1'],
        );
        assert.is((await engine.search('k', sortByTags)).hits.length, 1, 'the new index has no multi-valued field');
      }
    } finally {
      await Promise.all([writer.close(), local.close(), pooled.close()]);
    }
  });
});

test('a search without sources reads no stored document; whole, filtered and missing sources come back alike from workers', async () => {
  await withDir(async (dir) => {
    const local = new EmbeddedEngine(dir);
    await local.createIndex('k', spec());
    await local.bulk('k', docs(30));
    const pooled = new EmbeddedEngine(dir, { readers: 1 });
    try {
      const bodies = [
        { query: { match: { bio: 'platform' } }, size: 20 },
        { query: { match_all: {} }, sort: [{ name: 'desc' as const }], size: 5, _source: ['name'] },
        { query: { match_all: {} }, size: 5, _source: { excludes: ['bio'] } },
      ];
      for (const body of bodies) {
        const a = await pooled.search('k', body);
        const b = await local.search('k', body);
        assert.equal({ ...a, tookMs: 0 }, { ...b, tookMs: 0 });
        assert.type(a.hits[0]?.source, 'object');
      }
      assert.equal(await pooled.mget('k', ['d3', 'nobody', 'd1']), await local.mget('k', ['d3', 'nobody', 'd1']));
      assert.equal((await pooled.mget('k', ['d3']))[0], docs(30)[3]!.doc);

      // Every stored source made unreadable: only reads that need sources fail.
      const db = new Database(path.join(dir, 'search.sqlite'));
      const prefix = (db.prepare('SELECT prefix FROM engine_indices WHERE name = ?').get('k') as { prefix: string }).prefix;
      db.prepare(`UPDATE ${prefix}_docs SET source = ?`).run(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0xff, 0xff, 0xff]));
      db.close();
      for (const engine of [local, pooled]) {
        const ids = await engine.search('k', { query: { match: { bio: 'platform' } }, size: 20, _source: false });
        assert.is(ids.hits.length, 15);
        assert.ok(ids.hits.every((h) => h.score !== null && h.score > 0 && Object.keys(h.source as object).length === 0));
        const err = await failure(engine.search('k', { query: { match: { bio: 'platform' } }, size: 20 }));
        assert.is(err.code, 'engine_error');
        assert.match(err.message, /stored document could not be read/);
        assert.is((await failure(engine.mget('k', ['d1']))).code, 'engine_error');
      }
      // Stored as text that is not JSON (layout 4 keeps text): a worker sends it as it is, and the parse fails as engine_error.
      const db2 = new Database(path.join(dir, 'search.sqlite'));
      db2.prepare(`UPDATE ${prefix}_docs SET source = ?`).run('{"id": ');
      db2.close();
      for (const engine of [local, pooled]) {
        const err = await failure(engine.mget('k', ['d1']));
        assert.is(err.code, 'engine_error');
        assert.match(err.message, /not valid JSON/);
        assert.is((await failure(engine.search('k', { query: { match_all: {} }, size: 2 }))).code, 'engine_error');
      }
    } finally {
      await Promise.all([local.close(), pooled.close()]);
    }
  });
});

test.run();
