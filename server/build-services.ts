import { createEngine } from '../search-engine/create-engine.js';
import { CreditService } from './billing/credits.js';
import type { Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import type { Clock, Services } from './services.js';
import { ApiKeyStore } from './store/api-keys.js';
import { openStore } from './store/database.js';
import { DelegateStore } from './store/delegates.js';
import { UserStore } from './store/users.js';

/** Opens the store and the search engine and wires the services. Close with {@link closeServices}. */
export function buildServices(config: Config, opts: { clock?: Clock; logger?: Logger } = {}): Services {
  const db = openStore(config.dataDir);
  return {
    config,
    logger: opts.logger ?? createLogger(config.logLevel),
    clock: opts.clock ?? Date.now,
    db,
    users: new UserStore(db),
    apiKeys: new ApiKeyStore(db),
    delegates: new DelegateStore(db),
    credits: new CreditService(db),
    engine: createEngine({ kind: config.searchEngine, dataDir: config.dataDir, opensearchUrl: config.opensearchUrl }),
  };
}

export async function closeServices(services: Services): Promise<void> {
  await services.engine.close();
  services.db.close();
}
