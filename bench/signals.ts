/**
 * `npm run bench -- --signals`: what signal watchers cost (docs/signals.md). A generated corpus
 * (`--profiles`, default 20,000) is indexed twice from scratch, with and without recording the
 * change set, to measure the recording's share of indexing. Then a second snapshot changes 5% of
 * the people's roles, 10% of the companies' headcounts, adds 2% new jobs and 5% new posts (half
 * of them comments) and bumps reactions on 10% of the posts; it is indexed with recording, and
 * `--watchers` watchers (default 50, each over 500 people and 25 companies, all ten types) are
 * evaluated on its change set. Measured: indexing rate with and without recording, changes
 * recorded, evaluation time per watcher and signals raised, and the store's size per recorded
 * entity.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCorpus } from '../fixtures/generator/index.js';
import { silentProgress } from '../indexer/progress.js';
import { runIndex } from '../indexer/run-index.js';
import { buildServices, closeServices } from '../server/build-services.js';
import { createAccount } from '../server/commands/create-account.js';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import type { Services } from '../server/services.js';
import { SIGNAL_TYPES } from '../server/signals/model.js';

export interface SignalsBenchResult {
  profiles: number;
  records: number;
  index_without_signals: { seconds: number; records_per_second: number };
  index_with_signals: { seconds: number; records_per_second: number; recording_overhead_pct: number };
  second_snapshot: { records: number; seconds: number; seconds_without_signals: number; changes: number };
  entity_state_rows: number;
  store_bytes_per_entity: number;
  watchers: number;
  evaluation: { seconds: number; ms_per_watcher: number; signals: number };
}

const read = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const write = (file: string, rows: object[]) => fs.writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);

async function index(services: Services, dir: string, files: string[], changes: boolean) {
  const started = performance.now();
  const summary = await runIndex({
    files,
    swap: false,
    resume: false,
    batchSize: 1000,
    rejectsFile: path.join(dir, 'rejects.jsonl'),
    checkpointDir: path.join(dir, 'checkpoints'),
    engine: services.engine,
    graph: services.graph,
    changes: changes ? services.signals.changes : undefined,
    progress: silentProgress,
  });
  if (summary.rejected) throw new Error(`${summary.rejected} records rejected`);
  return { seconds: (performance.now() - started) / 1000, records: summary.read, changes: summary.signalChanges ?? 0 };
}

/** The second snapshot: the same ids with some of them changed, plus new jobs and posts. */
function secondSnapshot(first: Record<string, string>, out: string, rnd: () => number): string[] {
  fs.mkdirSync(out, { recursive: true });
  const companies = read(first.companies!);
  for (const c of companies)
    if (rnd() < 0.1 && typeof c.employee_count === 'number') c.employee_count = Math.round((c.employee_count as number) * 1.2) + 1;
  const profiles = read(first.profiles!);
  for (const p of profiles) if (rnd() < 0.05) p.current_title = `Head of ${String(p.current_title ?? 'Operations')}`;
  const jobs = read(first.jobs!);
  const newJobs = jobs.slice(0, Math.ceil(jobs.length * 0.2)).map((j) => ({ ...j, id: crypto.randomUUID() }));
  const posts = read(first.posts!);
  for (const p of posts) if (rnd() < 0.1) p.reaction_count = ((p.reaction_count as number | undefined) ?? 0) + 5;
  const authors = profiles.map((p) => p.id as string);
  const newPosts = Array.from({ length: Math.ceil(posts.length * 0.05) }, (_, i) => {
    const base = posts[i % posts.length]!;
    const comment = i % 2 === 0;
    return {
      ...base,
      id: crypto.randomUUID(),
      author_id: authors[Math.floor(rnd() * authors.length)],
      author_entity_type: 'person',
      action_type: comment ? 'comment' : 'post',
      target_post_id: comment ? base.id : null,
    };
  });
  const files = {
    companies: path.join(out, 'companies.jsonl'),
    profiles: path.join(out, 'profiles.jsonl'),
    jobs: path.join(out, 'jobs.jsonl'),
    posts: path.join(out, 'posts.jsonl'),
  };
  write(files.companies, companies);
  write(files.profiles, profiles);
  write(files.jobs, [...jobs, ...newJobs]);
  write(files.posts, [...posts, ...newPosts]);
  return Object.values(files);
}

