import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { verifySignature } from '../../../server/communications/signing.js';
import { FAST_DISPATCH, P, SENDER } from '../../helpers/comms-corpus.js';
import { startReceiver } from '../../helpers/http-receiver.js';
import { startSmtpSink } from '../../helpers/smtp-sink.js';
import { company, connection, indexSnapshots, job, post, profile, tid, writeSnapshot } from '../../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;
const C = (n: number) => tid(0xc0, n);
const POST = (n: number) => tid(0xb0, n);
const edge = (a: number, b: number) => connection(P(a), P(b));

/** Writes one snapshot (companies, profiles, jobs, posts, connections) into its own directory and indexes it. */
async function loadSnapshot(app: TestApp, name: string, kinds: Record<string, object[]>) {
  const dir = path.join(app.dataDir, name);
  fs.mkdirSync(dir, { recursive: true });
  const files = Object.entries(kinds).map(([kind, rows]) => writeSnapshot(dir, `${kind}.jsonl`, rows));
  const summary = await indexSnapshots(app, files);
  assert.is(summary.rejected, 0);
  return summary;
}

// Person n works at company (n % 5) + 1: 1 → 2, 2 → 3, 6 → 2, 7 → 3, 4 → 5, 5 → 1, SENDER (100) → 1.
const FIRST = {
  companies: [1, 2, 3, 4, 5].map((n) => company(n)),
  profiles: [SENDER, 1, 2, 3, 4, 5, 6, 7].map((n) => profile(n, { service_url: `https://proxima.example/p/${P(n)}` })),
  jobs: [job(10, 5)],
  posts: [
    post(1, P(SENDER), { reaction_count: 1 }),
    post(2, P(1)),
    post(3, C(3), { author_entity_type: 'company', text: 'Company 3 launches a product' }),
  ],
  connections: [edge(SENDER, 1), edge(SENDER, 2), edge(SENDER, 3), edge(SENDER, 4), edge(1, 5)],
};

// What the second snapshot changes; everything else is as before.
const SECOND = {
  companies: [company(2, { employee_count: 30 }), company(3)],
  profiles: [profile(1, { current_title: 'CTO', current_company_id: C(4), current_company_name: 'Company 4' }), profile(2)],
  jobs: [job(11, 2), job(12, 2), job(13, 2)],
  posts: [
    post(1, P(SENDER), { reaction_count: 9 }),
    post(4, P(2), { text: 'We are migrating to a new search stack' }),
    post(5, P(7), { text: 'Hiring for my team at Company 3' }),
    post(6, P(4), { action_type: 'comment', target_post_id: POST(1), text: 'Great point' }),
    post(7, P(5), { action_type: 'comment', target_post_id: POST(3), text: 'Looks promising' }),
  ],
  connections: [edge(6, 3)],
};

