// Builds the compiled JavaScript (tsconfig.build.json, incremental tsc) into dist/ or another
// output directory, and says whether a build is current. `npm run build` runs this file;
// bin/proxima calls ensureBuilt() before it starts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The compiled directories: the build config's `include` (plain JSON, no comments). */
const SOURCE_DIRS = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.build.json'), 'utf8')).include;
const CONFIG_FILES = ['package.json', 'tsconfig.json', 'tsconfig.build.json'];

/** Newest modification time (ms) of the build inputs: .ts files, their directories, configs. */
function newestSource() {
  let newest = 0;
  const visit = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
      newest = Math.max(newest, fs.statSync(dir).mtimeMs); // a file added, removed or renamed
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !e.name.startsWith('.')) visit(p);
      } else if (e.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  for (const d of SOURCE_DIRS) visit(path.join(ROOT, d));
  for (const f of CONFIG_FILES) {
    try {
      newest = Math.max(newest, fs.statSync(path.join(ROOT, f)).mtimeMs);
    } catch {}
  }
  return newest;
}

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
};

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
/** A lock older than this was left by a process that died while building. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Runs `fn` holding `<outDir>.lock` (a directory: creating it is atomic), so two `proxima`
 * processes started at once never run tsc into the same directory together; the second waits,
 * then finds the build current.
 */
function withBuildLock(outDir, fn) {
  const lock = `${outDir}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let waited = 0; ; waited += 200) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const age = Date.now() - (mtime(lock) ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else {
        if (waited === 0) process.stderr.write('proxima: waiting for another build of the same directory...\n');
        sleep(200);
      }
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Builds `outDir` when missing or stale (always with `force`); returns false, after saying why
 * on stderr, when there is no runnable build.
 */
export function ensureBuilt(outDir, { force = false } = {}) {
  const current = () => {
    const built = mtime(path.join(outDir, 'server', 'cli', 'main.js')) === null ? null : mtime(path.join(outDir, '.build-stamp'));
    return built !== null && built >= newestSource();
  };
  if (!force && current()) return true;
  return withBuildLock(outDir, () => (!force && current()) || build(outDir, force));
}

function build(outDir, force) {
  const entry = path.join(outDir, 'server', 'cli', 'main.js');
  const stamp = path.join(outDir, '.build-stamp');
  // Without the entry the incremental state is stale too (dist/ partly removed): start over.
  if (mtime(entry) === null) fs.rmSync(path.join(outDir, '.tsbuildinfo'), { force: true });
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    // An install without dev dependencies (npm ci --omit=dev) cannot build: it runs the dist/
    // built before pruning, and says so when the sources are newer than that build.
    if (!force && mtime(entry) !== null) {
      process.stderr.write(
        `proxima: WARNING: the sources are newer than ${path.relative(process.cwd(), outDir) || outDir}/ and TypeScript is not installed, so the older build runs. Run \`npm run build\` where dev dependencies are installed.\n`,
      );
      return true;
    }
    process.stderr.write(
      `proxima: ${path.relative(process.cwd(), outDir) || outDir}/ is not built and TypeScript is not installed. Run \`npm install\` (with dev dependencies) and \`npm run build\`.\n`,
    );
    return false;
  }
  const started = Date.now();
  process.stderr.write(`proxima: building ${path.relative(process.cwd(), outDir) || outDir}/ (tsc -p tsconfig.build.json)...\n`);
  const args = [
    tsc,
    '-p',
    path.join(ROOT, 'tsconfig.build.json'),
    '--outDir',
    outDir,
    '--tsBuildInfoFile',
    path.join(outDir, '.tsbuildinfo'),
  ];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(
      `${run.stdout ?? ''}${run.stderr ?? ''}proxima: the build failed (${run.error?.message ?? `tsc exit ${run.status}`}); see the errors above.\n`,
    );
    return false;
  }
  fs.writeFileSync(stamp, `${new Date(started).toISOString()}\n`);
  // The stamp must not be newer than a source edited while tsc ran: such an edit rebuilds next time.
  fs.utimesSync(stamp, new Date(started), new Date(started));
  process.stderr.write(`proxima: built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return true;
}

/** The output directory: dist/, or PROXIMA_BUILD_DIR (the build test uses a temporary one). */
export const outputDir = () => path.resolve(ROOT, process.env.PROXIMA_BUILD_DIR || 'dist');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = ensureBuilt(outputDir(), { force: true }) ? 0 : 1;
}
