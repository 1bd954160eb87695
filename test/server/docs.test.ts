import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ERROR_STATUS } from '../../server/http/error-schema.js';
import { routeErrorCodes } from '../../server/http/openapi.js';
import { allRoutes } from '../../server/routes/index.js';
import { startTestApp } from '../helpers/test-app.js';

test('endpoints.json lists every mounted route with scope, billing and shapes', async () => {
  const app = await startTestApp();
  try {
    const res = await app.call('GET', '/docs/endpoints.json');
    assert.is(res.status, 200);
    const listed = (
      res.body.endpoints as { method: string; path: string; scope: unknown; billing: unknown; request: { query: unknown } }[]
    ).map((e) => `${e.method} ${e.path}`);
    const declared = allRoutes().map((r) => `${r.method} ${r.path}`);
    assert.equal(listed.sort(), declared.sort());
    const credits = (res.body.endpoints as Record<string, unknown>[]).find((e) => e.path === '/api/v1/credits')!;
    assert.is(credits.scope, 'any');
    assert.is(credits.billing, null);
    assert.ok(JSON.stringify(credits.request).includes('delegate_user_id'), 'the framework-added delegate field is documented');
    // A route that charges in its command says what it charges (auditor, 2026-11-30).
    const resolve = (res.body.endpoints as Record<string, unknown>[]).find((e) => e.path === '/api/v1/contacts/delegate-resolve')!;
    assert.equal(
      ((resolve.billing as { operations: { operation: string; price: number }[] }).operations ?? []).map((o) => [o.operation, o.price]),
      [
        ['delegate_resolve_preview', 0.01],
        ['delegate_resolve_resolved', 0.1],
        ['delegate_resolve_email_enrichment', 0.04],
      ],
    );
    const health = (res.body.endpoints as Record<string, unknown>[]).find((e) => e.path === '/healthz')!;
    assert.is(health.scope, 'none');
  } finally {
    await app.close();
  }
});

test('schema.json is an OpenAPI 3.1 document covering every route, with the error body', async () => {
  const app = await startTestApp();
  try {
    const doc = (await app.call('GET', '/docs/schema.json')).body as {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown; parameters: { name: string }[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    assert.is(doc.openapi, '3.1.0');
    for (const r of allRoutes()) {
      const op = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      assert.ok(op, `${r.method} ${r.path} missing from the OpenAPI document`);
      assert.equal(op.security, r.auth === 'none' ? [] : [{ ApiKey: [] }], `${r.method} ${r.path}: security`);
    }
    assert.ok(doc.paths['/api/v1/credits']!.get!.parameters.some((p) => p.name === 'range'));
    // The documented error schema accepts a real error body and is valid JSON Schema.
    const validate = new Ajv2020({ strict: false }).compile(doc.components.schemas.Error as object);
    const err = await app.call('GET', '/api/v1/credits');
    assert.ok(validate(err.body), JSON.stringify(validate.errors));
    assert.equal((await app.call('GET', '/public/docs/schema')).body, doc);
  } finally {
    await app.close();
  }
});

test('the error catalogue of the OpenAPI document is the table of docs/errors.md', () => {
  const doc = fs.readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  const table = [...doc.matchAll(/^\|\s*(\d{3})\s*\|\s*`([a-z][a-z0-9_]*)`\s*\|/gm)].map((m) => `${m[1]} ${m[2]}`);
  const catalogue = Object.entries(ERROR_STATUS).map(([code, status]) => `${status} ${code}`);
  assert.equal(catalogue.sort(), table.sort());
});

test('each operation documents its error statuses, each naming its codes, with the shared Error schema', async () => {
  const app = await startTestApp();
  try {
    const doc = (await app.call('GET', '/docs/schema.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
    };
    for (const r of allRoutes()) {
      const responses = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]![r.method.toLowerCase()]!.responses;
      const codes = routeErrorCodes(r);
      const statuses = [...new Set(codes.map((c) => String(ERROR_STATUS[c])))].sort();
      assert.equal(
        Object.keys(responses)
          .filter((s) => s !== '200' && s !== '302' && s !== 'default')
          .sort(),
        statuses,
        `${r.method} ${r.path}`,
      );
      for (const status of statuses) {
        const schema = responses[status]!.content['application/json']!.schema as {
          allOf: [{ $ref: string }, { properties: { error: { enum: string[] } } }];
        };
        assert.is(schema.allOf[0].$ref, '#/components/schemas/Error');
        assert.equal(
          schema.allOf[1].properties.error.enum,
          codes.filter((c) => String(ERROR_STATUS[c]) === status),
        );
      }
      // The framework's own refusals are always there.
      if (r.auth !== 'none') assert.ok(codes.includes('unauthorized'), `${r.path}: 401`);
      if (r.billing) assert.ok(codes.includes('credits_exhausted'), `${r.path}: 402`);
      if (r.request?.body) assert.ok(codes.includes('validation_failed') && codes.includes('payload_too_large'), `${r.path}: body`);
    }
  } finally {
    await app.close();
  }
});

test('the changelog is served as dated entries', async () => {
  const app = await startTestApp();
  try {
    const res = await app.call('GET', '/public/docs/changelog');
    const entries = res.body.entries as { date: string; changes: string[] }[];
    assert.ok(entries.length >= 1);
    assert.match(entries[0]!.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(entries[0]!.changes.length > 0);
    assert.match(String(res.body.markdown), /^# Changelog/);
  } finally {
    await app.close();
  }
});

test.run();
