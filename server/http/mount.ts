import { setMaxListeners } from 'node:events';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Actor } from '../auth/actor.js';
import { clientClosedRequest } from '../errors.js';
import { jsonBody } from '../middleware/json-body.js';
import { toCallerError } from '../middleware/request-context.js';
import type { Services } from '../services.js';
import { authenticateRequest } from './authenticate-request.js';
import { routeInvoker } from './invoke.js';
import type { JsonSchema, RouteDef } from './route.js';

const DELEGATE_PROPERTY = {
  type: 'string',
  format: 'uuid',
  description: 'Act as this delegate of the key owner. The owner must have authorised them.',
};

/** Whether a route takes `delegate_user_id`. */
export const acceptsDelegate = (def: RouteDef): boolean => def.auth !== 'none' && def.delegate !== false;

/** Adds `delegate_user_id` to an object schema's properties (documentation and validation alike). */
function withDelegate(schema: JsonSchema | undefined): JsonSchema {
  const base = schema ?? { type: 'object', properties: {}, additionalProperties: false };
  const properties = { ...((base.properties as Record<string, unknown>) ?? {}), delegate_user_id: DELEGATE_PROPERTY };
  return { ...base, properties };
}

/**
 * GET (and so HEAD) ignores query parameters it does not declare: clients and proxies add
 * cache-busters. Declared parameters stay validated; bodies stay strict.
 */
function ignoreUnknownOnGet(def: RouteDef, query: JsonSchema): JsonSchema {
  return def.method === 'GET' ? { ...query, additionalProperties: true } : query;
}

/** The request schemas a route really enforces, after the framework's additions. */
export function effectiveRequestSchemas(def: RouteDef): { body?: JsonSchema; query: JsonSchema; params?: JsonSchema } {
  const emptyQuery = { type: 'object', properties: {}, additionalProperties: false };
  const delegate = acceptsDelegate(def);
  return {
    params: def.request?.params,
    query: ignoreUnknownOnGet(def, delegate ? withDelegate(def.request?.query) : (def.request?.query ?? emptyQuery)),
    body: def.request?.body && delegate ? withDelegate(def.request.body) : def.request?.body,
  };
}

/** Options for mounting routes. */
export interface MountOptions {
  /** Validate every success body against its declared schema (tests turn this on). */
  validateResponses: boolean;
}

/**
 * Registers the declared routes on the router. Each runs: authenticate and check the scope
 * (before anything of the body is read), read the JSON body, then the route itself.
 */
export function mountRoutes(router: Router, defs: RouteDef[], services: Services, opts: MountOptions): void {
  const readBody = jsonBody(services.config.bodyLimitBytes);
  for (const def of defs) {
    const limit = def.bodyLimitBytes;
    const routeBody = limit
      ? jsonBody((ctx) => limit({ params: { ...(ctx.params as Record<string, string>) }, query: { ...ctx.query }, services }))
      : readBody;
    const steps = [authenticateRequest(services, def.auth), routeBody, routeHandler(def, services, opts)];
    for (const p of [def.path, ...(def.legacyPaths ?? [])]) router.register(p, [def.method], steps, { name: `${def.method} ${p}` });
  }
}

/**
 * The route after authentication: the Koa face of {@link invokeRoute}. A handler that returns
 * nothing wrote its own response (a stream, a file).
 */
function routeHandler(def: RouteDef, services: Services, opts: MountOptions): Middleware {
  const invoke = routeInvoker(def, services, opts);
  return async (ctx: Context): Promise<void> => {
    // Public routes see no caller, even when a valid key was sent along.
    const actor = def.auth === 'none' ? null : (ctx.state.actor as Actor);
    // The client hanging up before the answer is written: its searches still waiting are dropped
    // and nothing is charged (docs/credits.md).
    const gone = new AbortController();
    // One listener for each engine call waiting on it: a batch route makes many.
    setMaxListeners(0, gone.signal);
    const onClose = () => {
      if (!ctx.res.writableFinished) gone.abort(clientClosedRequest());
    };
    ctx.res.once('close', onClose);
    const result = await invoke(
      {
        actor,
        params: { ...(ctx.params as Record<string, string>) },
        query: { ...ctx.query },
        body: ctx.request.body,
        requestId: ctx.state.requestId as string,
        charge: ctx.method !== 'HEAD',
        onActor: (acting) => {
          ctx.state.actor = acting;
        },
        signal: gone.signal,
      },
      ctx,
    )
      // Work stopped because its client left fails however it stops: 499, no server failure.
      .catch((err: unknown) => {
        throw gone.signal.aborted ? toCallerError(err, gone.signal) : err;
      })
      .finally(() => {
        if (!gone.signal.aborted) ctx.res.off('close', onClose);
      });
    if (result !== undefined) {
      ctx.status = 200;
      ctx.body = result;
    }
  };
}
