/**
 * The rejects file on --resume (indexer/rejects-file.ts): the entries of the same run that the
 * resumed run reads again are not written twice, entries of other runs suppress nothing, and a
 * last entry a kill cut short is dropped, however long it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RejectsFile } from '../../indexer/rejects-file.js';

const tmp = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-rejects-')), 'rejects.jsonl');
const entry = (file: string, line: number | null) => ({ file, line, kind: 'profiles', reason: 'bad' });
const lines = (file: string) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
const brief = (file: string) =>
  lines(file).map((l) => {
    const e = JSON.parse(l) as { file: string; line: number | null; run: string };
    return `${e.run}:${e.file}:${e.line}`;
  });

test("a resumed run writes none of its own entries past the checkpoint again; other runs' entries suppress nothing", async () => {
  const file = tmp();
  fs.writeFileSync(
    file,
    [
      { ...entry('/a', 3), run: 'old' }, // an earlier run that shares the file
      { ...entry('/a', 3), run: 'r1' }, // this run, before the checkpoint (line 5)
      { ...entry('/a', 9), run: 'r1' }, // this run, past it: read again
      { ...entry('/b', 2), run: 'r1' }, // a later file: read again
    ]
      .map((e) => JSON.stringify(e))
      .join('\n')
      .concat('\n'),
  );
  const rereads = (e: Record<string, unknown>) => e.run === 'r1' && (e.file === '/b' || (e.line as number) > 5);
  const resumed = await RejectsFile.open(file, 'r1', rereads);
  resumed.write(entry('/a', 9)); // already there
  resumed.write(entry('/a', 12));
  resumed.write(entry('/b', 2)); // already there
  resumed.write(entry('/a', null));
  await resumed.close();
  assert.equal(brief(file).slice(4), ['r1:/a:12', 'r1:/a:null']);

  // A new run over the same files (no --resume) writes what it refuses, tagged with its own id.
  const fresh = await RejectsFile.open(file, 'r2', null);
  fresh.write(entry('/a', 9));
  await fresh.close();
  assert.equal(brief(file).at(-1), 'r2:/a:9');
});

test('a last entry cut short is dropped on resume, even one longer than a read', async () => {
  const file = tmp();
  const whole = `${JSON.stringify({ ...entry('/a', 1), run: 'r' })}\n`;
  fs.writeFileSync(file, `${whole}{"file":"/a","line":2,"record":"${'x'.repeat(200_000)}`);
  await (await RejectsFile.open(file, 'r', () => true)).close();
  assert.is(fs.readFileSync(file, 'utf8'), whole);
  fs.writeFileSync(file, `{"file":"/a","line":2,"record":"${'y'.repeat(100_000)}`);
  const only = await RejectsFile.open(file, 'r', () => true);
  only.write(entry('/a', 2));
  await only.close();
  assert.equal(brief(file), ['r:/a:2']);
});

test.run();
