/**
 * Reads on worker threads with time budgets: results equal to reads on the calling thread, the
 * budget enforced inside SQLite (so even a synchronous read on the calling thread stops), the
 * event loop free while a worker searches, workers shared fairly between tenants, and overload
 * and queue time refused with clear errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withSearchBudget } from '../../search-engine/call-context.js';
import { EmbeddedEngine, type EmbeddedEngineOptions } from '../../search-engine/embedded/engine.js';
import type { SearchBody } from '../../search-engine/port.js';
import { engineFailure as failure } from '../helpers/engine-failure.js';
import { buildSlowIndex, SLOW_BODY } from '../helpers/slow-index.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-read-pool-'));

async function buildIndex(): Promise<void> {
  const engine = new EmbeddedEngine(dataDir);
  await buildSlowIndex(engine, 'people');
  await engine.close();
}

const slowBody = SLOW_BODY;
const cheapBody: SearchBody = { query: { ids: { values: ['p1', 'p2'] } }, size: 10 };

const engines: EmbeddedEngine[] = [];
function open(opts: EmbeddedEngineOptions): EmbeddedEngine {
  const engine = new EmbeddedEngine(dataDir, opts);
  engines.push(engine);
  return engine;
}

test.before(buildIndex);
test.after(async () => {
  await Promise.all(engines.map((e) => e.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('reads on workers return exactly what reads on the calling thread return', async () => {
  const local = open({});
  const pooled = open({ readers: 2 });
  assert.ok(pooled.budgetsEnforced, 'the budget extension must be built (npm install runs search-engine/embedded/native/build.mjs)');
  const bodies: SearchBody[] = [
    slowBody,
    cheapBody,
    { query: { match: { headline: 'gamma' } }, sort: [{ 'display_name.sort': 'asc' }], from: 5, size: 7, track_total_hits: true },
    { query: { bool: { filter: [{ term: { id: 'p7' } }] } }, _source: ['id', 'headline'] },
  ];
  for (const body of bodies) assert.equal(strip(await pooled.search('people', body)), strip(await local.search('people', body)));
  assert.equal(await pooled.count('people', { match: { bio: 'delta' } }), await local.count('people', { match: { bio: 'delta' } }));
  assert.equal(await pooled.mget('people', ['p3', 'nobody', 'p1']), await local.mget('people', ['p3', 'nobody', 'p1']));
  const missing = await failure(pooled.search('no-such-index', cheapBody));
  assert.is(missing.code, 'index_not_found');
});

const strip = (r: { tookMs: number }) => ({ ...r, tookMs: 0 });

test('a read past its budget is interrupted inside SQLite, on the calling thread too', async () => {
  // Synchronous SQLite work on this thread can only end early if SQLite itself interrupts it.
  const local = open({ timeoutMs: 20 });
  const err = await failure(local.search('people', slowBody));
  assert.is(err.code, 'timeout');
  assert.equal((await local.search('people', cheapBody)).hits.length, 2, 'the connection works after an interrupt');

  const pooled = open({ readers: 1, timeoutMs: 60_000 });
  await pooled.search('people', cheapBody); // starts the worker
  assert.is((await failure(withSearchBudget(20, 'someone', () => pooled.search('people', slowBody)))).code, 'timeout');
  assert.equal((await pooled.search('people', cheapBody)).hits.length, 2, 'the worker answers again after an interrupt');
});

test("a request's budget bounds every read it makes", async () => {
  const local = open({ timeoutMs: 60_000 });
  const err = await failure(withSearchBudget(20, 'someone', () => local.search('people', slowBody)));
  assert.is(err.code, 'timeout');
  const spent = await failure(withSearchBudget(0, 'someone', () => local.search('people', cheapBody)));
  assert.is(spent.code, 'timeout');
});

test('the event loop keeps turning while a worker searches', async () => {
  const pooled = open({ readers: 1, timeoutMs: 60_000 });
  await pooled.search('people', cheapBody);
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  const started = performance.now();
  await pooled.search('people', slowBody);
  const elapsed = performance.now() - started;
  clearInterval(timer);
  // Blocked, a 5 ms interval could not fire at all until the search returned.
  assert.ok(elapsed > 100, `the slow search should take a while (took ${elapsed.toFixed(0)} ms)`);
  assert.ok(ticks >= elapsed / 5 / 4, `${ticks} ticks in ${elapsed.toFixed(0)} ms`);
});

test("one tenant's searches never hold every worker: another tenant's read is served while they queue", async () => {
  const pooled = open({ readers: 2, timeoutMs: 60_000 });
  await Promise.all([pooled.search('people', cheapBody), pooled.search('people', cheapBody)]);
  const done: string[] = [];
  const heavy = [1, 2, 3].map((n) =>
    withSearchBudget(60_000, 'heavy', () => pooled.search('people', slowBody)).then(() => done.push(`heavy${n}`)),
  );
  await new Promise((r) => setTimeout(r, 20));
  const light = withSearchBudget(60_000, 'light', () => pooled.search('people', cheapBody)).then(() => done.push('light'));
  await Promise.all([...heavy, light]);
  // With two workers the heavy tenant holds one at most: its searches run one after another, and
  // the light read takes the other worker at once instead of waiting behind them.
  assert.equal(done, ['light', 'heavy1', 'heavy2', 'heavy3']);
});

test('overload is refused up front, and a read that waits past its budget fails without running', async () => {
  const pooled = open({ readers: 2, timeoutMs: 60_000, maxQueued: 10, maxQueuedPerTenant: 2 });
  await Promise.all([pooled.search('people', cheapBody), pooled.search('people', cheapBody)]);
  const running = withSearchBudget(60_000, 'busy', () => pooled.search('people', slowBody));
  const queued = [1, 2].map(() => withSearchBudget(60_000, 'busy', () => pooled.search('people', slowBody)));
  const refused = await failure(withSearchBudget(60_000, 'busy', () => pooled.search('people', cheapBody)));
  assert.is(refused.code, 'overloaded');
  // The tenant's queue is full, not the pool: another tenant is still served.
  assert.equal((await withSearchBudget(60_000, 'other', () => pooled.search('people', cheapBody))).hits.length, 2);
  await Promise.all([running, ...queued]);

  const first = withSearchBudget(60_000, 'busy', () => pooled.search('people', slowBody));
  const late = await failure(withSearchBudget(30, 'busy', () => pooled.search('people', cheapBody)));
  assert.is(late.code, 'timeout');
  await first;
});

test('a full queue makes room for a tenant with fewer waiting: busy tenants together cannot keep another out', async () => {
  const pooled = open({ readers: 2, timeoutMs: 60_000, maxQueued: 4, maxQueuedPerTenant: 2 });
  await Promise.all([pooled.search('people', cheapBody), pooled.search('people', cheapBody)]);
  // Two busy tenants: one running each, two waiting each, the whole queue.
  const calls = ['a', 'b'].flatMap((tenant) =>
    [1, 2, 3].map((n) =>
      withSearchBudget(60_000, tenant, () => pooled.search('people', slowBody)).then(
        () => `${tenant}${n} ran`,
        (err: { code?: string }) => `${tenant}${n} ${err.code}`,
      ),
    ),
  );
  await new Promise((r) => setTimeout(r, 20));
  // A third tenant is admitted: the newest call of a busiest tenant gives its place up.
  const light = withSearchBudget(60_000, 'light', () => pooled.search('people', cheapBody));
  assert.equal((await light).hits.length, 2);
  const outcomes = await Promise.all(calls);
  // Only the busy tenants' newest calls gave their places up.
  const refusedCalls = outcomes.filter((o) => o.endsWith('overloaded'));
  assert.ok(refusedCalls.length >= 1, outcomes.join(', '));
  assert.ok(
    refusedCalls.every((o) => /^[ab]3 /.test(o)),
    outcomes.join(', '),
  );
  // A tenant as busy as the others gets no place from them: the queue is full for it.
  const equals = ['c', 'd'].flatMap((tenant) =>
    [1, 2, 3].map(() => withSearchBudget(60_000, tenant, () => pooled.search('people', slowBody)).catch((err) => err)),
  );
  await new Promise((r) => setTimeout(r, 20));
  const refused = await failure(withSearchBudget(60_000, 'c', () => pooled.search('people', cheapBody)));
  assert.is(refused.code, 'overloaded');
  await Promise.all(equals);
});

test('a call whose client went away is dropped while it waits, and never runs', async () => {
  const pooled = open({ readers: 2, timeoutMs: 60_000 });
  await Promise.all([pooled.search('people', cheapBody), pooled.search('people', cheapBody)]);
  // The tenant's one worker is busy; its next call waits.
  const running = withSearchBudget(60_000, 'gone', () => pooled.search('people', slowBody));
  const client = new AbortController();
  const started = performance.now();
  const waiting = failure(withSearchBudget(60_000, 'gone', () => pooled.search('people', slowBody), client.signal));
  await new Promise((r) => setTimeout(r, 20));
  client.abort();
  const dropped = await waiting;
  assert.ok(performance.now() - started < 1000, 'dropped at once, not after the running call');
  assert.match(dropped.message, /client went away/);
  // An already-gone client's call is refused before it queues.
  assert.match(
    (await failure(withSearchBudget(60_000, 'gone', () => pooled.search('people', cheapBody), client.signal))).message,
    /client went away/,
  );
  await running;
});

test.run();
