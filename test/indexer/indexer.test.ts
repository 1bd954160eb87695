import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHECKPOINT_VERSION, type Checkpoint, CheckpointFile, checkpointKey } from '../../indexer/checkpoint.js';
import { SwapRefused } from '../../indexer/targets.js';
import { chunksOf } from '../../indexer/transform/chunks.js';
import { INDICES } from '../../mappings/indices.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { tempDir, workspace } from '../helpers/indexer-workspace.js';
import { company, post, profile, tid, writeSnapshot } from '../helpers/snapshots.js';

const BIN = new URL('../../bin/proxima', import.meta.url).pathname;
const exec = promisify(execFile);

test('loads every kind, in dependency order, from plain and gzipped files', async () => {
  const w = workspace();
  try {
    const people = Array.from({ length: 120 }, (_, i) => profile(i + 1));
    const files = [
      writeSnapshot(w.dir, 'posts.jsonl', [post(1, people[0]!.id), post(2, tid(0xc0, 1), { author_entity_type: 'company' })]),
      writeSnapshot(w.dir, 'profiles.jsonl.gz', people),
      writeSnapshot(
        w.dir,
        'companies.ndjson',
        [1, 2, 3, 4, 5].map((n) => company(n)),
      ),
      writeSnapshot(w.dir, 'jobs.jsonl', [
        {
          id: tid(0xd0, 1),
          company_id: tid(0xc0, 2),
          title: 'Data Engineer',
          workplace_type: 'remote',
          published_at: '2026-10-01T00:00:00Z',
          locations: [],
        },
      ]),
      writeSnapshot(w.dir, 'connections.jsonl', [
        { user_a: people[0]!.id, user_b: people[1]!.id, source: 'service', connected_at: '2025-01-01T00:00:00Z' },
        {
          user_a: people[0]!.id,
          user_b: people[2]!.id,
          source: 'professional',
          connected_at: '2025-01-01T00:00:00Z',
          removed_at: '2026-01-01T00:00:00Z',
        },
      ]),
    ];
    const summary = await w.run(files);
    assert.equal(
      summary.files.map((f) => [f.kind, f.indexed]),
      [
        ['companies', 5],
        ['profiles', 120],
        ['jobs', 1],
        ['posts', 2],
        ['connections', 2],
      ],
    );
    assert.is(summary.rejected, 0);
    assert.is(summary.rejectsFile, null);
    assert.is(await w.engine.count(INDICES.profiles.alias), 120);

    const [p1] = await w.engine.mget<Record<string, any>>(INDICES.profiles.alias, [people[0]!.id]);
    assert.equal(p1!.current_company, {
      industry: 'Fintech',
      employee_count: 20,
      funding_stage: 'series_a',
      revenue_usd: 2_000_000,
      status: 'active',
      is_public: false,
    });
    // Chunks are not stored: they are built from the stored profile when read.
    assert.is(p1!.chunks, undefined);
    assert.equal(
      chunksOf(p1!).map((c) => c.type),
      ['about', 'experience', 'education', 'skills', 'languages'],
    );
    const [job] = await w.engine.mget<Record<string, any>>(INDICES.jobs.alias, [tid(0xd0, 1)]);
    assert.is(job!.company.industry, 'Fintech');
    // A posting that names only its company id is indexed with the company's name (issue 12 §2.10).
    assert.is(job!.company_name, 'Company 2');
    const byName = await w.engine.search(INDICES.jobs.alias, { query: { match_phrase: { company_name: 'Company 2' } } });
    assert.equal(
      byName.hits.map((h) => h.id),
      [tid(0xd0, 1)],
    );
    const posts = await w.engine.mget<Record<string, any>>(INDICES.posts.alias, [tid(0xb0, 1), tid(0xb0, 2)]);
    assert.equal(
      posts.map((p) => [p!.author_name, p!.engagement_count]),
      [
        ['First1 Last1', 2],
        ['Company 1', 3],
      ],
    );
    // Edges are stored both ways; the removed one is not current.
    assert.equal([...w.graph.firstDegree(people[1]!.id).keys()], [people[0]!.id]);
    assert.equal([...w.graph.firstDegree(people[0]!.id).keys()], [people[1]!.id]);
  } finally {
    await w.cleanup();
  }
});

