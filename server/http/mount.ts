import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { withSearchBudget } from '../../search-engine/call-context.js';
import type { Actor } from '../auth/actor.js';
import { actAsDelegate } from '../auth/authenticate.js';
import type { CreditHold } from '../billing/credits.js';
import { invalidField, type ValidationProblem } from '../errors.js';
import { jsonBody } from '../middleware/json-body.js';
import type { Services } from '../services.js';
import { authenticateRequest } from './authenticate-request.js';
import type { JsonSchema, RouteDef } from './route.js';
import { assertValid, check, compileValidator } from './validation.js';

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
    const steps = [authenticateRequest(services, def.auth), readBody, routeHandler(def, services, opts)];
    for (const p of [def.path, ...(def.legacyPaths ?? [])]) router.register(p, [def.method], steps, { name: `${def.method} ${p}` });
  }
}

/**
 * The route after authentication: validate every part, resolve the delegate, reserve credits,
 * run the handler, and settle or release the charge.
 */
function routeHandler(def: RouteDef, services: Services, opts: MountOptions): Middleware {
  const schemas = effectiveRequestSchemas(def);
  const validators = {
    params: schemas.params ? compileValidator('path', schemas.params) : null,
    query: compileValidator('query', schemas.query),
    body: schemas.body ? compileValidator('body', schemas.body) : null,
    response: opts.validateResponses && !def.responseContentType ? compileValidator('body', def.response) : null,
  };

  return async (ctx: Context): Promise<void> => {
    const now = services.clock();
    const requestId = ctx.state.requestId as string;
    // Public routes see no caller, even when a valid key was sent along.
    let actor = def.auth === 'none' ? null : (ctx.state.actor as Actor);
    let hold: CreditHold | null = null;
    try {
      const params = { ...(ctx.params as Record<string, string>) };
      const query: Record<string, unknown> = { ...ctx.query };
      const body = schemas.body ? (ctx.request.body ?? {}) : undefined;
      const problems: ValidationProblem[] = [];
      if (validators.params) problems.push(...check('path', validators.params, params));
      problems.push(...check('query', validators.query, query));
      if (validators.body) problems.push(...check('body', validators.body, body));
      assertValid(problems);

      if (actor && acceptsDelegate(def)) {
        const fromQuery = query.delegate_user_id as string | undefined;
        const fromBody = (body as Record<string, unknown> | undefined)?.delegate_user_id as string | undefined;
        if (fromQuery && fromBody && fromQuery !== fromBody) {
          throw invalidField('body', '/delegate_user_id', 'differs from delegate_user_id in the query string; send it once');
        }
        actor = actAsDelegate(services, actor, fromBody ?? fromQuery);
        ctx.state.actor = actor;
      }

      // HEAD answers what GET would, without the body: it is never charged.
      if (actor && def.billing && ctx.method !== 'HEAD') {
        const quantity = def.billing.quantity ? def.billing.quantity({ body, query, actor, services, now }) : 1;
        hold = services.credits.reserve({
          ownerUserId: actor.ownerUserId,
          tier: actor.owner.tier,
          keyId: actor.keyId,
          actingUserId: actor.actingUserId,
          operation: def.billing.operation,
          quantity,
          requestId,
          now,
        });
      }

      const currentHold = hold;
      // Every engine call the handler makes shares one time budget, and the embedded engine's
      // workers are shared fairly between accounts (search-engine/call-context.ts).
      const result = await withSearchBudget(services.config.searchTimeoutMs, actor?.ownerUserId ?? '', () =>
        def.handler(
          {
            body,
            query,
            params,
            actor,
            services,
            requestId,
            now,
            settleBilling: (actual) => {
              if (currentHold) hold = services.credits.settle(currentHold, actual);
            },
          },
          ctx,
        ),
      );
      if (result !== undefined) {
        if (validators.response && !validators.response(result)) {
          throw new Error(`response of ${def.method} ${def.path} breaks its schema: ${JSON.stringify(validators.response.errors)}`);
        }
        ctx.status = 200;
        ctx.body = result;
      }
      if (hold && ctx.status >= 400) services.credits.release(hold);
      else if (hold) services.credits.commit(hold);
    } catch (err) {
      if (hold) services.credits.release(hold);
      throw err;
    }
  };
}
