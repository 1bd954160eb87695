import crypto from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadContactsCorpus, P } from '../../helpers/contacts-corpus.js';
import { tid } from '../../helpers/snapshots.js';
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
      ['agent_reconciliation_sheet', 11],
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
    // A malformed escape in a profile URL is no username (it answered 500).
    const scratch = (await call('POST', '/api/v1/contacts/reconciliation/runs', {})).body.run as Row;
    const escaped = await call('POST', `/api/v1/contacts/reconciliation/runs/${scratch.run_id}/batches/preview`, {
      rows: [{ row_id: 'e', name: 'Bill Hartley', emails: ['W.Hartley@company1.example'], professional_url: 'https://x.example/in/%ZZ' }],
    });
    assert.is(escaped.status, 200, escaped.text);
    assert.is((escaped.body.rows as Row[])[0]!.status, 'resolved');
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
    // The same rows with their fields in another order are the same batch.
    const reordered = (ROWS as Record<string, unknown>[]).map((r) => Object.fromEntries(Object.entries(r).reverse()));
    const same = await call('POST', `${base}/batches`, { batch_index: 0, rows: reordered, user_confirmed: true });
    assert.equal([same.status, (same.body.summary as Row).replayed], [200, true], same.text);
    // Other rows under an applied index would be lost: refused, and nothing stored.
    const otherRows = await call('POST', `${base}/batches`, {
      batch_index: 0,
      rows: [{ row_id: 'r9', name: 'Someone Else' }],
      user_confirmed: true,
    });
    assert.equal(
      [otherRows.status, otherRows.body.error, (otherRows.body as Row).batch_index],
      [409, 'batch_index_reused', 0],
      otherRows.text,
    );
    const changed = (ROWS as Record<string, unknown>[]).map((r, i) => (i === 0 ? { ...r, name: 'Changed Name' } : r));
    assert.is((await call('POST', `${base}/batches`, { batch_index: 0, rows: changed, user_confirmed: true })).status, 409);
    // Two rows of one batch under one row_id would be one entity: refused before anything is matched.
    const twins = await call('POST', `${base}/batches`, {
      batch_index: 7,
      rows: [
        { row_id: 'same', name: 'A B' },
        { row_id: 'same', name: 'C D' },
      ],
      user_confirmed: true,
    });
    assert.equal([twins.status, ((twins.body.errors as Row[]) ?? [])[0]?.pointer], [400, '/rows/1/row_id'], twins.text);

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
    // Two applies at once of other rows under one new index: one is stored, the other refused.
    const side = ((await call('POST', '/api/v1/contacts/reconciliation/runs', {})).body.run as Row).run_id as string;
    const both = await Promise.all(
      [[{ row_id: 'x1', name: 'First1 Last1' }], [{ row_id: 'y1', name: 'Nobody Here' }]].map((rows) =>
        call('POST', `/api/v1/contacts/reconciliation/runs/${side}/batches`, { batch_index: 0, rows, user_confirmed: true }),
      ),
    );
    assert.equal(both.map((r) => r.status).sort(), [200, 409], both.map((r) => r.text).join(' '));
    assert.equal([(await call('POST', `${base}/finalize`, {})).body.error], ['confirmation_required']);
    const finalized = await call('POST', `${base}/finalize`, { user_confirmed: true });
    assert.equal([(finalized.body.run as Row).status, (finalized.body.summary as Row).approved], ['finalized', 1]);
    assert.equal([(await call('POST', `${base}/finalize`, { user_confirmed: true })).status], [200]);
    const late = await call('POST', `${base}/batches/preview`, { rows: ROWS });
    assert.equal([late.status, late.body.error], [409, 'reconciliation_run_finalized']);
    // Finalized while a batch's rows are matched: that batch is refused, or counted by the finalize;
    // no batch is stored after it.
    const sideBase = `/api/v1/contacts/reconciliation/runs/${side}`;
    const inFlight = [1, 2, 3].map((batch_index) => call('POST', `${sideBase}/batches`, { batch_index, rows: ROWS, user_confirmed: true }));
    const closed = await call('POST', `${sideBase}/finalize`, { user_confirmed: true });
    const answers = await Promise.all(inFlight);
    const counted = (closed.body.summary as Row).apply_batches as number;
    const stored = ((await call('GET', sideBase)).body.summary as Row).apply_batches as number;
    assert.is(stored, counted, answers.map((a) => a.status).join(' '));
    assert.is(answers.filter((a) => a.status === 200).length + 1, counted);
    assert.ok(answers.every((a) => a.status === 200 || a.body.error === 'reconciliation_run_finalized'));
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

