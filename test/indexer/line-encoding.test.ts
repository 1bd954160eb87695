import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkLine } from '../../indexer/validate.js';
import { INDICES } from '../../mappings/indices.js';
import { readRejects, workspace } from '../helpers/indexer-workspace.js';
import { profile, tid } from '../helpers/snapshots.js';

/** A snapshot file of the given lines, each written byte for byte and ended by `end`. */
function writeBytes(dir: string, name: string, lines: (string | Buffer)[], end = '\n'): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.concat(lines.flatMap((l) => [Buffer.from(l), Buffer.from(end)])));
  return file;
}

/** A line of JSON whose `display_name` is written in Latin-1 (é as the single byte 0xE9). */
function latin1Line(record: Record<string, unknown>): Buffer {
  return Buffer.from(JSON.stringify({ ...record, display_name: 'Zoé Latin' }), 'latin1');
}

const edge = (a: number, b: number) => ({
  user_a: tid(0xa0, a),
  user_b: tid(0xa0, b),
  source: 'service',
  connected_at: '2025-01-01T00:00:00Z',
});

for (const workers of [0, 2]) {
  test(`a line that is not UTF-8 is refused with the likely cause; a CR inside a line is named (${workers} workers)`, async () => {
    const w = workspace();
    try {
      const people = writeBytes(w.dir, 'profiles.jsonl', [
        JSON.stringify(profile(1, { display_name: 'Zoé UTF-8' })),
        latin1Line(profile(2)),
        `${JSON.stringify(profile(3))}\r${JSON.stringify(profile(4))}`,
        JSON.stringify(profile(5)),
      ]);
      const edges = writeBytes(w.dir, 'connections.jsonl', [
        JSON.stringify(edge(1, 5)),
        Buffer.from(JSON.stringify({ ...edge(1, 3), note: 'café' }), 'latin1'),
      ]);
      const summary = await w.run([people, edges], { workers, swap: true });
      assert.equal(
        summary.files.map((f) => [f.kind, f.read, f.indexed, f.rejected]),
        [
          ['profiles', 4, 2, 2],
          ['connections', 2, 1, 1],
        ],
      );
      const rejects = readRejects(summary.rejectsFile!);
      assert.equal(
        rejects.map((r) => [path.basename(r.file), r.line]),
        [
          ['profiles.jsonl', 2],
          ['profiles.jsonl', 3],
          ['connections.jsonl', 2],
        ],
      );
      const at = JSON.stringify({ ...profile(2), display_name: 'Zoé Latin' }).indexOf('é') + 1;
      assert.is(
        rejects[0]!.reason,
        `line is not valid UTF-8 (the first bad byte is character ${at}, shown as U+FFFD): snapshots must be encoded in UTF-8 (was this file written as Latin-1 or Windows-1252?); it was not read`,
      );
      assert.ok(rejects[0]!.record.includes('Zo\uFFFD Latin'), 'the excerpt shows where the bad byte was');
      assert.match(
        rejects[1]!.reason,
        /^malformed JSON: .*; it holds a carriage return \(CR\): records are separated by line feeds \(LF, \\n\)/,
      );
      assert.match(rejects[2]!.reason, /^line is not valid UTF-8/);
      // The valid lines around them are stored as they were written.
      const [stored] = await w.engine.mget<{ display_name: string }>(INDICES.profiles.alias, [tid(0xa0, 1)]);
      assert.is(stored?.display_name, 'Zoé UTF-8');
      assert.is(await w.engine.count(INDICES.profiles.alias), 2);
      assert.equal([...w.graph.firstDegree(tid(0xa0, 1)).keys()], [tid(0xa0, 5)]);
    } finally {
      await w.cleanup();
    }
  });
}

