/**
 * `npm run bench -- --communications`: the communications dispatcher under a burst, over HTTP
 * against the real app in a child process. One sender queues N live direct messages (to N
 * distinct members, 16 requests in flight), each with a webhook to a local receiver. Measured:
 * create latency (p50/p95/p99), the rate at which sends reach `completed`, the time until every
 * webhook delivery arrived, and `/healthz` latency during the burst (the event loop stays free).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';
import { createApp } from '../server/app.js';
import { buildServices, closeServices } from '../server/build-services.js';
import { createAccount } from '../server/commands/create-account.js';
import { createApiKey } from '../server/commands/create-api-key.js';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';

const CHILD_ENV = { DAILY_CAP_SERVICE_DIRECT_MESSAGE: '1000000', LOG_LEVEL: 'silent' };

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};

export interface CommunicationsBenchResult {
  sends: number;
  concurrency: number;
  create_ms: { p50: number; p95: number; p99: number };
  queued_per_second: number;
  completed_per_second: number;
  all_completed_after_s: number;
  webhooks: { events: number; all_delivered_after_s: number };
  healthz_during_burst_ms: { p50: number; p95: number; max: number };
}

/** Runs the benchmark in a fresh data directory. */
export async function benchCommunications(sends = 2000, concurrency = 16): Promise<CommunicationsBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-comms-bench-'));
  const services = buildServices(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SAMPLE_PROFILES: '0' }), {
    logger: createLogger('silent'),
  });
  const sender = createAccount(services, { tier: 'team', name: 'Bench Sender' });
  const key = createApiKey(services, { userId: sender.userId, scopes: ['communications'] }).apiKey;
  const recipients = Array.from({ length: sends }, (_, i) => createAccount(services, { tier: 'free', name: `Recipient ${i}` }).userId);
  await closeServices(services);

  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []),
      '--import',
      'tsx',
      new URL(import.meta.url).pathname,
      'serve',
      dir,
    ],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, ...CHILD_ENV },
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited early (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const url = `http://127.0.0.1:${port}`;
  const pool = new Pool(url, { connections: concurrency });
  const health = new Pool(url, { connections: 1 });
  try {
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const createMs: number[] = [];
    const healthMs: number[] = [];
    let burst = true;
    const probe = (async () => {
      while (burst) {
        const t = performance.now();
        const r = await health.request({ method: 'GET', path: '/healthz' });
        await r.body.dump();
        healthMs.push(performance.now() - t);
        await new Promise((r2) => setTimeout(r2, 20));
      }
    })();
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < sends) {
          const i = next++;
          const body = JSON.stringify({
            channel: 'service_direct_message',
            target_user_id: recipients[i],
            message: `Hello ${i}, this is a benchmark message.`,
            dry_run: false,
            webhook_url: hook,
            webhook_secret: 'bench-webhook-secret-0123',
          });
          const t = performance.now();
          const r = await pool.request({ method: 'POST', path: '/api/v1/communications', headers, body });
          const text = await r.body.text();
          if (r.statusCode !== 200) throw new Error(`create answered ${r.statusCode}: ${text}`);
          createMs.push(performance.now() - t);
        }
      }),
    );
    const queuedS = (performance.now() - t0) / 1000;
    let completedAt = 0;
    for (;;) {
      const r = await pool.request({ method: 'GET', path: '/api/v1/communications?status=completed&limit=1', headers });
      const { total } = (await r.body.json()) as { total: number };
      if (total >= sends) {
        completedAt = (performance.now() - t0) / 1000;
        break;
      }
      await new Promise((r2) => setTimeout(r2, 100));
    }
    burst = false;
    await probe;
    // Each send has four events (created, queued, dispatch_started, completed), each one webhook.
    const events = sends * 4;
    while (received < events) await new Promise((r2) => setTimeout(r2, 50));
    const deliveredAt = (performance.now() - t0) / 1000;
    return {
      sends,
      concurrency,
      create_ms: { p50: pct(createMs, 50), p95: pct(createMs, 95), p99: pct(createMs, 99) },
      queued_per_second: Math.round(sends / queuedS),
      completed_per_second: Math.round(sends / completedAt),
      all_completed_after_s: Math.round(completedAt * 10) / 10,
      webhooks: { events, all_delivered_after_s: Math.round(deliveredAt * 10) / 10 },
      healthz_during_burst_ms: { p50: pct(healthMs, 50), p95: pct(healthMs, 95), max: Math.round(Math.max(...healthMs) * 10) / 10 },
    };
  } finally {
    await pool.close();
    await health.close();
    child.stdin!.end();
    await new Promise((r) => child.once('exit', r));
    receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The child: the real app over the data directory; stops when stdin closes. */
async function serve(dataDir: string): Promise<void> {
  const services = buildServices(
    loadConfig({ WEBHOOK_ADDRESSES: 'any', RATE_LIMIT_PER_SECOND: '0', ...process.env, DATA_DIR: dataDir, PORT: '0' }),
    {
      logger: createLogger('silent'),
    },
  );
  const app = createApp(services);
  const server = app.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
  });
  process.stdin.resume();
  process.stdin.on('end', () => {
    server.close();
    server.closeAllConnections();
    void closeServices(services).then(() => process.exit(0));
  });
}

if (process.argv[2] === 'serve') await serve(process.argv[3] as string);
