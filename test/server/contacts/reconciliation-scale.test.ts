import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../../fixtures/generator/index.js';
import { buildServices, closeServices } from '../../../server/build-services.js';
import { createAccount } from '../../../server/commands/create-account.js';
import { createApiKey } from '../../../server/commands/create-api-key.js';
import { loadConfig } from '../../../server/config.js';
import { createLogger } from '../../../server/logger.js';
import { indexSnapshots } from '../../helpers/snapshots.js';

type Row = Record<string, unknown>;

const ROWS = 10_000;
const BATCH = 100;
const BATCHES = ROWS / BATCH;

interface Person {
  id: string;
  first_name: string | null;
  last_name: string | null;
  current_company_name: string | null;
  current_title: string | null;
  emails?: { address: string; quality: string }[];
}

/** Indexes a generated corpus into `dir` and makes an account whose key it returns (the child then serves `dir`). */
async function prepare(dir: string): Promise<{ key: string; people: Person[] }> {
  const corpus = await generateCorpus({ profiles: 1_500, seed: 23, outDir: path.join(dir, 'corpus'), gzip: false, posts: 0, jobs: 0 });
  const services = buildServices(loadConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent', SAMPLE_PROFILES: '0' }), {
    logger: createLogger('silent'),
  });
  try {
    const summary = await indexSnapshots(
      { dataDir: dir, services },
      Object.values(corpus.files).map((f) => f.path),
    );
    assert.is(summary.rejected, 0);
    const owner = createAccount(services, { tier: 'pro', name: 'Reconciler' });
    const key = createApiKey(services, { userId: owner.userId, scopes: ['contacts-read', 'contacts-write'] }).apiKey;
    const people = fs
      .readFileSync(corpus.files.profiles.path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Person)
      .filter((p) => p.first_name && p.last_name);
    return { key, people };
  } finally {
    await closeServices(services);
  }
}

/**
 * Row `i` of the sheet: every fifth row of each kind (name, email and employer; name and
 * employer; a name alone; somebody who is not in the corpus; nothing to match on), so every
 * bucket fills. Row ids are unique; the same person appears in many rows, as in a real CRM.
 */
function sheetRow(i: number, people: Person[]): Row {
  const p = people[(i * 7) % people.length]!;
  const name = `${p.first_name} ${p.last_name}`;
  const email = p.emails?.find((e) => e.quality !== 'bounced')?.address;
  switch (i % 5) {
    case 0:
      return {
        row_id: `crm-${i}`,
        name,
        emails: email ? [email] : [],
        organization_names: p.current_company_name ? [p.current_company_name] : [],
      };
    case 1:
      return { row_id: `crm-${i}`, name, organization_names: p.current_company_name ? [`${p.current_company_name} Inc.`] : [] };
    case 2:
      return { row_id: `crm-${i}`, first_name: p.first_name, last_name: p.last_name, job_titles: p.current_title ? [p.current_title] : [] };
    case 3:
      return { row_id: `crm-${i}`, name: `Zebulon Quarternight${i}`, organization_names: ['Nowhere Holdings'] };
    default:
      return { row_id: `crm-${i}`, crm_owner: 'sales', notes: 'met at a fair' };
  }
}

const batchRows = (b: number, people: Person[]) => Array.from({ length: BATCH }, (_, j) => sheetRow(b * BATCH + j, people));

