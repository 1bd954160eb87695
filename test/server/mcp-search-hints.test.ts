import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_PARSED, readsAsSentence, sentenceValues } from '../../server/commands/search/sentence-values.js';
import { loadConnectorCorpus, personId, REQUESTER } from '../helpers/connector-corpus.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * What the connector's searches tell an agent when the request cannot work as sent (an outside
 * tester's findings M9 and L2): a sentence given as a filter value gets a warning naming it and
 * where it belongs; messages name the connector's tools, never a REST path.
 */
interface Ctx {
  app: TestApp;
  apiKey: string;
}
const s = suite<Ctx>('connector search hints');

s.before(async (ctx) => {
  ctx.app = await startTestApp();
  await loadConnectorCorpus(ctx.app);
  ctx.apiKey = ctx.app.account({ personId: personId(REQUESTER), name: 'Requester' }).apiKey;
});
s.after(async (ctx) => ctx.app?.close());

const used = async (ctx: Ctx): Promise<number> =>
  (await ctx.app.call('GET', '/api/v1/credits/status', { key: ctx.apiKey })).body.used as number;

s('a sentence reads as one; titles and places, however long, do not', () => {
  for (const value of [
    'senior data engineers in Berlin who know Spark',
    'anywhere in europe that is remote friendly',
    'product managers with fintech experience in London',
  ])
    assert.ok(readsAsSentence(value, value.includes('anywhere') ? 'place' : 'title'), value);
  for (const value of [
    'Senior Data Engineer',
    'VP of Engineering, EMEA',
    'Staff Software Engineer, Machine Learning Infrastructure',
    'Head of Sales, DACH & Nordics',
    'Regional Sales Director, Northern Europe',
  ])
    assert.is(readsAsSentence(value, 'title'), null, value);
  for (const value of ['Washington, District of Columbia, United States', 'Las Palmas de Gran Canaria', 'San Francisco Bay Area'])
    assert.is(readsAsSentence(value, 'place'), null, value);
  // A request of many long values parses the first few only (a long value takes the parser ~3 ms).
  const many = Array.from({ length: 30 }, (_, i) => `engineers in Berlin who know Spark number ${i}`);
  assert.is(sentenceValues([{ field: 'filters.job_titles.include', kind: 'title', values: many }]).length, MAX_PARSED);
});

s('people_search: a sentence as a job title gets a warning naming it and description; billed as before', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const sentence = 'senior data engineers in Berlin who know Spark';
    const before = await used(ctx);
    const result = await mcp.call('people_search', { filters: { job_titles: { include: [sentence, 'Engineer'] } }, limit: 2 });
    assert.not.ok(result.isError, JSON.stringify(result.structuredContent));
    const warnings = result.structuredContent?.warnings as { code: string; message: string }[];
    assert.is(warnings.length, 1, JSON.stringify(warnings));
    assert.is(warnings[0]?.code, 'filter_value_is_a_sentence');
    assert.match(warnings[0]!.message, `filters.job_titles.include "${sentence}"`);
    assert.match(warnings[0]!.message, /as description/);
    assert.match(warnings[0]!.message, /job_titles, locations, skills/);
    assert.ok((await used(ctx)) > before, 'the search ran and was billed as before');
    // REST says the same (the warning is the command's).
    const rest = await ctx.app.call('POST', '/api/v1/search/people', {
      key: ctx.apiKey,
      body: { filters: { locations: { include: ['anywhere in europe that is remote friendly'] } }, limit: 2 },
    });
    assert.is(rest.status, 200);
    const restWarnings = rest.body.warnings as { code: string; message: string }[];
    assert.match(
      restWarnings[0]?.message ?? '',
      'filters.locations.include "anywhere in europe that is remote friendly" reads as a sentence',
    );
    // Real titles and places: no warning.
    const plain = await mcp.call('people_search', {
      filters: { job_titles: { include: ['VP of Engineering, EMEA'] }, locations: { include: ['London'] } },
      limit: 2,
    });
    assert.equal(plain.structuredContent?.warnings, []);
    // Parsed text is never flagged.
    const parsed = await mcp.call('people_search', { description: sentence, limit: 2 });
    assert.equal(parsed.structuredContent?.warnings, []);
  } finally {
    await mcp.close();
  }
});

