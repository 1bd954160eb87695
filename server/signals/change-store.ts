import type { ChangeSink, DocumentOp } from '../../indexer/change-sink.js';
import type { ConnectionEdge, DocumentKind } from '../../mappings/record-schemas.js';
import { type Db, prepared } from '../store/database.js';
import { mergeStagedStates, STAGED_KINDS, stageStates } from './staged-states.js';

/** What is remembered of a person between snapshots: the current role. */
interface ProfileState {
  t: string | null;
  c: string | null;
  n: string | null;
}
/** Of a company: its headcount. */
interface CompanyState {
  e: number | null;
}
/** Of a job: that it exists, and where. */
interface JobState {
  c: string;
}
/** Of a post: its author and its reactions. */
interface PostState {
  a: string;
  k: 'person' | 'company';
  r: number;
}

/** The change types the indexer records (docs/signals.md, "Change set"). */
export const CHANGE_TYPES = [
  'role_change',
  'headcount_change',
  'new_job',
  'new_post',
  'engagement',
  'reactions',
  'new_connection',
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

interface Change {
  type: ChangeType;
  person?: string | null;
  company?: string | null;
  target?: string | null;
  targetCompany?: string | null;
  data: Record<string, unknown>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const sameText = (a: string | null, b: string | null) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
const excerpt = (v: unknown, max = 280): string | null => {
  const s = str(v);
  if (s === null) return null;
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
};

/** What is remembered of a record of a kind between snapshots. */
function stateOf(kind: DocumentKind, r: Record<string, unknown>): ProfileState | CompanyState | JobState | PostState {
  if (kind === 'profiles') return { t: str(r.current_title), c: str(r.current_company_id), n: str(r.current_company_name) };
  if (kind === 'companies') return { e: int(r.employee_count) };
  if (kind === 'jobs') return { c: r.company_id as string };
  return { a: r.author_id as string, k: r.author_entity_type as 'person' | 'company', r: int(r.reaction_count) ?? 0 };
}

/**
 * The indexer's change set in SQLite (the same database as the graph, so a connection is new
 * exactly when the graph does not hold it yet). One transaction per batch: the states and the
 * changes they imply are written together, so a resumed run neither loses nor repeats a change.
 */
export class SnapshotChangeStore implements ChangeSink {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  beginRun(key: string, files: string[]): number {
    return this.db
      .transaction(() => {
        const open = prepared(this.db, `SELECT run_id FROM snapshot_runs WHERE run_key = ? AND status = 'loading'`).get(key) as
          | { run_id: number }
          | undefined;
        if (open) return open.run_id;
        // Unfinished runs of other inputs will not be resumed by this one: close them as they stand.
        for (const id of prepared(this.db, `SELECT run_id FROM snapshot_runs WHERE status = 'loading' ORDER BY run_id`)
          .pluck()
          .all() as number[])
          this.finishRun(id);
        const baseline: string[] = [];
        // A kind is a baseline until a load of it was recorded (connections: a marker, since
        // accepted invites also write graph edges).
        for (const kind of ['profiles', 'companies', 'jobs', 'posts', 'connections'])
          if (!prepared(this.db, 'SELECT 1 FROM entity_state WHERE kind = ? LIMIT 1').get(kind)) baseline.push(kind);
        return Number(
          prepared(
            this.db,
            `INSERT INTO snapshot_runs (run_key, files_json, baseline_json, status, started_at) VALUES (?, ?, ?, 'loading', ?) RETURNING run_id`,
          )
            .pluck()
            .get(key, JSON.stringify(files), JSON.stringify(baseline), this.clock()),
        );
      })
      .immediate();
  }

  finishRun(runId: number): number {
    // A baseline's states first, in transactions of their own (staged-states.ts).
    for (const kind of STAGED_KINDS) mergeStagedStates(this.db, kind);
    return this.db
      .transaction(() => {
        const changes = Number(prepared(this.db, 'SELECT count(*) FROM snapshot_changes WHERE run_id = ?').pluck().get(runId));
        prepared(
          this.db,
          `UPDATE snapshot_runs SET status = 'complete', changes = ?, finished_at = ?,
           complete_seq = (SELECT coalesce(max(complete_seq), 0) + 1 FROM snapshot_runs) WHERE run_id = ? AND status = 'loading'`,
        ).run(changes, this.clock(), runId);
        return changes;
      })
      .immediate();
  }

  private baseline(runId: number, kind: string): boolean {
    const row = prepared(this.db, 'SELECT baseline_json FROM snapshot_runs WHERE run_id = ?').pluck().get(runId) as string | undefined;
    return row === undefined || (JSON.parse(row) as string[]).includes(kind);
  }

  private states<T>(kind: string, ids: Iterable<string>): Map<string, T> {
    mergeStagedStates(this.db, kind);
    const list = [...new Set(ids)];
    const out = new Map<string, T>();
    if (!list.length) return out;
    const rows = prepared(
      this.db,
      'SELECT entity_id, state_json FROM entity_state WHERE kind = ? AND entity_id IN (SELECT value FROM json_each(?))',
    ).all(kind, JSON.stringify(list)) as { entity_id: string; state_json: string }[];
    for (const r of rows) out.set(r.entity_id, JSON.parse(r.state_json) as T);
    return out;
  }

  recordDocuments(runId: number, kind: DocumentKind, ops: DocumentOp[]): void {
    const baseline = this.baseline(runId, kind);
    // The last operation on an id is what the engine holds: an upsert after a deletion keeps the
    // record, a deletion after an upsert forgets it.
    const last = new Map<string, DocumentOp>();
    for (const op of ops) last.set(op.op === 'index' ? (op.record.id as string) : op.id, op);
    if (baseline) {
      stageStates(
        this.db,
        kind,
        [...last].map(([id, op]) => [id, op.op === 'index' ? JSON.stringify(stateOf(kind, op.record)) : null]),
      );
      return;
    }
    const upserts = [...last.values()].flatMap((op) => (op.op === 'index' ? [op.record] : []));
    const deletedIds = [...last.values()].flatMap((op) => (op.op === 'delete' ? [op.id] : []));
    const ids = upserts.map((r) => r.id as string);
    const previous = this.states<unknown>(kind, ids);
    const next = new Map<string, unknown>();
    const changes: Change[] = [];
    if (kind === 'profiles') {
      for (const r of upserts) {
        const s = stateOf(kind, r) as ProfileState;
        const old = previous.get(r.id as string) as ProfileState | undefined;
        next.set(r.id as string, s);
        if (!old) continue;
        const moved = old.c !== s.c || (old.c === null && !sameText(old.n, s.n));
        if (moved || !sameText(old.t, s.t))
          changes.push({
            type: 'role_change',
            person: r.id as string,
            company: s.c,
            targetCompany: moved ? old.c : null,
            data: {
              from: { title: old.t, company_id: old.c, company_name: old.n },
              to: { title: s.t, company_id: s.c, company_name: s.n },
              company_changed: moved,
            },
          });
      }
    } else if (kind === 'companies') {
      for (const r of upserts) {
        const s = stateOf(kind, r) as CompanyState;
        const old = previous.get(r.id as string) as CompanyState | undefined;
        next.set(r.id as string, s);
        if (!old || old.e === null || s.e === null || old.e === s.e) continue;
        changes.push({
          type: 'headcount_change',
          company: r.id as string,
          data: {
            company_name: str(r.name),
            from: old.e,
            to: s.e,
            change_pct: old.e > 0 ? Math.round(((s.e - old.e) / old.e) * 1000) / 10 : null,
          },
        });
      }
    } else if (kind === 'jobs') {
      for (const r of upserts) {
        next.set(r.id as string, stateOf(kind, r));
        if (previous.has(r.id as string)) continue;
        changes.push({
          type: 'new_job',
          company: r.company_id as string,
          target: r.id as string,
          data: { job_id: r.id, title: str(r.title), company_name: str(r.company_name), published_at: r.published_at },
        });
      }
    } else {
      const batch = new Map<string, PostState>();
      for (const r of upserts) batch.set(r.id as string, stateOf(kind, r) as PostState);
      // Engagement names the author of the post engaged with: from this batch, else from the state.
      const targetIds = upserts.map((r) => str(r.target_post_id)).filter((v): v is string => v !== null && !batch.has(v));
      const targets = this.states<PostState>('posts', targetIds);
      const postOf = (id: string) => batch.get(id) ?? targets.get(id);
      const authors = new Set<string>();
      for (const s of [...batch.values(), ...targets.values()]) if (s.k === 'person') authors.add(s.a);
      const people = this.states<ProfileState>('profiles', authors);
      const companyOf = (s: PostState) => (s.k === 'company' ? s.a : (people.get(s.a)?.c ?? null));
      for (const r of upserts) {
        const s = batch.get(r.id as string)!;
        const old = previous.get(r.id as string) as PostState | undefined;
        next.set(r.id as string, s);
        const person = s.k === 'person' ? s.a : null;
        if (!old) {
          changes.push({
            type: 'new_post',
            person,
            company: companyOf(s),
            target: r.id as string,
            data: {
              post_id: r.id,
              author_id: s.a,
              author_entity_type: s.k,
              action_type: r.action_type,
              text: excerpt(r.text),
              topics: Array.isArray(r.topics) ? r.topics.slice(0, 10) : [],
              posted_at: r.posted_at,
            },
          });
          const targetId = str(r.target_post_id);
          const target = targetId ? postOf(targetId) : undefined;
          if (target && target.a !== s.a && (r.action_type === 'comment' || r.action_type === 'repost'))
            changes.push({
              type: 'engagement',
              person,
              company: companyOf(s),
              target: target.a,
              targetCompany: companyOf(target),
              data: {
                post_id: r.id,
                target_post_id: targetId,
                action_type: r.action_type,
                engager_id: s.a,
                engager_entity_type: s.k,
                target_author_id: target.a,
                target_author_entity_type: target.k,
                text: excerpt(r.text),
              },
            });
        } else if (s.r > old.r) {
          changes.push({
            type: 'reactions',
            target: s.a,
            targetCompany: companyOf(s),
            data: { post_id: r.id, author_id: s.a, author_entity_type: s.k, from: old.r, to: s.r, new_reactions: s.r - old.r },
          });
        }
      }
    }
    const upsert = prepared(
      this.db,
      `INSERT INTO entity_state (kind, entity_id, state_json) VALUES (?, ?, ?)
         ON CONFLICT (kind, entity_id) DO UPDATE SET state_json = excluded.state_json`,
    );
    const remove = prepared(this.db, 'DELETE FROM entity_state WHERE kind = ? AND entity_id = ?');
    this.db
      .transaction(() => {
        for (const [id, s] of next) upsert.run(kind, id, JSON.stringify(s));
        for (const id of deletedIds) remove.run(kind, id);
        this.insert(runId, changes);
      })
      .immediate();
  }

  recordEdges(runId: number, merge: (report?: (newEdges: ConnectionEdge[]) => void) => void): void {
    const marker = prepared(this.db, `INSERT OR IGNORE INTO entity_state (kind, entity_id, state_json) VALUES ('connections', '*', '{}')`);
    const baseline = this.baseline(runId, 'connections');
    // Finding the new edges, recording them and writing the edges is one transaction: a crash
    // leaves all of it or none, so a resumed run neither repeats nor loses a change.
    this.db
      .transaction(() => {
        merge(
          baseline
            ? undefined
            : (edges) => {
                const changes: Change[] = [];
                for (const e of edges) {
                  const data = { source: e.source, connected_at: new Date(e.connectedAt).toISOString() };
                  // Both directions, so a watcher finds the edge from either end.
                  changes.push({ type: 'new_connection', person: e.userA, target: e.userB, data });
                  changes.push({ type: 'new_connection', person: e.userB, target: e.userA, data });
                }
                this.insert(runId, changes);
              },
        );
        marker.run();
      })
      .immediate();
  }

  private insert(runId: number, changes: Change[]): void {
    if (!changes.length) return;
    const stmt = prepared(
      this.db,
      `INSERT INTO snapshot_changes (run_id, change_type, person_id, company_id, target_id, target_company_id, data_json) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const c of changes)
      stmt.run(runId, c.type, c.person ?? null, c.company ?? null, c.target ?? null, c.targetCompany ?? null, JSON.stringify(c.data));
  }
}
