import type { ConnectionEdge, ConnectionSource } from '../../mappings/record-schemas.js';
import { type Db, prepared } from './database.js';

export type SyncStatus = 'synced' | 'syncing' | 'stale' | 'failed' | 'not_synced';

/** Where a user's connections from one source stand. Only `synced` sources can be checked. */
export interface SyncState {
  status: SyncStatus;
  syncedAt: number | null;
  detail: string | null;
}

/** How old a source's data may be before it counts as unchecked (`stale`), unless configured. */
export const DEFAULT_CONNECTION_FRESHNESS_DAYS = 30;
const DAY_MS = 86_400_000;
/** Users remembered as stamped during one load before the memory is cleared (about 25 MB). */
const STAMPED_MEMORY = 250_000;

/** Options of a GraphStore: the clock and the freshness window that sync times are judged by. */
export interface GraphStoreOptions {
  /** Epoch milliseconds now; default Date.now. */
  clock?: () => number;
  /** A synced source whose sync time is older than this many days reads as `stale`; default 30. */
  freshnessDays?: number;
}

export type { ConnectionEdge };

/** Repository for the social graph. */
export class GraphStore {
  private readonly upsertStmt;

  /** Identifies the underlying database (caches of derived data are kept per database). */
  get cacheKey(): object {
    return this.db;
  }

  private readonly clock: () => number;
  private readonly freshnessMs: number;

  constructor(
    private readonly db: Db,
    opts: GraphStoreOptions = {},
  ) {
    this.clock = opts.clock ?? Date.now;
    this.freshnessMs = (opts.freshnessDays ?? DEFAULT_CONNECTION_FRESHNESS_DAYS) * DAY_MS;
    this.upsertStmt = prepared(
      db,
      `INSERT INTO graph_edges (user_id, other_id, source, connected_at, removed_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, other_id, source) DO UPDATE SET connected_at = excluded.connected_at, removed_at = excluded.removed_at`,
    );
  }

  /**
   * Writes edges in both directions, in one transaction. With `syncedAt` (a snapshot load), both
   * ends of every edge also get that source stamped `synced` at that time, in the same
   * transaction: the snapshot is what we know of their connections from that source as of then.
   * A newer stamp is never replaced by an older one. `stamped` (kept by the caller across the
   * batches of one load) remembers who was stamped already, so each is written about once.
   */
  upsertEdges(edges: ConnectionEdge[], syncedAt?: number, stamped: Set<string> = new Set()): void {
    // Both directions of every edge, in key order: neighbouring rows land on the same pages of
    // the primary key, however large the table (docs/indexer.md, "Connections"). A later edge of
    // the batch on the same key still wins (a stable sort keeps the snapshot's order).
    const rows: [string, string, ConnectionSource, number, number | null][] = [];
    for (const e of edges) {
      rows.push([e.userA, e.userB, e.source, e.connectedAt, e.removedAt]);
      rows.push([e.userB, e.userA, e.source, e.connectedAt, e.removedAt]);
    }
    rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    this.db.transaction(() => {
      this.bumpVersion();
      for (const r of rows) this.upsertStmt.run(r[0], r[1], r[2], r[3], r[4]);
      if (syncedAt === undefined) return;
      const stamp = prepared(
        this.db,
        `INSERT INTO connection_sync (user_id, source, status, synced_at, detail) VALUES (?, ?, 'synced', ?, NULL)
           ON CONFLICT (user_id, source) DO UPDATE SET status = 'synced', synced_at = excluded.synced_at, detail = NULL
           WHERE connection_sync.status <> 'synced' OR connection_sync.synced_at IS NULL OR connection_sync.synced_at < excluded.synced_at`,
      );
      // Bounded memory on huge loads: forgetting only means stamping someone again (a no-op write).
      if (stamped.size > STAMPED_MEMORY) stamped.clear();
      for (const e of edges)
        for (const user of [e.userA, e.userB]) {
          const key = `${e.source === 'service' ? 's' : 'p'}${user}`;
          if (stamped.has(key)) continue;
          stamped.add(key);
          stamp.run(user, e.source, syncedAt);
        }
    })();
  }

  /** Current first-degree connections of a user, per source. */
  firstDegree(userId: string, sources: readonly ConnectionSource[] = ['service', 'professional']): Map<string, Set<ConnectionSource>> {
    const rows = prepared(
      this.db,
      `SELECT other_id, source FROM graph_edges WHERE user_id = ? AND removed_at IS NULL AND source IN (SELECT value FROM json_each(?))`,
    ).all(userId, JSON.stringify(sources)) as { other_id: string; source: ConnectionSource }[];
    const out = new Map<string, Set<ConnectionSource>>();
    for (const r of rows) {
      const set = out.get(r.other_id) ?? new Set<ConnectionSource>();
      set.add(r.source);
      out.set(r.other_id, set);
    }
    return out;
  }

