import crypto from 'node:crypto';
import { INDICES } from '../../mappings/indices.js';
import type { SearchEngine } from '../../search-engine/port.js';
import type { CommunicationService } from '../communications/service.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { ProjectStore } from '../projects/store.js';
import { type Db, prepared } from '../store/database.js';
import type { GraphStore } from '../store/graph.js';
import type { UserStore } from '../store/users.js';
import { SnapshotChangeStore } from './change-store.js';
import { SignalDeliverer } from './deliveries.js';

/** The signal types a watcher can ask for (docs/signals.md). */
export const SIGNAL_TYPES = [
  'liked_my_post',
  'competitor_engagement',
  'role_change',
  'jobs',
  'employee_post',
  'company_growth',
  'hiring_spike',
  'warm_intro',
  'follow_up',
  'posts',
] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

/** Where a watcher's signals go. */
export const DELIVERIES = ['project_feed', 'email_digest', 'connector', 'agent_webhook'] as const;
export type Delivery = (typeof DELIVERIES)[number];

export const WATCHER_STATUSES = ['active', 'paused'] as const;

/** Thresholds a watcher may tune; the defaults are documented in docs/signals.md. */
export interface WatcherOptions {
  min_growth_pct: number;
  min_new_jobs: number;
  follow_up_after_days: number;
}
export const DEFAULT_OPTIONS: WatcherOptions = { min_growth_pct: 5, min_new_jobs: 3, follow_up_after_days: 3 };

/** At most this many signals per watcher and run; the rest are counted, not kept. */
export const MAX_SIGNALS_PER_RUN = 500;

export interface Watcher {
  watcherId: string;
  ownerUserId: string;
  actingUserId: string;
  name: string;
  signalTypes: SignalType[];
  projectId: string | null;
  personIds: string[];
  companyIds: string[];
  cohortSource: 'project' | 'people' | 'companies' | 'search';
  deliveries: Delivery[];
  emailTo: string | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
  options: WatcherOptions;
  status: 'active' | 'paused' | 'deleted';
  /** The finish order (`complete_seq`) of the last snapshot run evaluated. */
  lastRunSeq: number;
  connectorCursor: number;
  createdAt: number;
  updatedAt: number;
}

export interface Signal {
  seq: number;
  signalId: string;
  watcherId: string;
  projectId: string | null;
  runId: number | null;
  type: SignalType;
  personId: string | null;
  companyId: string | null;
  summary: string;
  data: Record<string, unknown>;
  createdAt: number;
}

const toWatcher = (r: Record<string, unknown>): Watcher => ({
  watcherId: r.watcher_id as string,
  ownerUserId: r.owner_user_id as string,
  actingUserId: r.acting_user_id as string,
  name: r.name as string,
  signalTypes: JSON.parse(r.signal_types_json as string),
  projectId: r.project_id as string | null,
  personIds: JSON.parse(r.person_ids_json as string),
  companyIds: JSON.parse(r.company_ids_json as string),
  cohortSource: r.cohort_source as Watcher['cohortSource'],
  deliveries: JSON.parse(r.deliveries_json as string),
  emailTo: r.email_to as string | null,
  webhookUrl: r.webhook_url as string | null,
  webhookSecret: r.webhook_secret as string | null,
  options: { ...DEFAULT_OPTIONS, ...JSON.parse(r.options_json as string) },
  status: r.status as Watcher['status'],
  lastRunSeq: r.last_run_seq as number,
  connectorCursor: r.connector_cursor as number,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
});

export const toSignal = (r: Record<string, unknown>): Signal => ({
  seq: r.seq as number,
  signalId: r.signal_id as string,
  watcherId: r.watcher_id as string,
  projectId: r.project_id as string | null,
  runId: r.run_id as number | null,
  type: r.signal_type as SignalType,
  personId: r.person_id as string | null,
  companyId: r.company_id as string | null,
  summary: r.summary as string,
  data: JSON.parse(r.data_json as string),
  createdAt: r.created_at as number,
});

