/**
 * People search over HTTP (`npm run bench -- --people`). Opens a cached, indexed bench data
 * directory with the normal services, links benchmark accounts to corpus people (the one with
 * the most current connections, and one with a median-sized network), serves the real app in a
 * child process on loopback, and measures, for a fixed mix of natural-language queries in three
 * variants (graph boosts, no graph, first-degree filtering) plus a few broad first-degree
 * searches:
 * - HTTP latency (sequential requests over one keep-alive connection to the preview route,
 *   p50/p95) and requests per second under load (autocannon, 4 connections);
 * - engine-only latency of the same searches: the exact engine bodies the service built, run
 *   directly on the engine (for first-degree verified pages: the candidate batch fetches and the
 *   `mget` of the page);
 * - where the time between the two goes: the service in-process (`searchPeople` without
 *   HTTP), the requester's network load, parsing, and row presentation;
 * - for first-degree pages, candidates examined against the rule's budget.
 * HTTP, in-process and engine-only timings are paired: each search is timed all three ways back
 * to back, so the comparison is not skewed by which stretch of a shared machine each ran in. The
 * variants' timed rounds are interleaved the same way (a query in every variant, then the next),
 * so the boost-over-ignore target compares two samples of the same stretch.
 *
 * Run as a script with `serve <dataDir>` it is that child: it prints `{"port":…}` and serves
 * until its stdin closes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { Pool } from 'undici';
import { INDICES } from '../mappings/indices.js';
import { examinationBudget, VERIFICATION_BATCH } from '../query-planner/first-degree.js';
import { parsePeopleQuery } from '../query-planner/parse/index.js';
import type { SearchEngine } from '../search-engine/port.js';
import { createApp } from '../server/app.js';
import type { Actor } from '../server/auth/actor.js';
import type { Scope } from '../server/auth/scopes.js';
import { buildServices, closeServices } from '../server/build-services.js';
import { createApiKey } from '../server/commands/create-api-key.js';
import { DEFAULT_ROW_OPTIONS, loadPersonRows } from '../server/commands/search/people/person-rows.js';
import { type PeopleSearchOutcome, type PeopleSearchRequest, searchPeople } from '../server/commands/search/people/search-people.js';
import { resolveCompanyMentions } from '../server/commands/search/resolve-companies.js';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import { presentPersonRows } from '../server/routes/people-search/person-row.js';
import { loadNetwork } from '../server/search/network.js';
import type { Services } from '../server/services.js';
import { benchAccount, refillCredits } from './accounts.js';
import { measureHttpFloor } from './http-floor.js';
import {
  type BenchQuery,
  broadFirstDegreeQueries,
  PAGE_LIMIT,
  selectQueries,
  VARIANTS,
  type Variant,
  variantBody,
} from './people-queries.js';
import {
  DEFAULT_PEOPLE_OPTIONS,
  HTTP_OVER_ENGINE_TARGET,
  type PeopleBenchOptions,
  type PeopleBenchResult,
  type RequesterLabel,
  type RequesterResult,
  type VariantName,
  type VariantResult,
} from './people-report.js';
import { percentiles } from './search-mix.js';

const ROOT = path.resolve(new URL('..', import.meta.url).pathname);
const PROFILES = INDICES.profiles.alias;
const ROUTE = '/api/v1/search/people/preview';
/** The dev set the queries come from. */
export const PEOPLE_QUERIES_FILE = path.join(ROOT, 'query-planner', 'eval', 'people-queries.dev.jsonl');
/** First-degree pages checked against the examination budget: these offsets at limit 25. */
const PAGING_OFFSETS = [0, 25, 100, 400, 1000];
const PAGING_LIMIT = 25;

interface Requester {
  label: RequesterLabel;
  profileId: string;
  /** Current edge rows (one per source) of the profile. */
  edges: number;
  firstDegree: number;
  secondDegree: number;
}

interface Account {
  actor: Actor;
  apiKey: string;
}