test('signals fire from what a second snapshot changed, to the project feed, the connector stream, a signed webhook and an email digest', async () => {
  const sink = await startSmtpSink();
  const receiver = await startReceiver();
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SMTP_URL: sink.url, SIGNALS_POLL_MS: '3600000' } });
  try {
    const first = await loadSnapshot(app, 'snap1', FIRST);
    assert.is(first.signalChanges, 0, 'a first load is the baseline: nothing is news');
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const other = app.account({ name: 'Other' });
    const call = (method: string, p: string, body?: unknown, k = key) => app.call(method, p, { key: k, body });

    const project = (await call('POST', '/api/v1/projects', { title: 'Search leaders' })).body.project as Row;
    await call('POST', `/api/v1/projects/${project.id}/targets`, { target_user_ids: [P(1), P(2), P(6)] });

    // Shape rules: a cohort, a project for the feed, a URL for the webhook; unknown projects are 404.
    const bad = async (body: Row) => {
      const r = await call('POST', '/api/v1/signals/watchers', body);
      return [r.status, r.body.error];
    };
    assert.equal(await bad({ signal_types: ['jobs'] }), [400, 'validation_failed']);
    assert.equal(await bad({ signal_types: ['liked_my_post'], deliveries: ['project_feed'] }), [400, 'validation_failed']);
    assert.equal(await bad({ signal_types: ['liked_my_post'], deliveries: ['agent_webhook'] }), [400, 'validation_failed']);
    assert.equal(await bad({ signal_types: ['follow_up'], cohort: { person_ids: [P(1)] } }), [400, 'validation_failed']);
    assert.equal(await bad({ signal_types: ['competitor_engagement'], cohort: { person_ids: [P(1)] } }), [400, 'validation_failed']);
    assert.equal(await bad({ signal_types: ['nonsense'], cohort: { person_ids: [P(1)] } }), [400, 'validation_failed']);
    assert.equal(await bad({ signal_types: ['jobs'], cohort: { project_id: tid(0xee, 1) } }), [404, 'project_not_found']);
    assert.equal(await bad({ signal_types: ['jobs'], cohort: { search_id: 'srch_missing' } }), [404, 'search_not_found']);

    const w1 = await call('POST', '/api/v1/signals/watchers', {
      name: 'Project pulse',
      signal_types: ['role_change', 'posts', 'employee_post', 'jobs', 'hiring_spike', 'company_growth', 'warm_intro', 'follow_up'],
      cohort: { project_id: project.id },
      deliveries: ['project_feed', 'connector', 'agent_webhook', 'email_digest'],
      email_to: 'sam@sender.example',
      webhook_url: `${receiver.url}/signals`,
    });
    assert.is(w1.status, 200, w1.text);
    const watcher1 = w1.body.watcher as Row;
    const secret = w1.body.webhook_secret as string;
    assert.ok(secret && secret.length >= 16, 'an agent webhook is always signed: a secret is made and shown once');
    assert.equal([watcher1.status, (watcher1.cohort as Row).source, watcher1.last_run_seq], ['active', 'project', 1]);
    assert.not.ok('webhook_secret' in ((await call('GET', `/api/v1/signals/watchers/${watcher1.watcher_id}`)).body.watcher as Row));
    const w2 = await call('POST', '/api/v1/signals/watchers', {
      signal_types: ['competitor_engagement', 'liked_my_post'],
      cohort: { company_ids: [C(3)] },
    });
    assert.is(w2.status, 200, w2.text);
    const watcher2 = w2.body.watcher as Row;
    assert.equal([watcher2.deliveries, (watcher2.cohort as Row).source], [['connector'], 'companies']);
    const w3 = (await call('POST', '/api/v1/signals/watchers', { signal_types: ['jobs'], cohort: { company_ids: [C(2)] } })).body
      .watcher as Row;
    await call('PATCH', `/api/v1/signals/watchers/${w3.watcher_id}`, { status: 'paused' });
    assert.is((await call('GET', `/api/v1/signals/watchers/${watcher1.watcher_id}`, undefined, other.apiKey)).status, 404);

    // Nothing has changed since the watchers were made.
    await app.services.signals.processNow();
    assert.equal((await call('GET', '/api/v1/signals')).body.signals, []);

    const second = await loadSnapshot(app, 'snap2', SECOND);
    assert.ok((second.signalChanges ?? 0) > 0);
    await app.services.signals.processNow();

    const feed = await call('GET', `/api/v1/signals?project_id=${project.id}&limit=100`);
    assert.is(feed.status, 200, feed.text);
    const got = (feed.body.signals as Row[]).map((s) => [s.signal_type, s.person_id ?? s.company_id]).sort();
    assert.equal(
      got,
      [
        ['company_growth', C(2)],
        ['employee_post', P(2)],
        ['employee_post', P(7)],
        ['hiring_spike', C(2)],
        ['jobs', C(2)],
        ['jobs', C(2)],
        ['jobs', C(2)],
        ['posts', P(2)],
        ['role_change', P(1)],
        ['warm_intro', P(6)],
      ].sort(),
    );
    const byType = (type: string) => (feed.body.signals as Row[]).find((s) => s.signal_type === type)!;
    assert.is(byType('role_change').summary, 'First1 Last1 changed role: Software Engineer at Company 2 → CTO at Company 4');
    assert.is(byType('company_growth').summary, 'Company 2 grew from 20 to 30 employees (+50%)');
    assert.is(byType('hiring_spike').summary, 'Company 2 opened 3 new jobs');
    assert.match(byType('warm_intro').summary as string, /^First3 Last3, one of your connections, is now connected to First6 Last6/);

    // The connector stream hands each signal out once.
    const poll1 = await call('POST', `/api/v1/signals/watchers/${watcher1.watcher_id}/poll`, {});
    assert.equal([(poll1.body.signals as Row[]).length, poll1.body.has_more], [10, false]);
    assert.equal((await call('POST', `/api/v1/signals/watchers/${watcher1.watcher_id}/poll`, {})).body.signals, []);
    const poll2 = await call('POST', `/api/v1/signals/watchers/${watcher2.watcher_id}/poll`, {});
    assert.equal(
      (poll2.body.signals as Row[]).map((s) => [s.signal_type, s.person_id, (s.data as Row).post_id]).sort(),
      [
        ['competitor_engagement', P(5), POST(7)],
        ['liked_my_post', null, POST(1)],
        ['liked_my_post', P(4), POST(6)],
      ].sort(),
    );
    assert.ok((poll2.body.signals as Row[]).some((s) => s.summary === 'Your post got 8 new reactions (9 in all)'));
    assert.equal((await call('GET', `/api/v1/signals?watcher_id=${w3.watcher_id}`)).body.signals, [], 'a paused watcher raises nothing');

    // One signed webhook POST and one digest mail for the run.
    await app.services.signals.deliveriesSettled();
    await receiver.waitFor(1);
    const hook = receiver.received[0]!;
    assert.ok(verifySignature(secret, hook.body, hook.headers['proxima-signature'] as string, app.clock.now()));
    const payload = JSON.parse(hook.body) as Row;
    assert.equal([payload.type, payload.watcher_id, (payload.signals as Row[]).length], ['signals.batch', watcher1.watcher_id, 10]);
    assert.is(sink.messages.length, 1);
    assert.is(sink.messages[0]!.subject, 'Proxima signals: 10 new for “Project pulse”');
    assert.match(sink.messages[0]!.text ?? '', /\[hiring_spike\] Company 2 opened 3 new jobs/);
    const status = (await call('GET', `/api/v1/signals/watchers/${watcher1.watcher_id}`)).body.watcher as Row;
    assert.equal((status.recent_deliveries as Row[]).map((d) => [d.target, d.state, d.signals]).sort(), [
      ['agent_webhook', 'delivered', 10],
      ['email_digest', 'delivered', 10],
    ]);

    // The same snapshot again changes nothing: no new signals, no new deliveries.
    const again = await loadSnapshot(app, 'snap2-again', SECOND);
    assert.is(again.signalChanges, 0);
    await app.services.signals.processNow();
    await app.services.signals.deliveriesSettled();
    assert.is(((await call('GET', '/api/v1/signals?limit=100')).body.signals as Row[]).length, 13);
    assert.equal([receiver.received.length, sink.messages.length], [1, 1]);

    // Resuming a paused watcher does not replay what happened while it was paused.
    await call('PATCH', `/api/v1/signals/watchers/${w3.watcher_id}`, { status: 'active' });
    await app.services.signals.processNow();
    assert.equal((await call('GET', `/api/v1/signals?watcher_id=${w3.watcher_id}`)).body.signals, []);

    // Deleting a watcher takes its signals out of the feed.
    assert.is((await call('DELETE', `/api/v1/signals/watchers/${watcher2.watcher_id}`)).status, 200);
    assert.is(((await call('GET', '/api/v1/signals?limit=100')).body.signals as Row[]).length, 10);
    assert.is((await call('GET', `/api/v1/signals/watchers/${watcher2.watcher_id}`)).status, 404);
  } finally {
    await app.close();
    await receiver.close();
    await sink.close();
  }
});