test('review actions: candidates, confirm, not-a-match, needs-review, ignore and restore, and bulk', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(100), scopes: ['contacts-read', 'contacts-write'] });
    const other = app.account({ scopes: ['contacts-read', 'contacts-write'] });
    const call = (method: string, path: string, body?: unknown, k = key) => app.call(method, path, { key: k, body });
    const runId = ((await call('POST', '/api/v1/contacts/reconciliation/runs', {})).body.run as Row).run_id as string;
    const applied = await call('POST', `/api/v1/contacts/reconciliation/runs/${runId}/batches`, { rows: ROWS, user_confirmed: true });
    const entity = Object.fromEntries((applied.body.rows as Row[]).map((r) => [r.row_id, r.entity_id as string]));
    const review = '/api/v1/contacts/reconciliation/review';
    const bucketOf = async (id: string) => {
      const all = (await call('GET', `${review}?limit=100&response_verbosity=detailed`)).body.items as Row[];
      return all.find((e) => e.entity_id === id)!;
    };

    const candidates = await call('GET', `${review}/${entity.r3}/candidates?limit=5`);
    assert.equal((candidates.body.candidates as Row[]).map((c) => c.user_id).sort(), [P(2), P(3)]);
    const asked = await call('GET', `${review}/${entity.r4}/candidates?query=${encodeURIComponent('William Hartley')}`);
    assert.is((asked.body.candidates as Row[])[0]!.user_id, P(1));
    assert.is((await call('GET', `${review}/${entity.r3}/candidates`, undefined, other.apiKey)).status, 404);

    // Confirm: the user picks the Maria Lopez at company 3.
    assert.equal(
      [(await call('POST', `${review}/${entity.r3}/confirm`, { candidate_user_id: P(3) })).body.error],
      ['confirmation_required'],
    );
    const unknown = await call('POST', `${review}/${entity.r3}/confirm`, { candidate_user_id: tid(0xa0, 999), user_confirmed: true });
    assert.equal([unknown.status, unknown.body.error], [404, 'candidate_not_found']);
    const confirmed = await call('POST', `${review}/${entity.r3}/confirm`, {
      candidate_user_id: P(3),
      candidate_snapshot: { name: 'Maria Lopez', current_company: 'Company 3' },
      user_confirmed: true,
    });
    assert.equal([(confirmed.body.entity as Row).bucket, (confirmed.body.entity as Row).confirmed_user_id], ['approved', P(3)]);
    // Not a match: the proposed person is set aside; with no other candidate the row is unresolved.
    const rejected = await call('POST', `${review}/${entity.r2}/not-a-match`, { user_confirmed: true });
    assert.equal([(rejected.body.entity as Row).bucket, (rejected.body.entity as Row).proposed_user_id], ['unresolved', null]);
    // Ignore and restore bring the entity back where it was.
    assert.is(((await call('POST', `${review}/${entity.r1}/ignore`, { user_confirmed: true })).body.entity as Row).bucket, 'ignored');
    assert.is(((await call('POST', `${review}/${entity.r1}/restore`, { user_confirmed: true })).body.entity as Row).bucket, 'approved');
    assert.is(
      ((await call('POST', `${review}/${entity.r1}/needs-review`, { user_confirmed: true })).body.entity as Row).bucket,
      'needs_review',
    );
    assert.is((await call('POST', `${review}/${entity.r1}/fly-away`, { user_confirmed: true })).status, 400);
    assert.is((await call('POST', `${review}/${entity.r1}/ignore`, { user_confirmed: true }, other.apiKey)).status, 404);

    // Bulk: confirm with entity_ids alone uses the stored proposed or top candidate; each item on its own.
    const bulk = await call('POST', `${review}/bulk`, {
      action: 'confirm_candidate',
      entity_ids: [entity.r1, entity.r5],
      items: [{ entity_id: tid(0xee, 1) }],
      user_confirmed: true,
    });
    assert.is(bulk.status, 200, bulk.text);
    assert.equal([bulk.body.requested_count, bulk.body.succeeded_count, bulk.body.failed_count], [3, 1, 2]);
    assert.equal(
      (bulk.body.results as Row[]).map((r) => [r.entity_id, r.success, r.bucket ?? r.error]),
      [
        [tid(0xee, 1), false, 'review_entity_not_found'],
        [entity.r1, true, 'approved'],
        [entity.r5, false, 'candidate_required'],
      ],
    );
    assert.is((await bucketOf(entity.r1)).confirmed_user_id, P(1));
    const ignored = await call('POST', `${review}/bulk`, {
      action: 'ignore_entity',
      entity_ids: [entity.r4, entity.r5],
      user_confirmed: true,
    });
    assert.is(ignored.body.succeeded_count, 2);
    const counts = (await call('GET', `${review}?response_verbosity=minimal`)).body.counts;
    assert.equal(counts, { resolved: 2, approved: 2, likely_match: 0, needs_review: 0, unresolved: 1, ignored: 2 });
    const none = await call('POST', `${review}/bulk`, { action: 'ignore_entity', user_confirmed: true });
    assert.equal(
      [none.status, none.body.error, ((none.body.errors as Row[]) ?? [])[0]?.pointer],
      [400, 'validation_failed', '/entity_ids'],
    );
    // Up to 100 of each list: 60 ids and 60 items are one action over 120 entities (unknown ones fail each on its own).
    const uuid = () => crypto.randomUUID();
    const wide = await call('POST', `${review}/bulk`, {
      action: 'ignore_entity',
      entity_ids: Array.from({ length: 60 }, uuid),
      items: Array.from({ length: 60 }, () => ({ entity_id: uuid() })),
      user_confirmed: true,
    });
    assert.equal([wide.status, wide.body.requested_count, wide.body.failed_count], [200, 120, 120], wide.text);
  } finally {
    await app.close();
  }
});

