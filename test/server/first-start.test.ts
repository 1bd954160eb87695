import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/config.js';
import { serve } from '../../server/main.js';
import { GraphStore } from '../../server/store/graph.js';

test('first start builds the sample corpus, makes the demo owner a well-connected person in it, prints and saves the key; restarts reuse both without printing the key', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-start-'));
  const config = loadConfig({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', SAMPLE_PROFILES: '400' });
  try {
    let printed = '';
    const first = await serve(config, (t) => (printed += t));
    const key = fs.readFileSync(path.join(dir, 'demo-api-key'), 'utf8').trim();
    assert.ok(printed.includes(key), 'the key is printed');
    assert.match(printed, /curl -s http:\/\/127\.0\.0\.1:\d+\/api\/v1\/credits\/status -H "X-API-Key: \$\(cat '.*demo-api-key'\)"/);
    assert.is((fs.statSync(path.join(dir, 'demo-api-key')).mode & 0o777).toString(8), '600');
    const { port } = first.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/credits`, { headers: { 'X-API-Key': key } });
    const body = (await res.json()) as { account_credit_pool: { tier: string }; current_api_key: { scopes: string[] } };
    assert.is(res.status, 200);
    assert.is(body.account_credit_pool.tier, 'pro');
    assert.is(body.current_api_key.scopes.length, 13);
    assert.match(printed, /First start: building the sample corpus \(400 profiles/);

    // The demo owner is a corpus person with a network from both sources.
    const owner = first.services.users.get((body as unknown as { owner_user_id: string }).owner_user_id)!;
    assert.ok(owner.corpusPerson, 'the demo owner is a corpus person: its user id is the person id');
    const profile = await fetch(`http://127.0.0.1:${port}/api/v1/profiles/${owner.userId}`, { headers: { 'X-API-Key': key } });
    assert.is(profile.status, 200);
    assert.is(owner.name, ((await profile.json()) as { name: string }).name);
    const network = new GraphStore(first.services.db).firstDegree(owner.userId);
    assert.ok(network.size >= 150, `demo owner has ${network.size} first-degree connections`);
    const sources = new Set([...network.values()].flatMap((s) => [...s]));
    assert.equal([...sources].sort(), ['professional', 'service']);
    const secondDegree = new Set<string>();
    for (const friend of [...network.keys()].slice(0, 20))
      for (const fof of new GraphStore(first.services.db).firstDegree(friend).keys())
        if (fof !== owner.userId && !network.has(fof)) secondDegree.add(fof);
    assert.ok(secondDegree.size > 0, 'second-degree people exist through the first-degree ones');
    await first.close();

    let again = '';
    const second = await serve(config, (t) => (again += t));
    assert.not.ok(again.includes(key), 'a restart does not print the key again');
    assert.ok(again.includes(key.slice(0, key.lastIndexOf('_'))), 'it names the key by its prefix');
    assert.not.match(again, /Created a demo account/);
    assert.not.match(again, /building the sample corpus/);
    assert.is(second.services.users.count(), 1);
    await second.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