/** One search of a variant: its body, the request the route builds, and the service's outcome. */
interface Case {
  label: string;
  body: Record<string, unknown>;
  request: PeopleSearchRequest;
  outcome: PeopleSearchOutcome;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

export async function timed(fn: () => Promise<unknown> | unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** The requester with the most current edges and one with the median count. */
function pickRequesters(services: Services): Requester[] {
  const rows = services.graph.byDegree();
  if (rows.length === 0) throw new Error('the data directory has no connections (the graph is empty)');
  const picks: [Requester['label'], { id: string; n: number }][] = [
    ['most_connected', rows[0]!],
    ['median', rows[Math.floor(rows.length / 2)]!],
  ];
  const graph = services.graph;
  return picks.map(([label, r]) => {
    const network = loadNetwork(graph, r.id)!;
    return { label, profileId: r.id, edges: r.n, firstDegree: network.firstDegree.size, secondDegree: network.secondDegree.size };
  });
}

/** A pro account (1000 credits: 10,000 previews) linked to the requester's profile, with a search key. */
function makeAccount(services: Services, requester: Requester, variant: VariantName): Account {
  const name = `bench ${requester.label} ${variant}`;
  const user = benchAccount(services, requester.profileId, name, 'pro');
  const scopes: Scope[] = ['search'];
  const { apiKey, record } = createApiKey(services, { userId: user.userId, scopes, name: 'people bench' });
  const owner = services.users.get(user.userId)!;
  return {
    apiKey,
    actor: {
      owner,
      ownerUserId: owner.userId,
      actingUserId: owner.userId,
      isDelegate: false,
      keyId: record.keyId,
      keyPrefix: record.keyPrefix,
      scopes,
      via: 'api_key',
      clientId: null,
    },
  };
}

/** The request the preview route builds from one of the benchmark's bodies (as its v1Request does). */
function previewRequest(body: Record<string, unknown>): PeopleSearchRequest {
  return {
    route: 'preview',
    text: body.description as string,
    filters: null,
    keywords: [],
    lookup: null,
    limit: (body.limit as number | undefined) ?? PAGE_LIMIT,
    offset: (body.offset as number | undefined) ?? 0,
    networkMode: body.network_filter_mode as PeopleSearchRequest['networkMode'],
    countOnly: false,
    rows: { ...DEFAULT_ROW_OPTIONS, reasons: true },
    receipts: [],
  };
}

/**
 * The engine work of one search, run directly on the engine: the body the service searched;
 * for first-degree verified pages, the candidate batch fetches exactly as the verification
 * makes them (ids only, with the total, batches of at most 1000 up to the page's budget) and
 * the `mget` of the page's documents.
 */
async function engineOnly(engine: SearchEngine, outcome: PeopleSearchOutcome, offset: number, limit: number): Promise<void> {
  const body = outcome.body!;
  if (outcome.rankedBodies) {
    // A page ranked in tiers: its searches one after the other (as the service runs them), then the page's documents.
    for (const b of outcome.rankedBodies) await engine.search(PROFILES, b);
    if (outcome.profileIds.length) await engine.mget(PROFILES, outcome.profileIds);
    return;
  }
  if (!outcome.verified) {
    await engine.search(PROFILES, body);
    return;
  }
  const budget = examinationBudget(offset, limit);
  let examined = 0;
  let total = Number.POSITIVE_INFINITY;
  while (examined < budget && examined < total) {
    const size = Math.min(VERIFICATION_BATCH, budget - examined);
    const res = await engine.search(PROFILES, { ...body, from: examined, size, _source: false, track_total_hits: true });
    total = res.total?.value ?? 0;
    if (res.hits.length === 0) break;
    examined += res.hits.length;
    if (res.hits.length < size) break;
  }
  if (outcome.profileIds.length) await engine.mget(PROFILES, outcome.profileIds);
}

interface HttpPage {
  users?: { id: string }[];
  pagination?: { examined_candidates?: number };
}

/** One keep-alive connection per server: requests go one at a time, as a sequential client sends them. */
const pools = new Map<string, Pool>();

/**
 * One request to the preview route over a kept-alive connection. undici's own request API, not
 * `fetch`: fetch adds its WHATWG stream and header machinery to every call (about 0.3 ms here),
 * which is client cost, not the service's.
 */
async function post(url: string, apiKey: string, body: unknown): Promise<HttpPage> {
  let pool = pools.get(url);
  if (!pool) {
    pool = new Pool(url, { connections: 1 });
    pools.set(url, pool);
  }
  const res = await pool.request({
    method: 'POST',
    path: ROUTE,
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  });
  const json = (await res.body.json()) as HttpPage;
  if (res.statusCode !== 200) throw new Error(`${ROUTE} answered ${res.statusCode}: ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

async function closePools(): Promise<void> {
  await Promise.all([...pools.values()].map((p) => p.close()));
  pools.clear();
}

/** Starts the app in a child process on loopback; resolves with its URL. */
export async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'people.ts'), 'serve', dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited early (${code})`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  child.removeAllListeners('exit');
  return { url: `http://127.0.0.1:${port}`, child };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin!.end();
  await exited;
}

/** The child: the real app over the data directory, logging at info (as in production) to /dev/null. */
async function serve(dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', PORT: '0', RATE_LIMIT_PER_SECOND: '0' });
  const services = buildServices(config, { logger: createLogger('info', pino.destination({ dest: '/dev/null', sync: false })) });
  const app = createApp(services);
  const server = app.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
  });
  process.stdin.resume();
  process.stdin.on('end', () => {
    server.close();
    server.closeAllConnections();
    void closeServices(services).then(() => process.exit(0));
  });
}

/** The service's own outcome of each search, in-process: its engine body, and whether it verified. */
async function buildCases(services: Services, account: Account, queries: BenchQuery[], variant: Variant): Promise<Case[]> {
  const cases: Case[] = [];
  for (const q of queries) {
    const body = variantBody(q, variant);
    if (!body) continue;
    const request = previewRequest(body);
    const outcome = await searchPeople(services, account.actor, request);
    if (!outcome.body) continue; // matched nothing by rule: no engine work to compare
    if (variant === 'first_degree' && !outcome.verified) throw new Error(`a first-degree search was not verified: ${body.description}`);
    cases.push({ label: body.description as string, body, request, outcome });
  }
  return cases;
}

/** The timed samples of one variant (one requester), filled by {@link timeVariants}. */
interface Samples {
  http: number[];
  service: number[];
  engine: number[];
}

/**
 * The variants' timed rounds, interleaved: each round takes the queries in order and times each
 * query in every variant (the variants' order rotating), each of them three ways back to back
 * (HTTP, in-process, engine-only, that order rotating too). So `boost` and `ignore`, whose p95s
 * the target compares, see the same stretches of a shared, noisy machine, as the three ways of
 * one search do; run one variant after another, the first paid for a cold cache or a busy spell
 * that the others missed. Every search is warmed once first.
 */
async function timeVariants(
  services: Services,
  url: string,
  runs: { account: Account; cases: Case[] }[],
  opts: PeopleBenchOptions,
): Promise<Samples[]> {
  const samples = runs.map((): Samples => ({ http: [], service: [], engine: [] }));
  const search = (c: Case) => engineOnly(services.engine, c.outcome, c.request.offset, c.request.limit);
  for (const { account, cases } of runs) {
    for (const c of cases) {
      await searchPeople(services, account.actor, c.request);
      await search(c);
    }
  }
  const longest = Math.max(0, ...runs.map((r) => r.cases.length));
  let turn = 0;
  let order = 0;
  for (let r = 0; r < opts.rounds; r++) {
    // The variants share their requester's account: each round starts its pool full.
    refillCredits(services, runs[0]!.account.actor.owner.userId);
    for (let i = 0; i < longest; i++) {
      for (let k = 0; k < runs.length; k++) {
        const v = (order + k) % runs.length;
        const { account, cases } = runs[v]!;
        const c = cases[i];
        if (!c) continue;
        const s = samples[v]!;
        const measures: [number[], () => Promise<unknown>][] = [
          [s.http, () => post(url, account.apiKey, c.body)],
          [s.service, () => searchPeople(services, account.actor, c.request)],
          [s.engine, () => search(c)],
        ];
        for (let j = 0; j < measures.length; j++) {
          const [into, run] = measures[(turn + j) % measures.length]!;
          into.push(await timed(run));
        }
        turn++;
      }
      order++;
    }
  }
  return samples;
}

/** The warm-up round of one variant over HTTP, which also checks each page against the in-process one. */
async function checkPages(url: string, account: Account, cases: Case[]): Promise<{ mismatches: string[]; examined: number[] }> {
  const mismatches: string[] = [];
  const examined: number[] = [];
  for (const c of cases) {
    const page = await post(url, account.apiKey, c.body);
    if ((page.users ?? []).map((u) => u.id).join() !== c.outcome.profileIds.join()) mismatches.push(c.label);
    if (c.outcome.verified) examined.push(page.pagination?.examined_candidates ?? Number.NaN);
  }
  return { mismatches, examined };
}

/** One variant for one requester, from its timed samples: in-process stages, load, and the summary. */
async function variantResult(
  services: Services,
  url: string,
  account: Account,
  variant: VariantName,
  cases: Case[],
  timedSamples: Samples,
  mismatches: string[],
  networkMeanMs: number,
  opts: PeopleBenchOptions,
): Promise<VariantResult> {
  const { http, service, engine } = timedSamples;
  const parse: number[] = [];
  const rows: number[] = [];
  const graph = services.graph;
  const network = loadNetwork(graph, account.actor.owner.userId);
  for (const c of cases) {
    parse.push(
      await timed(async () => {
        const parsed = parsePeopleQuery(c.request.text ?? '');
        if (parsed.companies.length) await resolveCompanyMentions(parsed.companies, services.engine);
      }),
    );
    const docs = (await services.engine.mget<Record<string, unknown>>(PROFILES, c.outcome.profileIds)).filter(
      (d): d is Record<string, unknown> => d !== null,
    );
    const input = {
      docs,
      network,
      actingUserId: account.actor.actingUserId,
      filters: c.outcome.applied.filters,
      keywords: c.outcome.applied.keywords,
      options: c.request.rows,
      verified: null,
    };
    await presentPersonRows(await loadPersonRows(services, input), input.options);
    rows.push(await timed(async () => presentPersonRows(await loadPersonRows(services, input), input.options)));
  }

  // Load: autocannon cycling through the same bodies. The variants share their requester's
  // account (a pool of 10,000 previews), so each load starts it full.
  refillCredits(services, account.actor.owner.userId);
  const headers = { 'content-type': 'application/json', 'x-api-key': account.apiKey };
  const load = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    requests: cases.map((c) => ({ method: 'POST', path: ROUTE, headers, body: JSON.stringify(c.body) })),
  });

  const h = percentiles(http);
  const e = percentiles(engine);
  const ratio = e.p95 > 0 ? round2(h.p95 / e.p95) : Number.POSITIVE_INFINITY;
  const m = {
    http: mean(http),
    service: mean(service),
    network: networkMeanMs,
    parse: mean(parse),
    engine: mean(engine),
    rows: mean(rows),
  };
  return {
    variant,
    queries: cases.length,
    http: h,
    engine: e,
    service: percentiles(service),
    p95_ratio: ratio,
    target_met: ratio <= HTTP_OVER_ENGINE_TARGET,
    breakdown_mean_ms: {
      http: round2(m.http),
      http_overhead: round2(m.http - m.service),
      service: round2(m.service),
      network: round2(m.network),
      parse: round2(m.parse),
      engine: round2(m.engine),
      rows: round2(m.rows),
      rest: round2(m.service - m.network - m.parse - m.engine - m.rows),
    },
    load: {
      requests_per_second: round2(load.requests.total / load.duration),
      latency_p50: load.latency.p50,
      latency_p97_5: load.latency.p97_5,
      latency_p99: load.latency.p99,
      requests: load.requests.total,
      non_2xx: load.non2xx,
      errors: load.errors,
      timeouts: load.timeouts,
    },
    page_mismatches: mismatches,
  };
}

