import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

// bin/test.mjs is what `npm test` and CI run: a failure anywhere in any shard must fail it.
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const RUNNER = path.join(ROOT, 'bin', 'test.mjs');
// The same module instance as the `uvu` that uvu's runner imports (the package's export).
const UVU = pathToFileURL(path.join(ROOT, 'node_modules', 'uvu', 'dist', 'index.mjs')).href;

/** A directory of test files: name → list of [test name, passes]; or a string for raw source. */
function suiteDir(files: Record<string, [string, boolean][] | string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-runner-'));
  for (const [name, body] of Object.entries(files)) {
    const source =
      typeof body === 'string'
        ? body
        : [
            `import { test } from ${JSON.stringify(UVU)};`,
            ...body.map(([t, ok]) => `test(${JSON.stringify(t)}, () => { if (!${ok}) throw new Error('fails on purpose'); });`),
            'test.run();',
          ].join('\n');
    fs.writeFileSync(path.join(dir, name), source);
  }
  return dir;
}

function run(dir: string, shards: number) {
  const r = spawnSync(process.execPath, [RUNNER, dir, '\\.test\\.mjs$'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, TEST_SHARDS: String(shards) },
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

test('all shards pass: exit 0, and the counts of every file are added up', () => {
  const dir = suiteDir({
    'a.test.mjs': [['one', true]],
    'b.test.mjs': [
      ['two', true],
      ['three', true],
    ],
    'c.test.mjs': [['four', true]],
  });
  const r = run(dir, 2);
  assert.is(r.status, 0, r.out);
  assert.match(r.out, '3 files in 2 shards, 4 tests: 4 passed, 0 skipped');
  fs.rmSync(dir, { recursive: true });
});

test('a failing test in either shard fails the run', () => {
  for (const failing of ['a.test.mjs', 'b.test.mjs']) {
    const files: Record<string, [string, boolean][]> = { 'a.test.mjs': [['one', true]], 'b.test.mjs': [['two', true]] };
    files[failing] = [['broken', false]];
    const dir = suiteDir(files);
    const r = run(dir, 2);
    assert.is(r.status, 1, r.out);
    assert.match(r.out, '2 files in 2 shards, 2 tests: 1 passed');
    assert.match(r.out, `failed: shard ${failing === 'a.test.mjs' ? 1 : 2} (exit 1)`);
    fs.rmSync(dir, { recursive: true });
  }
});

test('a file that ends its process before uvu reports fails the run', () => {
  const dir = suiteDir({ 'a.test.mjs': [['one', true]], 'b.test.mjs': 'process.exit(0);\n' });
  const r = run(dir, 1);
  assert.is(r.status, 1, r.out);
  assert.match(r.out, 'failed: shard 1 (exit 0, no counts)');
  fs.rmSync(dir, { recursive: true });
});

test('a bad shard count is refused, and a pattern that matches nothing fails', () => {
  const dir = suiteDir({ 'a.test.mjs': [['one', true]] });
  const bad = run(dir, 0);
  assert.is(bad.status, 2);
  assert.match(bad.out, 'TEST_SHARDS must be a whole number of at least 1');
  const none = spawnSync(process.execPath, [RUNNER, dir, 'nothing-matches'], { cwd: ROOT, encoding: 'utf8' });
  assert.is(none.status, 1);
  assert.match(none.stderr, 'No test file under');
  fs.rmSync(dir, { recursive: true });
});

test.run();
