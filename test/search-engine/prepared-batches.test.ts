import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INDICES } from '../../mappings/indices.js';
import { buildCatalog } from '../../search-engine/embedded/catalog.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { prepareBatch, preparedTransfer } from '../../search-engine/embedded/prepare.js';
import { encodeSource, fieldNameDictionary, withSourceEncoding } from '../../search-engine/embedded/source-codec.js';
import { LOAD_CRISIS_MERGE } from '../../search-engine/embedded/tables.js';
import type { BulkOperation, IndexSpec, SearchBody } from '../../search-engine/port.js';
import { docs, root, spec, withEngine } from '../helpers/embedded-profiles.js';

// Fresh bulk loads write prepared batches (search-engine/embedded/prepare.ts): one insert per
// table with batch-relative row ids. They must leave an index that answers exactly like one
// filled document by document, and fall back to upserts where an id repeats.

const QUERIES: SearchBody[] = [
  { query: { match_all: {} }, size: 100, sort: [{ 'display_name.sort': 'asc' }, { id: 'asc' }] },
  { query: { term: { 'location.country_code': 'DE' } }, size: 100 },
  { query: { terms: { 'skills.keyword': ['Go', 'Skill 2'] } }, size: 100 },
  { query: { range: { years_experience: { gte: 5, lt: 12 } } }, size: 100, sort: [{ years_experience: 'desc' }, { id: 'asc' }] },
  { query: { match: { headline: 'engineer number 12' } }, size: 20 },
  {
    query: {
      nested: {
        path: 'experiences',
        query: { bool: { must: [{ match: { 'experiences.title': 'intern' } }, { term: { 'experiences.is_current': false } }] } },
      },
    },
    size: 100,
  },
  { query: { bool: { must_not: [{ exists: { field: 'years_experience' } }] } }, size: 100 },
];

async function rejects(fn: () => Promise<unknown>, check: (e: Error) => boolean): Promise<void> {
  try {
    await fn();
  } catch (e) {
    assert.ok(check(e as Error), `unexpected error: ${String(e)}`);
    return;
  }
  assert.unreachable('expected a rejection');
}

async function answers(engine: EmbeddedEngine, index: string) {
  return Promise.all(
    QUERIES.map(async (body) => {
      const r = await engine.search(index, body);
      return { total: r.total, hits: r.hits.map((h) => [h.id, h.score === null ? null : Math.round(h.score * 1e6), h.source]) };
    }),
  );
}

test('a bulk load of prepared batches answers every query like document-by-document upserts', async () => {
  await withEngine(async (engine) => {
    const all = docs(120);
    await engine.createIndex('upserted', spec);
    for (let i = 0; i < all.length; i += 25)
      await engine.bulk(
        'upserted',
        all.slice(i, i + 25).map((d) => ({ op: 'index', id: d.id as string, doc: d })),
      );
    await engine.createIndex('prepared', spec);
    await engine.beginBulkLoad('prepared');
    for (let i = 0; i < all.length; i += 25) {
      const slice = all.slice(i, i + 25);
      const batch = prepareBatch(
        spec,
        root,
        slice.map((d) => ({ id: d.id as string, doc: d })),
      );
      const r = await engine.bulk(
        'prepared',
        slice.map((d) => ({ op: 'index', id: d.id as string, prepared: true })),
        batch,
      );
      assert.equal(r, { indexed: slice.length, deleted: 0, failed: [] });
    }
    await engine.endBulkLoad('prepared');
    assert.equal(await answers(engine, 'prepared'), await answers(engine, 'upserted'));
    // The engine prepares a fresh load's plain operations itself: as objects, or as JSON text
    // (what it then stores as the source).
    await engine.createIndex('engine-batched', spec);
    await engine.beginBulkLoad('engine-batched');
    for (let i = 0; i < all.length; i += 25)
      await engine.bulk(
        'engine-batched',
        all
          .slice(i, i + 25)
          .map(
            (d, k): BulkOperation =>
              k % 2 ? { op: 'index', id: d.id as string, doc: d } : { op: 'index', id: d.id as string, json: JSON.stringify(d) },
          ),
      );
    await engine.endBulkLoad('engine-batched');
    assert.equal(await answers(engine, 'engine-batched'), await answers(engine, 'upserted'));
    assert.equal(await engine.mget('engine-batched', [all[4]!.id as string, all[5]!.id as string]), [all[4], all[5]]);
    assert.equal(await engine.count('prepared'), 120);
    const some = [all[5]!.id as string, 'missing', all[99]!.id as string];
    assert.equal(await engine.mget('prepared', some), [all[5], null, all[99]]);
    // Later upserts and deletes on the loaded index (the replace path) still find every posting.
    const changed: Record<string, unknown> = { ...all[10]!, headline: 'Completely different words', years_experience: 40 };
    await engine.bulk('prepared', [
      { op: 'index', id: changed.id as string, doc: changed },
      { op: 'delete', id: all[11]!.id as string },
    ]);
    const old = await engine.search('prepared', { query: { match: { headline: 'engineer number 11' } }, size: 5 });
    assert.not.ok(old.hits.some((h) => h.id === all[10]!.id || h.id === all[11]!.id));
    const now = await engine.search('prepared', { query: { range: { years_experience: { gte: 40 } } }, size: 5 });
    assert.equal(
      now.hits.map((h) => h.id),
      [changed.id],
    );
  });
});

