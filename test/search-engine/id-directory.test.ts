import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { IdDirectory, idHash } from '../../search-engine/embedded/id-directory.js';
import { prepareBatch } from '../../search-engine/embedded/prepare.js';
import type { BulkOperation } from '../../search-engine/port.js';
import { docs, root, spec } from '../helpers/embedded-profiles.js';

// A bulk load into tables of this build drops the unique index on document ids and finds ids in
// an in-memory directory instead (search-engine/embedded/id-directory.ts); the index is built
// again when the load ends. Whatever the load does (repeats, deletes, failed batches, a restart,
// a directory past its bound), the index must end with each id once and answer as before.

/** Two different ids with the same 31-bit hash, found by search. */
function collidingIds(): [string, string] {
  const seen = new Map<number, string>();
  for (let i = 0; ; i++) {
    const id = `id-${i}`;
    const other = seen.get(idHash(id));
    if (other !== undefined) return [other, id];
    seen.set(idHash(id), id);
  }
}

test('the directory finds ids through hash collisions, and a rollback undoes what its transaction changed', () => {
  const [a, b] = collidingIds();
  assert.is.not(a, b);
  assert.is(idHash(a), idHash(b));
  const rows = new Map<number, string>();
  const dir = new IdDirectory((rowid) => rows.get(rowid));
  const put = (id: string, rowid: number) => {
    rows.set(rowid, id);
    dir.add(id, rowid);
  };
  put(a, 1);
  assert.is(dir.find(b), undefined, 'a colliding id that is not there is not found');
  put(b, 2);
  put('plain', 3);
  dir.commit();
  assert.equal([dir.find(a), dir.find(b), dir.find('plain'), dir.find('absent')], [1, 2, 3, undefined]);
  assert.is(dir.size, 3);
  // A transaction removes a, moves "plain" and adds c, then rolls back.
  dir.remove(a, 1);
  dir.remove('plain', 3);
  put('plain', 7);
  put('c', 8);
  assert.equal([dir.find(a), dir.find(b), dir.find('plain'), dir.find('c')], [undefined, 2, 7, 8]);
  dir.rollback();
  rows.set(3, 'plain');
  rows.delete(7);
  rows.delete(8);
  assert.equal([dir.find(a), dir.find(b), dir.find('plain'), dir.find('c')], [1, 2, 3, undefined]);
  assert.is(dir.size, 3);
  // The same changes committed stay.
  dir.remove(b, 2);
  put('c', 8);
  dir.commit();
  dir.rollback();
  assert.equal([dir.find(a), dir.find(b), dir.find('c')], [1, undefined, 8]);
  assert.is(dir.size, 3);
  // Removing what is not listed changes nothing, and is not undone either.
  dir.remove('absent', 9);
  dir.remove(a, 2);
  dir.rollback();
  assert.equal([dir.find(a), dir.size], [1, 3]);
});

interface Fixture {
  dir: string;
  engine: EmbeddedEngine;
  /** A read connection to the search file. */
  peek: Database.Database;
  prefix: string;
}

