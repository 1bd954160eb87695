import { setMaxListeners } from 'node:events';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type CallToolRequest, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Actor } from '../auth/actor.js';
import { clientClosedRequest } from '../errors.js';
import type { ToolDispatcher } from './dispatch.js';
import { publishedOutputSchema } from './results.js';
import { effectiveInputSchema } from './session-argument.js';
import type { ToolDef } from './tool.js';

export const CONNECTOR_NAME = 'proxima';
export const CONNECTOR_VERSION = '1.0.0';

const INSTRUCTIONS = [
  'Proxima searches professional profiles, companies, job postings and posts, weighted by your social graph.',
  'Start with search_capabilities (what each search understands and costs) or get_product_help.',
  'Searches cost credits from the account pool (account_read shows the balance); replay_search_result re-pages a recorded result for free.',
  'People and post searches continue by sending next_page.request back unchanged; company and job searches return final pages.',
  'Every result carries success; on success=false read error (a stable code), message and retryable.',
].join(' ');

/** How a tool is listed: name, description, annotations and both schemas (`tools/list`, /public/docs/mcp). */
export function describeTool(tool: ToolDef) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { type: 'object' as const, ...effectiveInputSchema(tool, true) },
    outputSchema: { type: 'object' as const, ...publishedOutputSchema(tool) },
    annotations: { title: tool.title, ...tool.annotations },
  };
}

/** The tool list of each dispatcher, described once: it was rebuilt (about 45 ms) on every `tools/list`. */
const LISTED = new WeakMap<ToolDispatcher, ReturnType<typeof describeTool>[]>();

function listedTools(dispatcher: ToolDispatcher): ReturnType<typeof describeTool>[] {
  let tools = LISTED.get(dispatcher);
  if (!tools) {
    tools = dispatcher.defs.map(describeTool);
    LISTED.set(dispatcher, tools);
  }
  return tools;
}

/**
 * What `tools/call` is registered with: any params. The SDK's `Server` checks each call against
 * its `CallToolRequestSchema` before the handler runs and refuses a bad one (`arguments` not an
 * object, no `name`) as -32602 Invalid params; registered with that schema itself, the request
 * failed an earlier parse and answered -32603 Internal error.
 */
const ANY_TOOL_CALL = z.object({ method: z.literal('tools/call'), params: z.unknown().optional() });

/**
 * Tool calls in flight by account and JSON-RPC request id, so that a `notifications/cancelled`,
 * which a stateless connector receives on another HTTP request, can stop the call it names.
 */
export class CallRegistry {
  private readonly calls = new Map<string, Set<AbortController>>();

  private static key(actor: Actor, id: string | number): string {
    return `${actor.ownerUserId}|${actor.actingUserId}|${typeof id}:${id}`;
  }

  /** Records a call; its signal aborts when the call is cancelled. `close` when the call ends. */
  open(actor: Actor, id: string | number): { signal: AbortSignal; close(): void } {
    const key = CallRegistry.key(actor, id);
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    const set = this.calls.get(key) ?? new Set<AbortController>();
    set.add(controller);
    this.calls.set(key, set);
    return {
      signal: controller.signal,
      close: () => {
        set.delete(controller);
        if (!set.size) this.calls.delete(key);
      },
    };
  }

  /** Cancels the calls of `actor` with this request id; how many there were. */
  cancel(actor: Actor, id: string | number): number {
    const set = this.calls.get(CallRegistry.key(actor, id));
    for (const c of set ?? []) c.abort(clientClosedRequest());
    return set?.size ?? 0;
  }
}

/**
 * An MCP server for one HTTP request of `actor` (the connector is stateless: docs/mcp.md,
 * "Transport"). It lists the tools and hands calls to the dispatcher.
 */
export function createMcpServer(dispatcher: ToolDispatcher, actor: Actor, signal?: AbortSignal, calls?: CallRegistry): Server {
  const server = new Server(
    { name: CONNECTOR_NAME, version: CONNECTOR_VERSION, title: 'Proxima' },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listedTools(dispatcher) }));
  server.setRequestHandler(ANY_TOOL_CALL, async (request, extra) => {
    // A call without params passes the SDK's own check, and destructuring it answered -32603.
    const params = (request as Partial<CallToolRequest>).params as CallToolRequest['params'] | undefined;
    if (!params || typeof params !== 'object' || typeof params.name !== 'string')
      throw new McpError(
        ErrorCode.InvalidParams,
        'tools/call needs params: {"name": "<tool>", "arguments": {...}}; tools/list names the tools.',
      );
    const { name, arguments: args } = params;
    if (!dispatcher.has(name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${name}; tools/list names them.`);
    // Stopped by notifications/cancelled, which arrives on another HTTP request (mount.ts).
    const cancel = calls?.open(actor, extra.requestId);
    const signals = [signal, extra.signal, cancel?.signal].filter((x): x is AbortSignal => x !== undefined);
    try {
      const combined = signals.length ? AbortSignal.any(signals) : undefined;
      if (combined) setMaxListeners(0, combined);
      return await dispatcher.call(name, args ?? {}, actor, combined);
    } finally {
      cancel?.close();
    }
  });
  answerBadParamsAsInvalid(server);
  return server;
}

/**
 * The SDK checks each request's params against its own schema (`initialize`, `tools/list`, ...)
 * and lets the schema's error through, which the protocol answers -32603 Internal error with a
 * raw dump of it. Such a request is the client's mistake: every handler is wrapped so that it
 * answers -32602 Invalid params naming each wrong field.
 */
function answerBadParamsAsInvalid(server: Server): void {
  type Handler = (request: unknown, extra: unknown) => Promise<unknown>;
  // The SDK keeps its handlers in this map (SDK 1.x); the test of bad params proves it still does.
  const handlers = (server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  for (const [method, handler] of handlers)
    handlers.set(method, async (request, extra) => {
      try {
        return await handler(request, extra);
      } catch (err) {
        if (!(err instanceof z.core.$ZodError)) throw err;
        const fields = err.issues.map((i) => `${i.path.map(String).join('.') || '(the request)'}: ${i.message}`);
        throw new McpError(ErrorCode.InvalidParams, `${method} has invalid params: ${fields.slice(0, 5).join('; ')}`);
      }
    });
}
