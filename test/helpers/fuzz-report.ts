/**
 * Reports of the fuzz test: each 5xx joined to the server's log line for its request id,
 * grouped by cause (error type, message and first frame in our code), shrunk to a small
 * reproduction, and printed with the request (method, path, headers, truncated body), the
 * request id and the logged error with its stack.
 */

import type { FuzzCase, FuzzResult } from './fuzz-http.js';
import { clone, encodeJson, put, RawJson } from './fuzz-json.js';

export type LogLine = Record<string, unknown>;

/** One case with its answer, the server log line for it, and any contract problems. */
export interface Outcome {
  c: FuzzCase;
  r: FuzzResult;
  log?: LogLine;
  problems: string[];
}

interface LoggedError {
  type?: string;
  message?: string;
  stack?: string;
}

/** The log line of a request: the last one with its id (and the same status, when one exists). */
export function findLog(logs: LogLine[], requestId: unknown, status: number): LogLine | undefined {
  if (typeof requestId !== 'string') return undefined;
  let fallback: LogLine | undefined;
  for (let i = logs.length - 1; i >= 0; i--) {
    const line = logs[i]!;
    if (line.request_id !== requestId) continue;
    if (line.status === status) return line;
    fallback ??= line;
  }
  return fallback;
}

const normalise = (text: string) =>
  text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/"(?:[^"\\]|\\.){40,}"/g, '"<long>"')
    .replace(/\d+/g, 'N');

/** First stack frame in the project's own code (not node_modules, not node internals), without the column. */
export function ownFrame(stack: string | undefined): string {
  const frame = (stack ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('at ') && !l.includes('node_modules') && !l.includes('node:') && l.includes('/'));
  // Errors raised entirely in libraries (zlib, a parser) have no frame of ours: name theirs.
  const any = (stack ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('at '));
  return (frame ?? any ?? '').replace(/:\d+\)?$/, (m) => (m.endsWith(')') ? ')' : '')).replace(/^at /, '');
}

/** The cause of a 5xx: logged error type, normalised first message line, first own frame. */
export function causeKey(o: Outcome): string {
  const err = o.log?.err as LoggedError | undefined;
  if (!err) return o.log ? `${o.r.status} without a logged error` : `${o.r.status} with no server log line (answered below the app)`;
  const message = normalise((err.message ?? '').split('\n')[0] ?? '').slice(0, 200);
  return `${err.type ?? 'Error'}: ${message} @ ${ownFrame(err.stack)}`;
}

/** Groups outcomes by a key, largest group first. */
export function groupBy(outcomes: Outcome[], key: (o: Outcome) => string): [string, Outcome[]][] {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const k = key(o);
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  return [...groups].sort((a, b) => b[1].length - a[1].length);
}

const size = (c: FuzzCase) => (c.rawRequest ?? c.body ?? '').length + c.path.length;

