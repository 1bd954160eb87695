import { parseCompanyQuery } from '../query-planner/parse/company-query.js';
import { parsePeopleQuery } from '../query-planner/parse/index.js';
import { createEngine } from '../search-engine/create-engine.js';
import { CreditService } from './billing/credits.js';
import { CommunicationService } from './communications/service.js';
import type { Config } from './config.js';
import { createRequestRateLimiter } from './http/rate-limit.js';
import { createLogger, type Logger } from './logger.js';
import { ProjectStore } from './projects/store.js';
import type { Clock, Services } from './services.js';
import { SignalService } from './signals/service.js';
import { AgentSessionStore } from './store/agent-sessions.js';
import { ApiKeyStore } from './store/api-keys.js';
import { BulkExportStore } from './store/bulk-exports.js';
import { openStore } from './store/database.js';
import { DelegateStore } from './store/delegates.js';
import { FeedbackStore } from './store/feedback.js';
import { GraphStore } from './store/graph.js';
import { PeopleSearchStore } from './store/people-searches.js';
import { purgeExpiredSearches } from './store/retention.js';
import { AuthorHandleStore, SearchActivityStore } from './store/search-activities.js';
import { UserStore } from './store/users.js';
import { WebSessionStore } from './store/web-sessions.js';

/** Opens the store and the search engine and wires the services. Close with {@link closeServices}. */
export function buildServices(config: Config, opts: { clock?: Clock; logger?: Logger } = {}): Services {
  const db = openStore(config.dataDir);
  const clock = opts.clock ?? Date.now;
  // The parsers' place tables (the gazetteer, its divisions and phrase keys) are built once, here,
  // rather than inside the first request.
  parsePeopleQuery('engineers in Berlin');
  parseCompanyQuery('fintech in Berlin');
  // Takes this process's hold lease and releases the holds of calls a crash cut off (docs/credits.md).
  const credits = CreditService.start(db, config.dataDir);
  // Expired search pages and cohorts go at every start, and later with the writes (docs/people-search.md).
  purgeExpiredSearches(db, clock());
  const logger = opts.logger ?? createLogger(config.logLevel);
  const users = new UserStore(db);
  const graph = new GraphStore(db, { clock, freshnessDays: config.connectionFreshnessDays });
  const communications = new CommunicationService(db, config, clock, logger, graph, users);
  const projects = new ProjectStore(db);
  const engine = createEngine({
    kind: config.searchEngine,
    dataDir: config.dataDir,
    opensearchUrl: config.opensearchUrl,
    bulk: config.opensearchBulk,
    timeoutMs: config.searchTimeoutMs,
    readers: config.searchWorkers,
    maxQueued: config.searchQueueLimit,
  });
  const delegates = new DelegateStore(db);
  return {
    config,
    logger,
    clock,
    db,
    users,
    apiKeys: new ApiKeyStore(db),
    delegates,
    graph,
    peopleSearches: new PeopleSearchStore(db),
    searchActivities: new SearchActivityStore(db),
    authorHandles: new AuthorHandleStore(db),
    agentSessions: new AgentSessionStore(db),
    feedback: new FeedbackStore(db),
    bulkExports: new BulkExportStore(db),
    webSessions: new WebSessionStore(db),
    credits,
    requestRate: createRequestRateLimiter(config.rateLimitPerSecond),
    communications,
    projects,
    engine,
    signals: new SignalService({ db, config, clock, logger, engine, graph, users, projects, communications, delegates }),
  };
}

export async function closeServices(services: Services): Promise<void> {
  await services.signals.stop();
  await services.communications.stop();
  await services.engine.close();
  services.credits.close();
  services.db.close();
}
