import crypto from 'node:crypto';
import { type Db, prepared } from '../store/database.js';
import { type Signal, toSignal, toWatcher, type Watcher } from './model.js';

/**
 * Watchers and the signals they raised, as stored (docs/signals.md): create, read, list, update
 * and delete watchers; page through signals; the connector's cursor; deliveries and runs.
 */
export class WatcherStore {
  constructor(protected readonly store: { db: Db; clock: () => number }) {}

  createWatcher(input: Omit<Watcher, 'watcherId' | 'status' | 'lastRunSeq' | 'connectorCursor' | 'createdAt' | 'updatedAt'>): Watcher {
    const { db, clock } = this.store;
    const now = clock();
    const id = crypto.randomUUID();
    // A watcher hears about runs that finish after it exists, never about earlier ones.
    const lastRun = Number(prepared(db, `SELECT coalesce(max(complete_seq), 0) FROM snapshot_runs`).pluck().get());
    prepared(
      db,
      `INSERT INTO signal_watchers (watcher_id, owner_user_id, acting_user_id, name, signal_types_json, project_id, person_ids_json,
         company_ids_json, cohort_source, deliveries_json, email_to, webhook_url, webhook_secret, options_json, status, last_run_seq,
         connector_cursor, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, (SELECT coalesce(max(seq), 0) FROM signals), ?, ?)`,
    ).run(
      id,
      input.ownerUserId,
      input.actingUserId,
      input.name,
      JSON.stringify(input.signalTypes),
      input.projectId,
      JSON.stringify(input.personIds),
      JSON.stringify(input.companyIds),
      input.cohortSource,
      JSON.stringify(input.deliveries),
      input.emailTo,
      input.webhookUrl,
      input.webhookSecret,
      JSON.stringify(input.options),
      lastRun,
      now,
      now,
    );
    return this.watcher(id)!;
  }

  watcher(id: string): Watcher | null {
    const r = prepared(this.store.db, `SELECT * FROM signal_watchers WHERE watcher_id = ? AND status <> 'deleted'`).get(id) as
      | Record<string, unknown>
      | undefined;
    return r ? toWatcher(r) : null;
  }

  watchers(ownerUserId: string, opts: { projectId?: string; limit: number; offset: number }): { watchers: Watcher[]; total: number } {
    const where = `owner_user_id = @owner AND status <> 'deleted' AND (@project IS NULL OR project_id = @project)`;
    const args = { owner: ownerUserId, project: opts.projectId ?? null, limit: opts.limit, offset: opts.offset };
    const rows = prepared(
      this.store.db,
      `SELECT * FROM signal_watchers WHERE ${where} ORDER BY created_at DESC, watcher_id LIMIT @limit OFFSET @offset`,
    ).all(args) as Record<string, unknown>[];
    const total = Number(prepared(this.store.db, `SELECT count(*) FROM signal_watchers WHERE ${where}`).pluck().get(args));
    return { watchers: rows.map(toWatcher), total };
  }

