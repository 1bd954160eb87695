// Child process for email-smtp.test.ts: the real app on DATA_DIR (argv[2]) with SMTP_URL
// (argv[3]), no corpus. The first run creates the account and writes its key to DATA_DIR/key.
// Imported rather than run (a test runner scanning the folder), it does nothing.
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../../../server/app.js';
import { buildServices } from '../../../server/build-services.js';
import { createAccount } from '../../../server/commands/create-account.js';
import { createApiKey } from '../../../server/commands/create-api-key.js';
import { loadConfig } from '../../../server/config.js';
import { createLogger } from '../../../server/logger.js';

function serve(dataDir: string, smtpUrl: string): void {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: smtpUrl,
    SMTP_FROM: 'Proxima Tests <outreach@proxima.test>',
    DISPATCH_LEASE_MS: '1000',
    DISPATCH_POLL_MS: '100',
    SEARCH_WORKERS: '0',
    WEBHOOK_ADDRESSES: 'any',
  });
  const services = buildServices(config, { logger: createLogger('silent') });
  const keyFile = path.join(dataDir, 'key');
  if (!fs.existsSync(keyFile)) {
    const owner = createAccount(services, { tier: 'pro', name: 'Child Sender' });
    fs.writeFileSync(keyFile, createApiKey(services, { userId: owner.userId, scopes: ['communications'] }).apiKey);
  }
  const app = createApp(services);
  const server: Server = app.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ port, apiKey: fs.readFileSync(keyFile, 'utf8') })}\n`);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) serve(process.argv[2] as string, process.argv[3] as string);