interface ChangeRow {
  change_id: number;
  change_type: string;
  person_id: string | null;
  company_id: string | null;
  target_id: string | null;
  target_company_id: string | null;
  data_json: string;
}

interface Candidate {
  type: SignalType;
  key: string;
  personId: string | null;
  companyId: string | null;
  /** Builds the sentence once names are known. */
  summary: (name: (id: string | null) => string) => string;
  data: Record<string, unknown>;
}

/** The JSON body POSTed to an agent webhook for one run's signals (docs/signals.md, "Agent webhook"). */
export function webhookPayload(w: Watcher, runId: number, signals: Signal[]): string {
  return JSON.stringify({
    id: `sigdel_${w.watcherId}_${runId}`,
    type: 'signals.batch',
    created_at: new Date().toISOString(),
    watcher_id: w.watcherId,
    run_id: runId,
    signals: signals.map(presentSignal),
  });
}

/** A signal as every face shows it. */
export function presentSignal(s: Signal): Record<string, unknown> {
  return {
    signal_id: s.signalId,
    cursor: s.seq,
    watcher_id: s.watcherId,
    project_id: s.projectId,
    run_id: s.runId,
    signal_type: s.type,
    person_id: s.personId,
    company_id: s.companyId,
    summary: s.summary,
    data: s.data,
    created_at: new Date(s.createdAt).toISOString(),
  };
}

/**
 * Signal watchers (issue 15, docs/signals.md): stores watchers and their signals, evaluates each
 * finished snapshot run's change set against every active watcher (never by re-running
 * searches), and delivers email digests and signed agent webhooks with retries. The project
 * feed and the connector stream read the stored signals.
 */
