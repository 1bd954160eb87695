import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa, { type Context, type Next } from 'koa';
import { methodNotAllowed, notFound, unsupportedMediaType } from './errors.js';
import { mountRoute } from './http/mount.js';
import type { RouteDef } from './http/route.js';
import { requestContext } from './middleware/request-context.js';
import { allRoutes } from './routes/index.js';
import type { Services } from './services.js';

export interface AppOptions {
  /** Check every success body against its declared schema; on in tests. */
  validateResponses?: boolean;
  /** Extra routes, for tests of the route framework itself. */
  extraRoutes?: RouteDef[];
}

const JSON_TYPES = ['application/json', 'application/*+json'];

/** Rejects a non-JSON body instead of silently ignoring it. */
async function requireJsonBody(ctx: Context, next: Next): Promise<void> {
  const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
  if (hasBody && ctx.method !== 'GET' && ctx.method !== 'HEAD' && !ctx.is(JSON_TYPES)) {
    throw unsupportedMediaType(ctx.get('content-type') || '(none)');
  }
  await next();
}

/** Builds the Koa application. It never listens: `main.ts` does, tests bind to port 0. */
export function createApp(services: Services, opts: AppOptions = {}): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true; // Errors are logged once, by requestContext.
  const router = new Router();
  for (const def of allRoutes(opts.extraRoutes)) {
    mountRoute(router, def, services, { validateResponses: opts.validateResponses ?? false });
  }

  app.use(requestContext(services.logger, services.config.bodyLimitBytes));
  app.use(requireJsonBody);
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: services.config.bodyLimitBytes,
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
      extendTypes: { json: JSON_TYPES },
    }),
  );
  app.use(router.routes());
  // Reached only when no route handled the request (handlers never call next).
  app.use(async (ctx) => {
    const match = router.match(ctx.path, ctx.method);
    const allowed = [...new Set(match.path.flatMap((layer) => layer.methods))].filter((m) => m !== 'HEAD');
    if (allowed.length > 0) throw methodNotAllowed(ctx.method, ctx.path, allowed);
    throw notFound(`No route ${ctx.method} ${ctx.path}. The route list is at /docs/endpoints.json.`);
  });
  return app;
}