test('bad records go to the rejects file with file, line and reason; the run goes on', async () => {
  const w = workspace();
  try {
    const file = writeSnapshot(w.dir, 'profiles.jsonl', [
      profile(1),
      '{"id": "broken',
      { ...profile(3), id: undefined },
      { ...profile(4), years_experience: 'lots' },
      { ...profile(5), favourite_colour: 'red' },
      '[1, 2]',
      '',
      profile(8),
    ]);
    const edges = writeSnapshot(w.dir, 'connections.jsonl', [
      { user_a: tid(1, 1), user_b: tid(1, 1), source: 'service', connected_at: '2025-01-01T00:00:00Z' },
    ]);
    const summary = await w.run([file, edges]);
    assert.is(summary.read, 8);
    assert.is(summary.indexed, 2);
    assert.is(summary.rejected, 6);
    const rejects = fs
      .readFileSync(summary.rejectsFile!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(
      rejects.map((r) => [path.basename(r.file), r.line]),
      [
        ['profiles.jsonl', 2],
        ['profiles.jsonl', 3],
        ['profiles.jsonl', 4],
        ['profiles.jsonl', 5],
        ['profiles.jsonl', 6],
        ['connections.jsonl', 1],
      ],
    );
    assert.match(rejects[0].reason, /malformed JSON/);
    assert.match(rejects[1].reason, /missing required field "id"/);
    assert.match(rejects[2].reason, /years_experience/);
    assert.match(rejects[3].reason, /unknown field "favourite_colour"/);
    assert.match(rejects[4].reason, /JSON object/);
    assert.match(rejects[5].reason, /two different people/);
    assert.is(await w.engine.count(INDICES.profiles.alias), 2);
  } finally {
    await w.cleanup();
  }
});

for (const workers of [0, 2]) {
  test(`a line longer than --max-line-bytes is refused with its number and head, and the lines after it load (${workers} workers)`, async () => {
    const w = workspace();
    try {
      const long = { ...profile(2), summary: 'x'.repeat(5_000) };
      const file = writeSnapshot(w.dir, 'profiles.jsonl', [profile(1), long, profile(3), long]);
      const edges = writeSnapshot(w.dir, 'connections.jsonl', [
        { user_a: tid(1, 1), user_b: tid(1, 3), source: 'service', connected_at: '2025-01-01T00:00:00Z', note: 'y'.repeat(3_000) },
        { user_a: tid(1, 1), user_b: tid(1, 3), source: 'service', connected_at: '2025-01-01T00:00:00Z' },
      ]);
      const summary = await w.run([file, edges], { workers, maxLineBytes: 2048, swap: true });
      assert.equal(
        summary.files.map((f) => [f.kind, f.read, f.indexed, f.rejected]),
        [
          ['profiles', 4, 2, 2],
          ['connections', 2, 1, 1],
        ],
      );
      const rejects = fs
        .readFileSync(summary.rejectsFile!, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { file: string; line: number; reason: string; record: string });
      assert.equal(
        rejects.map((r) => [path.basename(r.file), r.line]),
        [
          ['profiles.jsonl', 2],
          ['profiles.jsonl', 4],
          ['connections.jsonl', 1],
        ],
      );
      const bytes = Buffer.byteLength(JSON.stringify(long));
      assert.is(rejects[0]!.reason, `line of ${bytes} bytes is longer than the 2048 a record may have; it was not read`);
      assert.ok(JSON.stringify(long).startsWith(rejects[0]!.record.replace(/…$/, '')), 'the excerpt is the line’s start');
      assert.is(await w.engine.count(INDICES.profiles.alias), 2);
      assert.equal([...w.graph.firstDegree(tid(1, 1)).keys()], [tid(1, 3)]);

      // A connection line is at most 1 MiB, whatever the bound for documents.
      const huge = writeSnapshot(w.dir, 'connections-2.jsonl', [
        { user_a: tid(1, 1), user_b: tid(1, 3), source: 'service', connected_at: '2025-01-01T00:00:00Z', note: 'z'.repeat(1 << 20) },
      ]);
      const again = await w.run([huge], { workers, maxLineBytes: 16 << 20 });
      assert.is(again.rejected, 1);
      assert.match(fs.readFileSync(again.rejectsFile!, 'utf8'), /is longer than the 1048576 a record may have/);
    } finally {
      await w.cleanup();
    }
  });
}

test('ids in any uuid spelling are one id; a leap second is refused with its reason, not stored as nothing', async () => {
  const w = workspace();
  try {
    const upper = profile(1).id.toUpperCase();
    await w.run([writeSnapshot(w.dir, 'profiles-first.jsonl', [profile(2)])]);
    // Into the live index (a new one would refuse repeated ids): each spelling upserts the same document.
    const people = writeSnapshot(w.dir, 'profiles.jsonl', [
      { ...profile(1), id: upper },
      { ...profile(1), id: `urn:uuid:${profile(1).id}`, current_title: 'CTO' },
    ]);
    const edges = writeSnapshot(w.dir, 'connections.jsonl', [
      { user_a: upper, user_b: profile(1).id, source: 'service', connected_at: '2025-01-01T00:00:00Z' },
      { user_a: upper, user_b: profile(2).id.toUpperCase(), source: 'service', connected_at: '2016-12-31T23:59:60Z' },
      { user_a: upper, user_b: profile(2).id, source: 'service', connected_at: '2016-12-31T23:59:59Z', removed_at: '2016-12-31T23:59:60Z' },
      { user_a: `URN:UUID:${upper}`, user_b: profile(2).id.toUpperCase(), source: 'service', connected_at: '2025-01-01T00:00:00Z' },
    ]);
    const summary = await w.run([people, edges]);
    assert.equal(
      summary.files.map((f) => [f.kind, f.read, f.indexed, f.rejected]),
      [
        ['profiles', 2, 2, 0],
        ['connections', 4, 1, 3],
      ],
    );
    assert.is(await w.engine.count(INDICES.profiles.alias), 2, 'three spellings of one id and another id');
    const [doc] = await w.engine.mget<{ id: string; current_title: string }>(INDICES.profiles.alias, [profile(1).id]);
    assert.equal([doc?.id, doc?.current_title], [profile(1).id, 'CTO']);
    const reasons = fs
      .readFileSync(summary.rejectsFile!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).reason as string);
    assert.match(reasons[0]!, /user_a equals user_b/);
    assert.match(reasons[1]!, /\/connected_at is not a date-time this service can read: "2016-12-31T23:59:60Z" .*leap second/);
    assert.match(reasons[2]!, /\/removed_at is not a date-time/);
    assert.equal([...w.graph.firstDegree(profile(1).id).keys()], [profile(2).id]);
  } finally {
    await w.cleanup();
  }
});

