/**
 * Contact reconciliation runs (docs/contacts.md, "Reconciliation"): opened, read with their
 * counts and batches, and finalized. Their batches are reconciliation.ts.
 */
import crypto from 'node:crypto';
import { type Actor, actingFields } from '../auth/actor.js';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';
import { type Db, prepared } from '../store/database.js';
import { ROW_SCHEMA } from './row-schema.js';

export const BUCKETS = ['approved', 'likely_match', 'needs_review', 'unresolved', 'ignored'] as const;
export type Bucket = (typeof BUCKETS)[number];

export const iso = (ms: number | null | undefined): string | null => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** The row schema, modes and review actions a client reads before sending rows. */
export function reconciliationSchema(): Record<string, unknown> {
  return {
    success: true,
    tool: 'contacts_reconciliation_sheet',
    source_type: 'agent_reconciliation_sheet',
    row_schema: ROW_SCHEMA,
    modes: ['preview', 'apply'],
    review_actions: ['confirm_candidate', 'reject_candidate', 'mark_needs_review', 'ignore_entity', 'restore_entity'],
    notes: [
      'Create a run, send rows in batches of up to 100 (batch_index from 0): preview batches only report what apply would do; apply batches (user_confirmed: true) create review entities.',
      'Apply approves only high-confidence matches with a clear margin; likely matches stay candidates until a person confirms them.',
      'Sending the same batch_index again returns the same batch: no row is matched or stored twice.',
      'Finalize the run (user_confirmed: true) when every batch is in.',
    ],
  };
}

export interface RunRow {
  run_id: string;
  owner_user_id: string;
  acting_user_id: string;
  source_label: string | null;
  options_json: string;
  status: 'open' | 'finalized';
  created_at: number;
  updated_at: number;
  finalized_at: number | null;
}

/** The account's run, or 404. */
export function ownRun(db: Db, actor: Actor, runId: string): RunRow {
  const run = prepared(db, 'SELECT * FROM contact_runs WHERE run_id = ?').get(runId) as RunRow | undefined;
  if (!run || run.owner_user_id !== actor.ownerUserId)
    throw new AppError(404, 'reconciliation_run_not_found', `No reconciliation run ${runId} on this account.`, { run_id: runId });
  return run;
}

/** The account's run while it takes batches: 404, or 409 once finalized. */
export function openRun(db: Db, actor: Actor, runId: string): RunRow {
  const run = ownRun(db, actor, runId);
  if (run.status === 'finalized')
    throw new AppError(409, 'reconciliation_run_finalized', `Run ${runId} is finalized: start a new run for more rows.`, { run_id: runId });
  return run;
}

/** Writes need `user_confirmed: true` (the contract's rule). */
export function requireConfirmation(body: { user_confirmed?: boolean }): void {
  if (body.user_confirmed !== true)
    throw new AppError(400, 'confirmation_required', 'This changes your contacts: send user_confirmed: true once the user has agreed.');
}

/** A run as the routes show it. */
export function presentRun(run: RunRow): Record<string, unknown> {
  const options = JSON.parse(run.options_json) as Record<string, unknown>;
  return {
    run_id: run.run_id,
    id: run.run_id,
    source_label: run.source_label,
    status: run.status,
    options: {
      allow_identity_resolution: options.allow_identity_resolution !== false,
      identity_resolution_limit: options.identity_resolution_limit ?? null,
    },
    owner_user_id: run.owner_user_id,
    acting_user_id: run.acting_user_id,
    created_at: iso(run.created_at),
    updated_at: iso(run.updated_at),
    finalized_at: iso(run.finalized_at),
  };
}

/** Opens a run for batches of rows. */
export function createRun(
  services: Services,
  actor: Actor,
  body: { source_label?: string; options?: { allow_identity_resolution?: boolean; identity_resolution_limit?: number } },
): Record<string, unknown> {
  const now = services.clock();
  const id = crypto.randomUUID();
  prepared(
    services.db,
    `INSERT INTO contact_runs (run_id, owner_user_id, acting_user_id, source_label, options_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, actor.ownerUserId, actor.actingUserId, body.source_label ?? null, JSON.stringify(body.options ?? {}), now, now);
  return { success: true, ...actingFields(actor), run: presentRun(ownRun(services.db, actor, id)) };
}

function runSummary(db: Db, runId: string): Record<string, number> {
  const counts = Object.fromEntries(BUCKETS.map((b) => [b, 0])) as Record<string, number>;
  for (const r of prepared(db, 'SELECT bucket, count(*) AS n FROM contact_entities WHERE run_id = ? GROUP BY bucket').all(runId) as {
    bucket: string;
    n: number;
  }[])
    counts[r.bucket] = r.n;
  const batches = prepared(
    db,
    'SELECT mode, count(*) AS n, sum(row_count) AS rows FROM contact_batches WHERE run_id = ? GROUP BY mode',
  ).all(runId) as {
    mode: string;
    n: number;
    rows: number;
  }[];
  const of = (mode: string) => batches.find((b) => b.mode === mode);
  return {
    entities: Object.values(counts).reduce((a, b) => a + b, 0),
    ...counts,
    preview_batches: of('preview')?.n ?? 0,
    previewed_rows: of('preview')?.rows ?? 0,
    apply_batches: of('apply')?.n ?? 0,
    applied_rows: of('apply')?.rows ?? 0,
  };
}

/** A run with its counts and batches. */
export function readRun(services: Services, actor: Actor, runId: string): Record<string, unknown> {
  const run = ownRun(services.db, actor, runId);
  const batches = prepared(
    services.db,
    'SELECT batch_id, mode, batch_index, row_count, summary_json, created_at FROM contact_batches WHERE run_id = ? ORDER BY mode, batch_index',
  ).all(runId) as { batch_id: string; mode: string; batch_index: number; row_count: number; summary_json: string; created_at: number }[];
  return {
    success: true,
    ...actingFields(actor),
    run: presentRun(run),
    summary: runSummary(services.db, runId),
    batches: batches.map((b) => ({
      batch_id: b.batch_id,
      mode: b.mode,
      batch_index: b.batch_index,
      row_count: b.row_count,
      summary: JSON.parse(b.summary_json),
      created_at: iso(b.created_at),
    })),
  };
}

/** Closes a run to more batches (asked again, it answers as it is). */
export function finalizeRun(services: Services, actor: Actor, runId: string, body: { user_confirmed?: boolean }): Record<string, unknown> {
  requireConfirmation(body);
  const run = ownRun(services.db, actor, runId);
  if (run.status === 'open') {
    const now = services.clock();
    prepared(
      services.db,
      `UPDATE contact_runs SET status = 'finalized', finalized_at = ?, updated_at = ? WHERE run_id = ? AND status = 'open'`,
    ).run(now, now, runId);
  }
  return {
    success: true,
    ...actingFields(actor),
    run: presentRun(ownRun(services.db, actor, runId)),
    summary: runSummary(services.db, runId),
  };
}
