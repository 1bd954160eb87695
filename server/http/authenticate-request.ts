import type { Middleware } from 'koa';
import type { Actor } from '../auth/actor.js';
import { authenticateApiKey } from '../auth/authenticate.js';
import { missingScopes } from '../auth/scopes.js';
import { creditHeaders } from '../billing/credits.js';
import { AppError, insufficientScope } from '../errors.js';
import type { Services } from '../services.js';
import type { RouteDef } from './route.js';

/**
 * The caller behind `presented` where no key is required: a valid key is identified, a missing
 * or invalid one is ignored (a public route must answer the same with or without it).
 */
function identifyCaller(services: Services, presented: string, now: number): Actor | null {
  if (presented === '') return null;
  try {
    return authenticateApiKey(services, presented, now);
  } catch (err) {
    if (err instanceof AppError && err.code === 'unauthorized') return null;
    throw err;
  }
}

/**
 * First step of a request, before its body is read: where `auth` demands a key, the key is
 * authenticated (401) and its scope checked (403); elsewhere (`none`, also used for unknown
 * routes) a valid key is only identified. The caller goes on `ctx.state.actor`, and once the
 * caller is known every response carries the credit headers, errors included.
 */
export function authenticateRequest(services: Services, auth: RouteDef['auth']): Middleware {
  return async (ctx, next) => {
    const presented = ctx.get('x-api-key');
    const now = services.clock();
    const actor = auth === 'none' ? identifyCaller(services, presented, now) : authenticateApiKey(services, presented || undefined, now);
    if (!actor) return next();
    ctx.state.actor = actor;
    try {
      if (auth !== 'none') {
        // Counted before anything else is done for the call; a public route is not counted.
        await services.requestRate.take(actor.ownerUserId);
        const missing = missingScopes(auth, actor.scopes);
        if (missing.length > 0) throw insufficientScope(missing, actor.scopes);
      }
      await next();
    } finally {
      // Read after the route settled or released its charge, so the figures include this call.
      ctx.set(creditHeaders(services.credits.status(actor.ownerUserId, actor.owner.tier, services.clock())));
    }
  };
}
