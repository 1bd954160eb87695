import type { Server } from 'node:http';
import { createApp } from './app.js';
import { buildServices, closeServices } from './build-services.js';
import { ensureDemoAccount } from './commands/ensure-demo-account.js';
import type { Config } from './config.js';
import type { Services } from './services.js';

/** Starts the API: opens the store, makes sure the demo owner exists, listens, and prints how to call it. */
export async function serve(
  config: Config,
  out: (text: string) => void = (t) => process.stdout.write(t),
): Promise<{ server: Server; services: Services; close: () => Promise<void> }> {
  const services = buildServices(config);
  const demo = ensureDemoAccount(services);
  const app = createApp(services);
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(config.port, config.host, () => resolve(s));
      s.once('error', reject);
    });
  } catch (err) {
    await closeServices(services);
    throw err;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  services.logger.info({ url, engine: config.searchEngine, data_dir: config.dataDir }, 'listening');

  const lines = [`Proxima is listening on ${url} (search engine: ${config.searchEngine}, data: ${config.dataDir})`];
  if (demo) {
    lines.push(
      demo.created ? 'Created a demo account (tier pro, every scope). Its API key:' : 'Demo API key:',
      `  ${demo.apiKey}`,
      `  (saved in ${demo.keyFile})`,
      'Try:',
      `  curl -s ${url}/api/v1/credits/status -H "X-API-Key: ${demo.apiKey}"`,
    );
  }
  lines.push(`Route list: ${url}/docs/endpoints.json`);
  out(`${lines.join('\n')}\n`);

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() => closeServices(services));
    return closing;
  };
  return { server, services, close };
}
