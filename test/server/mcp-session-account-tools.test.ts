import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SCOPES } from '../../server/auth/scopes.js';
import { createApiKey } from '../../server/commands/create-api-key.js';
import { addDelegate } from '../../server/commands/manage-delegates.js';
import { contactsActionTool } from '../../server/mcp/tools/contacts-action.js';
import { loadConnectorCorpus, personId, REQUESTER } from '../helpers/connector-corpus.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const secretOf = (r: { structuredContent?: Record<string, unknown> }) => r.structuredContent?.secret as string;

interface Ctx {
  app: TestApp;
  apiKey: string;
  userId: string;
}
const s = suite<Ctx>('connector session and account tools');

s.before(async (ctx) => {
  ctx.app = await startTestApp();
  await loadConnectorCorpus(ctx.app);
  const account = ctx.app.account({ personId: personId(REQUESTER), name: 'Requester' });
  ctx.apiKey = account.apiKey;
  ctx.userId = account.userId;
});
s.after(async (ctx) => ctx.app?.close());

s(
  'agent sessions remember the project and recent searches; bad ids are invalid_agent_session, not retryable, and cost nothing',
  async (ctx) => {
    const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
    try {
      const project = async (title: string) =>
        ((await ctx.app.call('POST', '/api/v1/projects', { key: ctx.apiKey, body: { title } })).body.project as { id: string }).id;
      const [p1, p2] = [await project('Hiring'), await project('Partners')];
      const madeUp = await mcp.call('agent_session', { mode: 'start', label: 'hiring', project_id: 'proj_1' });
      assert.equal([madeUp.isError, madeUp.structuredContent?.error], [true, 'project_not_found']);
      const started = await mcp.call('agent_session', { mode: 'start', label: 'hiring', project_id: p1 });
      const id = (started.structuredContent!.session as { agent_session_id: string }).agent_session_id;
      await mcp.call('people_search', { description: 'engineers in London', agent_session_id: id });
      await mcp.call('agent_session', { mode: 'switch_project', agent_session_id: id, project_id: p2 });
      const status = await mcp.call('agent_session', { mode: 'bind', agent_session_id: id });
      assert.not.ok(status.isError, JSON.stringify(status.structuredContent));
      const session = status.structuredContent?.session as {
        project_id: string;
        recent_searches: { tool: string; summary: string }[];
        bound_count: number;
      };
      assert.is(session.project_id, p2);
      assert.equal(
        session.recent_searches.map((r) => [r.tool, r.summary]),
        [['people_search', 'engineers in London']],
      );
      assert.is(session.bound_count, 1);
      const listed = await mcp.call('agent_session', { mode: 'list' });
      assert.ok((listed.structuredContent!.sessions as { agent_session_id: string }[]).some((x) => x.agent_session_id === id));

      const used = (await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey })).body.used;
      const other = ctx.app.account();
      const otherMcp = await connectMcp(ctx.app.url, { apiKey: other.apiKey });
      const foreign = await otherMcp.call('people_search', { description: 'engineers', agent_session_id: id });
      await otherMcp.close();
      const unknown = await mcp.call('people_search', { description: 'engineers', agent_session_id: 'as_nope' });
      await mcp.call('agent_session', { mode: 'close', agent_session_id: id });
      const closed = await mcp.call('agent_session', { mode: 'status', agent_session_id: id });
      for (const result of [foreign, unknown, closed]) {
        assert.is(result.structuredContent?.error, 'invalid_agent_session');
        assert.is(result.structuredContent?.retryable, false);
      }
      assert.is((await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey })).body.used, used, 'refused before any charge');

      const fresh = await mcp.call('agent_session', { mode: 'start' });
      const freshId = (fresh.structuredContent!.session as { agent_session_id: string }).agent_session_id;
      // start with a session id (meant as bind) is refused, not silently a second session.
      const startWithId = await mcp.call('agent_session', { mode: 'start', agent_session_id: freshId });
      assert.is(startWithId.structuredContent?.error, 'validation_failed');
      assert.match(String(startWithId.structuredContent?.message), 'use mode=bind');
      ctx.app.clock.advance(8 * 86_400_000);
      const expired = await mcp.call('agent_session', { mode: 'status', agent_session_id: freshId });
      assert.is(expired.structuredContent?.error, 'invalid_agent_session');
    } finally {
      await mcp.close();
    }
  },
);