test('a prepared batch with an id the new index already holds is upserted instead; strict refusals are reported per document', async () => {
  await withEngine(async (engine) => {
    const all = docs(30);
    await engine.createIndex('p', spec);
    await engine.beginBulkLoad('p');
    const first = all.slice(0, 20);
    await engine.bulk(
      'p',
      first.map((d) => ({ op: 'index', id: d.id as string, prepared: true })),
      prepareBatch(
        spec,
        root,
        first.map((d) => ({ id: d.id as string, doc: d })),
      ),
    );
    // The second batch repeats profile 3 with a new headline, and carries a field the mapping lacks.
    const repeated: Record<string, unknown> = { ...all[2]!, headline: 'Replaced headline', years_experience: 77 };
    const bad: Record<string, unknown> = { ...all[25]!, not_in_mapping: 1 };
    const second = [...all.slice(20, 25), repeated, bad];
    const r = await engine.bulk(
      'p',
      second.map((d) => ({ op: 'index', id: d.id as string, prepared: true })),
      prepareBatch(
        spec,
        root,
        second.map((d) => ({ id: d.id as string, doc: d })),
      ),
    );
    assert.is(r.indexed, 6);
    assert.equal(r.failed.length, 1);
    assert.is(r.failed[0]!.id, bad.id);
    assert.match(r.failed[0]!.reason, /not_in_mapping/);
    await engine.endBulkLoad('p');
    assert.is(await engine.count('p'), 25);
    const byOld = await engine.search('p', { query: { match: { headline: 'engineer number 3' } }, size: 5 });
    assert.not.ok(
      byOld.hits.some((h) => h.id === repeated.id),
      'the replaced headline is no longer indexed',
    );
    const byNew = await engine.search('p', { query: { match: { headline: 'replaced' } }, size: 5 });
    assert.equal(
      byNew.hits.map((h) => h.id),
      [repeated.id],
    );
    // Its number postings were in the load's heap: the old value is gone, the new one found.
    const oldYears = await engine.search('p', { query: { term: { years_experience: all[2]!.years_experience as number } }, size: 50 });
    assert.ok(oldYears.hits.length > 0);
    assert.not.ok(oldYears.hits.some((h) => h.id === repeated.id));
    const newYears = await engine.search('p', { query: { range: { years_experience: { gte: 77 } } }, size: 5 });
    assert.equal(
      newYears.hits.map((h) => h.id),
      [repeated.id],
    );
  });
});

test('a prepared batch of another mapping, or prepared operations without their batch, are refused', async () => {
  await withEngine(async (engine) => {
    await engine.createIndex('c', { settings: INDICES.companies.settings, mappings: INDICES.companies.mappings } as IndexSpec);
    await engine.beginBulkLoad('c');
    const d = docs(1)[0]!;
    const ops: BulkOperation[] = [{ op: 'index', id: d.id as string, prepared: true }];
    await rejects(
      () => engine.bulk('c', ops, prepareBatch(spec, root, [{ id: d.id as string, doc: d }])),
      (err: Error) => /another mapping/.test(err.message),
    );
    await rejects(
      () => engine.bulk('c', ops),
      (err: Error) => /need their prepared batch/.test(err.message),
    );
  });
});