test('a watcher made by a delegate raises nothing once the grant has ended; one whose grant holds does', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SIGNALS_POLL_MS: '3600000' } });
  try {
    await loadSnapshot(app, 'snap1', FIRST);
    // Two accounts have the same delegate, the sender, whose post 1 gets reactions in the second snapshot.
    const delegate = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const ended = app.account({ name: 'Ended' });
    const holds = app.account({ name: 'Holds' });
    for (const owner of [ended, holds]) app.services.delegates.add(owner.userId, delegate.userId, app.clock.now(), true);
    const watch = async (key: string) => {
      const r = await app.call('POST', '/api/v1/signals/watchers', {
        key,
        body: { signal_types: ['liked_my_post'], cohort: { person_ids: [P(1)] }, delegate_user_id: delegate.userId },
      });
      assert.is(r.status, 200, r.text);
      return (r.body.watcher as Row).watcher_id as string;
    };
    const endedWatcher = await watch(ended.apiKey);
    const holdsWatcher = await watch(holds.apiKey);
    app.services.delegates.remove(ended.userId, delegate.userId);
    await loadSnapshot(app, 'snap2', SECOND);
    await app.services.signals.processNow();
    const poll = async (key: string, id: string) =>
      ((await app.call('POST', `/api/v1/signals/watchers/${id}/poll`, { key, body: {} })).body.signals as Row[]).map((x) => x.signal_type);
    assert.equal([...new Set(await poll(holds.apiKey, holdsWatcher))], ['liked_my_post']);
    assert.equal(await poll(ended.apiKey, endedWatcher), []);
    // The run is passed over, not kept for later: a grant given again watches from the next run on.
    const seq = async (key: string, id: string) =>
      ((await app.call('GET', `/api/v1/signals/watchers/${id}`, { key })).body.watcher as Row).last_run_seq;
    assert.is(await seq(ended.apiKey, endedWatcher), await seq(holds.apiKey, holdsWatcher));
  } finally {
    await app.close();
  }
});