test('upserts by id and deletes with {"id", "_deleted": true}', async () => {
  const w = workspace();
  try {
    await w.run([writeSnapshot(w.dir, 'profiles-1.jsonl', [profile(1), profile(2), profile(3)])]);
    const second = await w.run([
      writeSnapshot(w.dir, 'profiles-2.jsonl', [
        { ...profile(1), current_title: 'CTO' },
        { id: profile(2).id, _deleted: true },
        { id: tid(0xa0, 99), _deleted: true },
      ]),
    ]);
    // Deleting an absent id is a no-op, not a rejection, and not a document removed.
    assert.equal([second.deleted, second.deleteNoops], [1, 1]);
    assert.equal([second.files[0]!.deleted, second.files[0]!.deleteNoops], [1, 1]);
    assert.is(second.rejected, 0);
    assert.is(await w.engine.count(INDICES.profiles.alias), 2);
    assert.is(await w.engine.count(INDICES.profiles.alias, { term: { 'current_title.keyword': 'cto' } }), 1);
    assert.is(
      await w.engine.count(INDICES.profiles.alias, { term: { 'current_title.keyword': 'software engineer' } }),
      1,
      'old postings of the replaced version are gone',
    );
  } finally {
    await w.cleanup();
  }
});

test('--swap fills a new physical index, verifies it, swaps the alias and drops the old index', async () => {
  const w = workspace();
  try {
    await w.run([writeSnapshot(w.dir, 'profiles-a.jsonl', [profile(1), profile(2)])]);
    const before = await w.engine.getAlias(INDICES.profiles.alias);
    const summary = await w.run([writeSnapshot(w.dir, 'profiles-b.jsonl', [profile(3), profile(4), profile(5)])], { swap: true });
    const after = await w.engine.getAlias(INDICES.profiles.alias);
    assert.ok(summary.files[0]!.swapped);
    assert.equal(after, [summary.files[0]!.index]);
    assert.is.not(after[0], before[0]);
    assert.not.ok(await w.engine.indexExists(before[0]!), 'the replaced index is dropped');
    assert.is(await w.engine.count(INDICES.profiles.alias), 3);
  } finally {
    await w.cleanup();
  }
});

for (const workers of [0, 2]) {
  test(`--swap of a kind split into parts fills one index and swaps it once; deleting ids it never had is a no-op (${workers} workers)`, async () => {
    const w = workspace();
    try {
      await w.run([writeSnapshot(w.dir, 'profiles-old.jsonl', [profile(90)])]);
      const [old] = await w.engine.getAlias(INDICES.profiles.alias);
      const parts = [
        writeSnapshot(w.dir, 'profiles-000.jsonl', [profile(1), profile(2), { id: profile(90).id, _deleted: true }]),
        writeSnapshot(w.dir, 'profiles-001.jsonl', [
          profile(3),
          { id: profile(1).id, _deleted: true },
          { id: tid(0xa0, 7), _deleted: true },
        ]),
      ];
      const summary = await w.run(parts, { swap: true, workers });
      const [one, two] = summary.files;
      assert.is(one!.index, two!.index, 'one new index for both parts');
      assert.ok(one!.swapped && two!.swapped);
      assert.equal(await w.engine.getAlias(INDICES.profiles.alias), [one!.index]);
      assert.not.ok(await w.engine.indexExists(old!));
      // Parts 1 and 2 hold profiles 1, 2, 3; profile 1 is deleted by the second; 90 and 0xa0/7 were never in the new index.
      assert.is(await w.engine.count(INDICES.profiles.alias), 2);
      assert.equal(
        (await w.engine.mget(INDICES.profiles.alias, [profile(2).id, profile(3).id])).map((d) => (d as { id: string } | null)?.id),
        [profile(2).id, profile(3).id],
      );
      // Profile 1 was removed; 90 and 0xa0/7 were deletions of ids the new index never had.
      assert.equal([summary.deleted, summary.deleteNoops], [1, 2]);
    } finally {
      await w.cleanup();
    }
  });
}

