/**
 * JSON Schema fragments for request input, each carrying its ceiling from INPUT_CEILINGS. Every
 * string and list a request schema declares is built from these, so the schema check refuses
 * absurd sizes before any other work (test/server/hostile-input.test.ts walks every route's
 * schema to keep it so).
 */
import { INPUT_CEILINGS as C } from './limits.js';

/** Free text: a query, a description, keywords text. */
export const textField = <const D extends string>(description: D) => ({ type: 'string', maxLength: C.textChars, description }) as const;

/** Any other string: a filter value, an id, a username, a URL. */
export const valueField = <const D extends string>(description: D) => ({ type: 'string', maxLength: C.valueChars, description }) as const;

/**
 * A bound of a numeric range: non-negative and finite (JSON's `1e400` parses to Infinity, which
 * no engine takes in a range).
 */
export const rangeBound = <const D extends string>(description: D) =>
  ({ type: 'number', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description }) as const;

/** A list of non-empty strings. */
export const stringList = <const D extends string>(description: D) =>
  ({
    type: 'array',
    maxItems: C.listItems,
    items: { type: 'string', maxLength: C.valueChars },
    description,
  }) as const;

/** A list of uuids (post search's id lists, whose ceiling is higher). */
export const uuidList = <const D extends string>(description: D) =>
  ({
    type: 'array',
    maxItems: C.idItems,
    items: { type: 'string', format: 'uuid' },
    description,
  }) as const;

/** A list of values of an enumeration. */
export const enumList = <const V extends readonly string[], const D extends string>(values: V, description: D) =>
  ({
    type: 'array',
    maxItems: C.listItems,
    items: { enum: values },
    description,
  }) as const;

/** A list of objects of `items`' shape. */
export const objectList = <const I extends Record<string, unknown>, const D extends string>(items: I, description: D) =>
  ({
    type: 'array',
    maxItems: C.listItems,
    items,
    description,
  }) as const;

/** An `{include, exclude}` pair of string lists. */
export const includeExclude = (what: string) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: {
      include: stringList(`${what} to match (any of them).`),
      exclude: stringList(`${what} to rule out.`),
    },
  }) as const;

/** Keywords given as one text (split into keywords) or as a list. */
export const keywordsField = (description: string) =>
  ({
    anyOf: [textField('Keywords text: split on commas, or on whitespace keeping double-quoted phrases whole.'), stringList(description)],
    description,
  }) as const;
