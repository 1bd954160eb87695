import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli } from '../../server/cli/main.js';

const BIN = new URL('../../bin/proxima', import.meta.url).pathname;
const run = promisify(execFile);

/** Runs the CLI in-process against `dataDir`, capturing output. */
async function cli(dataDir: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: { DATA_DIR: dataDir }, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr, json: () => JSON.parse(stdout) as Record<string, any> };
}

const withDir = async (fn: (dir: string) => Promise<void>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-cli-'));
  try {
    await fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

test('accounts, keys and delegates round-trip through the CLI', () =>
  withDir(async (dir) => {
    const owner = (await cli(dir, 'accounts', 'create', '--tier', 'starter', '--email', 'o@example.com', '--json')).json();
    assert.match(owner.user_id, /^[0-9a-f-]{36}$/);
    const dup = await cli(dir, 'accounts', 'create', '--tier', 'free', '--email', 'O@example.com');
    assert.is(dup.code, 1);
    assert.match(dup.stderr, /already exists/);

    const key = (await cli(dir, 'keys', 'create', '--user', owner.user_id, '--scopes', 'search,enrich', '--name', 'ci', '--json')).json();
    assert.match(key.api_key, /^prx_/);
    assert.equal(key.scopes, ['search', 'enrich']);

    const listed = (await cli(dir, 'keys', 'list', '--user', owner.user_id, '--json')).json();
    assert.is(listed.keys.length, 1);
    assert.is(listed.keys[0].name, 'ci');
    assert.not.ok(JSON.stringify(listed).includes(key.api_key), 'list never shows the secret');

    assert.is((await cli(dir, 'accounts', 'set-tier', owner.user_id, 'team')).code, 0);
    const delegate = (await cli(dir, 'accounts', 'create', '--tier', 'free', '--json')).json();
    assert.is((await cli(dir, 'delegates', 'add', '--owner', owner.user_id, '--delegate', delegate.user_id)).code, 0);
    assert.equal(
      (await cli(dir, 'delegates', 'list', '--owner', owner.user_id, '--json')).json().delegates.map((d: any) => d.delegate_user_id),
      [delegate.user_id],
    );
    assert.is((await cli(dir, 'delegates', 'remove', '--owner', owner.user_id, '--delegate', delegate.user_id)).code, 0);
    assert.is((await cli(dir, 'delegates', 'remove', '--owner', owner.user_id, '--delegate', delegate.user_id)).code, 1);

    assert.is((await cli(dir, 'keys', 'revoke', key.key_id)).code, 0);
    const again = await cli(dir, 'keys', 'revoke', key.key_id);
    assert.is(again.code, 1);
    assert.match(again.stderr, /already revoked/);
  }));

test('accounts create --profile makes the account that person: its user id is the person id', () =>
  withDir(async (dir) => {
    const person = '5d0e8a4b-93a1-4c7e-a3f2-6b1d2c3e4f50';
    const linked = (await cli(dir, 'accounts', 'create', '--tier', 'pro', '--profile', person, '--json')).json();
    assert.equal([linked.user_id, linked.corpus_person], [person, true]);
    const again = await cli(dir, 'accounts', 'create', '--tier', 'free', '--profile', person);
    assert.is(again.code, 1);
    assert.match(again.stderr, /already has an account/);
    const solo = (await cli(dir, 'accounts', 'create', '--tier', 'free', '--json')).json();
    assert.equal(solo.corpus_person, false);
    assert.is.not(solo.user_id, person);
  }));

test('bad arguments print usage and exit 2', () =>
  withDir(async (dir) => {
    const cases = [
      ['accounts', 'create'],
      ['accounts', 'create', '--tier', 'gold'],
      ['accounts', 'create', '--tier', 'pro', '--colour', 'red'],
      ['keys', 'create', '--user', 'nobody', '--scopes', 'search'],
      ['keys', 'create', '--user', '7f0c5d2e-3f7a-4c1b-9a57-1d2e3f4a5b6c', '--scopes', 'search,teleport'],
      ['accounts', 'set-tier', '7f0c5d2e-3f7a-4c1b-9a57-1d2e3f4a5b6c'],
      ['frobnicate'],
      [],
    ];
    for (const argv of cases) {
      const r = await cli(dir, ...argv);
      assert.is(r.code, 2, argv.join(' '));
      assert.match(r.stderr + r.stdout, /Usage: proxima/);
    }
    const unknownUser = await cli(dir, 'keys', 'create', '--user', '7f0c5d2e-3f7a-4c1b-9a57-1d2e3f4a5b6c', '--scopes', 'all');
    assert.is(unknownUser.code, 1);
  }));

test('the installed bin runs as a process and honours DATA_DIR', () =>
  withDir(async (dir) => {
    const { stdout } = await run(BIN, ['accounts', 'create', '--tier', 'free', '--json'], {
      env: { ...process.env, PROXIMA_SOURCE: '1', DATA_DIR: dir },
    });
    assert.match(JSON.parse(stdout).user_id, /^[0-9a-f-]{36}$/);
    assert.ok(fs.existsSync(path.join(dir, 'proxima.sqlite')));
    const failed = await run(BIN, ['keys', 'list'], { env: { ...process.env, PROXIMA_SOURCE: '1', DATA_DIR: dir } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    assert.is((failed as { code: number }).code, 2);
  }));

test('a DATA_DIR that cannot be used is one line and exit 1, never a stack trace or a hang', () =>
  withDir(async (dir) => {
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, 'x');
    const cases: [string, RegExp][] = [
      [file, /DATA_DIR must be a directory: .*a-file is a file/],
      [path.join(file, 'below'), /DATA_DIR .*below cannot be used: .* gives ENOTDIR/],
      // Node 20's recursive mkdir spins forever here; each level is made on its own.
      ['/proc/proxima-test-nope', /DATA_DIR \/proc\/proxima-test-nope cannot be created: making \/proc\/proxima-test-nope gives E/],
    ];
    for (const [dataDir, said] of cases) {
      const r = await cli(dataDir, 'accounts', 'create', '--tier', 'free');
      assert.is(r.code, 1, dataDir);
      assert.match(r.stderr, said);
      assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
    }
    // Missing levels are made.
    const deep = path.join(dir, 'a', 'b', 'c');
    assert.is((await cli(deep, 'accounts', 'create', '--tier', 'free')).code, 0);
    assert.ok(fs.statSync(deep).isDirectory());
  }));

test.run();
