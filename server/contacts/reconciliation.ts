/**
 * Contact reconciliation batches (docs/contacts.md, "Reconciliation"): a run (runs.ts) takes
 * preview batches (audit rows only) and apply batches (review entities), then is finalized.
 * Every row is matched by the contact matcher from the acting user's perspective.
 */
import crypto from 'node:crypto';
import { type Actor, actingFields } from '../auth/actor.js';
import type { Services } from '../services.js';
import { type Db, prepared } from '../store/database.js';
import { appliedAgain, batchReused, requireDistinctRowIds, rowsHash } from './batch-identity.js';
import { withCardPayload } from './card-payload.js';
import { withHeaderNames } from './header-names.js';
import { ContactMatcher, type ContactRow, type MatchResult, type MatchStatus } from './matcher.js';
import { pacedRows } from './paced-rows.js';
import { CONTACT_ROW_FIELDS, rowFromCells } from './row-schema.js';
import { type Bucket, openRun, ownRun, presentRun, requireConfirmation } from './runs.js';

/** Rows matched at once within a batch (as delegate-resolve's default concurrency). */
const CONCURRENCY = 5;

/**
 * What a batch would be refused for whatever the balance, checked before credits are held (the
 * routes' `billing.refuse`), in the order the handlers check it: no such run (404), a finalized
 * run (409), other rows under an applied index (409).
 */
export function refuseBatch(db: Db, actor: Actor, runId: string, body: BatchBody, mode: 'preview' | 'apply'): void {
  openRun(db, actor, runId);
  if (mode !== 'apply' || appliedAgain(db, runId, body)) return;
  const index = body.batch_index ?? 0;
  const stored = prepared(db, `SELECT batch_id FROM contact_batches WHERE run_id = ? AND mode = 'apply' AND batch_index = ?`)
    .pluck()
    .get(runId, index) as string | undefined;
  if (stored) throw batchReused(runId, index, stored);
}

/** A candidate as rows and entities show it (compact: the top three). */
export const presentCandidates = (r: MatchResult, limit = 3) =>
  r.candidates.slice(0, limit).map((c) => ({
    user_id: c.user_id,
    name: c.name,
    headline: c.headline,
    current_title: c.current_title,
    current_company: c.current_company,
    location: c.location,
    confidence: c.confidence,
    evidence: c.evidence,
  }));

/** The bucket an applied row lands in: apply approves only clear, high-confidence matches (and never likely ones). */
function bucketFor(status: MatchStatus, allowResolution: boolean): Bucket {
  if (status === 'resolved') return allowResolution ? 'approved' : 'likely_match';
  return status;
}

/** The rows matched, a few at a time with a turn of the event loop before each (paced-rows.ts). */
function matchRows(services: Services, actor: Actor, rows: ContactRow[]): Promise<MatchResult[]> {
  const matcher = new ContactMatcher(services.engine, services.graph);
  return pacedRows(rows, CONCURRENCY, (r) => matcher.match(r, { perspectiveUserId: actor.actingUserId, maxCandidates: 5 }));
}

/** Splits a row into what the matcher reads and the rest (`extra`, kept but ignored). */
function splitRow(input: Record<string, unknown>): { row: ContactRow; extra: Record<string, unknown> } {
  // Columns named otherwise ("Prénom", "Company") are read as the fields they name, and kept in `extra` as sent.
  // A card's payload in any column ("Scan Data": a badge's MECARD) fills the fields first (card-payload.ts).
  const row = withHeaderNames(withCardPayload(rowFromCells(input) as ContactRow)) as Record<string, unknown>;
  const known: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) ((CONTACT_ROW_FIELDS as readonly string[]).includes(k) ? known : extra)[k] = v;
  return { row: known as ContactRow, extra };
}

const summarize = (rows: { status: string }[]) => ({
  rows: rows.length,
  resolved: rows.filter((r) => r.status === 'resolved').length,
  likely_match: rows.filter((r) => r.status === 'likely_match').length,
  needs_review: rows.filter((r) => r.status === 'needs_review').length,
  unresolved: rows.filter((r) => r.status === 'unresolved').length,
});

interface BatchBody {
  batch_index?: number;
  rows: Record<string, unknown>[];
  options?: { allow_identity_resolution?: boolean };
  user_confirmed?: boolean;
}

