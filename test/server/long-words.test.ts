/**
 * A word longer than any word searched is refused, not dropped (docs/errors.md,
 * `query_word_too_long`): dropped, a text of nothing else searched everyone and was charged. Every
 * route and MCP tool that reads a search text; a word of exactly 200 characters is searched.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_WORD_CHARS, refuseOverlongWords } from '../../server/commands/search/long-words.js';
import { AppError } from '../../server/errors.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { company, indexSnapshots, post, profile, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp } from '../helpers/test-app.js';

const word = (n: number) => Array.from({ length: n }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7) % 26]).join('');

test('the word is found where it is, whatever surrounds it; a URL or a hyphenated run is read in parts', () => {
  const over = word(MAX_WORD_CHARS + 1);
  const refused = (text: string) => {
    try {
      refuseOverlongWords(text);
      return null;
    } catch (err) {
      assert.instance(err, AppError);
      return (err as AppError).extra;
    }
  };
  assert.equal(refused(`senior engineers ${over} in Berlin`), { word_offset: 17, word_chars: 201, max_word_chars: 200 });
  assert.equal(refused(`é${over}`)?.word_chars, 202);
  assert.is(refused(word(MAX_WORD_CHARS)), null);
  assert.is(refused(`https://x.example/${'ab/'.repeat(200)}`), null);
  assert.is(refused('ab-'.repeat(200)), null);
  assert.is(refused(`${'abc '.repeat(2000)}`), null);
});

test('every search route and tool refuses the word with 400, charging nothing; 200 characters are searched', async () => {
  const app = await startTestApp();
  try {
    const files = [
      writeSnapshot(app.dataDir, 'companies.jsonl', [company(1)]),
      writeSnapshot(app.dataDir, 'profiles.jsonl', [profile(1)]),
      writeSnapshot(app.dataDir, 'posts.jsonl', [post(1, profile(1).id as string)]),
    ];
    await indexSnapshots(app, files);
    const { apiKey: key } = app.account();
    const over = word(MAX_WORD_CHARS + 1);
    const routes: [string, string][] = [
      ['/api/v1/search/people/preview', 'query'],
      ['/api/v1/search/people', 'description'],
      ['/api/v2/search/people/query', 'query'],
      ['/api/v1/companies/search/preview', 'query'],
      ['/api/v1/search/jobs/preview', 'query'],
      ['/api/v1/search/jobs/with-people', 'query'],
      ['/api/v1/search/posts/preview', 'query'],
    ];
    for (const [path, field] of routes) {
      const res = await app.call('POST', path, { key, body: { [field]: `engineers ${over}` } });
      assert.is(res.status, 400, `${path}: ${res.text.slice(0, 200)}`);
      assert.is(res.body.error, 'query_word_too_long', path);
      assert.is(res.headers.get('x-service-credits-charged') ?? '0', '0', path);
      const kept = await app.call('POST', path, { key, body: { [field]: `engineers ${word(MAX_WORD_CHARS)}` } });
      assert.is(kept.status, 200, `${path} at the limit: ${kept.text.slice(0, 200)}`);
    }
    const mcp = await connectMcp(app.url, { apiKey: key });
    try {
      for (const [tool, field] of [
        ['people_search', 'description'],
        ['jobs_search', 'query'],
      ]) {
        const res = await mcp.call(tool!, { [field!]: over });
        assert.ok(res.isError, `${tool}: ${JSON.stringify(res.content).slice(0, 200)}`);
        assert.match(
          JSON.stringify(res.content),
          /holds a word of 201 characters/,
          `${tool}: ${JSON.stringify(res.content).slice(0, 300)}`,
        );
      }
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test.run();
