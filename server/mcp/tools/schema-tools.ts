import { INPUT_CEILINGS } from '../../../query-planner/limits.js';
import { invalidField } from '../../errors.js';
import type { JsonSchema, RouteDef } from '../../http/route.js';

/** `delegate_user_id`, accepted by every tool whose routes take it (as REST adds it to routes). */
export const DELEGATE_ARGUMENT = {
  type: 'string',
  format: 'uuid',
  description: 'Act as this delegate of the account owner (the owner must have authorised them).',
} as const;

/** A declared route, by method and path (tools start from its schemas, so the two cannot drift). */
export function findRoute(routes: readonly unknown[], method: string, path: string): RouteDef {
  const def = (routes as readonly RouteDef[]).find((r) => r.method === method && r.path === path);
  if (!def) throw new Error(`no route ${method} ${path}`);
  return def;
}

/** The request body schema a route declares. */
export function routeBodySchema(routes: readonly unknown[], method: string, path: string): JsonSchema {
  const body = findRoute(routes, method, path).request?.body;
  if (!body) throw new Error(`no body schema for ${method} ${path}`);
  return body;
}

const clone = <T>(v: T): T => structuredClone(v);

/**
 * A copy of `schema` with `patch` merged into the sub-schema at `path` (property names, and
 * `anyOf`/`items` steps): how the connector tightens a route's limits (REST clamps, the
 * connector rejects). A path that does not exist is a programming error.
 */
export function tighten(schema: JsonSchema, path: readonly (string | number)[], patch: JsonSchema): JsonSchema {
  const out = clone(schema);
  let node: Record<string, unknown> = out;
  for (const step of path) {
    const next =
      step === 'items' || step === 'anyOf' || typeof step === 'number'
        ? (node as Record<string | number, unknown>)[step]
        : (node.properties as Record<string, unknown> | undefined)?.[step];
    if (typeof next !== 'object' || next === null) throw new Error(`no sub-schema at ${path.join('/')}`);
    node = next as Record<string, unknown>;
  }
  Object.assign(node, patch);
  if (typeof patch.maxLength === 'number' && typeof node.description === 'string') node.description = refusedPastLimit(node.description);
  return out;
}

/**
 * A REST text field's description for a connector argument: REST truncates past the limit with
 * a receipt, the connector refuses past the limit it sets (docs/mcp.md), and its published
 * description must say so.
 */
export const refusedPastLimit = (description: string): string =>
  description.replace('longer is truncated with a receipt', 'longer is refused');

/** A copy of an object schema with some properties removed, others added. */
export function reshape(schema: JsonSchema, opts: { drop?: string[]; add?: Record<string, unknown>; required?: string[] }): JsonSchema {
  const properties = { ...((schema.properties as Record<string, unknown>) ?? {}) };
  for (const name of opts.drop ?? []) delete properties[name];
  Object.assign(properties, opts.add ?? {});
  const out: JsonSchema = { ...schema, properties };
  if (opts.required) out.required = opts.required;
  return out;
}

/** The `next_page` continuation of people and post searches: the same arguments with the next offset. */
export const NEXT_PAGE_SCHEMA = {
  type: ['object', 'null'],
  required: ['request'],
  properties: {
    request: {
      type: 'object',
      additionalProperties: true,
      description: 'Send these arguments back to the same tool, unchanged, for the next page.',
    },
  },
  description: 'null when there are no more rows.',
} as const;

/** The arguments of a batch tool: a bounded list under `field`, and `delegate_user_id`. */
export function batchInput(field: string, max: number, items: JsonSchema, description: string): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: [field],
    properties: {
      [field]: { type: 'array', minItems: 1, maxItems: max, items, description },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  };
}

/** The output of a batch tool: one result per item, in order. */
export function batchOutput(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['success', 'results'],
    properties: { success: { const: true }, results: { type: 'array', items: item } },
  };
}

/** The arguments named by `keys` that were given, to pass on to a route. */
export function pickArgs(args: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
}

/** Refuses a call of a mode without an argument that mode needs (`validation_failed`). */
export function requireArg(args: Record<string, unknown>, field: string): void {
  if (args[field] === undefined) throw invalidField('body', `/${field}`, `is required in mode ${String(args.mode)}`);
}

/**
 * The output schema of a mode-based tool that answers with the REST route of each mode:
 * `{success, mode, result}`, `result` being the route's body (documented in `doc`).
 */
export function modeResultSchema(modes: readonly string[], doc: string): Record<string, unknown> {
  return {
    type: 'object',
    required: ['success', 'mode'],
    properties: {
      success: { const: true },
      mode: { enum: [...modes] },
      result: { type: 'object', additionalProperties: true, description: `The REST route’s answer for this mode (${doc}).` },
    },
  };
}

/**
 * REST's wording of a limit said as the connector applies it: REST clamps or truncates with a
 * receipt, or uses the first values; the connector refuses (docs/mcp.md, "REST clamps, the
 * connector rejects"). Applied to every description of a tool's arguments.
 */
export function connectorWording(description: string): string {
  return refusedPastLimit(description)
    .replace(/;? ?(?:values outside are )?clamped(?: with a receipt)?\)/g, '; outside is refused)')
    .replace(/;? ?(?:values outside are )?clamped(?: with a receipt)?\./g, '; values outside are refused.')
    .replace(/\(clamped to (\d+)\)/g, '(at most $1; more is refused)')
    .replace(/; REST uses the first \d+\)/g, ')')
    .replace(/\(first (\d+) used\)/g, '(at most $1)');
}

/** The limits of one search's filters on the connector: lists and values, by the constants REST applies. */
export interface FilterLimits {
  listValues: number;
  valueChars: number;
  /** Lists of ids (post search's author and target lists). */
  idValues?: number;
  /** Lists whose own limit differs, by property name (people's connected_to: 25). */
  byName?: Readonly<Record<string, number>>;
}

/**
 * A copy of a filters schema whose list and value sizes are the limits the connector enforces
 * (REST's schemas carry INPUT_CEILINGS, ten times them, and REST cuts down to them silently):
 * what passes the published schema is what the search takes. Descriptions say so too.
 */
export function enforceLimits(schema: JsonSchema, limits: FilterLimits): JsonSchema {
  const walk = (node: unknown, name: string | null): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, null));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'properties' && value && typeof value === 'object')
        out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([p, v]) => [p, walk(v, p)]));
      else out[key] = walk(value, null);
    }
    const own = name !== null ? limits.byName?.[name] : undefined;
    if (out.maxItems === INPUT_CEILINGS.listItems) out.maxItems = own ?? limits.listValues;
    else if (out.maxItems === INPUT_CEILINGS.idItems) out.maxItems = own ?? limits.idValues ?? limits.listValues;
    if (out.maxLength === INPUT_CEILINGS.valueChars) out.maxLength = limits.valueChars;
    if (typeof out.description === 'string') out.description = connectorWording(out.description);
    return out;
  };
  return walk(schema, null) as JsonSchema;
}

/** Rewords every description of a schema as the connector applies its limits ({@link connectorWording}). */
export function connectorDescriptions(schema: JsonSchema): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out = Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, walk(v)]));
    if (typeof out.description === 'string') out.description = connectorWording(out.description);
    return out;
  };
  return walk(schema) as JsonSchema;
}