/** First-degree pages at several offsets: candidates examined never exceed the budget. */
async function pagingCheck(url: string, account: Account, queries: BenchQuery[], timedExamined: number[]) {
  const byOffset: RequesterResult['first_degree_examined']['by_offset'] = [];
  const violations: string[] = [];
  let worst = { examined: 0, budget: examinationBudget(0, PAGE_LIMIT) };
  const note = (examined: number, budget: number, what: string) => {
    if (!(examined <= budget)) violations.push(`${what}: examined ${examined} > budget ${budget}`);
    if (examined > worst.examined || (examined === worst.examined && budget < worst.budget)) worst = { examined, budget };
  };
  const budget0 = examinationBudget(0, PAGE_LIMIT);
  for (const x of timedExamined) note(x, budget0, `timed page, offset 0 limit ${PAGE_LIMIT}`);
  byOffset.push({
    offset: 0,
    limit: PAGE_LIMIT,
    budget: budget0,
    max_examined: Math.max(0, ...timedExamined),
    pages: timedExamined.length,
  });
  for (const offset of PAGING_OFFSETS) {
    const budget = examinationBudget(offset, PAGING_LIMIT);
    let max = 0;
    let pages = 0;
    for (const q of queries) {
      const body = variantBody(q, 'first_degree', { offset, limit: PAGING_LIMIT });
      if (!body) continue;
      const examined = (await post(url, account.apiKey, body)).pagination?.examined_candidates;
      if (examined === undefined) continue; // matched nothing by rule: nothing examined
      pages++;
      max = Math.max(max, examined);
      note(examined, budget, `"${body.description}" offset ${offset} limit ${PAGING_LIMIT}`);
    }
    byOffset.push({ offset, limit: PAGING_LIMIT, budget, max_examined: max, pages });
  }
  return {
    max_examined: worst.examined,
    budget: worst.budget,
    pages: byOffset.reduce((s, b) => s + b.pages, 0),
    violations,
    by_offset: byOffset,
    target_met: violations.length === 0,
  };
}

