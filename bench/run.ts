/**
 * `npm run bench`: generates corpora (100k profiles; 1M with --large), indexes them with the real
 * indexer in a child process, and measures indexing throughput, database size, peak memory and
 * the search mix's latency, each beside the floor (a minimal hand-written SQLite FTS5 layout of
 * the same data, in the same run). Prints a table and writes a JSON result file.
 *
 * `--indexing`: only the indexing figures of issue 17 (profiles/s including the final merge and
 * swap, index file size, peak RSS, connection records/s), beside the floor, with their targets,
 * as a table and a JSON summary; no search mix. Leaves the indexed data directory for --people.
 *
 * `--people`: only the people-search benchmark over HTTP (bench/people.ts), on the cached,
 * already indexed data directories (100k; 1M too with --large). `--rounds` then counts the
 * sequential rounds per query (default 5). It ends with the HTTP floor (bench/http-floor.ts).
 *
 * `--routes`: only the latency of the company, job and post search routes over HTTP
 * (bench/search-routes.ts), on the same cached data directories.
 *
 * `--communications`: only the communications dispatcher under a burst of live sends with webhooks
 * (bench/communications.ts); `--sends` sets how many (default 2000). Needs no corpus.
 *
 * `--signals`: only the signal watchers' costs (bench/signals.ts): indexing with and without the
 * change set, a second snapshot, and `--watchers` watchers (default 50) evaluated on it, over a
 * generated corpus of `--profiles` (default 20,000). Needs no cached data.
 *
 * `--contacts`: only the contact matcher's precision and recall per noise type
 * (bench/contacts.ts) over a generated corpus of `--profiles` (default 20,000); `--per-type`
 * contacts of each noise type (default 150).
 *
 * `--freeze`: only the freeze benchmark (bench/freeze.ts): `/healthz` and an ordinary search's
 * latency while one account keeps 4 of the most expensive requests in flight, on the same cached
 * data directories. `--seconds` sets the length of each phase (default 20).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EmbeddedEngine } from '../search-engine/embedded/engine.js';
import { benchCommunications } from './communications.js';
import { benchContacts } from './contacts.js';
import { FloorQueries } from './floor.js';
import { benchFreeze, freezeTable } from './freeze.js';
import { benchLoader, DEFAULT_LOADER_OPTIONS } from './opensearch-loader.js';
import { benchPeople } from './people.js';
import { DEFAULT_PEOPLE_OPTIONS, httpFloorTable, peopleBreakdownTable, peopleTable } from './people-report.js';
import { buildMix, runMix } from './search-mix.js';
import { benchSearchRoutes, routesTable } from './search-routes.js';
import { benchSignals } from './signals.js';
import { sampleVocabulary } from './vocabulary.js';

const ROOT = path.resolve(new URL('..', import.meta.url).pathname);
const CACHE = path.join(ROOT, 'bench', '.cache');
const BIN = path.join(ROOT, 'bin', 'proxima');
const MB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    profiles: { type: 'string' },
    large: { type: 'boolean' },
    rounds: { type: 'string' },
    out: { type: 'string' },
    only: { type: 'string' },
    people: { type: 'boolean' },
    indexing: { type: 'boolean' },
    routes: { type: 'boolean' },
    freeze: { type: 'boolean' },
    seconds: { type: 'string' },
    communications: { type: 'boolean' },
    sends: { type: 'string' },
    signals: { type: 'boolean' },
    contacts: { type: 'boolean' },
    'per-type': { type: 'string' },
    loader: { type: 'boolean' },
    workers: { type: 'string' },
    'bulk-concurrency': { type: 'string' },
    'bulk-bytes': { type: 'string' },
    'reject-every': { type: 'string' },
    'item-fail-rate': { type: 'string' },
    watchers: { type: 'string' },
  },
});
const sizes = values.profiles ? [Number(values.profiles)] : values.large ? [100_000, 1_000_000] : [100_000];
const rounds = Number(values.rounds ?? 20);

function sizeOf(file: string): number {
  return ['', '-wal'].reduce((s, x) => s + (fs.existsSync(file + x) ? fs.statSync(file + x).size : 0), 0);
}

function ensureCorpus(n: number): string {
  const dir = path.join(CACHE, `corpus-${n}-s1`);
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
    process.stderr.write(`generating ${n} profiles into ${dir}\n`);
    // A fixed as-of keeps the cached corpus and the figures comparable from day to day.
    execFileSync(BIN, ['fixtures', 'generate', '--profiles', String(n), '--seed', '1', '--as-of', '2026-11-01', '--out', dir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return dir;
}

/** Issue 17's indexing targets at 1M profiles on the 2-core machine. */
export const INDEXING_TARGETS = {
  profiles_per_second: 6_000,
  index_mb: 3_072,
  peak_rss_mb: 1_024,
  connections_per_second: 100_000,
};

