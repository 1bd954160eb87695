import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Context } from 'koa';
import type { Actor } from '../auth/actor.js';
import type { ScopeRequirement } from '../auth/scopes.js';
import type { Operation } from '../billing/rate-card.js';
import type { Services } from '../services.js';
import { closeSchema } from './close-schema.js';
import type { ErrorCode } from './error-schema.js';

/** A JSON Schema (draft 2020-12) object. */
export type JsonSchema = Record<string, unknown>;

/**
 * The TypeScript type of a request part after validation, so a route declares its input once (the
 * schema, written `as const`) and its handler gets the matching type. Validation fills in
 * defaults (`useDefaults`), so a property with a `default` is present.
 */
export type SchemaType<S extends JSONSchema> = FromSchema<S>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler receives: the validated parts of the request and who is calling. */
export interface RouteRequest<B = unknown, Q = unknown, P = unknown> {
  body: B;
  query: Q;
  params: P;
  /** Null only on routes with `auth: 'none'`. */
  actor: Actor | null;
  services: Services;
  requestId: string;
  now: number;
  /**
   * Which face called: `rest` (the REST router) or `connector` (an MCP tool over this route). A
   * command keeps one behaviour for both except where the contract gives the connector a rule of
   * its own (docs/mcp.md, "Connector rules").
   */
  surface: 'rest' | 'connector';
  /**
   * Settles a per-result charge to the quantity actually delivered (the route reserved its
   * `billing.quantity`). Calling it on a route without billing does nothing.
   */
  settleBilling(actualQuantity: number): void;
}

/** Billing declaration: which rate-card operation a successful call is charged as. */
export interface RouteBilling<B, Q> {
  operation: Operation;
  /**
   * Units to reserve before the handler runs; defaults to 1. Per-result prices reserve what the
   * call will deliver at most (it may read the stores: enrich counts the rows not yet enriched).
   */
  quantity?(input: { body: B; query: Q; params: Record<string, string>; actor: Actor; services: Services; now: number }): number;
  /**
   * Refusals no credit could cure, made before anything is reserved (it throws): a missing run is
   * 404 and a finalized one 409 whatever the balance, not 402 `credits_exhausted`.
   */
  refuse?(input: { body: B; query: Q; params: Record<string, string>; actor: Actor; services: Services; now: number }): void;
}

/** Items of a batch that share one request budget (see {@link RouteDef.budgetItems}). */
export const BUDGET_ITEMS = 25;

/** One route, declared once: it drives routing, auth, validation, billing and the docs. */
// Handlers use method syntax so a route typed for its own body still fits a `RouteDef[]`.
export interface RouteDef<B = unknown, Q = unknown, P = unknown> {
  method: HttpMethod;
  path: string;
  /** Older paths that still reach this route (Versioning, item 4). */
  legacyPaths?: string[];
  summary: string;
  tag: string;
  /** `none` for public routes; otherwise the scope rule of the Endpoints tables. */
  auth: 'none' | ScopeRequirement;
  billing?: RouteBilling<B, Q>;
  /**
   * The operations a handler that charges itself may charge (delegate-resolve prices a dry run, a
   * resolved row and an email found differently), for the docs and the `credits_exhausted` error
   * only: `billing` is what the framework charges.
   */
  charges?: readonly Operation[];
  /**
   * A batch route's items (contacts, rows): its search-engine time budget is the request's
   * budget for each {@link BUDGET_ITEMS} of them, so a batch of 100 has four times what one
   * search has (docs/errors.md, `search_timeout`). Without it, one budget.
   */
  budgetItems?(body: B): number;
  /**
   * The largest body this route reads, when it is not `BODY_LIMIT_BYTES` (docs/errors.md,
   * `payload_too_large`). Asked before any of the body is read, from the path and query, so a
   * public route may allow more only to a caller it recognises (the relay callback's token).
   */
  bodyLimitBytes?(req: { params: Record<string, string>; query: Record<string, unknown>; services: Services }): number;
  /** Whether `delegate_user_id` is accepted (default true on authenticated routes). */
  delegate?: boolean;
  request?: { body?: JsonSchema; query?: JsonSchema; params?: JsonSchema };
  /**
   * Schema of the success body (JSON routes). `defineRoute` closes it (`closeSchema`): only
   * declared fields may appear; an open map declares `additionalProperties` explicitly.
   */
  response: JsonSchema;
  /**
   * Error codes the route itself can answer with (not found, the search engine's refusals,
   * ...). Those the framework causes are derived: authentication and scope from `auth`, body
   * reading from a body schema, validation from the request schemas, credits from `billing`.
   * Together they are the route's documented 4XX/5XX responses (docs/api-document.md).
   */
  errors?: readonly ErrorCode[];
  /** Content type of the success body; JSON unless stated. */
  responseContentType?: string | readonly string[];
  /** The success status when it is not 200: 302 for a redirect (the handler sets Location). */
  successStatus?: 302;
  handler(req: RouteRequest<B, Q, P>, ctx: Context): unknown;
}

/** Keeps the generic types of a route declaration, and closes its response schema (`closeSchema`). */
export function defineRoute<B = Record<string, never>, Q = Record<string, never>, P = Record<string, never>>(
  def: RouteDef<B, Q, P>,
): RouteDef<B, Q, P> {
  return def.responseContentType ? def : { ...def, response: closeSchema(def.response) };
}