/**
 * The rows a batch is charged for: those the matcher could read something to match on. A row with
 * no name, usable address, phone or handle (`nothing_to_match_on`: an empty line, a lone company,
 * an address that is no address) did no matching work and is free (docs/contacts.md).
 */
const chargedRows = (results: readonly MatchResult[]): number => results.filter((r) => r.reason !== 'nothing_to_match_on').length;

/**
 * `POST .../batches/preview`: what apply would do with the rows; writes audit rows only. `settle`
 * is told the rows charged ({@link chargedRows}).
 */
export async function previewBatch(
  services: Services,
  actor: Actor,
  runId: string,
  body: BatchBody,
  settle: (rows: number) => void = () => {},
): Promise<Record<string, unknown>> {
  requireDistinctRowIds(body.rows);
  const run = openRun(services.db, actor, runId);
  const index = body.batch_index ?? 0;
  const split = await pacedRows(body.rows, CONCURRENCY, splitRow);
  const results = await matchRows(
    services,
    actor,
    split.map((s) => s.row),
  );
  settle(chargedRows(results));
  const allow = (body.options?.allow_identity_resolution ?? JSON.parse(run.options_json).allow_identity_resolution) !== false;
  const rows = results.map((r, i) => ({
    row_id: split[i]!.row.row_id ?? null,
    position: i,
    status: r.status,
    confidence: r.confidence,
    reason: r.reason,
    planned_bucket: bucketFor(r.status, allow),
    candidates: presentCandidates(r),
    extra: split[i]!.extra,
  }));
  const summary = summarize(rows);
  const now = services.clock();
  const batchId = services.db.transaction(() => {
    // Finalized while the rows were matched: a finalized run takes no more batches.
    openRun(services.db, actor, runId);
    const existing = prepared(services.db, `SELECT batch_id FROM contact_batches WHERE run_id = ? AND mode = 'preview' AND batch_index = ?`)
      .pluck()
      .get(runId, index) as string | undefined;
    const id = existing ?? crypto.randomUUID();
    // A preview sent again replaces its audit rows (previews change nothing, so the latest counts).
    prepared(
      services.db,
      `INSERT INTO contact_batches (batch_id, run_id, mode, batch_index, row_count, summary_json, rows_json, created_at) VALUES (?, ?, 'preview', ?, ?, ?, ?, ?)
       ON CONFLICT (run_id, mode, batch_index) DO UPDATE SET row_count = excluded.row_count, summary_json = excluded.summary_json, rows_json = excluded.rows_json`,
    ).run(id, runId, index, rows.length, JSON.stringify(summary), JSON.stringify(rows), now);
    prepared(services.db, 'UPDATE contact_runs SET updated_at = ? WHERE run_id = ?').run(now, runId);
    return id;
  })();
  return { success: true, ...actingFields(actor), run: presentRun(ownRun(services.db, actor, runId)), batch_id: batchId, summary, rows };
}

export interface EntityRow {
  entity_id: string;
  run_id: string;
  batch_index: number;
  row_key: string;
  row_id: string | null;
  row_json: string;
  match_status: MatchStatus;
  bucket: Bucket;
  confidence: number;
  reason: string | null;
  proposed_user_id: string | null;
  confirmed_user_id: string | null;
  candidates_json: string;
  created_at: number;
  updated_at: number;
}

/**
 * `POST .../batches`: matches the rows and stores one review entity per row; the same batch again
 * is the same batch. `settle` is told the rows charged: none when the batch is answered as stored,
 * else those with something to match on ({@link chargedRows}).
 */
