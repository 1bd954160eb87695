import type { Context } from 'koa';
import type { Actor } from '../auth/actor.js';
import type { ScopeRequirement } from '../auth/scopes.js';
import type { Operation } from '../billing/rate-card.js';
import type { Services } from '../services.js';

/** A JSON Schema (draft 2020-12) object. */
export type JsonSchema = Record<string, unknown>;

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
   * Settles a per-result charge to the quantity actually delivered (the route reserved its
   * `billing.quantity`). Calling it on a route without billing does nothing.
   */
  settleBilling(actualQuantity: number): void;
}

/** Billing declaration: which rate-card operation a successful call is charged as. */
export interface RouteBilling<B, Q> {
  operation: Operation;
  /** Units to reserve before the handler runs; defaults to 1. */
  quantity?(input: { body: B; query: Q }): number;
}

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
  /** Whether `delegate_user_id` is accepted (default true on authenticated routes). */
  delegate?: boolean;
  request?: { body?: JsonSchema; query?: JsonSchema; params?: JsonSchema };
  /** Schema of the success body (JSON routes). */
  response: JsonSchema;
  /** Content type of the success body; JSON unless stated. */
  responseContentType?: string;
  handler(req: RouteRequest<B, Q, P>, ctx: Context): unknown;
}

/** Identity helper that keeps the generic types of a route declaration. */
export function defineRoute<B = Record<string, never>, Q = Record<string, never>, P = Record<string, never>>(
  def: RouteDef<B, Q, P>,
): RouteDef<B, Q, P> {
  return def;
}
