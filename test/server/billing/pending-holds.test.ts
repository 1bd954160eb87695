import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../../server/app.js';
import { CreditService } from '../../../server/billing/credits.js';
import { buildServices, closeServices } from '../../../server/build-services.js';
import { createAccount } from '../../../server/commands/create-account.js';
import { createApiKey } from '../../../server/commands/create-api-key.js';
import { loadConfig } from '../../../server/config.js';
import { defineRoute } from '../../../server/http/route.js';
import { createLogger } from '../../../server/logger.js';
import type { Services } from '../../../server/services.js';
import { openStore } from '../../../server/store/database.js';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const SEARCH_MICRO = 250_000;

/**
 * Billing needs no search engine: the OpenSearch adapter opens no connection until it is used,
 * so these tests stop and start the services on one data directory cheaply.
 */
const NO_ENGINE = { SEARCH_ENGINE: 'opensearch', OPENSEARCH_URL: 'http://127.0.0.1:9' };

/** Starts the services on `dataDir` the way every server and CLI command does. */
const start = (dataDir: string): Services =>
  buildServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...NO_ENGINE }), { clock: () => NOW, logger: createLogger('silent') });

const usedMicro = (s: Services, owner: string): number => s.credits.status(owner, 'free', NOW).usedMicro;

function charge(s: Services, owner: string) {
  return s.credits.reserve({
    ownerUserId: owner,
    tier: 'free',
    keyId: null,
    actingUserId: owner,
    operation: 'people_search',
    quantity: 1,
    requestId: null,
    now: NOW,
  });
}

async function inTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-holds-'));
  try {
    await fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a hold whose work never completed is released when the next server starts', () =>
  inTempDir(async (dir) => {
    const first = start(dir);
    const owner = createAccount(first, { tier: 'free' }).userId;
    charge(first, owner);
    assert.is(usedMicro(first, owner), SEARCH_MICRO, 'a pending hold counts against the balance');
    // The process ends without settling or releasing: the hold is still pending in the store.
    await closeServices(first);
    const second = start(dir);
    try {
      assert.is(usedMicro(second, owner), 0);
      assert.is(second.credits.status(owner, 'free', NOW).windowStart, null);
      assert.is((second.db.prepare('SELECT count(*) AS n FROM usage_buckets').get() as { n: number }).n, 0, 'the hourly totals follow');
    } finally {
      await closeServices(second);
    }
  }));

test('a committed charge survives restarts', () =>
  inTempDir(async (dir) => {
    const first = start(dir);
    const owner = createAccount(first, { tier: 'free' }).userId;
    first.credits.commit(first.credits.settle(charge(first, owner), 1));
    await closeServices(first);
    const second = start(dir);
    try {
      assert.is(usedMicro(second, owner), SEARCH_MICRO);
    } finally {
      await closeServices(second);
    }
  }));

test("a server starting beside a live one leaves that one's pending holds alone, and they still count", () =>
  inTempDir(async (dir) => {
    const live = start(dir);
    const owner = createAccount(live, { tier: 'free' }).userId;
    const hold = charge(live, owner);
    const other = start(dir);
    try {
      assert.is(usedMicro(other, owner), SEARCH_MICRO, 'not released: its process is alive');
      for (let i = 1; i < 20; i++) charge(other, owner); // 19 more: 5 credits in all
      assert.throws(
        () => charge(other, owner),
        (e: { code: string }) => e.code === 'credits_exhausted',
      );
      live.credits.commit(hold);
    } finally {
      await closeServices(live);
      await closeServices(other);
    }
    const after = start(dir);
    try {
      assert.is(usedMicro(after, owner), SEARCH_MICRO, "only the committed charge is left; the other server's holds never completed");
    } finally {
      await closeServices(after);
    }
  }));

/** The real app on `services`, listening on a free port. */
async function listen(services: Services, routes: ReturnType<typeof defineRoute>[]): Promise<{ url: string; server: Server }> {
  const app = createApp(services, { extraRoutes: routes });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

// Needs mount.ts to commit the hold once the response is produced (`services.credits.commit`).
test('a call that completed stays charged after the server stops', () =>
  inTempDir(async (dir) => {
    const services = start(dir);
    const owner = createAccount(services, { tier: 'free' }).userId;
    const { apiKey } = createApiKey(services, { userId: owner, scopes: ['search'] });
    const done = defineRoute({
      method: 'GET',
      path: '/test/done',
      tag: 'test',
      summary: 'A billed call that completes.',
      auth: { anyOf: ['search'] },
      billing: { operation: 'people_search' },
      response: { type: 'object' },
      handler: () => ({ ok: true }),
    });
    const { url, server } = await listen(services, [done]);
    const res = await fetch(`${url}/test/done`, { headers: { 'X-API-Key': apiKey } });
    assert.is(res.status, 200);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeServices(services);
    const after = start(dir);
    try {
      assert.is(usedMicro(after, owner), SEARCH_MICRO);
    } finally {
      await closeServices(after);
    }
  }));

/** The next line the child writes on stdout. */
function nextLine(child: ChildProcess): Promise<string> {
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before writing a line`)));
  });
}

test('kill -9 during a billed call: the charge is released when a server next starts', () =>
  inTempDir(async (dir) => {
    const child = spawn(process.execPath, ['--import', 'tsx', new URL('./crash-child.ts', import.meta.url).pathname, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const { port, apiKey, ownerUserId } = JSON.parse(await nextLine(child)) as { port: number; apiKey: string; ownerUserId: string };
      const working = nextLine(child);
      fetch(`http://127.0.0.1:${port}/test/never-finishes`, { headers: { 'X-API-Key': apiKey } }).catch(() => {});
      assert.is(await working, 'working');
      const observer = openStore(dir);
      assert.is(new CreditService(observer).status(ownerUserId, 'free', NOW).usedMicro, SEARCH_MICRO, 'held while the call runs');
      observer.close();
      child.kill('SIGKILL');
      await exited;
      const next = start(dir);
      try {
        assert.is(usedMicro(next, ownerUserId), 0);
      } finally {
        await closeServices(next);
      }
    } finally {
      child.kill('SIGKILL');
    }
  }));

test.run();