/** The smallest case of a group (by body and path length). */
export const smallest = (list: Outcome[]): Outcome => list.reduce((a, b) => (size(b.c) < size(a.c) ? b : a));

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars in all)`);
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A reproduction of one case: request, answer, request id, and the server log line. */
export function formatRepro(o: Outcome, opts: { baseUrl: string; keyNames: Map<string, string>; maxBody?: number }): string {
  const { c, r } = o;
  const maxBody = opts.maxBody ?? 600;
  const named = (v: string) => opts.keyNames.get(v) ?? opts.keyNames.get(v.trim()) ?? v;
  const headers = c.headers.map(([k, v]) => `${k}: ${truncate(k.toLowerCase() === 'x-api-key' ? named(v) : v, 200)}`);
  const text = bodyText(c.body);
  const body = c.body === undefined ? '' : (text ?? `<${c.body.length} bytes: ${(c.body as Buffer).subarray(0, 60).toString('hex')}…>`);
  const lines = [
    `  case: ${c.category}`,
    c.rawRequest !== undefined
      ? `  raw request (${c.rawRequest.length} bytes): ${JSON.stringify(truncate(c.rawRequest, maxBody))}`
      : `  ${c.method} ${truncate(c.path, 300)}${c.chunked ? '   (body sent chunked)' : ''}`,
  ];
  if (c.rawRequest === undefined) {
    lines.push(`  headers: ${headers.join(' | ') || '(none)'}`);
    if (c.body !== undefined) lines.push(`  body (${Buffer.byteLength(c.body)} bytes): ${truncate(body, maxBody)}`);
  }
  const errCode = (() => {
    try {
      return (JSON.parse(r.text) as { error?: string }).error;
    } catch {
      return undefined;
    }
  })();
  lines.push(
    `  → ${r.transportError ? `no response (${r.transportError})` : `${r.status} ${errCode ?? ''}`}   X-Request-Id: ${String(r.headers['x-request-id'] ?? '(none)')}`,
  );
  if (o.problems.length) lines.push(`  contract problems: ${o.problems.join('; ')}`);
  if (c.rawRequest === undefined && (c.body === undefined || text !== undefined) && (c.body?.length ?? 0) <= 2_000) {
    const hs = c.headers
      .filter(([k]) => k.toLowerCase() !== 'x-api-key')
      .map(([k, v]) => `-H ${shellQuote(`${k}: ${v}`)}`)
      .join(' ');
    const key = c.headers.find(([k]) => k.toLowerCase() === 'x-api-key');
    const keyArg = key ? ` -H "X-API-Key: $${named(key[1]).replace(/\W/g, '_').toUpperCase()}"` : '';
    const data = text !== undefined ? ` --data-binary ${shellQuote(text)}` : '';
    lines.push(`  curl: curl -sS -X ${c.method} ${shellQuote(opts.baseUrl + c.path)}${keyArg} ${hs}${data}`);
  }
  if (o.log) {
    const { err, ...rest } = o.log;
    lines.push(`  server log: ${JSON.stringify(rest)}`);
    const e = err as LoggedError | undefined;
    if (e)
      lines.push(
        `  error: ${e.type}: ${e.message}`,
        ...(e.stack ?? '')
          .split('\n')
          .slice(1, 9)
          .map((l) => `      ${l.trim()}`),
      );
  } else if (r.status >= 500) lines.push('  server log: (no line for this request id)');
  return lines.join('\n');
}

/** A body as text when it is printable UTF-8 (bytes that are plain JSON print as JSON). */
function bodyText(body: string | Buffer | undefined): string | undefined {
  if (body === undefined || typeof body === 'string') return body;
  const text = body.toString('utf8');
  const control = [...text].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
  });
  return Buffer.from(text, 'utf8').equals(body) && !control ? text : undefined;
}

type Path = (string | number)[];

/** Smaller variants of a JSON value: each key removed, arrays cut to one item, long strings cut. */
function* reductions(value: unknown, path: Path = []): Generator<{ path: Path; replace: unknown; remove: boolean }> {
  if (value instanceof RawJson || value === null || typeof value !== 'object') {
    if (typeof value === 'string' && value.length > 64) yield { path, replace: value.slice(0, 64), remove: false };
    return;
  }
  if (Array.isArray(value)) {
    if (value.length > 1) yield { path, replace: value.slice(0, 1), remove: false };
    if (value.length > 3) yield { path, replace: value.slice(0, Math.ceil(value.length / 2)), remove: false };
    for (let i = 0; i < value.length && i < 3; i++) yield* reductions(value[i], [...path, i]);
    return;
  }
  for (const k of Object.keys(value)) yield { path: [...path, k], replace: undefined, remove: true };
  for (const [k, v] of Object.entries(value)) yield* reductions(v, [...path, k]);
}

function applyReduction(root: unknown, r: { path: Path; replace: unknown; remove: boolean }): unknown {
  if (r.path.length === 0) return r.replace;
  const copy = clone(root);
  let target = copy as Record<string | number, unknown>;
  for (const seg of r.path.slice(0, -1)) target = target[seg] as Record<string | number, unknown>;
  const last = r.path[r.path.length - 1]!;
  if (r.remove) delete target[last];
  else if (Array.isArray(target)) target[last as number] = r.replace;
  else put(target, String(last), r.replace);
  return copy;
}

/**
 * Shrinks a failing case's JSON body greedily: keeps any reduction after which the server still
 * fails with the same cause. At most `budget` extra requests.
 */
export async function shrink(o: Outcome, same: (candidate: FuzzCase) => Promise<Outcome | null>, budget: number): Promise<Outcome> {
  if (o.c.json === undefined) return o;
  let best = o;
  let json: unknown = o.c.json;
  let spent = 0;
  let progress = true;
  while (progress && spent < budget) {
    progress = false;
    for (const red of reductions(json)) {
      if (spent >= budget) break;
      let next: unknown;
      let text: string;
      try {
        next = applyReduction(json, red);
        text = encodeJson(next);
      } catch {
        continue; // too deep to copy: keep what we have
      }
      spent++;
      const candidate: FuzzCase = { ...o.c, json: next, body: text, category: o.c.category };
      const result = await same(candidate);
      if (result) {
        best = result;
        json = next;
        progress = true;
        break;
      }
    }
  }
  return best;
}