test('--swap refuses to swap when the new index does not hold what was written; the live alias is untouched', async () => {
  const w = workspace();
  try {
    await w.run([writeSnapshot(w.dir, 'profiles-a.jsonl', [profile(1), profile(2)])]);
    const live = await w.engine.getAlias(INDICES.profiles.alias);
    const dup = writeSnapshot(w.dir, 'profiles-b.jsonl', [profile(3), profile(3), profile(4)]);
    let refusal: unknown;
    try {
      await w.run([dup], { swap: true });
      assert.unreachable('the swap should be refused');
    } catch (err) {
      refusal = err;
      assert.instance(err, SwapRefused);
      assert.match((err as Error).message, /holds 2 documents but 3 should remain of what was written/);
      assert.match(
        (err as Error).message,
        new RegExp(
          `1 record repeats the id of an earlier one: ${tid(0xa0, 3)} \\(lines 1 and 2 of ${dup.replace(/[.\\/]/g, '\\$&')}\\)\\. A later record`,
        ),
      );
    }
    assert.equal(await w.engine.getAlias(INDICES.profiles.alias), live);
    assert.is(await w.engine.count(INDICES.profiles.alias), 2);
    // The refused index is dropped, and nothing is left to resume.
    const dropped = /the new index (\S+) was dropped/.exec(String(refusal))?.[1];
    assert.ok(dropped, String(refusal));
    assert.not.ok(await w.engine.indexExists(dropped as string));
    assert.equal(
      fs.readdirSync(path.join(w.dir, 'indexer')).filter((f) => f.startsWith('checkpoint-')),
      [],
    );

    // Across the parts of a kind, after refused lines, and not counting an id deleted in between.
    const partA = writeSnapshot(w.dir, 'profiles-c-000.jsonl', [profile(5), profile(6), { id: tid(0xa0, 6), _deleted: true }, profile(7)]);
    const partB = writeSnapshot(w.dir, 'profiles-c-001.jsonl', [{ id: tid(0xa0, 5) }, profile(6), profile(7), profile(5), profile(7)]);
    try {
      await w.run([partA, partB], { swap: true });
      assert.unreachable('the swap should be refused');
    } catch (err) {
      assert.instance(err, SwapRefused);
      const message = (err as Error).message;
      assert.ok(
        message.includes(
          `3 records repeat the id of an earlier one: ${tid(0xa0, 7)} (line 4 of ${partA} and line 3 of ${partB}), ${tid(0xa0, 5)} (line 1 of ${partA} and line 4 of ${partB}), ${tid(0xa0, 7)} (lines 3 and 5 of ${partB}). A later record`,
        ),
        message,
      );
      assert.ok(!message.includes(tid(0xa0, 6)), 'an id deleted between its records is not a repeat');
    }
    assert.equal(await w.engine.getAlias(INDICES.profiles.alias), live);
  } finally {
    await w.cleanup();
  }
});

/**
 * Runs `proxima index ARGS` in a child process and kills it (SIGKILL) once its checkpoint
 * satisfies `when`; returns the checkpoint the killed run left.
 */
