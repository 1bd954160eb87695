import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CreditService } from '../../../server/billing/credits.js';
import { openStore } from '../../../server/store/database.js';
import { UserStore } from '../../../server/store/users.js';

const NOW = Date.parse('2026-06-01T00:00:00Z');

function freshStore() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-credits-'));
  const db = openStore(dataDir);
  const owner = new UserStore(db).create({ tier: 'free', now: NOW });
  return {
    dataDir,
    db,
    owner,
    credits: new CreditService(db),
    cleanup: () => {
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test('reserve, settle and release keep integer micro-credits', () => {
  const s = freshStore();
  try {
    const base = {
      ownerUserId: s.owner.userId,
      tier: 'free' as const,
      keyId: null,
      actingUserId: s.owner.userId,
      requestId: null,
      now: NOW,
    };
    const hold = s.credits.reserve({ ...base, operation: 'people_enrich', quantity: 25 });
    assert.is(hold.amountMicro, 1_250_000);
    const settled = s.credits.settle(hold, 7);
    assert.is(settled.amountMicro, 350_000);
    assert.is(s.credits.settle(settled, 99).quantity, 7, 'settle never raises a hold');
    const other = s.credits.reserve({ ...base, operation: 'delegate_resolve_preview', quantity: 3 });
    assert.is(s.credits.status(s.owner.userId, 'free', NOW).usedMicro, 380_000);
    s.credits.release(other);
    assert.is(s.credits.status(s.owner.userId, 'free', NOW).usedMicro, 350_000);
    const free = s.credits.reserve({ ...base, operation: 'search_replay', quantity: 1 });
    assert.is(free.amountMicro, 0);
  } finally {
    s.cleanup();
  }
});

test('free operations pass at the ceiling; priced ones do not', () => {
  const s = freshStore();
  try {
    const base = {
      ownerUserId: s.owner.userId,
      tier: 'free' as const,
      keyId: null,
      actingUserId: s.owner.userId,
      requestId: null,
      now: NOW,
    };
    s.credits.reserve({ ...base, operation: 'people_enrich', quantity: 100 }); // exactly 5 credits
    assert.throws(
      () => s.credits.reserve({ ...base, operation: 'profile_read', quantity: 1 }),
      (e: { code: string }) => e.code === 'credits_exhausted',
    );
    assert.is(s.credits.reserve({ ...base, operation: 'communications', quantity: 1 }).amountMicro, 0);
  } finally {
    s.cleanup();
  }
});

test('separate connections charging at once never pass the ceiling', async () => {
  const s = freshStore();
  try {
    const barrier = new SharedArrayBuffer(4);
    const run = () =>
      new Promise<{ ok: number; refused: number }>((resolve, reject) => {
        const w = new Worker(new URL('../../helpers/ts-worker.mjs', import.meta.url), {
          workerData: {
            entry: new URL('./charge-worker.ts', import.meta.url).href,
            dataDir: s.dataDir,
            ownerUserId: s.owner.userId,
            attempts: 250,
            now: NOW,
            barrier,
            parties: 4,
          },
        });
        w.once('message', resolve);
        w.once('error', reject);
      });
    const results = await Promise.all([run(), run(), run(), run()]);
    const ok = results.reduce((n, r) => n + r.ok, 0);
    assert.is(ok, 500, 'exactly 5 credits / 0.01 charges succeed across all workers');
    assert.is(
      results.reduce((n, r) => n + r.refused, 0),
      500,
    );
    assert.is(s.credits.status(s.owner.userId, 'free', NOW).usedMicro, 5_000_000);
  } finally {
    s.cleanup();
  }
});

test.run();
