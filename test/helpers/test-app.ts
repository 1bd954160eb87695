import fs from 'node:fs';
import type { Server } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type AppOptions, createApp } from '../../server/app.js';
import { SCOPES, type Scope } from '../../server/auth/scopes.js';
import { buildServices, closeServices } from '../../server/build-services.js';
import { createAccount } from '../../server/commands/create-account.js';
import { createApiKey } from '../../server/commands/create-api-key.js';
import { loadConfig } from '../../server/config.js';
import { listen } from '../../server/http/listen.js';
import type { RouteDef } from '../../server/http/route.js';
import { createLogger } from '../../server/logger.js';
import { loadSigningKeys } from '../../server/oauth/signing-keys.js';
import type { Services } from '../../server/services.js';
import type { Tier } from '../../server/store/users.js';

/** A controllable clock: starts at a fixed instant, moves only when told. */
export class TestClock {
  constructor(public ms = Date.parse('2026-06-01T12:00:00Z')) {}
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface TestApp {
  url: string;
  services: Services;
  clock: TestClock;
  dataDir: string;
  /** Every log line written so far, parsed. */
  logs: Record<string, unknown>[];
  /** Creates an owner with a key; returns both. */
  /** An account with a key; with `personId` the account is that corpus person (its user id is the person's id). */
  account(opts?: { tier?: Tier; scopes?: Scope[] | 'all'; personId?: string; name?: string }): {
    userId: string;
    apiKey: string;
    keyId: string;
  };
  /** `fetch` against the app with an optional key and JSON body. */
  call(method: string, path: string, opts?: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

let signingKey: object | null = null;
/** An RS256 private JWK made once per process, in the shape server/oauth/signing-keys.ts stores. */
function sharedSigningKey(): object {
  if (!signingKey) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-key-'));
    loadSigningKeys(dir);
    signingKey = JSON.parse(fs.readFileSync(path.join(dir, 'oauth', 'signing-key.json'), 'utf8')) as object;
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return signingKey;
}

/** A TCP port free on loopback right now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Builds the real app on a fresh temporary data directory and listens on a free port. */
export async function startTestApp(
  opts: { extraRoutes?: RouteDef[]; env?: Record<string, string>; mutate?: (s: Services) => void; oauth?: AppOptions['oauth'] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-test-'));
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const clock = new TestClock();
  // One OAuth signing key per test process: generating an RSA key for every app is slow.
  fs.mkdirSync(path.join(dataDir, 'oauth'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'oauth', 'signing-key.json'), JSON.stringify(sharedSigningKey()), { mode: 0o600 });
  // The port is chosen first so BASE_URL (the OAuth issuer and the connector's audience) is the real address.
  const port = await freePort();
  // Tests deliver webhooks to receivers on this host (WEBHOOK_ADDRESSES=any); a test of the
  // public-only default sets it back. The same for the request rate limit.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    BASE_URL: `http://127.0.0.1:${port}`,
    WEBHOOK_ADDRESSES: 'any',
    // Tests send requests as fast as the loop allows; the test of the limit sets one.
    RATE_LIMIT_PER_SECOND: '0',
    ...opts.env,
  });
  const services = buildServices(config, { clock: clock.now, logger: createLogger('info', sink) });
  opts.mutate?.(services);
  const app = createApp(services, { validateResponses: true, extraRoutes: opts.extraRoutes, oauth: opts.oauth });
  const server: Server = await listen(app, port, '127.0.0.1', services.logger, config.requestTimeoutMs);
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    services,
    clock,
    dataDir,
    logs,
    account({ tier = 'pro', scopes = 'all', personId, name } = {}) {
      const user = createAccount(services, { tier, personId, name });
      const { apiKey, record } = createApiKey(services, { userId: user.userId, scopes: scopes === 'all' ? [...SCOPES] : scopes });
      return { userId: user.userId, apiKey, keyId: record.keyId };
    },
    async call(method, p, { key, body, headers = {} } = {}) {
      const res = await fetch(url + p, {
        method,
        headers: {
          ...(key ? { 'X-API-Key': key } : {}),
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = {};
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeServices(services);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