test('a file with CR line ends is one long line, and its refusal says why', async () => {
  const w = workspace();
  try {
    const lines = Array.from({ length: 40 }, (_, i) => JSON.stringify(profile(i + 1)));
    const file = writeBytes(w.dir, 'profiles.jsonl', lines, '\r');
    const summary = await w.run([file], { maxLineBytes: 4096, swap: true });
    assert.is(summary.rejected, 1);
    const [reject] = readRejects(summary.rejectsFile!);
    assert.match(
      reject!.reason,
      /^line of \d+ bytes is longer than the 4096 a record may have; it was not read; it holds a carriage return \(CR\)/,
    );
  } finally {
    await w.cleanup();
  }
});

test('rejects are written in the order of their lines, long lines among them, whichever worker finishes first', async () => {
  const w = workspace();
  try {
    const lines = Array.from({ length: 300 }, (_, i) => {
      const n = i + 1;
      if (n % 13 === 0) return JSON.stringify(profile(n, { summary: 'x'.repeat(3000) }));
      if (n % 7 === 0) return `{"id": ${n}`;
      return JSON.stringify(profile(n));
    });
    const file = writeBytes(w.dir, 'profiles.jsonl', [...lines, 'x'.repeat(5000), 'y'.repeat(5000)]);
    const summary = await w.run([file], { workers: 2, batchSize: 10, maxLineBytes: 2048, swap: true });
    const numbers = readRejects(summary.rejectsFile!).map((r) => r.line);
    const expected = Array.from({ length: 302 }, (_, i) => i + 1).filter((n) => n % 13 === 0 || n % 7 === 0 || n > 300);
    assert.equal(numbers, expected);
    assert.is(summary.rejected, expected.length);
  } finally {
    await w.cleanup();
  }
});

test('a value outside a list, or not the one allowed, is refused naming it and what is allowed', () => {
  const id = tid(0xa0, 1);
  const fax = checkLine(
    'connections',
    JSON.stringify({ user_a: id, user_b: tid(0xa0, 2), source: 'fax', connected_at: '2025-01-01T00:00:00Z' }),
  );
  assert.equal(fax, { ok: false, reason: '/source is "fax"; allowed: "service", "professional"' });
  const marker = checkLine('profiles', JSON.stringify({ id, _deleted: 'yes' }));
  assert.equal(marker, { ok: false, reason: 'bad deletion marker: /_deleted is "yes"; it must be true' });
});

test('a connection that ends before it began is refused with both times; ending at its start, or in another offset later, is not', () => {
  const edge = (connected_at: string, removed_at: string | null) =>
    checkLine('connections', JSON.stringify({ user_a: tid(0xa0, 1), user_b: tid(0xa0, 2), source: 'service', connected_at, removed_at }));
  assert.equal(edge('2025-06-01T00:00:00Z', '2025-01-01T00:00:00Z'), {
    ok: false,
    reason: '/removed_at 2025-01-01T00:00:00Z is before /connected_at 2025-06-01T00:00:00Z: a connection cannot end before it began',
  });
  // 01:00+02:00 is 23:00Z the day before: earlier, though its text sorts later.
  assert.is(edge('2025-06-01T00:00:00Z', '2025-06-01T01:00:00+02:00').ok, false);
  assert.is(edge('2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z').ok, true);
  assert.is(edge('2025-06-01T00:00:00Z', '2025-05-31T23:00:00-02:00').ok, true);
  assert.is(edge('2025-06-01T00:00:00Z', null).ok, true);
});

test("a value not in its field's form is refused naming the form, never the regular expression", () => {
  const p = profile(1) as Record<string, unknown> & { experiences: Record<string, unknown>[] };
  const month = checkLine('profiles', JSON.stringify({ ...p, experiences: [{ ...p.experiences[0], start: '2020-13' }] }));
  assert.equal(month, { ok: false, reason: '/experiences/0/start is "2020-13"; it must have the form YYYY-MM' });
  const country = checkLine('profiles', JSON.stringify({ ...p, location: { raw: 'London', country_code: 'gb' } }));
  assert.equal(country, {
    ok: false,
    reason: '/location/country_code is "gb"; it must have the form ISO 3166-1 alpha-2, upper case, e.g. "GB"',
  });
});

test.run();
