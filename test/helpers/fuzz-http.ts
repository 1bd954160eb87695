/**
 * The HTTP side of the fuzz test: sends a case exactly as described (duplicate headers, any
 * Content-Type or Content-Encoding, chunked bodies, raw bytes) with `node:http`, which unlike
 * `fetch` does not normalise what it sends, and checks every answer against the error contract
 * of docs/errors.md.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';

/** One request of the fuzz run. */
export interface FuzzCase {
  /** Route template (`POST /api/v1/search/people`) or `(node)` for server-level cases. */
  route: string;
  /** What is being tried, e.g. `body:/filters/locations/include/*:unicode:rtl`. */
  category: string;
  method: string;
  /** Path and query as sent (already percent-encoded, or deliberately not). */
  path: string;
  headers: [string, string][];
  body?: string | Buffer;
  /** The body before encoding, when it was JSON built by the generator (used to shrink it). */
  json?: unknown;
  /** Send the body in two chunks with Transfer-Encoding: chunked. */
  chunked?: boolean;
  /** Bytes written on a raw socket instead (for requests Node's client refuses to build). */
  rawRequest?: string;
  /** The status docs/errors.md fixes for this case (an unknown key is 401 before anything else). */
  expectStatus?: number;
  /** The success body is not JSON (route declares another content type). */
  nonJsonSuccess?: boolean;
}

export interface FuzzResult {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Transport failure (reset, timeout), when no response arrived. */
  transportError?: string;
  ms: number;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const ERROR_CODE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

function headerObject(pairs: [string, string][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of pairs) {
    const key = k.toLowerCase();
    const prev = out[key];
    out[key] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** Sends one case; never throws (transport failures come back in `transportError`). */
export function sendCase(baseUrl: string, agent: http.Agent, c: FuzzCase, timeoutMs = 20_000): Promise<FuzzResult> {
  const started = performance.now();
  if (c.rawRequest !== undefined) return sendRaw(baseUrl, c.rawRequest, timeoutMs, started);
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<FuzzResult, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, ms: performance.now() - started });
    };
    let req: http.ClientRequest;
    try {
      const headers = headerObject(c.headers);
      // Node's client frames a body itself only on POST/PUT/PATCH; a GET, DELETE or OPTIONS
      // body would go out unframed and the server would read it as the next request.
      if (c.chunked) headers['transfer-encoding'] = 'chunked';
      else if (c.body !== undefined) headers['content-length'] = String(Buffer.byteLength(c.body));
      req = http.request({ host: url.hostname, port: url.port, method: c.method, path: c.path, headers, agent });
    } catch (err) {
      finish({ status: 0, headers: {}, text: '', transportError: `client refused to build the request: ${(err as Error).message}` });
      return;
    }
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no response within ${timeoutMs} ms`)));
    req.on('error', (err) => finish({ status: 0, headers: {}, text: '', transportError: err.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('error', (err) => finish({ status: res.statusCode ?? 0, headers: res.headers, text: '', transportError: err.message }));
      res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    if (c.body === undefined) req.end();
    else if (c.chunked) {
      const buf = Buffer.from(c.body);
      const mid = Math.floor(buf.length / 2);
      req.write(buf.subarray(0, mid));
      req.end(buf.subarray(mid));
    } else req.end(c.body);
  });
}

/** Writes bytes on a fresh socket and parses the (single) response; for Node-level rejections. */
function sendRaw(baseUrl: string, bytes: string, timeoutMs: number, started: number): Promise<FuzzResult> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(url.port), url.hostname, () => socket.end(bytes, 'latin1'));
    const done = (transportError?: string) => {
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: IncomingHttpHeaders = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      resolve({
        status,
        headers,
        text: Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString('utf8'),
        transportError: status === 0 ? (transportError ?? 'connection closed without a response') : undefined,
        ms: performance.now() - started,
      });
    };
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('end', () => done());
    socket.on('error', (err) => done(err.message));
    socket.setTimeout(timeoutMs, () => done(`no response within ${timeoutMs} ms`));
  });
}

/** The request id a case sent, when it sent exactly one well-formed id (the server must keep it). */
export function sentRequestId(c: FuzzCase): string | undefined {
  const ids = c.headers.filter(([k]) => k.toLowerCase() === 'x-request-id').map(([, v]) => v);
  return ids.length === 1 && REQUEST_ID.test(ids[0]!) ? ids[0] : undefined;
}

/**
 * Contract problems of one response (docs/errors.md): a request id on every response (the sent
 * one when well-formed), JSON bodies, and on every status >= 400 the body
 * `{success: false, error: <snake_case>, message}`; never a stack trace or an HTML page.
 * 5xx statuses are reported separately by the caller.
 */
export function contractProblems(c: FuzzCase, r: FuzzResult): string[] {
  if (r.transportError) return [`no response: ${r.transportError}`];
  const problems: string[] = [];
  if (c.expectStatus !== undefined && r.status !== c.expectStatus && r.status < 500)
    problems.push(`status ${r.status} where docs/errors.md's order of checks gives ${c.expectStatus} (${c.category})`);
  const id = r.headers['x-request-id'];
  if (typeof id !== 'string' || !REQUEST_ID.test(id)) problems.push(`X-Request-Id missing or malformed (${JSON.stringify(id)})`);
  else {
    const sent = sentRequestId(c);
    if (sent !== undefined && id !== sent) problems.push('X-Request-Id not kept although the sent one was well-formed');
  }
  const bodyless = c.method === 'HEAD' || r.status === 204 || r.status === 304;
  if (bodyless) return problems;
  if (/\n\s+at .+:\d+:\d+/.test(r.text)) problems.push('body contains a stack trace');
  if (/<html|<!doctype/i.test(r.text)) problems.push('body is an HTML page');
  if (r.status < 400 && c.nonJsonSuccess) return problems;
  const type = String(r.headers['content-type'] ?? '');
  if (!/^application\/([a-z.+-]+\+)?json\b/i.test(type)) problems.push(`Content-Type is not JSON (${JSON.stringify(type)})`);
  let body: unknown;
  try {
    body = JSON.parse(r.text);
  } catch {
    problems.push(`body is not JSON (${JSON.stringify(r.text.slice(0, 80))})`);
    return problems;
  }
  if (r.status >= 400) {
    const b = (body ?? {}) as Record<string, unknown>;
    if (b.success !== false) problems.push('error body lacks success: false');
    if (typeof b.error !== 'string' || !ERROR_CODE.test(b.error))
      problems.push(`error body's error is not a snake_case code (${JSON.stringify(b.error)})`);
    if (typeof b.message !== 'string' || b.message === '') problems.push('error body lacks a message');
  }
  return problems;
}

/** Runs `fn` over `items` with at most `concurrency` in flight, in order of start. */
export async function runPool<T, R>(items: T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}
