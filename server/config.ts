import os from 'node:os';
import path from 'node:path';

/** Search engine adapters that the port can be backed by. */
export type SearchEngineKind = 'embedded' | 'opensearch';

/** Log levels accepted by `LOG_LEVEL` (pino's names). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Validated runtime configuration. Built once at boot by {@link loadConfig}. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  baseUrl: string;
  searchEngine: SearchEngineKind;
  opensearchUrl: string | null;
  logLevel: LogLevel;
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
  /** Profiles in the sample corpus built on a first start (0: build none). */
  sampleProfiles: number;
  /** Time budget of one request's search work, in ms (every engine call of the request shares it). */
  searchTimeoutMs: number;
  /** Embedded engine: worker threads that run searches (0: on the event loop, for tools and tests only). */
  searchWorkers: number;
  /** Embedded engine: searches that may wait for a worker before new ones get 503 `search_overloaded`. */
  searchQueueLimit: number;
  /** How long a shutdown waits for requests in flight before aborting them, in ms. */
  shutdownGraceMs: number;
  /** Days after its last sync before a connection source counts as unchecked (`stale`) for a user. */
  connectionFreshnessDays: number;
}

/** Thrown when the environment is invalid; lists every problem found. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

function parseInteger(name: string, raw: string, min: number, max: number, problems: string[]): number {
  if (!/^\d+$/.test(raw)) {
    problems.push(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
    return min;
  }
  const value = Number(raw);
  if (value < min || value > max) problems.push(`${name} must be between ${min} and ${max} (got ${value})`);
  return value;
}

/** One search worker per core, at least two (one tenant never holds them all). */
function defaultSearchWorkers(): number {
  return Math.max(2, os.availableParallelism());
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Reads and validates the environment. Collects every problem before failing so an operator
 * fixes them in one pass.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  };

  const port = parseInteger('PORT', value('PORT') ?? '8080', 0, 65535, problems);
  const host = value('HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(value('DATA_DIR') ?? './data');

  const engineRaw = value('SEARCH_ENGINE') ?? 'embedded';
  if (engineRaw !== 'embedded' && engineRaw !== 'opensearch') {
    problems.push(`SEARCH_ENGINE must be "embedded" or "opensearch" (got "${engineRaw}")`);
  }
  const searchEngine: SearchEngineKind = engineRaw === 'opensearch' ? 'opensearch' : 'embedded';

  const opensearchUrl = value('OPENSEARCH_URL') ?? null;
  if (opensearchUrl !== null && !isHttpUrl(opensearchUrl)) {
    problems.push(`OPENSEARCH_URL must be an http(s) URL (got "${opensearchUrl}")`);
  }
  if (searchEngine === 'opensearch' && opensearchUrl === null) {
    problems.push('OPENSEARCH_URL is required when SEARCH_ENGINE=opensearch');
  }

  const levelRaw = (value('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(levelRaw)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${levelRaw}")`);
  }
  const logLevel = ((LOG_LEVELS as readonly string[]).includes(levelRaw) ? levelRaw : 'info') as LogLevel;

  const bodyLimitBytes = parseInteger('BODY_LIMIT_BYTES', value('BODY_LIMIT_BYTES') ?? '1048576', 1024, 64 * 1024 * 1024, problems);

  const sampleProfiles = parseInteger('SAMPLE_PROFILES', value('SAMPLE_PROFILES') ?? '20000', 0, 5_000_000, problems);

  const searchTimeoutMs = parseInteger('SEARCH_TIMEOUT_MS', value('SEARCH_TIMEOUT_MS') ?? '10000', 10, 600_000, problems);
  const searchWorkers = parseInteger('SEARCH_WORKERS', value('SEARCH_WORKERS') ?? String(defaultSearchWorkers()), 0, 64, problems);
  const searchQueueLimit = parseInteger('SEARCH_QUEUE_LIMIT', value('SEARCH_QUEUE_LIMIT') ?? '128', 1, 100_000, problems);
  const shutdownGraceMs = parseInteger('SHUTDOWN_GRACE_MS', value('SHUTDOWN_GRACE_MS') ?? '3000', 0, 600_000, problems);
  const connectionFreshnessDays = parseInteger('CONNECTION_FRESHNESS_DAYS', value('CONNECTION_FRESHNESS_DAYS') ?? '30', 1, 3650, problems);

  const baseUrlRaw = value('BASE_URL') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!isHttpUrl(baseUrlRaw)) problems.push(`BASE_URL must be an http(s) URL (got "${baseUrlRaw}")`);
  const baseUrl = baseUrlRaw.replace(/\/+$/, '');

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    baseUrl,
    searchEngine,
    opensearchUrl,
    logLevel,
    bodyLimitBytes,
    sampleProfiles,
    searchTimeoutMs,
    searchWorkers,
    searchQueueLimit,
    shutdownGraceMs,
    connectionFreshnessDays,
  };
}
