import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadContactsCorpus, P } from '../../helpers/contacts-corpus.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;

const ROWS = [
  { row_id: 'r1', name: 'Bill Hartley', emails: ['W.Hartley@company1.example'], crm_owner: 'sales' },
  { row_id: 'r2', first_name: 'Bill', last_name: 'Hartely', organization_names: ['Company 1, Inc.'] },
  { row_id: 'r3', name: 'Maria Lopez', job_titles: ['Software Engineer'] },
  { row_id: 'r4', name: 'Zebedee Quartermaine' },
  { row_id: 'r5', organization_names: ['Company 1'] },
];

test('reconciliation: schema, run, preview (audit only), confirmed apply (idempotent), review queue, finalize', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(100), scopes: ['contacts-read', 'contacts-write'] });
    const { apiKey: searchOnly } = app.account({ scopes: ['search'] });
    const { apiKey: comms } = app.account({ scopes: ['communications'] });
    const other = app.account({ scopes: ['contacts-read', 'contacts-write'] });
    const call = (method: string, path: string, body?: unknown, k = key) => app.call(method, path, { key: k, body });

    const schema = await call('GET', '/api/v1/contacts/reconciliation/schema', undefined, searchOnly);
    assert.is(schema.status, 200, 'the search scope opens the read routes');
    assert.equal(
      [schema.body.source_type, Object.keys((schema.body.row_schema as Row).properties as Row).length],
      ['agent_reconciliation_sheet', 10],
    );
    assert.is((await call('GET', '/api/v1/contacts/reconciliation/schema', undefined, comms)).status, 403);

    const made = await call('POST', '/api/v1/contacts/reconciliation/runs', { source_label: 'CRM export' });
    assert.is(made.status, 200, made.text);
    const runId = (made.body.run as Row).run_id as string;
    const base = `/api/v1/contacts/reconciliation/runs/${runId}`;

    const preview = await call('POST', `${base}/batches/preview`, { batch_index: 0, rows: ROWS });
    assert.is(preview.status, 200, preview.text);
    assert.equal(
      (preview.body.rows as Row[]).map((r) => [r.row_id, r.status, r.planned_bucket]),
      [
        ['r1', 'resolved', 'approved'],
        ['r2', 'likely_match', 'likely_match'],
        ['r3', 'needs_review', 'needs_review'],
        ['r4', 'unresolved', 'unresolved'],
        ['r5', 'unresolved', 'unresolved'],
      ],
    );
    assert.equal((preview.body.rows as Row[])[0]!.extra, { crm_owner: 'sales' });
    assert.equal([(preview.body.rows as Row[])[4]!.reason], ['nothing_to_match_on']);
    assert.is((await call('GET', '/api/v1/contacts/reconciliation/review')).body.total_count, 0, 'a preview changes no contact');

    // Apply: confirmation required, the write scope required.
    const unconfirmed = await call('POST', `${base}/batches`, { batch_index: 0, rows: ROWS });
    assert.equal([unconfirmed.status, unconfirmed.body.error], [400, 'confirmation_required']);
    assert.is((await call('POST', `${base}/batches`, { batch_index: 0, rows: ROWS, user_confirmed: true }, searchOnly)).status, 403);
    const applied = await call('POST', `${base}/batches`, { batch_index: 0, rows: ROWS, user_confirmed: true });
    assert.is(applied.status, 200, applied.text);
    assert.equal(
      (applied.body.rows as Row[]).map((r) => [r.row_id, r.bucket, r.selected_user_id]),
      [
        ['r1', 'approved', P(1)],
        ['r2', 'likely_match', null],
        ['r3', 'needs_review', null],
        ['r4', 'unresolved', null],
        ['r5', 'unresolved', null],
      ],
    );
    // The same batch again (a retry after a timeout): the same batch, no row twice.
    const again = await call('POST', `${base}/batches`, { batch_index: 0, rows: ROWS, user_confirmed: true });
    assert.equal([again.body.batch_id, (again.body.summary as Row).replayed], [applied.body.batch_id, true]);
    assert.equal(
      (again.body.rows as Row[]).map((r) => r.entity_id),
      (applied.body.rows as Row[]).map((r) => r.entity_id),
    );

    const compact = await call('GET', '/api/v1/contacts/reconciliation/review?limit=2');
    assert.equal(
      [compact.body.total_count, compact.body.limit, compact.body.offset, compact.body.has_more, 'counts' in compact.body],
      [5, 2, 0, true, false],
    );
    assert.equal(compact.body.pagination, { total_count: 5, limit: 2, offset: 0, has_more: true });
    assert.ok(((compact.body.items as Row[])[0]!.next_actions as string[]).length > 0);
    const minimal = await call('GET', '/api/v1/contacts/reconciliation/review?minimal_fields=true&bucket=likely_match');
    assert.equal(minimal.body.counts, { resolved: 1, approved: 1, likely_match: 1, needs_review: 1, unresolved: 2, ignored: 0 });
    assert.equal(
      (minimal.body.items as Row[]).map((i) => [i.row_id, 'next_actions' in i, i.selected_user_id]),
      [['r2', false, P(1)]],
    );
    const detailed = await call('GET', '/api/v1/contacts/reconciliation/review?response_verbosity=detailed&bucket=needs_review');
    const review = (detailed.body.items as Row[])[0]!;
    assert.equal((review.candidates as Row[]).map((c) => c.user_id).sort(), [P(2), P(3)]);
    assert.ok(((review.candidates as Row[])[0]!.evidence as Row[]).length > 0);

    const read = await call('GET', base);
    assert.equal(
      [(read.body.summary as Row).entities, (read.body.summary as Row).applied_rows, (read.body.summary as Row).previewed_rows],
      [5, 5, 5],
    );
    assert.equal(
      (read.body.batches as Row[]).map((b) => [b.mode, b.batch_index]),
      [
        ['apply', 0],
        ['preview', 0],
      ],
    );
    assert.is((await call('GET', base, undefined, other.apiKey)).status, 404);
    assert.equal([(await call('POST', `${base}/finalize`, {})).body.error], ['confirmation_required']);
    const finalized = await call('POST', `${base}/finalize`, { user_confirmed: true });
    assert.equal([(finalized.body.run as Row).status, (finalized.body.summary as Row).approved], ['finalized', 1]);
    assert.equal([(await call('POST', `${base}/finalize`, { user_confirmed: true })).status], [200]);
    const late = await call('POST', `${base}/batches/preview`, { rows: ROWS });
    assert.equal([late.status, late.body.error], [409, 'reconciliation_run_finalized']);
    assert.equal(
      [
        (await call('POST', `${base}/batches/preview`, { rows: [] })).status,
        (await call('POST', `${base}/batches/preview`, { rows: Array(101).fill({}) })).status,
      ],
      [400, 400],
    );
  } finally {
    await app.close();
  }
});

test('apply with allow_identity_resolution false approves nothing; identity_resolution_limit caps approvals', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(100), scopes: ['contacts-read', 'contacts-write'] });
    const run = async (options: Row) =>
      ((await app.call('POST', '/api/v1/contacts/reconciliation/runs', { key, body: { options } })).body.run as Row).run_id as string;
    const apply = async (runId: string, body: Row) =>
      (await app.call('POST', `/api/v1/contacts/reconciliation/runs/${runId}/batches`, { key, body: { user_confirmed: true, ...body } }))
        .body;
    const none = await apply(await run({ allow_identity_resolution: false }), { rows: [ROWS[0]] });
    assert.equal(
      (none.rows as Row[]).map((r) => r.bucket),
      ['likely_match'],
    );
    const capped = await run({ identity_resolution_limit: 1 });
    await apply(capped, { batch_index: 0, rows: [ROWS[0]] });
    const second = await apply(capped, { batch_index: 1, rows: [{ ...ROWS[0], row_id: 'again' }] });
    assert.equal(
      (second.rows as Row[]).map((r) => r.bucket),
      ['likely_match'],
      'the limit of one approval is reached',
    );
  } finally {
    await app.close();
  }
});

test.run();