async function benchSize(n: number, withSearch = true) {
  const corpus = ensureCorpus(n);
  const files = fs
    .readdirSync(corpus)
    .filter((f) => f.endsWith('.jsonl.gz'))
    .map((f) => path.join(corpus, f));
  const dataDir = path.join(CACHE, `data-${n}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.stderr.write(`indexing ${n} profiles (and their companies, jobs, posts, connections)\n`);
  const summary = JSON.parse(
    execFileSync(BIN, ['index', ...files, '--json', '--progress', 'none'], {
      env: { ...process.env, DATA_DIR: dataDir },
      maxBuffer: 64 * MB,
    }).toString(),
  ) as { files: { kind: string; read: number; durationMs: number }[]; peakRssBytes: number; durationMs: number };
  const profiles = summary.files.find((f) => f.kind === 'profiles')!;
  const connections = summary.files.find((f) => f.kind === 'connections');

  process.stderr.write('loading the floor\n');
  const floorDir = path.join(dataDir, 'floor');
  const floorLoad = JSON.parse(
    execFileSync(process.execPath, [
      '--import',
      'tsx',
      path.join(ROOT, 'bench', 'floor-child.ts'),
      path.join(corpus, 'profiles.jsonl.gz'),
      floorDir,
    ]).toString(),
  ) as { profiles: number; seconds: number; sizeBytes: number; peakRssBytes: number };

  const indexing = {
    profiles_per_second: Math.round(profiles.read / (profiles.durationMs / 1000)),
    floor_profiles_per_second: Math.round(floorLoad.profiles / floorLoad.seconds),
    all_kinds_seconds: Math.round(summary.durationMs / 100) / 10,
    peak_rss_mb: Math.round(summary.peakRssBytes / MB),
    floor_peak_rss_mb: Math.round(floorLoad.peakRssBytes / MB),
    connections_per_second: connections ? Math.round(connections.read / (connections.durationMs / 1000)) : null,
    connection_records: connections?.read ?? 0,
    files: summary.files.map((f) => ({ kind: f.kind, read: f.read, seconds: Math.round(f.durationMs / 100) / 10 })),
  };
  const database = {
    size_mb: Math.round(sizeOf(path.join(dataDir, 'search.sqlite')) / MB),
    floor_size_mb: Math.round(floorLoad.sizeBytes / MB),
  };
  if (!withSearch) return { profiles: n, indexing, database, search: null };

  process.stderr.write(`running the search mix (${rounds} rounds)\n`);
  const engine = new EmbeddedEngine(dataDir);
  const floor = new FloorQueries(floorDir);
  const mix = buildMix(await sampleVocabulary(path.join(corpus, 'profiles.jsonl.gz')));
  await runMix(engine, floor, mix, 1); // warm the caches of both
  const search = await runMix(engine, floor, mix, rounds);
  await engine.close();
  floor.close();

  return { profiles: n, indexing, database, search };
}

/** Writes the results in the bench's JSON result file format. */
function writeResults(results: unknown[]): void {
  const out = values.out ?? path.join(ROOT, 'bench', 'results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), node: process.version, results }, null, 2)}\n`);
  process.stdout.write(`results written to ${path.relative(ROOT, out)}\n`);
}

