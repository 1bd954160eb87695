/**
 * A snapshot file cut short while upserting into a live index: what of it was applied is said
 * (records, the line it stopped after, the live index), and `--json` carries each file's counts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INDICES } from '../../mappings/indices.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { runCli } from '../../server/cli/main.js';
import { company, writeSnapshot } from '../helpers/snapshots.js';

async function cli(dataDir: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: { DATA_DIR: dataDir }, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/** A gzip of `n` company records, cut to `share` of its bytes. */
function truncatedCompanies(dir: string, n: number, share: number): string {
  const text = `${Array.from({ length: n }, (_, i) => JSON.stringify(company(i + 1, { description: `Company number ${i + 1} ${'x'.repeat(i % 97)}` }))).join('\n')}\n`;
  // No compression, so the cut falls part-way through the records, not in their last block.
  const gz = zlib.gzipSync(text, { level: 0 });
  const file = path.join(dir, 'cut', 'companies.jsonl.gz');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, gz.subarray(0, Math.floor(gz.length * share)));
  return file;
}

interface Failure {
  ok: boolean;
  error: string;
  files: { file: string; kind: string; read: number; indexed: number; deleted: number; rejected: number; index: string }[];
  stoppedAt: { file: string; kind: string; index: string; live: boolean; linesCommitted: number };
}

for (const workers of ['0', '2']) {
  test(`a gzip cut short in an upsert load says how much of it reached the live index (--workers ${workers})`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-cut-'));
    try {
      const data = path.join(dir, 'data');
      const first = writeSnapshot(dir, 'companies.jsonl', [company(1), company(2)]);
      assert.is((await cli(data, 'index', first, '--progress', 'none')).code, 0);
      const cut = truncatedCompanies(dir, 4000, 0.6);
      const r = await cli(data, 'index', cut, '--progress', 'none', '--json', '--batch-size', '100', '--workers', workers);
      assert.is(r.code, 1, r.stderr);
      const doc = JSON.parse(r.stdout) as Failure;
      assert.is(doc.ok, false);
      assert.is(doc.stoppedAt.file, cut);
      assert.is(doc.stoppedAt.kind, 'companies');
      assert.is(doc.stoppedAt.live, true);
      const [counts] = doc.files;
      assert.is(doc.files.length, 1);
      assert.ok(counts!.indexed > 0, JSON.stringify(doc));
      assert.is(counts!.indexed, doc.stoppedAt.linesCommitted, 'every committed line was an upsert');
      assert.is(counts!.read, counts!.indexed);
      // Said in the message, on stderr and in the document alike.
      for (const text of [r.stderr, doc.error]) {
        assert.match(text, 'not a valid gzip file');
        assert.match(text, `It stopped in companies.jsonl.gz after line ${doc.stoppedAt.linesCommitted}`);
        assert.match(
          text,
          `${counts!.indexed} of its records (${counts!.indexed} indexed, 0 deleted) were applied to the live companies index`,
        );
        assert.match(text, 'stay applied');
      }
      // The live index holds exactly that: the two first companies, and the cut file's committed records.
      const engine = new EmbeddedEngine(data);
      try {
        assert.is(await engine.count(INDICES.companies.alias), Math.max(2, counts!.indexed));
      } finally {
        await engine.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a gzip cut short in a first load says the new index is not live', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-cut-'));
  try {
    const cut = truncatedCompanies(dir, 4000, 0.6);
    const r = await cli(path.join(dir, 'data'), 'index', cut, '--progress', 'none', '--json', '--batch-size', '100');
    assert.is(r.code, 1, r.stderr);
    const doc = JSON.parse(r.stdout) as Failure;
    assert.is(doc.stoppedAt.live, false);
    assert.match(doc.error, 'which is not live (the companies alias is untouched)');
    assert.not.match(doc.error, 'stay applied');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
