import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BATCH_BYTES, type LineBatch, type LongLine, lineText, readLineBatches, readLines } from '../../indexer/read-lines.js';

// The prepare workers get lines as bytes (readLineBatches); without workers the indexer reads
// them as strings (readLines). Both must number and skip lines alike.

async function viaLines(file: string, skipThrough: number): Promise<[number, string][]> {
  const out: [number, string][] = [];
  for await (const { lineNo, text } of readLines(file).lines) if (lineNo > skipThrough) out.push([lineNo, text]);
  return out;
}

async function viaBatches(
  file: string,
  batchSize: number,
  skipThrough: number,
): Promise<{ lines: [number, string][]; batches: LineBatch[] }> {
  const lines: [number, string][] = [];
  const batches: LineBatch[] = [];
  for await (const b of readLineBatches(file, batchSize, skipThrough).batches) {
    batches.push(b);
    for (let i = 0; i < b.lineNos.length; i++) lines.push([b.lineNos[i]!, lineText(b, i)]);
  }
  return { lines, batches };
}

test('byte batches hold the lines readLines yields: numbers, BOM, CRLF, blank lines, multi-byte text, lines longer than a chunk', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-lines-'));
  try {
    const long = JSON.stringify({ id: 'long', about: 'é'.repeat(50_000) + '€'.repeat(30_000) });
    const rows = [
      '\uFEFF{"id":"first"}',
      '{"id":"zoë","name":"Zoë Ångström 日本"}\r',
      '',
      '   \t ',
      long,
      '{"id":"x"}  ',
      '\r',
      ...Array.from({ length: 2_500 }, (_, i) => JSON.stringify({ id: `p${i}`, n: i, s: 'ü'.repeat(i % 40) })),
      '{"id":"last, no newline"}',
    ];
    const text = rows.join('\n');
    const plain = path.join(dir, 'a.jsonl');
    const gz = path.join(dir, 'a.jsonl.gz');
    fs.writeFileSync(plain, text);
    fs.writeFileSync(gz, zlib.gzipSync(text));
    for (const file of [plain, gz]) {
      for (const [batchSize, skip] of [
        [1, 0],
        [7, 0],
        [1000, 0],
        [1000, 5],
        [3, 2_000],
      ] as const) {
        const expected = await viaLines(file, skip);
        const { lines, batches } = await viaBatches(file, batchSize, skip);
        assert.equal(lines, expected, `${path.basename(file)}, batches of ${batchSize}, after line ${skip}`);
        assert.ok(
          batches.slice(0, -1).every((b) => b.lineNos.length === batchSize),
          'every batch but the last is full',
        );
        // A batch's bytes are exactly its lines: nothing else is sent to a worker.
        for (const b of batches) assert.is(b.bytes.buffer.byteLength, b.offsets[b.lineNos.length]);
      }
    }
    const { lines } = await viaBatches(plain, 1000, 0);
    assert.equal(lines[0], [1, '{"id":"first"}']);
    assert.equal(lines[1], [2, '{"id":"zoë","name":"Zoë Ångström 日本"}']);
    assert.equal(lines[2], [5, long]);
    assert.equal(lines.at(-1), [rows.length, '{"id":"last, no newline"}']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a line longer than the bound is reported with its number, length and head, by both readers, and reading goes on', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-lines-'));
  try {
    const max = 1024;
    const fill = (n: number, c = 'a') => `{"id":"${c.repeat(n - 9)}"}`; // n characters of JSON
    const rows = [
      fill(100),
      fill(max), // exactly at the bound: read
      `${fill(max)}\r`, // at the bound, then the CR of a CRLF: read
      fill(max + 1), // one byte over: refused
      fill(5_000, 'é'), // within one chunk
      fill(300_000), // across many chunks
      fill(200),
      fill(2_000_000, 'ü'), // the last line, without a line end
    ];
    const text = rows.join('\n');
    const plain = path.join(dir, 'a.jsonl');
    const gz = path.join(dir, 'a.jsonl.gz');
    fs.writeFileSync(plain, text);
    fs.writeFileSync(gz, zlib.gzipSync(text));
    const bytes = (row: string) => Buffer.byteLength(row.replace(/\r$/, ''));
    for (const file of [plain, gz]) {
      const viaText: [number, string][] = [];
      const longText: LongLine[] = [];
      for await (const line of readLines(file, max).lines) {
        if (line.long) longText.push(line.long);
        else viaText.push([line.lineNo, line.text]);
      }
      assert.equal(
        viaText.map(([n]) => n),
        [1, 2, 3, 7],
        'lines within the bound are read',
      );
      assert.is(viaText[2]![1], fill(max), 'the CR is dropped');
      assert.equal(
        longText.map((l) => [l.lineNo, l.bytes]),
        [4, 5, 6, 8].map((n) => [n, bytes(rows[n - 1]!)]),
      );
      for (const l of longText) assert.ok(rows[l.lineNo - 1]!.startsWith(l.head.replace(/\uFFFD$/, '')), 'the head is the line’s start');
      for (const skip of [0, 4, 5]) {
        const numbers: number[] = [];
        const long: number[] = [];
        for await (const b of readLineBatches(file, 2, skip, max).batches) {
          numbers.push(...b.lineNos);
          long.push(...b.long.map((l) => l.lineNo));
          for (let i = 0; i < b.lineNos.length; i++) assert.is(lineText(b, i), viaText.find(([n]) => n === b.lineNos[i])![1]);
        }
        assert.equal(
          numbers,
          [1, 2, 3, 7].filter((n) => n > skip),
          `batches after line ${skip}`,
        );
        assert.equal(
          long,
          [4, 5, 6, 8].filter((n) => n > skip),
          `long lines after line ${skip}`,
        );
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('edge cases of the bound: runs of long lines, blank lines, a byte-order mark, a CR at the end of a read', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-lines-'));
  const MiB = 1 << 20;
  const write = (name: string, data: string | Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return file;
  };
  try {
    // A run of long lines: each counts towards its batch, so no batch gathers them all.
    const run = write('run.jsonl', `${JSON.stringify({ id: 'x', about: 'a'.repeat(3000) })}\n`.repeat(500));
    let most = 0;
    let long = 0;
    for await (const b of readLineBatches(run, 100, 0, 1024).batches) {
      most = Math.max(most, b.long.length + b.lineNos.length);
      long += b.long.length;
    }
    assert.is(long, 500);
    assert.is(most, 100, 'batches of 100 lines, long ones included');

    // Lines within the bound but large: a batch is cut at BATCH_BYTES too.
    const large = write('large.jsonl', `${'x'.repeat(MiB)}\n`.repeat(40));
    const sizes: number[] = [];
    for await (const b of readLineBatches(large, 1000).batches) sizes.push(b.bytes.byteLength);
    assert.is(
      sizes.reduce((a, b) => a + b),
      40 * MiB,
    );
    assert.is(sizes.length, Math.ceil((40 * MiB) / BATCH_BYTES));
    assert.ok(sizes.every((n) => n <= BATCH_BYTES));

    // Both readers take the same lines as blank: JSON whitespace only (a form feed, a no-break
    // space or a byte-order mark past the first line is a line to parse, and refuse).
    const blanks = write('blanks.jsonl', '{"id":"a"}\n\f\n\u00a0\n \t\r\n\uFEFF\n{"id":"b"}\n');
    const viaText: number[] = [];
    for await (const l of readLines(blanks).lines) viaText.push(l.lineNo);
    const viaBytes: number[] = [];
    for await (const b of readLineBatches(blanks, 10).batches) viaBytes.push(...b.lineNos);
    assert.equal(viaText, [1, 2, 3, 5, 6]);
    assert.equal(viaBytes, viaText);

    // A first line of exactly the bound after its byte-order mark is read, though it spans a read.
    const max = MiB - 2;
    const bom = write('bom.jsonl', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.alloc(max, 0x78), Buffer.from('\n')]));
    for await (const l of readLines(bom, max).lines) assert.not.ok(l.long, `refused as ${l.long?.bytes} bytes`);
    // One byte more is refused, its length and head without the mark.
    const over = write('bom-over.jsonl', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.alloc(max + 1, 0x78)]));
    for await (const l of readLines(over, max).lines) {
      assert.is(l.long?.bytes, max + 1);
      assert.ok(l.long?.head.startsWith('xxx'));
    }

    // A long CRLF line whose CR ends the first read (1 MiB) has the length of the same line within a read.
    const crlf = write(
      'crlf.jsonl',
      Buffer.concat([Buffer.alloc(MiB - 1, 0x78), Buffer.from('\r\n'), Buffer.alloc(5000, 0x79), Buffer.from('\r\n')]),
    );
    const got: [number, number][] = [];
    for await (const l of readLines(crlf, 4096).lines) if (l.long) got.push([l.lineNo, l.long.bytes]);
    assert.equal(got, [
      [1, MiB - 1],
      [2, 5000],
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