s(
  'bulk_export writes a CSV behind a signed link: rows and quoting match, tampering is 403, expiry 410, billed per row delivered',
  async (ctx) => {
    const { apiKey } = ctx.app.account({ tier: 'pro' });
    const mcp = await connectMcp(ctx.app.url, { apiKey });
    try {
      const usedBefore = (await ctx.app.call('GET', '/api/v1/credits/status', { key: apiKey })).body.used as number;
      const result = await mcp.call('bulk_export', { description: 'people in London', max_rows: 500 });
      assert.not.ok(result.isError, JSON.stringify(result.structuredContent));
      const out = result.structuredContent as { url: string; row_count: number; columns: string[] };
      assert.is(out.row_count, 12);
      const used = ((await ctx.app.call('GET', '/api/v1/credits/status', { key: apiKey })).body.used as number) - usedBefore;
      assert.ok(Math.abs(used - 12 * 0.004) < 1e-9, `billed for the 12 rows written, not the 500 asked: ${used}`);

      const download = await fetch(out.url);
      assert.is(download.status, 200);
      assert.match(download.headers.get('content-type') ?? '', 'text/csv');
      const lines = (await download.text()).trimEnd().split('\r\n');
      assert.is(lines[0], out.columns.join(','));
      assert.is(lines.length, 13);

      const link = new URL(out.url);
      link.searchParams.set('signature', `${link.searchParams.get('signature')!.slice(0, -2)}xx`);
      assert.is((await fetch(link)).status, 403);
      const later = new URL(out.url);
      later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 1));
      assert.is((await fetch(later)).status, 403, 'the expiry is signed too');
      ctx.app.clock.advance(25 * 3_600_000);
      assert.is((await fetch(out.url)).status, 410);
    } finally {
      await mcp.close();
    }
  },
);

s('service_action administers keys and delegates without escalation; account_read shows the account', async (ctx) => {
  const limited = ctx.app.account({ scopes: ['search', 'profiles-read'], name: 'Limited' });
  let mcp = await connectMcp(ctx.app.url, { apiKey: limited.apiKey });
  try {
    const escalate = await mcp.call('service_action', { mode: 'create_api_key', name: 'more', scopes: ['search', 'enrich'] });
    assert.is(escalate.structuredContent?.error, 'scope_not_held');
    assert.equal(escalate.structuredContent?.required_scopes, ['enrich']);

    const created = await mcp.call('service_action', { mode: 'create_api_key', name: 'narrow', scopes: ['search'] });
    const secret = created.structuredContent?.secret as string;
    const keyId = (created.structuredContent!.api_key as { id: string }).id;
    assert.is((await ctx.app.call('GET', '/api/v1/credits/status', { key: secret })).status, 200, 'the new key works');
    const listed = await mcp.call('service_action', { mode: 'list_api_keys' });
    assert.is((listed.structuredContent!.api_keys as unknown[]).length, 2);
    assert.not.ok(JSON.stringify(listed.structuredContent).includes(secret), 'secrets are never listed');
    const revoked = await mcp.call('service_action', { mode: 'revoke_api_key', key_id: keyId });
    assert.is(revoked.structuredContent?.revoked_calling_key, false);
    assert.is((await ctx.app.call('GET', '/api/v1/credits/status', { key: secret })).status, 401);
    const foreign = await mcp.call('service_action', { mode: 'revoke_api_key', key_id: 'key_of_someone' });
    assert.is(foreign.structuredContent?.error, 'key_not_found');

    // A narrow key cannot take away a wider one.
    const narrowMcp = await connectMcp(ctx.app.url, {
      apiKey: secretOf(await mcp.call('service_action', { mode: 'create_api_key', name: 'n2', scopes: ['search'] })),
    });
    try {
      const wider = await narrowMcp.call('service_action', { mode: 'revoke_api_key', key_id: limited.keyId });
      assert.is(wider.structuredContent?.error, 'scope_not_held');
      assert.equal(wider.structuredContent?.required_scopes, ['profiles-read']);
    } finally {
      await narrowMcp.close();
    }

    // Only a key holding every account scope changes delegate grants (tester, 2026-11-29: a
    // search-only key removed an active grant): a narrow key can neither ask nor withdraw.
    for (const mode of ['add_delegate', 'remove_delegate'] as const) {
      const narrow = await mcp.call('service_action', { mode, delegate_user_id: ctx.userId });
      assert.is(narrow.structuredContent?.error, 'scope_not_held', mode);
      assert.ok((narrow.structuredContent!.required_scopes as string[]).includes('communications'), mode);
    }
    assert.equal(ctx.app.services.delegates.list(limited.userId), [], 'nothing was asked');
    await mcp.close();
    // The same account with a key holding every scope.
    const full = createApiKey(ctx.app.services, { userId: limited.userId, scopes: [...SCOPES] }).apiKey;
    mcp = await connectMcp(ctx.app.url, { apiKey: full });

    // Asking to act for someone is only a request until they accept it with a key of their own.
    const added = await mcp.call('service_action', { mode: 'add_delegate', delegate_user_id: ctx.userId });
    assert.is(added.structuredContent?.changed, true);
    assert.is(added.structuredContent?.status, 'pending');
    const asDelegate = () =>
      ctx.app.call('GET', `/api/v1/credits/status?delegate_user_id=${ctx.userId}`, { key: limited.apiKey }).then((r) => r.status);
    assert.is(await asDelegate(), 403, 'a pending request gives no access');
    const account = await mcp.call('account_read', {});
    assert.is((account.structuredContent!.account as { user_id: string }).user_id, limited.userId);
    assert.equal(
      (account.structuredContent!.delegates as { user_id: string; status: string }[]).map((d) => [d.user_id, d.status]),
      [[ctx.userId, 'pending']],
    );
    assert.ok((account.structuredContent!.credits as { account_credit_pool: unknown }).account_credit_pool);

    const delegate = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
    const stranger = ctx.app.account({ scopes: ['search'] });
    try {
      const incoming = await delegate.call('service_action', { mode: 'list_delegations' });
      assert.equal(
        (incoming.structuredContent!.delegations as { owner_user_id: string; status: string }[]).map((d) => [d.owner_user_id, d.status]),
        [[limited.userId, 'pending']],
      );
      const unknown = await delegate.call('service_action', { mode: 'accept_delegation', owner_user_id: stranger.userId });
      assert.is(unknown.structuredContent?.error, 'delegation_not_found');
      const accepted = await delegate.call('service_action', { mode: 'accept_delegation', owner_user_id: limited.userId });
      assert.equal([accepted.structuredContent?.status, accepted.structuredContent?.changed], ['active', true]);
      assert.is(await asDelegate(), 200, 'in force once accepted');
      // The delegate can end it from their side.
      const declined = await delegate.call('service_action', { mode: 'decline_delegation', owner_user_id: limited.userId });
      assert.is(declined.structuredContent?.changed, true);
      assert.is(await asDelegate(), 403);
    } finally {
      await delegate.close();
    }
    // Only a key holding every scope can accept: the owner could then read and send as them.
    const narrowDelegate = ctx.app.account({ scopes: ['search'] });
    await mcp.call('service_action', { mode: 'add_delegate', delegate_user_id: narrowDelegate.userId });
    // The owner can withdraw a request still pending.
    const withdrawn = await mcp.call('service_action', { mode: 'remove_delegate', delegate_user_id: narrowDelegate.userId });
    assert.is(withdrawn.structuredContent?.changed, true, JSON.stringify(withdrawn.structuredContent));
    await mcp.call('service_action', { mode: 'add_delegate', delegate_user_id: narrowDelegate.userId });
    const narrowSide = await connectMcp(ctx.app.url, { apiKey: narrowDelegate.apiKey });
    try {
      // Nor can it decline: a leaked narrow key of the delegate cannot end the owner's grants either.
      for (const mode of ['accept_delegation', 'decline_delegation'] as const) {
        const refused = await narrowSide.call('service_action', { mode, owner_user_id: limited.userId });
        assert.is(refused.structuredContent?.error, 'scope_not_held', mode);
      }
      assert.is(ctx.app.services.delegates.get(limited.userId, narrowDelegate.userId)?.acceptedAt, null, 'still pending');
      // Reading the grants needs no more than any key.
      const listed = await narrowSide.call('service_action', { mode: 'list_delegations' });
      assert.is((listed.structuredContent!.delegations as unknown[]).length, 1);
    } finally {
      await narrowSide.close();
    }
    // An operator's grant (the CLI) is in force at once, and puts a pending request in force.
    addDelegate(ctx.app.services, limited.userId, ctx.userId);
    assert.is(await asDelegate(), 200);
    const removed = await mcp.call('service_action', { mode: 'remove_delegate', delegate_user_id: ctx.userId });
    assert.is(removed.structuredContent?.changed, true);
    const again = await mcp.call('service_action', { mode: 'remove_delegate', delegate_user_id: ctx.userId });
    assert.is(again.structuredContent?.error, 'delegate_not_found');
  } finally {
    await mcp.close();
  }
});

