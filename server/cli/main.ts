import { buildServices, closeServices } from '../build-services.js';
import { StaleIndexError } from '../commands/assert-current-mappings.js';
import { CommandError } from '../commands/create-account.js';
import { ConfigError, loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { prepareDataDir } from '../store/data-dir.js';
import { ADMIN_COMMANDS } from './admin-commands.js';
import { fixturesCommand } from './fixtures-command.js';
import { indexCommand } from './index-command.js';
import { commandUsage, USAGE, UsageError, wantsHelp } from './usage.js';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const defaultIo: CliIo = {
  env: process.env,
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
};

/**
 * Runs one `proxima` command and returns its exit code: 0 ok, 1 failed, 2 bad arguments.
 * `serve` keeps running and resolves only on a signal.
 */
export async function runCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const [group, verb, ...rest] = argv;
  if (group === undefined || group === '--help' || group === 'help') {
    io.stdout(USAGE);
    return group === undefined ? 2 : 0;
  }
  // `proxima <command> --help` prints that command's help before anything is parsed or opened.
  if (wantsHelp(argv.slice(1))) {
    const help = commandUsage(argv);
    if (help === null) {
      io.stderr(`proxima: unknown command "${[group, verb].filter((w) => w && !w.startsWith('-')).join(' ')}"\n\n${USAGE}`);
      return 2;
    }
    io.stdout(help);
    return 0;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
    // Fixtures are written where --out says: no data directory is made for them.
    if (group !== 'fixtures') prepareDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr(`${err.message}\n`);
      return 1;
    }
    throw err;
  }

  if (group === 'serve') {
    const { serve } = await import('../main.js');
    // Signals are caught from the start, so one that arrives while the server is starting still
    // shuts it down cleanly; a second one ends the process at once.
    const stopped = new Promise<void>((resolve) => {
      const stop = () => {
        process.once('SIGINT', () => process.exit(130));
        process.once('SIGTERM', () => process.exit(143));
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    let running: Awaited<ReturnType<typeof serve>>;
    try {
      running = await serve(config);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (err instanceof StaleIndexError) {
        io.stderr(`proxima serve: ${err.message}\n`);
        return 1;
      }
      if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
        io.stderr(`proxima serve: cannot listen on ${config.host}:${config.port} (${code}); set PORT or HOST to a free address\n`);
        return 1;
      }
      throw err;
    }
    await stopped;
    await running.close();
    return 0;
  }

  if (group === 'index' || group === 'fixtures') {
    // An interrupted load says how to go on: what it committed stays, and --resume continues it.
    const onSignal = (signal: NodeJS.Signals) => {
      io.stderr(`\nproxima index: ${signal}; what was committed stays loaded. Run the same command with --resume to continue.\n`);
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    if (group === 'index') for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
    try {
      return group === 'index' ? await indexCommand(config, argv.slice(1), io) : await fixturesCommand(argv.slice(1), io);
    } catch (err) {
      if (err instanceof UsageError) {
        io.stderr(`proxima ${group}: ${err.message}\n\n${USAGE}`);
        return 2;
      }
      throw err;
    } finally {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal);
    }
  }

  const key = `${group} ${verb ?? ''}`;
  const command = ADMIN_COMMANDS[key];
  const json = rest.includes('--json');
  if (!command) {
    io.stderr(`proxima: unknown command "${key.trim()}"\n\n${USAGE}`);
    return 2;
  }
  const services = buildServices(config, { logger: createLogger('silent') });
  try {
    const out = await command(services, rest);
    io.stdout(json ? `${JSON.stringify(out.json)}\n` : `${out.text}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`proxima ${key}: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof CommandError) {
      io.stderr(json ? `${JSON.stringify({ error: err.message })}\n` : `proxima ${key}: ${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await closeServices(services);
  }
}
