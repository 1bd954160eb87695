/**
 * A uvu suite over one embedded-engine index holding `docs`: created in a temporary directory
 * before the suite (one shard, no replica) and removed after it. The query-builder tests run
 * their built bodies against it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { IndexDefinition } from '../../mappings/indices.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';

export interface LoadedIndex {
  engine: EmbeddedEngine;
  dir: string;
}

export function loadedIndexSuite(
  title: string,
  index: string,
  definition: IndexDefinition,
  docs: readonly Record<string, unknown>[],
): Test<LoadedIndex> {
  const s = suite<LoadedIndex>(title);
  s.before(async (ctx) => {
    ctx.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-loaded-index-'));
    ctx.engine = new EmbeddedEngine(ctx.dir);
    await ctx.engine.createIndex(index, {
      ...definition,
      settings: { ...definition.settings, number_of_shards: 1, number_of_replicas: 0 },
    });
    const result = await ctx.engine.bulk(
      index,
      docs.map((d) => ({ op: 'index' as const, id: d.id as string, doc: d })),
    );
    assert.equal(result.failed, []);
    await ctx.engine.refresh(index);
  });
  s.after(async (ctx) => {
    await ctx.engine.close();
    fs.rmSync(ctx.dir, { recursive: true, force: true });
  });
  return s;
}