export async function benchSignals(profiles = 20_000, watchers = 50): Promise<SignalsBenchResult> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-signals-bench-'));
  let seed = 7;
  const rnd = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const corpus = path.join(root, 'snap1');
  const generated = await generateCorpus({ profiles, seed: 3, outDir: corpus, gzip: false });
  const first = Object.fromEntries(Object.entries(generated.files).map(([k, f]) => [k, f.path]));
  const files = Object.values(first);
  const open = (name: string) =>
    buildServices(loadConfig({ DATA_DIR: path.join(root, name), LOG_LEVEL: 'silent', SAMPLE_PROFILES: '0' }), {
      logger: createLogger('silent'),
    });

  const plain = open('plain');
  const without = await index(plain, path.join(root, 'plain'), files, false);

  const services = open('signals');
  const dir = path.join(root, 'signals');
  const withSignals = await index(services, dir, files, true);
  const second = secondSnapshot(first, path.join(root, 'snap2'), rnd);
  const after = await index(services, dir, second, true);
  // The same second snapshot without recording, for the recording's share of an update load.
  const afterPlain = await index(plain, path.join(root, 'plain'), second, false);
  await closeServices(plain);

  const people = services.db.prepare(`SELECT entity_id FROM entity_state WHERE kind = 'profiles'`).pluck().all() as string[];
  const companies = services.db.prepare(`SELECT entity_id FROM entity_state WHERE kind = 'companies'`).pluck().all() as string[];
  const owner = createAccount(services, { tier: 'team', name: 'Bench', personId: people[0] });
  for (let w = 0; w < watchers; w++) {
    const pick = <T>(list: T[], n: number) => Array.from({ length: n }, () => list[Math.floor(rnd() * list.length)]!);
    services.signals.createWatcher({
      ownerUserId: owner.userId,
      actingUserId: owner.userId,
      name: `bench ${w}`,
      signalTypes: SIGNAL_TYPES.filter((t) => t !== 'follow_up'),
      projectId: null,
      personIds: [...new Set(pick(people, 500))],
      companyIds: [...new Set(pick(companies, 25))],
      cohortSource: 'people',
      deliveries: ['connector'],
      emailTo: null,
      webhookUrl: null,
      webhookSecret: null,
      options: { min_growth_pct: 5, min_new_jobs: 3, follow_up_after_days: 3 },
    });
  }
  // The watchers were made after both runs: point them before the second so it is evaluated.
  services.db.prepare('UPDATE signal_watchers SET last_run_seq = (SELECT max(complete_seq) - 1 FROM snapshot_runs)').run();
  const evalStarted = performance.now();
  await services.signals.processNow();
  const evalSeconds = (performance.now() - evalStarted) / 1000;
  const signals = Number(services.db.prepare('SELECT count(*) FROM signals').pluck().get());
  const stateRows = Number(services.db.prepare('SELECT count(*) FROM entity_state').pluck().get());
  const bytes = (table: string) =>
    Number(
      services.db.prepare(`SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name = ? OR name LIKE ?`).pluck().get(table, `${table}%`),
    );
  const storeBytes = (() => {
    try {
      return bytes('entity_state');
    } catch {
      return 0;
    }
  })();
  await closeServices(services);
  fs.rmSync(root, { recursive: true, force: true });
  const rate = (r: { records: number; seconds: number }) => Math.round(r.records / r.seconds);
  return {
    profiles,
    records: without.records,
    index_without_signals: { seconds: round(without.seconds), records_per_second: rate(without) },
    index_with_signals: {
      seconds: round(withSignals.seconds),
      records_per_second: rate(withSignals),
      recording_overhead_pct: round(((withSignals.seconds - without.seconds) / without.seconds) * 100),
    },
    second_snapshot: {
      records: after.records,
      seconds: round(after.seconds),
      seconds_without_signals: round(afterPlain.seconds),
      changes: after.changes,
    },
    entity_state_rows: stateRows,
    store_bytes_per_entity: stateRows ? Math.round(storeBytes / stateRows) : 0,
    watchers,
    evaluation: { seconds: round(evalSeconds), ms_per_watcher: round((evalSeconds * 1000) / watchers), signals },
  };
}

const round = (x: number) => Math.round(x * 10) / 10;
