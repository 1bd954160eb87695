import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli } from '../../server/cli/main.js';

/** Runs the CLI in-process against `dataDir`, capturing output. */
async function cli(dataDir: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: { DATA_DIR: dataDir }, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

const withDir = async (fn: (dir: string) => Promise<void>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-cli-dir-'));
  try {
    await fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

test('index DIR loads the snapshot files of a generated corpus in dependency order, ignoring the manifest', () =>
  withDir(async (dir) => {
    const corpus = path.join(dir, 'corpus');
    assert.is((await cli(dir, 'fixtures', 'generate', '--profiles', '30', '--seed', '3', '--out', corpus)).code, 0);
    assert.ok(fs.existsSync(path.join(corpus, 'manifest.json')));
    const r = await cli(dir, 'index', corpus, '--progress', 'none', '--json');
    assert.is(r.code, 0, r.stderr);
    const summary = JSON.parse(r.stdout) as { files: { file: string; kind: string; indexed: number }[]; rejected: number };
    assert.equal(
      summary.files.map((f) => f.kind),
      ['companies', 'profiles', 'jobs', 'posts', 'connections'],
    );
    assert.ok(summary.files.every((f) => f.file.endsWith('.jsonl.gz')));
    assert.is(summary.rejected, 0);
  }));

test('fixtures make no data directory; a failed index with --json still prints one document', () =>
  withDir(async (dir) => {
    const dataDir = path.join(dir, 'never-made');
    const gen = path.join(dir, 'gen');
    assert.is((await cli(dataDir, 'fixtures', 'generate', '--profiles', '5', '--out', gen, '--no-gzip')).code, 0);
    assert.not.ok(fs.existsSync(dataDir), 'fixtures generate made the data directory');
    // A truncated gzip file: one line on stderr, one JSON document on stdout.
    const bad = path.join(dir, 'profiles.jsonl.gz');
    fs.writeFileSync(bad, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00]));
    const r = await cli(path.join(dir, 'data'), 'index', bad, '--progress', 'none', '--json');
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /^proxima index: /);
    const doc = JSON.parse(r.stdout) as { ok: boolean; error: string };
    assert.equal([doc.ok, doc.error.length > 0], [false, true]);
  }));

test('index accepts files and directories together (plain .jsonl and .ndjson too)', () =>
  withDir(async (dir) => {
    const gen = path.join(dir, 'gen');
    assert.is((await cli(dir, 'fixtures', 'generate', '--profiles', '10', '--out', gen, '--no-gzip')).code, 0);
    const [first, second] = fs.readFileSync(path.join(gen, 'companies.jsonl'), 'utf8').split('\n');
    const snaps = path.join(dir, 'snaps');
    fs.mkdirSync(snaps);
    fs.writeFileSync(path.join(snaps, 'companies.ndjson'), `${first}\n`);
    fs.writeFileSync(path.join(snaps, 'README.txt'), 'not a snapshot\n');
    fs.writeFileSync(path.join(snaps, 'manifest.json'), '{}\n');
    fs.mkdirSync(path.join(snaps, 'nested.jsonl'));
    const other = path.join(dir, 'companies-extra.jsonl');
    fs.writeFileSync(other, `${second}\n`);
    // The directory's file named again on its own is read once.
    const r = await cli(dir, 'index', other, snaps, path.join(snaps, 'companies.ndjson'), '--progress', 'none', '--json');
    assert.is(r.code, 0, r.stderr);
    const summary = JSON.parse(r.stdout) as { files: { file: string; kind: string; indexed: number }[] };
    assert.equal(
      summary.files.map((f) => [path.basename(f.file), f.kind, f.indexed]),
      [
        ['companies-extra.jsonl', 'companies', 1],
        ['companies.ndjson', 'companies', 1],
      ],
    );
    // The human summary names each file: two files of one kind are told apart.
    const human = await cli(dir, 'index', other, path.join(snaps, 'companies.ndjson'), '--progress', 'none');
    assert.is(human.code, 0, human.stderr);
    assert.match(human.stdout, /^companies .* companies-extra\.jsonl$/m);
    assert.match(human.stdout, /^companies .* companies\.ndjson$/m);
    // A file of another kind under the wrong --kind: every record refused, and a hint why.
    const wrong = await cli(dir, 'index', other, '--kind', 'profiles', '--progress', 'none');
    assert.is(wrong.code, 3);
    assert.match(wrong.stderr, /every record of .*companies-extra\.jsonl was refused as profiles; is it a file of another kind\?/);
  }));

test('index DIR without snapshot files is a usage error (exit 2)', () =>
  withDir(async (dir) => {
    const empty = path.join(dir, 'empty');
    fs.mkdirSync(empty);
    fs.writeFileSync(path.join(empty, 'manifest.json'), '{}\n');
    const r = await cli(dir, 'index', empty);
    assert.is(r.code, 2);
    assert.match(r.stderr, /no snapshot files/);
    assert.match(r.stderr, /Usage: proxima/);
  }));

test("--help on every command prints that command's usage on stdout and exits 0", () =>
  withDir(async (dir) => {
    const cases: [string[], RegExp][] = [
      [['index', '--help'], /^Usage: proxima index PATH\.\.\./],
      [['index', '-h'], /^Usage: proxima index PATH\.\.\./],
      [['index', '/no/such/file', '--help'], /^Usage: proxima index PATH\.\.\./],
      [['fixtures', 'generate', '--help'], /^Usage: proxima fixtures generate --profiles N/],
      [['fixtures', '--help'], /^Usage: proxima fixtures generate/],
      [['accounts', 'create', '--help'], /^Usage: proxima accounts create --tier TIER/],
      [['accounts', 'set-tier', '--help'], /^Usage: proxima accounts set-tier USER_ID TIER/],
      [['keys', 'create', '--help'], /^Usage: proxima keys create --user USER_ID/],
      [['keys', 'list', '--help'], /^Usage: proxima keys list/],
      [['keys', 'revoke', '--help'], /^Usage: proxima keys revoke KEY_ID/],
      [['delegates', 'add', '--help'], /^Usage: proxima delegates add/],
      [['delegates', 'remove', '--help'], /^Usage: proxima delegates remove/],
      [['delegates', 'list', '--help'], /^Usage: proxima delegates list/],
      [['keys', '--help'], /^Usage: proxima keys create[\s\S]*keys list[\s\S]*keys revoke/],
      [['serve', '--help'], /^Usage: proxima serve/],
    ];
    for (const [argv, usage] of cases) {
      const r = await cli(dir, ...argv);
      assert.is(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
      assert.match(r.stdout, usage, argv.join(' '));
      assert.not.match(r.stdout + r.stderr, /Unknown option/i, argv.join(' '));
      assert.is(r.stderr, '', argv.join(' '));
    }
    // Help never runs the command: no account was created.
    assert.not.ok(fs.existsSync(path.join(dir, 'proxima.sqlite')), 'help touched the database');
    const unknown = await cli(dir, 'frobnicate', '--help');
    assert.is(unknown.code, 2);
  }));

test.run();
