/**
 * The rejects file on --resume (indexer/rejects-file.ts): entries already written are not
 * written again, and a last entry a kill cut short is dropped, however long it is.
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

test('a resumed run writes each file and line once; a fresh run appends whatever it refuses', async () => {
  const file = tmp();
  fs.writeFileSync(file, `${JSON.stringify(entry('a.jsonl', 3))}\n${JSON.stringify(entry('./a.jsonl', 9))}\n`);
  const resumed = await RejectsFile.open(file, true);
  resumed.write(entry('a.jsonl', 3)); // already there
  resumed.write(entry('a.jsonl', 9)); // the same file, named another way
  resumed.write(entry('a.jsonl', 12));
  resumed.write(entry('a.jsonl', 12));
  resumed.write(entry('b.jsonl', 3));
  resumed.write(entry('a.jsonl', null));
  resumed.write(entry('a.jsonl', null));
  await resumed.close();
  assert.equal(
    lines(file).map((l) => {
      const e = JSON.parse(l) as { file: string; line: number | null };
      return `${path.basename(e.file)}:${e.line}`;
    }),
    ['a.jsonl:3', 'a.jsonl:9', 'a.jsonl:12', 'b.jsonl:3', 'a.jsonl:null', 'a.jsonl:null'],
  );
  const fresh = await RejectsFile.open(file, false);
  fresh.write(entry('a.jsonl', 3));
  await fresh.close();
  assert.is(lines(file).length, 7);
});

test('a last entry cut short is dropped on resume, even one longer than a read', async () => {
  const file = tmp();
  const whole = `${JSON.stringify(entry('a.jsonl', 1))}\n`;
  fs.writeFileSync(file, `${whole}{"file":"a.jsonl","line":2,"record":"${'x'.repeat(200_000)}`);
  await (await RejectsFile.open(file, true)).close();
  assert.is(fs.readFileSync(file, 'utf8'), whole);
  fs.writeFileSync(file, `{"file":"a.jsonl","line":2,"record":"${'y'.repeat(100_000)}`);
  const only = await RejectsFile.open(file, true);
  only.write(entry('a.jsonl', 2));
  await only.close();
  assert.equal(lines(file), [JSON.stringify(entry('a.jsonl', 2))]);
});

test.run();
