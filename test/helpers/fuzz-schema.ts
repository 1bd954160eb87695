/**
 * JSON Schema tools for the HTTP fuzz test: list every property a request schema declares,
 * generate a valid-ish value for any of them, place a value at a property path inside an
 * otherwise valid document, and list the hostile values worth trying at a property. Covers the
 * subset the route schemas use (type, enum, const, properties, required, additionalProperties,
 * items, anyOf/oneOf, formats, bounds) plus local `$ref`s.
 */
import type { JsonSchema } from '../../server/http/route.js';
import { put } from './fuzz-json.js';
import type { Rng } from './fuzz-random.js';
import {
  hostileArrays,
  hostileObjects,
  type Labeled,
  LONG_STRINGS,
  NUMBER_LIKE_STRINGS,
  NUMBERS,
  PROTO_STRINGS,
  SYNTAX_STRINGS,
  UNICODE_STRINGS,
  WRONG_TYPE_VALUES,
} from './fuzz-values.js';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';
const ALL_TYPES: JsonType[] = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'];

/** A property path: property names, and `*` for "an item of this array". */
export type FieldPath = string[];

/** One property (or array item) a schema declares. */
export interface SchemaNode {
  path: FieldPath;
  schema: JsonSchema;
}

/** Supplies realistic values for a path (corpus names, stored ids); undefined to generate. */
export type Hint = (path: FieldPath, schema: JsonSchema) => unknown[] | undefined;

export interface GenContext {
  rng: Rng;
  hint: Hint;
  /** Chance that an optional property is present at the top level (halved at each level down). */
  optionalChance: number;
  /** Words for strings nothing more specific is known about. */
  words: readonly string[];
}

const asSchema = (v: unknown): JsonSchema => (v && typeof v === 'object' ? (v as JsonSchema) : {});

/** Follows a local `$ref` (`#/...`) against the root schema. */
export function deref(root: JsonSchema, s: JsonSchema): JsonSchema {
  let current = s;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#')) break;
    let target: unknown = root;
    for (const part of ref.slice(2).split('/').filter(Boolean)) {
      target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    const { $ref: _ref, ...rest } = current;
    current = { ...asSchema(target), ...rest };
  }
  return current;
}

/** The anyOf/oneOf branches of a schema, each merged with the keywords around it. */
function branchesOf(root: JsonSchema, s: JsonSchema): JsonSchema[] {
  const list = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (!Array.isArray(list) || list.length === 0) return [s];
  const { anyOf: _a, oneOf: _o, ...outer } = s;
  return list.map((b) => {
    const branch = deref(root, asSchema(b));
    return {
      ...outer,
      ...branch,
      properties: { ...asSchema(outer.properties), ...asSchema(branch.properties) },
      required: [...((outer.required as string[]) ?? []), ...((branch.required as string[]) ?? [])],
    };
  });
}

/** The JSON types a schema admits, or null when it does not constrain the type. */
export function typesOf(root: JsonSchema, schema: JsonSchema): JsonType[] | null {
  const s = deref(root, schema);
  const found = new Set<JsonType>();
  const add = (t: JsonType) => {
    found.add(t);
    if (t === 'number') found.add('integer');
  };
  if (typeof s.type === 'string') add(s.type as JsonType);
  else if (Array.isArray(s.type)) for (const t of s.type) add(t as JsonType);
  else if ('const' in s) add(jsonTypeOf(s.const));
  else if (Array.isArray(s.enum)) for (const v of s.enum) add(jsonTypeOf(v));
  else if (s.properties) add('object');
  else if (s.items) add('array');
  else if (s.anyOf || s.oneOf) {
    for (const b of branchesOf(root, s)) {
      const ts = typesOf(root, { ...b, anyOf: undefined, oneOf: undefined });
      if (ts === null) return null;
      for (const t of ts) add(t);
    }
  } else return null;
  return [...found];
}

function jsonTypeOf(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as JsonType;
}

