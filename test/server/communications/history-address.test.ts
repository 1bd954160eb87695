import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FAST_DISPATCH, loadCommsCorpus, P, SENDER } from '../../helpers/comms-corpus.js';
import { connectMcp } from '../../helpers/mcp-client.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

// The contract: has_prior_send is null "when the identifier resolves to no person on the
// service", and history_coverage is target_unresolved "present only in that case". An address
// alone names no one (docs/communications.md, "Identifying the person"), so its history says so,
// while still listing what the account sent to that address.
test('history of an address that names no one: has_prior_send null and target_unresolved, with the sends to it', async () => {
  const app = await startTestApp({ env: FAST_DISPATCH });
  try {
    await loadCommsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sender Hundred' });
    const never = await app.call('POST', '/api/v1/communications/history', {
      key,
      body: { recipient_email: 'never-sent@example.com', history_fresh: true },
    });
    assert.is(never.status, 200, never.text);
    assert.equal(
      [never.body.has_prior_send, never.body.history_coverage, never.body.target_user_id, (never.body.resolved_target as Row).resolved],
      [null, 'target_unresolved', null, false],
    );
    const pro = never.body.professional_history as Row;
    assert.equal([pro.tracking_status, pro.refresh_skipped_reason], ['target_unresolved', 'target_unresolved']);
    assert.equal([never.body.total_count, never.body.entries], [0, []]);

    // A live send to the address: listed as the account's own send, the person still unresolved.
    const sent = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'email_send', recipient_email: 'someone@example.com', subject: 'Hi', message: 'x', dry_run: false, wait_ms: 5000 },
    });
    assert.is(sent.status, 200, sent.text);
    const mailed = await app.call('POST', '/api/v1/communications/history', { key, body: { recipient_email: 'SOMEONE@example.com' } });
    assert.equal([mailed.body.has_prior_send, mailed.body.history_coverage, mailed.body.total_count], [null, 'target_unresolved', 1]);
    assert.is((mailed.body.entries as Row[])[0]?.communication_id, sent.body.id);
    assert.is((mailed.body.most_recent_send as Row | null)?.communication_id, sent.body.id);

    // A person named otherwise keeps a boolean and no coverage marker.
    const named = await app.call('POST', '/api/v1/communications/history', { key, body: { target_user_id: P(1) } });
    assert.equal([named.body.has_prior_send, 'history_coverage' in named.body], [false, false]);

    // The connector's history mode answers the same.
    const mcp = await connectMcp(app.url, { apiKey: key });
    try {
      const viaMcp = await mcp.call('send_communication', { mode: 'history', recipient_email: 'never-sent@example.com' });
      assert.not.ok(viaMcp.isError, JSON.stringify(viaMcp.structuredContent));
      const h = viaMcp.structuredContent?.history as Row;
      assert.equal([h.has_prior_send, h.history_coverage], [null, 'target_unresolved']);
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test.run();
