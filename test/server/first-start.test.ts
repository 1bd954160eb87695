import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/config.js';
import { serve } from '../../server/main.js';

test('first start creates a pro demo owner with every scope, prints and saves its key; restarts reuse it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-start-'));
  const config = loadConfig({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent' });
  try {
    let printed = '';
    const first = await serve(config, (t) => (printed += t));
    const key = fs.readFileSync(path.join(dir, 'demo-api-key'), 'utf8').trim();
    assert.ok(printed.includes(key), 'the key is printed');
    assert.match(printed, /curl -s http:\/\/127\.0\.0\.1:\d+\/api\/v1\/credits\/status -H "X-API-Key: prx_/);
    assert.is((fs.statSync(path.join(dir, 'demo-api-key')).mode & 0o777).toString(8), '600');
    const { port } = first.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/credits`, { headers: { 'X-API-Key': key } });
    const body = (await res.json()) as { account_credit_pool: { tier: string }; current_api_key: { scopes: string[] } };
    assert.is(res.status, 200);
    assert.is(body.account_credit_pool.tier, 'pro');
    assert.is(body.current_api_key.scopes.length, 13);
    await first.close();

    let again = '';
    const second = await serve(config, (t) => (again += t));
    assert.ok(again.includes(key), 'a restart prints the same key');
    assert.not.match(again, /Created a demo account/);
    assert.is(second.services.users.count(), 1);
    await second.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
