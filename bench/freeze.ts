/**
 * Does one client's expensive work stall everyone else? (`npm run bench -- --freeze`)
 *
 * The real app runs in a child process over a cached, indexed bench data directory, with its
 * default configuration (search workers, time budget). Two accounts: a heavy one linked to the
 * corpus person with the most connections (so graph boosts carry the largest id lists), and a
 * light one linked to a person with a median network. Two phases of equal length:
 * - baseline: the light account's ordinary searches, one at a time, and `/healthz` probed every
 *   20 ms on its own connection;
 * - attack: the same, while the heavy account keeps 4 of the most expensive requests we can
 *   construct in flight at once (each loop sends its next request as soon as the last answers).
 * Reported: `/healthz` p50/p95/p99/max and the ordinary search's p50/p95 in each phase, and the
 * expensive requests' outcomes (statuses, latency). Targets (issue 11): `/healthz` p99 < 100 ms
 * under attack; ordinary search p95 under attack at most 2x its baseline.
 *
 * The expensive requests are first timed alone, and the four costliest are used.
 */
import { Pool } from 'undici';
import { buildServices, closeServices } from '../server/build-services.js';
import { createApiKey } from '../server/commands/create-api-key.js';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import { benchAccount } from './accounts.js';
import { startServer, stopServer, timed } from './people.js';

interface Call {
  label: string;
  path: string;
  body: Record<string, unknown>;
}

/** Words that are all different, so no deduplication shortens the text. */
function distinctWords(chars: number, seed: number): string {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'qu', 'bra', 'dem', 'fin', 'gor', 'hal', 'jup'];
  const words: string[] = [];
  let n = seed * 7919;
  let length = 0;
  while (length < chars) {
    let w = '';
    for (let k = n++, i = 0; i < 3; i++, k = Math.floor(k / syllables.length)) w += syllables[k % syllables.length];
    words.push(w);
    length += w.length + 1;
  }
  return words.join(' ').slice(0, chars);
}

/** A brief that mixes real search words (titles, places, skills) with filler, at the documented 10,000-character limit. */
function longBrief(seed: number): string {
  const real =
    'senior staff principal software engineer engineering manager director product designer data scientist machine learning ' +
    'in San Francisco New York London Berlin Toronto Austin Seattle Boston with Python Kafka Kubernetes React Go Rust ' +
    'at Google Stripe Microsoft Amazon Meta who worked in fintech healthcare biotech series B startups with 5+ years ';
  return `${real.repeat(8)} ${distinctWords(10_000, seed)}`.slice(0, 10_000);
}

/** Candidate expensive requests: the largest inputs the routes accept, on their most costly settings. */
function expensiveCalls(): Call[] {
  const keywords = distinctWords(3_000, 3).split(' ').slice(0, 100);
  return [
    {
      label: 'people full search, 10k brief, 100 keywords, boost, evidence',
      path: '/api/v1/search/people',
      body: { description: longBrief(1), keywords, limit: 25, include_evidence: true, evidence_format: 'both', evidence_text_mode: 'full' },
    },
    {
      label: 'people v2, 10k query, boost',
      path: '/api/v2/search/people/query',
      body: { query: longBrief(2), limit: 25, include_profile_text: true },
    },
    {
      label: 'people preview, filters.keywords 100, 2nd degree',
      path: '/api/v1/search/people/preview',
      body: { filters: { keywords, connection_degrees: ['2nd'] }, network_filter_mode: 'filter', limit: 25 },
    },
    {
      label: 'people count, broad first degree',
      path: '/api/v1/search/people/preview',
      body: { description: 'engineers', filters: { connection_degrees: ['1st'] }, network_filter_mode: 'filter', count_only: true },
    },
    {
      label: 'people full search, a filter and a 10k description of one repeated word',
      path: '/api/v1/search/people',
      body: { description: 'engineer '.repeat(1_111).slice(0, 10_000), filters: { locations: { include: ['United States'] } }, limit: 25 },
    },
    {
      label: 'jobs preview, a filter and a 10k query of one repeated short word',
      path: '/api/v1/search/jobs/preview',
      body: { query: 'a '.repeat(5_000), filters: { hiring: { workplace_types: ['remote'] } }, preview_limit: 25 },
    },
    {
      label: 'jobs with-people, 10k query',
      path: '/api/v1/search/jobs/with-people',
      body: { query: longBrief(4), people_per_company: 10 },
    },
    { label: 'jobs preview, 10k query', path: '/api/v1/search/jobs/preview', body: { query: longBrief(5), preview_limit: 25 } },
    { label: 'posts with-people, broad', path: '/api/v1/search/posts/with-people', body: { query: 'team', people_limit: 100 } },
    { label: 'companies, 10k query', path: '/api/v1/companies/search/preview', body: { query: longBrief(6), preview_limit: 50 } },
  ];
}

