import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { membershipQuery } from '../../query-planner/build/membership-query.js';
import { buildServices, closeServices } from '../../server/build-services.js';
import { loadConfig } from '../../server/config.js';
import { createLogger } from '../../server/logger.js';
import { type Db, migrate, openStore } from '../../server/store/database.js';
import { packIds, unpackIds } from '../../server/store/id-pack.js';
import { MIGRATIONS } from '../../server/store/migrations/index.js';
import { PeopleSearchStore } from '../../server/store/people-searches.js';
import { COHORT_IDLE_TTL_MS, purgeExpiredSearches, SEARCH_PAGE_TTL_MS } from '../../server/store/retention.js';
import { tid } from '../helpers/snapshots.js';

const T0 = Date.parse('2026-06-01T00:00:00Z');
const OWNER = 'owner-1';

function withStore(fn: (db: Db, dir: string) => void | Promise<void>, migrations = MIGRATIONS): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-cohorts-'));
  const db = openStore(dir, migrations);
  return (async () => {
    try {
      await fn(db, dir);
    } finally {
      if (db.open) db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  })();
}

/** `n` UUID-shaped ids, in order. */
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => tid(0xa0, from + i));

/** A cohort query whose membership hangs on a long id list, as a second-degree filter's does. */
const byIds = (list: string[]) => ({ bool: { filter: [{ terms: { id: list } }, { term: { 'current_title.keyword': 'cto' } }] } });

test('id lists pack to 16 bytes an id, and any other ids round-trip as text', () => {
  const uuids = ids(1000);
  assert.is(packIds(uuids).length, 1 + 16_000);
  assert.equal(unpackIds(packIds(uuids)), uuids);
  for (const odd of [['ABCDEF01-0000-4000-8000-000000000001'], ['user-7', 'ü', ''], [...uuids.slice(0, 3), 'x'], []]) {
    assert.equal(unpackIds(packIds(odd)), odd);
  }
});

test('a cohort query round-trips; its long id lists are stored once for every cohort that has them', () =>
  withStore((db) => {
    const store = new PeopleSearchStore(db);
    const list = ids(500);
    const a = store.saveCohort(OWNER, byIds(list), 500, T0);
    const b = store.saveCohort(OWNER, byIds([...list].reverse()), 500, T0);
    const short = { bool: { filter: [{ terms: { id: ids(3) } }] } };
    const c = store.saveCohort(OWNER, short, 3, T0);
    assert.equal(store.getCohort(a, OWNER, T0), byIds(list));
    assert.equal(store.getCohort(b, OWNER, T0), byIds(list), 'a terms list is a set: stored sorted');
    assert.equal(store.getCohort(c, OWNER, T0), short);
    assert.is(store.getCohort(a, 'someone-else', T0), null);
    assert.is(db.prepare('SELECT count(*) FROM cohort_id_lists').pluck().get(), 1);
    assert.ok((db.prepare('SELECT max(length(query_json)) FROM cohorts').pluck().get() as number) < 200, 'no ids in the JSON');
  }));

test('purging keeps an id list while a live cohort uses it', () =>
  withStore((db) => {
    const store = new PeopleSearchStore(db);
    const list = ids(100);
    const first = store.saveCohort(OWNER, byIds(list), 100, T0);
    const second = store.saveCohort(OWNER, byIds(list), 100, T0 + 10 * 86_400_000);
    purgeExpiredSearches(db, T0 + COHORT_IDLE_TTL_MS);
    assert.is(store.getCohort(first, OWNER, T0 + COHORT_IDLE_TTL_MS), null);
    assert.equal(store.getCohort(second, OWNER, T0 + COHORT_IDLE_TTL_MS), byIds(list));
    assert.is(db.prepare('SELECT count(*) FROM cohort_id_lists').pluck().get(), 1);
    purgeExpiredSearches(db, T0 + 3 * COHORT_IDLE_TTL_MS);
    assert.is(db.prepare('SELECT count(*) FROM cohorts').pluck().get(), 0);
    assert.is(db.prepare('SELECT count(*) FROM cohort_id_lists').pluck().get(), 0);
  }));

