import type { Actor } from '../auth/actor.js';
import type { ScopeRequirement } from '../auth/scopes.js';
import type { JsonSchema } from '../http/route.js';
import type { Services } from '../services.js';
import type { AgentSession } from '../store/agent-sessions.js';

/**
 * What a tool's `run` receives: who is calling (scope already checked) and the way to call the
 * command behind the tool. `route` runs a REST route through the very code path REST uses
 * (validation, delegate, credits, search budget), so a tool and its route cannot drift apart.
 */
export interface ToolContext {
  actor: Actor;
  services: Services;
  requestId: string;
  now: number;
  /** The agent session named by `agent_session_id` (already checked), or null. */
  session: AgentSession | null;
  /** Aborted when the client went away before the answer was written (its HTTP request closed). */
  signal?: AbortSignal;
  /**
   * Calls the REST route `METHOD /path` (as declared, with `:params`) for the tool's caller,
   * and returns its success body; its AppErrors become the tool's error result. A tool that
   * builds the body under other names than its arguments passes `pointers`, so that a problem
   * the route finds is said of the argument (docs/mcp.md, "Errors").
   */
  route(
    key: string,
    input: { body?: unknown; query?: Record<string, unknown>; params?: Record<string, string> },
    opts?: { pointers?: readonly PointerRename[] },
  ): Promise<unknown>;
}

/**
 * A REST pointer (and every pointer under it) said as a tool argument: `/cohort/person_ids/3`
 * with `{ from: '/cohort/person_ids', to: '/person_ids' }` is `/person_ids/3`. `to: ''` names
 * no one argument; `message` then rewords what the route said (`the cohort is required…`).
 * The first rename whose `from` matches (a whole segment) applies.
 */
export interface PointerRename {
  from: string;
  to: string;
  message?(routeMessage: string): string;
}

/** MCP tool annotations (hints to the client; never relied on for security). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * One connector tool, declared once: the server registers it, `GET /public/docs/mcp` lists it,
 * and the dispatcher (dispatch.ts) validates, authorises and runs it.
 */
export interface ToolDef<I = Record<string, unknown>> {
  name: string;
  title: string;
  /** What the tool does, when to use it and what it costs: written for an agent to act on. */
  description: string;
  /**
   * The scope rule, as routes declare it. `apiKeyOnly` tools (account administration) refuse
   * OAuth tokens with `api_key_scope_required`.
   */
  auth: ScopeRequirement;
  apiKeyOnly?: boolean;
  /**
   * `search` tools answer bad input with `invalid_search_request` and normalisation receipts
   * (the contract's Errors table); other tools with `validation_failed`.
   */
  kind: 'search' | 'read' | 'action';
  /** JSON Schema of the arguments; validated strictly (no coercion), defaults filled in. */
  inputSchema: JsonSchema;
  /**
   * The arguments as `tools/list` and /public/docs/mcp publish them, when shorter than
   * `inputSchema`: it must admit everything `inputSchema` admits (a sub-schema said in a
   * sentence), since arguments are still validated against `inputSchema` (docs/mcp.md, "Schema size").
   */
  publishedInputSchema?: JsonSchema;
  /** JSON Schema of `structuredContent` on success; the published schema also admits the error shape. */
  outputSchema: JsonSchema;
  annotations?: ToolAnnotations;
  run(input: I, ctx: ToolContext): Promise<Record<string, unknown>>;
}

/** Keeps a tool's input type; tools are then listed as `ToolDef[]`. */
export function defineTool<I>(def: ToolDef<I>): ToolDef {
  return def as unknown as ToolDef;
}
