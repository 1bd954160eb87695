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
  /** How the indexer sends bulk loads to OpenSearch (docs/indexer.md, "OpenSearch"). */
  opensearchBulk: { concurrency: number; flushBytes: number; retryWaitMs: number };
  logLevel: LogLevel;
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
  /** Time a client has to send a whole request (line, headers and body), in ms; later it gets 408. */
  requestTimeoutMs: number;
  /** Profiles in the sample corpus built on a first start (0: build none). */
  sampleProfiles: number;
  /** Time budget of one request's search work, in ms (every engine call of the request shares it). */
  searchTimeoutMs: number;
  /** Embedded engine: worker threads that run searches (0: on the event loop, for tools and tests only). */
  searchWorkers: number;
  /** Embedded engine: searches that may wait for a worker before new ones get 503 `search_overloaded`. */
  searchQueueLimit: number;
  /** Targets a project may include at once before adding more is 409 `project_target_limit`. */
  projectTargetLimit: number;
  /** Requests an account may send a second over REST and `/mcp` before 429 `rate_limited` (0: no limit). */
  rateLimitPerSecond: number;
  /** OAuth dynamic client registrations one network address may make an hour (0: no limit). */
  oauthRegistrationsPerHour: number;
  /** How long a shutdown waits for requests in flight before aborting them, in ms. */
  shutdownGraceMs: number;
  /** Days after its last sync before a connection source counts as unchecked (`stale`) for a user. */
  connectionFreshnessDays: number;
  /** Communications: providers, the dispatcher, webhooks and the stream (docs/communications.md, "Configuration"). */
  communications: CommunicationsConfig;
}

/** Settings of the communications dispatcher and its providers. */
export interface CommunicationsConfig {
  /** SMTP server URL (`smtp://user:pass@host:587`, `smtps://…`); null writes mail to DATA_DIR/outbox instead. */
  smtpUrl: string | null;
  /** The From address of every mail (`Name <address>` or an address). */
  smtpFrom: string;
  /** Simulated delivery time of the sandbox network providers, in ms. */
  sandboxDispatchMs: number;
  /** HTTP relay URL per external network; a network without one uses its sandbox provider. */
  relayUrls: Record<'professional' | 'microblog' | 'photo', string | null>;
  /** Shared secret that signs relay jobs and verifies relay callbacks. */
  relaySecret: string | null;
  relayTimeoutMs: number;
  /** How long a relay that answered 202 has to call back before the job is dispatched again (it is idempotent). */
  relayCallbackTimeoutMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  leaseMs: number;
  pollMs: number;
  concurrency: number;
  /** Live dispatches per owner, channel and UTC day; beyond it sends wait for the next day. */
  dailyCaps: Record<string, number>;
  webhookRetryBaseMs: number;
  webhookMaxAttempts: number;
  webhookTimeoutMs: number;
  /** Where webhooks may go: `public` addresses only (the default), or `any` (local and private receivers too). */
  webhookAddresses: 'public' | 'any';
  sseHeartbeatMs: number;
  /** Event streams one account may hold open at once (429 `too_many_streams` past it). */
  sseStreamsPerAccount: number;
  /** Port of the inbound SMTP listener that takes email replies (null: no listener; 0: any free port). */
  inboundSmtpPort: number | null;
  inboundSmtpHost: string;
  /** Largest inbound mail accepted, in bytes. */
  inboundSmtpMaxBytes: number;
  /** How often the signal service looks for finished snapshot runs, in ms (docs/signals.md). */
  signalsPollMs: number;
  /**
   * An OpenAI-compatible chat-completions endpoint that rewrites project drafts (base URL, such
   * as https://api.openai.com/v1); null keeps drafting deterministic (docs/projects.md).
   */
  draftingLlm: { url: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  /**
   * The email enrichment provider's HTTP endpoint (docs/contacts.md, "Email enrichment"); null
   * uses the sandbox provider.
   */
  emailEnrichment: { url: string; apiKey: string | null; name: string; timeoutMs: number } | null;
}

/** Default daily caps per channel (DAILY_CAP_<CHANNEL> overrides each). */
export const DEFAULT_DAILY_CAPS: Record<string, number> = {
  service_direct_message: 500,
  service_invite: 100,
  service_referral_request: 50,
  email_send: 1000,
  professional_send_message: 100,
  microblog_send_message: 300,
  photo_send_message: 100,
};

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

  const requestTimeoutMs = parseInteger('REQUEST_TIMEOUT_MS', value('REQUEST_TIMEOUT_MS') ?? '60000', 500, 3_600_000, problems);

  const sampleProfiles = parseInteger('SAMPLE_PROFILES', value('SAMPLE_PROFILES') ?? '20000', 0, 5_000_000, problems);

