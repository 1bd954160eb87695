import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FAST_DISPATCH, P, SENDER } from '../../helpers/comms-corpus.js';
import { company, indexSnapshots, profile, writeSnapshot } from '../../helpers/snapshots.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

const TARGETS = 120;
/** The number of the i-th target's person (the sender is 100). */
const T = (i: number) => 1000 + i;

test('a project of many targets lists, checks, drafts and exports them (its facts are read a few at a time, not all at once)', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH } });
  try {
    const people = [
      profile(SENDER),
      ...Array.from({ length: TARGETS }, (_, i) => profile(T(i), { professional_username: `person${T(i)}` })),
    ];
    await indexSnapshots(app, [
      writeSnapshot(
        app.dataDir,
        'companies.jsonl',
        [1, 2, 3, 4, 5].map((n) => company(n)),
      ),
      writeSnapshot(app.dataDir, 'profiles.jsonl', people),
    ]);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
    const created = await call('POST', '/api/v1/projects', { title: 'Many', pitch: 'We are hiring engineers' });
    const base = `/api/v1/projects/${(created.body.project as Row).id}`;
    const added = await call('POST', `${base}/targets`, { target_user_ids: Array.from({ length: TARGETS }, (_, i) => P(T(i))) });
    assert.is(added.status, 200, added.text);

    // Fifty targets read at once passed the account's queue of waiting searches: 503 every time.
    const read = await call('GET', `${base}?include_targets=true`);
    assert.is(read.status, 200, read.text);
    assert.is(((read.body.project as Row).targets as Row[]).length, 50);
    const listed = await call('GET', `${base}/targets?limit=100&offset=10`);
    assert.is(listed.status, 200, listed.text);
    assert.equal(
      (listed.body.targets as Row[]).map((t) => t.target_user_id),
      Array.from({ length: 100 }, (_, i) => P(T(i + 10))),
      'in the order of the project',
    );
    assert.is((listed.body.targets as Row[])[0]!.name, `First${T(10)} Last${T(10)}`);

    const generated = await call('POST', `${base}/messages/generate`, {});
    assert.is(generated.status, 200, generated.text);
    assert.is(generated.body.generated_count, TARGETS);
    const drafts = generated.body.targets as Row[];
    assert.equal(
      drafts.map((t) => t.target_user_id),
      Array.from({ length: TARGETS }, (_, i) => P(T(i))),
    );
    assert.ok(
      drafts.every((t, i) => String(t.draft_message).includes(`First${T(i)}`) && t.draft_state === 'fresh'),
      'each draft is filled from its own target',
    );
    const readiness = await call('GET', `${base}/send-readiness`);
    assert.is(readiness.status, 200, readiness.text);
    assert.equal(
      [
        (readiness.body.summary as Row).no_draft_count,
        (readiness.body.summary as Row).stale_count,
        (readiness.body.summary as Row).not_previewed_count,
      ],
      [0, 0, TARGETS],
    );

    // Activations at once queue each approved target once, and count it once between them.
    for (let i = 0; i < 5; i++)
      assert.is((await call('PUT', `${base}/target-users/${P(T(i))}/message`, { review_action: 'approve' })).status, 200);
    const activations = await Promise.all(Array.from({ length: 4 }, () => call('POST', `${base}/activate`, {})));
    assert.equal(
      activations.map((a) => a.status),
      [200, 200, 200, 200],
    );
    assert.is(
      activations.reduce((n, a) => n + (a.body.queued_count as number), 0),
      5,
      activations.map((a) => a.text).join('\n'),
    );
    const sends = app.services.communications.store.withTarget(P(SENDER), P(T(0)));
    assert.is(sends.length, 1);
  } finally {
    await app.close();
  }
});

test('a project includes at most PROJECT_TARGET_LIMIT targets: past it nothing is added, and removed ones make room', async () => {
  const app = await startTestApp({ env: { PROJECT_TARGET_LIMIT: '5' } });
  try {
    await indexSnapshots(app, [
      writeSnapshot(app.dataDir, 'companies.jsonl', [company(1)]),
      writeSnapshot(app.dataDir, 'profiles.jsonl', [profile(SENDER), ...Array.from({ length: 8 }, (_, i) => profile(T(i)))]),
    ]);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
    const created = await call('POST', '/api/v1/projects', { title: 'Capped', pitch: 'We are hiring engineers' });
    const base = `/api/v1/projects/${(created.body.project as Row).id}`;
    const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => P(T(from + i)));
    assert.is((await call('POST', `${base}/targets`, { target_user_ids: ids(0, 4) })).status, 200);

    // Two more than fit: refused whole, saying how many fit.
    const over = await call('POST', `${base}/targets`, { target_user_ids: ids(3, 6) });
    assert.equal([over.status, over.body.error], [409, 'project_target_limit'], over.text);
    assert.equal([over.body.limit, over.body.included, over.body.requested], [5, 4, 2]);
    assert.match(String(over.body.message), /1 more fit, not 2/);
    const listed = await call('GET', `${base}/targets?limit=100`);
    assert.equal(
      (listed.body.targets as Row[]).map((t) => t.target_user_id),
      ids(0, 4),
      'nothing was added',
    );
    // One already included takes no new place.
    const fits = await call('POST', `${base}/targets`, { target_user_ids: ids(3, 5) });
    assert.equal([fits.status, fits.body.total_targets], [200, 5], fits.text);
    // A draft for a new person is refused as well, and writes no draft.
    const draft = await call('POST', `${base}/messages/generate`, { target_user_id: P(T(6)) });
    assert.equal([draft.status, draft.body.error], [409, 'project_target_limit'], draft.text);
    assert.match(String(draft.body.message), /no more fit/);
    // A removed target frees its place; including it again takes one.
    assert.is((await call('DELETE', `${base}/targets`, { target_user_ids: [P(T(0))] })).status, 200);
    assert.is((await call('POST', `${base}/targets`, { target_user_ids: [P(T(6))] })).status, 200);
    const back = await call('POST', `${base}/targets`, { target_user_ids: [P(T(0))] });
    assert.equal([back.status, back.body.error], [409, 'project_target_limit'], back.text);
  } finally {
    await app.close();
  }
});

test.run();
