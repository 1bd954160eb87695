import Router from '@koa/router';
import Koa, { type Context } from 'koa';
import type { Dispatcher } from 'undici';
import { methodNotAllowed, notFound } from './errors.js';
import { authenticateRequest } from './http/authenticate-request.js';
import { mountRoutes } from './http/mount.js';
import type { RouteDef } from './http/route.js';
import { mountConnector } from './mcp/mount.js';
import { allTools } from './mcp/tools/index.js';
import { requestContext } from './middleware/request-context.js';
import { staticJson } from './middleware/static-json.js';
import { createAuthorizationServer } from './oauth/authorization-server.js';
import { allRoutes } from './routes/index.js';
import type { Services } from './services.js';
import { accountRoutes } from './web/account/routes.js';

export interface AppOptions {
  /** Check every success body against its declared schema; on in tests. */
  validateResponses?: boolean;
  /** Extra routes, for tests of the route framework itself. */
  extraRoutes?: RouteDef[];
  /** Options of the OAuth authorization server (tests trust their own HTTPS metadata server). */
  oauth?: { metadataDispatcher?: Dispatcher };
}

/** 405 with the path's methods when the path exists, 404 otherwise. */
function rejectUnrouted(router: Router) {
  return async (ctx: Context): Promise<void> => {
    const match = router.match(ctx.path, ctx.method);
    const allowed = [...new Set(match.path.flatMap((layer) => layer.methods))].filter((m) => m !== 'HEAD');
    if (allowed.length > 0) throw methodNotAllowed(ctx.method, ctx.path, allowed);
    throw notFound(`No route ${ctx.method} ${ctx.path}. The route list is at /docs/endpoints.json.`);
  };
}

/**
 * 405 for a route's own path asked with another method, before a parameter route of the same
 * shape can take it: `GET /api/v1/search/people/preview` would otherwise reach `GET
 * /api/v1/search/people/:search_id` and answer `search_not_found` for a search id "preview". The
 * literal paths and their methods are read once from the router.
 */
function literalPathsFirst(router: Router, authenticate: Koa.Middleware) {
  const methods = new Map<string, Set<string>>();
  for (const layer of router.stack)
    if (layer.methods.length && layer.paramNames.length === 0 && typeof layer.path === 'string')
      methods.set(layer.path, new Set([...(methods.get(layer.path) ?? []), ...layer.methods]));
  return async (ctx: Context, next: () => Promise<void>): Promise<void> => {
    const own = methods.get(ctx.path);
    if (!own || own.has(ctx.method)) return next();
    const allowed = [...own].filter((m) => m !== 'HEAD');
    // A valid key still gets its credit headers on the 405, as on any unrouted request.
    await authenticate(ctx, async () => {
      throw methodNotAllowed(ctx.method, ctx.path, allowed);
    });
  };
}

/** Builds the Koa application. It never listens: `http/listen.ts` does, for `main.ts` and tests. */
export function createApp(services: Services, opts: AppOptions = {}): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true; // Errors are logged once, by requestContext.
  const router = new Router();
  const routes = allRoutes(opts.extraRoutes);
  const validateResponses = opts.validateResponses ?? false;
  mountRoutes(router, routes, services, { validateResponses });
  // The OAuth authorization server of the connector (docs/oauth.md).
  const authorization = createAuthorizationServer(services, opts.oauth);
  // The MCP connector: its tools call these same routes (docs/mcp.md).
  mountConnector(router, services, { tools: allTools(), routes, verifier: authorization.verifier, validateResponses });

  app.use(requestContext(services.logger));
  // The public documents, serialised once (they never change while the process runs).
  app.use(staticJson());
  app.use(authorization.middleware);
  // The connector-and-API settings page (docs/account-page.md).
  app.use(accountRoutes(services).routes());
  app.use(literalPathsFirst(router, authenticateRequest(services, 'none')));
  // Each route authenticates, then reads its body (mount.ts).
  app.use(router.routes());
  // Reached only when no route handled the request (handlers never call next); a valid key
  // still gets its credit headers on the 404 or 405.
  app.use(authenticateRequest(services, 'none'));
  app.use(rejectUnrouted(router));
  // The app serves communications, so it dispatches them (docs/communications.md, "Dispatch").
  services.communications.start();
  // It evaluates signal watchers on each finished snapshot run and delivers digests and webhooks (docs/signals.md).
  services.signals.start();
  return app;
}