/** Loading the requester's network: as searches do (cached), and uncached in parts (1st degree, 2nd degree, sync status). */
async function networkLoad(services: Services, profileId: string, samples: number): Promise<RequesterResult['network_load']> {
  const graph = services.graph;
  loadNetwork(graph, profileId);
  const parts = { cached: [] as number[], first_degree: [] as number[], second_degree: [] as number[], sync_status: [] as number[] };
  for (let r = 0; r < samples; r++) {
    parts.cached.push(await timed(() => loadNetwork(graph, profileId)));
    parts.first_degree.push(await timed(() => graph.firstDegree(profileId)));
    parts.second_degree.push(await timed(() => graph.secondDegree(profileId)));
    parts.sync_status.push(await timed(() => graph.syncStatus(profileId)));
  }
  return {
    mean_ms: round2(mean(parts.cached)),
    cached: percentiles(parts.cached),
    uncached: {
      first_degree: percentiles(parts.first_degree),
      second_degree: percentiles(parts.second_degree),
      sync_status: percentiles(parts.sync_status),
    },
  };
}

/** Runs the people-search benchmark on one cached, indexed data directory. */
export async function benchPeople(
  profiles: number,
  dataDir: string,
  opts: PeopleBenchOptions = DEFAULT_PEOPLE_OPTIONS,
): Promise<PeopleBenchResult> {
  const t0 = performance.now();
  const services = buildServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: createLogger('silent') });
  let server: ChildProcess | null = null;
  try {
    const queries = selectQueries(PEOPLE_QUERIES_FILE, opts.queries);
    const broad = broadFirstDegreeQueries();
    log(`people search (${profiles}): ${queries.length} queries; picking requesters`);
    const requesters = pickRequesters(services);
    const started = await startServer(dataDir);
    server = started.child;
    const out: RequesterResult[] = [];
    for (const requester of requesters) {
      log(`  requester ${requester.label}: ${requester.firstDegree} 1st-degree, ${requester.secondDegree} 2nd-degree`);
      const network = await networkLoad(services, requester.profileId, Math.max(10, opts.rounds * 2));
      const variants: VariantResult[] = [];
      const examined: number[] = [];
      let firstDegreeAccount: Account | null = null;
      const runs: [VariantName, Variant, BenchQuery[]][] = [
        ...VARIANTS.map((v): [VariantName, Variant, BenchQuery[]] => [v, v, queries]),
        ['first_degree_broad', 'first_degree', broad],
      ];
      const prepared: { name: VariantName; account: Account; cases: Case[]; mismatches: string[] }[] = [];
      for (const [name, variant, list] of runs) {
        const account = makeAccount(services, requester, name);
        if (variant === 'first_degree') firstDegreeAccount ??= account;
        const cases = await buildCases(services, account, list, variant);
        const checked = await checkPages(started.url, account, cases);
        examined.push(...checked.examined);
        prepared.push({ name, account, cases, mismatches: checked.mismatches });
      }
      log(`    timed rounds: ${prepared.map((p) => p.name).join(', ')}, interleaved`);
      const samples = await timeVariants(services, started.url, prepared, opts);
      for (const [k, p] of prepared.entries()) {
        log(`    ${p.name}: stages and load`);
        variants.push(
          await variantResult(services, started.url, p.account, p.name, p.cases, samples[k]!, p.mismatches, network.mean_ms, opts),
        );
      }
      log('    first-degree paging check');
      const firstDegree = await pagingCheck(
        started.url,
        firstDegreeAccount!,
        [...queries.filter((q) => q.firstDegree !== null), ...broad],
        examined,
      );
      out.push({
        label: requester.label,
        profile_id: requester.profileId,
        edges: requester.edges,
        first_degree: requester.firstDegree,
        second_degree: requester.secondDegree,
        network_load: network,
        variants,
        first_degree_examined: firstDegree,
      });
    }
    log('  HTTP floor');
    const httpFloor = await measureHttpFloor(started.url);
    return {
      profiles,
      data_dir: path.relative(ROOT, dataDir),
      route: `POST ${ROUTE}`,
      options: opts,
      queries: {
        mix: queries.map((q) => q.text),
        first_degree_mix: queries.flatMap((q) => (q.firstDegree === null ? [] : [q.firstDegree])),
        first_degree_broad: broad.map((q) => q.text),
      },
      requesters: out,
      http_floor: httpFloor,
      seconds: Math.round((performance.now() - t0) / 1000),
    };
  } finally {
    await closePools();
    if (server) await stopServer(server);
    await closeServices(services);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === 'serve') {
  await serve(path.resolve(process.argv[3] ?? ''));
}