/** Index "p" holding `docs`, and the search file opened beside the engine, with the index's table prefix. */
async function indexP(
  engine: EmbeddedEngine,
  dir: string,
  docs: Record<string, unknown>[],
): Promise<{ db: Database.Database; prefix: string }> {
  await engine.createIndex('p', spec);
  await engine.bulk(
    'p',
    docs.map((d) => ({ op: 'index', id: d.id as string, doc: d })),
  );
  const db = new Database(path.join(dir, 'search.sqlite'));
  const prefix = (db.prepare('SELECT prefix FROM engine_indices WHERE name = ?').get('p') as { prefix: string }).prefix;
  return { db, prefix };
}

test('sources are stored compressed, and an index of layout 4 (JSON text sources) still reads', async () => {
  await withEngine(async (engine, dir) => {
    const all = docs(3);
    const { db, prefix } = await indexP(engine, dir, all);
    const rows = db.prepare(`SELECT id, source FROM ${prefix}_docs ORDER BY rowid`).all() as { id: string; source: Buffer }[];
    for (const [i, r] of rows.entries()) {
      assert.ok(Buffer.isBuffer(r.source));
      assert.ok(r.source.length < JSON.stringify(all[i]).length / 2, 'compressed to less than half');
    }
    // As a layout-4 index: the first source as JSON text.
    db.prepare(`UPDATE ${prefix}_docs SET source = ? WHERE id = ?`).run(JSON.stringify(all[0]), all[0]!.id);
    db.prepare('UPDATE engine_indices SET layout = 4 WHERE name = ?').run('p');
    db.close();
    const reopened = new EmbeddedEngine(dir);
    try {
      assert.equal(await reopened.mget('p', [all[0]!.id as string, all[1]!.id as string]), [all[0], all[1]]);
      const hit = await reopened.search('p', { query: { term: { id: all[0]!.id as string } } });
      assert.equal(hit.hits[0]!.source, all[0]);
    } finally {
      await reopened.close();
    }
    const db2 = new Database(path.join(dir, 'search.sqlite'));
    db2.prepare('UPDATE engine_indices SET layout = 3 WHERE name = ?').run('p');
    db2.close();
    const old = new EmbeddedEngine(dir);
    try {
      await rejects(
        () => old.mget('p', ['x']),
        (err: Error) => /layout 3; this build reads layouts 4, 5, 6, 7, 8, 9 and 10 \(it writes 10\)/.test(err.message),
      );
    } finally {
      await old.close();
    }
  });
});

test('a prepared batch keeps its sources in one buffer, so a thread sends them in one transfer', () => {
  const all = docs(30);
  const batch = prepareBatch(
    spec,
    root,
    all.map((d) => ({ id: d.id as string, doc: d })),
  );
  const buffer = batch.sources[0]!.buffer;
  assert.ok(batch.sources.every((s) => s.buffer === buffer));
  // Exactly their bytes: a compressor's output is a view of a larger allocation, which
  // structured cloning would copy whole for every source.
  assert.is(
    buffer.byteLength,
    batch.sources.reduce((n, s) => n + s.byteLength, 0),
  );
  assert.equal(preparedTransfer(batch), [buffer]);
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(batch, preparedTransfer(batch));
  assert.is(buffer.byteLength, 0, 'transferred, not copied');
  port1.close();
  port2.close();
});

