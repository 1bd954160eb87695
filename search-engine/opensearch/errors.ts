import { errors } from '@opensearch-project/opensearch';
import { SearchEngineError } from '../errors.js';

/** Translates client errors by class and OpenSearch error type, never by message text. */
export function translate(err: unknown, what: string): SearchEngineError {
  if (err instanceof SearchEngineError) return err;
  if (err instanceof errors.ConnectionError || err instanceof errors.TimeoutError || err instanceof errors.NoLivingConnectionsError) {
    return new SearchEngineError('engine_unavailable', `OpenSearch is unreachable during ${what}`, err);
  }
  if (err instanceof errors.ResponseError) {
    const type = (err.body as { error?: { type?: string } } | undefined)?.error?.type;
    if (type === 'index_not_found_exception')
      return new SearchEngineError('index_not_found', `OpenSearch: index not found during ${what}`, err);
    if (type === 'resource_already_exists_exception')
      return new SearchEngineError('index_already_exists', `OpenSearch: index already exists (${what})`, err);
    if (type === 'illegal_argument_exception' && err.statusCode === 400 && what === 'search') {
      return new SearchEngineError('result_window_too_large', 'OpenSearch refused the page window', err);
    }
    if (err.statusCode === 400)
      return new SearchEngineError('invalid_query', `OpenSearch refused the ${what} request (${type ?? 'bad request'})`, err);
    if (err.statusCode === 429 || err.statusCode >= 500)
      return new SearchEngineError('engine_unavailable', `OpenSearch is overloaded or failing during ${what} (${err.statusCode})`, err);
  }
  return new SearchEngineError('engine_error', `OpenSearch failed during ${what}`, err);
}
