import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestApp } from '../helpers/test-app.js';

test('GET /public/docs/mcp lists exactly the tools the connector registers, with the same schemas, without a key', async () => {
  const app = await startTestApp();
  try {
    const res = await app.call('GET', '/public/docs/mcp');
    assert.is(res.status, 200, res.text);
    assert.is(res.body.url, `${app.url}/mcp`);
    const documented = res.body.tools as { name: string; inputSchema: unknown; outputSchema: unknown; scope: unknown }[];

    const { apiKey } = app.account();
    const mcp = await connectMcp(app.url, { apiKey });
    try {
      const { tools } = await mcp.client.listTools();
      assert.equal(
        documented.map((t) => t.name),
        tools.map((t) => t.name),
      );
      for (const tool of tools) {
        const doc = documented.find((t) => t.name === tool.name)!;
        assert.equal(doc.inputSchema, tool.inputSchema, `${tool.name} input schema`);
        assert.equal(doc.outputSchema, tool.outputSchema, `${tool.name} output schema`);
        assert.ok(doc.scope === 'any' || Array.isArray(doc.scope), `${tool.name} scope`);
        assert.ok((tool.description ?? '').length > 40, `${tool.name} has a description an agent can act on`);
      }
    } finally {
      await mcp.close();
    }
  } finally {
    await app.close();
  }
});

test.run();
