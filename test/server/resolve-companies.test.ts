import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { COMPANIES } from '../../mappings/indices.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import type { SearchEngine } from '../../search-engine/port.js';
import { resolveCompanyMentions } from '../../server/commands/search/resolve-companies.js';

const test = suite<{ engine: SearchEngine; dir: string }>('resolveCompanyMentions');

test.before(async (ctx) => {
  ctx.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-resolve-companies-'));
  ctx.engine = new EmbeddedEngine(ctx.dir);
  const index = `${COMPANIES.alias}-test-${Date.now()}`;
  await ctx.engine.createIndex(index, {
    settings: { ...COMPANIES.settings, number_of_shards: 1, number_of_replicas: 0 },
    mappings: COMPANIES.mappings,
  });
  const docs = [
    { id: 'c1', name: 'Acme Robotics', aliases: ['Acme', 'ACME Corp'], industry: 'Manufacturing', employee_count: 1200 },
    { id: 'c2', name: 'Acme', aliases: [], industry: 'Software', employee_count: 40 },
    { id: 'c3', name: 'Globex', aliases: ['Globex Corporation'], industry: 'Software', employee_count: 300 },
    { id: 'c4', name: 'Zürich Analytics', aliases: ['ZA'], industry: 'Software', employee_count: 80 },
    { id: 'c5', name: 'Initech', aliases: ['Initrode'], industry: 'Software', employee_count: 90 },
    { id: 'c6', name: 'Initrode', aliases: [], industry: 'Software', employee_count: 10 },
  ];
  const res = await ctx.engine.bulk(
    index,
    docs.map((d) => ({ op: 'index' as const, id: d.id, doc: d })),
  );
  assert.equal(res.failed, []);
  await ctx.engine.swapAlias(COMPANIES.alias, index);
  await ctx.engine.refresh(index);
});

test.after(async (ctx) => {
  await ctx.engine.close();
  fs.rmSync(ctx.dir, { recursive: true, force: true });
});

test('resolves names and aliases case- and accent-insensitively; unknown names stay unresolved', async (ctx) => {
  const { resolved, unresolved } = await resolveCompanyMentions(
    [
      { text: 'globex corporation', relation: 'current_employment' },
      { text: 'zurich analytics', relation: 'past_employment' },
      { text: 'Hooli', relation: 'any_employment' },
    ],
    ctx.engine,
  );
  assert.equal(
    resolved.map((r) => [r.mention.text, r.id, r.name]),
    [
      ['globex corporation', 'c3', 'Globex'],
      ['zurich analytics', 'c4', 'Zürich Analytics'],
    ],
  );
  assert.equal(unresolved, [{ text: 'Hooli', relation: 'any_employment' }]);
});

test('an exact name beats an alias, whatever the size', async (ctx) => {
  const { resolved } = await resolveCompanyMentions([{ text: 'ACME', relation: 'current_employment' }], ctx.engine);
  assert.equal(resolved[0]?.id, 'c2');
  const other = await resolveCompanyMentions([{ text: 'initrode', relation: 'current_employment' }], ctx.engine);
  assert.equal(other.resolved[0]?.id, 'c6');
});

test('works on the mentions the parser finds', async (ctx) => {
  const parsed = parsePeopleQuery('ex-Globex engineers who previously worked at Initech');
  assert.equal(parsed.companies, [
    { text: 'Globex', relation: 'past_employment' },
    { text: 'Initech', relation: 'past_employment' },
  ]);
  const { resolved } = await resolveCompanyMentions(parsed.companies, ctx.engine);
  assert.equal(
    resolved.map((r) => r.id),
    ['c3', 'c5'],
  );
});

test('no companies index: everything stays unresolved', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-resolve-companies-empty-'));
  const engine = new EmbeddedEngine(dir);
  try {
    const { resolved, unresolved } = await resolveCompanyMentions([{ text: 'Acme', relation: 'current_employment' }], engine);
    assert.equal(resolved, []);
    assert.equal(unresolved.length, 1);
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
