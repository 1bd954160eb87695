import { isRecord, type JsonObject } from './spec-loader.js';

const SCHEMA_REF = '#/components/schemas/';

function resolve(schemas: JsonObject, node: unknown): unknown {
  const ref = isRecord(node) ? node['$ref'] : undefined;
  return typeof ref === 'string' && ref.startsWith(SCHEMA_REF) ? schemas[ref.slice(SCHEMA_REF.length)] : node;
}

/** The values `node` allows for property `tag` (from `const` or `enum`, through `$ref` and `allOf`). */
function tagValues(schemas: JsonObject, node: unknown, tag: string, seen = new Set<unknown>()): unknown[] | undefined {
  const schema = resolve(schemas, node);
  if (!isRecord(schema) || seen.has(schema)) return undefined;
  seen.add(schema);
  let values: unknown[] | undefined;
  const props = schema['properties'];
  const prop = isRecord(props) ? resolve(schemas, props[tag]) : undefined;
  if (isRecord(prop)) {
    if (prop['const'] !== undefined) values = [prop['const']];
    else if (Array.isArray(prop['enum'])) values = prop['enum'];
  }
  for (const part of Array.isArray(schema['allOf']) ? schema['allOf'] : []) values = tagValues(schemas, part, tag, seen) ?? values;
  return values;
}

/** A JSON Schema `if`/`then`/`else` conditional. */
function conditional(ifSchema: unknown, thenSchema: unknown, elseSchema?: unknown): JsonObject {
  // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, this object is a schema.
  const schema: JsonObject = { if: ifSchema, then: thenSchema };
  if (elseSchema !== undefined) schema['else'] = elseSchema;
  return schema;
}

/**
 * Rewrites one discriminated union (`discriminator.propertyName` + `anyOf` of branches, each
 * declaring its tag value) so that only the branch named by the tag is validated: errors then
 * describe that branch (e.g. `normalizer must be string`), not why each of the ~50 others failed.
 * A missing tag selects `discriminator.x-default` (mappings: `object`), or any branch.
 * Returns false, leaving the schema as it is, if a branch has no recognisable tag.
 */
function rewriteUnion(schemas: JsonObject, name: string): boolean {
  const schema = schemas[name];
  if (!isRecord(schema) || !isRecord(schema['discriminator']) || !Array.isArray(schema['anyOf'])) return false;
  const tag = schema['discriminator']['propertyName'];
  if (typeof tag !== 'string') return false;
  const byValue = new Map<unknown, unknown[]>();
  for (const branch of schema['anyOf']) {
    const values = tagValues(schemas, branch, tag);
    if (!values || values.length === 0) return false;
    for (const v of values) byValue.set(v, [...(byValue.get(v) ?? []), branch]);
  }
  const fallback = schema['discriminator']['x-default'];
  const defaults = fallback === undefined ? undefined : byValue.get(fallback);
  const pick = (branches: unknown[]) => (branches.length === 1 ? branches[0] : { anyOf: branches });
  const { discriminator: _d, anyOf, ...rest } = schema;
  schemas[name] = {
    ...rest,
    allOf: [
      conditional({ required: [tag] }, { properties: { [tag]: { enum: [...byValue.keys()] } } }, defaults ? pick(defaults) : { anyOf }),
      ...[...byValue].map(([value, branches]) => conditional({ properties: { [tag]: { const: value } }, required: [tag] }, pick(branches))),
    ],
  };
  return true;
}

/** Rewrites every discriminated union among the component schemas; returns the names rewritten. */
export function rewriteDiscriminatedUnions(schemas: JsonObject): string[] {
  return Object.keys(schemas).filter((name) => rewriteUnion(schemas, name));
}
