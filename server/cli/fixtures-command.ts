import { parseArgs } from 'node:util';
import { corpusClock, InvalidAsOf } from '../../fixtures/generator/dates.js';
import { generateCorpus } from '../../fixtures/generator/index.js';
import type { CliIo } from './main.js';
import { UsageError } from './usage.js';

/** `proxima fixtures generate --profiles N [--seed S] [--as-of YYYY-MM-DD] --out DIR [--no-gzip] [--json]` */
export async function fixturesCommand(args: string[], io: CliIo): Promise<number> {
  const [verb, ...rest] = args;
  if (verb !== 'generate') throw new UsageError(`unknown fixtures command "${verb ?? ''}" (try: fixtures generate)`);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        profiles: { type: 'string' },
        seed: { type: 'string' },
        'as-of': { type: 'string' },
        out: { type: 'string' },
        'no-gzip': { type: 'boolean' },
        json: { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  const profiles = Number(v.profiles);
  if (v.profiles === undefined || !Number.isInteger(profiles) || profiles < 1 || profiles > 50_000_000)
    throw new UsageError('--profiles must be a whole number from 1 to 50000000');
  const seed = v.seed === undefined ? 1 : Number(v.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new UsageError('--seed must be a non-negative whole number');
  if (typeof v.out !== 'string' || v.out === '') throw new UsageError('--out DIR is required');
  const asOf = v['as-of'] as string | undefined;
  if (asOf !== undefined) {
    try {
      corpusClock(asOf);
    } catch (err) {
      if (err instanceof InvalidAsOf) throw new UsageError(`--${err.message}`);
      throw err;
    }
  }
  let lastLine = 0;
  const summary = await generateCorpus({
    profiles,
    seed,
    asOf,
    outDir: v.out,
    gzip: !v['no-gzip'],
    onProgress: (p) => {
      if (Date.now() - lastLine < 2000) return;
      lastLine = Date.now();
      io.stderr(`.. ${p.kind}: ${p.done}/${p.total}\n`);
    },
  });
  if (v.json) io.stdout(`${JSON.stringify(summary)}\n`);
  else {
    for (const [kind, f] of Object.entries(summary.files)) io.stdout(`${kind.padEnd(11)} ${String(f.count).padStart(10)}  ${f.path}\n`);
    io.stdout(
      `seed ${summary.seed}, as of ${summary.asOf}, demo profile ${summary.demoProfileId}, ${(summary.durationMs / 1000).toFixed(1)}s\n`,
    );
  }
  return 0;
}
