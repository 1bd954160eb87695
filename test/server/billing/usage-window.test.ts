import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { faker } from '@faker-js/faker';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrate, openStore } from '../../../server/store/database.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { UsageLedger } from '../../../server/store/usage-ledger.js';
import { UserStore } from '../../../server/store/users.js';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-06-01T00:00:00Z');

/** The window by brute force over the ledger, as it was computed before the buckets. */
function scan(db: ReturnType<typeof openStore>, owner: string, since: number) {
  const row = db
    .prepare(
      `SELECT coalesce(sum(amount_micro), 0) AS used, min(created_at) AS oldest
       FROM usage_ledger WHERE owner_user_id = ? AND created_at > ? AND amount_micro > 0`,
    )
    .get(owner, since) as { used: number; oldest: number | null };
  return { usedMicro: row.used, oldestAt: row.oldest };
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-window-'));
}

test('the bucketed window equals a full scan through inserts, settles, releases, pending holds and zero charges', () => {
  const dir = tempDir();
  const db = openStore(dir);
  try {
    faker.seed(7);
    const users = new UserStore(db);
    const owners = [users.create({ tier: 'pro', now: T0 }).userId, users.create({ tier: 'pro', now: T0 }).userId];
    const ledger = new UsageLedger(db);
    // Pending holds of two processes count like final charges until committed or released.
    const ids: { id: number; owner: string; holder: string | null }[] = [];
    for (let i = 0; i < 1500; i++) {
      const owner = faker.helpers.arrayElement(owners);
      const op = faker.number.int({ min: 0, max: 11 });
      if (op < 6 || ids.length === 0) {
        // Times cluster on hour edges so that boundary hours hold several rows.
        const hour = faker.number.int({ min: 0, max: 24 * 40 });
        const offset = faker.helpers.arrayElement([0, 1, HOUR - 1, faker.number.int({ min: 0, max: HOUR - 1 })]);
        const amount = faker.helpers.arrayElement([0, 10_000, 100_000, 250_000]);
        const holder = faker.helpers.arrayElement([null, null, 'h1', 'h2']);
        const id = ledger.insert({
          ownerUserId: owner,
          keyId: null,
          actingUserId: owner,
          operation: 'people_search',
          quantity: 1,
          amountMicro: amount,
          requestId: null,
          createdAt: T0 + hour * HOUR + offset,
          pendingHolder: holder,
        });
        ids.push({ id, owner, holder });
      } else if (op < 9) {
        const row = faker.helpers.arrayElement(ids);
        ledger.setAmount(row.id, 1, faker.helpers.arrayElement([0, 50_000, 100_000]));
      } else if (op === 9) {
        const index = faker.number.int({ min: 0, max: ids.length - 1 });
        ledger.delete(ids[index]!.id);
        ids.splice(index, 1);
      } else if (op === 10) {
        const row = faker.helpers.arrayElement(ids);
        ledger.finalize(row.id);
        row.holder = null;
      } else {
        // A process ended: every pending hold of its holder is released at once.
        const holder = faker.helpers.arrayElement(['h1', 'h2']);
        assert.is(ledger.deletePending(holder), ids.filter((r) => r.holder === holder).length);
        ids.splice(0, ids.length, ...ids.filter((r) => r.holder !== holder));
      }
      if (i % 50 === 0) {
        for (const o of owners) {
          for (const since of [T0 - 1, T0 + 3 * HOUR, T0 + 3 * HOUR - 1, T0 + 10 * HOUR + 1234, T0 + 30 * 24 * HOUR + 17]) {
            assert.equal(ledger.window(o, since), scan(db, o, since), `owner ${o} since ${since} after ${i} operations`);
          }
        }
      }
    }
    const bucketed = db.prepare('SELECT count(*) AS n FROM usage_buckets').get() as { n: number };
    assert.ok(bucketed.n > 100, 'the buckets are really used');
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the migration fills the buckets from a ledger written before it', () => {
  const dir = tempDir();
  const db = openStore(
    dir,
    MIGRATIONS.filter((m) => m.version < 5),
  );
  try {
    // The store is at version 4: the user row as that version wrote it.
    const owner = '6b3e2f10-7c4d-4e8a-9f21-0a1b2c3d4e5f';
    db.prepare("INSERT INTO users (user_id, tier, created_at) VALUES (?, 'pro', ?)").run(owner, T0);
    const insert = db.prepare(
      `INSERT INTO usage_ledger (owner_user_id, acting_user_id, operation, quantity, amount_micro, created_at)
       VALUES (?, ?, 'people_search', 1, ?, ?)`,
    );
    for (let i = 0; i < 200; i++) insert.run(owner, owner, (i % 3) * 100_000, T0 + i * 997_331);
    const before = [T0, T0 + 17 * HOUR + 5, T0 + 40 * HOUR].map((since) => scan(db, owner, since));
    assert.equal(
      migrate(db, MIGRATIONS),
      MIGRATIONS.filter((m) => m.version >= 5).map((m) => m.version),
    );
    const ledger = new UsageLedger(db);
    assert.equal(
      [T0, T0 + 17 * HOUR + 5, T0 + 40 * HOUR].map((since) => ledger.window(owner, since)),
      before,
    );
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