/** Ordinary searches of the light account. */
const ORDINARY: Call[] = [
  { label: 'v2', path: '/api/v2/search/people/query', body: { query: 'senior software engineers in the Bay Area' } },
  { label: 'preview', path: '/api/v1/search/people/preview', body: { description: 'product managers in New York with 5+ years' } },
  { label: 'preview', path: '/api/v1/search/people/preview', body: { description: 'data scientists at fintech startups' } },
  { label: 'companies', path: '/api/v1/companies/search/preview', body: { query: 'fintech companies in Germany' } },
];

export interface Summary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  runs: number;
}

function summarize(samples: number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round(s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: round(s.at(-1) ?? 0), runs: s.length };
}
const round = (ms: number) => Math.round(ms * 100) / 100;

export interface FreezeResult {
  profiles: number;
  phase_seconds: number;
  expensive: { label: string; alone_ms: number; status: number }[];
  baseline: { healthz: Summary; ordinary: Summary };
  attack: { healthz: Summary; ordinary: Summary; expensive: Summary; statuses: Record<string, number> };
  targets: { healthz_p99_under_100ms: boolean; ordinary_p95_at_most_2x: boolean };
}

async function send(pool: Pool, key: string | null, call: Call | null): Promise<{ status: number; ms: number }> {
  let status = 0;
  const ms = await timed(async () => {
    const res = await pool.request(
      call
        ? {
            method: 'POST',
            path: call.path,
            headers: { 'content-type': 'application/json', 'x-api-key': key as string },
            body: JSON.stringify(call.body),
          }
        : { method: 'GET', path: '/healthz' },
    );
    status = res.statusCode;
    await res.body.text();
  });
  return { status, ms };
}

