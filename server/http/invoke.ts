import type { Context } from 'koa';
import { withSearchBudget } from '../../search-engine/call-context.js';
import { SearchEngineError } from '../../search-engine/errors.js';
import type { Actor } from '../auth/actor.js';
import { actAsDelegate } from '../auth/authenticate.js';
import { missingScopes } from '../auth/scopes.js';
import type { CreditHold } from '../billing/credits.js';
import { insufficientScope, invalidField, serverOverloaded, type ValidationProblem } from '../errors.js';
import type { Services } from '../services.js';
import { effectiveRequestSchemas } from './mount.js';
import { BUDGET_ITEMS, type RouteDef } from './route.js';
import { assertValid, check, compileValidator, escapePointer } from './validation.js';

/** One call of a route, whoever makes it: the REST router or a connector tool. */
export interface RouteInvocation {
  /** The authenticated caller (scope already checked), or null on public routes. */
  actor: Actor | null;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  /** The parsed JSON body; ignored by routes without a body schema. */
  body?: unknown;
  requestId: string;
  /** Whether a billed route reserves and commits its price (HEAD is never charged). */
  charge?: boolean;
  /** Told the acting caller once `delegate_user_id` is resolved. */
  onActor?(actor: Actor): void;
  /** Which face calls: an MCP tool says `connector`; the REST router leaves it out (`rest`). */
  surface?: 'rest' | 'connector';
  /** Aborted when the caller has gone away (a closed connection, a cancelled tool call): its searches still waiting are dropped. */
  signal?: AbortSignal;
}

/** Calls one route with the given input; see {@link routeInvoker}. */
export type RouteInvoker = (call: RouteInvocation, ctx?: Context) => Promise<unknown>;

/**
 * Query keys that spell a declared parameter with brackets (`status[]=queued`, PHP's and Rails'
 * arrays). A GET ignores keys it does not declare (cache-busters), so such a filter was dropped
 * and the unfiltered list answered; it is refused instead, saying how to send it.
 */
function bracketedQueryKeys(declared: ReadonlySet<string>, query: Record<string, unknown>): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  for (const key of Object.keys(query)) {
    const base = /^([^[\]]+)\[[^\]]*\]/.exec(key)?.[1];
    if (base === undefined || !declared.has(base)) continue;
    problems.push({
      in: 'query',
      pointer: `/${escapePointer(key)}`,
      message: `is ${base} with brackets, which are not read: send ${base}=… (once, or as the parameter's description says)`,
    });
  }
  return problems;
}

/** Whether a query parameter's schema takes a list (so it may be repeated). */
const takesList = (schema: Record<string, unknown> | undefined): boolean =>
  !!schema &&
  (([] as unknown[]).concat(schema.type ?? []).includes('array') ||
    ['anyOf', 'oneOf'].some((k) => ((schema[k] as Record<string, unknown>[] | undefined) ?? []).some(takesList)));

/**
 * Declared single-valued query parameters given more than once (`?limit=1&limit=2`): they arrive
 * as a list, which the schema would only call "must be integer". Said as it is instead.
 */
function repeatedQueryKeys(properties: Record<string, Record<string, unknown>>, query: Record<string, unknown>): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  for (const [key, value] of Object.entries(query))
    if (Array.isArray(value) && key in properties && !takesList(properties[key]))
      problems.push({ in: 'query', pointer: `/${escapePointer(key)}`, message: `is given ${value.length} times; send it once` });
  return problems;
}

/**
 * The one code path of a route, shared by REST and the MCP connector: validate every part,
 * resolve the delegate, reserve credits, run the handler inside the search budget, check the
 * response (when asked), then commit the charge, or release it when anything failed. A call that
 * fails or never completes costs nothing (docs/credits.md).
 */
