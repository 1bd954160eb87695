import { checkBulkLines } from './bulk.js';
import { type Contract, getContract } from './contract.js';
import { checkParameters, describeOperation } from './params.js';
import type { RouteMatch } from './routes.js';
import { isRecord } from './spec-loader.js';
import { escapePointer } from './validators.js';

/** HTTP methods the OpenSearch adapter uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

/** One HTTP request as the OpenSearch adapter would send it. */
export interface OpenSearchRequest {
  method: HttpMethod;
  /** URL path, e.g. `/people/_search` (a `?query` part is read as query-string parameters too). */
  path: string;
  /** Query-string parameters; `undefined` values are ignored, as the client drops them. */
  querystring?: Record<string, unknown>;
  /** JSON request body. */
  body?: unknown;
  /** For `_bulk`: the NDJSON lines, action and source lines alternating (`delete` has no source line); an array `body` is read the same way. */
  bulkBody?: unknown[];
}

/** Result of a contract check: `ok`, or the list of what is wrong. */
export type CheckResult = { ok: true } | { ok: false; problems: string[] };

const JSON_MEDIA = 'application/json';

function splitQuery(path: string): { path: string; query: Record<string, string> } {
  const at = path.indexOf('?');
  if (at < 0) return { path, query: {} };
  return { path: path.slice(0, at), query: Object.fromEntries(new URLSearchParams(path.slice(at + 1))) };
}

/** `mget` with `ids` only works with an index in the path. */
function checkMget(match: RouteMatch, body: unknown): string[] {
  if (match.operation.group !== 'mget' || !isRecord(body) || match.params['index'] !== undefined) return [];
  return body['ids'] !== undefined ? ['body/ids: "ids" needs an {index} in the path (use "docs" with "_index" otherwise)'] : [];
}

function checkBody(contract: Contract, match: RouteMatch, req: OpenSearchRequest): string[] {
  const name = match.operation.requestBody;
  const label = describeOperation(match);
  if (name === undefined) {
    return req.body !== undefined || req.bulkBody !== undefined ? [`body: ${label} takes no request body`] : [];
  }
  if (match.operation.group === 'bulk') return checkBulkLines(contract, match, req.bulkBody ?? req.body);
  if (req.bulkBody !== undefined) return [`bulkBody: only _bulk takes NDJSON lines, ${label} does not`];
  const spec = contract.spec.components.requestBodies[name];
  const content = isRecord(spec) && isRecord(spec['content']) ? spec['content'] : {};
  if (!(JSON_MEDIA in content)) return [`body: ${label} takes ${Object.keys(content).join(', ')}, which this checker does not check`];
  if (req.body === undefined) return isRecord(spec) && spec['required'] === true ? [`body: ${label} requires a request body`] : [];
  const pointer = `/components/requestBodies/${escapePointer(name)}/content/${escapePointer(JSON_MEDIA)}/schema`;
  return [...contract.validators.check(pointer, req.body, 'body'), ...checkMget(match, req.body)];
}

/**
 * Checks `req` against the OpenSearch API specification: the method and path must match an
 * operation, query-string parameters must be declared by it, and the body must validate against
 * its (patched, closed) request-body schema; body problems stop at the first failing spot. The
 * first call loads the spec (about 0.25 s); each body schema compiles on first use (search: about 0.4 s).
 */
export function checkRequest(req: OpenSearchRequest): CheckResult {
  const contract = getContract();
  const { path, query } = splitQuery(req.path);
  const match = contract.router.match(req.method, path);
  if ('problem' in match) return { ok: false, problems: [match.problem] };
  const problems = [...checkParameters(contract, match, { ...query, ...req.querystring }), ...checkBody(contract, match, req)];
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}

/** Like {@link checkRequest}, but throws an Error listing every problem when `req` is invalid. */
export function assertValidRequest(req: OpenSearchRequest): void {
  const result = checkRequest(req);
  if (!result.ok) {
    throw new Error(`Invalid OpenSearch request ${req.method} ${req.path}:\n${result.problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The spec operation `METHOD path` resolves to (e.g. `indices.create`), or undefined if none does. */
export function operationFor(method: HttpMethod, path: string): string | undefined {
  const match = getContract().router.match(method, splitQuery(path).path);
  return 'problem' in match ? undefined : match.operation.group;
}
