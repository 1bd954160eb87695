#!/usr/bin/env node
// Compiles budget.c, the SQLite extension that enforces search time budgets, against the
// SQLite headers better-sqlite3 ships. Run by `npm install` (postinstall). Without a C
// compiler it warns and exits 0: the engine then runs without budgets inside SQLite and says
// so at start (docs/search-engine.md, "Time budgets").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const headers = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');
const out = path.join(here, 'build', process.platform === 'darwin' ? 'budget.dylib' : 'budget.so');
fs.mkdirSync(path.dirname(out), { recursive: true });

const cc = process.env.CC || 'cc';
const args = ['-O2', '-fPIC', '-shared', '-pthread', `-I${headers}`, path.join(here, 'budget.c'), '-o', out];
// SQLite unloads an extension when the connection that loaded it closes; the watchdog thread
// runs inside this library for the life of the process, so it must never be unmapped.
if (process.platform === 'darwin') args.splice(2, 1, '-dynamiclib');
else args.push('-Wl,-z,nodelete');
const run = spawnSync(cc, args, { stdio: 'inherit' });
if (run.status !== 0) {
  console.warn(
    `proxima: could not compile the SQLite budget extension with "${cc}" (${run.error?.message ?? `exit ${run.status}`}); searches will run without time budgets inside SQLite.`,
  );
  process.exit(0);
}
console.log(`proxima: built ${path.relative(process.cwd(), out)}`);
