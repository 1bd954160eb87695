/**
 * A value that does not match a schema's `pattern` is told what to fix in words, never shown the
 * regular expression: every pattern of every route's request and every tool's input has words.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { patternWords } from '../../server/http/validation.js';
import { effectiveInputSchema } from '../../server/mcp/session-argument.js';
import { allTools } from '../../server/mcp/tools/index.js';
import { allRoutes } from '../../server/routes/index.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestApp } from '../helpers/test-app.js';

/** Every `pattern` a schema holds, at any depth. */
function patternsOf(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) patternsOf(s, out);
  else if (schema && typeof schema === 'object')
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'pattern' && typeof value === 'string') out.add(value);
      else patternsOf(value, out);
    }
  return out;
}

test('every pattern of a route request or a tool input has words', () => {
  const found = new Map<string, string>();
  for (const route of allRoutes())
    for (const part of ['params', 'query', 'body'] as const)
      for (const p of patternsOf(route.request?.[part])) found.set(p, `${route.method} ${route.path} ${part}`);
  for (const tool of allTools()) for (const p of patternsOf(effectiveInputSchema(tool))) found.set(p, `tool ${tool.name}`);
  assert.ok(found.size >= 5, `patterns found: ${[...found.keys()].join(', ')}`);
  for (const [pattern, where] of found)
    assert.ok(patternWords(pattern), `${where}: pattern ${pattern} has no words (matching() in server/http/validation.ts)`);
});

test('a blank v2 query, a bad export link and a bad project id are told in words, not as a pattern', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    for (const query of ['', '   ', '\u200B']) {
      const res = await app.call('POST', '/api/v2/search/people/query', { key: apiKey, body: { query } });
      assert.is(res.status, 400, res.text);
      assert.is(res.body.error, 'validation_failed');
      assert.match(String(res.body.message), 'body/query must contain at least one visible character');
      assert.not.match(res.text, 'pattern');
    }
    const link = await app.call('GET', '/exports/nope.csv?expires=soon&signature=x');
    assert.is(link.status, 400, link.text);
    assert.match(link.text, 'must be the file of a bulk export link');
    assert.match(link.text, 'must be the expiry of the link in decimal digits');
    assert.not.match(link.text, 'pattern');
    const mcp = await connectMcp(app.url, { apiKey });
    try {
      const result = await mcp.call('agent_session', { mode: 'bind', project_id: 'no spaces here' });
      assert.ok(result.isError, JSON.stringify(result));
      const text = JSON.stringify(result.structuredContent);
      assert.match(text, 'must be a project id');
      assert.not.match(text, 'pattern');
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test.run();
