import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConnectorCorpus, personId, REQUESTER } from '../helpers/connector-corpus.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * How the connector's search tools guide an agent (an outside tester's findings): empty searches
 * refused for free, profiles read by id, lookups billed once per person, receipts for fields and
 * sentences that cannot work as sent, schemas that state the limits enforced.
 */
interface Ctx {
  app: TestApp;
  apiKey: string;
}
const s = suite<Ctx>('connector search guidance');

s.before(async (ctx) => {
  ctx.app = await startTestApp();
  await loadConnectorCorpus(ctx.app);
  ctx.apiKey = ctx.app.account({ personId: personId(REQUESTER), name: 'Requester' }).apiKey;
});
s.after(async (ctx) => ctx.app?.close());

const used = async (ctx: Ctx): Promise<number> =>
  (await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey })).body.used as number;

s('a search of no criterion is refused with invalid_search_request, before any charge', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const cases: [string, Record<string, unknown>, string][] = [
      ['people_search', {}, '/'],
      ['people_search', { description: '' }, '/'],
      ['people_search', { description: '   \n ' }, '/'],
      ['people_search', { filters: {}, limit: 5 }, '/'],
      ['people_search', { filters: { job_titles: { include: [] }, sort_by: 'last_name' } }, '/'],
      ['people_search', { search_metadata: { filters: {}, keywords: [] } }, '/'],
      ['people_search', { count_only: true }, '/'],
      ['discover_employers', {}, '/'],
      ['discover_employers', { description: ' ' }, '/'],
      ['company_search', {}, '/'],
      ['company_search', { query: '' }, '/'],
      ['company_search_batch', { searches: [{ query: 'software companies' }, {}] }, '/searches/1'],
      ['jobs_search', {}, '/'],
      ['jobs_search', { query: ' ', filters: {} }, '/'],
      ['posts_search', {}, '/'],
      ['posts_search', { sort_by: 'recent', filters: { posts: {} } }, '/'],
    ];
    const before = await used(ctx);
    for (const [tool, args, path] of cases) {
      const label = `${tool} ${JSON.stringify(args)}`;
      // The SDK client validates structuredContent against the output schema: an error that did not fit would throw.
      const result = await mcp.call(tool, args);
      assert.is(result.isError, true, label);
      assert.is(result.structuredContent?.error, 'invalid_search_request', label);
      assert.match(String(result.structuredContent?.message), /empty search/, label);
      const receipts = result.structuredContent?.receipts as { path: string; action: string }[];
      assert.ok(
        receipts.some((r) => r.path === path && r.action === 'rejected'),
        `${label}: ${JSON.stringify(receipts)}`,
      );
    }
    assert.is(await used(ctx), before, 'refused searches cost nothing');
    // One criterion is enough, however small: these run (and are billed) as before.
    for (const [tool, args] of [
      ['people_search', { network_filter_mode: 'filter', limit: 2 }],
      ['people_search', { filters: { locations: { include: ['London'] } }, limit: 2 }],
      ['people_search', { professional_username: 'person1' }],
      ['company_search', { filters: { names: ['Company 1'] } }],
      ['jobs_search', { where: { locations: ['London'] } }],
      ['posts_search', { filters: { posts: { action_types: ['post'] } } }],
    ] as const) {
      const result = await mcp.call(tool, args);
      assert.not.ok(result.isError, `${tool}: ${JSON.stringify(result.structuredContent)}`);
    }
    // REST keeps answering an empty body (input_mode "empty"), as docs/people-search.md says.
    const rest = await ctx.app.call('POST', '/api/v1/search/people', { key: ctx.apiKey, body: {} });
    assert.is(rest.status, 200);
    assert.is((rest.body.search_metadata as { input_mode: string }).input_mode, 'empty');
  } finally {
    await mcp.close();
  }
});

s.run();
