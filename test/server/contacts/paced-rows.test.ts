/**
 * A contact batch does not hold the event loop (docs/performance.md, "Contact batches"): other
 * work is served between its rows, a caller gone stops it before anything is stored or charged,
 * and a row that fails fails the batch without an unhandled rejection. Checked by the order
 * things happen in, never by time.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withSearchBudget } from '../../../search-engine/call-context.js';
import { pacedRows } from '../../../server/contacts/paced-rows.js';
import { loadContactsCorpus, P } from '../../helpers/contacts-corpus.js';
import { startTestApp } from '../../helpers/test-app.js';

test('other work runs between rows, and the results keep the rows order', async () => {
  const log: string[] = [];
  // Another request's work, queued as the batch starts: a timer and an I/O callback alike wait for a turn.
  setImmediate(() => log.push('other'));
  const out = await pacedRows([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
    log.push(`row ${n}`);
    await Promise.resolve();
    return n * 10;
  });
  assert.equal(out, [10, 20, 30, 40, 50, 60, 70]);
  assert.is(log.indexOf('other'), 0, 'served before the first row');
  // And again between any two rows: the loop turns before each.
  let turns = 0;
  const tick = () => {
    turns++;
    if (turns < 100) setImmediate(tick);
  };
  setImmediate(tick);
  const seen: number[] = [];
  await pacedRows([1, 2, 3, 4], 2, (n) => {
    seen.push(turns);
    return n;
  });
  assert.ok(
    seen.every((t, i) => i === 0 || t > seen[i - 1]!),
    `a turn between every two rows: ${seen}`,
  );
});

test('a caller gone stops the batch at the next row; a failing row fails it after the rows under way', async () => {
  const gone = new AbortController();
  const started: number[] = [];
  const stopped = withSearchBudget(
    10_000,
    't',
    () =>
      pacedRows([1, 2, 3, 4, 5, 6], 2, (n) => {
        started.push(n);
        if (n === 2) gone.abort(new Error('client closed'));
        return n;
      }),
    gone.signal,
  );
  await stopped.then(
    () => assert.unreachable('a batch whose caller left completes'),
    (err: Error) => assert.is(err.message, 'client closed'),
  );
  assert.equal(started, [1, 2]);

  const settled: number[] = [];
  const failing = pacedRows([1, 2, 3, 4, 5, 6], 3, async (n) => {
    if (n === 1) throw new Error('row 1 failed');
    await new Promise((r) => setImmediate(r));
    settled.push(n);
    return n;
  });
  await failing.then(
    () => assert.unreachable('a failing row fails the batch'),
    (err: Error) => assert.is(err.message, 'row 1 failed'),
  );
  assert.ok(!settled.includes(4), 'no row starts after one failed');
});

test('a reconciliation batch is paced: the server answers another request between its rows', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app);
    const { apiKey: key } = app.account({ personId: P(100), scopes: ['contacts-read', 'contacts-write'] });
    const made = await app.call('POST', '/api/v1/contacts/reconciliation/runs', { key, body: { source_label: 'paced' } });
    const runId = (made.body.run as { run_id: string }).run_id;
    // Rows with nothing to match on make no engine call: without pacing, the batch would not let
    // the loop turn once between them. Count its turns while the batch runs.
    const rows = Array.from({ length: 60 }, (_, i) => ({ row_id: `r${i}`, organization_names: [`Acme ${i}`] }));
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const preview = await app.call('POST', `/api/v1/contacts/reconciliation/runs/${runId}/batches/preview`, { key, body: { rows } });
    running = false;
    assert.is(preview.status, 200, preview.text);
    assert.ok(turns >= 2 * rows.length, `the loop turned ${turns} times for ${rows.length} rows`);
  } finally {
    await app.close();
  }
});

test.run();
