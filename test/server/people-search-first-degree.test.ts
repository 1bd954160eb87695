/** First-degree verification in isolation: batches, budgets, offsets, withholding, coverage. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ConnectionSource } from '../../mappings/record-schemas.js';
import { examinationBudget } from '../../query-planner/first-degree.js';
import { verifyFirstDegree } from '../../server/commands/search/people/verify-first-degree.js';

/** Candidates c0..c(n-1); every `every`-th is confirmed by the service graph, the rest by nobody. */
function setup(n: number, every: number, opts: { uncheckedKnows?: (i: number) => boolean } = {}) {
  const ids = Array.from({ length: n }, (_, i) => `c${i}`);
  const fetches: [number, number][] = [];
  return {
    fetches,
    fetch: async (from: number, size: number) => {
      fetches.push([from, size]);
      return { ids: ids.slice(from, from + size), total: n };
    },
    check: (batch: string[]) =>
      new Map(batch.filter((id) => Number(id.slice(1)) % every === 0).map((id) => [id, new Set<ConnectionSource>(['service'])])),
    onlyUncheckedSourceKnows: (id: string) => opts.uncheckedKnows?.(Number(id.slice(1))) ?? false,
  };
}

test('the budget is max(200, ceil(1.25 x (offset + limit)))', () => {
  assert.is(examinationBudget(0, 25), 200);
  assert.is(examinationBudget(0, 10), 200);
  assert.is(examinationBudget(200, 25), 282);
  assert.is(examinationBudget(1000, 25), 1282);
});

test('candidates are checked in batches of at most 1000 and never beyond the budget', async () => {
  const s = setup(5000, 1);
  const r = await verifyFirstDegree({ offset: 1000, limit: 25, ...s });
  assert.equal(r.batches, [1000, 282]);
  assert.equal(s.fetches, [
    [0, 1000],
    [1000, 282],
  ]);
  assert.is(r.examined, 1282);
  // Offsets count confirmed people: with everyone confirmed, the page starts at candidate 1000.
  assert.equal(
    r.page.map((p) => p.id),
    Array.from({ length: 25 }, (_, i) => `c${1000 + i}`),
  );
  assert.is(r.hasMore, true);
  assert.is(r.coverage, 'complete');
});

test('offsets count confirmed people, not candidates', async () => {
  const s = setup(5000, 2); // every other candidate confirmed
  const r = await verifyFirstDegree({ offset: 25, limit: 25, ...s });
  assert.is(r.examined, 200);
  assert.is(r.confirmed, 100);
  assert.equal(r.page[0]?.id, 'c50');
  assert.equal(r.page.at(-1)?.id, 'c98');
});

test('a page that cannot be filled while candidates remain is partial_unpageable with has_more false', async () => {
  const s = setup(5000, 100, { uncheckedKnows: (i) => i % 100 !== 0 });
  const r = await verifyFirstDegree({ offset: 0, limit: 25, ...s });
  assert.is(r.examined, 200);
  assert.is(r.confirmed, 2);
  assert.is(r.page.length, 2);
  assert.is(r.coverage, 'partial_unpageable');
  assert.is(r.hasMore, false);
  assert.is(r.candidatesRemain, true);
  assert.is(r.withheld, 198);
});

test('when candidates run out the page is complete, even if short', async () => {
  const s = setup(30, 3);
  const r = await verifyFirstDegree({ offset: 0, limit: 25, ...s });
  assert.equal([r.examined, r.confirmed, r.coverage, r.hasMore, r.candidatesRemain], [30, 10, 'complete', false, false]);
});

test('count mode: a budget below the candidates gives a lower bound', async () => {
  const s = setup(3000, 1);
  const r = await verifyFirstDegree({ offset: 0, limit: 0, budget: 2500, ...s });
  assert.equal(r.batches, [1000, 1000, 500]);
  assert.is(r.confirmed, 2500);
  assert.is(r.candidatesRemain, true);
});

test.run();