export function routeInvoker(def: RouteDef, services: Services, opts: { validateResponses: boolean }): RouteInvoker {
  const schemas = effectiveRequestSchemas(def);
  const validators = {
    params: schemas.params ? compileValidator('path', schemas.params) : null,
    query: compileValidator('query', schemas.query),
    body: schemas.body ? compileValidator('body', schemas.body) : null,
    response: opts.validateResponses && !def.responseContentType ? compileValidator('body', def.response) : null,
  };

  const queryProperties = (schemas.query.properties as Record<string, Record<string, unknown>> | undefined) ?? {};
  const declaredQuery = new Set(Object.keys(queryProperties));

  return async (call, ctx) => {
    const now = services.clock();
    let actor = def.auth === 'none' ? null : call.actor;
    let hold: CreditHold | null = null;
    try {
      // REST checked the scope before reading the body; a tool calling this route is checked
      // here too, so no tool can reach a route its credential could not.
      if (actor && def.auth !== 'none') {
        const missing = missingScopes(def.auth, actor.scopes);
        if (missing.length > 0) throw insufficientScope(missing, actor.scopes);
      }
      const params = { ...(call.params ?? {}) };
      const query: Record<string, unknown> = { ...(call.query ?? {}) };
      const body = schemas.body ? (call.body ?? {}) : undefined;
      const problems: ValidationProblem[] = [];
      if (validators.params) problems.push(...check('path', validators.params, params));
      const repeated = repeatedQueryKeys(queryProperties, query);
      problems.push(...bracketedQueryKeys(declaredQuery, query), ...repeated);
      // A repeated parameter is said once, not again as the schema's "must be integer".
      if (!repeated.length) problems.push(...check('query', validators.query, query));
      if (validators.body) problems.push(...check('body', validators.body, body));
      assertValid(problems);

      if (actor && def.auth !== 'none' && def.delegate !== false) {
        const fromQuery = query.delegate_user_id as string | undefined;
        const fromBody = (body as Record<string, unknown> | undefined)?.delegate_user_id as string | undefined;
        if (fromQuery && fromBody && fromQuery !== fromBody) {
          throw invalidField('body', '/delegate_user_id', 'differs from delegate_user_id in the query string; send it once');
        }
        actor = actAsDelegate(services, actor, fromBody ?? fromQuery);
        call.onActor?.(actor);
      }

      if (actor && def.billing && call.charge !== false) {
        def.billing.refuse?.({ body, query, params, actor, services, now });
        const quantity = def.billing.quantity ? def.billing.quantity({ body, query, params, actor, services, now }) : 1;
        hold = services.credits.reserve({
          ownerUserId: actor.ownerUserId,
          tier: actor.owner.tier,
          keyId: actor.keyId,
          actingUserId: actor.actingUserId,
          operation: def.billing.operation,
          quantity,
          requestId: call.requestId,
          now,
        });
      }

      const currentHold = hold;
      // Every engine call the handler makes shares one time budget, and the embedded engine's
      // workers are shared fairly between accounts (search-engine/call-context.ts).
      const budgets = def.budgetItems ? Math.max(1, Math.ceil(def.budgetItems(body as never) / BUDGET_ITEMS)) : 1;
      const result = await withSearchBudget(
        services.config.searchTimeoutMs * budgets,
        actor?.ownerUserId ?? '',
        () =>
          def.handler(
            {
              body,
              query,
              params,
              actor,
              services,
              requestId: call.requestId,
              now,
              surface: call.surface ?? 'rest',
              settleBilling: (actual) => {
                if (currentHold) hold = services.credits.settle(currentHold, actual);
              },
            },
            ctx as Context,
          ),
        call.signal,
      );
      if (result !== undefined && validators.response && !validators.response(result)) {
        throw new Error(`response of ${def.method} ${def.path} breaks its schema: ${JSON.stringify(validators.response.errors)}`);
      }
      // A handler that wrote its own response (result undefined) with an error status is not
      // charged. A call whose caller went away but whose work completed is: what it stored (a
      // search to replay, an applied batch) is the caller's. Its searches still waiting when the
      // caller left were dropped, and the call failed: released below.
      if (hold && result === undefined && ctx && ctx.status >= 400) services.credits.release(hold);
      else if (hold) services.credits.commit(hold);
      return result;
    } catch (err) {
      if (hold) services.credits.release(hold);
      // The engine's read queue is shared by every route; only a search is told "too many searches".
      const work = WORK_OF_TAG.get(def.tag);
      if (work && err instanceof SearchEngineError && err.code === 'overloaded') throw serverOverloaded(work);
      throw err;
    }
  };
}

/**
 * The routes whose engine reads are no search, by tag, and what they do as `server_overloaded`
 * names it. Any other route's shed read (people, companies, jobs, posts) is `search_overloaded`.
 */
const WORK_OF_TAG: ReadonlyMap<string, string> = new Map([
  ['projects', 'project work: targets, drafts, readiness or activation'],
  ['communications', 'a communication: resolving its recipient or reading its history'],
  ['contacts', 'contact matching'],
  ['profiles', 'a profile read'],
  ['signals', 'a signal watcher'],
  ['inbox', 'an inbox read'],
]);
