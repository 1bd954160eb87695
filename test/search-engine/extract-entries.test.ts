import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { foldKeyword, foldText, normalizeKeyword } from '../../search-engine/embedded/analysis.js';
import { buildCatalog } from '../../search-engine/embedded/catalog.js';
import { extractEntries, keywordTermOf, keywordValue } from '../../search-engine/embedded/extract.js';
import { strictProblem } from '../../search-engine/embedded/strict.js';
import { keywordToken, presentToken } from '../../search-engine/embedded/tables.js';
import type { IndexSpec } from '../../search-engine/port.js';

// Every document of a bulk load goes through the strict check and posting extraction, so both
// take shortcuts for the common case (one value a field, printable ASCII, values that do not
// repeat). These tests hold the shortcuts to what the general path computes.

const spec: IndexSpec = {
  settings: { analysis: { normalizer: { proxima_lower: { type: 'custom', filter: ['lowercase', 'asciifolding'] } } } },
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      tag: { type: 'keyword', normalizer: 'proxima_lower', ignore_above: 12 },
      code: { type: 'keyword' },
      title: { type: 'text' },
      n: { type: 'integer' },
      at: { type: 'date' },
      flag: { type: 'boolean' },
      raw: { type: 'object', enabled: false },
      jobs: { type: 'nested', properties: { company: { type: 'keyword' }, start: { type: 'date' } } },
    },
  },
} as unknown as IndexSpec;
const properties = spec.mappings.properties as Record<string, Record<string, unknown>>;
const root = buildCatalog(spec, 'x', 'ascii');
const field = (path: string) => root.fields.get(path)!;

test('the strict check names the field and the problem, at any depth', () => {
  const problem = (doc: Record<string, unknown>) => strictProblem(doc, properties);
  assert.is(problem({ id: 'a', tag: ['x', null], n: '42', at: '2024-05', flag: 'true', raw: { any: { thing: 1 } } }), null);
  assert.is(problem({ id: 'a', shoe: 44 }), 'strict mapping: field "shoe" is not in the mapping');
  assert.is(problem({ jobs: [{ company: 'c' }, { company: 'd', boss: 'x' }] }), 'strict mapping: field "jobs.boss" is not in the mapping');
  assert.is(problem({ n: 'many' }), 'field "n" of type integer got "many"');
  assert.is(problem({ n: [1, ' '] }), 'field "n" of type integer got " "');
  assert.is(problem({ jobs: { start: 'soon' } }), 'field "jobs.start" of type date got "soon"');
  assert.is(problem({ flag: 1 }), 'field "flag" of type boolean got 1');
  assert.is(problem({ code: { a: 1 } }), 'field "code" of type keyword got an object');
  assert.is(problem({ jobs: ['x'] }), 'jobs must be an object');
});

test('printable ASCII folds by lowercasing alone; anything else is decomposed and stripped of marks', () => {
  for (const [value, folded] of [
    ['Hello World-42_~', 'hello world-42_~'],
    ['Café Crème', 'cafe creme'],
    ['ÅNGSTRÖM', 'angstrom'],
    ['ＡＢＣ１', 'abc1'],
    ['tab\there', 'tab\there'],
    ['São Paulo\u00a0', 'sao paulo '],
  ] as const) {
    for (const folding of ['marks', 'ascii'] as const) {
      assert.is(foldKeyword(value, folding), folded, value);
      assert.is(normalizeKeyword(value, folding), folded, value);
    }
    assert.is(foldKeyword(value, 'marks'), value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase(), value);
  }
});

