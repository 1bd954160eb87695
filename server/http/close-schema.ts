import type { JsonSchema } from './route.js';

const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

const mapValues = (o: Record<string, unknown>, f: (v: unknown) => unknown): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

/**
 * Closes a response schema: every object schema that lists its `properties` and says nothing
 * of `additionalProperties` gets `additionalProperties: false`, at every depth (properties,
 * items, anyOf/oneOf branches, maps' values). So a response can carry only declared fields, and
 * a field added to a presenter must be declared in its route's schema (tests validate every
 * success body). A genuinely open map says so with an explicit `additionalProperties` (and a
 * description); an object schema without `properties` stays open. Branches of `allOf` are left
 * as they are (closing one branch would refuse the properties of the others), and so is the
 * object that holds them.
 */
export function closeSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (isSchema(out.properties)) out.properties = mapValues(out.properties, (v) => (isSchema(v) ? closeSchema(v) : v));
  if (isSchema(out.items)) out.items = closeSchema(out.items);
  if (Array.isArray(out.prefixItems)) out.prefixItems = out.prefixItems.map((v) => (isSchema(v) ? closeSchema(v) : v));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = out[key];
    if (Array.isArray(branches)) out[key] = branches.map((v) => (isSchema(v) ? closeSchema(v) : v));
  }
  if (isSchema(out.additionalProperties)) out.additionalProperties = closeSchema(out.additionalProperties);
  const open = out.additionalProperties !== undefined || out.unevaluatedProperties !== undefined || out.patternProperties !== undefined;
  if (isSchema(out.properties) && !open && out.allOf === undefined) out.additionalProperties = false;
  return out;
}
