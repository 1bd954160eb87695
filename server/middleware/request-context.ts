import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import { SearchEngineError } from '../../search-engine/errors.js';
import { AppError, clientClosedRequest, internalError } from '../errors.js';
import type { Logger } from '../logger.js';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Outermost middleware: assigns the request id (a sane incoming `X-Request-Id` is kept),
 * renders every error as the one JSON error body, and writes one structured log line per
 * request. Never lets a stack trace or an HTML page reach a client.
 */
export function requestContext(logger: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const incoming = ctx.get('x-request-id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    let failure: unknown = null;
    try {
      await next();
    } catch (err) {
      failure = err;
      const appError = toAppError(err);
      ctx.status = appError.status;
      ctx.set(appError.headers);
      ctx.body = appError.toBody();
    }
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    const actor = ctx.state.actor as { ownerUserId?: string; keyPrefix?: string } | undefined;
    const line = {
      request_id: requestId,
      method: ctx.method,
      path: ctx.path,
      status: ctx.status,
      duration_ms: Math.round(durationMs * 100) / 100,
      owner_user_id: actor?.ownerUserId,
      key_prefix: actor?.keyPrefix,
    };
    // Load shed by design (503 search_overloaded or server_overloaded, with Retry-After) is no failure of the server.
    const shedCode = failure !== null ? toAppError(failure).code : null;
    const shed = shedCode === 'search_overloaded' || shedCode === 'server_overloaded';
    if (shed) logger.warn({ ...line, error: shedCode }, 'request shed');
    else if (ctx.status >= 500) logger.error({ ...line, err: failure }, 'request failed');
    else if (failureBehind(failure)) logger.error({ ...line, err: failureBehind(failure) }, 'request abandoned after a server failure');
    else logger.info(line, 'request');
  };
}

/**
 * The error a call stopped by its caller answers with: whatever the stopped work threw (an
 * AbortError of a library, a worker torn down, the signal's reason) is 499
 * `client_closed_request` once `signal` is aborted, unless it is a refusal of the request itself
 * (an AppError below 500, found before or regardless of the abort). Nobody reads the answer; a
 * server failure it hides is kept as the 499's `cause` and logged at error level with it.
 */
export function toCallerError(err: unknown, signal: AbortSignal | undefined): AppError {
  const appError = toAppError(err);
  if (!signal?.aborted || appError.status < 500) return appError;
  const closed = clientClosedRequest();
  // A failure of the server's own (not the stop's) is kept for the log line (`failureBehind`).
  if (appError.code === 'internal_error' && !isAbort(err)) closed.cause = err;
  return closed;
}

/** Whether an error is how stopped work ends: an AbortError, a worker torn down, a 499 already. */
function isAbort(err: unknown): boolean {
  if (err instanceof AppError) return err.status === 499;
  if (err instanceof SearchEngineError) return err.code === 'abandoned';
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

/** The server failure a 499 hides, if any: the abandoned work failed on its own before it stopped. */
function failureBehind(failure: unknown): unknown {
  return failure instanceof AppError && failure.status === 499 && failure.cause ? failure.cause : null;
}

/** Maps anything thrown to an AppError by class and library error type, never by message text. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof SearchEngineError) {
    if (err.code === 'engine_unavailable')
      return new AppError(503, 'search_engine_unavailable', 'The search engine is not answering; retry shortly.');
    if (err.code === 'index_not_found')
      return new AppError(503, 'search_index_missing', 'The search index is not loaded yet; load a corpus with `proxima index`.');
    if (err.code === 'unsupported_query' || err.code === 'invalid_query')
      return new AppError(
        400,
        'query_too_complex',
        'The search is larger than the search engine accepts (too many clauses, values or levels of nesting). Send fewer filter values or keywords.',
      );
    if (err.code === 'result_window_too_large')
      return new AppError(
        400,
        'result_window_too_large',
        'offset plus page size must stay within 10,000 results. Narrow the search instead of paging further.',
      );
    if (err.code === 'timeout')
      return new AppError(
        504,
        'search_timeout',
        'The request’s search-engine work did not finish within its time budget and was stopped; nothing was charged. Narrow a search (fewer words or keywords, more filters); split work over many items (a large project’s drafts: target_ids in slices); or retry.',
      );
    // Nobody reads this answer: the client had gone. 499, as proxies log it, and no server failure.
    if (err.code === 'abandoned') return clientClosedRequest();
    if (err.code === 'overloaded')
      return new AppError(
        503,
        'search_overloaded',
        'Too many searches are waiting for the search engine; nothing was charged. Retry after the Retry-After delay, with fewer searches at once.',
        {},
        { 'Retry-After': '1' },
      );
  }
  return internalError();
}
