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