test('PATCH refusals about a cohort or project say those are set at creation, never ask for a field PATCH refuses', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SIGNALS_POLL_MS: '3600000' } });
  try {
    await loadSnapshot(app, 'snap1', FIRST);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const made = await app.call('POST', '/api/v1/signals/watchers', { key, body: { signal_types: ['liked_my_post'] } });
    assert.is(made.status, 200, made.text);
    const path = `/api/v1/signals/watchers/${(made.body.watcher as Row).watcher_id}`;
    for (const [body, pointer] of [
      [{ deliveries: ['project_feed'] }, '/deliveries'],
      [{ signal_types: ['competitor_engagement'] }, '/signal_types'],
      [{ signal_types: ['follow_up'] }, '/signal_types'],
    ] as const) {
      const res = await app.call('PATCH', path, { key, body });
      assert.equal([res.status, res.body.error], [400, 'validation_failed'], JSON.stringify(body));
      assert.match(res.text, /set when it is created/);
      assert.ok(res.text.includes(pointer), res.text);
      assert.not.match(res.text, /cohort\/|\/project_id|is required/);
    }
  } finally {
    await app.close();
  }
});

test('follow_up: a project target who has not answered a delivered message in time, once; a replied one is not', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SIGNALS_POLL_MS: '3600000' } });
  try {
    await loadSnapshot(app, 'snap1', FIRST);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const call = (method: string, p: string, body?: unknown) => app.call(method, p, { key, body });
    const project = (await call('POST', '/api/v1/projects', { title: 'Follow-ups', pitch: 'A search platform' })).body.project as Row;
    const base = `/api/v1/projects/${project.id}`;
    await call('POST', `${base}/targets`, { target_user_ids: [P(1), P(2)] });
    await call('POST', `${base}/messages/generate`, {});
    for (const n of [1, 2])
      await call('PUT', `${base}/target-users/${P(n)}/message`, { contact_channel: 'service_direct_message', review_action: 'approve' });
    const watcher = (
      await call('POST', '/api/v1/signals/watchers', {
        signal_types: ['follow_up'],
        cohort: { project_id: project.id },
        options: { follow_up_after_days: 2 },
      })
    ).body.watcher as Row;
    assert.is((await call('POST', `${base}/activate`, {})).body.queued_count, 2);
    await new Promise((r) => setTimeout(r, 800));
    const targets = (await call('GET', `${base}/targets`)).body.targets as Row[];
    assert.equal(
      targets.map((t) => t.delivery_status),
      ['completed', 'completed'],
    );
    // Person 2 answered (a relay-style reply recorded against the communication).
    const c2 = targets.find((t) => t.target_user_id === P(2))!.communication_id as string;
    app.services.communications.replies.record({
      communicationId: c2,
      key: 'r1',
      via: 'relay',
      from: 'person2',
      subject: null,
      excerpt: 'Sounds good',
      receivedAt: app.clock.now(),
    });

    // One day later a snapshot arrives: too early to follow up.
    app.clock.advance(86_400_000);
    await loadSnapshot(app, 'snap2', { profiles: [profile(3, { current_title: 'Staff Engineer' })] });
    await app.services.signals.processNow();
    assert.equal((await call('GET', `/api/v1/signals?watcher_id=${watcher.watcher_id}`)).body.signals, []);
    // Two more days: person 1 gets a follow-up, once, even when later snapshots arrive.
    app.clock.advance(2 * 86_400_000);
    await loadSnapshot(app, 'snap3', { profiles: [profile(3, { current_title: 'Principal Engineer' })] });
    await app.services.signals.processNow();
    await loadSnapshot(app, 'snap4', { profiles: [profile(3, { current_title: 'Distinguished Engineer' })] });
    await app.services.signals.processNow();
    const signals = (await call('GET', `/api/v1/signals?watcher_id=${watcher.watcher_id}`)).body.signals as Row[];
    assert.equal(
      signals.map((s) => [s.signal_type, s.person_id, (s.data as Row).days_since]),
      [['follow_up', P(1), 3]],
    );
    assert.match(signals[0]!.summary as string, /^No reply from First1 Last1 3 days after your service direct message: follow up$/);
  } finally {
    await app.close();
  }
});

