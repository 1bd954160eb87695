/** One problem found while validating a request, located by JSON pointer. */
export interface ValidationProblem {
  /** Where the value came from. */
  in: 'body' | 'query' | 'path';
  /** RFC 6901 pointer into that part of the request ("" is the whole part). */
  pointer: string;
  message: string;
}

/**
 * The single error type of the service. `extra` fields are rendered at the top level of the
 * error body, beside `success`, `error` and `message` (for example `required_scopes`).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The JSON body every error response carries. */
  toBody(): Record<string, unknown> {
    return { success: false, error: this.code, message: this.message, ...this.extra };
  }
}

export const unauthorized = (message: string): AppError =>
  new AppError(401, 'unauthorized', message, {}, { 'WWW-Authenticate': 'ApiKey header="X-API-Key"' });

export const insufficientScope = (required: string[], granted: readonly string[]): AppError =>
  new AppError(
    403,
    'insufficient_scope',
    `This API key lacks the scope needed here: ${required.join(' or ')}. Create a key with that scope.`,
    { required_scopes: required, granted_scopes: [...granted] },
  );

/**
 * 403 `delegate_not_allowed`: the owner may not act for that user. `pending` says that the owner
 * asked and the grant waits for the user's acceptance, so the message names the one step left.
 */
export const delegateNotAllowed = (delegateUserId: string, opts: { pending?: boolean } = {}): AppError =>
  new AppError(
    403,
    'delegate_not_allowed',
    opts.pending
      ? `The delegate grant for user ${delegateUserId} is still pending: the owner asked, and it gives no access until that user accepts it with a key of their own (connector service_action mode=accept_delegation, naming this account as owner_user_id). Try again once they have accepted.`
      : `User ${delegateUserId} is not an authorised delegate of this account: the owner asks (connector service_action add_delegate) and the user accepts with a key of their own (accept_delegation), or an operator grants it (proxima delegates add).`,
    { delegate_user_id: delegateUserId },
  );

/**
 * 503 `server_overloaded`: work that is not a search (saving a draft, reading a project's
 * targets, resolving a recipient) was shed because the account already has too many reads
 * waiting for the search engine's workers. `work` names what was refused.
 */
export const serverOverloaded = (work: string): AppError =>
  new AppError(
    503,
    'server_overloaded',
    `Too many requests of this account are waiting for profile and post reads, so this one (${work}) was refused; nothing was charged, and it is safe to send again. Retry after the Retry-After delay, with fewer requests at once.`,
    {},
    { 'Retry-After': '1' },
  );

export const notFound = (message: string): AppError => new AppError(404, 'not_found', message);

export const methodNotAllowed = (method: string, path: string, allowed: string[]): AppError =>
  new AppError(
    405,
    'method_not_allowed',
    `${method} is not supported on ${path}; use ${allowed.join(', ')}.`,
    { allowed_methods: allowed },
    { Allow: allowed.join(', ') },
  );

/**
 * The most problems one answer lists. A body of 500,000 wrong items once answered a problem for
 * each (64 MB, seconds of the event loop); past this, the answer says there are more.
 */
export const MAX_LISTED_PROBLEMS = 20;

/** How a message naming the first three of `count` problems ends. */
export const moreProblems = (count: number): string =>
  count > MAX_LISTED_PROBLEMS
    ? `; and more (the first ${MAX_LISTED_PROBLEMS} problems are listed: fix them and send again)`
    : count > 3
      ? `; and ${count - 3} more`
      : '';

/**
 * A problem's message as a clause of a summary that ends with its own full stop: a message
 * written as a sentence ("… by their number of reactions.") ended the summary in "..".
 */
export const asClause = (message: string): string => message.replace(/\s*\.+\s*$/, '');

/**
 * 400 `validation_failed`: the first {@link MAX_LISTED_PROBLEMS} problems listed, and how many
 * were found (`found`, not rendered), so another face can word them its own way (the connector).
 */
export class ValidationFailed extends AppError {
  constructor(readonly problems: readonly ValidationProblem[]) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
    super(
      400,
      'validation_failed',
      `The request is invalid: ${listed
        .slice(0, 3)
        .map((p) => (p.pointer ? `${p.in}${p.pointer} ${asClause(p.message)}` : `${p.in}: ${asClause(p.message)}`))
        .join('; ')}${moreProblems(problems.length)}.`,
      { errors: listed },
    );
  }
}

export const validationFailed = (problems: ValidationProblem[]): AppError => new ValidationFailed(problems);

/** A single validation problem, for checks that JSON Schema cannot express. */
export const invalidField = (where: ValidationProblem['in'], pointer: string, message: string): AppError =>
  validationFailed([{ in: where, pointer, message }]);

export const invalidJson = (): AppError =>
  new AppError(400, 'invalid_json', 'The request body is not valid JSON. Send a JSON document with Content-Type: application/json.');

/** Valid JSON that is a bare value (a number, a string, `true`, `null`): the code is still `invalid_json`, the message says what is wrong. */
export const scalarJson = (): AppError =>
  new AppError(
    400,
    'invalid_json',
    'The request body is a bare JSON value (a number, string, boolean or null). Send a JSON object (or an array where the operation takes one).',
    { found: 'scalar' },
  );

export const unsupportedMediaType = (type: string): AppError =>
  new AppError(415, 'unsupported_media_type', `Content-Type "${type}" is not accepted; send application/json.`);

export const payloadTooLarge = (limitBytes: number): AppError =>
  new AppError(413, 'payload_too_large', `The request body exceeds the ${limitBytes}-byte limit. Send fewer items per request.`, {
    limit_bytes: limitBytes,
  });

export const serviceUnavailable = (message: string): AppError => new AppError(503, 'service_unavailable', message);

/**
 * 499 `client_closed_request`: the caller went away (closed the connection, or cancelled the
 * connector call) before the answer. Also the reason its work's signal is aborted with, so that
 * anything stopped by that signal fails with this code rather than as a server failure.
 */
export const clientClosedRequest = (): AppError =>
  new AppError(
    499,
    'client_closed_request',
    'The client went away (closed the connection or cancelled the call) before the answer; its work was stopped and nothing was charged.',
  );

export const internalError = (): AppError =>
  new AppError(500, 'internal_error', 'An unexpected error occurred. Retry later, and quote the X-Request-Id if it persists.');
