import { setMaxListeners } from 'node:events';
import type Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Context } from 'koa';
import { authenticateBearer } from '../auth/bearer.js';
import { creditHeaders } from '../billing/credits.js';
import { clientClosedRequest } from '../errors.js';
import type { RouteDef } from '../http/route.js';
import { jsonBody } from '../middleware/json-body.js';
import { toAppError } from '../middleware/request-context.js';
import type { AccessTokenVerifier } from '../oauth/port.js';
import type { Services } from '../services.js';
import { ToolDispatcher } from './dispatch.js';
import { CallRegistry, createMcpServer } from './server.js';
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
  const calls = new CallRegistry();
  const readBody = jsonBody(services.config.bodyLimitBytes);

  const authenticate = async (ctx: Context, next: () => Promise<unknown>) => {
    const actor = await authenticateBearer(services, ctx.get('authorization'), opts.verifier, services.clock());
    ctx.state.actor = actor;
    try {
      await services.requestRate.take(actor.ownerUserId);
      await next();
    } finally {
      // Answers Koa writes (refusals before the transport, 429) carry the credit headers as REST
      // answers do; the transport's own answers get them when their head is written (below).
      if (ctx.respond !== false) ctx.set(creditHeaders(services.credits.status(actor.ownerUserId, actor.owner.tier, services.clock())));
    }
  };

  /**
   * The body read as for REST (size, media type, encoding, depth, JSON), but a refusal answers
   * as JSON-RPC, as the rest of `/mcp` does: -32700 for bytes that are no JSON, -32600 for the
   * others, the HTTP status and the stable code (`data.error`) kept.
   */
  const readRpcBody = async (ctx: Context, next: () => Promise<unknown>) => {
    let read = false;
    try {
      await readBody(ctx, async () => {
        read = true;
        await next();
      });
    } catch (err) {
      if (read) throw err;
      const refusal = toAppError(err);
      ctx.status = refusal.status;
      ctx.set(refusal.headers);
      // A bare JSON value is JSON, but no JSON-RPC message: an Invalid Request, not a parse error.
      const notJson =
        (refusal.code === 'invalid_json' && refusal.extra.found !== 'scalar') ||
        refusal.code === 'invalid_utf8' ||
        refusal.code === 'corrupt_body';
      const code = notJson ? -32700 : -32600;
      ctx.body = rpcError(code, refusal.message, { error: refusal.code });
    }
  };

  const handle = async (ctx: Context) => {
    const body = ctx.request.body;
    // No bytes at all are no JSON: a parse error, as for any body that is not JSON.
    if (!ctx.request.length && (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0))) {
      ctx.status = 400;
      ctx.body = rpcError(
        -32700,
        'The body is empty; send a JSON-RPC message: {"jsonrpc": "2.0", "id": 1, "method": "...", "params": {...}}.',
        {
          error: 'invalid_json',
        },
      );
      return;
    }
    if (Array.isArray(body) && body.length === 0) {
      ctx.status = 400;
      ctx.body = rpcError(-32600, 'The batch is empty; send one request, or a batch of at least one.');
      return;
    }
    // The tool list is 280 KB and the same each time: a batch of them only multiplies the answer.
    if (Array.isArray(body) && body.filter((m) => (m as { method?: unknown } | null)?.method === 'tools/list').length > 1) {
      ctx.status = 400;
      ctx.body = rpcError(-32600, 'A batch may list the tools once; send tools/list a single time and reuse its answer.');
      return;
    }
    // A batch counts as many requests as it holds (the first was counted when the caller was
    // known); one larger than a second's allowance could never pass, so it is refused as such.
    const perSecond = services.config.rateLimitPerSecond;
    if (Array.isArray(body) && perSecond > 0 && body.length > perSecond) {
      ctx.status = 400;
      ctx.body = rpcError(
        -32600,
        `A batch may hold at most ${perSecond} messages (an account's requests a second, RATE_LIMIT_PER_SECOND); this one holds ${body.length}. Send it in smaller batches.`,
      );
      return;
    }
    if (Array.isArray(body) && body.length > 1) await services.requestRate.take(ctx.state.actor.ownerUserId, body.length - 1);
    const malformed = malformedMessage(body);
    if (malformed !== undefined) {
      ctx.status = 400;
      ctx.body = rpcError(-32600, malformed);
      return;
    }
    const repeated = repeatedRequestId(body);
    if (repeated !== undefined) {
      ctx.status = 400;
      ctx.body = rpcError(
        -32600,
        `Two requests of the batch have the id ${JSON.stringify(repeated)}; give each request its own id, or one of the answers is lost.`,
      );
      return;
    }
    const actor = ctx.state.actor;
    // Aborted when the client goes away before its answer is written: work it would pay for
    // without ever receiving (an export) is then not charged.
    const gone = new AbortController();
    setMaxListeners(0, gone.signal);
    // A cancellation names a call of this account in flight, answered on its own request.
    for (const m of Array.isArray(body) ? body : [body]) {
      const message = m as { method?: unknown; params?: { requestId?: unknown } } | null;
      const id = message?.params?.requestId;
      if (message?.method === 'notifications/cancelled' && (typeof id === 'string' || typeof id === 'number')) calls.cancel(actor, id);
    }
    const server = createMcpServer(dispatcher, actor, gone.signal, calls);
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
      if (!res.writableFinished) gone.abort(clientClosedRequest());
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    ctx.respond = false;
    await transport.handleRequest(ctx.req, res, ctx.request.body);
  };

  router.post(MCP_PATH, authenticate, readRpcBody, handle);
  return dispatcher;
}