test('reconciliation batches are metered: 0.01 a row, previewed or applied; a replayed apply is free; an empty pool is 402', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(100), scopes: ['contacts-read', 'contacts-write'] });
    const used = async (k = key) => (await app.call('GET', '/api/v1/credits/status', { key: k })).body.used as number;
    const run = (await app.call('POST', '/api/v1/contacts/reconciliation/runs', { key, body: {} })).body.run as Row;
    const base = `/api/v1/contacts/reconciliation/runs/${run.run_id}`;
    // Four of the five rows have something to match on (r5, a company alone, is free).
    assert.is((await app.call('POST', `${base}/batches/preview`, { key, body: { rows: ROWS } })).status, 200);
    assert.is(await used(), 0.04);
    const apply = { batch_index: 0, rows: ROWS, user_confirmed: true };
    assert.is((await app.call('POST', `${base}/batches`, { key, body: apply })).status, 200);
    assert.is(await used(), 0.08);
    const again = await app.call('POST', `${base}/batches`, { key, body: apply });
    assert.is((again.body.summary as Row).replayed, true);
    assert.is(await used(), 0.08, 'answered as stored: nothing charged');

    // A free account whose pool is spent gets no matches for nothing, but reads back a batch it applied.
    const free = app.account({ tier: 'free', scopes: ['contacts-read', 'contacts-write', 'search'] });
    const spent = (await app.call('POST', '/api/v1/contacts/reconciliation/runs', { key: free.apiKey, body: {} })).body.run as Row;
    const freeBase = `/api/v1/contacts/reconciliation/runs/${spent.run_id}`;
    assert.is((await app.call('POST', `${freeBase}/batches`, { key: free.apiKey, body: apply })).status, 200);
    for (let i = 0; i < 49; i++)
      assert.is(
        (await app.call('POST', '/api/v1/search/people/preview', { key: free.apiKey, body: { query: `engineers ${i}` } })).status,
        200,
      );
    assert.is((await app.call('POST', `${freeBase}/batches/preview`, { key: free.apiKey, body: { rows: ROWS } })).status, 200);
    const refused = await app.call('POST', `${freeBase}/batches/preview`, { key: free.apiKey, body: { rows: ROWS } });
    assert.is(refused.status, 402, refused.text);
    const readBack = await app.call('POST', `${freeBase}/batches`, { key: free.apiKey, body: apply });
    assert.is(readBack.status, 200, readBack.text);
    assert.is((readBack.body.summary as Row).replayed, true);
    assert.is(await used(free.apiKey), 4.98);
  } finally {
    await app.close();
  }
});

