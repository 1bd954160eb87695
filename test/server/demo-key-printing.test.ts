import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseApiKey } from '../../server/auth/api-key.js';
import { loadConfig } from '../../server/config.js';
import { serve } from '../../server/main.js';

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

test('the demo key is printed in full once, when created; later starts print only its prefix and file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-demo-key-'));
  const config = loadConfig({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', SAMPLE_PROFILES: '0' });
  const keyFile = path.join(dir, 'demo-api-key');
  try {
    let first = '';
    await (await serve(config, (t) => (first += t))).close();
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    const secret = key.slice(key.lastIndexOf('_') + 1);
    assert.is(occurrences(first, key), 1, 'the first start prints the key exactly once');
    assert.match(first, /Created a demo account/);

    let later = '';
    const again = await serve(config, (t) => (later += t));
    try {
      assert.not.ok(later.includes(secret), 'a later start never prints the secret');
      assert.ok(later.includes(parseApiKey(key)!.keyPrefix), 'it names the key by its public prefix');
      assert.ok(later.includes(keyFile), 'and says where the key is saved');
      assert.match(later, /curl -s http:\/\/127\.0\.0\.1:\d+\/api\/v1\/credits\/status -H "X-API-Key: \$\(cat /);
      const { port } = again.server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/credits/status`, { headers: { 'X-API-Key': key } });
      assert.is(res.status, 200, 'the saved key still works');
    } finally {
      await again.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