test('a start purges what expired while the server was down', () =>
  withStore(async (db, dir) => {
    const store = new PeopleSearchStore(db);
    const page = { ownerUserId: OWNER, actingUserId: OWNER, route: 'test', request: {}, response: {}, profileIds: ids(25) };
    store.saveSearch({ ...page, createdAt: T0 }, 25);
    store.saveSearch({ ...page, createdAt: T0 + 5 * 86_400_000 }, 25);
    store.saveCohort(OWNER, byIds(ids(100)), 100, T0);
    db.close();
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEARCH_ENGINE: 'opensearch', OPENSEARCH_URL: 'http://127.0.0.1:9' });
    const services = buildServices(config, { clock: () => T0 + SEARCH_PAGE_TTL_MS, logger: createLogger('silent') });
    try {
      const n = (sql: string) => services.db.prepare(sql).pluck().get();
      assert.equal([n('SELECT count(*) FROM people_searches'), n('SELECT count(*) FROM people_search_rows')], [1, 25]);
      assert.equal([n('SELECT count(*) FROM cohorts'), n('SELECT count(*) FROM cohort_id_lists')], [0, 0]);
    } finally {
      await closeServices(services);
    }
  }));

test('pages and cohorts stored before migration 7 stay readable, and cohorts count as used when made', () =>
  withStore(
    (db) => {
      db.prepare(
        `INSERT INTO people_searches (search_id, owner_user_id, acting_user_id, route, request_json, response_json, created_at)
         VALUES ('srch_old', ?, ?, 'test', '{"raw":true}', '{"users":[]}', ?)`,
      ).run(OWNER, OWNER, T0);
      db.prepare(`INSERT INTO cohorts (cohort_ref, owner_user_id, query_json, size, created_at) VALUES ('coh_old', ?, ?, 500, ?)`).run(
        OWNER,
        JSON.stringify(byIds(ids(500))),
        T0,
      );
      migrate(db, MIGRATIONS);
      const store = new PeopleSearchStore(db);
      const old = store.getSearch('srch_old', OWNER, T0 + 1);
      assert.equal([old?.request, old?.response], [{ raw: true }, { users: [] }]);
      assert.equal(store.getCohort('coh_old', OWNER, T0 + COHORT_IDLE_TTL_MS - 1), byIds(ids(500)));
      assert.is(store.getCohort('coh_old', OWNER, T0 + 2 * COHORT_IDLE_TTL_MS), null);
    },
    MIGRATIONS.filter((m) => m.version < 7),
  ));

test('a cohort keeps the clauses that decide membership and drops those that only score', () => {
  const boosts = [
    { constant_score: { filter: { terms: { id: ids(3) } }, boost: 3 } },
    { match_phrase: { current_title: { query: 'cto', boost: 2 } } },
  ];
  const filter = [{ term: { country_code: 'GB' } }];
  const mustNot = [{ term: { id: 'me' } }];
  const built = { bool: { must: [{ match: { headline: 'search' } }], filter, should: boosts, minimum_should_match: 0, must_not: mustNot } };
  assert.equal(membershipQuery(built), { bool: { must: [{ match: { headline: 'search' } }], filter, must_not: mustNot } });
  // With cohorts of earlier searches, the built query sits under `must`.
  assert.equal(membershipQuery({ bool: { must: [built], filter: [{ match_all: {} }] } }), {
    bool: { must: [membershipQuery(built)], filter: [{ match_all: {} }] },
  });
  assert.equal(membershipQuery({ bool: { should: boosts, minimum_should_match: 0 } }), { match_all: {} });
  const required = { bool: { should: boosts, minimum_should_match: 1 } };
  assert.equal(membershipQuery(required), required, 'a should that must match stays');
});

test.run();
