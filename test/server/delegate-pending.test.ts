import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestApp } from '../helpers/test-app.js';

// Tester, 2026-11-30 (L9): a grant still pending was refused with the generic message, which
// explained the whole grant process but not that this grant waits for the delegate's acceptance.
test('a pending delegate grant is refused as delegate_not_allowed, saying it is pending and needs accept_delegation', async () => {
  const app = await startTestApp();
  try {
    const owner = app.account({ name: 'Owner' });
    const delegate = app.account({ name: 'Delegate' });
    const stranger = app.account({ name: 'Stranger' });
    app.services.delegates.add(owner.userId, delegate.userId, app.services.clock(), false);
    const rest = await app.call('GET', `/api/v1/credits/status?delegate_user_id=${delegate.userId}`, { key: owner.apiKey });
    assert.equal([rest.status, rest.body.error, rest.body.delegate_user_id], [403, 'delegate_not_allowed', delegate.userId]);
    assert.match(rest.body.message as string, /still pending/);
    assert.match(rest.body.message as string, /accept_delegation/);
    const mcp = await connectMcp(app.url, { apiKey: owner.apiKey });
    try {
      const res = await mcp.call('inbox_read', { delegate_user_id: delegate.userId });
      assert.equal([res.isError, res.structuredContent!.error], [true, 'delegate_not_allowed']);
      assert.match(res.structuredContent!.message as string, /still pending.*accept_delegation/s);
    } finally {
      await mcp.close();
    }
    // No grant at all: the general message, which does not say pending.
    const none = await app.call('GET', `/api/v1/credits/status?delegate_user_id=${stranger.userId}`, { key: owner.apiKey });
    assert.is(none.body.error, 'delegate_not_allowed');
    assert.not.match(none.body.message as string, /pending/);
    // Accepted, the same call goes through.
    app.services.delegates.accept(owner.userId, delegate.userId, app.services.clock());
    assert.is((await app.call('GET', `/api/v1/credits/status?delegate_user_id=${delegate.userId}`, { key: owner.apiKey })).status, 200);
  } finally {
    await app.close();
  }
});

test.run();
