/**
 * Project rules an outside tester found loose (2026-11-29): a delegate's grant that ended, a
 * scheduling page that changed, placeholders nobody knows, ambiguous removals, unknown target ids.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

test('a project made as a delegate drafts and sends nothing in their name once the grant has ended', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const owner = app.account({ name: 'Owner' });
    const delegate = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    app.services.delegates.add(owner.userId, delegate.userId, app.clock.now(), true);
    const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key: owner.apiKey, body });
    const created = await call('POST', '/api/v1/projects', { title: 'For Sam', delegate_user_id: delegate.userId });
    assert.is(created.status, 200, created.text);
    const base = `/api/v1/projects/${(created.body.project as Row).id}`;
    await call('POST', `${base}/targets`, { target_user_ids: [P(1)] });
    const drafted = await call('POST', `${base}/messages/generate`, {});
    assert.is(drafted.status, 200, drafted.text);
    assert.match(((drafted.body.targets as Row[])[0] as Row).draft_message as string, /Sam/);

    app.services.delegates.remove(owner.userId, delegate.userId);
    for (const [method, path, body] of [
      ['POST', `${base}/messages/generate`, {}],
      ['POST', `${base}/templates/generate`, { template_type: 'pitch' }],
      ['PUT', `${base}/target-users/${P(1)}/message`, { review_action: 'approve', contact_channel: 'service_direct_message' }],
      ['POST', `${base}/activate`, {}],
    ] as const) {
      const refused = await call(method, path, body);
      assert.equal([refused.status, refused.body.error], [403, 'delegate_not_allowed'], `${method} ${path}: ${refused.text}`);
      assert.match(refused.body.message as string, /delegation of this account has ended/);
    }
    // Setting templates and editing the pitch feed the drafts: refused too (tester, 2026-11-29).
    for (const [method, path, body] of [
      ['PUT', `${base}/templates`, { outreach_message_prompt: 'Hi {{first_name}}' }],
      ['PATCH', base, { pitch: 'A new pitch' }],
    ] as const) {
      const refused = await call(method, path, body);
      assert.equal([refused.status, refused.body.error], [403, 'delegate_not_allowed'], `${method} ${path}: ${refused.text}`);
    }
    // Reading the project still works, and nothing was sent.
    assert.is((await call('GET', base)).status, 200);
    assert.equal(app.services.communications.inbox.messagesBetween(P(SENDER), P(1)), []);
    // The grant given again, the project goes on.
    app.services.delegates.add(owner.userId, delegate.userId, app.clock.now(), true);
    assert.is((await call('POST', `${base}/messages/generate`, {})).status, 200);
  } finally {
    await app.close();
  }
});

test('a tracked link leads to the scheduling page as the project has it now', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const created = await app.call('POST', '/api/v1/projects', {
      key,
      body: { title: 'Links', schedule_url: 'https://old-cal.example/me' },
    });
    const base = `/api/v1/projects/${(created.body.project as Row).id}`;
    await app.call('POST', `${base}/targets`, { key, body: { target_user_ids: [P(1)] } });
    await app.call('PUT', `${base}/templates`, { key, body: { outreach_message_prompt: 'Hi {{first_name}}: {{schedule_link}}' } });
    const draft = ((await app.call('POST', `${base}/messages/generate`, { key, body: {} })).body.targets as Row[])[0] as Row;
    const link = /(http:\/\/127\.0\.0\.1:\d+\/l\/[A-Za-z0-9_-]+)$/.exec(draft.draft_message as string)?.[1] as string;
    assert.ok(link, draft.draft_message as string);
    assert.is((await fetch(link, { redirect: 'manual' })).headers.get('location'), 'https://old-cal.example/me');
    await app.call('PATCH', base, { key, body: { schedule_url: 'https://new-cal.example/me' } });
    assert.is((await fetch(link, { redirect: 'manual' })).headers.get('location'), 'https://new-cal.example/me');
  } finally {
    await app.close();
  }
});

test('placeholders: an unknown one or stray braces are refused, the pitch and title are filled like the template', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
    const refusedCreate = await call('POST', '/api/v1/projects', { title: 'Meet {{ful_name}}' });
    assert.equal([refusedCreate.status, refusedCreate.body.error], [400, 'validation_failed']);
    assert.match(refusedCreate.text, /unknown placeholder \{\{ful_name\}\}.*\{\{full_name\}\}/);
    const created = await call('POST', '/api/v1/projects', { title: 'Hiring', pitch: 'A team that would suit {{first_name}}.' });
    const base = `/api/v1/projects/${(created.body.project as Row).id}`;
    await call('POST', `${base}/targets`, { target_user_ids: [P(1)] });
    for (const text of ['Hi {{frist_name}}', 'Hi {{{{first_name}}}}', 'Hi {{first_name}']) {
      const refused = await call('PUT', `${base}/templates`, { outreach_message_prompt: text });
      assert.equal([refused.status, refused.body.error], [400, 'validation_failed'], text);
    }
    const badDraft = await call('PUT', `${base}/target-users/${P(1)}/message`, { message: 'Hello {{nickname}}' });
    assert.equal([badDraft.status, badDraft.body.error], [400, 'validation_failed']);
    assert.is((await call('PUT', `${base}/templates`, { outreach_message_prompt: 'Hi {{first_name}}. {{pitch}}' })).status, 200);
    const draft = ((await call('POST', `${base}/messages/generate`, {})).body.targets as Row[])[0] as Row;
    assert.not.match(draft.draft_message as string, /\{\{/);
    assert.match(draft.draft_message as string, /^Hi First1\. A team that would suit First1\.$/);
  } finally {
    await app.close();
  }
});

test('targets: ids and remove_all together are refused; target_ids of no target are 404', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
    const base = `/api/v1/projects/${((await call('POST', '/api/v1/projects', { title: 'T' })).body.project as Row).id}`;
    await call('POST', `${base}/targets`, { target_user_ids: [P(1), P(2)] });
    const both = await call('DELETE', `${base}/targets`, { target_user_ids: [P(1)], remove_all: true });
    assert.equal([both.status, both.body.error], [400, 'validation_failed']);
    assert.is(
      (await call('GET', `${base}/targets`)).body.total_targets ?? ((await call('GET', `${base}/targets`)).body.targets as Row[]).length,
      2,
    );
    const unknown = await call('POST', `${base}/messages/generate`, { target_ids: ['00000000-0000-4000-8000-000000000001'] });
    assert.equal([unknown.status, unknown.body.error], [404, 'target_not_found']);
  } finally {
    await app.close();
  }
});

test('an archived project is read-only, its queued sends are cancelled, and archiving twice keeps archived_at', async () => {
  const app = await startTestApp({ env: { ...FAST_DISPATCH, PROFESSIONAL_DAILY_CAP: '1' } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
    const id = ((await call('POST', '/api/v1/projects', { title: 'Put away', pitch: 'We are hiring' })).body.project as Row).id as string;
    const base = `/api/v1/projects/${id}`;
    await call('POST', `${base}/targets`, { target_user_ids: [P(1), P(2)] });
    await call('POST', `${base}/messages/generate`, {});
    for (const n of [1, 2])
      await call('PUT', `${base}/target-users/${P(n)}/message`, { review_action: 'approve', contact_channel: 'professional_send_message' });
    // The daily cap of 1 holds the second professional send for tomorrow: it stays queued.
    assert.is((await call('POST', `${base}/activate`, {})).body.queued_count, 2);
    await new Promise((r) => setTimeout(r, 1000));
    const statuses = () =>
      call('GET', `${base}/targets`).then((r) => (r.body.targets as Row[]).map((t) => t.delivery_status as string).sort());
    assert.equal(await statuses(), ['completed', 'queued']);

    const archived = await call('POST', `${base}/archive`, {});
    assert.is(archived.status, 200, archived.text);
    assert.equal([(archived.body.project as Row).is_archived, archived.body.cancelled_count], [true, 1]);
    assert.equal(await statuses(), ['cancelled', 'completed'], 'the held send does not go out the next day');
    app.clock.advance(86_400_000);
    app.services.communications.wake();
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await statuses(), ['cancelled', 'completed']);

    // Archiving again keeps the first archived_at (and updated_at, the list's order).
    const first = archived.body.project as Row;
    app.clock.advance(60_000);
    const twice = await call('POST', `${base}/archive`, {});
    assert.equal(
      [(twice.body.project as Row).archived_at, (twice.body.project as Row).updated_at, twice.body.cancelled_count],
      [first.archived_at, first.updated_at, 0],
    );

    // Every change to its outreach is refused with project_archived; reading goes on.
    for (const [method, path, body] of [
      ['POST', `${base}/targets`, { target_user_ids: [P(3)] }],
      ['DELETE', `${base}/targets`, { target_user_ids: [P(1)] }],
      ['PATCH', base, { title: 'Renamed' }],
      ['PUT', `${base}/templates`, { outreach_message_prompt: 'Hi {{first_name}}' }],
      ['POST', `${base}/templates/generate`, {}],
      ['POST', `${base}/messages/generate`, {}],
      ['PUT', `${base}/target-users/${P(2)}/message`, { message: 'Edited', review_action: 'approve' }],
      ['POST', `${base}/activate`, {}],
      ['POST', `${base}/retry-failed-professional-sends`, {}],
    ] as const) {
      const refused = await call(method, path, body);
      assert.equal([refused.status, refused.body.error], [409, 'project_archived'], `${method} ${path}: ${refused.text}`);
      assert.match(refused.body.message as string, /unarchive it first/);
    }
    for (const path of [base, `${base}/targets`, `${base}/send-readiness`, `${base}/metrics`])
      assert.is((await call('GET', path)).status, 200, path);

    // Restored, the project goes on: the cancelled target is queued again by the next activation.
    const restored = await call('POST', `${base}/archive`, { archived: false });
    assert.equal([(restored.body.project as Row).is_archived, (restored.body.project as Row).archived_at], [false, null]);
    const again = await call('POST', `${base}/activate`, {});
    assert.equal([again.status, again.body.queued_count], [200, 1], again.text);
  } finally {
    await app.close();
  }
});

test('draft saves shed under load are 503 server_overloaded naming project work, never search_overloaded', async () => {
  // One worker and a queue of four (one waiting read per account): parallel saves must be shed.
  const app = await startTestApp({ env: { ...FAST_DISPATCH, SEARCH_WORKERS: '1', SEARCH_QUEUE_LIMIT: '4' } });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
    const base = `/api/v1/projects/${((await call('POST', '/api/v1/projects', { title: 'Load' })).body.project as Row).id}`;
    await call('POST', `${base}/targets`, { target_user_ids: [P(1), P(2), P(3), P(4), P(5)] });
    const saves = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call('PUT', `${base}/target-users/${P((i % 5) + 1)}/message`, { message: `Hello ${i}`, review_action: 'save' }),
      ),
    );
    const shed = saves.filter((r) => r.status === 503);
    assert.ok(shed.length > 0, 'the queue of one waiting read sheds some of 40 parallel saves');
    assert.ok(saves.some((r) => r.status === 200));
    for (const r of shed) {
      assert.is(r.body.error, 'server_overloaded', r.text);
      assert.match(r.body.message as string, /project work/);
      assert.not.match(r.body.message as string, /search/i);
      assert.is(r.headers.get('retry-after'), '1');
    }
    assert.ok(
      app.logs.some((l) => l.error === 'server_overloaded' && l.msg === 'request shed'),
      'logged as load shed, not as a failure',
    );
  } finally {
    await app.close();
  }
});

test('an email draft is approved only with a subject, and activation mails that subject, never the project title', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
    const base = `/api/v1/projects/${((await call('POST', '/api/v1/projects', { title: 'Internal codename X' })).body.project as Row).id}`;
    // Person 4 has only an address: email is the channel chosen for them when none is set.
    await call('POST', `${base}/targets`, { target_user_ids: [P(1), P(4)] });
    for (const [who, extra] of [
      [P(1), { contact_channel: 'email_send', recipient_email: 'a@example.com' }],
      [P(4), {}],
    ] as const) {
      const refused = await call('PUT', `${base}/target-users/${who}/message`, { message: 'hi', review_action: 'approve', ...extra });
      assert.equal([refused.status, refused.body.error], [400, 'email_subject_required'], refused.text);
      assert.match(refused.body.message as string, /"subject"/);
      // Saving without a subject is fine; a blank one is no subject.
      assert.is((await call('PUT', `${base}/target-users/${who}/message`, { message: 'hi', review_action: 'save', ...extra })).status, 200);
      const blank = await call('PUT', `${base}/target-users/${who}/message`, { subject: '  ', review_action: 'approve' });
      assert.is(blank.body.error, 'email_subject_required', who);
    }
    const readiness = (await call('GET', `${base}/send-readiness`)).body.summary as Row;
    assert.equal([readiness.ready_count, readiness.no_email_subject_count], [0, 2]);

    const approved = await call('PUT', `${base}/target-users/${P(1)}/message`, { subject: 'Hello from Sam', review_action: 'approve' });
    assert.is(approved.status, 200, approved.text);
    assert.equal([(approved.body.target as Row).draft_subject, (approved.body.target as Row).approved], ['Hello from Sam', true]);
    // A draft approved before the rule (no subject) waits for one at activation.
    const t4 = app.services.projects.targetByUser(base.split('/').at(-1)!, P(4))!;
    app.services.projects.updateDraft(t4.targetId, { reviewStatus: 'approved' });
    const activated = await call('POST', `${base}/activate`, {});
    assert.equal([activated.status, activated.body.queued_count, (activated.body.skipped as Row).no_email_subject], [200, 1, 1]);
    const target = ((await call('GET', `${base}/targets`)).body.targets as Row[]).find((t) => t.target_user_id === P(1))!;
    const sent = await call('GET', `/api/v1/communications/${target.communication_id}?wait_ms=3000`);
    assert.is((sent.body.reasoning_lookup as Row).subject, 'Hello from Sam');
    assert.not.match(sent.text, /Internal codename X/);
  } finally {
    await app.close();
  }
});

test.run();
