import crypto from 'node:crypto';
import type { Actor } from '../auth/actor.js';
import { missingScopes } from '../auth/scopes.js';
import { resolveAgentSession } from '../commands/agent-sessions.js';
import { cacheSearchResult } from '../commands/projects/search-cache.js';
import { type AppError, asClause, moreProblems, ValidationFailed, type ValidationProblem } from '../errors.js';
import { type RouteInvoker, routeInvoker } from '../http/invoke.js';
import type { RouteDef } from '../http/route.js';
import { check, compileValidator } from '../http/validation.js';
import { toCallerError } from '../middleware/request-context.js';
import type { Services } from '../services.js';
import { nameIdKinds } from './id-kinds.js';
import { errorResult, successResult } from './results.js';
import { effectiveInputSchema, searchSummary, takesSessionArgument } from './session-argument.js';
import type { PointerRename, ToolContext, ToolDef } from './tool.js';

/** Codes of load shed by design: a warning in the log, not a failure. */
const SHED: ReadonlySet<string> = new Set(['search_overloaded', 'server_overloaded']);
/** Codes a client may simply retry later: the engine was busy, down or slow. */
const RETRYABLE = new Set([
  'search_overloaded',
  'server_overloaded',
  'search_timeout',
  'search_engine_unavailable',
  'service_unavailable',
  'internal_error',
]);

/** The path of the connector's protected-resource metadata (RFC 9728), named in every challenge. */
export const resourceMetadataUrl = (baseUrl: string): string => `${baseUrl}/.well-known/oauth-protected-resource/mcp`;

export type ToolResult = ReturnType<typeof successResult> | ReturnType<typeof errorResult>;

/** The error body of a tool result, from an AppError: its code, message and extra fields. */
function toolError(err: AppError, tool: ToolDef): Record<string, unknown> {
  const body = err.toBody();
  // Problems found by the route a tool calls are worded as the connector's own: its arguments,
  // pointers from their root, not the REST request's "body".
  if (err instanceof ValidationFailed) body.message = describeProblems(err.problems);
  // The contract's connector code for a search request that fails validation.
  if (tool.kind === 'search' && err.code === 'validation_failed') {
    const problems = (err.extra.errors as ValidationProblem[] | undefined) ?? [];
    return {
      ...body,
      error: 'invalid_search_request',
      receipts: problems.map((p) => ({ path: p.pointer || '/', action: 'rejected', message: p.message })),
    };
  }
  return { ...body, retryable: RETRYABLE.has(err.code) };
}

/**
 * Runs tool calls: validates the arguments, checks the scope (with the step-up challenge of
 * OAuth callers), runs the tool, and turns every failure into a structured error result that
 * fits the tool's published output schema. Protocol errors are left for unknown tools only.
 */
export class ToolDispatcher {
  private readonly tools = new Map<string, { def: ToolDef; validate: ReturnType<typeof compileValidator> }>();
  private readonly invokers = new Map<string, RouteInvoker>();

