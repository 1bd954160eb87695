/**
 * `npm run bench -- --loader`: the indexer's own cost of feeding OpenSearch (issue 17, part 3).
 * No OpenSearch node can run here, so the loader feeds a local stand-in in a child process
 * (bench/bulk-server.ts): it speaks the bulk API, checks every request and NDJSON line against
 * the OpenSearch specification, answers like OpenSearch, and injects faults (429 on whole
 * requests, 429/503 on items). The real indexer (`runIndex`, the OpenSearch adapter, a full
 * `--swap` reindex) loads a generated corpus's companies, then its profiles; the profiles' rate
 * includes creating the index, the load settings, the settings restored, the refresh, the count
 * check and the alias swap. Afterwards the ids in the new index are compared with the snapshot's:
 * none may be missing and none extra.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { silentProgress } from '../indexer/progress.js';
import { defaultWorkers, runIndex } from '../indexer/run-index.js';
import { INDICES } from '../mappings/indices.js';
import { buildServices, closeServices } from '../server/build-services.js';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import type { BulkServerReport } from './bulk-server.js';

const ROOT = path.resolve(new URL('..', import.meta.url).pathname);

export interface LoaderOptions {
  concurrency: number;
  flushBytes: number;
  /** Every n-th bulk request is refused whole with 429 (0: never). */
  rejectEvery: number;
  /** Probability that an item is refused (429 or 503). */
  itemFailRate: number;
  batchSize: number;
  /** Prepare workers (default: the indexer's, the cores up to 4; 0: all on the main thread). */
  workers?: number;
}

export const DEFAULT_LOADER_OPTIONS: LoaderOptions = {
  concurrency: 4,
  flushBytes: 5 * 1024 * 1024,
  rejectEvery: 25,
  itemFailRate: 0.002,
  batchSize: 1000,
};

export interface LoaderResult {
  profiles: number;
  options: LoaderOptions;
  companies: { read: number; seconds: number };
  load: {
    read: number;
    indexed: number;
    rejected: number;
    seconds: number;
    profiles_per_second: number;
    /** Loader process CPU during the profiles load (user + system, its worker threads included), seconds. */
    loader_cpu_seconds: number;
    /** The same per profile, microseconds. */
    loader_cpu_us_per_profile: number;
    /** The stand-in's CPU during the profiles load, seconds (it shares the two cores). */
    server_cpu_seconds: number;
    /** Profiles per second the loader could feed with every core of this machine to itself: cores ÷ CPU per profile. */
    loader_capacity_per_second: number;
    workers: number;
    peak_rss_mb: number;
  };
  server: BulkServerReport;
  bytes_per_profile_ndjson: number;
  check: { expected: number; in_index: number; missing: number; extra: number; settings_restored: boolean; alias_swapped: boolean };
  target_profiles_per_second: number;
  target_met: boolean;
}

/** Profiles per second the loader must feed (issue 17). */
export const LOADER_TARGET = 20_000;

function startServer(opts: LoaderOptions): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench', 'bulk-server.ts'), String(opts.rejectEvery), String(opts.itemFailRate), '7'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bulk server exited early (${code})`)));
    lines.once('line', (line) => resolve({ url: (JSON.parse(line) as { url: string }).url, child }));
  });
}

async function idsOf(file: string): Promise<string[]> {
  const input = fs.createReadStream(file).pipe(file.endsWith('.gz') ? zlib.createGunzip() : new PassThrough());
  const out: string[] = [];
  for await (const line of readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY }))
    if (line.trim()) out.push((JSON.parse(line) as { id: string }).id);
  return out;
}

export async function benchLoader(corpusDir: string, opts: LoaderOptions = DEFAULT_LOADER_OPTIONS): Promise<LoaderResult> {
  const file = (kind: string) =>
    ['.jsonl.gz', '.jsonl'].map((ext) => path.join(corpusDir, `${kind}${ext}`)).find((f) => fs.existsSync(f)) as string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-loader-bench-'));
  const server = await startServer(opts);
  const get = async <T>(p: string): Promise<T> => (await (await fetch(server.url + p)).json()) as T;
  const services = buildServices(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SAMPLE_PROFILES: '0',
      SEARCH_ENGINE: 'opensearch',
      OPENSEARCH_URL: server.url,
      OPENSEARCH_BULK_CONCURRENCY: String(opts.concurrency),
      OPENSEARCH_BULK_BYTES: String(opts.flushBytes),
      // The stand-in answers at once: a short first wait keeps injected 429s from dominating.
      OPENSEARCH_BULK_RETRY_MS: '50',
    }),
    { logger: createLogger('silent') },
  );
  const run = (files: string[]) =>
    runIndex({
      files,
      swap: true,
      resume: false,
      batchSize: opts.batchSize,
      rejectsFile: path.join(dataDir, 'rejects.jsonl'),
      checkpointDir: path.join(dataDir, 'indexer'),
      engine: services.engine,
      graph: services.graph,
      progress: silentProgress,
      workers: opts.workers,
    });
  try {
    const companies = await run([file('companies')]);
    const before = await get<BulkServerReport>('/_bench/report');
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 200);
    const cpu = process.cpuUsage();
    const profiles = await run([file('profiles')]);
    const used = process.cpuUsage(cpu);
    clearInterval(sampler);
    const report = await get<BulkServerReport>('/_bench/report');
    const [index] = await services.engine.getAlias(INDICES.profiles.alias);
    const held = new Set((await get<{ ids: string[] }>(`/_bench/ids/${encodeURIComponent(index ?? '')}`)).ids);
    const expected = new Set(await idsOf(file('profiles')));
    let missing = 0;
    for (const id of expected) if (!held.has(id)) missing++;
    let extra = 0;
    for (const id of held) if (!expected.has(id)) extra++;
    const settings = index ? report.indices[index] : undefined;
    const seconds = profiles.files[0]!.durationMs / 1000;
    const rate = Math.round(profiles.read / seconds);
    const check = {
      expected: expected.size,
      in_index: held.size,
      missing,
      extra,
      settings_restored: settings?.number_of_replicas === '1' && settings.refresh_interval === '1s',
      alias_swapped: Boolean(index),
    };
    return {
      profiles: profiles.read,
      options: opts,
      companies: { read: companies.read, seconds: companies.durationMs / 1000 },
      load: {
        read: profiles.read,
        indexed: profiles.indexed,
        rejected: profiles.rejected,
        seconds,
        profiles_per_second: rate,
        loader_cpu_seconds: Math.round((used.user + used.system) / 1e4) / 100,
        loader_cpu_us_per_profile: Math.round((used.user + used.system) / Math.max(1, profiles.read)),
        server_cpu_seconds: Math.round((report.cpu_seconds - before.cpu_seconds) * 100) / 100,
        loader_capacity_per_second: Math.round(
          (os.availableParallelism() * 1e6) / ((used.user + used.system) / Math.max(1, profiles.read)),
        ),
        workers: opts.workers ?? defaultWorkers(services.engine),
        peak_rss_mb: Math.round(peakRss / 2 ** 20),
      },
      server: report,
      // Accepted bulk bytes of the profiles load (items sent again after a refusal count twice).
      bytes_per_profile_ndjson: Math.round((report.bulkBytes - before.bulkBytes) / Math.max(1, profiles.indexed)),
      check,
      target_profiles_per_second: LOADER_TARGET,
      target_met:
        rate >= LOADER_TARGET &&
        missing === 0 &&
        extra === 0 &&
        report.contractProblems === 0 &&
        check.settings_restored &&
        check.alias_swapped,
    };
  } finally {
    await closeServices(services);
    server.child.stdin!.end();
    await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