  /**
   * Second-degree people of a user: connected to one of their current first-degree connections
   * (any source), neither the user nor a first-degree connection themselves. Strongest first
   * (most mutual connections), then by id. One primary-key range read per first-degree
   * connection, counted in memory (about 2.5x faster than one grouped SQL statement).
   */
  secondDegree(userId: string): { id: string; mutual: number }[] {
    const current = prepared(this.db, 'SELECT other_id FROM graph_edges WHERE user_id = ? AND removed_at IS NULL').pluck();
    const first = new Set(current.all(userId) as string[]);
    const counts = new Map<string, number>();
    for (const via of first) {
      const seen = new Set<string>();
      for (const other of current.all(via) as string[]) {
        if (seen.has(other) || other === userId || first.has(other)) continue;
        seen.add(other);
        counts.set(other, (counts.get(other) ?? 0) + 1);
      }
    }
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([id, mutual]) => ({ id, mutual }));
  }

  /** The graph's version: changes whenever an edge or a sync status is written. */
  version(): number {
    return (prepared(this.db, 'SELECT version FROM graph_version WHERE id = 1').pluck().get() as number | undefined) ?? 0;
  }

  private bumpVersion(): void {
    prepared(this.db, 'UPDATE graph_version SET version = version + 1 WHERE id = 1').run();
  }

  /** Mutual current connections of two users (any source), by id. */
  mutualConnections(userId: string, otherId: string, limit: number): string[] {
    return (
      prepared(
        this.db,
        `SELECT DISTINCT a.other_id AS id FROM graph_edges a JOIN graph_edges b ON b.user_id = ? AND b.other_id = a.other_id AND b.removed_at IS NULL
           WHERE a.user_id = ? AND a.removed_at IS NULL ORDER BY id LIMIT ?`,
      ).all(otherId, userId, limit) as { id: string }[]
    ).map((r) => r.id);
  }

  /**
   * Sync status of each source for a user, as of the store's clock. A recorded status (stamped by
   * the indexer when a snapshot brings the user's connections from that source, or set when a
   * sync runs or fails) wins, and a `synced` one whose sync time is older than the freshness
   * window reads as `stale`. Without one, the service graph is synced (it is ours: no edges means
   * no connections) and the professional network counts as synced once any of the user's edges
   * were stored (edges written without a stamp, as before sync times were recorded).
   */
  syncStatus(userId: string): Record<ConnectionSource, SyncState> {
    const explicit = prepared(this.db, 'SELECT source, status, synced_at, detail FROM connection_sync WHERE user_id = ?').all(userId) as {
      source: ConnectionSource;
      status: SyncStatus;
      synced_at: number | null;
      detail: string | null;
    }[];
    const out = {} as Record<ConnectionSource, SyncState>;
    for (const source of ['service', 'professional'] as const) {
      const row = explicit.find((r) => r.source === source);
      if (row) {
        out[source] = this.judged({ status: row.status, syncedAt: row.synced_at, detail: row.detail });
        continue;
      }
      const hasEdges =
        source === 'service' ||
        prepared(this.db, 'SELECT 1 FROM graph_edges WHERE user_id = ? AND source = ? LIMIT 1').get(userId, source) !== undefined;
      out[source] = { status: hasEdges ? 'synced' : 'not_synced', syncedAt: null, detail: null };
    }
    return out;
  }

  /** A stored state as of now: `synced` data older than the freshness window is `stale`. */
  private judged(state: SyncState): SyncState {
    if (state.status !== 'synced' || state.syncedAt === null) return state;
    const age = this.clock() - state.syncedAt;
    if (age <= this.freshnessMs) return state;
    const days = Math.floor(age / DAY_MS);
    return {
      status: 'stale',
      syncedAt: state.syncedAt,
      detail: `last synced ${days} days ago, older than the ${Math.round(this.freshnessMs / DAY_MS)}-day freshness window`,
    };
  }

  /** Records the outcome of a sync of one source for a user. */
  setSyncStatus(userId: string, source: ConnectionSource, state: SyncState): void {
    this.bumpVersion();
    prepared(
      this.db,
      `INSERT INTO connection_sync (user_id, source, status, synced_at, detail) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, source) DO UPDATE SET status = excluded.status, synced_at = excluded.synced_at, detail = excluded.detail`,
    ).run(userId, source, state.status, state.syncedAt, state.detail);
  }

  /** Which of `candidates` are current first-degree connections of `userId`, per source. */
  checkFirstDegree(
    userId: string,
    candidates: readonly string[],
    sources: readonly ConnectionSource[],
  ): Map<string, Set<ConnectionSource>> {
    const rows = prepared(
      this.db,
      `SELECT other_id, source FROM graph_edges
         WHERE user_id = ? AND removed_at IS NULL AND other_id IN (SELECT value FROM json_each(?)) AND source IN (SELECT value FROM json_each(?))`,
    ).all(userId, JSON.stringify(candidates), JSON.stringify(sources)) as { other_id: string; source: ConnectionSource }[];
    const out = new Map<string, Set<ConnectionSource>>();
    for (const r of rows) {
      const set = out.get(r.other_id) ?? new Set<ConnectionSource>();
      set.add(r.source);
      out.set(r.other_id, set);
    }
    return out;
  }

  /** Number of stored (directed) edge rows; each connection counts twice. */
  edgeRows(): number {
    return (prepared(this.db, 'SELECT count(*) AS n FROM graph_edges').get() as { n: number }).n;
  }
}