test('rows as exports send them: null cells, numbers, one value of a list field, 100 columns; more is a clear 400', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(100), scopes: ['contacts-read', 'contacts-write'] });
    const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
    const run = (await call('POST', '/api/v1/contacts/reconciliation/runs', {})).body.run as Row;
    const preview = (rows: unknown[]) => call('POST', `/api/v1/contacts/reconciliation/runs/${run.run_id}/batches/preview`, { rows });
    const wide = Object.fromEntries(Array.from({ length: 85 }, (_, i) => [`crm_field_${i}`, i % 2 ? null : `v${i}`]));
    const sent = await preview([
      { ...wide, row_id: 7, name: 'Bill Hartley', emails: 'W.Hartley@company1.example', phone_numbers: [4155552671], job_titles: null },
    ]);
    assert.is(sent.status, 200, sent.text);
    const row = (sent.body.rows as Row[])[0]!;
    assert.equal([row.row_id, row.status], ['7', 'resolved']);
    const tooWide = await preview([Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, 'x']))]);
    assert.equal([tooWide.status, tooWide.body.error], [400, 'validation_failed'], tooWide.text);
    assert.match(String(tooWide.body.message), /100/);
  } finally {
    await app.close();
  }
});

test('rows with nothing to match on (no name, usable address, phone or handle) are answered unresolved and not charged', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(100), scopes: ['contacts-read', 'contacts-write'] });
    const used = async () => (await app.call('GET', '/api/v1/credits/status', { key })).body.used as number;
    const run = (await app.call('POST', '/api/v1/contacts/reconciliation/runs', { key, body: {} })).body.run as Row;
    const base = `/api/v1/contacts/reconciliation/runs/${run.run_id}`;
    const empty = [{ row_id: 'e1' }, { row_id: 'e2', emails: ['not-an-email'] }, { row_id: 'e3', organization_names: ['Acme'] }];
    for (const [path, body] of [
      [`${base}/batches/preview`, { batch_index: 0, rows: empty }],
      [`${base}/batches`, { batch_index: 0, rows: empty, user_confirmed: true }],
    ] as const) {
      const res = await app.call('POST', path, { key, body });
      assert.is(res.status, 200, res.text);
      assert.equal(
        (res.body.rows as Row[]).map((r) => [r.status, r.reason]),
        empty.map(() => ['unresolved', 'nothing_to_match_on']),
      );
      assert.is(res.headers.get('x-service-credits-used'), '0', path);
    }
    assert.is(await used(), 0);
    // Mixed with rows that are matched, only those are charged.
    const mixed = await app.call('POST', `${base}/batches/preview`, { key, body: { batch_index: 1, rows: [...empty, ...ROWS] } });
    assert.is(mixed.status, 200, mixed.text);
    assert.is(await used(), 0.04, 'the four rows of ROWS with a name or an address');
  } finally {
    await app.close();
  }
});

test.run();
