import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonSchema } from '../../server/http/route.js';
import { check, compileValidator, numericFieldsOf } from '../../server/http/validation.js';

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

test.run();
