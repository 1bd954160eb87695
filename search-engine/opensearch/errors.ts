import { errors } from '@opensearch-project/opensearch';
import { SearchEngineError } from '../errors.js';

/**
 * What is kept of a client error as the cause: its class, status and message, cut short. The
 * client's error carries the request it failed on (a bulk body holds profiles' emails and phone
 * numbers, which are private), and a printed cause would print it all.
 */
function causeOf(err: unknown): Error {
  if (!(err instanceof Error)) return new Error(String(err).slice(0, 300));
  const status = (err as { statusCode?: number }).statusCode;
  const cause = new Error(`${err.name}${status ? ` ${status}` : ''}: ${err.message.slice(0, 300)}`);
  cause.name = err.name;
  return cause;
}

/** Translates client errors by class and OpenSearch error type, never by message text. */
export function translate(raw: unknown, what: string): SearchEngineError {
  if (raw instanceof SearchEngineError) return raw;
  const err = raw;
  const cause = causeOf(raw);
  if (err instanceof errors.ConnectionError || err instanceof errors.TimeoutError || err instanceof errors.NoLivingConnectionsError) {
    return new SearchEngineError('engine_unavailable', `OpenSearch is unreachable during ${what}`, cause);
  }
  if (err instanceof errors.ResponseError) {
    const type = (err.body as { error?: { type?: string } } | undefined)?.error?.type;
    if (type === 'index_not_found_exception')
      return new SearchEngineError('index_not_found', `OpenSearch: index not found during ${what}`, cause);
    if (type === 'resource_already_exists_exception')
      return new SearchEngineError('index_already_exists', `OpenSearch: index already exists (${what})`, cause);
    if (type === 'illegal_argument_exception' && err.statusCode === 400 && what === 'search') {
      return new SearchEngineError('result_window_too_large', 'OpenSearch refused the page window', cause);
    }
    if (err.statusCode === 400)
      return new SearchEngineError('invalid_query', `OpenSearch refused the ${what} request (${type ?? 'bad request'})`, cause);
    if (err.statusCode === 429 || err.statusCode >= 500)
      return new SearchEngineError('engine_unavailable', `OpenSearch is overloaded or failing during ${what} (${err.statusCode})`, cause);
  }
  return new SearchEngineError('engine_error', `OpenSearch failed during ${what}`, cause);
}
