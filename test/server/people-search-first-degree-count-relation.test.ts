import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countRelation } from '../../query-planner/first-degree.js';
import { verifyFirstDegree } from '../../server/commands/search/people/verify-first-degree.js';

/** Candidates 0..n-1; `confirmed` are confirmed by the service graph, `held` only by an unchecked source. */
function run(n: number, confirmed: Set<number>, held: Set<number>) {
  const ids = Array.from({ length: n }, (_, i) => `p${i}`);
  return verifyFirstDegree({
    offset: 0,
    limit: 0,
    budget: 10_000,
    fetch: async (from, size) => ({ ids: ids.slice(from, from + size), total: n }),
    check: (batch) => new Map(batch.filter((id) => confirmed.has(Number(id.slice(1)))).map((id) => [id, new Set(['service' as const])])),
    onlyUncheckedSourceKnows: (id) => held.has(Number(id.slice(1))),
  });
}

test('a count is exact only when every candidate was examined, every source checked, and nothing withheld', async () => {
  const all = await run(5, new Set([0, 1, 2]), new Set());
  assert.is(countRelation(all, 0), 'exact');
  // An unchecked source withheld a candidate.
  const withheld = await run(5, new Set([0, 1]), new Set([2]));
  assert.is(withheld.withheld, 1);
  assert.is(countRelation(withheld, 1), 'lower_bound');
  // A source was left unchecked, though nothing it holds was among the candidates.
  assert.is(countRelation(all, 1), 'lower_bound');
  // Candidates beyond the budget remain.
  assert.is(countRelation({ candidatesRemain: true, withheld: 0 }, 0), 'lower_bound');
});

test.run();
