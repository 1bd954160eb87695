// Child process for pending-holds.test.ts: the real app on DATA_DIR (argv[2]) with one billed
// route whose work never finishes, so the parent can kill -9 it while its charge is held.
import type { Server } from 'node:http';
import { createApp } from '../../../server/app.js';
import { buildServices } from '../../../server/build-services.js';
import { createAccount } from '../../../server/commands/create-account.js';
import { createApiKey } from '../../../server/commands/create-api-key.js';
import { loadConfig } from '../../../server/config.js';
import { defineRoute } from '../../../server/http/route.js';
import { createLogger } from '../../../server/logger.js';

// No search engine is needed (see pending-holds.test.ts).
const config = loadConfig({
  DATA_DIR: process.argv[2] as string,
  LOG_LEVEL: 'silent',
  SEARCH_ENGINE: 'opensearch',
  OPENSEARCH_URL: 'http://127.0.0.1:9',
});
const services = buildServices(config, { logger: createLogger('silent') });
const never = defineRoute({
  method: 'GET',
  path: '/test/never-finishes',
  tag: 'test',
  summary: 'Reserves a people search, says so on stdout, then works forever.',
  auth: { anyOf: ['search'] },
  billing: { operation: 'people_search' },
  response: { type: 'object' },
  handler: () => {
    process.stdout.write('working\n');
    return new Promise(() => {});
  },
});
const owner = createAccount(services, { tier: 'free' });
const { apiKey } = createApiKey(services, { userId: owner.userId, scopes: ['search'] });
const app = createApp(services, { extraRoutes: [never] });
const server: Server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port, apiKey, ownerUserId: owner.userId })}\n`);
});
