/**
 * Issue 11: long values. A term query on a keyword field is valid whatever the value's length
 * and matches the documents indexed with that value, as in OpenSearch: `ignore_above` keeps
 * longer values of documents out of the index (so their exact value matches nothing), it does not
 * make a query invalid. Long text in match, match_phrase and multi_match is analysed into terms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { JOBS, PROFILES } from '../../mappings/indices.js';
import { keywordQuery } from '../../query-planner/build/filter-clauses.js';
import { buildJobsQuery } from '../../query-planner/build/jobs-query.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import type { Query } from '../../search-engine/port.js';

const LONG_TITLE = `Principal ${'Distributed Systems '.repeat(15)}Engineer`; // 300 characters
const ACCENTED = 'É'.repeat(150); // 150 characters: indexed, as "e" × 150
const LONG_FUNCTION = `f${'x'.repeat(383)}`; // a keyword without ignore_above keeps any length
const WORDS = 'platform engineer building data systems '.repeat(250); // 10,000 characters

let engine: EmbeddedEngine;
let dir: string;

test.before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-long-'));
  engine = new EmbeddedEngine(dir);
  await engine.createIndex('people', PROFILES);
  const doc = (id: string, extra: Record<string, unknown>) => ({
    op: 'index' as const,
    id,
    doc: { id, created_at: '2026-01-01T00:00:00Z', ...extra },
  });
  const res = await engine.bulk('people', [
    doc('short', { current_title: 'Staff Engineer', headline: 'Platform engineer', function: 'engineering' }),
    doc('long', { current_title: LONG_TITLE, headline: 'Distributed systems', function: LONG_FUNCTION }),
    doc('accented', { current_title: ACCENTED }),
  ]);
  assert.equal(res.failed, []);
  await engine.createIndex('jobs', JOBS);
});

test.after(async () => {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ids = async (query: Query, index = 'people'): Promise<string[]> =>
  (await engine.search(index, { query, size: 10 })).hits.map((h) => h.id).sort();

test('term and terms on a keyword with ignore_above accept values of any length', async () => {
  for (const n of [257, 384, 10_000, 100_000]) {
    const value = 'x'.repeat(n);
    assert.equal(await ids({ term: { 'current_title.keyword': value } }), [], `term, ${n} characters`);
    assert.equal(await ids({ terms: { 'current_title.keyword': [value, 'staff engineer'] } }), ['short'], `terms, ${n} characters`);
    assert.equal(await ids({ bool: { must_not: [{ term: { 'current_title.keyword': value } }] } }), ['accented', 'long', 'short']);
    assert.is(await engine.count('people', { bool: { filter: [{ terms: { 'current_title.keyword': [value] } }] } }), 0);
  }
});

test('a value longer than ignore_above was not indexed, so its exact value matches nothing; its text does', async () => {
  assert.equal(await ids({ term: { 'current_title.keyword': LONG_TITLE.toLowerCase() } }), []);
  assert.equal(await ids({ match_phrase: { current_title: LONG_TITLE } }), ['long']);
});

test('ignore_above applies to documents only: a longer query value that normalises to an indexed one matches', async () => {
  const decomposed = 'E\u0301'.repeat(150); // 300 UTF-16 units, folded to "e" × 150
  assert.equal(await ids({ term: { 'current_title.keyword': decomposed } }), ['accented']);
});

test('keywords without ignore_above are indexed and found whatever their length', async () => {
  assert.equal(await ids({ term: { function: LONG_FUNCTION } }), ['long']);
  assert.equal(await ids({ terms: { function: ['x'.repeat(100_000), 'engineering'] } }), ['short']);
  assert.equal(await ids({ prefix: { function: 'x'.repeat(10_000) } }), []);
});

test('10,000 characters of text in match, match_phrase, multi_match and the keyword clauses', async () => {
  assert.equal(await ids({ match: { headline: WORDS } }), ['long', 'short']);
  assert.equal(await ids({ match: { headline: { query: WORDS, operator: 'and' } } }), []);
  assert.equal(await ids({ match_phrase: { headline: WORDS } }), []);
  assert.equal(await ids({ match_phrase: { headline: { query: WORDS, slop: 3 } } }), []);
  assert.equal(await ids({ multi_match: { query: WORDS, type: 'best_fields', fields: ['headline^2', 'current_title'] } }), [
    'long',
    'short',
  ]);
  assert.equal(await ids({ bool: { must: [keywordQuery(WORDS)], should: [keywordQuery(WORDS)] } }), []);
  assert.equal(await ids({ match: { headline: 'a'.repeat(10_000) } }), []);
});

test('a job search for a 384-character title runs and matches nothing', async () => {
  const title = `Senior ${'Platform '.repeat(46)}Engineer`.slice(0, 384);
  const { body } = buildJobsQuery({
    filters: { hiring: { titles: { include: [title], exclude: [title] } } },
    now: new Date(),
    from: 0,
    size: 10,
  });
  const res = await engine.search('jobs', body);
  assert.is(res.total?.value, 0);
});

test.run();
