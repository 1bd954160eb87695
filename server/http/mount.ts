import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Actor } from '../auth/actor.js';
import { actAsDelegate, authenticateApiKey } from '../auth/authenticate.js';
import { missingScopes } from '../auth/scopes.js';
import { type CreditHold, creditHeaders } from '../billing/credits.js';
import { insufficientScope, invalidField, type ValidationProblem } from '../errors.js';
import type { Services } from '../services.js';
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

/** The request schemas a route really enforces, after the framework's additions. */
export function effectiveRequestSchemas(def: RouteDef): { body?: JsonSchema; query: JsonSchema; params?: JsonSchema } {
  const emptyQuery = { type: 'object', properties: {}, additionalProperties: false };
  const delegate = acceptsDelegate(def);
  return {
    params: def.request?.params,
    query: delegate ? withDelegate(def.request?.query) : (def.request?.query ?? emptyQuery),
    body: def.request?.body && delegate ? withDelegate(def.request.body) : def.request?.body,
  };
}

/** Options for mounting routes. */
export interface MountOptions {
  /** Validate every success body against its declared schema (tests turn this on). */
  validateResponses: boolean;
}

/**
 * Registers a declared route on the router: authenticate, check scope, validate every part,
 * resolve the delegate, reserve credits, run the handler, settle or release the charge, and
 * set the credit headers, on success and on error alike.
 */
export function mountRoute(router: Router, def: RouteDef, services: Services, opts: MountOptions): void {
  const schemas = effectiveRequestSchemas(def);
  const validators = {
    params: schemas.params ? compileValidator('path', schemas.params) : null,
    query: compileValidator('query', schemas.query),
    body: schemas.body ? compileValidator('body', schemas.body) : null,
    response: opts.validateResponses && !def.responseContentType ? compileValidator('body', def.response) : null,
  };

  const handle = async (ctx: Context): Promise<void> => {
    const now = services.clock();
    const requestId = ctx.state.requestId as string;
    let actor: Actor | null = null;
    let hold: CreditHold | null = null;
    try {
      if (def.auth !== 'none') {
        actor = authenticateApiKey(services, ctx.get('x-api-key') || undefined, now);
        ctx.state.actor = actor;
        const missing = missingScopes(def.auth, actor.scopes);
        if (missing.length > 0) throw insufficientScope(missing, actor.scopes);
      }

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

      if (actor && def.billing) {
        const quantity = def.billing.quantity ? def.billing.quantity({ body, query }) : 1;
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
      const result = await def.handler(
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
      );
      if (result !== undefined) {
        if (validators.response && !validators.response(result)) {
          throw new Error(`response of ${def.method} ${def.path} breaks its schema: ${JSON.stringify(validators.response.errors)}`);
        }
        ctx.status = 200;
        ctx.body = result;
      }
      if (hold && ctx.status >= 400) services.credits.release(hold);
    } catch (err) {
      if (hold) services.credits.release(hold);
      throw err;
    } finally {
      if (actor) ctx.set(creditHeaders(services.credits.status(actor.ownerUserId, actor.owner.tier, services.clock())));
    }
  };

  const paths = [def.path, ...(def.legacyPaths ?? [])];
  for (const p of paths) router.register(p, [def.method], handle, { name: `${def.method} ${p}` });
}