  updateWatcher(
    id: string,
    patch: Partial<
      Pick<Watcher, 'name' | 'signalTypes' | 'deliveries' | 'emailTo' | 'options' | 'status' | 'webhookUrl' | 'webhookSecret'>
    >,
  ): Watcher {
    const cols: Record<string, string> = {
      name: 'name',
      signalTypes: 'signal_types_json',
      deliveries: 'deliveries_json',
      emailTo: 'email_to',
      options: 'options_json',
      status: 'status',
      webhookUrl: 'webhook_url',
      webhookSecret: 'webhook_secret',
    };
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) continue;
      sets.push(`${cols[k]} = ?`);
      values.push(k === 'signalTypes' || k === 'deliveries' || k === 'options' ? JSON.stringify(v) : v);
    }
    // A resumed watcher starts from now: what happened while it was paused is not replayed.
    if (patch.status === 'active' && this.watcher(id)?.status === 'paused')
      sets.push(`last_run_seq = (SELECT coalesce(max(complete_seq), 0) FROM snapshot_runs)`);
    sets.push('updated_at = ?');
    values.push(this.store.clock(), id);
    prepared(this.store.db, `UPDATE signal_watchers SET ${sets.join(', ')} WHERE watcher_id = ?`).run(...values);
    return this.watcher(id)!;
  }

  deleteWatcher(id: string): void {
    this.store.db.transaction(() => {
      prepared(this.store.db, `UPDATE signal_watchers SET status = 'deleted', updated_at = ? WHERE watcher_id = ?`).run(
        this.store.clock(),
        id,
      );
      prepared(
        this.store.db,
        `UPDATE signal_deliveries SET state = 'failed', last_error = 'watcher deleted' WHERE watcher_id = ? AND state = 'pending'`,
      ).run(id);
    })();
  }

  /** Signals of an owner, oldest first after `after` (the cursor of the last one seen). */
  signals(
    ownerUserId: string,
    opts: { watcherId?: string; projectId?: string; type?: string; after: number; limit: number },
  ): { signals: Signal[]; hasMore: boolean } {
    const rows = prepared(
      this.store.db,
      `SELECT * FROM signals WHERE owner_user_id = @owner AND seq > @after AND (@watcher IS NULL OR watcher_id = @watcher)
         AND (@project IS NULL OR project_id = @project) AND (@type IS NULL OR signal_type = @type)
         AND watcher_id IN (SELECT watcher_id FROM signal_watchers WHERE owner_user_id = @owner AND status <> 'deleted')
       ORDER BY seq LIMIT @limit`,
    ).all({
      owner: ownerUserId,
      after: opts.after,
      watcher: opts.watcherId ?? null,
      project: opts.projectId ?? null,
      type: opts.type ?? null,
      limit: opts.limit + 1,
    }) as Record<string, unknown>[];
    return { signals: rows.slice(0, opts.limit).map(toSignal), hasMore: rows.length > opts.limit };
  }

  /** The connector stream: signals after the watcher's cursor; the cursor moves past what is returned. */
  poll(watcher: Watcher, limit: number): { signals: Signal[]; hasMore: boolean } {
    const page = this.signals(watcher.ownerUserId, { watcherId: watcher.watcherId, after: watcher.connectorCursor, limit });
    const last = page.signals.at(-1);
    if (last)
      prepared(this.store.db, 'UPDATE signal_watchers SET connector_cursor = ? WHERE watcher_id = ?').run(last.seq, watcher.watcherId);
    return page;
  }

  deliveries(watcherId: string): Record<string, unknown>[] {
    const rows = prepared(this.store.db, 'SELECT * FROM signal_deliveries WHERE watcher_id = ? ORDER BY run_id DESC, target LIMIT 20').all(
      watcherId,
    ) as Record<string, unknown>[];
    return rows.map((r) => ({
      run_id: r.run_id,
      target: r.target,
      state: r.state,
      attempts: r.attempts,
      signals: (r.last_seq as number) - (r.first_seq as number) + 1,
      last_error: r.last_error,
      last_http_status: r.last_status,
      updated_at: new Date(r.updated_at as number).toISOString(),
    }));
  }

  /** Finished runs, newest first (what watchers were evaluated on). */
  runs(limit = 10): Record<string, unknown>[] {
    const rows = prepared(this.store.db, `SELECT * FROM snapshot_runs ORDER BY run_id DESC LIMIT ?`).all(limit) as Record<
      string,
      unknown
    >[];
    return rows.map((r) => ({
      run_id: r.run_id,
      complete_seq: r.complete_seq,
      status: r.status,
      changes: r.changes,
      baseline_kinds: JSON.parse(r.baseline_json as string),
      started_at: new Date(r.started_at as number).toISOString(),
      finished_at: r.finished_at ? new Date(r.finished_at as number).toISOString() : null,
    }));
  }
}