test('an index of layout 7 keeps DEFLATE sources: they read back, and what is written to it stays DEFLATE', async () => {
  await withEngine(async (engine, dir) => {
    const all = docs(4);
    const { db, prefix } = await indexP(engine, dir, all.slice(0, 3));
    const isZstd = (b: Buffer) => b.readUInt32LE(0) === 0xfd2fb528;
    const sources = () => db.prepare(`SELECT id, source FROM ${prefix}_docs ORDER BY rowid`).all() as { id: string; source: Buffer }[];
    assert.ok(
      sources().every((r) => isZstd(r.source)),
      'new indices write Zstandard frames',
    );
    // As a layout-7 index wrote them: raw DEFLATE with the field-name dictionary.
    const deflateRoot = withSourceEncoding(buildCatalog(spec, prefix, 'marks'), 'deflate', null);
    for (const [i, r] of sources().entries()) {
      db.prepare(`UPDATE ${prefix}_docs SET source = ? WHERE id = ?`).run(encodeSource(deflateRoot, JSON.stringify(all[i])), r.id);
    }
    db.prepare('UPDATE engine_indices SET layout = 7 WHERE name = ?').run('p');
    assert.ok(fieldNameDictionary(deflateRoot).length > 100);
    const reopened = new EmbeddedEngine(dir);
    try {
      assert.equal(await reopened.sourceEncoding('p'), { codec: 'deflate', dictionary: null, folding: 'marks' });
      assert.equal(await reopened.mget('p', [all[0]!.id as string, all[2]!.id as string]), [all[0], all[2]]);
      await reopened.bulk('p', [{ op: 'index', id: all[3]!.id as string, doc: all[3]! }]);
      const written = sources();
      assert.is(written.length, 4);
      assert.ok(
        written.every((r) => !isZstd(r.source)),
        'an upsert into a layout-7 index writes DEFLATE',
      );
      assert.equal(
        await reopened.mget(
          'p',
          all.map((d) => d.id as string),
        ),
        all,
      );
      const hit = await reopened.search('p', { query: { term: { id: all[3]!.id as string } } });
      assert.equal(hit.hits[0]!.source, all[3]);
    } finally {
      db.close();
      await reopened.close();
    }
  });
});

test('an index created with sample documents compresses with its own dictionary: smaller sources, read back alike, other batches refused', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-dictionary-'));
  // A read pool too: its workers read the dictionary from the catalog.
  const engine = new EmbeddedEngine(dir, { readers: 1 });
  try {
    const all = docs(60);
    await engine.createIndex('plain', spec);
    await engine.createIndex('trained', spec, { sourceSamples: all.slice(0, 8) });
    assert.equal(await engine.sourceEncoding('plain'), { codec: 'zstd', dictionary: null, folding: 'ascii' });
    const { codec, dictionary } = await engine.sourceEncoding('trained');
    assert.is(codec, 'zstd');
    // Eight sample profiles are less than the 128 KiB a Zstandard dictionary may hold: all of them.
    const sampleBytes = all.slice(0, 8).reduce((n, d) => n + Buffer.byteLength(JSON.stringify(d)), 0);
    assert.ok(dictionary && dictionary.length > sampleBytes && dictionary.length <= 128 * 1024);
    // Batches prepared with the index's dictionary (as the indexer's workers do), and one upserted.
    const trainedRoot = withSourceEncoding(buildCatalog(spec, 'test', 'ascii'), codec, dictionary);
    await engine.beginBulkLoad('trained');
    const slice = all.slice(0, 50);
    const ops = slice.map((d): BulkOperation => ({ op: 'index', id: d.id as string, prepared: true }));
    await rejects(
      () =>
        engine.bulk(
          'trained',
          ops,
          prepareBatch(
            spec,
            root,
            slice.map((d) => ({ id: d.id as string, doc: d })),
          ),
        ),
      (err: Error) => /another mapping, source dictionary, folding or format/.test(err.message),
    );
    await engine.bulk(
      'trained',
      ops,
      prepareBatch(
        spec,
        trainedRoot,
        slice.map((d) => ({ id: d.id as string, doc: d })),
      ),
    );
    await engine.endBulkLoad('trained');
    await engine.bulk(
      'trained',
      all.slice(50).map((d) => ({ op: 'index', id: d.id as string, doc: d })),
    );
    await engine.bulk(
      'plain',
      all.map((d) => ({ op: 'index', id: d.id as string, doc: d })),
    );
    const ids = all.map((d) => d.id as string);
    assert.equal(await engine.mget('trained', ids), all);
    assert.equal(await answers(engine, 'trained'), await answers(engine, 'plain'));
    const db = new Database(path.join(dir, 'search.sqlite'), { readonly: true });
    const bytes = (name: string) => {
      const prefix = db.prepare('SELECT prefix FROM engine_indices WHERE name = ?').pluck().get(name) as string;
      return db.prepare(`SELECT sum(length(source)) FROM ${prefix}_docs`).pluck().get() as number;
    };
    assert.ok(bytes('trained') < bytes('plain') * 0.7, `trained ${bytes('trained')} bytes against ${bytes('plain')}`);
    db.close();
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a bulk load drops the name-sort indexes and builds them when it ends, and merges its number-posting heaps', async () => {
  await withEngine(async (engine, dir) => {
    await engine.createIndex('p', spec);
    const db = new Database(path.join(dir, 'search.sqlite'), { readonly: true });
    const sortIndexes = () =>
      (db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND name LIKE '%_sort_by_%'`).get() as { n: number }).n;
    const built = sortIndexes();
    assert.ok(built > 0);
    await engine.beginBulkLoad('p');
    assert.is(sortIndexes(), 0);
    await engine.endBulkLoad('p');
    assert.is(sortIndexes(), built);
    const heaps = db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name LIKE '%_num_load%'`).get() as { n: number };
    assert.is(heaps.n, 0, 'the number-posting heaps are merged and dropped');
    db.close();
  });
});

