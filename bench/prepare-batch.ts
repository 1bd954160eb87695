/**
 * `node --import tsx bench/prepare-batch.ts [CORPUS_DIR]`: the cost of a prepare worker's work on
 * one thread, per profile: parsing and validating a snapshot line, then turning built documents
 * into the embedded engine's rows (search-engine/embedded/prepare.ts), in batches of 1,000 with
 * a trained source dictionary, three rounds. Wall and CPU time, since this machine's speed
 * varies from run to run: compare two builds by alternating them. CORPUS_DIR defaults to the
 * 100k bench corpus (`npm run bench` generates it).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { noLookups, toDocument } from '../indexer/transform/documents.js';
import { checkLine } from '../indexer/validate.js';
import { INDICES } from '../mappings/indices.js';
import { buildCatalog } from '../search-engine/embedded/catalog.js';
import { prepareBatch } from '../search-engine/embedded/prepare.js';
import { codecOfLayout, trainSourceDictionary, withSourceEncoding } from '../search-engine/embedded/source-codec.js';
import { foldingOfLayout, LAYOUT_VERSION } from '../search-engine/embedded/tables.js';
import type { IndexSpec } from '../search-engine/port.js';

const PROFILES = 24_000;
const corpus = process.argv[2] ?? path.join(import.meta.dirname, '.cache', 'corpus-100000-s1');
const lines = zlib
  .gunzipSync(fs.readFileSync(path.join(corpus, 'profiles.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter(Boolean)
  .slice(0, PROFILES);
const spec = { settings: INDICES.profiles.settings, mappings: INDICES.profiles.mappings } as IndexSpec;
const root = withSourceEncoding(buildCatalog(spec, 'bench', foldingOfLayout(LAYOUT_VERSION)), codecOfLayout(LAYOUT_VERSION), null);

function time(label: string, fn: () => void): void {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  fn();
  const used = process.cpuUsage(cpu);
  const perWall = Number(process.hrtime.bigint() - wall) / 1e3 / lines.length;
  const perCpu = (used.user + used.system) / lines.length;
  console.log(`${label.padEnd(24)} ${perWall.toFixed(1)} µs wall, ${perCpu.toFixed(1)} µs CPU a profile`);
}

const records: Record<string, unknown>[] = [];
time('parse and validate', () => {
  for (const line of lines) {
    const checked = checkLine('profiles', line);
    if (checked.ok && !checked.deleted) records.push(checked.record);
  }
});
const docs = records.map((r) => ({ id: r.id as string, doc: toDocument('profiles', r, noLookups()) }));
root.sourceDictionary = trainSourceDictionary(
  root,
  docs.slice(0, 60).map((d) => d.doc),
);
for (let round = 1; round <= 3; round++) {
  time(`prepare, round ${round}`, () => {
    for (let i = 0; i < docs.length; i += 1_000) prepareBatch(spec, root, docs.slice(i, i + 1_000));
  });
}
