import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonSchema } from '../../server/http/route.js';
import { check, compileValidator, numericFieldsOf, overlongList } from '../../server/http/validation.js';
import { startTestApp } from '../helpers/test-app.js';

const query = (properties: Record<string, unknown>): JsonSchema => ({ type: 'object', properties }) as JsonSchema;

test('numeric query fields are found through anyOf, oneOf, allOf and array items', () => {
  const fields = numericFieldsOf(
    query({
      plain: { type: 'integer' },
      either: {
        anyOf: [
          { type: 'integer', minimum: 1 },
          { type: 'integer', maximum: -1 },
        ],
      },
      one: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
      all: { allOf: [{ type: 'integer' }, { minimum: 0 }] },
      list: { type: 'array', items: { anyOf: [{ type: 'integer' }] } },
      // A field one of whose branches takes text keeps its text as given.
      mixed: { anyOf: [{ type: 'integer' }, { type: 'string', enum: ['all'] }] },
      name: { type: 'string' },
    }),
  );
  assert.equal(Object.fromEntries(fields), { plain: 'integer', either: 'integer', one: 'number', all: 'integer', list: 'integer' });
});

test('a number behind anyOf is held to decimal digits like any other', () => {
  const schema = query({
    page: {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 9 },
        { type: 'integer', minimum: 100 },
      ],
    },
  });
  const validate = compileValidator('query', schema);
  const problems = (page: string) => check('query', validate, { page }).map((p) => `${p.pointer} ${p.message}`);
  assert.equal(problems('7'), []);
  for (const odd of ['0x7', '7e0', 'Infinity']) {
    const found = problems(odd);
    assert.is(found.length, 1, odd);
    assert.match(found[0]!, /^\/page must be an integer written in decimal digits/, odd);
  }
});

test('a query schema with a $ref is refused when compiled, every time', () => {
  const schema = query({ page: { $ref: '#/$defs/page' } });
  assert.throws(() => compileValidator('query', schema), /"page" uses \$ref/);
  assert.throws(() => compileValidator('query', schema), /"page" uses \$ref/);
});

test('a list longer than its schema allows there is one problem, at its pointer, before the schema runs', () => {
  const schema = query({
    rows: {
      type: 'array',
      maxItems: 5,
      items: { type: 'object', properties: { tags: { type: 'array', maxItems: 3, items: { type: 'string' } } } },
    },
    keywords: { anyOf: [{ type: 'string' }, { type: 'array', maxItems: 4, items: { type: 'string' } }] },
    context: { type: 'object', description: 'free-form: the schema judges what is in it' },
  });
  const validate = compileValidator('body', schema);
  assert.equal(check('body', validate, { rows: [{ tags: ['a'] }, { tags: Array(500_000).fill(1) }] }), [
    { in: 'body', pointer: '/rows/1/tags', message: 'must NOT have more than 3 items (it has 500000)' },
  ]);
  assert.equal(overlongList('body', { keywords: Array(5).fill('k') }, schema), {
    in: 'body',
    pointer: '/keywords',
    message: 'must NOT have more than 4 items (it has 5)',
  });
  // A free-form part, and keys the schema does not describe, are not walked: valid bodies pass.
  assert.is(overlongList('body', { context: { tags: Array(50).fill(1) }, other: [1, 2, 3, 4, 5, 6] }, schema), null);
  assert.equal(check('body', validate, { context: { tags: Array(50).fill(1) } }), []);
  // Within the bound, the schema speaks, at most twenty-one problems (one more than an answer lists).
  const many = check('body', validate, {
    rows: [{ tags: [1, 2, 3] }, { tags: [4, 5] }, { tags: [6] }, { tags: [7, 8, 9] }, { tags: [1, 2, 3] }],
  });
  assert.ok(many.length >= 5 && many.length <= 21, JSON.stringify(many));
});

test('a query string repeating a key it does not declare is no list problem (cache-busters)', async () => {
  const app = await startTestApp();
  try {
    const res = await app.call('GET', '/api/v1/projects?_=1&_=2', { key: app.account().apiKey });
    assert.is(res.status, 200, res.text);
  } finally {
    await app.close();
  }
});

test('a value every branch of a choice refuses by format is one problem saying what each branch takes', () => {
  const schema = query({
    at: {
      anyOf: [
        { type: 'string', format: 'date' },
        { type: 'string', format: 'date-time' },
      ],
    },
  });
  const validate = compileValidator('body', schema);
  for (const at of ['2026-02-30', '2026-05-01T09:00:00', 'soon']) {
    const problems = check('body', validate, { at });
    assert.equal(
      problems.map((p) => `${p.pointer} ${p.message}`),
      ['/at must be a date of the calendar (2026-01-31) or a date-time with an offset (2026-01-31T09:00:00Z)'],
      at,
    );
  }
  assert.equal(check('body', validate, { at: '2026-05-01T09:00:00+02:00' }), []);
});

test('a single-valued query parameter given twice is said so; a missing start names end_date', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const twice = await app.call('GET', '/api/v1/projects?limit=1&limit=2', { key: apiKey });
    assert.is(twice.status, 400, twice.text);
    assert.equal(twice.body.errors, [{ in: 'query', pointer: '/limit', message: 'is given 2 times; send it once' }]);
    const early = await app.call('GET', '/api/v1/credits?end_date=0000-01-01', { key: apiKey });
    assert.is(early.status, 400, early.text);
    assert.equal(
      (early.body.errors as { pointer: string }[]).map((e) => e.pointer),
      ['/end_date'],
    );
  } finally {
    await app.close();
  }
});

test.run();