/** Probes /healthz every `everyMs` until `until`. */
async function probeHealth(pool: Pool, until: number, everyMs: number): Promise<number[]> {
  const samples: number[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    const { status, ms } = await send(pool, null, null);
    if (status !== 200) throw new Error(`/healthz answered ${status}`);
    samples.push(ms);
    const wait = everyMs - (performance.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return samples;
}

async function ordinaryLoop(pool: Pool, key: string, until: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; performance.now() < until; i++) {
    const { status, ms } = await send(pool, key, ORDINARY[i % ORDINARY.length] as Call);
    if (status !== 200) throw new Error(`an ordinary search answered ${status}`);
    samples.push(ms);
  }
  return samples;
}

export async function benchFreeze(profiles: number, dataDir: string, phaseSeconds = 20): Promise<FreezeResult> {
  const services = buildServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '0' }), {
    logger: createLogger('silent'),
  });
  const byDegree = services.graph.byDegree();
  const heavyUser = benchAccount(services, byDegree[0]?.id, 'freeze bench heavy', 'team');
  const lightUser = benchAccount(services, byDegree[Math.floor(byDegree.length / 2)]?.id, 'freeze bench light', 'team');
  const heavyKey = createApiKey(services, { userId: heavyUser.userId, scopes: ['search'], name: 'freeze heavy' }).apiKey;
  const lightKey = createApiKey(services, { userId: lightUser.userId, scopes: ['search'], name: 'freeze light' }).apiKey;
  await closeServices(services);

  const { url, child } = await startServer(dataDir);
  const heavyPool = new Pool(url, { connections: 4 });
  const lightPool = new Pool(url, { connections: 1 });
  const healthPool = new Pool(url, { connections: 1 });
  try {
    // Each candidate alone (after a warm-up call), costliest first.
    const timedAlone = [];
    for (const call of expensiveCalls()) {
      await send(heavyPool, heavyKey, call);
      const { status, ms } = await send(heavyPool, heavyKey, call);
      timedAlone.push({ call, label: call.label, alone_ms: round(ms), status });
      process.stderr.write(`  alone: ${call.label}: ${status} in ${ms.toFixed(0)} ms\n`);
    }
    timedAlone.sort((a, b) => b.alone_ms - a.alone_ms);
    const worst = timedAlone.slice(0, 4).map((t) => t.call);
    for (const c of ORDINARY) await send(lightPool, lightKey, c); // warm-up

    const phaseMs = phaseSeconds * 1000;
    let until = performance.now() + phaseMs;
    const [baseHealth, baseOrdinary] = await Promise.all([probeHealth(healthPool, until, 20), ordinaryLoop(lightPool, lightKey, until)]);
    process.stderr.write('  baseline done\n');

    until = performance.now() + phaseMs;
    const expensiveMs: number[] = [];
    const statuses: Record<string, number> = {};
    let stop = false;
    const attackers = worst.map(async (call) => {
      while (!stop) {
        const { status, ms } = await send(heavyPool, heavyKey, call);
        expensiveMs.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    });
    await new Promise((r) => setTimeout(r, 500)); // let the attack reach a steady state
    const [attackHealth, attackOrdinary] = await Promise.all([
      probeHealth(healthPool, until, 20),
      ordinaryLoop(lightPool, lightKey, until),
    ]);
    stop = true;
    await Promise.all(attackers);

    const baseline = { healthz: summarize(baseHealth), ordinary: summarize(baseOrdinary) };
    const attack = { healthz: summarize(attackHealth), ordinary: summarize(attackOrdinary), expensive: summarize(expensiveMs), statuses };
    return {
      profiles,
      phase_seconds: phaseSeconds,
      expensive: timedAlone.map(({ label, alone_ms, status }) => ({ label, alone_ms, status })),
      baseline,
      attack,
      targets: {
        healthz_p99_under_100ms: attack.healthz.p99 < 100,
        ordinary_p95_at_most_2x: attack.ordinary.p95 <= 2 * baseline.ordinary.p95,
      },
    };
  } finally {
    await Promise.all([heavyPool.close(), lightPool.close(), healthPool.close()]);
    await stopServer(child);
  }
}

/** Table rows (header first) for printing. */
export function freezeTable(results: FreezeResult[]): string[][] {
  const rows = [['profiles', 'measure', 'baseline', 'under attack', 'target', 'met']];
  for (const r of results) {
    const p = String(r.profiles);
    rows.push([p, '/healthz p50 ms', String(r.baseline.healthz.p50), String(r.attack.healthz.p50), '', '']);
    rows.push([
      p,
      '/healthz p99 ms',
      String(r.baseline.healthz.p99),
      String(r.attack.healthz.p99),
      '< 100',
      yes(r.targets.healthz_p99_under_100ms),
    ]);
    rows.push([p, '/healthz max ms', String(r.baseline.healthz.max), String(r.attack.healthz.max), '', '']);
    rows.push([p, 'ordinary search p50 ms', String(r.baseline.ordinary.p50), String(r.attack.ordinary.p50), '', '']);
    rows.push([
      p,
      'ordinary search p95 ms',
      String(r.baseline.ordinary.p95),
      String(r.attack.ordinary.p95),
      `<= ${round(2 * r.baseline.ordinary.p95)}`,
      yes(r.targets.ordinary_p95_at_most_2x),
    ]);
    rows.push([p, 'expensive requests p50 / p95 ms', '', `${r.attack.expensive.p50} / ${r.attack.expensive.p95}`, '', '']);
    rows.push([p, 'expensive request statuses', '', JSON.stringify(r.attack.statuses), '', '']);
  }
  return rows;
}
const yes = (b: boolean) => (b ? 'yes' : 'NO');
