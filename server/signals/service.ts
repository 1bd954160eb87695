import crypto from 'node:crypto';
import { INDICES } from '../../mappings/indices.js';
import type { SearchEngine } from '../../search-engine/port.js';
import type { CommunicationService } from '../communications/service.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { ProjectStore } from '../projects/store.js';
import { type Db, prepared } from '../store/database.js';
import type { DelegateStore } from '../store/delegates.js';
import type { GraphStore } from '../store/graph.js';
import type { UserStore } from '../store/users.js';
import { type Candidate, SignalCandidates } from './candidates.js';
import { SnapshotChangeStore } from './change-store.js';
import { SignalDeliverer } from './deliveries.js';
import { MAX_SIGNALS_PER_RUN, toWatcher, type Watcher } from './model.js';
import { WatcherStore } from './watcher-store.js';

/**
 * Signal watchers (issue 15, docs/signals.md): the watcher store (watcher-store.ts) plus the loop
 * that evaluates each finished snapshot run's change set against every active watcher (never by
 * re-running searches, candidates.ts) and hands email digests and signed agent webhooks to the
 * deliverer (deliveries.ts). The project feed and the connector stream read the stored signals.
 */
export class SignalService extends WatcherStore {
  readonly changes: SnapshotChangeStore;
  private readonly candidates: SignalCandidates;
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
      delegates: DelegateStore;
    },
  ) {
    super(deps);
    this.changes = new SnapshotChangeStore(deps.db, deps.clock);
    this.candidates = new SignalCandidates(deps);
    this.deliverer = new SignalDeliverer({ ...deps, watcher: (id) => this.watcher(id) });
  }

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
    // A watcher made by a delegate watches in their name while the grant holds: a run completed
    // after it ended raises nothing for it (docs/signals.md), and is not read again if it returns.
    if (w.actingUserId !== w.ownerUserId && !this.deps.delegates.isAllowed(w.ownerUserId, w.actingUserId)) {
      prepared(db, 'UPDATE signal_watchers SET last_run_seq = ? WHERE watcher_id = ? AND last_run_seq < ?').run(
        runSeq,
        w.watcherId,
        runSeq,
      );
      return;
    }
    // Signals already raised (a follow-up of an earlier run, a repeated change) do not count
    // against the per-run limit: only new ones do.
    const candidates = this.candidates.of(w, runId);
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
