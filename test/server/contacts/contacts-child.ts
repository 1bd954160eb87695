// Child process for reconciliation-scale.test.ts: the real app on DATA_DIR (argv[2]), already
// indexed by the parent, with search in worker threads as in production. It prints its port
// once it listens. Imported rather than run (a test runner scanning the folder), it does nothing.
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { createApp } from '../../../server/app.js';
import { buildServices } from '../../../server/build-services.js';
import { loadConfig } from '../../../server/config.js';
import { createLogger } from '../../../server/logger.js';

function serve(dataDir: string): void {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SAMPLE_PROFILES: '0' });
  const services = buildServices(config, { logger: createLogger('silent') });
  const server: Server = createApp(services).listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) serve(process.argv[2] as string);