export class SignalService {
  readonly changes: SnapshotChangeStore;
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  private working: Promise<void> | null = null;
  /** Email digests and agent webhooks (deliveries.ts). */
  readonly deliverer: SignalDeliverer;

  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      clock: () => number;
      logger: Logger;
      engine: SearchEngine;
      graph: GraphStore;
      users: UserStore;
      projects: ProjectStore;
      communications: CommunicationService;
    },
  ) {
    this.changes = new SnapshotChangeStore(deps.db, deps.clock);
    this.deliverer = new SignalDeliverer({ ...deps, watcher: (id) => this.watcher(id) });
  }

  // ---- watchers ----

  createWatcher(input: Omit<Watcher, 'watcherId' | 'status' | 'lastRunSeq' | 'connectorCursor' | 'createdAt' | 'updatedAt'>): Watcher {
    const { db, clock } = this.deps;
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
    const r = prepared(this.deps.db, `SELECT * FROM signal_watchers WHERE watcher_id = ? AND status <> 'deleted'`).get(id) as
      | Record<string, unknown>
      | undefined;
    return r ? toWatcher(r) : null;
  }

  watchers(ownerUserId: string, opts: { projectId?: string; limit: number; offset: number }): { watchers: Watcher[]; total: number } {
    const where = `owner_user_id = @owner AND status <> 'deleted' AND (@project IS NULL OR project_id = @project)`;
    const args = { owner: ownerUserId, project: opts.projectId ?? null, limit: opts.limit, offset: opts.offset };
    const rows = prepared(
      this.deps.db,
      `SELECT * FROM signal_watchers WHERE ${where} ORDER BY created_at DESC, watcher_id LIMIT @limit OFFSET @offset`,
    ).all(args) as Record<string, unknown>[];
    const total = Number(prepared(this.deps.db, `SELECT count(*) FROM signal_watchers WHERE ${where}`).pluck().get(args));
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
    values.push(this.deps.clock(), id);
    prepared(this.deps.db, `UPDATE signal_watchers SET ${sets.join(', ')} WHERE watcher_id = ?`).run(...values);
    return this.watcher(id)!;
  }

  deleteWatcher(id: string): void {
    this.deps.db.transaction(() => {
      prepared(this.deps.db, `UPDATE signal_watchers SET status = 'deleted', updated_at = ? WHERE watcher_id = ?`).run(
        this.deps.clock(),
        id,
      );
      prepared(
        this.deps.db,
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
      this.deps.db,
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
      prepared(this.deps.db, 'UPDATE signal_watchers SET connector_cursor = ? WHERE watcher_id = ?').run(last.seq, watcher.watcherId);
    return page;
  }

  deliveries(watcherId: string): Record<string, unknown>[] {
    const rows = prepared(this.deps.db, 'SELECT * FROM signal_deliveries WHERE watcher_id = ? ORDER BY run_id DESC, target LIMIT 20').all(
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
    const rows = prepared(this.deps.db, `SELECT * FROM snapshot_runs ORDER BY run_id DESC LIMIT ?`).all(limit) as Record<string, unknown>[];
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

  // ---- evaluation ----

  start(): void {
    this.stopping = false;
    this.arm(0);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.working?.catch(() => {});
    await this.deliverer.stop();
  }

  /** Resolves when the deliveries started so far have finished (tests, shutdown). */
  deliveriesSettled(): Promise<void> {
    return this.deliverer.settled();
  }

  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.processNow().finally(() => {
        if (!this.stopping) this.arm(this.deps.config.communications.signalsPollMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** Evaluates every finished run not yet seen by each active watcher, then delivers what is due. One pass at a time. */
  processNow(): Promise<void> {
    if (!this.working)
      this.working = (async () => {
        try {
          await this.evaluatePending();
          this.deliverer.deliverDue();
        } catch (err) {
          this.deps.logger.error({ err }, 'signal processing failed');
        }
      })().finally(() => {
        this.working = null;
      });
    return this.working;
  }

  private async evaluatePending(): Promise<void> {
    const { db } = this.deps;
    const watchers = (prepared(db, `SELECT * FROM signal_watchers WHERE status = 'active'`).all() as Record<string, unknown>[]).map(
      toWatcher,
    );
    for (const w of watchers) {
      const runs = prepared(
        db,
        `SELECT run_id, complete_seq FROM snapshot_runs WHERE status = 'complete' AND complete_seq > ? ORDER BY complete_seq`,
      ).all(w.lastRunSeq) as { run_id: number; complete_seq: number }[];
      for (const run of runs) {
        if (this.stopping) return;
        try {
          await this.evaluate(w, run.run_id, run.complete_seq);
        } catch (err) {
          // One watcher that fails is logged and tried again next pass; the others go on.
          this.deps.logger.error({ err, watcher: w.watcherId, run: run.run_id }, 'signal watcher evaluation failed');
          break;
        }
        // Other work gets the event loop between two evaluations.
        await new Promise((r) => setImmediate(r));
      }
    }
  }

  /** The people and companies a watcher follows now (a project's cohort follows its current targets). */
  private cohort(w: Watcher): { people: Set<string>; companies: Set<string> } {
    const people = new Set(w.personIds);
    if (w.cohortSource === 'project' && w.projectId) {
      const p = this.deps.projects.get(w.projectId);
      if (p)
        for (const t of this.deps.projects.targets(p.projectId, {
          includedOnly: true,
          limit: 100_000,
          offset: 0,
          excludeUserId: p.ownerUserId,
        }))
          people.add(t.targetUserId);
    }
    const companies = new Set(w.companyIds);
    // Company signals of a people cohort are about where those people work now.
    if (people.size) {
      const rows = prepared(
        this.deps.db,
        `SELECT json_extract(state_json, '$.c') AS company FROM entity_state WHERE kind = 'profiles' AND entity_id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify([...people])) as { company: string | null }[];
      for (const r of rows) if (r.company) companies.add(r.company);
    }
    return { people, companies };
  }

  private changesBy(
    runId: number,
    column: 'person_id' | 'company_id' | 'target_id' | 'target_company_id',
    ids: Iterable<string>,
    types: string[],
  ): ChangeRow[] {
    const list = [...ids];
    if (!list.length) return [];
    return prepared(
      this.deps.db,
      `SELECT * FROM snapshot_changes WHERE run_id = ? AND ${column} IS NOT NULL AND ${column} IN (SELECT value FROM json_each(?))
         AND change_type IN (SELECT value FROM json_each(?)) ORDER BY change_id`,
    ).all(runId, JSON.stringify(list), JSON.stringify(types)) as ChangeRow[];
  }

  private candidates(w: Watcher, runId: number): Candidate[] {
    const { people, companies } = this.cohort(w);
    const out: Candidate[] = [];
    const types = new Set(w.signalTypes);
    const me = w.actingUserId;
    const unique = <T extends ChangeRow>(rows: T[]) => [...new Map(rows.map((r) => [r.change_id, r])).values()];
    // biome-ignore lint/suspicious/noExplicitAny: JSON that change-store.ts writes per change type, read by that shape
    const data = (r: ChangeRow) => JSON.parse(r.data_json) as Record<string, any>;
    const role = (t: string | null, c: string | null) => [t, c].filter(Boolean).join(' at ') || 'no listed role';

    if (types.has('role_change'))
      for (const r of unique([
        ...this.changesBy(runId, 'person_id', people, ['role_change']),
        ...this.changesBy(runId, 'company_id', companies, ['role_change']),
        ...this.changesBy(runId, 'target_company_id', companies, ['role_change']),
      ])) {
        const d = data(r);
        out.push({
          type: 'role_change',
          key: `role_change:${r.person_id}:${d.to.title ?? ''}:${d.to.company_id ?? d.to.company_name ?? ''}`,
          personId: r.person_id,
          companyId: r.company_id,
          summary: (name) =>
            `${name(r.person_id)} changed role: ${role(d.from.title, d.from.company_name)} → ${role(d.to.title, d.to.company_name)}`,
          data: d,
        });
      }
    if (types.has('posts'))
      for (const r of unique([
        ...this.changesBy(runId, 'person_id', people, ['new_post']),
        ...this.changesBy(runId, 'company_id', companies, ['new_post']).filter((c) => c.person_id === null),
      ])) {
        const d = data(r);
        out.push({
          type: 'posts',
          key: `posts:${d.post_id}`,
          personId: r.person_id,
          companyId: r.company_id,
          summary: (name) => `${name(r.person_id ?? r.company_id)} posted${d.text ? `: “${String(d.text).slice(0, 120)}”` : ''}`,
          data: d,
        });
      }
    if (types.has('employee_post'))
      for (const r of this.changesBy(runId, 'company_id', companies, ['new_post']).filter((c) => c.person_id !== null)) {
        const d = data(r);
        out.push({
          type: 'employee_post',
          key: `employee_post:${d.post_id}`,
          personId: r.person_id,
          companyId: r.company_id,
          summary: (name) => `${name(r.person_id)} (${name(r.company_id)}) posted${d.text ? `: “${String(d.text).slice(0, 120)}”` : ''}`,
          data: d,
        });
      }
    const jobs = types.has('jobs') || types.has('hiring_spike') ? this.changesBy(runId, 'company_id', companies, ['new_job']) : [];
    if (types.has('jobs'))
      for (const r of jobs) {
        const d = data(r);
        out.push({
          type: 'jobs',
          key: `jobs:${d.job_id}`,
          personId: null,
          companyId: r.company_id,
          summary: (name) => `${name(r.company_id)} posted a job: ${d.title ?? 'untitled'}`,
          data: d,
        });
      }
    if (types.has('hiring_spike')) {
      const byCompany = new Map<string, ChangeRow[]>();
      for (const r of jobs) byCompany.set(r.company_id!, [...(byCompany.get(r.company_id!) ?? []), r]);
      for (const [company, rows] of byCompany)
        if (rows.length >= w.options.min_new_jobs)
          out.push({
            type: 'hiring_spike',
            key: `hiring_spike:${company}:${runId}`,
            personId: null,
            companyId: company,
            summary: (name) => `${name(company)} opened ${rows.length} new jobs`,
            data: { new_jobs: rows.length, threshold: w.options.min_new_jobs, job_ids: rows.slice(0, 50).map((r) => data(r).job_id) },
          });
    }
    if (types.has('company_growth'))
      for (const r of this.changesBy(runId, 'company_id', companies, ['headcount_change'])) {
        const d = data(r);
        if (typeof d.change_pct !== 'number' || d.change_pct < w.options.min_growth_pct) continue;
        out.push({
          type: 'company_growth',
          key: `company_growth:${r.company_id}:${d.to}`,
          personId: null,
          companyId: r.company_id,
          summary: (name) => `${name(r.company_id)} grew from ${d.from} to ${d.to} employees (+${d.change_pct}%)`,
          data: { ...d, threshold_pct: w.options.min_growth_pct },
        });
      }
    if (types.has('liked_my_post'))
      for (const r of this.changesBy(runId, 'target_id', [me], ['engagement', 'reactions'])) {
        const d = data(r);
        out.push(
          r.change_type === 'reactions'
            ? {
                type: 'liked_my_post',
                key: `liked_my_post:${d.post_id}:${d.to}`,
                personId: null,
                companyId: null,
                summary: () => `Your post got ${d.new_reactions} new reaction${d.new_reactions === 1 ? '' : 's'} (${d.to} in all)`,
                data: d,
              }
            : {
                type: 'liked_my_post',
                key: `liked_my_post:${d.post_id}`,
                personId: r.person_id,
                companyId: r.company_id,
                summary: (name) =>
                  `${name(r.person_id ?? r.company_id)} ${d.action_type === 'repost' ? 'reposted' : 'commented on'} your post`,
                data: d,
              },
        );
      }
    if (types.has('competitor_engagement'))
      for (const r of this.changesBy(runId, 'target_company_id', w.companyIds, ['engagement'])) {
        const d = data(r);
        if (r.person_id === null || r.person_id === me) continue;
        out.push({
          type: 'competitor_engagement',
          key: `competitor_engagement:${d.post_id}`,
          personId: r.person_id,
          companyId: r.target_company_id,
          summary: (name) =>
            `${name(r.person_id)} ${d.action_type === 'repost' ? 'reposted' : 'commented on'} a post by ${name(d.target_author_id)}${d.target_author_id !== r.target_company_id ? ` (${name(r.target_company_id)})` : ''}`,
          data: d,
        });
      }
    if (types.has('warm_intro')) {
      const mine = this.deps.graph.firstDegree(me);
      for (const r of this.changesBy(runId, 'person_id', people, ['new_connection'])) {
        if (!r.target_id || r.target_id === me || !mine.has(r.target_id) || mine.has(r.person_id!)) continue;
        out.push({
          type: 'warm_intro',
          key: `warm_intro:${r.person_id}:${r.target_id}`,
          personId: r.person_id,
          companyId: null,
          summary: (name) =>
            `${name(r.target_id)}, one of your connections, is now connected to ${name(r.person_id)}: ask for an introduction`,
          data: { ...data(r), connector_user_id: r.target_id },
        });
      }
    }
    if (types.has('follow_up') && w.projectId) out.push(...this.followUps(w));
    return out;
  }

  /** Project targets sent a message `follow_up_after_days` ago or more who have not answered. */
  private followUps(w: Watcher): Candidate[] {
    const { projects, communications, clock } = this.deps;
    const p = projects.get(w.projectId!);
    if (!p) return [];
    const due = clock() - w.options.follow_up_after_days * 86_400_000;
    const out: Candidate[] = [];
    for (const t of projects.targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId })) {
      const c = t.communicationId ? communications.store.get(t.communicationId) : null;
      if (c?.status !== 'completed') continue;
      const sentAt = c.dispatchedAt ?? c.createdAt;
      if (sentAt > due) continue;
      const since = sentAt;
      const answered =
        communications.replies.has(c.id) ||
        communications.inbox
          .messagesBetween(p.actingUserId, t.targetUserId)
          .some((m) => m.senderUserId === t.targetUserId && m.createdAt >= since);
      if (answered) continue;
      const days = Math.floor((clock() - sentAt) / 86_400_000);
      out.push({
        type: 'follow_up',
        key: `follow_up:${t.targetId}:${c.id}`,
        personId: t.targetUserId,
        companyId: null,
        summary: (name) =>
          `No reply from ${name(t.targetUserId)} ${days} day${days === 1 ? '' : 's'} after your ${c.channel.replace(/_/g, ' ')}: follow up`,
        data: {
          target_id: t.targetId,
          communication_id: c.id,
          channel: c.channel,
          sent_at: new Date(sentAt).toISOString(),
          days_since: days,
        },
      });
    }
    return out;
  }

  /** Names of people and companies in a batch of candidates (the engine's documents; ids when unknown). */
  private async names(candidates: Candidate[]): Promise<(id: string | null) => string> {
    const ids = new Set<string>();
    for (const c of candidates) {
      for (const id of [c.personId, c.companyId]) if (id) ids.add(id);
      for (const k of ['target_author_id', 'connector_user_id', 'engager_id'])
        if (typeof c.data[k] === 'string') ids.add(c.data[k] as string);
    }
    const list = [...ids];
    const names = new Map<string, string>();
    if (list.length) {
      const [people, orgs] = await Promise.all([
        this.deps.engine.mget<{ display_name?: string }>(INDICES.profiles.alias, list).catch(() => []),
        this.deps.engine.mget<{ name?: string }>(INDICES.companies.alias, list).catch(() => []),
      ]);
      list.forEach((id, i) => {
        const n = people[i]?.display_name ?? orgs[i]?.name;
        if (n) names.set(id, n);
      });
    }
    return (id) => (id ? (names.get(id) ?? id) : 'someone');
  }

  private async evaluate(w: Watcher, runId: number, runSeq: number): Promise<void> {
    const { db, clock } = this.deps;
    // Signals already raised (a follow-up of an earlier run, a repeated change) do not count
    // against the per-run limit: only new ones do.
    const candidates = this.candidates(w, runId);
    const known = new Set(
      prepared(db, 'SELECT dedupe_key FROM signals WHERE watcher_id = ? AND dedupe_key IN (SELECT value FROM json_each(?))')
        .pluck()
        .all(w.watcherId, JSON.stringify(candidates.map((c) => c.key))) as string[],
    );
    const all = candidates.filter((c) => !known.has(c.key));
    const kept = all.slice(0, MAX_SIGNALS_PER_RUN);
    const name = await this.names(kept);
    const now = clock();
    db.transaction(() => {
      const current = this.watcher(w.watcherId);
      if (current?.status !== 'active' || current.lastRunSeq >= runSeq) return;
      const insert = prepared(
        db,
        `INSERT OR IGNORE INTO signals (signal_id, watcher_id, owner_user_id, project_id, run_id, signal_type, dedupe_key, person_id, company_id, summary, data_json, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
      );
      const seqs: number[] = [];
      for (const c of kept) {
        const row = insert.get(
          crypto.randomUUID(),
          w.watcherId,
          w.ownerUserId,
          w.deliveries.includes('project_feed') || w.cohortSource === 'project' ? w.projectId : null,
          runId,
          c.type,
          c.key,
          c.personId,
          c.companyId,
          c.summary(name),
          JSON.stringify(c.data),
          now,
        ) as { seq: number } | undefined;
        if (row) seqs.push(row.seq);
      }
      if (seqs.length)
        for (const target of ['email_digest', 'agent_webhook'] as const)
          if (w.deliveries.includes(target))
            prepared(
              db,
              `INSERT OR IGNORE INTO signal_deliveries (watcher_id, run_id, target, first_seq, last_seq, next_attempt_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
            ).run(w.watcherId, runId, target, Math.min(...seqs), Math.max(...seqs), now, now);
      if (all.length > kept.length)
        this.deps.logger.warn(
          { watcher: w.watcherId, run: runId, dropped: all.length - kept.length },
          'signals over the per-run limit were dropped',
        );
      prepared(db, 'UPDATE signal_watchers SET last_run_seq = ? WHERE watcher_id = ?').run(runSeq, w.watcherId);
    })();
  }
}