  constructor(
    readonly defs: readonly ToolDef[],
    routes: readonly RouteDef[],
    private readonly services: Services,
    opts: { validateResponses: boolean },
  ) {
    for (const def of defs) this.tools.set(def.name, { def, validate: compileValidator('body', effectiveInputSchema(def)) });
    for (const def of routes) this.invokers.set(`${def.method} ${def.path}`, routeInvoker(def, services, opts));
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** Calls one tool for `actor`. Never throws for a known tool: failures are error results. */
  async call(name: string, args: unknown, actor: Actor, signal?: AbortSignal): Promise<ToolResult> {
    const entry = this.tools.get(name);
    if (!entry) throw new Error(`unknown tool ${name}`);
    const { def, validate } = entry;
    const requestId = crypto.randomUUID();
    try {
      const scopeRefusal = this.checkScope(def, actor);
      if (scopeRefusal) return scopeRefusal;
      const input = structuredClone(args ?? {}) as Record<string, unknown>;
      // An id of another kind (a conversation id as communication_id) is said as such.
      const problems = nameIdKinds(check('body', validate, input), input);
      if (problems.length) throw new ValidationFailed(problems);
      // agent_session_id is the dispatcher's: resolved before anything runs or is charged.
      const sessionId = takesSessionArgument(def) ? (input.agent_session_id as string | undefined) : undefined;
      if (takesSessionArgument(def)) delete input.agent_session_id;
      const now = this.services.clock();
      const session = sessionId === undefined ? null : resolveAgentSession(this.services, actor, sessionId, now);
      const ctx: ToolContext = {
        actor,
        services: this.services,
        requestId,
        now,
        session,
        signal,
        route: async (key, routeInput, opts) => {
          const invoke = this.invokers.get(key);
          if (!invoke) throw new Error(`tool ${name} calls unknown route ${key}`);
          try {
            return await invoke({ actor, requestId, surface: 'connector', ...routeInput, ...(signal ? { signal } : {}) });
          } catch (err) {
            if (err instanceof ValidationFailed && opts?.pointers?.length) throw renamePointers(err, opts.pointers);
            throw err;
          }
        },
      };
      const output = await def.run(input, ctx);
      if (session) {
        if (typeof output.search_id === 'string') {
          const at = new Date(this.services.clock()).toISOString();
          this.services.agentSessions.recordSearch(
            session.sessionId,
            { tool: name, search_id: output.search_id, summary: searchSummary(name, input), at },
            this.services.clock(),
          );
          // A people search is kept in the session project's search-results cache, or its search shell.
          // The search is paid for already: a cache that cannot be written is logged, never an error.
          if (name === 'people_search')
            try {
              cacheSearchResult(
                this.services,
                actor,
                session,
                { tool: name, summary: searchSummary(name, input), output },
                this.services.clock(),
              );
            } catch (err) {
              this.services.logger.error({ err, tool: name, request_id: requestId }, 'search-results cache not updated');
            }
        } else this.services.agentSessions.touch(session.sessionId, this.services.clock());
      }
      this.services.logger.info({ tool: name, request_id: requestId, owner_user_id: actor.ownerUserId, via: actor.via }, 'tool call');
      return successResult(output);
    } catch (err) {
      // Work stopped because its caller cancelled or left fails however it stops (an abort
      // error, a worker torn down): 499, never a retryable internal_error.
      const appError = toCallerError(err, signal);
      const line = { tool: name, request_id: requestId, owner_user_id: actor.ownerUserId, via: actor.via, error: appError.code };
      // Load shed by design (search_overloaded, server_overloaded) is no failure of the server: a warning, no stack.
      // Nor is work given up because its client went away (nobody reads this answer).
      if (signal?.aborted) this.services.logger.info({ ...line, err }, 'tool call abandoned by its client');
      else if (SHED.has(appError.code)) this.services.logger.warn(line, 'tool call shed');
      else if (appError.status >= 500) this.services.logger.error({ ...line, err }, 'tool failed');
      else this.services.logger.info(line, 'tool call refused');
      return errorResult({ retryable: false, ...toolError(appError, def) });
    }
  }

  /**
   * The step-up refusal when the caller lacks the tool's scope (docs/mcp.md, "Scopes and
   * step-up"): `required_scopes` lists only what is missing; an OAuth caller also gets, in `_meta`,
   * a Bearer `insufficient_scope` challenge naming its current scopes plus the missing ones.
   */
  private checkScope(def: ToolDef, actor: Actor): ToolResult | null {
    const needsKey = def.apiKeyOnly === true && actor.via === 'oauth';
    const missing = missingScopes(def.auth, actor.scopes);
    if (!needsKey && missing.length === 0) return null;
    const code = needsKey ? 'api_key_scope_required' : 'insufficient_scope';
    const message = needsKey
      ? `${def.name} administers the account and needs an API key: connect with Authorization: Bearer <API key> instead of an OAuth token.`
      : `${def.name} needs the scope ${missing.join(' or ')}, which this ${actor.via === 'oauth' ? 'authorization' : 'API key'} lacks. ${
          actor.via === 'oauth' ? 'Authorize again with that scope.' : 'Use a key with that scope.'
        }`;
    const body = { success: false, error: code, message, retryable: false, required_scopes: missing };
    // No authorization can grant what needs an API key: a challenge would send the client round
    // an authorization loop, so there is none.
    if (actor.via !== 'oauth' || needsKey) return errorResult(body);
    const scope = [...new Set([...actor.scopes, ...missing])].join(' ');
    const challenge = `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadataUrl(
      this.services.config.baseUrl,
    )}", error_description="${message.replace(/["\\]/g, "'")}"`;
    return errorResult(body, { 'mcp/www_authenticate': [challenge] });
  }
}

/** The route's problems said of the tool's arguments (see {@link PointerRename}); body problems only. */
export function renamePointers(err: ValidationFailed, renames: readonly PointerRename[]): ValidationFailed {
  const problems = err.problems.map((p) => {
    if (p.in !== 'body') return p;
    const rename = renames.find((r) => p.pointer === r.from || p.pointer.startsWith(`${r.from}/`));
    if (!rename) return p;
    return {
      ...p,
      pointer: rename.to + p.pointer.slice(rename.from.length),
      message: rename.message && p.pointer === rename.from ? rename.message(p.message) : p.message,
    };
  });
  return new ValidationFailed(problems);
}

function describeProblems(problems: readonly ValidationProblem[]): string {
  const shown = problems.slice(0, 3).map((p) => (p.pointer ? `${p.pointer} ${asClause(p.message)}` : asClause(p.message)));
  return `The arguments are invalid: ${shown.join('; ')}${moreProblems(problems.length)}.`;
}
