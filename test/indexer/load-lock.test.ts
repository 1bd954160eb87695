/**
 * One load at a time in a data directory (indexer/load-lock.ts): a second load while one runs is
 * refused with a message, and the lock goes with its process, however it ends.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { acquireLoadLock, LoadInProgress } from '../../indexer/load-lock.js';

test('a second load in the same data directory is refused while the first holds the lock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-load-lock-'));
  try {
    const first = acquireLoadLock(dir);
    assert.throws(
      () => acquireLoadLock(dir),
      (err: Error) => err instanceof LoadInProgress && /another load is running/.test(err.message),
    );
    first.release();
    acquireLoadLock(dir).release();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a load killed while it holds the lock leaves none behind', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-load-lock-'));
  try {
    // Another process takes the lock and dies without releasing it.
    const lockModule = path.resolve('indexer/load-lock.ts');
    const child = `import(${JSON.stringify(lockModule)}).then((m) => { m.acquireLoadLock(${JSON.stringify(dir)}); process.kill(process.pid, 'SIGKILL'); })`;
    let signal: string | null = null;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '-e', child], { stdio: 'ignore' });
    } catch (err) {
      signal = (err as { signal?: string }).signal ?? null;
    }
    assert.is(signal, 'SIGKILL', 'the other process took the lock and was killed');
    assert.ok(fs.existsSync(path.join(dir, 'load.lock')));
    acquireLoadLock(dir).release();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
