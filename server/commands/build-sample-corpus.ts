import fs from 'node:fs';
import path from 'node:path';
import { utcDay } from '../../fixtures/generator/dates.js';
import { generateCorpus } from '../../fixtures/generator/index.js';
import type { ProgressReporter } from '../../indexer/progress.js';
import { runIndex } from '../../indexer/run-index.js';
import { INDICES } from '../../mappings/indices.js';
import type { Services } from '../services.js';

/** Seed of the sample corpus: every first start builds the same corpus. */
export const SAMPLE_SEED = 20261121;

export interface SampleCorpus {
  built: boolean;
  demoProfileId: string | null;
}

const MANIFEST = 'manifest.json';

/**
 * On a first start (no profiles index yet), generates the sample corpus into
 * `DATA_DIR/sample-corpus` as of today (the UTC day of the services' clock, so that "jobs posted
 * in the last 14 days" finds rows) and indexes it; later starts reuse it. Returns the demo
 * persona's profile id so the demo owner can be that person.
 */
export async function buildSampleCorpus(
  services: Services,
  opts: { profiles: number; progress: ProgressReporter; say: (line: string) => void },
): Promise<SampleCorpus> {
  const dir = path.join(services.config.dataDir, 'sample-corpus');
  const manifestFile = path.join(dir, MANIFEST);
  const readDemo = (): string | null =>
    fs.existsSync(manifestFile)
      ? ((JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { demo_profile_id?: string }).demo_profile_id ?? null)
      : null;
  if ((await services.engine.getAlias(INDICES.profiles.alias)).length > 0) return { built: false, demoProfileId: readDemo() };
  if (opts.profiles === 0) return { built: false, demoProfileId: null };

  const asOf = utcDay(services.clock());
  opts.say(`First start: building the sample corpus (${opts.profiles} profiles, seed ${SAMPLE_SEED}, as of ${asOf}) into ${dir}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const generated = await generateCorpus({ profiles: opts.profiles, seed: SAMPLE_SEED, outDir: dir, asOf });
  const files = Object.values(generated.files).map((f) => f.path);
  opts.say(`Indexing it into the ${services.config.searchEngine} engine`);
  const summary = await runIndex({
    files,
    swap: false,
    resume: false,
    batchSize: 1000,
    rejectsFile: path.join(services.config.dataDir, 'rejects', 'sample-corpus.jsonl'),
    checkpointDir: path.join(services.config.dataDir, 'indexer'),
    engine: services.engine,
    graph: services.graph,
    // The baseline of the change set: a later snapshot's changes are signals (docs/signals.md).
    changes: services.signals.changes,
    clock: services.clock,
    progress: opts.progress,
  });
  if (summary.rejected > 0)
    throw new Error(
      `the sample corpus had ${summary.rejected} rejected records (see ${summary.rejectsFile}); this is a bug in the generator`,
    );
  opts.say(`Sample corpus ready: ${summary.indexed} records in ${(summary.durationMs / 1000).toFixed(1)}s`);
  return { built: true, demoProfileId: generated.demoProfileId };
}
