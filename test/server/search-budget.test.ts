/**
 * A request's search work runs within SEARCH_TIMEOUT_MS: past it the API answers 504
 * `search_timeout` and charges nothing; searches refused for overload answer 503
 * `search_overloaded` with Retry-After, uncharged too. Both bodies are documented codes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { callBudget } from '../../search-engine/call-context.js';
import { defineRoute } from '../../server/http/route.js';
import { buildSlowIndex, SLOW_BODY } from '../helpers/slow-index.js';
import { startTestApp } from '../helpers/test-app.js';

/** A billed route whose handler makes one slow search, as any search route would. */
const slowSearch = defineRoute({
  method: 'POST',
  path: '/test/slow-search',
  summary: 'one slow search',
  tag: 'test',
  auth: { anyOf: ['search'] },
  billing: { operation: 'people_search_preview' },
  response: { type: 'object' },
  async handler({ services }) {
    await services.engine.search('slow', SLOW_BODY);
    return { success: true };
  },
});

/** Starts the search workers (their start counts against a budget, and these budgets are short). */
async function warmUp(engine: { search(index: string, body: object): Promise<unknown> }): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await engine.search('slow', { size: 0 });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

test('a search past its budget answers 504 search_timeout and costs nothing', async () => {
  const app = await startTestApp({ extraRoutes: [slowSearch], env: { SEARCH_TIMEOUT_MS: '30' } });
  try {
    await buildSlowIndex(app.services.engine, 'slow', 8000);
    await warmUp(app.services.engine);
    const { apiKey } = app.account();
    const res = await app.call('POST', '/test/slow-search', { key: apiKey, body: {} });
    assert.is(res.status, 504);
    assert.is(res.body.error, 'search_timeout');
    assert.is(res.headers.get('x-service-credits-used'), '0');
    const status = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(status.body.used, 0);
  } finally {
    await app.close();
  }
});

test('searches beyond the queue answer 503 search_overloaded with Retry-After, uncharged', async () => {
  // Two workers, one of them for this account, and one waiting search per account.
  const app = await startTestApp({
    extraRoutes: [slowSearch],
    env: { SEARCH_TIMEOUT_MS: '60000', SEARCH_WORKERS: '2', SEARCH_QUEUE_LIMIT: '4' },
  });
  try {
    await buildSlowIndex(app.services.engine, 'slow', 8000);
    await warmUp(app.services.engine);
    const { apiKey } = app.account();
    const results = await Promise.all(Array.from({ length: 4 }, () => app.call('POST', '/test/slow-search', { key: apiKey, body: {} })));
    const statuses = results.map((r) => r.status).sort();
    assert.equal(statuses, [200, 200, 503, 503]);
    const refused = results.find((r) => r.status === 503);
    assert.is(refused?.body.error, 'search_overloaded');
    assert.is(refused?.headers.get('retry-after'), '1');
    const status = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(status.body.used, 0.2, 'only the two searches that ran are charged (0.10 each)');
  } finally {
    await app.close();
  }
});

let slowSearchesDone = 0;
const slowSearchOutcomes: string[] = [];
/** The slow search, counting the handlers that finished and how. */
const countedSlowSearch = defineRoute({
  method: 'POST',
  path: '/test/counted-slow-search',
  summary: 'one slow search, counted',
  tag: 'test',
  auth: { anyOf: ['search'] },
  billing: { operation: 'people_search_preview' },
  response: { type: 'object' },
  async handler({ services }) {
    try {
      await services.engine.search('slow', SLOW_BODY);
      slowSearchOutcomes.push('ran');
      return { success: true };
    } catch (err) {
      slowSearchOutcomes.push(`failed: ${(err as Error).message}`);
      throw err;
    } finally {
      slowSearchesDone++;
    }
  },
});

test('a client that hangs up: its waiting search is dropped and free, its running one completes and is charged', async () => {
  const app = await startTestApp({
    extraRoutes: [countedSlowSearch],
    env: { SEARCH_TIMEOUT_MS: '60000', SEARCH_WORKERS: '2', SEARCH_QUEUE_LIMIT: '8' },
  });
  try {
    await buildSlowIndex(app.services.engine, 'slow', 8000);
    await warmUp(app.services.engine);
    const { apiKey } = app.account();
    slowSearchesDone = 0;
    slowSearchOutcomes.length = 0;
    // One search runs (this account's one worker), the second waits; the client hangs up on both.
    const client = new AbortController();
    const send = () =>
      fetch(`${app.url}/test/counted-slow-search`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: '{}',
        signal: client.signal,
      }).catch((err: Error) => err.name);
    const sent = [send(), send()];
    await new Promise((r) => setTimeout(r, 50));
    client.abort();
    assert.equal(await Promise.all(sent), ['AbortError', 'AbortError']);
    for (let i = 0; i < 200 && slowSearchesDone < 2; i++) await new Promise((r) => setTimeout(r, 50));
    assert.is(slowSearchesDone, 2, 'both handlers ended');
    // The waiting one never ran: dropped when its client left, before the running one ended.
    assert.is(slowSearchOutcomes.length, 2);
    assert.match(slowSearchOutcomes[0] ?? '', /failed: .*client went away/);
    assert.is(slowSearchOutcomes[1], 'ran');
    // The dropped request is logged as a client that hung up (499, info), not as a server failure.
    const gone = app.logs.filter((l) => l.status === 499);
    assert.is(gone.length, 1, JSON.stringify(app.logs.filter((l) => typeof l.status === 'number' && (l.status as number) >= 400)));
    assert.is(gone[0]?.level, 30);
    const status = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(status.body.used, 0.1, 'the completed one is charged, the dropped one is not');
  } finally {
    await app.close();
  }
});

/** Reports the search budget its request was given, for a batch of `items`. */
const budgetProbe = defineRoute<{ items: number }>({
  method: 'POST',
  path: '/test/budget',
  summary: 'the request budget',
  tag: 'test',
  auth: { anyOf: ['search'] },
  budgetItems: (body) => body.items,
  request: { body: { type: 'object', properties: { items: { type: 'integer' } } } },
  response: { type: 'object', properties: { success: { const: true }, ms: { type: 'integer' } } },
  handler: () => ({ success: true, ms: callBudget(Number.MAX_SAFE_INTEGER).ms }),
});

test("a batch route gets one budget for each 25 of its items: 100 contacts, four searches' worth", async () => {
  const app = await startTestApp({ extraRoutes: [budgetProbe], env: { SEARCH_TIMEOUT_MS: '1000' } });
  try {
    const { apiKey } = app.account();
    const ms = async (items: number) => (await app.call('POST', '/test/budget', { key: apiKey, body: { items } })).body.ms as number;
    const hundred = await ms(100);
    assert.ok(hundred > 3_800 && hundred <= 4_000, `100 items: ${hundred} ms`);
    const one = await ms(1);
    assert.ok(one > 800 && one <= 1_000, `1 item: ${one} ms`);
    assert.ok((await ms(26)) > 1_800, '26 items: two budgets');
  } finally {
    await app.close();
  }
});

test.run();