export async function applyBatch(
  services: Services,
  actor: Actor,
  runId: string,
  body: BatchBody,
  settle: (rows: number) => void = () => {},
): Promise<Record<string, unknown>> {
  requireConfirmation(body);
  requireDistinctRowIds(body.rows);
  const run = openRun(services.db, actor, runId);
  const index = body.batch_index ?? 0;
  const stored = prepared(services.db, `SELECT * FROM contact_batches WHERE run_id = ? AND mode = 'apply' AND batch_index = ?`).get(
    runId,
    index,
  ) as { batch_id: string; summary_json: string; rows_json: string; request_hash: string | null } | undefined;
  const hash = rowsHash(body.rows);
  if (stored) {
    // The same batch again is answered as stored; other rows under its index would be lost.
    // (A batch applied before the hash was kept is answered as stored, as it was.)
    if (stored.request_hash !== null && stored.request_hash !== hash) throw batchReused(runId, index, stored.batch_id);
    settle(0);
    return {
      success: true,
      ...actingFields(actor),
      run: presentRun(run),
      batch_id: stored.batch_id,
      summary: { ...JSON.parse(stored.summary_json), replayed: true },
      rows: JSON.parse(stored.rows_json),
    };
  }
  const split = await pacedRows(body.rows, CONCURRENCY, splitRow);
  const results = await matchRows(
    services,
    actor,
    split.map((s) => s.row),
  );
  settle(chargedRows(results));
  const options = JSON.parse(run.options_json) as { allow_identity_resolution?: boolean; identity_resolution_limit?: number };
  const allow = (body.options?.allow_identity_resolution ?? options.allow_identity_resolution) !== false;
  const now = services.clock();
  return services.db.transaction(() => {
    // Finalized while the rows were matched: a finalized run takes no more batches.
    openRun(services.db, actor, runId);
    // Sent twice at once: the second finds the first's batch here and answers with it.
    const first = prepared(
      services.db,
      `SELECT batch_id, request_hash FROM contact_batches WHERE run_id = ? AND mode = 'apply' AND batch_index = ?`,
    ).get(runId, index) as { batch_id: string; request_hash: string | null } | undefined;
    // Sent at once with other rows: refused here, and this transaction stores nothing.
    if (first && first.request_hash !== null && first.request_hash !== hash) throw batchReused(runId, index, first.batch_id);
    const again = first?.batch_id;
    let approvedSoFar = Number(
      prepared(services.db, `SELECT count(*) FROM contact_entities WHERE run_id = ? AND bucket = 'approved'`).pluck().get(runId),
    );
    const limit = options.identity_resolution_limit ?? null;
    const batchId = again ?? crypto.randomUUID();
    const rows = results.map((r, i) => {
      let bucket = bucketFor(r.status, allow);
      if (bucket === 'approved' && limit !== null && approvedSoFar >= limit) bucket = 'likely_match';
      if (bucket === 'approved') approvedSoFar++;
      const top = r.candidates[0]?.user_id ?? null;
      const rowKey = `${index}:${split[i]!.row.row_id ?? `#${i}`}`;
      const entityId = crypto.randomUUID();
      prepared(
        services.db,
        `INSERT OR IGNORE INTO contact_entities (entity_id, owner_user_id, acting_user_id, run_id, batch_index, row_key, row_id, row_json, match_status,
           bucket, confidence, reason, proposed_user_id, confirmed_user_id, candidates_json, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        entityId,
        actor.ownerUserId,
        actor.actingUserId,
        runId,
        index,
        rowKey,
        split[i]!.row.row_id ?? null,
        JSON.stringify({ ...split[i]!.row, extra: split[i]!.extra }),
        r.status,
        bucket,
        r.confidence,
        r.reason,
        bucket === 'approved' ? null : top,
        bucket === 'approved' ? top : null,
        JSON.stringify(presentCandidates(r, 5)),
        now,
        now,
      );
      const entity = prepared(services.db, 'SELECT entity_id, bucket FROM contact_entities WHERE run_id = ? AND row_key = ?').get(
        runId,
        rowKey,
      ) as {
        entity_id: string;
        bucket: Bucket;
      };
      return {
        row_id: split[i]!.row.row_id ?? null,
        position: i,
        entity_id: entity.entity_id,
        status: r.status,
        confidence: r.confidence,
        reason: r.reason,
        bucket: entity.bucket,
        selected_user_id: entity.bucket === 'approved' ? top : null,
        candidates: presentCandidates(r),
      };
    });
    const summary = {
      ...summarize(rows),
      approved: rows.filter((r) => r.bucket === 'approved').length,
    };
    if (!again)
      prepared(
        services.db,
        `INSERT INTO contact_batches (batch_id, run_id, mode, batch_index, row_count, summary_json, rows_json, created_at, request_hash) VALUES (?, ?, 'apply', ?, ?, ?, ?, ?, ?)`,
      ).run(batchId, runId, index, rows.length, JSON.stringify(summary), JSON.stringify(rows), now, hash);
    prepared(services.db, 'UPDATE contact_runs SET updated_at = ? WHERE run_id = ?').run(now, runId);
    return { success: true, ...actingFields(actor), run: presentRun(ownRun(services.db, actor, runId)), batch_id: batchId, summary, rows };
  })();
}
