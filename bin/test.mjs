// Runs the test suite in parallel shards: `npm test` calls this file.
//   node bin/test.mjs [dir] [pattern]     (the same arguments as uvu's own command line)
// The test files are dealt round-robin, in name order, to TEST_SHARDS processes (default: one
// per core, at most 2). Each shard is uvu itself (`node --import tsx node_modules/uvu/bin.js`)
// running its files in one process, so the files of a shard share tsx's compiled modules, as
// one uvu process does. A shard's output is printed whole when it ends, then the counts are
// added up. The run fails if any shard fails or ends without uvu's counts.
// TEST_SHARDS=1 runs the suite as a single uvu process.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'uvu/parse';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const UVU = path.join(ROOT, 'node_modules', 'uvu', 'bin.js');
const [dir = 'test', pattern = '\\.test\\.ts$'] = process.argv.slice(2);
const requested = Number(process.env.TEST_SHARDS ?? Math.min(2, os.availableParallelism()));
if (!Number.isInteger(requested) || requested < 1) {
  console.error(`TEST_SHARDS must be a whole number of at least 1, not ${process.env.TEST_SHARDS}.`);
  process.exit(2);
}

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in uvu's output
const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** Runs uvu on some of the files under `dir` (names relative to it); resolves with its exit code and output. */
function runShard(names) {
  return new Promise((resolve) => {
    const only = `^(${names.map(escapeRegex).join('|')})$`;
    const child = spawn(process.execPath, ['--import', 'tsx', UVU, dir, only], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, output: Buffer.concat(out).toString('utf8') }));
  });
}

/** uvu's closing counts, or null if the output has none. */
function countsOf(output) {
  const text = stripAnsi(output);
  const count = (label) => Number(text.match(new RegExp(`\\n  ${label}:\\s+(\\d+)`))?.[1] ?? Number.NaN);
  const counts = { total: count('Total'), passed: count('Passed'), skipped: count('Skipped') };
  return Number.isNaN(counts.total) || Number.isNaN(counts.passed) ? null : counts;
}

const { suites } = await parse(dir, pattern, { cwd: ROOT });
if (suites.length === 0) {
  console.error(`No test file under ${dir} matches ${pattern}.`);
  process.exit(1);
}
const shards = Array.from({ length: Math.min(requested, suites.length) }, () => []);
for (const [i, s] of suites.entries()) shards[i % shards.length].push(s.name);

const started = Date.now();
const totals = { total: 0, passed: 0, skipped: 0 };
const failed = [];
await Promise.all(
  shards.map(async (names, k) => {
    const { code, signal, output } = await runShard(names);
    const counts = countsOf(output);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`\n== shard ${k + 1} of ${shards.length}: ${names.length} files, ended after ${seconds} s\n${output}`);
    if (counts) {
      totals.total += counts.total;
      totals.passed += counts.passed;
      totals.skipped += counts.skipped;
    }
    if (code !== 0 || !counts)
      failed.push(`shard ${k + 1} (${signal ? `signal ${signal}` : `exit ${code}`}${counts ? '' : ', no counts'})`);
  }),
);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `\n== ${suites.length} files in ${shards.length} shards, ${totals.total} tests: ${totals.passed} passed, ${totals.skipped} skipped, in ${seconds} s`,
);
if (failed.length > 0) {
  console.log(`== failed: ${failed.join(', ')}`);
  process.exit(1);
}