/** Segments of an FTS5 table, from its structure record: a cookie, a version tag, then levels and segments. */
function ftsSegments(db: Database.Database, table: string): number {
  const block = db.prepare(`SELECT block FROM "${table}_data" WHERE id = 10`).pluck().get() as Buffer;
  let i = block.subarray(4, 8).equals(Buffer.from([0xff, 0, 0, 1])) ? 8 : 4;
  const varint = () => {
    let v = 0;
    for (;;) {
      const b = block[i++]!;
      v = v * 128 + (b & 0x7f);
      if (b < 0x80) return v;
    }
  };
  varint(); // levels
  return varint();
}

test('a bulk load merges its FTS5 segments once and checkpoints less often, then puts both settings back, resumed or not', async () => {
  await withEngine(async (first, dir) => {
    await first.createIndex('p', spec);
    const db = new Database(path.join(dir, 'search.sqlite'), { readonly: true });
    let resumed: EmbeddedEngine | null = null;
    try {
      const tables = db
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'`)
        .pluck()
        .all() as string[];
      const kw = tables.find((n) => n.endsWith('_fts_kw') && !n.includes('__'))!;
      assert.ok(kw, 'the root keyword table');
      const settings = () =>
        tables.map((n) =>
          Object.fromEntries(
            db.prepare(`SELECT k, v FROM "${n}_config" WHERE k IN ('automerge', 'crisismerge')`).raw().all() as [string, number][],
          ),
        );
      const checkpointEvery = (engine: EmbeddedEngine) =>
        (engine as unknown as { db: Database.Database }).db.pragma('wal_autocheckpoint', { simple: true });
      const load = async (engine: EmbeddedEngine, some: Record<string, unknown>[]) => {
        for (let i = 0; i < some.length; i += 4)
          await engine.bulk(
            'p',
            some.slice(i, i + 4).map((d) => ({ op: 'index', id: d.id as string, doc: d })),
          );
      };
      assert.is(checkpointEvery(first), 1000);
      await first.beginBulkLoad('p');
      for (const s of settings()) assert.equal(s, { automerge: 0, crisismerge: LOAD_CRISIS_MERGE });
      assert.is(checkpointEvery(first), 8192, 'the load checkpoints every 128 MiB of WAL');
      const all = docs(160);
      await load(first, all.slice(0, 120));
      // One segment a batch, none merged yet (FTS5's defaults would have merged them four at a time).
      assert.is(ftsSegments(db, kw), 30);
      // The load stops; another engine resumes it. The tables kept the load's settings.
      await first.close();
      resumed = new EmbeddedEngine(dir);
      for (const s of settings()) assert.equal(s, { automerge: 0, crisismerge: LOAD_CRISIS_MERGE });
      await resumed.beginBulkLoad('p');
      await load(resumed, all.slice(120));
      assert.is(ftsSegments(db, kw), 40);
      await resumed.endBulkLoad('p');
      assert.is(ftsSegments(db, kw), 1);
      for (const s of settings()) assert.equal(s, { automerge: 4, crisismerge: 16 });
      assert.is(checkpointEvery(resumed), 1000);
      assert.is(await resumed.count('p'), 160);
      assert.is(LOAD_CRISIS_MERGE * 3 < 2000, true, 'three full levels stay within FTS5_MAX_SEGMENT');
    } finally {
      db.close();
      await resumed?.close();
    }
  });
});

test.run();
