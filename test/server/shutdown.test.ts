/**
 * Shutdown finishes or aborts in-flight work within the grace period: a request busy in the
 * search engine cannot hold the process, and SIGTERM reaches the server (the event loop is free).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../server/app.js';
import { buildServices, closeServices } from '../../server/build-services.js';
import { loadConfig } from '../../server/config.js';
import { listen } from '../../server/http/listen.js';
import { defineRoute } from '../../server/http/route.js';
import { createLogger } from '../../server/logger.js';
import { shutdown } from '../../server/shutdown.js';
import { buildSlowIndex, SLOW_BODY } from '../helpers/slow-index.js';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

test('shutdown interrupts search work still running after the grace period', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-shutdown-'));
  const services = buildServices(loadConfig({ DATA_DIR: dataDir, SEARCH_TIMEOUT_MS: '600000', LOG_LEVEL: 'silent' }), {
    logger: createLogger('silent'),
  });
  await buildSlowIndex(services.engine, 'people', 4000);
  // A request that would search for a long time: one slow search after another.
  const busy = defineRoute({
    method: 'POST',
    path: '/test/busy',
    summary: 'busy',
    tag: 'test',
    auth: 'none',
    response: { type: 'object' },
    async handler({ services: s }) {
      for (let i = 0; i < 200; i++) await s.engine.search('people', SLOW_BODY);
      return { success: true };
    },
  });
  const server = await listen(
    createApp(services, { extraRoutes: [busy] }),
    0,
    '127.0.0.1',
    services.logger,
    services.config.requestTimeoutMs,
  );
  const { port } = server.address() as { port: number };
  const request = fetch(`http://127.0.0.1:${port}/test/busy`, { method: 'POST' }).then(
    (res) => res.status,
    () => 'connection closed',
  );
  await services.engine.search('people', { size: 0 }); // the workers are up
  await new Promise((r) => setTimeout(r, 300)); // the request is searching
  const started = performance.now();
  await shutdown(server, services, 100);
  const took = performance.now() - started;
  const outcome = await request;
  // 200 slow searches take minutes; shutdown must not wait for them.
  assert.ok(took < 5000, `shutdown took ${took.toFixed(0)} ms`);
  assert.ok(outcome === 'connection closed' || (typeof outcome === 'number' && outcome >= 500), `request ended with ${outcome}`);
  // The interruption ends that engine's work only: another engine in the same process searches as usual.
  const next = buildServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: createLogger('silent') });
  try {
    // A search that takes a while: with the interruption leaking, it would be cut at once.
    const found = await next.engine.search('people', SLOW_BODY);
    assert.ok(Array.isArray(found.hits));
  } finally {
    await closeServices(next);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('proxima serve stops on SIGTERM', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-sigterm-'));
  const child = spawn(path.join(ROOT, 'bin', 'proxima'), ['serve'], {
    env: {
      ...process.env,
      PROXIMA_SOURCE: '1',
      DATA_DIR: dataDir,
      PORT: '0',
      SAMPLE_PROFILES: '0',
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve exited early (${code})`)));
    lines.on('line', (line) => {
      if (line.startsWith('Proxima is listening')) resolve();
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))]);
  if (code === 'hung') child.kill('SIGKILL');
  assert.is(code, 0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test.run();
