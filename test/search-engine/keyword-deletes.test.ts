import path from 'node:path';
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildCatalog } from '../../search-engine/embedded/catalog.js';
import { prepareBatch } from '../../search-engine/embedded/prepare.js';
import { withSourceEncoding } from '../../search-engine/embedded/source-codec.js';
import { LAYOUT_VERSION } from '../../search-engine/embedded/tables.js';
import type { SearchBody } from '../../search-engine/port.js';
import { docs, root, spec, withEngine } from '../helpers/embedded-profiles.js';

// Keyword tables of layout 7 and later keep no sizes, so FTS5 deletes a row only when told its old tokens
// (search-engine/embedded/tables.ts, keywordTableDeletesByRowid); tables of earlier layouts
// delete by row id. Either way a replaced or deleted document must leave no keyword behind.

test('keyword postings leave with their document: layouts 7 to 9 delete by old tokens, an older table (contentless_delete) by row id', async () => {
  for (const layout of [LAYOUT_VERSION, 6]) {
    await withEngine(async (engine, dir) => {
      const all = docs(40);
      await engine.createIndex('k', spec);
      if (layout === 6) {
        // An index of layout 6: its keyword tables as that layout made them, before any write.
        const db = new Database(path.join(dir, 'search.sqlite'));
        const prefix = (db.prepare('SELECT prefix FROM engine_indices WHERE name = ?').get('k') as { prefix: string }).prefix;
        const tables = db
          .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ? AND name LIKE '%\\_fts\\_kw' ESCAPE '\\'`)
          .all(`${prefix}%`) as { name: string }[];
        assert.ok(tables.length >= 4, 'root, experiences, education and languages');
        for (const { name } of tables) {
          db.exec(`DROP TABLE ${name}`);
          db.exec(`CREATE VIRTUAL TABLE ${name} USING fts5(tokens, content='', contentless_delete=1, detail=none, tokenize='ascii')`);
        }
        db.prepare('UPDATE engine_indices SET layout = 6 WHERE name = ?').run('k');
        db.close();
      }
      // Bulk-loaded (prepared batches), then replaced and deleted one by one.
      await engine.beginBulkLoad('k');
      // A layout-6 index compresses sources with DEFLATE, and takes batches prepared so.
      const batch = prepareBatch(
        spec,
        layout === 6 ? withSourceEncoding(buildCatalog(spec, 'test', 'marks'), 'deflate', null) : root,
        all.map((d) => ({ id: d.id as string, doc: d })),
      );
      await engine.bulk(
        'k',
        all.map((d) => ({ op: 'index', id: d.id as string, prepared: true })),
        batch,
      );
      await engine.endBulkLoad('k');
      const moved = all.slice(0, 10).map(
        (d): Record<string, unknown> => ({
          ...d,
          skills: ['Rust'],
          location: { city: 'Lisbon', country: 'Portugal', country_code: 'PT' },
          experiences: [{ company_name: 'New Co', title: 'Founder', is_current: true }],
        }),
      );
      await engine.bulk(
        'k',
        moved.map((d) => ({ op: 'index', id: d.id as string, doc: d })),
      );
      const gone = all.slice(10, 15).map((d) => d.id as string);
      await engine.bulk(
        'k',
        gone.map((id) => ({ op: 'delete', id })),
      );
      const ids = async (query: SearchBody['query']) =>
        (await engine.search('k', { query, size: 100, sort: [{ id: 'asc' }] })).hits.map((h) => h.id).sort();
      const kept = all.slice(15);
      const expect = (keep: (d: Record<string, unknown>) => boolean) =>
        [...moved, ...kept]
          .filter(keep)
          .map((d) => d.id as string)
          .sort();
      const countryCode = (d: Record<string, unknown>) => (d.location as { country_code?: string } | undefined)?.country_code;
      assert.equal(
        await ids({ term: { 'location.country_code': 'DE' } }),
        expect((d) => countryCode(d) === 'DE'),
        `layout ${layout}: DE`,
      );
      assert.equal(
        await ids({ term: { 'location.country_code': 'PT' } }),
        expect((d) => countryCode(d) === 'PT'),
        `layout ${layout}: PT`,
      );
      assert.equal(
        await ids({ terms: { 'skills.keyword': ['Go', 'SQL'] } }),
        expect((d) => (d.skills as string[]).some((s) => s === 'Go' || s === 'SQL')),
        `layout ${layout}: skills`,
      );
      assert.equal(
        await ids({ nested: { path: 'experiences', query: { term: { 'experiences.is_current': true } } } }),
        expect((d) => (d.experiences as { is_current?: boolean }[]).some((e) => e.is_current === true)),
        `layout ${layout}: nested keyword`,
      );
      assert.equal(
        await ids({ exists: { field: 'skills' } }),
        expect(() => true),
        `layout ${layout}: exists`,
      );
      await engine.close();
      const db = new Database(path.join(dir, 'search.sqlite'));
      const prefix = (db.prepare('SELECT prefix FROM engine_indices WHERE name = ?').get('k') as { prefix: string }).prefix;
      const kw = `${prefix}_fts_kw`;
      const sql = (db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(kw) as { sql: string }).sql;
      assert.is(/columnsize=0/.test(sql), layout === LAYOUT_VERSION);
      assert.is(db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(`${kw}_docsize`) !== undefined, layout === 6);
      db.exec(`INSERT INTO ${kw} (${kw}) VALUES ('integrity-check')`);
      db.close();
    });
  }
});

test('a value JSON cannot hold is indexed as it is stored, so deleting its document leaves no token behind', async () => {
  await withEngine(async (engine) => {
    const [a, b] = docs(2) as [Record<string, unknown>, Record<string, unknown>];
    const ids = async (query: SearchBody['query']) => (await engine.search('k', { query, size: 10 })).hits.map((h) => h.id).sort();
    for (const fresh of [true, false]) {
      await engine.deleteIndex('k').catch(() => undefined);
      await engine.createIndex('k', spec);
      // NaN is stored as null: as a keyword it must not be indexed as "NaN". Written by a bulk
      // load's batch insert (fresh) or by an upsert.
      if (fresh) await engine.beginBulkLoad('k');
      await engine.bulk('k', [{ op: 'index', id: a.id as string, doc: { ...a, skills: ['Go', Number.NaN] } }]);
      if (fresh) await engine.endBulkLoad('k');
      assert.equal(await engine.mget('k', [a.id as string]), [{ ...a, skills: ['Go', null] }]);
      assert.equal(await ids({ term: { 'skills.keyword': 'NaN' } }), [], `fresh ${fresh}: NaN is not a keyword`);
      await engine.bulk('k', [{ op: 'delete', id: a.id as string }]);
      // The next document takes the deleted one's row id: a stale posting would make it match.
      await engine.bulk('k', [{ op: 'index', id: b.id as string, doc: b }]);
      assert.equal(await ids({ term: { 'skills.keyword': 'NaN' } }), [], `fresh ${fresh}: nothing left of the deleted document`);
      assert.equal(
        await ids({ term: { 'skills.keyword': 'Go' } }),
        (b.skills as string[]).includes('Go') ? [b.id as string] : [],
        `fresh ${fresh}: Go`,
      );
    }
  });
});

test.run();
