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

s('fields that need another option come back with a receipt naming it (REST and the connector alike)', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const args = {
      description: 'people in London',
      limit: 2,
      fields: ['id', 'name', 'profile_text', 'intro_paths', 'mutual_connection_count', 'evidence_text'],
    };
    const result = await mcp.call('people_search', args);
    assert.not.ok(result.isError, JSON.stringify(result.structuredContent));
    const receipts = result.structuredContent?.receipts as { path: string; action: string; message: string }[];
    const at = (path: string) => receipts.find((r) => r.path === path)?.message ?? '';
    assert.match(at('/fields/2'), /profile_text.*include_evidence_text.*evidence_text_mode "full"/);
    assert.match(at('/fields/3'), /intro_paths.*relationship_detail "intro_paths"/);
    assert.match(at('/fields/4'), /mutual_connection_count.*relationship_detail "summary"/);
    assert.match(at('/fields/5'), /evidence_text.*include_evidence_text/);
    assert.not.ok(at('/fields/1'), 'name comes: no receipt');
    const rest = await ctx.app.call('POST', '/api/v1/search/people', { key: ctx.apiKey, body: args });
    assert.equal(
      (rest.body.receipts as { path: string }[]).map((r) => r.path).filter((p) => p.startsWith('/fields')),
      ['/fields/2', '/fields/3', '/fields/4', '/fields/5'],
    );
    // With the options, the columns come and the receipts go.
    const asked = await mcp.call('people_search', {
      ...args,
      relationship_detail: 'intro_paths',
      include_evidence_text: true,
      fields: ['id', 'intro_paths', 'mutual_connection_count', 'evidence_text'],
    });
    assert.equal(
      (asked.structuredContent!.receipts as { path: string }[]).filter((r) => r.path.startsWith('/fields')),
      [],
    );
    const row = (asked.structuredContent!.users as Record<string, unknown>[])[0] as Record<string, unknown>;
    assert.ok('intro_paths' in row && 'mutual_connection_count' in row && typeof row.evidence_text === 'string', JSON.stringify(row));
  } finally {
    await mcp.close();
  }
});

s('people_lookup_batch reads a person by id, and bills a person named twice once', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const before = await used(ctx);
    const nobody = '00000000-0000-4000-8000-000000000000';
    const result = await mcp.call('people_lookup_batch', {
      profiles: [personId(3), 'person3', 'https://professional.example/in/person3', personId(3).toUpperCase(), nobody, 'person4'],
    });
    assert.not.ok(result.isError, JSON.stringify(result.structuredContent));
    const results = result.structuredContent?.results as Record<string, unknown>[];
    const [byId, byName, byUrl, again, missing, other] = results as Record<string, unknown>[] as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    assert.is(byId.status, 'found');
    const person = byId.person as Record<string, unknown>;
    assert.is(person.id, personId(3));
    assert.type(person.evidence_text, 'string', 'a lookup reads the profile text');
    for (const copy of [byName, byUrl, again]) {
      assert.is(copy.status, 'found');
      assert.is(copy.duplicate_of, 0);
      assert.is((copy.person as { id: string }).id, personId(3));
      assert.is(copy.search_id, byId.search_id);
    }
    assert.is(missing.status, 'not_found');
    assert.is(other.status, 'found');
    assert.is(other.duplicate_of, undefined);
    // Two people found: two lookups billed (0.25 each); the copies and the miss are free.
    assert.is(Math.round(((await used(ctx)) - before) * 100) / 100, 0.5);
    // people_search looks one person up by person_id too, as its description says (second reader, 2026-11-30).
    const looked = await mcp.call('people_search', { person_id: personId(4) });
    assert.not.ok(looked.isError, JSON.stringify(looked.structuredContent));
    assert.is(((looked.structuredContent?.users ?? []) as { id: string }[])[0]?.id, personId(4));
    // The id lookup is REST's too: person_id on POST /api/v1/search/people.
    const rest = await ctx.app.call('POST', '/api/v1/search/people', { key: ctx.apiKey, body: { person_id: personId(5) } });
    assert.is(rest.status, 200);
    assert.is((rest.body.users as { id: string }[])[0]?.id, personId(5));
    assert.is((rest.body.search_metadata as { input_mode: string }).input_mode, 'lookup');
  } finally {
    await mcp.close();
  }
});

