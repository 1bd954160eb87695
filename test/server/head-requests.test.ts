import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { indexSnapshots, profile, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const MISSING = '7f0c5d2e-3f7a-4c1b-9a57-1d2e3f4a5b6c';

const ledgerRows = (app: TestApp): number => (app.services.db.prepare('SELECT count(*) AS n FROM usage_ledger').get() as { n: number }).n;

/**
 * The headers a HEAD must share with its GET. The request id and the credit figures differ by
 * design, and fetch asks to close the connection after a HEAD, so `Connection` and `Keep-Alive` differ too.
 */
const VARYING = new Set([
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'x-service-credits-used',
  'x-service-credits-remaining',
  'x-service-credits-reset-at',
]);
const comparable = (headers: Headers): Record<string, string> => Object.fromEntries([...headers].filter(([name]) => !VARYING.has(name)));

test('HEAD on a billed GET route is free: no charge, no ledger row, same status and headers as GET, no body', async () => {
  const app = await startTestApp();
  try {
    const person = profile(1, { display_name: 'Ada Lovelace' });
    await indexSnapshots(app, [writeSnapshot(app.dataDir, 'profiles.jsonl', [person])]);
    const { apiKey } = app.account({ scopes: ['profiles-read'] });
    const first = await app.call('HEAD', `/api/v1/profiles/${person.id}/text`, { key: apiKey });
    assert.is(first.status, 200);
    assert.is(first.headers.get('x-service-credits-used'), '0', 'HEAD is not charged');

    for (const path of [
      `/api/v1/profiles/${person.id}/text?mode=full`,
      `/api/v1/profiles/${person.id}`,
      `/api/v1/profiles/${MISSING}/text`,
    ]) {
      const before = ledgerRows(app);
      const head = await app.call('HEAD', path, { key: apiKey });
      assert.is(head.text, '', `${path}: no body`);
      assert.is(ledgerRows(app), before, `${path}: HEAD leaves no ledger row`);

      const get = await app.call('GET', path, { key: apiKey });
      assert.is(head.status, get.status, path);
      assert.equal(comparable(head.headers), comparable(get.headers), path);
    }
  } finally {
    await app.close();
  }
});

test('HEAD runs the same checks as GET: no key is 401, a missing scope 403', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account({ scopes: ['search'] });
    assert.is((await app.call('HEAD', `/api/v1/profiles/${MISSING}`)).status, 401);
    const refused = await app.call('HEAD', `/api/v1/profiles/${MISSING}`, { key: apiKey });
    assert.is(refused.status, 403);
    assert.is(refused.headers.get('x-service-credits-tier'), 'pro');
  } finally {
    await app.close();
  }
});

test.run();
