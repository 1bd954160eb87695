import type { Server } from 'node:http';
import { lineProgress, terminalProgress } from '../indexer/progress.js';
import { INDICES } from '../mappings/indices.js';
import { createApp } from './app.js';
import { buildServices, closeServices } from './build-services.js';
import { publishAccountProfiles, retractAccountProfile } from './commands/account-profiles.js';
import { assertCurrentMappings } from './commands/assert-current-mappings.js';
import { buildSampleCorpus } from './commands/build-sample-corpus.js';
import { type DemoAccount, ensureDemoAccount } from './commands/ensure-demo-account.js';
import type { Config } from './config.js';
import { listen } from './http/listen.js';
import type { Services } from './services.js';
import { shutdown } from './shutdown.js';

/** Quotes a path for a POSIX shell. */
const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * How the start-up text names the demo key: in full on the start that created it, the only
 * time it is shown; afterwards by its public prefix and the file holding it.
 */
function demoKeyLines(demo: DemoAccount): string[] {
  if (demo.created)
    return [
      'Created a demo account (tier pro, every scope). Its API key, shown this once:',
      `  ${demo.apiKey}`,
      `  (saved in ${demo.keyFile})`,
    ];
  return [`Demo API key: ${demo.keyPrefix}_... (the whole key is in ${demo.keyFile})`];
}

/** Starts the API: opens the store, makes sure the demo owner exists, listens, and prints how to call it. */
export async function serve(
  config: Config,
  out: (text: string) => void = (t) => process.stdout.write(t),
): Promise<{ server: Server; services: Services; close: () => Promise<void> }> {
  const services = buildServices(config);
  let corpus: Awaited<ReturnType<typeof buildSampleCorpus>>;
  try {
    await assertCurrentMappings(services.engine, config.dataDir);
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
  try {
    // Accounts that are not corpus people get their minimal profile (one id per person); the
    // demo owner's account-only profile goes once it has become the persona.
    if (demo?.replacedUserId) await retractAccountProfile(services, demo.replacedUserId);
    await publishAccountProfiles(services);
  } catch (err) {
    services.logger.warn({ err }, 'account profiles could not be published; they are read from the store until the next start');
  }
  const app = createApp(services);
  let server: Server;
  try {
    server = await listen(app, config.port, config.host, services.logger, config.requestTimeoutMs);
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
      ...demoKeyLines(demo),
      ...(corpus.demoProfileId
        ? [
            `  The demo owner is ${persona?.display_name ?? 'a person'} of the sample corpus (profile ${corpus.demoProfileId}), with ${services.graph.firstDegree(corpus.demoProfileId).size} first-degree connections.`,
          ]
        : []),
      'Try:',
      `  curl -s ${url}/api/v1/credits/status -H "X-API-Key: $(cat ${shellQuote(demo.keyFile)})"`,
    );
  }
  lines.push(
    `Route list: ${url}/docs/endpoints.json`,
    `MCP connector: ${config.baseUrl}/mcp (Authorization: Bearer <API key>, or OAuth; docs/mcp.md)`,
    `Keys and connected apps: ${config.baseUrl}/account`,
  );
  if (!services.engine.budgetsEnforced) {
    const warning =
      'The SQLite budget extension is not built (no C compiler at install?): searches run without a time limit inside SQLite. Run `node search-engine/embedded/native/build.mjs` to build it.';
    services.logger.warn(warning);
    lines.push(`Warning: ${warning}`);
  }
  out(`${lines.join('\n')}\n`);

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= shutdown(server, services, config.shutdownGraceMs);
    return closing;
  };
  return { server, services, close };
}