s('report_feedback is stored; get_product_help answers from the real definitions', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const bad = await mcp.call('report_feedback', { message: ' ', category: 'bug' });
    assert.is(bad.structuredContent?.error, 'validation_failed');
    const ok = await mcp.call('report_feedback', {
      message: 'Missing people at Company 2',
      category: 'missing_data',
      tool: 'people_search',
    });
    assert.match(String(ok.structuredContent?.feedback_id), /^fb_/);
    assert.is(ctx.app.services.feedback.count(ctx.userId), 1);
    const help = await mcp.call('get_product_help', { topic: 'credits' });
    assert.match(JSON.stringify(help.structuredContent), 'free 5');
    // The contacts topic names every mode contacts_action takes (it is written from the tool's own enum).
    const contacts = JSON.stringify((await mcp.call('get_product_help', { topic: 'contacts' })).structuredContent);
    const modes = (contactsActionTool.inputSchema as { properties: { mode: { enum: string[] } } }).properties.mode.enum;
    assert.equal(
      modes.filter((m) => !new RegExp(`\\b${m}\\b`).test(contacts)),
      [],
    );
    for (const topic of ['astrology', 'constructor', '__proto__', 'hasOwnProperty']) {
      const missing = await mcp.call('get_product_help', { topic });
      assert.is(missing.structuredContent?.error, 'help_topic_not_found', topic);
    }
  } finally {
    await mcp.close();
  }
});

s.run();
