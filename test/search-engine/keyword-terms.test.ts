import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FieldInfo } from '../../search-engine/embedded/catalog.js';
import { keywordTermOf, keywordValue } from '../../search-engine/embedded/extract.js';
import { keywordToken } from '../../search-engine/embedded/tables.js';

// keywordTermOf remembers what keywordValue and keywordToken make of a value, per field. Whatever
// it remembers, forgets or stops remembering, its answer must be theirs.

const expected = (field: FieldInfo, value: unknown) => {
  const k = keywordValue(field, value);
  return k === null ? null : [k, keywordToken(field.id, k)];
};

test('a keyword value and its token are those of keywordValue and keywordToken, remembered or not', () => {
  const lower: FieldInfo = {
    path: 'country',
    kind: 'keyword',
    sourcePath: 'country',
    id: 3,
    lowercase: true,
    ignoreAbove: 12,
    folding: 'ascii',
  };
  const exact: FieldInfo = { path: 'id', kind: 'keyword', sourcePath: 'id', id: 4, folding: 'ascii' };
  const samples: unknown[] = [
    'Ångström',
    'ÅNGSTRÖM',
    'Deutschland',
    'a very long value',
    7,
    0,
    -1.5,
    true,
    false,
    '',
    'Zoë',
    null,
    undefined,
    { a: 1 },
    ['x'],
    Number.NaN,
  ];
  for (let round = 0; round < 3; round++) {
    for (const v of samples) {
      assert.equal(keywordTermOf(lower, v), expected(lower, v), `lower ${String(v)}`);
      assert.equal(keywordTermOf(exact, v), expected(exact, v), `exact ${String(v)}`);
    }
  }
  assert.equal(keywordTermOf(lower, 'Ångström'), ['angstrom', keywordToken(3, 'angstrom')]);
  assert.is(keywordTermOf(lower, 'a very long value'), null, 'over ignore_above');
  // A field of unique values (ids) stops being remembered; one of repeated values goes on; past
  // the bound on all fields together, everything starts over. The answers never change.
  const mixed: FieldInfo = { path: 'title', kind: 'keyword', sourcePath: 'title', id: 5, lowercase: true, folding: 'ascii' };
  for (let i = 0; i < 120_000; i++) {
    const id = `id-${i}`;
    assert.equal(keywordTermOf(exact, id), [id, keywordToken(4, id)]);
    const country = samples[i % 4]!;
    assert.equal(keywordTermOf(lower, country), expected(lower, country));
    // Repeats at first, so it is remembered; then new values, until all fields start over.
    const title = i < 3_000 ? `Title ${i % 1_000}` : `Title ${i}`;
    assert.equal(keywordTermOf(mixed, title), expected(mixed, title));
  }
});

test.run();
