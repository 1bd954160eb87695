import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConnectorCorpus, personId, REQUESTER } from '../helpers/connector-corpus.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Ctx {
  app: TestApp;
  apiKey: string;
}
const s = suite<Ctx>('connector refuses what REST truncates or clamps');

s.before(async (ctx) => {
  ctx.app = await startTestApp();
  await loadConnectorCorpus(ctx.app);
  ctx.apiKey = ctx.app.account({ personId: personId(REQUESTER), name: 'Requester' }).apiKey;
});
s.after(async (ctx) => ctx.app?.close());

const many = (n: number, prefix = 'v') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const uuids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const names = (n: number) => ({
  companies: [{ relation: 'current_employment', operator: 'include', where: { identity: { names: many(n, 'Co') } } }],
});

// Each case: a tool, its arguments, the pointer REST would truncate or clamp (docs/mcp.md, "REST clamps, the connector rejects").
const CASES: [string, Record<string, unknown>, string][] = [
  // The auditor's two cases (M1).
  ['people_search', { filters: { connected_to: uuids(26) }, network_filter_mode: 'connected_to', limit: 1 }, '/filters/connected_to'],
  ['people_search', { filters: names(101) }, '/filters/companies/0/where/identity/names'],
  ['people_search', { filters: { exclude_connected_to: uuids(26) } }, '/filters/exclude_connected_to'],
  ['people_search', { filters: { skills: { include: many(101) } } }, '/filters/skills/include'],
  ['people_search', { filters: { schools: ['x'.repeat(201)] } }, '/filters/schools'],
  ['people_search', { filters: { languages: many(101).map((name) => ({ name })) } }, '/filters/languages'],
  ['people_search', { search_metadata: { filters: { connected_to: uuids(26) } } }, '/search_metadata/filters/connected_to'],
  ['people_search', { keywords: ['y'.repeat(201)] }, '/keywords'],
  ['discover_employers', { filters: names(101) }, '/filters/companies/0/where/identity/names'],
  ['bulk_export', { filters: { connected_to: uuids(26) } }, '/filters/connected_to'],
  ['company_search', { filters: { names: many(101, 'Co') } }, '/filters/names'],
  ['company_search', { filters: { industries: { include: many(101) } } }, '/filters/industries/include'],
  ['company_search_batch', { searches: [{ query: 'software' }, { filters: { names: many(101, 'Co') } }] }, '/searches/1/filters/names'],
  ['jobs_search', { filters: { hiring: { published_within_days: 5000 } } }, '/filters/hiring/published_within_days'],
  ['jobs_search', { filters: { keywords: many(101) } }, '/filters/keywords'],
  ['posts_search', { filters: { posts: { topics: many(51) } } }, '/filters/posts/topics'],
  ['posts_search', { filters: { posts: { posted_within_days: 40_000 } } }, '/filters/posts/posted_within_days'],
];

s('over-limit filters are refused with invalid_search_request, before anything is charged', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const before = await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey });
    for (const [tool, args, path] of CASES) {
      // The SDK client checks structuredContent against the tool's output schema, errors included.
      const result = await mcp.call(tool, args);
      assert.is(result.isError, true, `${tool} ${path}: ${JSON.stringify(result.structuredContent)}`);
      assert.is(result.structuredContent?.error, 'invalid_search_request', `${tool} ${path}`);
      const receipts = result.structuredContent?.receipts as { path: string; action: string; message: string }[];
      // A value over its characters is said of that value (`/filters/schools/0`), a list of its length at the list.
      const receipt = receipts.find((r) => r.path === path || r.path.startsWith(`${path}/`));
      assert.ok(receipt, `${tool}: a receipt for ${path}: ${JSON.stringify(receipts)}`);
      assert.is(receipt!.action, 'rejected');
      // Refused by the published schema, which states the limit (a list's items, a value's characters),
      // or by REST's own normaliser run over the arguments (docs/mcp.md).
      assert.match(receipt!.message, /connector's limit|must NOT have more than \d+ (items|characters)/);
    }
    const after = await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey });
    assert.is(after.body.used, before.body.used, 'refused calls cost nothing');
  } finally {
    await mcp.close();
  }
});

s('input at the limit is served; REST truncates the same over-limit input with a receipt', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const atLimit = await mcp.call('people_search', {
      filters: { connected_to: uuids(25) },
      network_filter_mode: 'connected_to',
      limit: 1,
    });
    assert.not.ok(atLimit.isError, JSON.stringify(atLimit.structuredContent));
    // Duplicates pass as on REST (removed): 100 names of which two differ only in case. The published
    // schema counts values as sent, so 101 are refused whatever they repeat: what passes it, the search takes.
    const duplicated = await mcp.call('company_search', { filters: { names: [...many(99, 'Co'), 'co0'] } });
    assert.not.ok(duplicated.isError, JSON.stringify(duplicated.structuredContent));
    const over = await mcp.call('company_search', { filters: { names: [...many(100, 'Co'), 'co0'] } });
    assert.is(over.structuredContent?.error, 'invalid_search_request');
    const rest = await ctx.app.call('POST', '/api/v1/search/people', {
      key: ctx.apiKey,
      body: { filters: { connected_to: uuids(26) }, limit: 1 },
    });
    assert.is(rest.status, 200);
    const receipts = rest.body.receipts ?? (rest.body.search_metadata as { receipts?: unknown })?.receipts;
    assert.match(JSON.stringify(receipts ?? rest.body), /Used the first 25 of 26 values/);
  } finally {
    await mcp.close();
  }
});

s.run();
