import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonObject } from './spec-loader.js';

/** `$id` under which the spec's `components` are registered with Ajv. */
const SPEC_ID = 'https://opensearch.org/contract/opensearch-openapi.json';

const INT32 = 2 ** 31;

/** Escapes one JSON-pointer segment. */
export const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Compiles (once, on first use) and runs validators for schemas of the patched spec. */
export class SpecValidators {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(components: JsonObject) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, verbose: true, validateSchema: false, logger: false });
    (addFormats as unknown as (ajv: Ajv2020, formats: string[]) => void)(this.ajv, ['date-time']);
    this.ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -INT32 && n < INT32 });
    this.ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
    this.ajv.addFormat('float', { type: 'number', validate: (n: number) => Number.isFinite(n) });
    this.ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
    this.ajv.addSchema({ $id: SPEC_ID, components }, SPEC_ID);
  }

  /** The validator for the schema at JSON pointer `pointer` of the spec document (e.g. `/components/schemas/X`). */
  validator(pointer: string): ValidateFunction {
    let fn = this.cache.get(pointer);
    if (!fn) {
      fn = this.ajv.compile({ $ref: `${SPEC_ID}#${pointer}` });
      this.cache.set(pointer, fn);
    }
    return fn;
  }

  /** Validates `data` against the schema at `pointer`; returns problems located under `where`. */
  check(pointer: string, data: unknown, where: string): string[] {
    const fn = this.validator(pointer);
    return fn(data) ? [] : describeErrors(fn.errors ?? [], where);
  }
}

const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'not', '$ref']);
/** Errors about the shape of a value; errors about its keys are more telling. */
const SHAPE_KEYWORDS = new Set(['type', 'const', 'enum', 'format']);
/** Errors about one key of the object at `instancePath`: they locate one level deeper. */
const KEY_KEYWORDS = new Set(['unevaluatedProperties', 'additionalProperties', 'required']);

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function showList(values: unknown[]): string {
  const shown = values.slice(0, 12).map(show).join(', ');
  return values.length > 12 ? `${shown}, ... (${values.length} values)` : shown;
}

function message(e: ErrorObject): string {
  const p: Record<string, unknown> = e.params;
  switch (e.keyword) {
    case 'unevaluatedProperties':
      return `unknown property ${show(p['unevaluatedProperty'])}`;
    case 'additionalProperties':
      return `unknown property ${show(p['additionalProperty'])}`;
    case 'required':
      return `missing required property ${show(p['missingProperty'])}`;
    case 'format':
      return `must match format ${show(p['format'])} (got ${show(e.data)})`;
    default:
      return e.message ?? `fails ${e.keyword}`;
  }
}

const depth = (e: ErrorObject): number =>
  (e.instancePath === '' ? 0 : e.instancePath.split('/').length) + (KEY_KEYWORDS.has(e.keyword) ? 1 : 0);

/**
 * Turns Ajv errors into readable problems. Failed `anyOf` branches each report errors; the most
 * useful ones are those that got deepest into the data, and among those the ones about keys
 * rather than about shape (type, enum), so those are kept and the rest dropped. Shape errors
 * at the same place (one per branch) are merged: `must be boolean or integer`.
 */
export function describeErrors(errors: ErrorObject[], where: string): string[] {
  const leaves = errors.filter((e) => !COMBINATORS.has(e.keyword));
  if (leaves.length === 0) return errors.map((e) => `${where}${e.instancePath}: ${e.message ?? e.keyword}`);
  const deepest = Math.max(...leaves.map(depth));
  const atDeepest = leaves.filter((e) => depth(e) === deepest);
  const specific = atDeepest.filter((e) => !SHAPE_KEYWORDS.has(e.keyword));
  const chosen = specific.length > 0 ? specific : atDeepest;
  const shapes = new Map<string, { types: Set<string>; values: unknown[]; data: unknown }>();
  const problems = new Set<string>();
  for (const e of chosen) {
    const at = `${where}${e.instancePath}`;
    if (e.keyword !== 'type' && e.keyword !== 'enum' && e.keyword !== 'const') {
      problems.add(`${at}: ${message(e)}`);
      continue;
    }
    const shape = shapes.get(at) ?? { types: new Set<string>(), values: [], data: e.data };
    const p: Record<string, unknown> = e.params;
    if (e.keyword === 'type') shape.types.add(String(p['type']));
    else if (e.keyword === 'const') shape.values.push(p['allowedValue']);
    else if (Array.isArray(p['allowedValues'])) shape.values.push(...p['allowedValues']);
    shapes.set(at, shape);
  }
  const out: string[] = [];
  for (const [at, { types, values, data }] of shapes) {
    const options = [...(values.length > 0 ? [`one of ${showList([...new Set(values)])}`] : []), ...types];
    out.push(`${at}: must be ${options.join(' or ')} (got ${show(data)})`);
  }
  return [...out, ...problems];
}