/** The cached, indexed data directory of a size (the full bench builds it). */
function indexedDataDir(n: number): string {
  const dataDir = path.join(CACHE, `data-${n}`);
  if (!fs.existsSync(path.join(dataDir, 'search.sqlite')))
    throw new Error(`${dataDir} is not indexed: run the bench without --people/--routes/--freeze first`);
  return dataDir;
}

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) process.stdout.write(`${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`);
  process.stdout.write('\n');
}

if (values.loader) {
  const results = [];
  for (const n of sizes) {
    const r = await benchLoader(ensureCorpus(n), {
      ...DEFAULT_LOADER_OPTIONS,
      concurrency: Number(values['bulk-concurrency'] ?? DEFAULT_LOADER_OPTIONS.concurrency),
      flushBytes: Number(values['bulk-bytes'] ?? DEFAULT_LOADER_OPTIONS.flushBytes),
      rejectEvery: Number(values['reject-every'] ?? DEFAULT_LOADER_OPTIONS.rejectEvery),
      itemFailRate: Number(values['item-fail-rate'] ?? DEFAULT_LOADER_OPTIONS.itemFailRate),
      workers: values.workers === undefined ? undefined : Number(values.workers),
    });
    results.push(r);
    printTable([
      ['profiles', 'measure', 'value', 'target', 'result'],
      [
        String(n),
        'loader profiles/s (incl. index create, settings, refresh, count check, swap)',
        String(r.load.profiles_per_second),
        `>= ${r.target_profiles_per_second}`,
        r.load.profiles_per_second >= r.target_profiles_per_second ? 'PASS' : 'FAIL',
      ],
      [
        String(n),
        'documents missing / extra after the load',
        `${r.check.missing} / ${r.check.extra}`,
        '0 / 0',
        r.check.missing + r.check.extra === 0 ? 'PASS' : 'FAIL',
      ],
      [
        String(n),
        'requests or NDJSON lines off the OpenSearch spec',
        String(r.server.contractProblems),
        '0',
        r.server.contractProblems === 0 ? 'PASS' : 'FAIL',
      ],
      [
        String(n),
        'refresh and replicas restored, alias swapped',
        String(r.check.settings_restored && r.check.alias_swapped),
        'true',
        r.check.settings_restored && r.check.alias_swapped ? 'PASS' : 'FAIL',
      ],
      [
        String(n),
        'injected: requests refused (429) / items refused (429, 503)',
        `${r.server.rejectedRequests} / ${r.server.itemFailures}`,
        '',
        '',
      ],
      [String(n), 'bulk requests / NDJSON bytes per profile', `${r.server.bulkRequests} / ${r.bytes_per_profile_ndjson}`, '', ''],
      [
        String(n),
        'loader CPU s (workers included) / stand-in CPU s / wall s',
        `${r.load.loader_cpu_seconds} / ${r.load.server_cpu_seconds} / ${r.load.seconds}`,
        '',
        '',
      ],
      [
        String(n),
        `loader CPU µs per profile / capacity with all ${os.availableParallelism()} cores (profiles/s)`,
        `${r.load.loader_cpu_us_per_profile} / ${r.load.loader_capacity_per_second}`,
        '',
        '',
      ],
      [String(n), 'prepare workers / peak RSS MB', `${r.load.workers} / ${r.load.peak_rss_mb}`, '', ''],
    ]);
  }
  writeResults(results);
} else if (values.contacts) {
  const r = await benchContacts(values.profiles ? Number(values.profiles) : 20_000, Number(values['per-type'] ?? 150));
  const f = (x: number | null) => (x === null ? '-' : `${x}%`);
  printTable([
    ['noise', 'contacts', 'resolved', 'precision', 'likely', 'review', 'unresolved', 'identifiable', 'recall'],
    ...r.by_noise.map((n) => [
      n.noise,
      String(n.contacts),
      String(n.resolved),
      f(n.precision),
      String(n.likely_match),
      String(n.needs_review),
      String(n.unresolved),
      String(n.identifiable),
      f(n.recall),
    ]),
    [
      'all',
      String(r.contacts),
      String(r.overall.resolved),
      f(r.overall.precision),
      '',
      '',
      '',
      String(r.overall.identifiable),
      f(r.overall.recall),
    ],
  ]);
  process.stdout.write(`${r.ms_per_contact} ms per contact (5 at a time) over ${r.profiles} profiles\n`);
  process.stdout.write(
    `${r.perspective.ms_per_contact} ms per contact from the most connected person's side (${r.perspective.second_degree} people in their second degree)\n`,
  );
  writeResults([r]);
} else if (values.signals) {
  const r = await benchSignals(values.profiles ? Number(values.profiles) : 20_000, Number(values.watchers ?? 50));
  printTable([
    ['measure', 'value'],
    [`records of the first snapshot (${r.profiles} profiles)`, String(r.records)],
    ['index without signals: s / records per s', `${r.index_without_signals.seconds} / ${r.index_without_signals.records_per_second}`],
    [
      'index with signals (baseline): s / records per s / overhead %',
      `${r.index_with_signals.seconds} / ${r.index_with_signals.records_per_second} / ${r.index_with_signals.recording_overhead_pct}`,
    ],
    [
      'second snapshot: records / s / s without signals / changes recorded',
      `${r.second_snapshot.records} / ${r.second_snapshot.seconds} / ${r.second_snapshot.seconds_without_signals} / ${r.second_snapshot.changes}`,
    ],
    ['entity states kept / bytes per entity', `${r.entity_state_rows} / ${r.store_bytes_per_entity}`],
    [
      `${r.watchers} watchers evaluated: s / ms per watcher / signals`,
      `${r.evaluation.seconds} / ${r.evaluation.ms_per_watcher} / ${r.evaluation.signals}`,
    ],
  ]);
  writeResults([r]);
} else if (values.communications) {
  const r = await benchCommunications(Number(values.sends ?? 2000));
  printTable([
    ['measure', 'value'],
    ['live direct messages (16 in flight)', String(r.sends)],
    ['create p50 / p95 / p99 ms', `${r.create_ms.p50} / ${r.create_ms.p95} / ${r.create_ms.p99}`],
    ['queued per second', String(r.queued_per_second)],
    ['completed per second (end to end)', String(r.completed_per_second)],
    ['all completed after s', String(r.all_completed_after_s)],
    [`all ${r.webhooks.events} webhooks delivered after s`, String(r.webhooks.all_delivered_after_s)],
    [
      '/healthz during the burst p50 / p95 / max ms',
      `${r.healthz_during_burst_ms.p50} / ${r.healthz_during_burst_ms.p95} / ${r.healthz_during_burst_ms.max}`,
    ],
  ]);
  writeResults([r]);
} else if (values.freeze) {
  const results = [];
  for (const n of sizes) results.push(await benchFreeze(n, indexedDataDir(n), Number(values.seconds ?? 20)));
  printTable(freezeTable(results));
  writeResults(results);
} else if (values.routes) {
  const results = [];
  for (const n of sizes) results.push(await benchSearchRoutes(n, indexedDataDir(n), values.rounds ? rounds : 5));
  printTable(routesTable(results));
  writeResults(results);
} else if (values.people) {
  const results = [];
  const peopleRounds = values.rounds ? rounds : DEFAULT_PEOPLE_OPTIONS.rounds;
  for (const n of sizes) results.push(await benchPeople(n, indexedDataDir(n), { ...DEFAULT_PEOPLE_OPTIONS, rounds: peopleRounds }));
  printTable(peopleTable(results));
  printTable(peopleBreakdownTable(results));
  printTable(httpFloorTable(results));
  for (const r of results)
    for (const q of r.requesters) {
      for (const v of q.variants)
        for (const m of v.page_mismatches) process.stdout.write(`PAGE MISMATCH (${r.profiles}, ${q.label}, ${v.variant}): ${m}\n`);
      for (const m of q.first_degree_examined.violations) process.stdout.write(`BUDGET EXCEEDED (${r.profiles}, ${q.label}): ${m}\n`);
    }
  writeResults(results);
} else if (values.indexing) {
  const results = [];
  for (const n of sizes) results.push(await benchSize(n, false));
  const rows: string[][] = [['profiles', 'measure', 'proxima', 'floor', 'target', 'result']];
  const verdict = (ok: boolean, n: number) =>
    n < 1_000_000 ? (ok ? 'pass (target set at 1M)' : 'below (target set at 1M)') : ok ? 'PASS' : 'FAIL';
  const summary = results.map((r) => {
    const i = r.indexing;
    const checks = {
      profiles_per_second: {
        value: i.profiles_per_second,
        floor: i.floor_profiles_per_second,
        target: `>= ${INDEXING_TARGETS.profiles_per_second}`,
        met: i.profiles_per_second >= INDEXING_TARGETS.profiles_per_second,
      },
      index_mb: {
        value: r.database.size_mb,
        floor: r.database.floor_size_mb,
        target: `<= ${INDEXING_TARGETS.index_mb}`,
        met: r.database.size_mb <= INDEXING_TARGETS.index_mb,
      },
      peak_rss_mb: {
        value: i.peak_rss_mb,
        floor: i.floor_peak_rss_mb,
        target: `< ${INDEXING_TARGETS.peak_rss_mb}`,
        met: i.peak_rss_mb < INDEXING_TARGETS.peak_rss_mb,
      },
      connections_per_second: {
        value: i.connections_per_second,
        floor: null,
        target: `>= ${INDEXING_TARGETS.connections_per_second}`,
        met: (i.connections_per_second ?? 0) >= INDEXING_TARGETS.connections_per_second,
      },
    };
    for (const [name, c] of Object.entries(checks))
      rows.push([
        String(r.profiles),
        name,
        String(c.value),
        c.floor === null ? '-' : String(c.floor),
        c.target,
        verdict(c.met, r.profiles),
      ]);
    return { profiles: r.profiles, machine: { cores: os.availableParallelism(), node: process.version }, checks, files: i.files };
  });
  printTable(rows);
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  writeResults(results);
} else {
  const results = [];
  for (const n of sizes) results.push(await benchSize(n));

  const rows: string[][] = [['profiles', 'measure', 'proxima', 'floor', 'ratio', 'target']];
  for (const r of results) {
    /** One table row; the ratio is proxima/floor, or floor/proxima where higher is better. */
    const row = (measure: string, proxima: number, floor: number, target: string, higherIsBetter = false) => {
      const [a, b] = higherIsBetter ? [floor, proxima] : [proxima, floor];
      rows.push([String(r.profiles), measure, String(proxima), String(floor), b ? (a / b).toFixed(2) : '-', target]);
    };
    row(
      'index profiles/s (ratio: floor/proxima)',
      r.indexing.profiles_per_second,
      r.indexing.floor_profiles_per_second,
      `>= ${INDEXING_TARGETS.profiles_per_second} at 1M`,
      true,
    );
    row('indexer peak RSS MB', r.indexing.peak_rss_mb, r.indexing.floor_peak_rss_mb, '< 1024');
    row('database MB', r.database.size_mb, r.database.floor_size_mb, `<= ${INDEXING_TARGETS.index_mb} at 1M`);
    for (const [type, l] of Object.entries(r.search!.latency)) {
      row(`${type} p50 ms`, l.engine.p50, l.floor.p50, '');
      row(`${type} p95 ms`, l.engine.p95, l.floor.p95, '<= 2x floor');
    }
  }
  printTable(rows);
  for (const r of results) for (const d of r.search!.disagreements) process.stdout.write(`DISAGREEMENT (${r.profiles}): ${d}\n`);
  writeResults(results);
}
