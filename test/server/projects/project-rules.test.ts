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

test.run();