/** Starts the child app on `dir`; resolves once it listens. */
function startChild(dir: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./contacts-child.ts', import.meta.url).pathname, dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve({ child, base: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` });
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before listening`)));
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

test('10,000 rows in 100 batches: preview, apply, review, finalize; the server killed mid-batch three times loses and doubles nothing', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-reconcile-'));
  const { key, people } = await prepare(dir);
  const dataDir = path.join(dir, 'data');
  let server = await startChild(dataDir);
  // A client as the API asks: a 429 is waited out for its Retry-After and sent again (paging the
  // review queue's 100 pages can pass the account's 50 requests a second on a fast machine).
  const call = async (method: string, p: string, body?: unknown): Promise<{ status: number; body: Row }> => {
    for (;;) {
      const res = await fetch(server.base + p, {
        method,
        headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const parsed = (await res.json()) as Row;
      if (res.status !== 429) return { status: res.status, body: parsed };
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
    }
  };
  try {
    const run = ((await call('POST', '/api/v1/contacts/reconciliation/runs', { source_label: 'CRM export, 10k' })).body.run as Row)
      .run_id as string;
    const base = `/api/v1/contacts/reconciliation/runs/${runId(run)}`;

    // Preview every batch: audit rows only, nothing in the review queue.
    const planned = new Map<string, string>();
    for (let b = 0; b < BATCHES; b++) {
      const res = await call('POST', `${base}/batches/preview`, { batch_index: b, rows: batchRows(b, people) });
      assert.is(res.status, 200, JSON.stringify(res.body));
      for (const r of res.body.rows as Row[]) planned.set(r.row_id as string, r.planned_bucket as string);
    }
    assert.is(planned.size, ROWS);
    assert.is(((await call('GET', '/api/v1/contacts/reconciliation/review?limit=1')).body.total_count as number) ?? -1, 0);
    const plannedCounts = count([...planned.values()]);
    for (const bucket of ['approved', 'likely_match', 'needs_review', 'unresolved'])
      assert.ok((plannedCounts[bucket] ?? 0) > 0, `the sheet fills ${bucket}: ${JSON.stringify(plannedCounts)}`);

    // Apply every batch; at three batches the server is killed while the batch is in flight
    // (early, late, and after it has probably committed), restarted, and the batch is resent.
    const timings: number[] = [];
    const killAt = new Map([
      [17, 0.15],
      [50, 0.6],
      [83, 1.5],
    ]);
    const applied = new Map<string, Row>();
    let replayed = 0;
    const kills: string[] = [];
    for (let b = 0; b < BATCHES; b++) {
      const body = { batch_index: b, rows: batchRows(b, people), user_confirmed: true };
      const fraction = killAt.get(b);
      if (fraction !== undefined) {
        const typical = timings.reduce((a, t) => a + t, 0) / timings.length;
        const inFlight = call('POST', `${base}/batches`, body).catch((err: Error) => err);
        await new Promise((r) => setTimeout(r, typical * fraction));
        await kill(server.child);
        const outcome = await inFlight;
        // Killed before it answered, the client sees a broken connection; after, a whole answer.
        assert.ok(outcome instanceof Error || outcome.status === 200, `batch ${b}: ${JSON.stringify(outcome)}`);
        kills.push(outcome instanceof Error ? 'broken' : 'answered');
        server = await startChild(dataDir);
      }
      const started = performance.now();
      const res = await call('POST', `${base}/batches`, body);
      timings.push(performance.now() - started);
      assert.is(res.status, 200, JSON.stringify(res.body));
      if ((res.body.summary as Row).replayed) replayed++;
      assert.is((res.body.rows as Row[]).length, BATCH);
      for (const r of res.body.rows as Row[]) {
        assert.not.ok(applied.has(r.row_id as string), `row ${r.row_id} applied once`);
        applied.set(r.row_id as string, r);
        // Apply does what preview said it would, except that it never approves more than it planned.
        assert.is(r.bucket, planned.get(r.row_id as string), `row ${r.row_id}`);
      }
    }
    assert.is(applied.size, ROWS);
    assert.ok(replayed <= killAt.size, 'only a batch resent after a kill can be a replay');
    assert.ok(kills.includes('broken'), `at least one kill broke a batch in flight: ${kills}`);
    // Resending an old batch (a client retrying a timeout) returns the same entities.
    const again = await call('POST', `${base}/batches`, { batch_index: 3, rows: batchRows(3, people), user_confirmed: true });
    assert.equal(
      [(again.body.summary as Row).replayed, (again.body.rows as Row[]).map((r) => r.entity_id)],
      [true, batchRows(3, people).map((r) => applied.get(r.row_id as string)!.entity_id)],
    );

    let read = await call('GET', base);
    const summary = read.body.summary as Row;
    assert.equal(
      [summary.entities, summary.applied_rows, summary.apply_batches, summary.previewed_rows, summary.preview_batches],
      [ROWS, ROWS, BATCHES, ROWS, BATCHES],
    );

    // The review queue holds each row once, page by page.
    const seen = new Set<string>();
    for (let offset = 0; ; offset += 100) {
      const page = await call('GET', `/api/v1/contacts/reconciliation/review?limit=100&offset=${offset}&minimal_fields=true`);
      for (const item of page.body.items as Row[]) {
        assert.not.ok(seen.has(item.entity_id as string), 'an entity is listed once');
        seen.add(item.entity_id as string);
      }
      if (!page.body.has_more) break;
    }
    assert.is(seen.size, ROWS);

    // Review: confirm 100 likely matches with their proposed candidate (killed mid-way, then
    // resent: a confirmed entity stays confirmed), ignore 100 unresolved rows.
    const likely = (await call('GET', '/api/v1/contacts/reconciliation/review?bucket=likely_match&limit=100&minimal_fields=true')).body
      .items as Row[];
    const ids = likely.map((i) => i.entity_id as string);
    const bulk = { action: 'confirm_candidate', entity_ids: ids, user_confirmed: true };
    const inFlight = call('POST', '/api/v1/contacts/reconciliation/review/bulk', bulk).catch((err: Error) => err);
    await new Promise((r) => setTimeout(r, 5));
    await kill(server.child);
    await inFlight;
    server = await startChild(dataDir);
    const confirmed = await call('POST', '/api/v1/contacts/reconciliation/review/bulk', bulk);
    assert.equal([confirmed.body.succeeded_count, confirmed.body.failed_count], [ids.length, 0]);
    const unresolved = (await call('GET', '/api/v1/contacts/reconciliation/review?bucket=unresolved&limit=100&minimal_fields=true')).body
      .items as Row[];
    const ignored = await call('POST', '/api/v1/contacts/reconciliation/review/bulk', {
      action: 'ignore_entity',
      entity_ids: unresolved.map((i) => i.entity_id),
      user_confirmed: true,
    });
    assert.is(ignored.body.succeeded_count, unresolved.length);

    const finalized = await call('POST', `${base}/finalize`, { user_confirmed: true });
    assert.is((finalized.body.run as Row).status, 'finalized');
    read = await call('GET', base);
    const after = read.body.summary as Row;
    const appliedCounts = count([...applied.values()].map((r) => r.bucket as string));
    assert.equal(
      [after.entities, after.approved, after.likely_match, after.unresolved, after.ignored, after.needs_review],
      [
        ROWS,
        appliedCounts.approved! + ids.length,
        appliedCounts.likely_match! - ids.length,
        appliedCounts.unresolved! - unresolved.length,
        unresolved.length,
        appliedCounts.needs_review,
      ],
    );
  } finally {
    await kill(server.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const runId = (id: string) => encodeURIComponent(id);

function count(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

test.run();
