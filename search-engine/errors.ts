/** Why an engine call failed, independent of the adapter. */
export type SearchEngineErrorCode =
  | 'engine_unavailable'
  | 'index_not_found'
  | 'index_already_exists'
  | 'unsupported_query'
  | 'invalid_query'
  | 'result_window_too_large'
  /** The call ran past its time budget and was stopped. */
  | 'timeout'
  /** Too much search work is queued; the call was refused without running. */
  | 'overloaded'
  /** The call's client went away while it waited: it was dropped without running. */
  | 'abandoned'
  | 'engine_error';

/** The one error type adapters throw; the server maps it to an AppError by code. */
export class SearchEngineError extends Error {
  constructor(
    readonly code: SearchEngineErrorCode,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'SearchEngineError';
  }
}

export const unsupported = (what: string, path: string): SearchEngineError =>
  new SearchEngineError('unsupported_query', `the embedded engine does not support ${what} (at ${path || 'query'})`);

export const invalidQuery = (message: string, path: string): SearchEngineError =>
  new SearchEngineError('invalid_query', `${message} (at ${path || 'query'})`);
