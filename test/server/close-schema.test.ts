import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { closeSchema } from '../../server/http/close-schema.js';

test('closeSchema closes every object schema with properties, at every depth', () => {
  const closed = closeSchema({
    type: 'object',
    properties: {
      row: { type: ['object', 'null'], properties: { a: { type: 'string' } } },
      rows: { type: 'array', items: { type: 'object', properties: { b: { type: 'integer' } } } },
      either: { anyOf: [{ type: 'object', properties: { c: {} } }, { type: 'null' }] },
      map: { type: 'object', additionalProperties: { type: 'object', properties: { d: {} } } },
    },
  });
  assert.equal(closed, {
    type: 'object',
    additionalProperties: false,
    properties: {
      row: { type: ['object', 'null'], properties: { a: { type: 'string' } }, additionalProperties: false },
      rows: { type: 'array', items: { type: 'object', properties: { b: { type: 'integer' } }, additionalProperties: false } },
      either: { anyOf: [{ type: 'object', properties: { c: {} }, additionalProperties: false }, { type: 'null' }] },
      map: { type: 'object', additionalProperties: { type: 'object', properties: { d: {} }, additionalProperties: false } },
    },
  });
});

test('closeSchema leaves declared open maps, objects without properties and allOf alone', () => {
  const open = { type: 'object', additionalProperties: true, properties: { a: {} } };
  assert.equal(closeSchema(open), open);
  assert.equal(closeSchema({ type: 'object', description: 'anything' }), { type: 'object', description: 'anything' });
  const combined = { allOf: [{ type: 'object', properties: { a: {} } }], properties: { b: {} } };
  assert.equal(closeSchema(combined), combined);
});

test.run();
