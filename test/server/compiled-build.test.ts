/**
 * Production runs compiled JavaScript: bin/proxima builds tsconfig.build.json into an output
 * directory that is missing, then serves from it with tsx and every .ts module blocked (in the
 * main thread and in the search workers), so code that only runs under tsx fails here.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

/** Module hooks that refuse tsx and TypeScript files: compiled code must need neither. */
const NO_TSX_HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier === 'tsx' || specifier.startsWith('tsx/')) throw new Error('compiled code imported ' + specifier);
  const resolved = await next(specifier, context);
  if (/\\.[cm]?ts$/.test(new URL(resolved.url).pathname)) throw new Error('compiled code imported ' + resolved.url);
  return resolved;
}`;

test('bin/proxima builds the compiled output and serves from it without tsx', async () => {
  // Inside the package, so the compiled modules resolve node_modules like dist/ does.
  const outDir = fs.mkdtempSync(path.join(ROOT, '.build-test-'));
  fs.rmSync(outDir, { recursive: true }); // missing: bin/proxima must build it
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-compiled-'));
  const hooks = path.join(dataDir, 'no-tsx.mjs');
  fs.writeFileSync(
    hooks,
    `import { register } from 'node:module';\nregister('data:text/javascript,' + encodeURIComponent(${JSON.stringify(NO_TSX_HOOKS)}));\n`,
  );
  const child = spawn(process.execPath, ['--import', pathToHref(hooks), path.join(ROOT, 'bin', 'proxima'), 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PROXIMA_SOURCE: '',
      PROXIMA_BUILD_DIR: outDir,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SAMPLE_PROFILES: '300',
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  try {
    const stdout: string[] = [];
    const url = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`serve exited early (${code}):\n${stderr}\n${stdout.join('\n')}`)));
      createInterface({ input: child.stdout }).on('line', (line) => {
        stdout.push(line);
        const m = /^Proxima is listening on (\S+)/.exec(line);
        if (m?.[1]) resolve(m[1]);
      });
    });
    child.removeAllListeners('exit');
    assert.match(stderr, /building/, 'bin/proxima built the missing output');
    assert.ok(fs.existsSync(path.join(outDir, 'server', 'cli', 'main.js')));
    assert.ok(fs.existsSync(path.join(outDir, 'search-engine', 'embedded', 'read-worker.js')));
    // The demo key is printed in full on the first start, on the line after its announcement.
    const at = stdout.findIndex((l) => l.includes('Its API key, shown this once'));
    const key = stdout[at + 1]?.trim() ?? '';
    assert.ok(at >= 0 && key.length > 0, `no demo key in:\n${stdout.join('\n')}`);
    // The native budget extension resolves from the package root, not from the output directory.
    const extension = path.join(
      ROOT,
      'search-engine',
      'embedded',
      'native',
      'build',
      `budget.${process.platform === 'darwin' ? 'dylib' : 'so'}`,
    );
    if (fs.existsSync(extension))
      assert.not.ok(
        stdout.some((l) => l.includes('budget extension is not built')),
        stdout.join('\n'),
      );

    const health = await fetch(`${url}/healthz`);
    assert.is(health.status, 200);
    // A search runs in the embedded engine's worker threads, which load compiled JavaScript.
    const res = await fetch(`${url}/api/v2/search/people/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ query: 'software engineers', limit: 5 }),
    });
    const body = (await res.json()) as { users?: unknown[] };
    assert.is(res.status, 200, JSON.stringify(body));
    assert.ok(Array.isArray(body.users), JSON.stringify(body));
    const unauthenticated = await fetch(`${url}/api/v2/search/people/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'software engineers', limit: 5 }),
    });
    assert.is(unauthenticated.status, 401);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000).unref())]);
    assert.is(code, 0, stderr);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

function pathToHref(file: string): string {
  return new URL(`file://${file}`).href;
}

test('two processes that need the same build run tsc once: the second waits, then finds it current', async () => {
  const outDir = fs.mkdtempSync(path.join(ROOT, '.build-test-'));
  fs.rmSync(outDir, { recursive: true });
  const script = `import(${JSON.stringify(pathToHref(path.join(ROOT, 'bin', 'build.mjs')))}).then((m) => { process.exitCode = m.ensureBuilt(${JSON.stringify(outDir)}) ? 0 : 1; });`;
  const runOne = () =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('exit', (code) => resolve({ code, stderr }));
    });
  try {
    const [a, b] = await Promise.all([runOne(), runOne()]);
    assert.equal([a.code, b.code], [0, 0], a.stderr + b.stderr);
    const builds = (a.stderr + b.stderr).match(/building /g) ?? [];
    assert.is(builds.length, 1, a.stderr + b.stderr);
    assert.ok(fs.existsSync(path.join(outDir, 'server', 'cli', 'main.js')));
    assert.not.ok(fs.existsSync(`${outDir}.lock`), 'the lock is released');
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
});

test.run();