s('published schemas state the limits enforced, descriptions say what happens, and the list is compact', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const { tools } = await mcp.client.listTools();
    const tool = (name: string) => tools.find((t) => t.name === name)!;
    const at = (schema: unknown, ...path: string[]): Record<string, unknown> => {
      let node = schema as Record<string, unknown>;
      for (const step of path)
        node = (step === 'items' ? node.items : (node.properties as Record<string, unknown>)[step]) as Record<string, unknown>;
      return node;
    };
    const people = tool('people_search').inputSchema;
    // The limits REST applies (PEOPLE_SEARCH_LIMITS), not REST's ten-times ceilings.
    assert.is(at(people, 'filters', 'skills', 'include').maxItems, 100);
    assert.is(at(people, 'filters', 'skills', 'include', 'items').maxLength, 200);
    assert.is(at(people, 'filters', 'connected_to').maxItems, 25);
    assert.is(
      at(people, 'filters', 'keywords').anyOf && (at(people, 'filters', 'keywords').anyOf as { maxItems?: number }[])[1]?.maxItems,
      64,
    );
    const names = at(people, 'filters', 'companies', 'items', 'where', 'identity', 'names');
    assert.is(names.maxItems, 100);
    assert.not.match(String(names.description), /REST/);
    assert.is(at(tool('company_search').inputSchema, 'filters', 'names').maxItems, 100);
    assert.is(at(tool('posts_search').inputSchema, 'filters', 'posts', 'topics').maxItems, 50);
    assert.is(at(tool('jobs_search').inputSchema, 'filters', 'keywords').maxItems, 100);
    // Out-of-range values are refused, and the descriptions say so (not "clamped with a receipt").
    const clamped = JSON.stringify(
      ['people_search', 'discover_employers', 'company_search', 'company_search_batch', 'jobs_search', 'posts_search', 'bulk_export'].map(
        (n) => tool(n).inputSchema,
      ),
    );
    assert.not.match(clamped, /clamped|truncated with a receipt|first \d+ used|REST uses the first/);
    assert.match(String(at(people, 'limit').description), /refused/);
    // discover_employers points company ids to where they work.
    assert.not.match(String(tool('discover_employers').description), /company ids with company_search/);
    assert.match(String(tool('discover_employers').description), /where\.identity\.ids/);
    // count_only states its price, from the rate card.
    assert.match(String(at(people, 'count_only').description), /0\.25 credit, the people_search price/);
    // search_metadata is opaque, filters.where is a sentence: the schema is a fraction of what it was (37 KB).
    assert.equal(Object.keys(at(people, 'search_metadata')), ['type', 'description']);
    assert.equal(Object.keys(at(people, 'filters', 'where')), ['type', 'description']);
    assert.ok(JSON.stringify(people).length < 16_000, `people_search inputSchema is ${JSON.stringify(people).length} characters`);
    // What the published schema leaves out is still validated: an earlier search_metadata is held to the filters' rules.
    const bad = await mcp.call('people_search', {
      search_metadata: { filters: { languages: [{ name: 'French', proficiency: 'fluent' }] } },
    });
    assert.is(bad.structuredContent?.error, 'invalid_search_request');
    const badWhere = await mcp.call('people_search', { filters: { where: { skills: { include: ['x'.repeat(201)] } } } });
    assert.is(badWhere.structuredContent?.error, 'invalid_search_request');
  } finally {
    await mcp.close();
  }
});

s.run();
