import path from 'node:path';
import { parseArgs } from 'node:util';
import { LoadInProgress } from '../../indexer/load-lock.js';
import { lineProgress, terminalProgress } from '../../indexer/progress.js';
import { SnapshotReadError } from '../../indexer/read-lines.js';
import { RejectsFileUnwritable } from '../../indexer/rejects-file.js';
import { IndexerUsageError, runIndex, type StoppedLoad, stoppedLoadOf } from '../../indexer/run-index.js';
import { SwapRefused } from '../../indexer/targets.js';
import { SearchEngineError } from '../../search-engine/errors.js';
import { buildServices, closeServices } from '../build-services.js';
import { publishAccountProfiles } from '../commands/account-profiles.js';
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import type { CliIo } from './main.js';
import { UsageError } from './usage.js';

/** Exit code of an index run that completed but refused some records. */
export const EXIT_REJECTED = 3;

/**
 * `proxima index PATH... [--kind K] [--swap] [--resume] [--batch-size N] [--workers N] [--max-line-bytes N] [--rejects FILE] [--json] [--no-signals]`
 * Loads snapshot files (a directory PATH stands for its snapshot files); prints a summary;
 * exits 3 when records were rejected.
 */
export async function indexCommand(config: Config, args: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        kind: { type: 'string' },
        swap: { type: 'boolean' },
        resume: { type: 'boolean' },
        'batch-size': { type: 'string' },
        workers: { type: 'string' },
        'max-line-bytes': { type: 'string' },
        rejects: { type: 'string' },
        json: { type: 'boolean' },
        progress: { type: 'string' },
        'no-signals': { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if (parsed.positionals.length === 0) throw new UsageError('name at least one snapshot file or directory');
  const batchSize = v['batch-size'] === undefined ? 1000 : Number(v['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000)
    throw new UsageError('--batch-size must be a whole number from 1 to 100000');
  const workers = v.workers === undefined ? undefined : Number(v.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 0 || workers > 64))
    throw new UsageError('--workers must be a whole number from 0 to 64');
  const maxLineBytes = v['max-line-bytes'] === undefined ? undefined : Number(v['max-line-bytes']);
  if (maxLineBytes !== undefined && (!/^\d+$/.test(v['max-line-bytes'] as string) || maxLineBytes < 1024 || maxLineBytes > 67_108_864))
    throw new UsageError('--max-line-bytes must be a whole number from 1024 to 67108864');
  const mode = (v.progress as string | undefined) ?? (process.stderr.isTTY ? 'bar' : 'lines');
  if (!['bar', 'lines', 'none'].includes(mode)) throw new UsageError('--progress must be bar, lines or none');

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const rejectsFile = (v.rejects as string | undefined) ?? path.join(config.dataDir, 'rejects', `rejects-${stamp}.jsonl`);
  // No read threads: the indexer's reads (company facts, author names) are a few per batch, and
  // each read thread would fill a page cache of its own (256 MiB) with the profiles the posts'
  // authors are looked up in, 500 MB of resident memory for two.
  const services = buildServices({ ...config, searchWorkers: 0 }, { logger: createLogger('silent') });
  try {
    const summary = await runIndex({
      files: parsed.positionals,
      kind: v.kind as string | undefined,
      swap: Boolean(v.swap),
      resume: Boolean(v.resume),
      batchSize,
      workers,
      maxLineBytes,
      rejectsFile,
      rejectsFileIsDefault: v.rejects === undefined,
      checkpointDir: path.join(config.dataDir, 'indexer'),
      engine: services.engine,
      graph: services.graph,
      // What changed per person and company, for signal watchers (docs/signals.md).
      changes: v['no-signals'] ? undefined : services.signals.changes,
      progress: mode === 'bar' ? terminalProgress() : mode === 'lines' ? lineProgress(io.stderr) : { start() {}, update() {}, stop() {} },
      notice: (line) => io.stderr(`proxima index: ${line}\n`),
    });
    // A swapped-in people index holds only the snapshot: accounts' own profiles go back in. The
    // load itself succeeded, so a failure here is a warning (the next start publishes them).
    await publishAccountProfiles(services).catch((err: Error) =>
      io.stderr(`proxima index: warning: account profiles were not published (${err.message}); the next start publishes them\n`),
    );
    // A file whose every record was refused is most often a file of another kind (its name, or --kind).
    for (const f of summary.files)
      if (f.read > 0 && f.rejected === f.read)
        io.stderr(
          `proxima index: warning: every record of ${f.file} was refused as ${f.kind}; is it a file of another kind? The kind comes from the file name or --kind (see the rejects file for the reasons)\n`,
        );
    if (v.json) io.stdout(`${JSON.stringify(summary)}\n`);
    else {
      for (const f of summary.files) {
        io.stdout(
          `${f.kind.padEnd(11)} ${String(f.read).padStart(9)} read ${String(f.indexed).padStart(9)} indexed ${String(f.deleted).padStart(7)} deleted${f.deleteNoops ? ` (+${f.deleteNoops} of absent ids)` : ''} ${String(f.rejected).padStart(7)} rejected  ${(f.durationMs / 1000).toFixed(1)}s ${f.ratePerSecond}/s  ${path.basename(f.file)}${f.swapped ? `  alias -> ${f.index}` : ''}\n`,
        );
      }
      io.stdout(
        `total       ${summary.read} read, ${summary.indexed} indexed, ${summary.deleted} deleted${summary.deleteNoops ? ` (and ${summary.deleteNoops} deletions of absent ids, no-ops)` : ''}, ${summary.rejected} rejected in ${(summary.durationMs / 1000).toFixed(1)}s (${summary.ratePerSecond}/s)\n`,
      );
      if (summary.signalChanges !== null) io.stdout(`signal changes recorded: ${summary.signalChanges}\n`);
      if (summary.rejectsFile) io.stdout(`rejected records (file, line, reason): ${summary.rejectsFile}\n`);
    }
    return summary.rejected > 0 ? EXIT_REJECTED : 0;
  } catch (err) {
    if (err instanceof IndexerUsageError || err instanceof RejectsFileUnwritable) throw new UsageError(err.message);
    const stopped = stoppedLoadOf(err);
    const message = failureMessage(err, stopped);
    if (message === null) throw err;
    io.stderr(`proxima index: ${message}\n`);
    // With --json a script still gets one document on stdout, with the counts of each file loaded or begun.
    if (v.json)
      io.stdout(
        `${JSON.stringify({ ok: false, error: message, ...(stopped ? { files: stopped.files, stoppedAt: stopped.stoppedAt } : {}) })}\n`,
      );
    return 1;
  } finally {
    await closeServices(services);
  }
}

/**
 * What of the file it stopped in was applied, and where: a file of upserts cut short has already
 * changed the live index (an outside tester's 21,000 records were, under "the files loaded before
 * it stay loaded"); a new index has not (its alias is untouched). Past the last committed line,
 * the lines of batches sent before a batch failed, which may be partly applied.
 */
export function stoppedSentence(stopped: StoppedLoad): string {
  const { stoppedAt } = stopped;
  const counts = stopped.files.at(-1)!;
  const name = path.basename(stoppedAt.file);
  const applied = counts.indexed + counts.deleted;
  const where =
    stoppedAt.kind === 'connections'
      ? 'the live graph'
      : stoppedAt.live
        ? `the live ${stoppedAt.kind} index (${stoppedAt.index})`
        : `the new ${stoppedAt.kind} index ${stoppedAt.index}, which is not live (the ${stoppedAt.kind} alias is untouched)`;
  const what =
    applied === 0
      ? `none of its records were applied to ${where}`
      : `${applied} of its records (${counts.indexed} indexed, ${counts.deleted} deleted) were applied to ${where}${stoppedAt.live ? ' and stay applied' : ''}`;
  const u = stoppedAt.uncommitted;
  // A batch failed while later ones were in flight: they were waited for, and some of their lines may be applied.
  const after = u
    ? `; lines ${stoppedAt.linesCommitted + 1} to ${u.throughLine} were being written when it failed and may be partly applied${
        u.indexed + u.deleted > 0
          ? ` (at least ${u.indexed + u.deleted} of their records were: ${u.indexed} indexed, ${u.deleted} deleted)`
          : ''
      }; nothing after line ${u.throughLine} was applied.`
    : '; nothing after that line was applied.';
  return `It stopped in ${name} after line ${stoppedAt.linesCommitted}: ${what} (${counts.rejected} rejected)${after}`;
}

/** The one line a failure of the load is told in, or null for a failure no one expects (a bug: its trace is printed). */
function failureMessage(err: unknown, stopped?: StoppedLoad): string | null {
  const progress = stopped ? ` ${stoppedSentence(stopped)}` : '';
  if (err instanceof SnapshotReadError)
    return `${err.message}.${progress} The files loaded before it stay loaded; fix or replace the file and run the command again (loading a file again is safe: upserts and deletes are idempotent).`;
  if (err instanceof LoadInProgress || err instanceof SwapRefused) return err.message;
  // The engine failing or the disk filling up: what was done stays, --resume goes on.
  if (err instanceof SearchEngineError && (err.code === 'engine_unavailable' || err.code === 'engine_error' || err.code === 'timeout'))
    return `${err.message}.${progress} What was loaded stays loaded; when the engine answers again, run the same command with --resume.`;
  const code = (err as { code?: string }).code;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC')
    return `the disk is full.${progress} What was loaded stays loaded; free some space, then run the same command with --resume.`;
  return null;
}
