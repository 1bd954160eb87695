import type { SearchEngine } from '../search-engine/port.js';
import type { CreditService } from './billing/credits.js';
import type { CommunicationService } from './communications/service.js';
import type { Config } from './config.js';
import type { RequestRateLimiter } from './http/rate-limit.js';
import type { Logger } from './logger.js';
import type { ProjectStore } from './projects/store.js';
import type { SignalService } from './signals/service.js';
import type { AgentSessionStore } from './store/agent-sessions.js';
import type { ApiKeyStore } from './store/api-keys.js';
import type { BulkExportStore } from './store/bulk-exports.js';
import type { Db } from './store/database.js';
import type { DelegateStore } from './store/delegates.js';
import type { FeedbackStore } from './store/feedback.js';
import type { GraphStore } from './store/graph.js';
import type { PeopleSearchStore } from './store/people-searches.js';
import type { AuthorHandleStore, SearchActivityStore } from './store/search-activities.js';
import type { UserStore } from './store/users.js';
import type { WebSessionStore } from './store/web-sessions.js';

/** A clock returning epoch milliseconds; tests inject their own. */
export type Clock = () => number;

/** Everything commands and routes need, built once per process. */
export interface Services {
  config: Config;
  logger: Logger;
  clock: Clock;
  db: Db;
  users: UserStore;
  apiKeys: ApiKeyStore;
  delegates: DelegateStore;
  graph: GraphStore;
  peopleSearches: PeopleSearchStore;
  searchActivities: SearchActivityStore;
  authorHandles: AuthorHandleStore;
  agentSessions: AgentSessionStore;
  feedback: FeedbackStore;
  bulkExports: BulkExportStore;
  webSessions: WebSessionStore;
  credits: CreditService;
  /** Requests an account may send a second (docs/errors.md, "Rate limit"). */
  requestRate: RequestRateLimiter;
  engine: SearchEngine;
  /** Communications: stores, providers, the dispatcher and webhook deliveries (docs/communications.md). */
  communications: CommunicationService;
  /** Projects and their targets (docs/projects.md). */
  projects: ProjectStore;
  /** Signal watchers, the indexer's change set and signal deliveries (docs/signals.md). */
  signals: SignalService;
}