/** A JSON-RPC error answer to a message whose id could not be read. */
const rpcError = (code: number, message: string, data?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  error: { code, message, ...(data ? { data } : {}) },
  id: null,
});

/**
 * What makes a message of the body no JSON-RPC 2.0 message, if anything: it is valid JSON, so
 * it is an Invalid Request (-32600), not the SDK's parse error (-32700). An id is a string or an
 * integer, as the SDK takes it (JSON reads `1e400` as Infinity, which has no JSON form to answer
 * with); a null id, which JSON-RPC keeps for answers whose request id was unreadable, is refused
 * too; a message with neither a method nor a result or error is no request.
 */
function malformedMessage(body: unknown): string | undefined {
  const messages = Array.isArray(body) ? body : [body];
  for (const [i, message] of messages.entries()) {
    const where = Array.isArray(body) ? `Message ${i} of the batch` : 'The message';
    if (message === null || typeof message !== 'object' || Array.isArray(message))
      return `${where} is not a JSON-RPC object; send {"jsonrpc": "2.0", "id": 1, "method": "...", "params": {...}}.`;
    const { jsonrpc, id, method } = message as { jsonrpc?: unknown; id?: unknown; method?: unknown };
    if (jsonrpc !== '2.0') return `${where} must have "jsonrpc": "2.0".`;
    // An integer past 2^53 is read as another number: its answer could not carry the id sent.
    if ('id' in message && !(typeof id === 'string' || Number.isSafeInteger(id)))
      return `${where} has the id ${typeof id === 'number' ? String(id) : JSON.stringify(id)}; an id is a string or an integer of at most 15 digits (leave it out for a notification).`;
    if ('method' in message && typeof method !== 'string') return `${where} has a method that is not a string.`;
    const { params } = message as { params?: unknown };
    if ('params' in message && (params === null || typeof params !== 'object' || Array.isArray(params)))
      return `${where} has params that are not an object; MCP params are named: "params": {...}.`;
    if (!('method' in message) && !('result' in message) && !('error' in message))
      return `${where} has no method; a request names one ("tools/list", "tools/call", ...).`;
  }
  return undefined;
}

/** The first id two requests of a batch share (answers are matched to requests by id), if any. */
function repeatedRequestId(body: unknown): string | number | undefined {
  if (!Array.isArray(body)) return undefined;
  const seen = new Set<string | number>();
  for (const message of body) {
    const { id, method } = (message ?? {}) as { id?: unknown; method?: unknown };
    if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) continue;
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}
