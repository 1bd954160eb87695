import type { Context, Next } from 'koa';

/** The public documents that never change while the process runs (server/routes/docs/routes.ts). */
export const STATIC_JSON_PATHS: ReadonlySet<string> = new Set([
  '/docs/endpoints.json',
  '/docs/schema.json',
  '/public/docs/schema',
  '/public/docs/mcp',
  '/public/docs/changelog',
]);

/**
 * Serves the public documentation routes from their first answer, serialised once: each is a few
 * hundred kilobytes of JSON whose building and writing cost 5-10 ms a request, so a crowd of
 * anonymous readers held every other request behind them. Only a 200 to a request without a query
 * string is kept, and served to requests without a key; anything else (a 405, a bad query, a
 * key whose credit headers the route adds) goes through the route as before.
 */
export function staticJson(): (ctx: Context, next: Next) => Promise<void> {
  const cache = new Map<string, string>();
  return async (ctx, next) => {
    const cacheable = (ctx.method === 'GET' || ctx.method === 'HEAD') && STATIC_JSON_PATHS.has(ctx.path) && ctx.querystring === '';
    // A request with a key goes through the route, which shows that key's credit headers.
    const anonymous = !ctx.get('x-api-key') && !ctx.get('authorization');
    const hit = cacheable && anonymous ? cache.get(ctx.path) : undefined;
    if (hit !== undefined) {
      ctx.status = 200;
      ctx.type = 'application/json';
      ctx.body = hit;
      return;
    }
    await next();
    if (cacheable && ctx.status === 200 && ctx.body && typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body))
      cache.set(ctx.path, JSON.stringify(ctx.body));
  };
}
