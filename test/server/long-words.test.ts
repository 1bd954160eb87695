/**
 * A word longer than any word searched (over 200 characters, as the parser's tokenizer splits
 * words): REST drops it with an `ignored` receipt, and a text of nothing else answers no one,
 * uncharged (it searched everyone, charged); the MCP tools refuse it with
 * `invalid_search_request` and a receipt. Every route and tool that reads a search text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dropOverlongWords, MAX_WORD_CHARS, overlongWords } from '../../server/commands/search/long-words.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { company, indexSnapshots, post, profile, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp } from '../helpers/test-app.js';

const word = (n: number) => Array.from({ length: n }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7) % 26]).join('');

test("a word is the parser's: runs joined by _ ' . + @ · or a soft hyphen count; a URL or hyphenated run is read in parts", () => {
  const over = word(MAX_WORD_CHARS + 1);
  assert.equal(overlongWords(`senior engineers ${over} in Berlin`), [{ offset: 17, chars: 201 }]);
  assert.equal(overlongWords(`é${over}`), [{ offset: 0, chars: 202 }]);
  assert.equal(overlongWords(word(MAX_WORD_CHARS)), []);
  for (const glue of ['_', "'", '.', '+', '@', '·', '\u00ad'])
    assert.is(overlongWords(Array.from({ length: 60 }, (_, i) => `kubq${'abcdefgh'[i % 8]}`).join(glue)).length, 1, JSON.stringify(glue));
  assert.equal(overlongWords(`https://x.example/${'ab/'.repeat(200)}`), []);
  assert.equal(overlongWords('ab-'.repeat(200)), []);
  assert.equal(overlongWords('abc '.repeat(2000)), []);
  const kept = dropOverlongWords(`engineers ${over} in Berlin`);
  assert.is(kept.nothingLeft, false);
  assert.equal(
    kept.receipts.map((r) => [r.path, r.action]),
    [['/query', 'ignored']],
  );
  assert.not.match(kept.text, over);
  assert.is(dropOverlongWords(`the ${over}_${over}`).nothingLeft, true);
  // A number left may be a filter: still searched.
  assert.is(dropOverlongWords(`10+ years ${over}`).nothingLeft, false);
  assert.is(dropOverlongWords('the engineers').receipts.length, 0);
});

test('REST drops the word with a receipt; nothing else left: no rows, nothing charged; MCP tools refuse it', async () => {
  const app = await startTestApp();
  try {
    const files = [
      writeSnapshot(app.dataDir, 'companies.jsonl', [company(1)]),
      writeSnapshot(app.dataDir, 'profiles.jsonl', [profile(1)]),
      writeSnapshot(app.dataDir, 'posts.jsonl', [post(1, profile(1).id as string)]),
    ];
    await indexSnapshots(app, files);
    const { apiKey: key } = app.account();
    const used = async () => (await app.call('GET', '/api/v1/credits/status', { key })).headers.get('x-service-credits-used');
    const joined = Array.from({ length: 60 }, (_, i) => `kubq${'abcdefgh'[i % 8]}`).join('_');
    const routes: [string, string, string][] = [
      ['/api/v1/search/people/preview', 'query', 'users'],
      ['/api/v1/search/people', 'description', 'users'],
      ['/api/v2/search/people/query', 'query', 'users'],
      ['/api/v1/companies/search/preview', 'query', 'companies'],
      ['/api/v1/search/jobs/preview', 'query', 'results'],
      ['/api/v1/search/jobs/with-people', 'query', 'groups'],
      ['/api/v1/search/posts/preview', 'query', 'results'],
      ['/api/v1/search/posts/with-people', 'query', 'results'],
    ];
    for (const [path, field, rows] of routes) {
      for (const text of [word(MAX_WORD_CHARS + 1), joined]) {
        const before = await used();
        const res = await app.call('POST', path, { key, body: { [field]: text } });
        assert.is(res.status, 200, `${path}: ${res.text.slice(0, 300)}`);
        assert.equal(res.body[rows], [], `${path}: no one, not everyone`);
        assert.ok(JSON.stringify(res.body.receipts ?? res.body.request).includes('ignored'), `${path}: ${res.text.slice(0, 600)}`);
        assert.is(await used(), before, `${path}: nothing charged`);
        if (path === '/api/v2/search/people/query') assert.is((res.body.request as { input_mode: string }).input_mode, 'natural_language');
      }
      const before = await used();
      const kept = await app.call('POST', path, { key, body: { [field]: `engineers ${word(MAX_WORD_CHARS)}` } });
      assert.is(kept.status, 200, `${path} at the limit: ${kept.text.slice(0, 200)}`);
      assert.is.not(await used(), before, `${path}: a search is charged (the check can fail)`);
    }
    // A long word beside searchable words (as hostile-input.test.ts had them): 200, the rest searched.
    const long = 'x'.repeat(300);
    for (const [path, query] of [
      ['/api/v1/companies/search/preview', `companies like ${long}`],
      ['/api/v1/search/jobs/preview', 'x'.repeat(384)],
      ['/api/v1/search/jobs/with-people', `engineers at ${long}`],
      ['/api/v2/search/people/query', `engineers at ${long}`],
      ['/api/v2/search/people/query', `${'data '.repeat(60)}engineers who studied at ${long} University`],
    ] as const) {
      const res = await app.call('POST', path, { key, body: { query } });
      assert.is(res.status, 200, `${path} ${query.slice(0, 40)}: ${res.text.slice(0, 300)}`);
    }
    const mcp = await connectMcp(app.url, { apiKey: key });
    try {
      for (const [tool, args] of [
        ['people_search', { description: joined }],
        ['discover_employers', { description: joined }],
        ['bulk_export', { description: joined }],
        ['company_search', { query: joined }],
        ['company_search_batch', { searches: [{ query: joined }] }],
        ['jobs_search', { query: joined }],
        ['posts_search', { query: joined }],
      ] as [string, Record<string, unknown>][]) {
        const res = await mcp.call(tool, args);
        const content = JSON.stringify(res.content);
        assert.ok(res.isError, `${tool}: ${content.slice(0, 200)}`);
        assert.match(content, /invalid_search_request/, `${tool}: ${content.slice(0, 300)}`);
        assert.match(content, /rejected/, `${tool}: ${content.slice(0, 300)}`);
        assert.match(content, /holds a word of 359 characters/, `${tool}: ${content.slice(0, 300)}`);
      }
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test.run();