/** The schema of property `key` of an object schema (looking into its branches too). */
function propertySchema(root: JsonSchema, s: JsonSchema, key: string): JsonSchema | undefined {
  for (const b of branchesOf(root, deref(root, s))) {
    const props = asSchema(b.properties);
    if (Object.hasOwn(props, key)) return deref(root, asSchema(props[key]));
  }
  return undefined;
}

const nodeCache = new WeakMap<JsonSchema, SchemaNode[]>();
const indexCache = new WeakMap<JsonSchema, Map<string, JsonSchema[]>>();

/** Every property and array item a schema declares, outermost first (depth-limited; memoised). */
export function schemaNodes(root: JsonSchema, maxDepth = 8): SchemaNode[] {
  const cached = nodeCache.get(root);
  if (cached) return cached;
  const out: SchemaNode[] = [];
  const seen = new Set<string>();
  const visit = (s: JsonSchema, path: FieldPath) => {
    if (path.length >= maxDepth) return;
    for (const b of branchesOf(root, deref(root, s))) {
      const children: [string, unknown][] = Object.entries(asSchema(b.properties));
      if (b.items && typeof b.items === 'object') children.push(['*', b.items]);
      for (const [key, child] of children) {
        const p = [...path, key];
        const id = p.join('/');
        if (seen.has(id)) continue;
        seen.add(id);
        out.push({ path: p, schema: deref(root, asSchema(child)) });
        visit(asSchema(child), p);
      }
    }
  };
  visit(root, []);
  nodeCache.set(root, out);
  return out;
}

