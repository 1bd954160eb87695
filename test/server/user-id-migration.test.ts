/**
 * Migration 8 (one user namespace) on a store written by version 7, and UserStore.adoptPerson:
 * an account linked to a corpus person takes the person's id everywhere it was referred to.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Db, migrate, openStore } from '../../server/store/database.js';
import { MIGRATIONS } from '../../server/store/migrations/index.js';
import { UserStore } from '../../server/store/users.js';

const OLD = '11111111-1111-4111-8111-111111111111';
const PERSON = '22222222-2222-4222-8222-222222222222';
const SECOND = '33333333-3333-4333-8333-333333333333';
const SOLO = '44444444-4444-4444-8444-444444444444';
const HOUR = 3_600_000;

function storeAt(version: number): { db: Db; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-ids-'));
  return {
    db: openStore(
      dir,
      MIGRATIONS.filter((m) => m.version <= version),
    ),
    dir,
  };
}

const count = (db: Db, sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n;

test('version 8 gives a linked account its person id in every table, and its usage follows it', () => {
  const { db, dir } = storeAt(7);
  try {
    const insertUser = db.prepare('INSERT INTO users (user_id, email, name, tier, profile_id, created_at) VALUES (?, ?, ?, ?, ?, ?)');
    insertUser.run(OLD, 'a@example.com', 'Ada', 'pro', PERSON, 1);
    insertUser.run(SECOND, null, 'Also Ada', 'free', PERSON, 2); // a second account linked to the same person
    insertUser.run(SOLO, null, 'Solo', 'free', null, 3);
    db.prepare(
      "INSERT INTO api_keys (key_id, user_id, name, key_prefix, key_hash, scopes, created_at) VALUES ('k1', ?, 'k', 'prx_abc', x'00', 'search', 1)",
    ).run(OLD);
    db.prepare('INSERT INTO delegate_grants (owner_user_id, delegate_user_id, created_at) VALUES (?, ?, 1)').run(OLD, SOLO);
    db.prepare('INSERT INTO delegate_grants (owner_user_id, delegate_user_id, created_at) VALUES (?, ?, 1)').run(SOLO, OLD);
    const ledger = db.prepare(
      "INSERT INTO usage_ledger (owner_user_id, key_id, acting_user_id, operation, quantity, amount_micro, created_at) VALUES (?, 'k1', ?, 'search', 1, ?, ?)",
    );
    ledger.run(OLD, OLD, 5_000, HOUR);
    ledger.run(OLD, SOLO, 7_000, 2 * HOUR);
    db.prepare(
      "INSERT INTO people_searches (search_id, owner_user_id, acting_user_id, route, request_json, response_json, created_at) VALUES ('s1', ?, ?, 'search', '{}', '{}', 1)",
    ).run(OLD, OLD);
    db.prepare("INSERT INTO cohorts (cohort_ref, owner_user_id, query_json, size, created_at) VALUES ('c1', ?, '{}', 1, 1)").run(OLD);
    db.prepare('INSERT INTO enriched_profiles (owner_user_id, profile_id, enriched_at) VALUES (?, ?, 1)').run(OLD, SECOND);
    db.prepare(
      "INSERT INTO search_activities (activity_id, owner_user_id, acting_user_id, kind, query_json, result_ids, created_at) VALUES ('a1', ?, ?, 'companies', '{}', '[]', 1)",
    ).run(OLD, OLD);

    migrate(db, MIGRATIONS);

    const users = new UserStore(db);
    assert.is(users.get(OLD), null, 'the old id is gone');
    const ada = users.get(PERSON)!;
    assert.equal([ada.name, ada.email, ada.tier, ada.corpusPerson], ['Ada', 'a@example.com', 'pro', true]);
    const second = users.get(SECOND)!;
    assert.not.ok(second.corpusPerson, 'the later account linked to the same person keeps its own id, unlinked');
    assert.not.ok(users.get(SOLO)!.corpusPerson);

    assert.is(count(db, 'SELECT count(*) AS n FROM api_keys WHERE user_id = ?', PERSON), 1);
    assert.is(count(db, 'SELECT count(*) AS n FROM delegate_grants WHERE owner_user_id = ? AND delegate_user_id = ?', PERSON, SOLO), 1);
    assert.is(count(db, 'SELECT count(*) AS n FROM delegate_grants WHERE owner_user_id = ? AND delegate_user_id = ?', SOLO, PERSON), 1);
    assert.is(count(db, 'SELECT count(*) AS n FROM usage_ledger WHERE owner_user_id = ?', PERSON), 2);
    assert.is(count(db, 'SELECT count(*) AS n FROM usage_ledger WHERE acting_user_id = ?', PERSON), 1);
    assert.is(count(db, 'SELECT coalesce(sum(amount_micro), 0) AS n FROM usage_buckets WHERE owner_user_id = ?', PERSON), 12_000);
    assert.is(count(db, 'SELECT count(*) AS n FROM usage_buckets WHERE owner_user_id = ?', OLD), 0);
    assert.is(count(db, 'SELECT count(*) AS n FROM people_searches WHERE owner_user_id = ? AND acting_user_id = ?', PERSON, PERSON), 1);
    assert.is(count(db, 'SELECT count(*) AS n FROM cohorts WHERE owner_user_id = ?', PERSON), 1);
    assert.is(count(db, 'SELECT count(*) AS n FROM enriched_profiles WHERE owner_user_id = ?', PERSON), 1);
    assert.is(count(db, 'SELECT count(*) AS n FROM search_activities WHERE owner_user_id = ?', PERSON), 1);
    for (const [table, column] of [
      ['api_keys', 'user_id'],
      ['usage_ledger', 'owner_user_id'],
      ['usage_ledger', 'acting_user_id'],
      ['people_searches', 'owner_user_id'],
    ] as const)
      assert.is(count(db, `SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, OLD), 0, `${table}.${column}`);
    assert.equal(db.pragma('foreign_key_check'), []);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('adoptPerson renames an account-only user to a corpus person, keys and usage included', () => {
  const { db, dir } = storeAt(MIGRATIONS.length);
  try {
    const users = new UserStore(db);
    const solo = users.create({ tier: 'pro', name: null, now: 1 });
    const other = users.create({ tier: 'pro', name: 'Other', now: 1 });
    db.prepare(
      "INSERT INTO api_keys (key_id, user_id, name, key_prefix, key_hash, scopes, created_at) VALUES ('k1', ?, 'k', 'prx_abc', x'00', 'search', 1)",
    ).run(solo.userId);
    db.prepare('INSERT INTO delegate_grants (owner_user_id, delegate_user_id, created_at) VALUES (?, ?, 1)').run(solo.userId, other.userId);
    db.prepare(
      "INSERT INTO usage_ledger (owner_user_id, key_id, acting_user_id, operation, quantity, amount_micro, created_at) VALUES (?, 'k1', ?, 'search', 1, 3000, 5)",
    ).run(solo.userId, solo.userId);

    const adopted = users.adoptPerson(solo.userId, PERSON, 'Persona');
    assert.equal([adopted.userId, adopted.name, adopted.corpusPerson], [PERSON, 'Persona', true]);
    assert.is(users.get(solo.userId), null);
    assert.is(count(db, 'SELECT count(*) AS n FROM api_keys WHERE user_id = ?', PERSON), 1);
    assert.is(count(db, 'SELECT count(*) AS n FROM delegate_grants WHERE owner_user_id = ?', PERSON), 1);
    assert.is(count(db, 'SELECT coalesce(sum(amount_micro), 0) AS n FROM usage_buckets WHERE owner_user_id = ?', PERSON), 3000);
    assert.equal(db.pragma('foreign_key_check'), []);

    assert.throws(() => users.adoptPerson(PERSON, SECOND, null), /already a corpus person/);
    assert.throws(() => users.adoptPerson(other.userId, PERSON, null), /already has id/);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
