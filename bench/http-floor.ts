/**
 * The floor under every HTTP figure of the people benchmark, measured with the same client
 * (undici's request API, one kept-alive connection, one request at a time, time to the parsed
 * body):
 * - `bare_node`: a bare `node:http` server in a child process that reads and parses the JSON
 *   body and answers a fixed JSON body of `body_bytes`, with no framework, authentication,
 *   metering, logging or search. No Node server on this machine answers faster.
 * - `app_healthz`: `GET /healthz` on the real app (Koa, request id, logging; no authentication).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { type Latency, percentiles } from './search-mix.js';

export interface HttpFloor {
  /** Size of the bare server's answer (a 10-row people page is 1-4 KB). */
  body_bytes: number;
  bare_node: Latency;
  app_healthz: Latency;
}

const REQUEST = JSON.stringify({ description: 'software engineers in boston', network_filter_mode: 'ignore', limit: 10 });

/** Times `samples` sequential requests after `warmup` untimed ones. */
async function sequential(url: string, samples: number, warmup: number, send: (pool: Pool) => Promise<unknown>): Promise<Latency> {
  const pool = new Pool(url, { connections: 1 });
  try {
    const times: number[] = [];
    for (let i = 0; i < warmup + samples; i++) {
      const t0 = performance.now();
      await send(pool);
      if (i >= warmup) times.push(performance.now() - t0);
    }
    return percentiles(times);
  } finally {
    await pool.close();
  }
}

async function json(pool: Pool, opts: Parameters<Pool['request']>[0]): Promise<unknown> {
  const res = await pool.request(opts);
  const body = await res.body.json();
  if (res.statusCode !== 200) throw new Error(`${opts.path} answered ${res.statusCode}`);
  return body;
}

/** Measures both floors; `appUrl` is the running app of the benchmark. */
export async function measureHttpFloor(appUrl: string, bodyBytes = 4096, samples = 2000): Promise<HttpFloor> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve', String(bodyBytes)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the bare HTTP server exited early (${code})`)));
      createInterface({ input: child.stdout! }).once('line', resolve);
    });
    const warmup = Math.min(500, samples);
    const bare = await sequential(`http://127.0.0.1:${port}`, samples, warmup, (pool) =>
      json(pool, { method: 'POST', path: '/', headers: { 'content-type': 'application/json' }, body: REQUEST }),
    );
    const healthz = await sequential(appUrl, samples, warmup, (pool) => json(pool, { method: 'GET', path: '/healthz' }));
    return { body_bytes: bodyBytes, bare_node: bare, app_healthz: healthz };
  } finally {
    child.removeAllListeners('exit');
    child.kill();
  }
}

/** The child: a bare server answering every request with the same JSON body. */
function serve(bodyBytes: number): void {
  const body = JSON.stringify({ users: [], pad: 'x'.repeat(Math.max(0, bodyBytes - 21)) }); // 21: the rest of the object
  const server = http.createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => {
      JSON.parse(data || '{}');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === 'serve') {
  serve(Number(process.argv[3]));
}
