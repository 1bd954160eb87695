import type { Server } from 'node:http';
import { lineProgress, terminalProgress } from '../indexer/progress.js';
import { INDICES } from '../mappings/indices.js';
import { createApp } from './app.js';
import { buildServices, closeServices } from './build-services.js';
import { buildSampleCorpus } from './commands/build-sample-corpus.js';
import { ensureDemoAccount } from './commands/ensure-demo-account.js';
import type { Config } from './config.js';
import type { Services } from './services.js';
import { GraphStore } from './store/graph.js';

/** Starts the API: opens the store, makes sure the demo owner exists, listens, and prints how to call it. */
export async function serve(
  config: Config,
  out: (text: string) => void = (t) => process.stdout.write(t),
): Promise<{ server: Server; services: Services; close: () => Promise<void> }> {
  const services = buildServices(config);
  let corpus: Awaited<ReturnType<typeof buildSampleCorpus>>;
  try {
    const progress = process.stderr.isTTY ? terminalProgress() : lineProgress((t) => process.stderr.write(t));
    corpus = await buildSampleCorpus(services, { profiles: config.sampleProfiles, progress, say: (line) => out(`${line}\n`) });
  } catch (err) {
    await closeServices(services);
    throw err;
  }
  const persona = corpus.demoProfileId
    ? (await services.engine.mget<{ display_name?: string }>(INDICES.profiles.alias, [corpus.demoProfileId]))[0]
    : null;
  const demo = ensureDemoAccount(services, { profileId: corpus.demoProfileId ?? undefined, name: persona?.display_name });
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
      ...(corpus.demoProfileId
        ? [
            `  The demo owner is ${persona?.display_name ?? 'a person'} of the sample corpus (profile ${corpus.demoProfileId}), with ${new GraphStore(services.db).firstDegree(corpus.demoProfileId).size} first-degree connections.`,
          ]
        : []),
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
