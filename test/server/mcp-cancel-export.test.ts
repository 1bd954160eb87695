import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConnectorCorpus } from '../helpers/connector-corpus.js';
import { startTestApp } from '../helpers/test-app.js';

/**
 * An outside tester's case: bulk_export cancelled with notifications/cancelled (which a stateless
 * connector gets on another HTTP request) answered internal_error, retryable. Like a cancelled
 * people_search it is client_closed_request, not retryable; nothing is charged and no file is kept.
 */
test('a cancelled bulk_export answers client_closed_request: not retryable, nothing charged, no file', async () => {
  let slow = false;
  const app = await startTestApp({
    mutate: (services) => {
      // Each engine search takes 400 ms once the corpus is loaded, so the cancellation arrives mid-export.
      const search = services.engine.search.bind(services.engine);
      services.engine.search = (async (index: string, body: never) => {
        if (slow) await new Promise((r) => setTimeout(r, 400));
        return search(index, body);
      }) as typeof services.engine.search;
    },
  });
  try {
    await loadConnectorCorpus(app);
    slow = true;
    const { apiKey } = app.account();
    const rpc = (body: unknown) =>
      app.call('POST', '/mcp', {
        body: body as Record<string, unknown>,
        headers: { Accept: 'application/json, text/event-stream', Authorization: `Bearer ${apiKey}` },
      });
    const pending = rpc({
      jsonrpc: '2.0',
      id: 41,
      method: 'tools/call',
      params: { name: 'bulk_export', arguments: { description: 'software engineers', max_rows: 5000 } },
    });
    await new Promise((r) => setTimeout(r, 150));
    const cancel = await rpc({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 41, reason: 'user stop' } });
    assert.is(cancel.status, 202, cancel.text);
    const answer = await pending;
    const result = (answer.body.result ?? {}) as { isError?: boolean; structuredContent?: Record<string, unknown> };
    assert.is(result.isError, true, answer.text);
    assert.is(result.structuredContent?.error, 'client_closed_request', answer.text);
    assert.is(result.structuredContent?.retryable, false);
    const credits = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(credits.body.used, 0);
    const exportsDir = path.join(app.dataDir, 'exports');
    assert.equal(fs.existsSync(exportsDir) ? fs.readdirSync(exportsDir) : [], []);
    // Logged as a caller that left (info), not as a failure of the server.
    const line = app.logs.find((l) => l.tool === 'bulk_export');
    assert.is(line?.level, 30, JSON.stringify(line));
  } finally {
    await app.close();
  }
});

test.run();