async function killMidRun(dataDir: string, args: string[], when: (cp: Checkpoint) => boolean): Promise<Checkpoint> {
  const child = spawn(BIN, ['index', ...args, '--progress', 'none'], {
    env: { ...process.env, PROXIMA_SOURCE: '1', DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const checkpointDir = path.join(dataDir, 'indexer');
  const current = (): Checkpoint | null => {
    const file = fs.existsSync(checkpointDir) && fs.readdirSync(checkpointDir).find((f) => f.endsWith('.json'));
    return file ? (JSON.parse(fs.readFileSync(path.join(checkpointDir, file), 'utf8')) as Checkpoint) : null;
  };
  const killed = await new Promise<boolean>((resolve) => {
    const poll = setInterval(() => {
      const cp = current();
      if (cp && when(cp)) {
        clearInterval(poll);
        child.kill('SIGKILL');
        resolve(true);
      }
    }, 5);
    child.once('exit', () => {
      clearInterval(poll);
      resolve(false);
    });
  });
  assert.ok(killed, 'the run was killed part-way');
  await new Promise((resolve) => (child.exitCode === null && child.signalCode === null ? child.once('exit', resolve) : resolve(null)));
  return current()!;
}

/** The checkpoints kept (not the temp file a kill during a save can leave beside one, which the next save replaces). */
const checkpointFiles = (dataDir: string) =>
  fs.readdirSync(path.join(dataDir, 'indexer')).filter((f) => f.includes('checkpoint') && f.endsWith('.json'));

test('a killed run resumes with --resume and finishes without duplicates or gaps', async () => {
  const w = workspace();
  await w.engine.close();
  try {
    const people = Array.from({ length: 6000 }, (_, i) => profile(i + 1));
    // Every 250th line is malformed: 24 refused records, about a batch apart.
    const file = writeSnapshot(
      w.dir,
      'profiles.jsonl',
      people.flatMap((p, i) => (i % 250 === 0 ? ['{"id": ', p] : [p])),
    );
    const bad = Array.from({ length: 24 }, (_, k) => 251 * k + 1);
    const env = { ...process.env, PROXIMA_SOURCE: '1', DATA_DIR: w.dir };
    await killMidRun(w.dir, [file, '--swap', '--batch-size', '100'], (cp) => cp.linesDone >= 500);
    const probe = new EmbeddedEngine(w.dir);
    assert.equal(await probe.getAlias(INDICES.profiles.alias), [], 'a killed --swap run never exposes a half-built index');
    await probe.close();

    // Records were refused: the command exits 3, with its summary.
    const resumedRun = await exec(BIN, ['index', file, '--swap', '--resume', '--batch-size', '100', '--progress', 'none', '--json'], {
      env,
    }).then(
      () => assert.unreachable('exit code 3 expected') as never,
      (err: { code: number; stdout: string }) => err,
    );
    assert.is(resumedRun.code, 3);
    const summary = JSON.parse(resumedRun.stdout);
    assert.ok(summary.resumed);
    assert.is(summary.files[0].indexed, 6000);
    assert.is(summary.rejected, 24);
    // Without --rejects the resumed run appends to the killed run's file: one file, each bad line once.
    const rejectsDir = path.join(w.dir, 'rejects');
    assert.equal(fs.readdirSync(rejectsDir), [path.basename(summary.rejectsFile)]);
    const entries = fs
      .readFileSync(summary.rejectsFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; line: number; run: string });
    assert.equal(
      entries.map((e) => e.line).sort((a, b) => a - b),
      bad,
    );
    assert.ok(entries.every((e) => e.file === path.resolve(file) && e.run === entries[0]!.run));
    const engine = new EmbeddedEngine(w.dir);
    assert.is(await engine.count(INDICES.profiles.alias), 6000);
    const docs = await engine.mget(
      INDICES.profiles.alias,
      people.map((p) => p.id),
    );
    assert.is(docs.filter((d) => d === null).length, 0, 'no gaps');
    await engine.close();
    assert.equal(checkpointFiles(w.dir), [], 'the checkpoint is removed when done');
  } finally {
    fs.rmSync(w.dir, { recursive: true, force: true });
  }
});

/** A companies and a profiles snapshot, large enough for a run to be killed while loading profiles. */
function companiesAndProfiles(dir: string, people = Array.from({ length: 6000 }, (_, i) => profile(i + 1))): string[] {
  return [
    writeSnapshot(
      dir,
      'companies.jsonl',
      [1, 2, 3, 4, 5].map((n) => company(n)),
    ),
    writeSnapshot(dir, 'profiles.jsonl', people),
  ];
}

const killedInProfiles = (cp: Checkpoint) => cp.fileIndex === 1 && cp.linesDone >= 500;

test('a --swap run of a kind in two parts killed in the second part resumes into the same index', async () => {
  const dir = tempDir();
  const people = Array.from({ length: 6000 }, (_, i) => profile(i + 1));
  const parts = [
    writeSnapshot(dir, 'profiles-000.jsonl', people.slice(0, 3000)),
    writeSnapshot(dir, 'profiles-001.jsonl', people.slice(3000)),
  ];
  const left = await killMidRun(dir, [...parts, '--swap', '--batch-size', '100'], (cp) => cp.fileIndex === 1 && cp.linesDone >= 500);
  const w = workspace(dir);
  try {
    assert.is(left.swapTargets['1'], left.swapTargets['0'], 'the second part writes into the first part’s index');
    assert.equal(await w.engine.getAlias(INDICES.profiles.alias), [], 'nothing is swapped in before the last part');
    const summary = await w.run(parts, { swap: true, resume: true, batchSize: 100 });
    assert.ok(summary.resumed);
    assert.equal(await w.engine.getAlias(INDICES.profiles.alias), [left.swapTargets['0']]);
    assert.is(await w.engine.count(INDICES.profiles.alias), 6000);
    assert.equal(checkpointFiles(dir), []);
  } finally {
    await w.cleanup();
  }
});

test('a run started over without --resume drops the half-built index and the checkpoint of the killed run', async () => {
  const dir = tempDir();
  const files = companiesAndProfiles(dir);
  const left = await killMidRun(dir, [...files, '--swap', '--batch-size', '100'], killedInProfiles);
  const w = workspace(dir);
  try {
    const halfBuilt = left.swapTargets['1']!;
    assert.ok(await w.engine.indexExists(halfBuilt), 'the killed run left a half-built index');

    const notices: string[] = [];
    const summary = await w.run(files, { swap: true, batchSize: 1000, notice: (line) => notices.push(line) });
    assert.not.ok(await w.engine.indexExists(halfBuilt), 'the half-built index is dropped');
    assert.match(notices.join('\n'), halfBuilt);
    assert.equal(await w.engine.getAlias(INDICES.profiles.alias), [summary.files[1]!.index]);
    assert.is(await w.engine.count(INDICES.profiles.alias), 6000);
    assert.equal(checkpointFiles(dir), []);
  } finally {
    await w.cleanup();
  }
});

test('a killed run is kept for --resume until its inputs change, then any run drops it but never an aliased index', async () => {
  const dir = tempDir();
  const people = Array.from({ length: 6000 }, (_, i) => profile(i + 1));
  const left = await killMidRun(dir, [...companiesAndProfiles(dir, people), '--swap', '--batch-size', '100'], killedInProfiles);
  const w = workspace(dir);
  try {
    // The killed run had swapped companies in already: its first index is live.
    const [liveCompanies, halfBuilt] = [left.swapTargets['0']!, left.swapTargets['1']!];
    assert.equal(await w.engine.getAlias(INDICES.companies.alias), [liveCompanies]);

    const update = () => w.run([writeSnapshot(dir, 'companies-update.jsonl', [company(1, { name: 'Renamed' })])]);
    await update();
    assert.ok(await w.engine.indexExists(halfBuilt), 'a run over other files leaves a resumable run alone');
    assert.is(checkpointFiles(dir).length, 1);

    writeSnapshot(dir, 'profiles.jsonl', people.slice(0, 10));
    await update();
    assert.not.ok(await w.engine.indexExists(halfBuilt), 'a run that can no longer be resumed is dropped');
    assert.equal(await w.engine.getAlias(INDICES.companies.alias), [liveCompanies], 'the live index it created is kept');
    assert.is(await w.engine.count(INDICES.companies.alias), 5);
    assert.equal(checkpointFiles(dir), []);
  } finally {
    await w.cleanup();
  }
});

test('a run killed after recording a new index but before creating it is dropped without error', async () => {
  const w = workspace();
  try {
    // The state such a run leaves: its checkpoint names an index that does not exist; its input is gone.
    const gone = writeSnapshot(w.dir, 'profiles-old.jsonl', [profile(1)]);
    const inputs = { files: [gone], kind: null, swap: true };
    const key = checkpointKey(inputs);
    fs.rmSync(gone);
    new CheckpointFile(path.join(w.dir, 'indexer'), key).save({
      version: CHECKPOINT_VERSION,
      key,
      inputs,
      fileIndex: 0,
      linesDone: 0,
      swapTargets: { '0': 'proxima-profiles-v1-20261121t000000000-0000' },
      counters: {},
    });
    const summary = await w.run([writeSnapshot(w.dir, 'profiles.jsonl', [profile(2)])]);
    assert.is(summary.indexed, 1);
    assert.equal(checkpointFiles(w.dir), []);
  } finally {
    await w.cleanup();
  }
});

/** `engine` with `method` replaced: every other member is the engine's own, bound to it. */
function withMethod<K extends keyof EmbeddedEngine>(engine: EmbeddedEngine, method: K, replacement: EmbeddedEngine[K]): EmbeddedEngine {
  return new Proxy(engine, {
    get(target, prop) {
      if (prop === method) return replacement;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

for (const resume of [true, false]) {
  test(`a run killed between its swap and dropping the replaced index leaves no index behind when ${resume ? 'resumed' : 'run again'}`, async () => {
    const w = workspace();
    try {
      const first = await w.run([writeSnapshot(w.dir, 'profiles-a.jsonl', [profile(1), profile(2)])], { swap: true });
      const replaced = first.files[0]!.index!;
      const file = writeSnapshot(
        w.dir,
        'profiles-b.jsonl',
        [3, 4, 5].map((n) => profile(n)),
      );
      // Killed right after the alias moved: the replaced index is never deleted.
      const killed = withMethod(w.engine, 'deleteIndex', async () => {
        throw new Error('killed');
      });
      await w.run([file], { swap: true, engine: killed }).then(
        () => assert.unreachable('the run should have been killed'),
        (err: Error) => assert.is(err.message, 'killed'),
      );
      const [live] = await w.engine.getAlias(INDICES.profiles.alias);
      assert.is.not(live, replaced, 'the new index is live');
      assert.ok(await w.engine.indexExists(replaced), 'the replaced index is left');

      const begun: string[] = [];
      const watched = withMethod(w.engine, 'beginBulkLoad', async (index: string) => {
        begun.push(index);
        return w.engine.beginBulkLoad(index);
      });
      const summary = await w.run([file], { swap: true, resume, engine: watched });
      assert.is(summary.resumed, resume);
      assert.not.ok(await w.engine.indexExists(replaced), 'the replaced index is dropped');
      if (resume) {
        assert.equal(begun, [], 'the live index is not put back into bulk-load mode');
        assert.equal(await w.engine.getAlias(INDICES.profiles.alias), [live]);
        assert.ok(summary.files[0]!.swapped);
      } else {
        assert.not.ok(await w.engine.indexExists(live!), 'a run over again swaps its own index in and drops the killed run’s');
      }
      assert.is(await w.engine.count(INDICES.profiles.alias), 3);
      assert.equal(checkpointFiles(w.dir), []);
    } finally {
      await w.cleanup();
    }
  });
}

/** A record's JSON with `field` (a path) written as the raw number literal `literal`. */
function withNumber(record: Record<string, unknown>, field: string, literal: string): string {
  const copy = structuredClone(record);
  const keys = field.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = '@number@';
  return JSON.stringify(copy).replace('"@number@"', literal);
}

test('numbers beyond the range of a double (1e400) are rejected in every numeric field of every kind', async () => {
  const w = workspace();
  try {
    const place = { raw: 'Berlin', lat: 52.5, lon: 13.4 };
    const files = [
      writeSnapshot(w.dir, 'companies.jsonl', [
        withNumber(company(1), 'employee_count', '1e400'),
        withNumber(company(2, { headquarters: place }), 'headquarters.lat', '-1e400'),
        withNumber(company(3, { headcount_by_department: { engineering: 5 } }), 'headcount_by_department.engineering', '1E+999'),
        company(4),
      ]),
      writeSnapshot(w.dir, 'profiles.jsonl', [
        withNumber(profile(1), 'years_experience', '1e400'),
        withNumber(profile(2, { education: [{ school: 'X', start_year: 2000 }] }), 'education.0.start_year', '1e400'),
      ]),
      writeSnapshot(w.dir, 'jobs.jsonl', [
        withNumber(
          {
            id: tid(0xd0, 1),
            company_id: tid(0xc0, 4),
            title: 'Data Engineer',
            workplace_type: 'remote',
            published_at: '2026-10-01T00:00:00Z',
            locations: [place],
          },
          'locations.0.lon',
          '1e400',
        ),
      ]),
      writeSnapshot(w.dir, 'posts.jsonl', [withNumber(post(1, tid(0xa0, 1)), 'reaction_count', '1e400')]),
    ];
    const summary = await w.run(files);
    assert.is(summary.indexed, 1, 'the one valid record is indexed');
    const rejects = fs
      .readFileSync(summary.rejectsFile!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(
      rejects.map((r) => [path.basename(r.file), r.line]),
      [
        ['companies.jsonl', 1],
        ['companies.jsonl', 2],
        ['companies.jsonl', 3],
        ['profiles.jsonl', 1],
        ['profiles.jsonl', 2],
        ['jobs.jsonl', 1],
        ['posts.jsonl', 1],
      ],
    );
    assert.equal(
      rejects.map((r) => r.reason.split(' ')[0]),
      [
        '/employee_count',
        '/headquarters/lat',
        '/headcount_by_department/engineering',
        '/years_experience',
        '/education/0/start_year',
        '/locations/0/lon',
        '/reaction_count',
      ],
    );
    for (const r of rejects) assert.match(r.reason, /out of range/);
  } finally {
    await w.cleanup();
  }
});

test('a UTF-8 byte-order mark at the start of a plain or gzipped file is skipped', async () => {
  const w = workspace();
  try {
    const bom = (record: object) => `\uFEFF${JSON.stringify(record)}`;
    const files = [
      writeSnapshot(w.dir, 'companies.jsonl', [bom(company(1)), company(2)]),
      writeSnapshot(w.dir, 'profiles.jsonl.gz', [bom(profile(1)), profile(2)]),
    ];
    const summary = await w.run(files);
    assert.is(summary.rejected, 0);
    assert.is(summary.indexed, 4);
    assert.equal((await w.engine.mget<{ name: string }>(INDICES.companies.alias, [tid(0xc0, 1)]))[0]?.name, 'Company 1');
  } finally {
    await w.cleanup();
  }
});

test('the CLI exits 3 when records were rejected, prints plain progress lines off a terminal, and 2 for bad arguments', async () => {
  const w = workspace();
  await w.engine.close();
  try {
    const file = writeSnapshot(w.dir, 'companies.jsonl', [company(1), '{oops']);
    const env = { ...process.env, PROXIMA_SOURCE: '1', DATA_DIR: w.dir };
    const failed = await exec(BIN, ['index', file, '--progress', 'lines'], { env }).catch(
      (e) => e as { code: number; stdout: string; stderr: string },
    );
    assert.is((failed as { code: number }).code, 3);
    assert.match((failed as { stdout: string }).stdout, /1 rejected/);
    assert.match((failed as { stderr: string }).stderr, /done companies: 2 read, 1 indexed, 1 rejected/);
    const usage = await exec(BIN, ['index', path.join(w.dir, 'mystery.jsonl')], { env }).catch(
      (e) => e as { code: number; stderr: string },
    );
    assert.is((usage as { code: number }).code, 2);
    assert.match((usage as { stderr: string }).stderr, /no such file/);
    for (const bound of ['100', '1e6', '67108865']) {
      const bad = await exec(BIN, ['index', file, '--max-line-bytes', bound], { env }).catch((e) => e as { code: number; stderr: string });
      assert.is((bad as { code: number }).code, 2, `--max-line-bytes ${bound}`);
      assert.match((bad as { stderr: string }).stderr, /--max-line-bytes must be a whole number from 1024 to 67108864/);
    }
  } finally {
    fs.rmSync(w.dir, { recursive: true, force: true });
  }
});

test('the CLI names a file it cannot read and refuses pipes, loops and an unwritable rejects path; a file linked twice loads once', async () => {
  const w = workspace();
  await w.engine.close();
  try {
    const env = { ...process.env, PROXIMA_SOURCE: '1', DATA_DIR: w.dir };
    const run = (args: string[]) =>
      exec(BIN, ['index', ...args, '--progress', 'none'], { env }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    const good = zlib.gzipSync(`${JSON.stringify(company(1))}\n${JSON.stringify(company(2))}\n`);
    // A gzip cut short, and a plain file named .gz: exit 1, the file and the cause named, no stack.
    fs.writeFileSync(path.join(w.dir, 'companies.jsonl.gz'), good.subarray(0, good.length - 12));
    fs.writeFileSync(path.join(w.dir, 'jobs.jsonl.gz'), 'not gzip\n');
    for (const [name, cause] of [
      ['companies.jsonl.gz', /not a valid gzip file \(unexpected end of file\)/],
      ['jobs.jsonl.gz', /not a valid gzip file \(incorrect header check\)/],
    ] as const) {
      const r = await run([path.join(w.dir, name)]);
      assert.is(r.code, 1, name);
      assert.match(r.stderr, new RegExp(`proxima index: .*${name.replace('.', '\\.')}: `));
      assert.match(r.stderr, cause);
      assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
    }
    // A pipe cannot be read twice; a symbolic link loop; a rejects path that cannot be written: exit 2.
    const fifo = path.join(w.dir, 'fifo', 'profiles.jsonl');
    fs.mkdirSync(path.dirname(fifo));
    await exec('mkfifo', [fifo]);
    const loops = path.join(w.dir, 'loops');
    fs.mkdirSync(loops);
    fs.symlinkSync('loop.jsonl', path.join(loops, 'loop.jsonl'));
    const plain = path.join(w.dir, 'parts', 'companies.jsonl');
    fs.mkdirSync(path.dirname(plain));
    fs.writeFileSync(plain, zlib.gunzipSync(good));
    for (const [args, message] of [
      [[fifo], /fifo\/profiles\.jsonl is not a regular file \(a pipe or a device cannot be read twice\)/],
      // Named through its directory, the pipe is refused too (it used to be skipped unsaid).
      [[path.dirname(fifo)], /fifo\/profiles\.jsonl is not a regular file/],
      [[loops], /cannot read a snapshot path: ELOOP/],
      [[plain, '--rejects', w.dir], /cannot write the rejects file .*: it is not a regular file/],
      [[plain, '--rejects', '/dev/null/rejects.jsonl'], /cannot write the rejects file \/dev\/null\/rejects\.jsonl/],
    ] as const) {
      const r = await run([...args]);
      assert.is(r.code, 2, args.join(' '));
      assert.match(r.stderr, message);
    }
    // The same file through a symbolic link in its directory is one file.
    fs.symlinkSync('companies.jsonl', path.join(path.dirname(plain), 'companies-again.jsonl'));
    const r = await run([path.dirname(plain), '--json']);
    assert.is(r.code, 0, r.stderr);
    const summary = JSON.parse(r.stdout) as { files: unknown[]; read: number };
    assert.is(summary.files.length, 1);
    assert.is(summary.read, 2);
  } finally {
    fs.rmSync(w.dir, { recursive: true, force: true });
  }
});

test.run();