  const searchTimeoutMs = parseInteger('SEARCH_TIMEOUT_MS', value('SEARCH_TIMEOUT_MS') ?? '10000', 10, 600_000, problems);
  const opensearchBulk = {
    concurrency: parseInteger('OPENSEARCH_BULK_CONCURRENCY', value('OPENSEARCH_BULK_CONCURRENCY') ?? '4', 1, 64, problems),
    flushBytes: parseInteger(
      'OPENSEARCH_BULK_BYTES',
      value('OPENSEARCH_BULK_BYTES') ?? String(5 * 1024 * 1024),
      65_536,
      104_857_600,
      problems,
    ),
    retryWaitMs: parseInteger('OPENSEARCH_BULK_RETRY_MS', value('OPENSEARCH_BULK_RETRY_MS') ?? '1000', 1, 60_000, problems),
  };
  const searchWorkers = parseInteger('SEARCH_WORKERS', value('SEARCH_WORKERS') ?? String(defaultSearchWorkers()), 0, 64, problems);
  const searchQueueLimit = parseInteger('SEARCH_QUEUE_LIMIT', value('SEARCH_QUEUE_LIMIT') ?? '128', 1, 100_000, problems);
  const projectTargetLimit = parseInteger('PROJECT_TARGET_LIMIT', value('PROJECT_TARGET_LIMIT') ?? '5000', 1, 1_000_000, problems);
  const rateLimitPerSecond = parseInteger('RATE_LIMIT_PER_SECOND', value('RATE_LIMIT_PER_SECOND') ?? '50', 0, 1_000_000, problems);
  const oauthRegistrationsPerHour = parseInteger(
    'OAUTH_REGISTRATIONS_PER_HOUR',
    value('OAUTH_REGISTRATIONS_PER_HOUR') ?? '20',
    0,
    1_000_000,
    problems,
  );
  const shutdownGraceMs = parseInteger('SHUTDOWN_GRACE_MS', value('SHUTDOWN_GRACE_MS') ?? '3000', 0, 600_000, problems);
  const connectionFreshnessDays = parseInteger('CONNECTION_FRESHNESS_DAYS', value('CONNECTION_FRESHNESS_DAYS') ?? '30', 1, 3650, problems);

  const communications = loadCommunicationsConfig(value, problems);

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
    opensearchBulk,
    logLevel,
    bodyLimitBytes,
    requestTimeoutMs,
    sampleProfiles,
    searchTimeoutMs,
    searchWorkers,
    searchQueueLimit,
    projectTargetLimit,
    rateLimitPerSecond,
    oauthRegistrationsPerHour,
    shutdownGraceMs,
    connectionFreshnessDays,
    communications: { ...communications, smtpFrom: communications.smtpFrom ?? `Proxima <no-reply@${mailDomain(baseUrl)}>` },
  };
}

/** The host of the base URL as a mail domain (`localhost` becomes `localhost.localdomain`). */
export function mailDomain(baseUrl: string): string {
  try {
    const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
    return /^[\d.]+$|:/.test(host) || !host.includes('.') ? 'proxima.localdomain' : host;
  } catch {
    return 'proxima.localdomain';
  }
}

/** EMAIL_ENRICHMENT_URL, _API_KEY, _PROVIDER, _TIMEOUT_MS: the email enrichment provider's HTTP adapter. */
function emailEnrichment(
  value: (name: string) => string | undefined,
  problems: string[],
  int: (name: string, fallback: number, min: number, max: number) => number,
): CommunicationsConfig['emailEnrichment'] {
  const url = value('EMAIL_ENRICHMENT_URL');
  if (url === undefined) return null;
  if (!isHttpUrl(url)) problems.push(`EMAIL_ENRICHMENT_URL must be an http(s) URL (got "${url}")`);
  const name = value('EMAIL_ENRICHMENT_PROVIDER') ?? 'http';
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(name) || name === 'sandbox')
    problems.push(`EMAIL_ENRICHMENT_PROVIDER must be a lower-case name such as "acme_emails", not "sandbox" (got "${name}")`);
  return {
    url,
    apiKey: value('EMAIL_ENRICHMENT_API_KEY') ?? null,
    name,
    timeoutMs: int('EMAIL_ENRICHMENT_TIMEOUT_MS', 10_000, 100, 120_000),
  };
}

/** DRAFTING_LLM_URL, _API_KEY, _MODEL, _TIMEOUT_MS: the optional drafting provider. */
function draftingLlm(
  value: (name: string) => string | undefined,
  problems: string[],
  int: (name: string, fallback: number, min: number, max: number) => number,
): CommunicationsConfig['draftingLlm'] {
  const url = value('DRAFTING_LLM_URL');
  if (url === undefined) return null;
  if (!isHttpUrl(url)) problems.push(`DRAFTING_LLM_URL must be an http(s) URL (got "${url}")`);
  const model = value('DRAFTING_LLM_MODEL');
  if (!model) problems.push('DRAFTING_LLM_MODEL is required with DRAFTING_LLM_URL (the model name the endpoint serves)');
  return {
    url: url.replace(/\/+$/, ''),
    apiKey: value('DRAFTING_LLM_API_KEY') ?? null,
    model: model ?? '',
    timeoutMs: int('DRAFTING_LLM_TIMEOUT_MS', 20_000, 500, 300_000),
  };
}

