/**
 * Latency of the company, job and post search routes over HTTP (`npm run bench -- --routes`):
 * the real app in a child process on loopback over a cached, indexed bench data directory,
 * sequential requests over one keep-alive connection, p50/p95 per route for a fixed set of
 * requests. The viewer is linked to the corpus person with the most connections, so the job
 * overlays and post authors' degrees do real graph work.
 */
import path from 'node:path';
import { Pool } from 'undici';
import { buildServices, closeServices } from '../server/build-services.js';
import { createApiKey } from '../server/commands/create-api-key.js';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import { benchAccount } from './accounts.js';
import { startServer, stopServer, timed } from './people.js';
import { type Latency, percentiles } from './search-mix.js';

const ROOT = path.resolve(new URL('..', import.meta.url).pathname);

/** Request bodies per route: typical searches, by text and by filters. */
export const ROUTE_REQUESTS: Record<string, Record<string, unknown>[]> = {
  '/api/v1/companies/search/preview': [
    { query: 'fintech companies in Germany' },
    { query: 'series A cybersecurity startups with 50-200 employees' },
    { query: 'public biotech companies founded after 2010' },
    { query: 'software companies in the Bay Area that raised over $100M' },
    { query: 'nonprofits in London' },
    { query: 'ai companies in Europe', result_mode: 'detailed' },
    { filters: { industries: { include: ['Software'] }, employee_count: { min: 500 } } },
    { filters: { funding_stages: ['seed', 'series_a'], locations: { include: ['United States'] } } },
  ],
  '/api/v1/search/jobs/preview': [
    { query: 'software engineer jobs in New York' },
    { query: 'remote product manager jobs posted in the last 30 days' },
    { query: 'account executive in London' },
    { query: 'data scientist jobs at series B companies' },
    { filters: { hiring: { workplace_types: ['remote'], functions: ['engineering'] } } },
    { filters: { hiring: { published_within_days: 14 }, industries: { include: ['Financial Services'] } } },
  ],
  '/api/v1/search/jobs/with-people': [
    { query: 'software engineer jobs', people_per_company: 5 },
    { query: 'sales jobs in the United States', people_per_company: 3 },
    { filters: { hiring: { workplace_types: ['hybrid'] } }, people_per_company: 10 },
  ],
  '/api/v1/search/posts/preview': [
    { query: 'hiring' },
    { query: 'product launch', sort_by: 'engagement' },
    { filters: { posts: { topics: ['ai', 'startups'] } }, sort_by: 'recent' },
    { filters: { posts: { action_types: ['post'], reactions: { min: 50 } } }, sort_by: 'reactions' },
    { filters: { posts: { author_entity_types: ['company'], action_types: ['post'] } }, with_companies: true },
    { query: 'engineering', filters: { posts: { posted_within_days: 30 } }, sort_by: 'comments' },
  ],
  '/api/v1/search/posts/with-people': [
    { query: 'hiring', people_limit: 25 },
    { filters: { posts: { topics: ['saas'] } }, people_limit: 100 },
    { query: 'team', sort_by: 'recent', people_limit: 50 },
  ],
};

export interface RouteLatency {
  route: string;
  requests: number;
  http: Latency;
  mean_total: number;
}

export interface RoutesBenchResult {
  profiles: number;
  data_dir: string;
  rounds: number;
  routes: RouteLatency[];
  seconds: number;
}

/** Runs the routes benchmark on one cached, indexed data directory. */
export async function benchSearchRoutes(profiles: number, dataDir: string, rounds = 5): Promise<RoutesBenchResult> {
  const t0 = performance.now();
  const services = buildServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '0' }), {
    logger: createLogger('silent'),
  });
  const top = services.graph.byDegree()[0];
  const user = benchAccount(services, top?.id, 'routes bench', 'pro');
  const { apiKey } = createApiKey(services, { userId: user.userId, scopes: ['search'], name: 'routes bench' });
  const { url, child } = await startServer(dataDir);
  const pool = new Pool(url, { connections: 1 });
  const out: RouteLatency[] = [];
  try {
    for (const [route, bodies] of Object.entries(ROUTE_REQUESTS)) {
      const call = async (body: unknown) => {
        const res = await pool.request({
          method: 'POST',
          path: route,
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
          body: JSON.stringify(body),
        });
        const text = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`${route} answered ${res.statusCode}: ${text.slice(0, 300)}`);
      };
      for (const b of bodies) await call(b); // warm-up
      const samples: number[] = [];
      for (let r = 0; r < rounds; r++) for (const b of bodies) samples.push(await timed(() => call(b)));
      out.push({
        route,
        requests: samples.length,
        http: percentiles(samples),
        mean_total: Math.round((samples.reduce((a, b) => a + b, 0) / samples.length) * 100) / 100,
      });
      process.stderr.write(`  ${route}: p50 ${out.at(-1)!.http.p50} ms, p95 ${out.at(-1)!.http.p95} ms\n`);
    }
  } finally {
    await pool.close();
    await stopServer(child);
    await closeServices(services);
  }
  return { profiles, data_dir: path.relative(ROOT, dataDir), rounds, routes: out, seconds: Math.round((performance.now() - t0) / 1000) };
}

/** Table rows (header first) for printing. */
export function routesTable(results: RoutesBenchResult[]): string[][] {
  const rows = [['profiles', 'route', 'requests', 'http p50 ms', 'http p95 ms', 'mean ms']];
  for (const r of results)
    for (const l of r.routes)
      rows.push([String(r.profiles), `POST ${l.route}`, String(l.requests), String(l.http.p50), String(l.http.p95), String(l.mean_total)]);
  return rows;
}