test('letters without marks to strip fold as the asciifolding filter of OpenSearch does from layout 10, and stay in older indices', () => {
  for (const [value, ascii] of [
    ['Sørlie', 'sorlie'],
    ['Łódź', 'lodz'],
    ['Đorđević', 'dordevic'],
    ['Işık', 'isik'],
    ['Straße', 'strasse'],
    ['Ærø', 'aero'],
    ['Þórsdóttir', 'thorsdottir'],
    ['Москва', 'москва'],
  ] as const) {
    assert.is(foldKeyword(value, 'ascii'), ascii, value);
    assert.is(normalizeKeyword(value, 'ascii'), ascii, value);
    assert.is(foldKeyword(value, 'marks'), value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase(), value);
    assert.is(normalizeKeyword(value, 'marks'), foldKeyword(value, 'marks'), value);
    // FTS5 lowercases and strips marks itself: text is given the letters it keeps, folded.
    assert.is(foldText(value, 'ascii').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase(), ascii, value);
    assert.is(foldText(value, 'marks'), value, value);
  }
});

test('a field whose values never repeat gets the same terms once its values are no longer remembered', () => {
  // Past its trial (2,000 values with few repeats) the field's terms are computed without caches.
  const tag = field('tag');
  for (let i = 0; i < 5_000; i++) {
    const value = i % 3 === 0 ? `Ünï-${i}` : i % 3 === 1 ? `Tag-${i}` : `a-long-tag-value-${i}`;
    const expected = keywordValue(tag, value);
    assert.equal(keywordTermOf(tag, value), expected === null ? null : [expected, keywordToken(tag.id, expected)], value);
  }
  assert.equal(keywordTermOf(tag, 7), ['7', keywordToken(tag.id, '7')]);
  assert.is(keywordTermOf(tag, { a: 1 }), null);
  assert.is(keywordTermOf(tag, 'ABCDEFGHIJKLM'), null, 'longer than ignore_above');
});

test('one value and several values of a field give the same kind of entries', () => {
  const tag = field('tag');
  const code = field('code');
  const n = field('n');
  const token = (f: typeof tag, v: string) => keywordToken(f.id, v);

  const one = extractEntries(root, { tag: 'Zed', code: 'Q', n: '5', title: 'Hello', flag: false }, true);
  assert.equal(one.kw, [token(tag, 'zed'), presentToken(tag.id), token(code, 'Q'), presentToken(code.id)]);
  assert.equal(one.num, [
    [n.id, 5],
    [field('flag').id, 0],
  ]);
  assert.equal(
    [...one.sort],
    [
      ['tag', 'zed'],
      ['code', 'Q'],
      ['n', 5],
      ['flag', 0],
    ],
  );
  assert.equal(one.multi, []);
  assert.is(one.text[field('title').text!.table].get(field('title').text!.column), 'Hello');

  const many = extractEntries(root, { tag: ['b', 'A', 'B', null, { x: 1 }], n: [9, '3', 9, 'x'], title: ['One', 2, null, ''] }, true);
  assert.equal(many.kw, [token(tag, 'b'), token(tag, 'a'), presentToken(tag.id)], 'each folded value once');
  assert.equal(many.num, [
    [n.id, 9],
    [n.id, 3],
  ]);
  assert.equal(
    [...many.sort],
    [
      ['tag', 'a'],
      ['n', 3],
    ],
  );
  assert.equal(many.multi, ['tag', 'n']);
  assert.is(many.text[field('title').text!.table].get(field('title').text!.column), 'One\n2\n');

  const none = extractEntries(root, { tag: 'ABCDEFGHIJKLM', n: 'x', code: [null], title: [{}] }, true);
  assert.equal([none.kw, none.num, [...none.sort], none.multi, none.presence], [[], [], [], [], 0], 'no value indexed, no presence');

  const nested = extractEntries(root, { jobs: [{ company: 'c1', start: '2020-01' }, 'not an object'] }, true);
  const jobs = [...nested.nested];
  assert.is(jobs.length, 1);
  assert.equal(jobs[0]![1], [{ company: 'c1', start: '2020-01' }]);
  const job = extractEntries(jobs[0]![0], jobs[0]![1][0]!, false);
  assert.is(job.sort.size, 0, 'nested objects have no sort values');
  assert.is(job.num[0]![1], Date.UTC(2020, 0, 1));
});

test.run();
