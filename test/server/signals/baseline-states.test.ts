import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SnapshotChangeStore } from '../../../server/signals/change-store.js';
import { mergeStagedStates, stageStates } from '../../../server/signals/staged-states.js';
import { type Db, openStore } from '../../../server/store/database.js';

// A baseline's states are staged and merged when the run ends (docs/signals.md, "Baselines"):
// what `entity_state` holds afterwards must be exactly what writing them one batch at a time
// left, across batches, deletions, an interrupted run, and a read of the states mid-run.

const person = (id: string, title: string, company = 'c1') => ({
  id,
  current_title: title,
  current_company_id: company,
  current_company_name: `Company ${company}`,
});
const post = (id: string, author: string) => ({
  id,
  author_id: author,
  author_entity_type: 'person',
  reaction_count: 1,
  action_type: 'post',
  text: 'Hello',
  topics: [],
  posted_at: '2026-11-01T00:00:00Z',
});

function withStore(fn: (db: Db, dir: string) => void): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-states-'));
  const db = openStore(dir);
  try {
    fn(db, dir);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const states = (db: Db, kind: string) =>
  Object.fromEntries(
    (
      db.prepare('SELECT entity_id, state_json FROM entity_state WHERE kind = ? ORDER BY entity_id').all(kind) as {
        entity_id: string;
        state_json: string;
      }[]
    ).map((r) => [r.entity_id, JSON.parse(r.state_json)]),
  );
const staged = (db: Db) => Number(db.prepare('SELECT count(*) FROM entity_state_load').pluck().get());
const changes = (db: Db, runId: number) =>
  db
    .prepare('SELECT change_type, person_id, company_id, data_json FROM snapshot_changes WHERE run_id = ? ORDER BY change_id')
    .all(runId) as {
    change_type: string;
    person_id: string | null;
    company_id: string | null;
    data_json: string;
  }[];

test('a baseline keeps the last state of each id across batches, forgets deleted ids, and the next run compares with it', () => {
  withStore((db) => {
    const store = new SnapshotChangeStore(db);
    const first = store.beginRun('snap-1', ['profiles.jsonl']);
    store.recordDocuments(first, 'profiles', [
      { op: 'index', record: person('p1', 'Engineer') },
      { op: 'index', record: person('p2', 'Designer') },
      { op: 'index', record: person('p3', 'Analyst') },
    ]);
    store.recordDocuments(first, 'profiles', [
      { op: 'delete', id: 'p2' },
      { op: 'index', record: person('p1', 'Senior Engineer') },
      { op: 'delete', id: 'p4' },
    ]);
    store.recordDocuments(first, 'profiles', [
      { op: 'index', record: person('p5', 'Writer') },
      { op: 'delete', id: 'p5' },
      { op: 'index', record: person('p5', 'Editor') },
    ]);
    assert.equal(states(db, 'profiles'), {}, 'staged, not yet merged');
    assert.ok(staged(db) > 0);
    assert.is(store.finishRun(first), 0, 'a first load is not news');
    assert.is(staged(db), 0);
    assert.equal(states(db, 'profiles'), {
      p1: { t: 'Senior Engineer', c: 'c1', n: 'Company c1' },
      p3: { t: 'Analyst', c: 'c1', n: 'Company c1' },
      p5: { t: 'Editor', c: 'c1', n: 'Company c1' },
    });

    const second = store.beginRun('snap-2', ['profiles.jsonl']);
    store.recordDocuments(second, 'profiles', [
      { op: 'index', record: person('p1', 'Staff Engineer') },
      { op: 'index', record: person('p3', 'Analyst') },
      { op: 'index', record: person('p2', 'Designer') },
    ]);
    assert.is(staged(db), 0, 'a run that is not a baseline writes its states at once');
    assert.is(store.finishRun(second), 1);
    const [change] = changes(db, second);
    assert.is(change?.change_type, 'role_change');
    assert.is(change?.person_id, 'p1');
    assert.equal((JSON.parse(change!.data_json) as { from: { title: string } }).from.title, 'Senior Engineer');
  });
});

test('an interrupted baseline resumes with its staged states, and a run over other inputs merges them', () => {
  withStore((db) => {
    const run = new SnapshotChangeStore(db).beginRun('snap-1', ['companies.jsonl']);
    new SnapshotChangeStore(db).recordDocuments(run, 'companies', [{ op: 'index', record: { id: 'k1', employee_count: 10 } }]);
    // The process ends here; a new one resumes the same inputs.
    const resumed = new SnapshotChangeStore(db);
    assert.is(resumed.beginRun('snap-1', ['companies.jsonl']), run);
    resumed.recordDocuments(run, 'companies', [{ op: 'index', record: { id: 'k2', employee_count: 20 } }]);
    assert.equal(states(db, 'companies'), {});
    // Never finished: the next run over other inputs closes it, states and all.
    const next = resumed.beginRun('snap-2', ['companies-2.jsonl']);
    assert.equal(states(db, 'companies'), { k1: { e: 10 }, k2: { e: 20 } });
    resumed.recordDocuments(next, 'companies', [{ op: 'index', record: { id: 'k2', name: 'K2', employee_count: 30 } }]);
    assert.is(resumed.finishRun(next), 1, 'the headcount changed from the staged state');
  });
});

test("a run that is not a baseline for posts reads the staged states of a baseline's authors", () => {
  withStore((db) => {
    const store = new SnapshotChangeStore(db);
    const first = store.beginRun('posts-only', ['posts.jsonl']);
    store.recordDocuments(first, 'posts', [{ op: 'index', record: post('x1', 'p9') }]);
    store.finishRun(first);
    // Profiles are this run's baseline (staged); posts are not, and a new post names its
    // author's company from the profile state.
    const run = store.beginRun('both', ['profiles.jsonl', 'posts.jsonl']);
    store.recordDocuments(run, 'profiles', [{ op: 'index', record: person('p9', 'Founder', 'c7') }]);
    store.recordDocuments(run, 'posts', [{ op: 'index', record: post('x2', 'p9') }]);
    const [newPost] = changes(db, run);
    assert.is(newPost?.change_type, 'new_post');
    assert.is(newPost?.company_id, 'c7');
    assert.equal(states(db, 'profiles'), { p9: { t: 'Founder', c: 'c7', n: 'Company c7' } }, 'merged by the read');
    // More of the baseline after that merge: a deletion forgets a merged state too.
    store.recordDocuments(run, 'profiles', [
      { op: 'delete', id: 'p9' },
      { op: 'index', record: person('p8', 'Chair', 'c7') },
    ]);
    assert.is(store.finishRun(run), 1);
    assert.equal(states(db, 'profiles'), { p8: { t: 'Chair', c: 'c7', n: 'Company c7' } });
  });
});

test('a merge in chunks of any size ends with the last state of each id', () => {
  for (const chunk of [1, 2, 3, 100]) {
    withStore((db) => {
      db.prepare(`INSERT INTO entity_state (kind, entity_id, state_json) VALUES ('jobs', 'd', '{"c":"old"}')`).run();
      stageStates(db, 'jobs', [
        ['a', '{"c":"a1"}'],
        ['b', '{"c":"b1"}'],
      ]);
      stageStates(db, 'jobs', [
        ['a', null],
        ['c', '{"c":"c1"}'],
        ['d', null],
      ]);
      stageStates(db, 'jobs', [
        ['a', '{"c":"a2"}'],
        ['b', null],
      ]);
      mergeStagedStates(db, 'jobs', chunk);
      assert.equal(states(db, 'jobs'), { a: { c: 'a2' }, c: { c: 'c1' } }, `chunks of ${chunk}`);
      assert.is(staged(db), 0);
    });
  }
});

test.run();
