import type Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Context } from 'koa';
import { authenticateBearer } from '../auth/bearer.js';
import { creditHeaders } from '../billing/credits.js';
import type { RouteDef } from '../http/route.js';
import { jsonBody } from '../middleware/json-body.js';
import type { AccessTokenVerifier } from '../oauth/port.js';
import type { Services } from '../services.js';
import { ToolDispatcher } from './dispatch.js';
import { createMcpServer } from './server.js';
import type { ToolDef } from './tool.js';

export const MCP_PATH = '/mcp';

/**
 * Mounts the connector at `POST /mcp`: Streamable HTTP in stateless mode with JSON responses
 * (each POST is answered on its own; no `Mcp-Session-Id`, no server-initiated stream, so any
 * instance can answer any call). Authentication comes first, before the body is read; the
 * response carries the credit headers like every authenticated REST response.
 */
export function mountConnector(
  router: Router,
  services: Services,
  opts: { tools: readonly ToolDef[]; routes: readonly RouteDef[]; verifier: AccessTokenVerifier | null; validateResponses: boolean },
): ToolDispatcher {
  const dispatcher = new ToolDispatcher(opts.tools, opts.routes, services, { validateResponses: opts.validateResponses });
  const readBody = jsonBody(services.config.bodyLimitBytes);

  const authenticate = async (ctx: Context, next: () => Promise<unknown>) => {
    ctx.state.actor = await authenticateBearer(services, ctx.get('authorization'), opts.verifier, services.clock());
    await next();
  };

  const handle = async (ctx: Context) => {
    const actor = ctx.state.actor;
    const server = createMcpServer(dispatcher, actor);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // The credit figures are read when the response head is written, after the calls settled.
    const res = ctx.res;
    const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => typeof res;
    res.writeHead = ((...args: unknown[]) => {
      if (!res.headersSent) {
        for (const [k, v] of Object.entries(creditHeaders(services.credits.status(actor.ownerUserId, actor.owner.tier, services.clock()))))
          res.setHeader(k, v);
        res.setHeader('X-Request-Id', ctx.state.requestId as string);
      }
      return writeHead(...args);
    }) as typeof res.writeHead;
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    ctx.respond = false;
    await transport.handleRequest(ctx.req, res, ctx.request.body);
  };

  router.post(MCP_PATH, authenticate, readBody, handle);
  return dispatcher;
}