async function withIndex(opts: { loadDirectoryMax?: number }, fn: (f: Fixture) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-id-directory-'));
  const engine = new EmbeddedEngine(dir, opts);
  await engine.createIndex('p', spec);
  const peek = new Database(path.join(dir, 'search.sqlite'), { readonly: true });
  const { prefix } = peek.prepare(`SELECT prefix FROM engine_indices WHERE name = 'p'`).get() as { prefix: string };
  const f = { dir, engine, peek, prefix };
  try {
    await fn(f);
  } finally {
    f.peek.close();
    await f.engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const idIndexes = (f: Fixture): string[] =>
  (
    f.peek.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`).all(`${f.prefix}_docs`) as { name: string }[]
  ).map((r) => r.name);

/** Each id once, and how many rows. */
function docRows(f: Fixture): { rows: number; distinct: number } {
  return f.peek.prepare(`SELECT count(*) AS rows, count(DISTINCT id) AS "distinct" FROM ${f.prefix}_docs`).get() as {
    rows: number;
    distinct: number;
  };
}

const prepared = async (f: Fixture, batch: Record<string, unknown>[]) =>
  f.engine.bulk(
    'p',
    batch.map((d) => ({ op: 'index', id: d.id as string, prepared: true })),
    prepareBatch(
      spec,
      root,
      batch.map((d) => ({ id: d.id as string, doc: d })),
    ),
  );

const headlineHits = async (f: Fixture, words: string) =>
  (await f.engine.search('p', { query: { match: { headline: words } }, size: 50 })).hits.map((h) => h.id).sort();

test('a bulk load runs without the id index, keeps ids unique through repeats, deletes and a failed batch, and builds the index at its end', async () => {
  await withIndex({}, async (f) => {
    const all = docs(60);
    assert.equal(idIndexes(f), [`${f.prefix}_docs_id`]);
    await f.engine.beginBulkLoad('p');
    assert.equal(idIndexes(f), [], 'dropped for the load');
    await prepared(f, all.slice(0, 20));
    // A prepared batch with an id twice, then one repeating an id of the first batch.
    const again: Record<string, unknown> = { ...all[3]!, headline: 'Replaced once' };
    const twiceA: Record<string, unknown> = { ...all[25]!, headline: 'First of two' };
    const twiceB: Record<string, unknown> = { ...all[25]!, headline: 'Second of two' };
    const r = await prepared(f, [...all.slice(20, 24), twiceA, twiceB]);
    assert.is(r.indexed, 6);
    assert.is((await prepared(f, [all[24]!, again])).indexed, 2);
    // Plain operations: a delete, an upsert of a deleted id, a new id.
    const back: Record<string, unknown> = { ...all[5]!, headline: 'Came back' };
    const d = await f.engine.bulk('p', [
      { op: 'delete', id: all[5]!.id as string },
      { op: 'delete', id: 'never-there' },
      { op: 'index', id: back.id as string, doc: back },
      { op: 'index', id: all[30]!.id as string, doc: all[30]! },
    ]);
    assert.equal([d.indexed, d.deleted, d.failed.map((x) => x.reason)], [2, 1, ['not_found']]);
    // A batch that fails half-way writes nothing, and its ids are not taken.
    const bad: BulkOperation[] = [
      { op: 'index', id: all[31]!.id as string, doc: all[31]! },
      { op: 'delete', id: all[6]!.id as string },
      { op: 'index', id: all[32]!.id as string, json: '{"not json' },
    ];
    let failed = false;
    await f.engine.bulk('p', bad).catch(() => {
      failed = true;
    });
    assert.ok(failed, 'the batch with unreadable JSON fails');
    // Its delete of profile 6 did not happen: written again, 6 replaces itself.
    await prepared(f, [all[6]!, ...all.slice(31, 40)]);
    assert.equal(idIndexes(f), [], 'still without it while loading');
    await f.engine.endBulkLoad('p');
    assert.equal(idIndexes(f), [`${f.prefix}_docs_id`]);
    // 0-25 (5 came back), 30 and 31-39: 36 documents, each once.
    assert.equal(docRows(f), { rows: 36, distinct: 36 });
    assert.is(await f.engine.count('p'), 36);
    assert.equal(await f.engine.mget('p', [all[3]!.id as string, all[6]!.id as string, all[25]!.id as string]), [again, all[6], twiceB]);
    assert.equal(await headlineHits(f, 'replaced'), [again.id]);
    assert.equal(await headlineHits(f, 'first'), [], 'the first of a repeated id in one batch is gone');
    assert.equal(await headlineHits(f, 'came back'), [back.id]);
    // After the load, writes go through the index as before.
    await f.engine.bulk('p', [{ op: 'index', id: all[3]!.id as string, doc: all[3]! }]);
    assert.equal(docRows(f), { rows: 36, distinct: 36 });
    assert.equal(await headlineHits(f, 'replaced'), []);
  });
});

test('a load stopped half-way and resumed by another engine lists what the first one wrote', async () => {
  await withIndex({}, async (f) => {
    const all = docs(40);
    await f.engine.beginBulkLoad('p');
    await prepared(f, all.slice(0, 20));
    await f.engine.close();
    f.engine = new EmbeddedEngine(f.dir);
    await f.engine.beginBulkLoad('p');
    // The resumed load sends the last batch again, and goes on.
    await prepared(f, all.slice(10, 30));
    await prepared(f, all.slice(30, 40));
    await f.engine.endBulkLoad('p');
    assert.equal(docRows(f), { rows: 40, distinct: 40 });
    assert.is(await f.engine.count('p'), 40);
  });
});

test('a stopped load that is never resumed gets its id index back at the next write', async () => {
  await withIndex({}, async (f) => {
    const all = docs(10);
    await f.engine.beginBulkLoad('p');
    await prepared(f, all);
    await f.engine.close();
    f.engine = new EmbeddedEngine(f.dir);
    assert.equal(idIndexes(f), []);
    await f.engine.bulk('p', [{ op: 'index', id: all[2]!.id as string, doc: { ...all[2]!, headline: 'Later' } }]);
    assert.equal(idIndexes(f), [`${f.prefix}_docs_id`]);
    assert.equal(docRows(f), { rows: 10, distinct: 10 });
    assert.equal(await headlineHits(f, 'later'), [all[2]!.id]);
  });
});

test('past its bound the directory gives way to the id index, and the load goes on', async () => {
  await withIndex({ loadDirectoryMax: 25 }, async (f) => {
    const all = docs(50);
    await f.engine.beginBulkLoad('p');
    await prepared(f, all.slice(0, 20));
    assert.equal(idIndexes(f), []);
    await prepared(f, all.slice(20, 30));
    assert.equal(idIndexes(f), [`${f.prefix}_docs_id`], 'built once 30 > 25 ids were listed');
    const again: Record<string, unknown> = { ...all[4]!, headline: 'Replaced after' };
    await prepared(f, [...all.slice(30, 50), again]);
    await f.engine.bulk('p', [{ op: 'delete', id: all[7]!.id as string }]);
    await f.engine.endBulkLoad('p');
    assert.equal(docRows(f), { rows: 49, distinct: 49 });
    assert.equal(await headlineHits(f, 'replaced after'), [again.id]);
  });
});

test('a load resumed with more documents than the directory holds keeps (or builds) the id index', async () => {
  await withIndex({ loadDirectoryMax: 15 }, async (f) => {
    const all = docs(40);
    await f.engine.beginBulkLoad('p');
    await prepared(f, all.slice(0, 12));
    assert.equal(idIndexes(f), []);
    await f.engine.close();
    f.engine = new EmbeddedEngine(f.dir, { loadDirectoryMax: 10 });
    await f.engine.beginBulkLoad('p');
    assert.equal(idIndexes(f), [`${f.prefix}_docs_id`], '12 documents > 10: built again instead of listed');
    await prepared(f, all.slice(8, 30));
    await f.engine.endBulkLoad('p');
    assert.equal(docRows(f), { rows: 30, distinct: 30 });
  });
});

test('an id that is not well-formed Unicode is refused: it could not be found again', async () => {
  await withIndex({}, async (f) => {
    const d = docs(1)[0]!;
    for (const load of [true, false]) {
      if (load) await f.engine.beginBulkLoad('p');
      let error: Error | null = null;
      await f.engine.bulk('p', [{ op: 'index', id: 'abc\ud800', doc: d }]).catch((e: Error) => {
        error = e;
      });
      assert.match(String(error), /not valid Unicode/);
      if (load) await f.engine.endBulkLoad('p');
    }
    assert.equal(docRows(f), { rows: 0, distinct: 0 });
    // A pair of surrogates is a character like any other.
    await f.engine.bulk('p', [{ op: 'index', id: 'abc\ud83d\ude00', doc: d }]);
    assert.equal(await f.engine.mget('p', ['abc\ud83d\ude00']), [d]);
  });
});

test('tables that declare the id unique inside the table (built before) load with it, as before', async () => {
  await withIndex({}, async (f) => {
    // The docs table as older builds made it.
    f.peek.close();
    const raw = new Database(path.join(f.dir, 'search.sqlite'));
    const docsTable = `${f.prefix}_docs`;
    raw.exec(`DROP TABLE ${docsTable}`);
    raw.exec(`CREATE TABLE ${docsTable} (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, source BLOB NOT NULL)`);
    raw.close();
    f.peek = new Database(path.join(f.dir, 'search.sqlite'), { readonly: true });
    const all = docs(30);
    await f.engine.beginBulkLoad('p');
    assert.equal(idIndexes(f), [`sqlite_autoindex_${docsTable}_1`]);
    await prepared(f, all.slice(0, 20));
    await prepared(f, [...all.slice(20, 30), { ...all[1]!, headline: 'Replaced old style' }]);
    await f.engine.endBulkLoad('p');
    assert.equal(idIndexes(f), [`sqlite_autoindex_${docsTable}_1`], 'no second index on ids');
    assert.equal(docRows(f), { rows: 30, distinct: 30 });
    assert.equal(await headlineHits(f, 'replaced old style'), [all[1]!.id]);
  });
});

test.run();
