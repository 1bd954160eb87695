import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadContactsCorpus, P } from '../../helpers/contacts-corpus.js';
import { connectMcp } from '../../helpers/mcp-client.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

test('connector: contacts_action runs a reconciliation; every write without user_confirmed is confirmation_required', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app);
    const { apiKey } = app.account({ personId: P(100), scopes: ['contacts-read', 'contacts-write'] });
    const mcp = await connectMcp(app.url, { apiKey });
    try {
      const act = async (args: Row) => {
        const res = await mcp.call('contacts_action', args);
        assert.not.ok(res.isError, `${args.mode}: ${JSON.stringify(res.structuredContent)}`);
        return res.structuredContent!.result as Row;
      };
      assert.is((await act({ mode: 'schema' })).source_type, 'agent_reconciliation_sheet');
      const run_id = ((await act({ mode: 'start_run', source_label: 'agent sheet' })).run as Row).run_id as string;
      const rows = [
        { row_id: 'a', name: 'Bill Hartley', emails: ['w.hartley@company1.example'] },
        { row_id: 'b', name: 'Maria Lopez', job_titles: ['Software Engineer'] },
      ];
      const preview = await act({ mode: 'preview', run_id, rows });
      assert.equal(
        (preview.rows as Row[]).map((r) => r.planned_bucket),
        ['approved', 'needs_review'],
      );
      for (const mode of ['apply', 'finalize', 'confirm', 'ignore', 'bulk']) {
        const refused = await mcp.call('contacts_action', {
          mode,
          run_id,
          rows,
          entity_id: P(1),
          action: 'ignore_entity',
          entity_ids: [P(1)],
        });
        assert.equal([refused.isError, refused.structuredContent!.error], [true, 'confirmation_required'], mode);
      }
      assert.is((await act({ mode: 'review' })).total_count, 0, 'nothing was applied');
      const applied = await act({ mode: 'apply', run_id, rows, user_confirmed: true });
      const maria = (applied.rows as Row[])[1]!.entity_id as string;
      const candidates = await act({ mode: 'candidates', entity_id: maria, limit: 5 });
      assert.is((candidates.candidates as Row[]).length, 2);
      const confirmed = await act({ mode: 'confirm', entity_id: maria, candidate_user_id: P(2), user_confirmed: true });
      assert.equal([(confirmed.entity as Row).bucket, (confirmed.entity as Row).confirmed_user_id], ['approved', P(2)]);
      assert.is(((await act({ mode: 'ignore', entity_id: maria, user_confirmed: true })).entity as Row).bucket, 'ignored');
      assert.is((await act({ mode: 'bulk', action: 'restore_entity', entity_ids: [maria], user_confirmed: true })).succeeded_count, 1);
      assert.equal((await act({ mode: 'review', response_verbosity: 'minimal' })).counts, {
        resolved: 2,
        approved: 2,
        likely_match: 0,
        needs_review: 0,
        unresolved: 0,
        ignored: 0,
      });
      assert.is(((await act({ mode: 'finalize', run_id, user_confirmed: true })).run as Row).status, 'finalized');
      assert.is(((await act({ mode: 'run_status', run_id })).summary as Row).approved, 2);
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test.run();