s('jobs_search: a sentence as a place gets a connector warning naming it and query', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const sentence = 'anywhere in europe that is remote friendly';
    for (const args of [
      { where: { locations: [sentence] } },
      { filters: { hiring: { locations: { include: [sentence] } } }, with_people: true },
    ]) {
      const result = await mcp.call('jobs_search', args);
      assert.not.ok(result.isError, JSON.stringify(result.structuredContent));
      const warnings = result.structuredContent?.warnings as { code: string; message: string }[];
      assert.is(warnings.length, 1, JSON.stringify(warnings));
      assert.is(warnings[0]?.code, 'filter_value_is_a_sentence');
      assert.match(warnings[0]!.message, `"${sentence}" reads as a sentence, not one place`);
      assert.match(warnings[0]!.message, /as query/);
    }
    const plain = await mcp.call('jobs_search', { where: { locations: ['London'], job_titles: ['Software Engineer'] } });
    assert.equal(plain.structuredContent?.warnings, []);
    // REST's job responses are unchanged: no warnings field.
    const rest = await ctx.app.call('POST', '/api/v1/search/jobs/preview', {
      key: ctx.apiKey,
      body: { filters: { hiring: { locations: { include: [sentence] } } } },
    });
    assert.is(rest.status, 200);
    assert.not.ok('warnings' in rest.body);
  } finally {
    await mcp.close();
  }
});

s('a zero names the filter that removed everyone, when leaving one out finds people', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const result = await mcp.call('people_search', {
      filters: { locations: { include: ['London'] }, job_titles: { include: ['Zymurgist'] } },
      limit: 2,
    });
    assert.not.ok(result.isError, JSON.stringify(result.structuredContent));
    const reason = result.structuredContent?.no_results_reason as { code: string; message: string; conclusive: boolean };
    assert.is(reason.code, 'no_matching_profiles');
    assert.is(reason.conclusive, true);
    // Without the title, the eleven Londoners besides the requester; without London, still nobody (not named).
    assert.is(reason.message, 'No profile matches every filter: without filters.job_titles ("Zymurgist"), 11 people match.');
    // One filter alone: nothing to leave out, the message as before.
    const alone = await mcp.call('people_search', { filters: { job_titles: { include: ['Zymurgist'] } } });
    assert.is(
      (alone.structuredContent!.no_results_reason as { message: string }).message,
      'No profile matches every filter; try removing one.',
    );
  } finally {
    await mcp.close();
  }
});

/** Every string in a tool's answer that names a REST path. */
const restPaths = (value: unknown): string[] =>
  typeof value === 'string'
    ? /\/api\/v\d/.test(value)
      ? [value]
      : []
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(restPaths)
      : [];

s('connector messages name tools, never REST paths; REST keeps its own words', async (ctx) => {
  const mcp = await connectMcp(ctx.app.url, { apiKey: ctx.apiKey });
  try {
    const company = await mcp.call('company_search', { query: 'software companies' });
    const companySearchId = company.structuredContent?.search_id as string;
    assert.type(companySearchId, 'string');
    // A company search's id given to replay: said to be one, with what takes it.
    const replay = await mcp.call('replay_search_result', { search_id: companySearchId });
    assert.is(replay.structuredContent?.error, 'search_not_found');
    const message = String(replay.structuredContent?.message);
    assert.match(message, 'It is the search_id of a company search (company_search)');
    assert.match(message, 'filters.companies[].where.search_id to people_search');
    assert.match(message, 'replay_search_result takes the search_id of a people_search result');
    const unknown = await mcp.call('replay_search_result', { search_id: 'srch_000000000000000000000000' });
    assert.match(
      String(unknown.structuredContent?.message),
      /^No recorded people_search page "srch_0+" for this account\. replay_search_result/,
    );
    // An unknown company search in people_search's filters.
    const missing = await mcp.call('people_search', {
      filters: { companies: [{ operator: 'include', where: { search_id: '00000000-0000-4000-8000-000000000000' } }] },
    });
    assert.is(missing.structuredContent?.error, 'search_not_found');
    // A post search's binding names people_search.
    const posts = await mcp.call('posts_search', { query: 'post' });
    assert.not.ok(posts.isError, JSON.stringify(posts.structuredContent));
    const binding = posts.structuredContent?.people_search_binding as { description: string };
    assert.match(binding.description, 'Pass filters as the filters argument of people_search');
    for (const result of [replay, unknown, missing, posts]) assert.equal(restPaths(result.structuredContent), []);
    // REST says its routes, as before.
    const rest = await ctx.app.call('GET', `/api/v1/search/people/${companySearchId}`, { key: ctx.apiKey });
    assert.is(rest.status, 404);
    assert.match(String(rest.body.message), 'It is the search_id of a company search (POST /api/v1/companies/search/preview)');
    assert.match(String(rest.body.message), 'Only full searches (POST /api/v1/search/people or /api/v2/search/people/query) are stored');
    const restPosts = await ctx.app.call('POST', '/api/v1/search/posts/preview', { key: ctx.apiKey, body: { query: 'post' } });
    assert.match(
      String((restPosts.body.people_search_binding as { description: string }).description),
      'POST /api/v1/search/people or /preview',
    );
  } finally {
    await mcp.close();
  }
});

s.run();