/** Property name → every schema declared under that name anywhere in the document (memoised). */
export function propertyIndex(root: JsonSchema): Map<string, JsonSchema[]> {
  const cached = indexCache.get(root);
  if (cached) return cached;
  const index = new Map<string, JsonSchema[]>();
  for (const node of schemaNodes(root)) {
    const name = node.path[node.path.length - 1]!;
    if (name === '*') continue;
    index.set(name, [...(index.get(name) ?? []), node.schema]);
  }
  indexCache.set(root, index);
  return index;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function generateString(s: JsonSchema, ctx: GenContext): string {
  const { rng } = ctx;
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
  let v: string;
  switch (s.format) {
    case 'uuid':
      return `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
    case 'date':
      return `20${rng.int(20, 27)}-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}`;
    case 'date-time':
      return `20${rng.int(20, 27)}-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}T${pad2(rng.int(0, 23))}:00:00Z`;
    case 'email':
      return `${rng.pick(ctx.words)}@example.com`.replace(/\s+/g, '.');
    default:
      v = rng.pick(ctx.words);
  }
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  while (v.length < min) v += 'x';
  return typeof s.maxLength === 'number' ? v.slice(0, s.maxLength) : v;
}

function generateNumber(s: JsonSchema, integer: boolean, ctx: GenContext): number {
  const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0;
  const hi = typeof s.maximum === 'number' ? s.maximum : lo + ctx.rng.pick([3, 10, 30, 200]);
  const v = ctx.rng.int(Math.ceil(lo), Math.floor(hi));
  return integer || ctx.rng.chance(0.6) ? v : Math.min(hi, v + 0.5);
}

/** A value the schema accepts (or nearly: ids and names come from hints and may not exist). */
export function generate(root: JsonSchema, schema: JsonSchema, path: FieldPath, ctx: GenContext, depth = 0): unknown {
  const s = ctx.rng.pick(branchesOf(root, deref(root, schema)));
  const hinted = ctx.hint(path, s);
  if (hinted && hinted.length > 0) return ctx.rng.pick(hinted);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return ctx.rng.pick(s.enum);
  const types = typesOf(root, { ...s, anyOf: undefined, oneOf: undefined }) ?? ['string', 'integer', 'boolean', 'object'];
  const nonNull = types.filter((t) => t !== 'null');
  const type = nonNull.length > 0 && (nonNull.length === types.length || ctx.rng.chance(0.85)) ? ctx.rng.pick(nonNull) : 'null';
  return generateOfType(root, s, type, path, ctx, depth);
}

function generateOfType(root: JsonSchema, s: JsonSchema, type: JsonType, path: FieldPath, ctx: GenContext, depth: number): unknown {
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return ctx.rng.chance(0.5);
    case 'integer':
    case 'number':
      return generateNumber(s, type === 'integer', ctx);
    case 'string':
      return generateString(s, ctx);
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      const max = Math.min(typeof s.maxItems === 'number' ? s.maxItems : min + 3, min + 3);
      const items = asSchema(s.items);
      return Array.from({ length: ctx.rng.int(min, max) }, () => generate(root, items, [...path, '*'], ctx, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = asSchema(s.properties);
      const required = new Set((s.required as string[] | undefined) ?? []);
      if (Object.keys(props).length === 0) return freeForm(root, ctx, depth);
      const chance = depth > 4 ? 0 : ctx.optionalChance / 2 ** depth;
      for (const [key, child] of Object.entries(props)) {
        if (required.has(key) || ctx.rng.chance(chance)) put(out, key, generate(root, asSchema(child), [...path, key], ctx, depth + 1));
      }
      return out;
    }
  }
}

/**
 * Content for an object the schema leaves open (`{type: 'object'}`): keys named like properties
 * declared elsewhere in the same document, with values of those properties' schemas. Handlers
 * that read such objects unvalidated (an earlier response's metadata, alternative nestings)
 * then meet plausible keys, not only random ones.
 */
function freeForm(root: JsonSchema, ctx: GenContext, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth > 5) return out;
  const index = propertyIndex(root);
  const names = [...index.keys()];
  for (const name of ctx.rng.sample(names, ctx.rng.int(1, 3))) {
    put(out, name, generate(root, ctx.rng.pick(index.get(name)!), [name], ctx, depth + 1));
  }
  return out;
}

/**
 * A valid-ish document of `root` with `value` at `path`: every container on the way is itself
 * generated valid (required siblings included), so only the placed value is hostile.
 */
export function placeAt(root: JsonSchema, path: FieldPath, value: unknown, ctx: GenContext): unknown {
  const build = (s: JsonSchema, rest: FieldPath, done: FieldPath, depth: number): unknown => {
    if (rest.length === 0) return value;
    const [seg, ...tail] = rest as [string, ...string[]];
    const here = deref(root, s);
    if (seg === '*') {
      const itemSchema = asSchema(branchesOf(root, here).find((b) => b.items)?.items);
      const item = build(itemSchema, tail, [...done, '*'], depth + 1);
      return ctx.rng.chance(0.3) ? [generate(root, itemSchema, [...done, '*'], ctx, depth + 1), item] : [item];
    }
    const branch = branchesOf(root, here).find((b) => Object.hasOwn(asSchema(b.properties), seg)) ?? here;
    const base = generateOfType(root, branch, 'object', done, ctx, depth) as Record<string, unknown>;
    const child = propertySchema(root, here, seg) ?? {};
    return put(base, seg, build(child, tail, [...done, seg], depth + 1));
  };
  return build(root, path, [], 0);
}

/** Whether a schema is an object that declares no properties (its content is never validated). */
export function isOpenObject(root: JsonSchema, schema: JsonSchema): boolean {
  const s = deref(root, schema);
  const types = typesOf(root, s);
  return (types?.includes('object') ?? false) && Object.keys(asSchema(s.properties)).length === 0 && s.additionalProperties !== false;
}

/**
 * Hostile content for an open object: a property named like one declared elsewhere in the
 * document, whose value is valid but for one hostile leaf (`{"filters": {"revenue": {"max":
 * 1e400}}}` inside `search_metadata`), since handlers read such objects as if validated.
 */
export function openObjectMutations(root: JsonSchema, ctx: GenContext, count: number): Labeled[] {
  const index = propertyIndex(root);
  const names = [...index.keys()];
  const out: Labeled[] = [];
  for (let i = 0; i < count && names.length > 0; i++) {
    const name = ctx.rng.pick(names);
    const schema = ctx.rng.pick(index.get(name)!);
    const inner = [{ path: [] as FieldPath, schema }, ...schemaNodes(schema)];
    const node = ctx.rng.pick(inner);
    const { wrongTypes, odd } = candidateMutations(schema, node, ctx);
    const pool = [...wrongTypes, ...odd];
    if (pool.length === 0) continue;
    const m = ctx.rng.pick(pool);
    const value = node.path.length === 0 ? m.value : placeAt(schema, node.path, m.value, ctx);
    out.push({ label: `open:${[name, ...node.path].join('/')}:${m.label}`, value: put({}, name, value) });
  }
  return out;
}

/** Hostile values for one property, split into wrong JSON types and type-preserving oddities. */
export function candidateMutations(root: JsonSchema, node: SchemaNode, ctx: GenContext): { wrongTypes: Labeled[]; odd: Labeled[] } {
  const s = node.schema;
  const types = typesOf(root, s);
  const allowed = new Set<JsonType>(types ?? ALL_TYPES);
  const wrongTypes = ALL_TYPES.filter((t) => !allowed.has(t)).map((t) => ({ label: `wrong-type:${t}`, value: WRONG_TYPE_VALUES[t] }));
  const odd: Labeled[] = [];
  const sample = () => generate(root, s, node.path, ctx, 1);
  const enumValues = Array.isArray(s.enum) ? (s.enum as unknown[]) : [];
  const stringLike = allowed.has('string') || enumValues.some((v) => typeof v === 'string');
  if (stringLike) {
    odd.push(...PROTO_STRINGS, ...UNICODE_STRINGS, ...SYNTAX_STRINGS, ...NUMBER_LIKE_STRINGS, ...LONG_STRINGS);
    const first = enumValues.find((v): v is string => typeof v === 'string');
    if (first) {
      odd.push(
        { label: 'enum:upper-case', value: first.toUpperCase() },
        { label: 'enum:padded', value: ` ${first} ` },
        { label: 'enum:nul-suffix', value: `${first}\u0000` },
      );
    }
    if (s.format === 'uuid')
      odd.push(
        { label: 'uuid:not-a-uuid', value: 'not-a-uuid' },
        { label: 'uuid:nil', value: '00000000-0000-0000-0000-000000000000' },
        { label: 'uuid:upper', value: String(sample()).toUpperCase() },
        { label: 'uuid:braced', value: `{${String(sample())}}` },
      );
    if (s.format === 'date' || s.format === 'date-time' || /date|after|before/.test(node.path.at(-1) ?? ''))
      odd.push(
        { label: 'date:feb-30', value: '2026-02-30' },
        { label: 'date:zero', value: '0000-00-00' },
        { label: 'date:far-future', value: '+275760-09-13T00:00:00.000Z' },
        { label: 'date:year-9999', value: '9999-12-31T23:59:59Z' },
        { label: 'date:bad-offset', value: '2026-01-01T25:61:00+99:00' },
        { label: 'date:epoch-ms', value: '1767225600000' },
      );
  }
  if (allowed.has('integer') || allowed.has('number')) {
    odd.push(...NUMBERS);
    if (typeof s.minimum === 'number') odd.push({ label: 'bound:below-minimum', value: s.minimum - 1 });
    if (typeof s.maximum === 'number') odd.push({ label: 'bound:above-maximum', value: s.maximum + 1 });
  }
  if (allowed.has('array')) {
    const items = asSchema(s.items);
    odd.push(...hostileArrays(() => generate(root, items, [...node.path, '*'], ctx, 2)));
  }
  if (allowed.has('object')) odd.push(...hostileObjects(1), { label: 'object:unknown-key', value: { fuzz_unknown_key: 1 } });
  return { wrongTypes, odd };
}
