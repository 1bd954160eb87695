import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { findCities, locationOfCity, type ResolvedLocation } from '../../geo/gazetteer.js';
import { silentProgress } from '../../indexer/progress.js';
import { type IndexRunSummary, runIndex } from '../../indexer/run-index.js';
import type { Services } from '../../server/services.js';
import { GraphStore } from '../../server/store/graph.js';
import { startTestApp, type TestApp } from './test-app.js';

/** A deterministic UUID-shaped id for test records. */
export const tid = (prefix: number, n: number): string =>
  `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const company = (n: number, extra: Record<string, unknown> = {}) => ({
  id: tid(0xc0, n),
  name: `Company ${n}`,
  status: 'active',
  industry: n % 2 ? 'Software' : 'Fintech',
  employee_count: 10 * n,
  funding_stage: 'series_a',
  revenue_usd: n % 3 === 0 ? null : 1_000_000 * n,
  is_public: false,
  ...extra,
});

export const profile = (n: number, extra: Record<string, unknown> = {}) => ({
  id: tid(0xa0, n),
  first_name: `First${n}`,
  last_name: `Last${n}`,
  display_name: `First${n} Last${n}`,
  headline: `Engineer number ${n}`,
  current_title: n % 2 ? 'Software Engineer' : 'Product Manager',
  current_company_id: tid(0xc0, (n % 5) + 1),
  current_company_name: `Company ${(n % 5) + 1}`,
  years_experience: n % 15,
  experiences: [
    {
      company_id: tid(0xc0, (n % 5) + 1),
      company_name: `Company ${(n % 5) + 1}`,
      title: 'Software Engineer',
      start: '2020-01',
      end: null,
      is_current: true,
    },
  ],
  education: [{ school: 'State University', degree: 'BSc', field_of_study: 'Computer Science', start_year: 2010, end_year: 2014 }],
  skills: ['TypeScript', 'SQL'],
  languages: [{ name: 'English', proficiency: 'Native or bilingual proficiency' }],
  created_at: '2025-01-01T00:00:00Z',
  ...extra,
});

/** A job posting `tid(0xd0, n)` at company `tid(0xc0, companyNo)`: an onsite software role in London. */
export const job = (n: number, companyNo: number, extra: Record<string, unknown> = {}) => ({
  id: tid(0xd0, n),
  company_id: tid(0xc0, companyNo),
  company_name: `Company ${companyNo}`,
  title: 'Software Engineer',
  description: `Job ${n}: build search systems.`,
  function: 'engineering',
  seniority: 'ic',
  locations: [cityLocation('London', 'GB')],
  workplace_type: 'onsite',
  employment_type: 'full_time',
  url: `https://jobs.example/${n}`,
  published_at: '2026-05-30T09:00:00Z',
  ...extra,
});

export const post = (n: number, author: string, extra: Record<string, unknown> = {}) => ({
  id: tid(0xb0, n),
  author_id: author,
  author_entity_type: 'person',
  action_type: 'post',
  text: `Post ${n} about search`,
  reaction_count: n,
  comment_count: 1,
  repost_count: 0,
  posted_at: '2026-10-01T00:00:00Z',
  ...extra,
});

/** Writes lines (objects are JSON-encoded, strings written as they are) to a .jsonl or .jsonl.gz file. */
/** A service connection record between two people, made on 2025-06-01 and still standing. */
export const connection = (userA: string, userB: string) => ({
  user_a: userA,
  user_b: userB,
  source: 'service',
  connected_at: '2025-06-01T00:00:00Z',
  removed_at: null,
});

export function writeSnapshot(dir: string, name: string, lines: (object | string)[]): string {
  const file = path.join(dir, name);
  const text = `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;
  fs.writeFileSync(file, name.endsWith('.gz') ? zlib.gzipSync(text) : text);
  return file;
}

/** Loads snapshot files into a test app's engine and graph store with the real indexer, recording changes for signals. */
export async function indexSnapshots(app: { dataDir: string; services: Services }, files: string[]): Promise<IndexRunSummary> {
  return runIndex({
    files,
    swap: false,
    resume: false,
    batchSize: 100,
    rejectsFile: path.join(app.dataDir, 'rejects.jsonl'),
    checkpointDir: path.join(app.dataDir, 'checkpoints'),
    engine: app.services.engine,
    graph: new GraphStore(app.services.db),
    changes: app.services.signals.changes,
    progress: silentProgress,
  });
}

/** A stored location for a city, resolved by the real gazetteer (as the corpus generator does). */
export function cityLocation(name: string, countryCode: string): ResolvedLocation {
  const city = findCities(name).find((c) => c.countryCode === countryCode);
  if (!city) throw new Error(`no city ${name} in ${countryCode}`);
  return locationOfCity(city);
}

/**
 * A test app whose corpus is `profiles` (ids made with `tid(0xa0, n)`), with an account linked
 * to person 100 and service connections from 100 to persons 1-3; runs `fn` with the account's
 * key and closes the app.
 */
export async function withRequesterCorpus(profiles: object[], fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  const P = (n: number) => tid(0xa0, n);
  const app = await startTestApp();
  try {
    const connections = [1, 2, 3].map((n) => connection(P(100), P(n)));
    const files = [writeSnapshot(app.dataDir, 'profiles.jsonl', profiles), writeSnapshot(app.dataDir, 'connections.jsonl', connections)];
    const summary = await indexSnapshots(app, files);
    if (summary.rejected > 0) throw new Error(`${summary.rejected} test records were rejected`);
    const { apiKey } = app.account({ personId: P(100), name: 'Founder' });
    await fn(app, apiKey);
  } finally {
    await app.close();
  }
}