function loadCommunicationsConfig(
  value: (name: string) => string | undefined,
  problems: string[],
): Omit<CommunicationsConfig, 'smtpFrom'> & { smtpFrom: string | null } {
  const int = (name: string, fallback: number, min: number, max: number) =>
    parseInteger(name, value(name) ?? String(fallback), min, max, problems);
  const smtpUrl = value('SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl))
    problems.push(`SMTP_URL must start with smtp:// or smtps:// (got "${smtpUrl.replace(/\/\/[^@]*@/, '//***@')}")`);
  const smtpFrom = value('SMTP_FROM') ?? null;
  if (smtpFrom !== null && !/@[^\s@>]+\.?[^\s@>]*>?$/.test(smtpFrom))
    problems.push(`SMTP_FROM must be an address or "Name <address>" (got "${smtpFrom}")`);
  const relay = (name: string): string | null => {
    const raw = value(name) ?? null;
    if (raw !== null && !isHttpUrl(raw)) problems.push(`${name} must be an http(s) URL (got "${raw}")`);
    return raw;
  };
  const relayUrls = {
    professional: relay('PROFESSIONAL_RELAY_URL'),
    microblog: relay('MICROBLOG_RELAY_URL'),
    photo: relay('PHOTO_RELAY_URL'),
  };
  const relaySecret = value('RELAY_SECRET') ?? null;
  if (Object.values(relayUrls).some((u) => u !== null) && (relaySecret === null || relaySecret.length < 16))
    problems.push(
      'RELAY_SECRET (at least 16 characters) is required when a *_RELAY_URL is set: relay jobs and callbacks are signed with it',
    );
  const dailyCaps: Record<string, number> = {};
  for (const [channel, fallback] of Object.entries(DEFAULT_DAILY_CAPS))
    dailyCaps[channel] = int(`DAILY_CAP_${channel.toUpperCase()}`, fallback, 0, 1_000_000);
  // The professional network's cap, which projects rely on, also answers to PROFESSIONAL_DAILY_CAP.
  if (value('PROFESSIONAL_DAILY_CAP') !== undefined && value('DAILY_CAP_PROFESSIONAL_SEND_MESSAGE') === undefined)
    dailyCaps.professional_send_message = int('PROFESSIONAL_DAILY_CAP', 100, 0, 1_000_000);
  return {
    smtpUrl,
    smtpFrom,
    sandboxDispatchMs: int('SANDBOX_DISPATCH_MS', 1500, 0, 600_000),
    relayUrls,
    relaySecret,
    relayTimeoutMs: int('RELAY_TIMEOUT_MS', 15_000, 100, 600_000),
    relayCallbackTimeoutMs: int('RELAY_CALLBACK_TIMEOUT_MS', 600_000, 1000, 86_400_000),
    retryBaseMs: int('DISPATCH_RETRY_BASE_MS', 30_000, 10, 3_600_000),
    maxAttempts: int('DISPATCH_MAX_ATTEMPTS', 5, 1, 50),
    leaseMs: int('DISPATCH_LEASE_MS', 30_000, 500, 3_600_000),
    pollMs: int('DISPATCH_POLL_MS', 1000, 10, 60_000),
    concurrency: int('DISPATCH_CONCURRENCY', 4, 1, 64),
    dailyCaps,
    webhookRetryBaseMs: int('WEBHOOK_RETRY_BASE_MS', 10_000, 10, 3_600_000),
    webhookMaxAttempts: int('WEBHOOK_MAX_ATTEMPTS', 8, 1, 50),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    webhookAddresses: webhookAddresses(value('WEBHOOK_ADDRESSES'), problems),
    sseHeartbeatMs: int('SSE_HEARTBEAT_MS', 15_000, 50, 600_000),
    sseStreamsPerAccount: int('SSE_STREAMS_PER_ACCOUNT', 64, 1, 100_000),
    inboundSmtpPort: value('INBOUND_SMTP_PORT') === undefined ? null : int('INBOUND_SMTP_PORT', 0, 0, 65_535),
    inboundSmtpHost: value('INBOUND_SMTP_HOST') ?? '127.0.0.1',
    inboundSmtpMaxBytes: int('INBOUND_SMTP_MAX_BYTES', 10_485_760, 1024, 104_857_600),
    signalsPollMs: int('SIGNALS_POLL_MS', 5000, 10, 3_600_000),
    draftingLlm: draftingLlm(value, problems, int),
    emailEnrichment: emailEnrichment(value, problems, int),
  };
}

/** `WEBHOOK_ADDRESSES`: `public` (the default) or `any`. */
function webhookAddresses(raw: string | undefined, problems: string[]): 'public' | 'any' {
  const v = (raw ?? 'public').trim().toLowerCase();
  if (v === 'public' || v === 'any') return v;
  problems.push(`WEBHOOK_ADDRESSES must be public or any (got "${raw}")`);
  return 'public';
}
