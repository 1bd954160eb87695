import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INDICES, MAPPING_VERSION, physicalIndexName } from '../../mappings/indices.js';
import type { SearchEngine } from '../../search-engine/port.js';
import { assertCurrentMappings, mappingVersionOf } from '../../server/commands/assert-current-mappings.js';

/** An engine whose aliases point at the given indices (nothing else is called). */
const engineWith = (aliases: Record<string, string[]>) =>
  ({ getAlias: async (alias: string) => aliases[alias] ?? [] }) as unknown as SearchEngine;

test('the mapping version is read from a physical index name, and only from one', () => {
  assert.is(mappingVersionOf('proxima-profiles', 'proxima-profiles-v1-20261130t064400000-ab12'), 1);
  assert.is(mappingVersionOf('proxima-profiles', physicalIndexName('profiles')), MAPPING_VERSION);
  assert.is(mappingVersionOf('proxima-profiles', 'people'), null);
  assert.is(mappingVersionOf('proxima-profiles', 'proxima-jobs-v1-x'), null);
});

test('indices of the current mapping, or under other names, are served', async () => {
  await assertCurrentMappings(
    engineWith({ [INDICES.profiles.alias]: [physicalIndexName('profiles')], [INDICES.jobs.alias]: ['jobs-by-hand'] }),
    '/data',
  );
  await assertCurrentMappings(engineWith({}), '/data');
});

test('an index of an older mapping is refused, named, with the rebuild to run', async () => {
  const old = 'proxima-profiles-v1-20261130t064400000-ab12';
  try {
    await assertCurrentMappings(
      engineWith({ [INDICES.profiles.alias]: [old], [INDICES.jobs.alias]: [physicalIndexName('jobs')] }),
      '/data',
    );
    assert.unreachable('an old index must be refused');
  } catch (e) {
    const message = (e as Error).message;
    assert.ok(message.includes(`proxima-profiles -> ${old} (mapping v1)`), message);
    assert.not.ok(message.includes('proxima-jobs ->'), message);
    assert.ok(message.includes('proxima index --swap /data/sample-corpus/*.jsonl.gz'), message);
  }
});

test.run();