test('the change set: operations in batch order, an interrupted run is closed by the next, a first connections load is a baseline', async () => {
  const app = await startTestApp({ env: { SIGNALS_POLL_MS: '3600000' } });
  try {
    // Graph edges written outside a snapshot (an accepted invite) do not make the first
    // connections snapshot news.
    app.services.graph.upsertEdges([
      { userA: P(1), userB: P(2), source: 'service', connectedAt: Date.parse('2026-01-01'), removedAt: null },
    ]);
    const first = await loadSnapshot(app, 'snap1', FIRST);
    assert.is(first.signalChanges, 0);
    const changes = app.services.signals.changes;
    const runs = () =>
      app.services.db.prepare('SELECT run_id, status, complete_seq FROM snapshot_runs ORDER BY run_id').all() as {
        run_id: number;
        status: string;
        complete_seq: number | null;
      }[];
    // A deletion then an upsert of one id in one batch: the record stays, and its change counts.
    const a = changes.beginRun('inputs-a', ['a.jsonl']);
    changes.recordDocuments(a, 'profiles', [
      { op: 'delete', id: P(1) },
      { op: 'index', record: profile(1, { current_title: 'CTO' }) },
      { op: 'index', record: profile(2, { current_title: 'VP Product' }) },
      { op: 'delete', id: P(2) },
    ]);
    const kept = app.services.db
      .prepare(`SELECT entity_id FROM entity_state WHERE kind = 'profiles' AND entity_id IN (?, ?)`)
      .pluck()
      .all(P(1), P(2));
    assert.equal(kept, [P(1)]);
    // Run a is never finished; the next run over other inputs closes it, so its change is not lost.
    const b = changes.beginRun('inputs-b', ['b.jsonl']);
    assert.equal(runs().slice(-2), [
      { run_id: a, status: 'complete', complete_seq: 2 },
      { run_id: b, status: 'loading', complete_seq: null },
    ]);
    assert.is(changes.finishRun(b), 0);
    // The same inputs again reopen their unfinished run rather than start another.
    const c = changes.beginRun('inputs-c', ['c.jsonl']);
    assert.is(changes.beginRun('inputs-c', ['c.jsonl']), c);
    const watcher = app.services.signals.createWatcher({
      ownerUserId: app.account({ personId: P(SENDER) }).userId,
      actingUserId: P(SENDER),
      name: 'w',
      signalTypes: ['role_change'],
      projectId: null,
      personIds: [P(1)],
      companyIds: [],
      cohortSource: 'people',
      deliveries: ['connector'],
      emailTo: null,
      webhookUrl: null,
      webhookSecret: null,
      options: { min_growth_pct: 5, min_new_jobs: 3, follow_up_after_days: 3 },
    });
    // Made after runs a and b finished: it hears of neither, and of c once c finishes.
    changes.recordDocuments(c, 'profiles', [{ op: 'index', record: profile(1, { current_title: 'CEO' }) }]);
    await app.services.signals.processNow();
    assert.is(app.services.signals.signals(watcher.ownerUserId, { watcherId: watcher.watcherId, after: 0, limit: 10 }).signals.length, 0);
    changes.finishRun(c);
    await app.services.signals.processNow();
    assert.equal(
      app.services.signals
        .signals(watcher.ownerUserId, { watcherId: watcher.watcherId, after: 0, limit: 10 })
        .signals.map((x) => x.summary),
      ['First1 Last1 changed role: CTO at Company 2 → CEO at Company 2'],
    );
  } finally {
    await app.close();
  }
});

test.run();
